// A TEI client for the browser bundle under Node: the real worker
// (web/dist/menhir.worker.js) in a worker thread, one line per message.
import { Worker } from "node:worker_threads";
import fs from "node:fs";
import vm from "node:vm";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DIST = process.env.MENHIR_DIST || path.join(HERE, "..", "dist");

export class Engine {
  constructor(dist = DIST) {
    this.started = performance.now();
    this.lines = []; // { line, at } in arrival order, not yet taken
    this.waiter = null;
    this.worker = new Worker(path.join(HERE, "worker_shim.cjs"), {
      workerData: { worker: path.join(dist, "menhir.worker.js") },
    });
    this.worker.on("message", (line) => {
      this.lines.push({ line, at: performance.now() });
      if (this.waiter) this.waiter();
    });
    this.worker.on("error", (e) => {
      this.error = e;
      if (this.waiter) this.waiter();
    });
  }

  send(line) {
    this.worker.postMessage(line);
    return performance.now();
  }

  // The lines up to and including the first that `done` accepts, within
  // `ms` milliseconds; throws when none comes.
  async until(done, ms = 30000, what = "a line") {
    const deadline = performance.now() + ms;
    const taken = [];
    for (;;) {
      while (this.lines.length) {
        const entry = this.lines.shift();
        taken.push(entry);
        if (done(entry.line)) return taken;
      }
      if (this.error) throw this.error;
      const left = deadline - performance.now();
      if (left <= 0) {
        const seen = taken.map((e) => e.line).slice(-5).join(" | ");
        throw new Error(`no ${what} within ${ms} ms (last lines: ${seen})`);
      }
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = null;
    }
  }

  // Lines that arrive within `ms` (for checking that nothing more comes).
  async drain(ms) {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.lines.splice(0).map((e) => e.line);
  }

  async stop() {
    await this.worker.terminate();
  }
}

export const isBestMove = (line) => line.startsWith("bestmove");

let spec = null;

// The bench as the bundle itself knows it (`bench_spec`): its positions with
// their half-komi, the depth and the native signature.
export async function benchSpec(dist = DIST) {
  if (!spec) {
    const code = fs.readFileSync(path.join(dist, "menhir_wasm.js"), "utf8");
    const bindgen = vm.runInThisContext(`(function () {\n${code}\n;return wasm_bindgen; })()`);
    await bindgen({ module_or_path: fs.readFileSync(path.join(dist, "menhir_wasm_bg.wasm")) });
    spec = bindgen.bench_spec();
  }
  return spec;
}
