// Measures the browser bundle against the native engine in one run and
// prints the figures docs/browser.md records: nodes per second on the bench
// positions (one thread each), what the pauses cost in time to depth, the
// download per board size (gzip), and a cold worker's start.
//
// Usage: node web/test/measure.mjs [--depth D] [--native BIN]
//   (after `web/build.sh --no-pause` and `cargo build --release`)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { Engine, isBestMove, benchSpec } from "./engine.mjs";
import { MIDDLEGAMES } from "./positions.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
if (args.includes("--help") || args.includes("-h")) {
  console.log(fs.readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n").slice(0, 7).join("\n"));
  process.exit(0);
}
const DEPTH = Number(opt("--depth", 9));
const NATIVE = opt("--native", path.join(ROOT, "target", "release", "menhir"));
const DIST = path.join(ROOT, "web", "dist");
const NOPAUSE = path.join(ROOT, "web", "dist-nopause");

// Searches every bench position to DEPTH over TEI (fresh 16 MiB table each):
// total nodes and the engine's own milliseconds.
async function benchOver(dist) {
  const e = new Engine(dist);
  await e.until((l) => l === "teiok");
  e.send("setoption name Hash value 16");
  let nodes = 0;
  let ms = 0;
  for (const [tps, halfKomi] of (await benchSpec()).positions) {
    const size = tps.split(" ")[0].split("/").length;
    e.send(`teinewgame size ${size} halfkomi ${halfKomi}`);
    e.send(`position tps ${tps}`);
    e.send(`go depth ${DEPTH}`);
    const lines = (await e.until(isBestMove, 600000)).map((x) => x.line);
    const summary = lines.filter((l) => l.startsWith("info ")).at(-1);
    nodes += Number(summary.match(/ nodes (\d+)/)[1]);
    ms += Number(summary.match(/ time (\d+)/)[1]);
  }
  await e.stop();
  return { nodes, ms, nps: Math.round((nodes / Math.max(ms, 1)) * 1000) };
}

function benchNative() {
  const out = execFileSync(NATIVE, ["bench", "--depth", String(DEPTH)], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const nodes = Number(out.match(/(\d+) nodes/)[1]);
  const nps = Number(out.match(/(\d+) nps/)[1]);
  return { nodes, nps, ms: Math.round((nodes / nps) * 1000) };
}

const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (n) => `${(n / 1000).toFixed(0)} kB`;

async function coldStart() {
  const e = new Engine(DIST);
  const t0 = e.started;
  e.send("isready");
  const ready = (await e.until((l) => l === "readyok")).at(-1).at - t0;
  e.send("teinewgame 6");
  e.send(`position tps ${MIDDLEGAMES[6]}`);
  e.send("go movetime 500");
  const info = (await e.until((l) => l.startsWith("info "))).at(-1).at - t0;
  await e.until(isBestMove);
  await e.stop();
  return { ready, info };
}

const native = benchNative();
const wasm = await benchOver(DIST);
console.log(`bench depth ${DEPTH}: native ${native.nodes} nodes, ${native.nps} nps; wasm ${wasm.nodes} nodes, ${wasm.nps} nps (${wasm.ms} ms)`);
console.log(`wasm / native nps: ${((wasm.nps / native.nps) * 100).toFixed(0)}%` + (wasm.nodes === native.nodes ? " (same nodes)" : " (NODES DIFFER)"));
if (fs.existsSync(NOPAUSE)) {
  const still = await benchOver(NOPAUSE);
  const cost = ((wasm.ms / still.ms - 1) * 100).toFixed(1);
  console.log(`without pauses (no Asyncify): ${still.ms} ms, ${still.nps} nps; the pauses cost ${cost}% in time to depth`);
}
const code = ["menhir_wasm.js", "menhir_wasm_bg.wasm", "menhir.worker.js"].reduce((n, f) => n + gz(path.join(DIST, f)), 0);
console.log(`download (gzip -9): code ${kb(code)}`);
for (let size = 3; size <= 8; size++) {
  const net = path.join(DIST, "nets", `s${size}.bin`);
  if (fs.existsSync(net)) console.log(`  ${size}x${size}: network ${kb(gz(net))}, before the first analysis ${kb(code + gz(net))}`);
}
// `stop` 300 ms into `go infinite` on a middlegame of each size: ms to `bestmove`.
async function stopLatency(size) {
  const e = new Engine(DIST);
  await e.until((l) => l === "teiok");
  e.send(`teinewgame ${size}`);
  e.send(`position tps ${MIDDLEGAMES[size]}`);
  e.send("go infinite");
  await new Promise((resolve) => setTimeout(resolve, 300));
  const sent = e.send("stop");
  const ms = (await e.until(isBestMove)).at(-1).at - sent;
  await e.stop();
  return ms;
}

const stops = [];
for (let size = 3; size <= 8; size++) stops.push(`${size}x${size} ${(await stopLatency(size)).toFixed(1)} ms`);
console.log(`stop -> bestmove, 300 ms into go infinite: ${stops.join(", ")}`);
const cold = await coldStart();
console.log(`cold worker (Node): readyok after ${cold.ready.toFixed(0)} ms, first info on 6x6 after ${cold.info.toFixed(0)} ms`);
