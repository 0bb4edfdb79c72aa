// The browser bundle under Node (`node --test web/test/*.test.mjs`, after web/build.sh):
// the real worker answers TEI as the native engine does — the golden
// transcripts, the bench signature, the native build's own lines — and it
// answers `stop` and `isready` while it searches, on every size.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine, isBestMove, benchSpec } from "./engine.mjs";
import { masked, transcriptFiles } from "./transcripts.mjs";
import { MIDDLEGAMES } from "./positions.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const NATIVE = process.env.MENHIR_NATIVE || path.join(ROOT, "target", "release", "menhir");
// How fast `stop`, `isready` and `quit` must be answered (docs/browser.md).
const ANSWER_MS = 100;
const PATIENCE_MS = 60000;

async function started() {
  const e = new Engine();
  await e.until((l) => l === "teiok", PATIENCE_MS, "teiok");
  return e;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test("the golden transcripts replay through the worker", async () => {
  for (const { name, exchanges } of transcriptFiles(ROOT)) {
    const e = new Engine();
    // The worker greets with `tei` itself; its answer is not a transcript's.
    await e.until((l) => l === "teiok", PATIENCE_MS, "teiok");
    for (const [k, ex] of exchanges.entries()) {
      e.send(ex.input);
      const got = [];
      for (let i = 0; i < ex.expected.length; i++) {
        const [last] = (await e.until(() => true, PATIENCE_MS, `line ${i + 1}`)).slice(-1);
        got.push(masked(last.line));
      }
      assert.deepEqual(got, ex.expected, `${name}, exchange ${k + 1} ('${ex.input}')`);
    }
    if (exchanges.at(-1).input !== "quit") {
      e.send("isready");
      const [last] = await e.until(() => true, PATIENCE_MS, "readyok");
      assert.equal(last.line, "readyok", `${name}: unexpected output at the end`);
    } else {
      assert.deepEqual(await e.drain(200), [], `${name}: output after quit`);
    }
    await e.stop();
  }
});

// One bench position over TEI, as `menhir bench` searches it: a fresh
// 16 MiB table, one thread; returns the closing summary line.
async function benchLine(e, tps, halfKomi, depth) {
  const size = tps.split(" ")[0].split("/").length;
  e.send(`teinewgame size ${size} halfkomi ${halfKomi}`);
  e.send(`position tps ${tps}`);
  e.send(`go depth ${depth}`);
  const lines = (await e.until(isBestMove, PATIENCE_MS, "bestmove")).map((x) => x.line);
  return lines.filter((l) => l.startsWith("info ") && !l.includes(" multipv ")).at(-1);
}

test("the bench over TEI reproduces the native signature", async () => {
  const e = await started();
  const spec = await benchSpec();
  e.send("setoption name Hash value 16");
  let nodes = 0;
  for (const [tps, halfKomi] of spec.positions) {
    const line = await benchLine(e, tps, halfKomi, spec.depth);
    nodes += Number(line.match(/ nodes (\d+)/)[1]);
  }
  assert.equal(nodes, spec.signature);
  await e.stop();
});

// The native engine's answer to `lines`, up to its `bestmove`.
function native(lines) {
  return new Promise((resolve, reject) => {
    const child = spawn(NATIVE, [], { stdio: ["pipe", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (/^bestmove /m.test(out)) child.stdin.end("quit\n");
    });
    child.on("error", reject);
    child.on("close", () => resolve(out.split("\n").filter(Boolean)));
    child.stdin.write(lines.join("\n") + "\n");
  });
}

test("go depth gives the native build's nodes, scores and lines", { skip: !fs.existsSync(NATIVE) && "no native build" }, async () => {
  const spec = await benchSpec();
  const e = await started();
  for (const [tps, halfKomi] of spec.positions) {
    const size = tps.split(" ")[0].split("/").length;
    const lines = ["setoption name Hash value 16", "setoption name MultiPV value 2",
      `teinewgame size ${size} halfkomi ${halfKomi}`, `position tps ${tps}`, "go depth 5"];
    lines.forEach((l) => e.send(l));
    const ours = (await e.until(isBestMove, PATIENCE_MS)).map((x) => x.line);
    const theirs = (await native(lines)).filter((l) => l.startsWith("info ") || isBestMove(l));
    const strip = (l) => masked(l).replace(/ nodes \*/, "");
    const withNodes = (l) => strip(l) + (l.match(/ nodes \d+/) || [""])[0];
    assert.deepEqual(ours.map(withNodes), theirs.map(withNodes), tps);
  }
  await e.stop();
});

// Sends `go …` on a middlegame of `size`, then `line` after `afterMs`;
// returns how long the answer took.
async function answered(size, go, line, afterMs, until) {
  const e = await started();
  e.send(`teinewgame ${size}`);
  e.send(`position tps ${MIDDLEGAMES[size]}`);
  e.send(go);
  await sleep(afterMs);
  const sent = e.send(line);
  const seen = await e.until(until, 5000, `an answer to ${line}`);
  const ms = seen.at(-1).at - sent;
  await e.stop();
  return ms;
}

for (const size of [3, 4, 5, 6, 7, 8]) {
  test(`${size}x${size}: stop, isready and quit are answered at once`, async () => {
    const cases = [
      ["go infinite", "stop", isBestMove],
      ["go movetime 600000", "stop", isBestMove],
      ["go solved", "stop", isBestMove],
      ["go infinite", "isready", (l) => l === "readyok"],
      ["go infinite", "quit", () => false],
    ];
    for (const [go, line, until] of cases) {
      if (line === "quit") {
        // After quit the engine says nothing more, and a later isready is
        // not answered: the session is over.
        const e = await started();
        e.send(`teinewgame ${size}`);
        e.send(go);
        await sleep(300);
        e.send("quit");
        await sleep(ANSWER_MS);
        const before = e.lines.length;
        e.send("isready");
        assert.deepEqual((await e.drain(300)).slice(before), [], "quiet after quit");
        await e.stop();
        continue;
      }
      const ms = await answered(size, go, line, 300, until);
      assert.ok(ms < ANSWER_MS, `${go}, then ${line}: answered after ${ms.toFixed(1)} ms`);
    }
  });
}

test("Threads and Hash are cut to what the browser can give, with a note", async () => {
  const e = await started();
  e.send("setoption name Threads value 4");
  const [threads] = (await e.until((l) => l.startsWith("info string"), 5000)).map((x) => x.line);
  assert.match(threads, /^info string Threads 4: .*using 1$/);
  e.send("setoption name Hash value 65536");
  e.send("isready");
  const lines = (await e.until((l) => l === "readyok", 5000)).map((x) => x.line);
  assert.match(lines[0], /^info string Hash 65536 MiB is more than this build can address; using \d+ MiB$/);
  await e.stop();
});

test("a line longer than the engine reads is refused, and the engine goes on", async () => {
  const e = await started();
  e.send("position startpos moves " + "a1 ".repeat(400000));
  const [refusal] = (await e.until((l) => l.startsWith("info error"), 5000)).map((x) => x.line);
  assert.match(refusal, /longer than/);
  e.send("isready");
  await e.until((l) => l === "readyok", 5000, "readyok");
  await e.stop();
});
