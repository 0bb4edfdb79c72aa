// Runs web/dist/menhir.worker.js inside a Node worker thread as a browser
// would run it: `self`, `importScripts`, `postMessage`/`onmessage`, and a
// `fetch` that reads files (the worker fetches its .wasm and networks by URL).
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const { pathToFileURL, fileURLToPath } = require("node:url");

const workerFile = workerData.worker;
globalThis.self = globalThis;
self.location = { href: pathToFileURL(workerFile).href };
self.importScripts = (...files) => {
  for (const f of files) {
    const file = path.resolve(path.dirname(workerFile), f);
    vm.runInThisContext(fs.readFileSync(file, "utf8") + "\n;globalThis.wasm_bindgen = wasm_bindgen;", {
      filename: file,
    });
  }
};
self.fetch = async (url) => {
  const file = fileURLToPath(new URL(String(url), self.location.href));
  try {
    const bytes = await fs.promises.readFile(file);
    const type = file.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    return new Response(bytes, { status: 200, headers: { "Content-Type": type } });
  } catch {
    return new Response("", { status: 404 });
  }
};
// For a build without pauses (web/build.sh --no-pause), which cannot wait
// for a fetch: its networks, read at once.
self.menhirLoadNetworkFileSync = (size) =>
  fs.readFileSync(path.join(path.dirname(workerFile), "nets", `s${size}.bin`));
self.postMessage = (data) => parentPort.postMessage(data);
parentPort.on("message", (data) => self.onmessage && self.onmessage({ data }));
vm.runInThisContext(fs.readFileSync(workerFile, "utf8"), { filename: workerFile });
