// Real-browser check: Menhir compiled to WebAssembly, as PTN Ninja's built-in
// in-page engine "Menhir (wasm)" (web/ptn-ninja/menhir-wasm.patch).
//
// Drives a locally served, patched PTN Ninja build in headless Chromium. No
// engine server runs: the engine is a Web Worker of the page. Every TEI line
// between the page and the worker is logged with its time by wrapping the
// page's Worker constructor before any script runs (postMessage out, message
// events in). Steps:
//   1. load the app; the engine starts with the page;
//   2. open the Engines tab, put "Menhir (wasm)" in the first slot, load a
//      6x6 game and press Analyze Position as soon as the engine is ready
//      (cold start figures); type 3 into its MultiPV input, Apply Options;
//   3. interactive analysis on a 4x4, a 6x6 and a 7x7 game, moving through
//      several plies of each: 3 evaluated lines of one iteration at each;
//   4. Analyze Game over the whole 7x7 game (MOVETIME ms a position);
//   5. "Search for a Forced Win" (`go solved`) on a 6x6 position where White
//      forces a road in 5 plies: the proven line must be shown, scored +100;
//   6. screenshots of the panel after 4 and 5.
// Fails on a console error or uncaught exception (offline failures of remote
// resources apart, as in check.mjs), on a `stop` without `bestmove`, on a
// `go` left without `bestmove`, on missing lines or evaluations, and on
// timeouts (generous: the engine has one thread in the browser).
//
// Usage: node check-wasm.mjs  (settings from the environment)
//   APP_URL     the served PTN Ninja build              [http://localhost:8089/]
//   CHROMIUM    the browser                            [/usr/bin/chromium]
//   SCREENSHOT  panel after Analyze Game               [browser-analysis.png]
//   TINUE_SHOT  panel after the proof search           [browser-tinue.png]
//   REPORT      the JSON report                        [gui-check-wasm-report.json]
//   MOVETIME    ms per position for Analyze Game       [500]
//   MIN_DEPTH   depth the interactive lines must reach [5]
//   STRICT_NETWORK=1  count failed loads of remote resources as errors

import fs from "node:fs";
import {
  addGame,
  analysisButton,
  buttonByLabel,
  clickUntil,
  fail,
  goToPly,
  launch,
  loadApp,
  newReport,
  panelClip,
  plyTPS,
  resultsFor as botResultsFor,
  run,
  setOptionInput,
  sleep,
  waitFor,
  waitForLines,
  SELF_PLAY_6X6,
} from "./common.mjs";

const APP_URL = process.env.APP_URL || "http://localhost:8089/";
const SCREENSHOT = process.env.SCREENSHOT || "browser-analysis.png";
const TINUE_SHOT = process.env.TINUE_SHOT || "browser-tinue.png";
const REPORT = process.env.REPORT || "gui-check-wasm-report.json";
const MOVETIME = Number(process.env.MOVETIME || 500);
const MIN_DEPTH = Number(process.env.MIN_DEPTH || 5);
const SOLVE_MOVETIME = 20000;
const MULTIPV = 3;
const BOT = "menhir";
const SOLVE_LABEL = "Search for a Forced Win";

const tags = (size, komi, extra = "") =>
  `[Site "Menhir GUI check"]\n[Player1 "White"]\n[Player2 "Black"]\n[Size "${size}"]\n[Komi "${komi}"]\n${extra}`;

// Games of random legal moves (no road, so none ends), one per size; the
// interactive analysis visits the plies listed with each.
const GAMES = [
  {
    size: 4,
    name: "wasm check 4x4",
    plies: [2, 6, 11],
    ptn: `${tags(4, 0)}
1. b4 b1
2. a2 c3
3. Sa3 d2
4. a1 d4
5. b3 c1
6. b1+ c2
`,
  },
  {
    size: 6,
    name: "wasm check 6x6",
    plies: [3, 8, 13, 18],
    // The game check.mjs analyses (common.mjs).
    ptn: `${tags(6, 2)}
${SELF_PLAY_6X6}`,
  },
  {
    size: 7,
    name: "wasm check 7x7",
    plies: [5, 15, 25, 35],
    ptn: `${tags(7, 2)}
1. c7 b3
2. d7 a5
3. b1 a4
4. Sc4 e7
5. Cd1 Sf2
6. b1> c6
7. g7 g6
8. a6 c7<
9. e1 b5
10. c7 d3
11. g7< e2
12. d5 e3
13. e4 c6<
14. g2 a3
15. f3 d2
16. a6> a7
17. b4 b2
18. Sf4 d2>
`,
  },
];

// White to move wins by a road in 5 plies whatever Black does (exhaustive
// search; bench-positions/tactics-public.tsv, tac-0183).
const TINUE_TPS = "x3,2,x2/x2,2,2,1,x/x2,2,x3/x4,1,1121/x,1,1221,121C,12,x/1,12,x,1,x2 1 19";
const TINUE_PTN = `${tags(6, 2, `[TPS "${TINUE_TPS}"]\n`)}`;

const report = newReport({ appUrl: APP_URL, movetime: MOVETIME, minDepth: MIN_DEPTH });
const step = report.step;
const resultsFor = (page, tps) => botResultsFor(page, BOT, tps);

// Logs every TEI line between the page and Menhir's worker, with its time
// (ms since the epoch), in window.__menhirTei.
function watchWorkers() {
  const log = (window.__menhirTei = []);
  const now = () => performance.timeOrigin + performance.now();
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      if (!String(url).includes("menhir")) {
        return;
      }
      log.push({ t: now(), dir: "new", data: String(url) });
      this.addEventListener("message", (e) =>
        log.push({ t: now(), dir: "<<", data: typeof e.data === "string" ? e.data : JSON.stringify(e.data) })
      );
      this.addEventListener("error", (e) => log.push({ t: now(), dir: "!!", data: e.message || "worker error" }));
      const post = this.postMessage.bind(this);
      this.postMessage = (message, ...rest) => {
        log.push({ t: now(), dir: ">>", data: String(message) });
        return post(message, ...rest);
      };
    }
  };
}

const traffic = (page) => page.evaluate(() => window.__menhirTei.slice());
const isGo = (f) => f.dir === ">>" && /^go\b/.test(f.data);
const isBestmove = (f) => f.dir === "<<" && f.data.startsWith("bestmove");

// Searches started and not ended (a `go` without its `bestmove`).
function pendingSearches(frames) {
  return frames.filter(isGo).length - frames.filter(isBestmove).length;
}

// Seconds from each `stop` to the next `bestmove`; null for a stop that no
// bestmove followed. A stop sent while no search runs (PTN Ninja sends one
// when a search ends by itself at the moment it is stopped) is not counted.
function stopLatencies(frames) {
  const out = [];
  let running = false;
  let stopAt = null;
  for (const f of frames) {
    if (isGo(f)) {
      running = true;
    } else if (f.dir === ">>" && f.data.trim() === "stop" && running && stopAt === null) {
      stopAt = f.t;
    } else if (isBestmove(f)) {
      if (stopAt !== null) out.push(Number(((f.t - stopAt) / 1000).toFixed(3)));
      running = false;
      stopAt = null;
    }
  }
  if (stopAt !== null) out.push(null);
  return out;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};
const seconds = (ms) => Number((ms / 1000).toFixed(3));

// Cold start: from `new Worker` to teiok, readyok and the first `info` (the
// check starts its first search as soon as the engine is ready), and for each
// size from its first `teinewgame` (the engine then loads that size's
// network) to the first `info` with a line.
function coldStart(frames) {
  const created = frames.find((f) => f.dir === "new");
  const first = (pred) => frames.find(pred);
  const teiok = first((f) => f.dir === "<<" && f.data.trim() === "teiok");
  const readyok = first((f) => f.dir === "<<" && f.data.trim() === "readyok");
  const info = first((f) => f.dir === "<<" && /^info\b.*\bpv\b/.test(f.data));
  const go = first(isGo);
  const perSize = {};
  let size = null;
  let newGameAt = null;
  for (const f of frames) {
    const m = f.dir === ">>" && f.data.match(/^teinewgame (?:size )?(\d)/);
    if (m && !(Number(m[1]) in perSize)) {
      size = Number(m[1]);
      newGameAt = f.t;
    }
    if (newGameAt !== null && f.dir === "<<" && /^info\b.*\bpv\b/.test(f.data)) {
      perSize[size] = seconds(f.t - newGameAt);
      newGameAt = null;
    }
  }
  return {
    workerToTeiok: teiok && created ? seconds(teiok.t - created.t) : null,
    workerToReadyok: readyok && created ? seconds(readyok.t - created.t) : null,
    workerToFirstGo: go && created ? seconds(go.t - created.t) : null,
    workerToFirstInfo: info && created ? seconds(info.t - created.t) : null,
    newGameToFirstInfoBySize: perSize,
  };
}

// Median nodes per second reported on each size, over the info lines of
// searches that had run 300 ms or more (earlier ones divide by a few ms).
function npsBySize(frames) {
  const seen = {};
  let size = null;
  for (const f of frames) {
    const m = f.dir === ">>" && f.data.match(/^teinewgame (?:size )?(\d)/);
    if (m) size = Number(m[1]);
    const x = f.dir === "<<" && f.data.match(/^info\b.*\btime (\d+) nps (\d+)/);
    if (size && x && Number(x[1]) >= 300) (seen[size] = seen[size] || []).push(Number(x[2]));
  }
  return Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, median(v)]));
}

// Waits until every search has its bestmove.
async function settle(page, what, timeout = 15000) {
  await waitFor(
    page,
    () => {
      const log = window.__menhirTei;
      const gos = log.filter((f) => f.dir === ">>" && /^go\b/.test(f.data)).length;
      const ends = log.filter((f) => f.dir === "<<" && f.data.startsWith("bestmove")).length;
      return gos === ends;
    },
    null,
    timeout,
    `bestmove for every go (${what})`
  );
}

const botState = (page) => page.evaluate((id) => ({ ...window.app.$store.state.analysis.botStates[id] }), BOT);

async function screenshotPanel(page, path) {
  await page.mouse.move(400, 1300); // no tooltip over the panel
  await sleep(1500);
  const clip = await panelClip(page);
  await page.screenshot(clip ? { path, clip } : { path });
  return clip;
}

async function interactive(page, game) {
  const plyCount = await addGame(page, game.ptn, game.name, Math.max(...game.plies) + 1);
  await goToPly(page, 0);
  const sentBefore = await page.evaluate(() => window.__menhirTei.length);
  await clickUntil(
    page,
    () => analysisButton(page, 3),
    (id) => window.app.$store.state.analysis.botStates[id].isInteractiveEnabled,
    BOT,
    "start interactive analysis"
  );
  // A new size starts with `teinewgame` and `isready`; PTN Ninja sends the
  // position it had when `readyok` comes, and a ply changed before that is
  // lost (its bot's race, not the engine's). Move on once the search runs,
  // as a player would.
  await waitFor(
    page,
    (before) => window.__menhirTei.slice(before).some((f) => f.dir === ">>" && /^go\b/.test(f.data)),
    sentBefore,
    30000,
    `the first search of the ${game.size}x${game.size} game`
  );
  const visits = [];
  for (const plyID of game.plies) {
    await goToPly(page, plyID);
    const tps = await plyTPS(page, plyID);
    const start = Date.now();
    await waitForLines(page, BOT, tps, MULTIPV, MIN_DEPTH, 120000, `${MULTIPV} lines at depth >= ${MIN_DEPTH} for ${game.size}x${game.size} ply ${plyID} (${tps})`);
    const results = await resultsFor(page, tps);
    const moves = results.slice(0, MULTIPV).map((r) => r && r.ply);
    if (new Set(moves).size !== moves.length) {
      fail(`the same move twice among the lines at ${game.size}x${game.size} ply ${plyID}: ${moves.join(", ")}`);
    }
    visits.push({ plyID, tps, secondsToLines: seconds(Date.now() - start), results });
    step(`${game.size}x${game.size} interactive ply ${plyID}`, {
      after: seconds(Date.now() - start),
      lines: results.slice(0, MULTIPV).map((r) => r && `${r.ply} ${r.evaluation?.toFixed(1)} d${r.depth}`),
    });
  }
  await clickUntil(
    page,
    () => analysisButton(page, 3),
    (id) => !window.app.$store.state.analysis.botStates[id].isInteractiveEnabled,
    BOT,
    "stop interactive analysis"
  );
  await waitFor(page, (id) => !window.app.$store.state.analysis.botStates[id].isRunning, BOT, 30000, "the search to end");
  await settle(page, `interactive ${game.size}x${game.size}`);
  step(`${game.size}x${game.size} interactive analysis off`, { plies: plyCount });
  return { size: game.size, visits };
}

async function main() {
  const { browser, page, consoleErrors, offlineErrors, consoleLog } = await launch();
  await page.evaluateOnNewDocument(watchWorkers);
  const bundleLoads = [];
  page.on("requestfinished", (request) => {
    if (request.url().includes("/menhir-wasm/")) {
      const r = request.response();
      bundleLoads.push(`${r ? r.status() : "?"} ${request.url().replace(/^.*\/menhir-wasm\//, "")}`);
    }
  });
  let frames = [];
  try {
    // 1. The app; Menhir's worker starts with it.
    await loadApp(page, APP_URL);
    step("app loaded", { title: await page.title() });
    const listed = await page.evaluate(
      (id) => window.app.$store.state.analysis.botList.find((b) => b.value === id) || null,
      BOT
    );
    if (!listed) fail(`no "${BOT}" in PTN Ninja's engine list`);
    step("engine listed", { label: listed.label, description: listed.description });

    // 2. The Engines tab with Menhir (wasm) in the first slot.
    await page.evaluate(
      ({ id, movetime }) => {
        const store = window.app.$store;
        store.dispatch("ui/SET_UI", ["showText", true]);
        store.dispatch("ui/SET_UI", ["textTab", "engines"]);
        const settings = JSON.parse(JSON.stringify(store.state.analysis.botSettings));
        settings[id] = { ...settings[id], limitTypes: ["movetime"], movetime, enableLogging: false };
        store.dispatch("analysis/SET", ["botSettings", settings]);
        store.dispatch("analysis/SET", ["pvLimit", 3]);
        if (store.state.analysis.activeBots.length) {
          store.dispatch("analysis/SET_ACTIVE_BOT", { index: 0, botId: id });
        } else {
          store.dispatch("analysis/ADD_ACTIVE_BOT", id);
        }
      },
      { id: BOT, movetime: MOVETIME }
    );
    // The first search starts as soon as the engine is ready: Analyze
    // Position on the start of the 6x6 game.
    await addGame(page, GAMES[1].ptn, "wasm check cold start", 1);
    await goToPly(page, 0);
    await waitFor(
      page,
      (id) => {
        const a = window.app.$store.state.analysis;
        const s = a.botStates[id];
        const m = a.botMetas[id];
        return s && s.isReady && s.isTeiOk && m && m.options && "MultiPV" in m.options;
      },
      BOT,
      60000,
      "Menhir's worker to answer teiok and readyok"
    );
    const meta = await page.evaluate((id) => {
      const m = window.app.$store.state.analysis.botMetas[id];
      return { name: m.name, author: m.author, version: m.version, teiVersion: m.teiVersion, options: Object.keys(m.options), sizes: Object.keys(m.sizeHalfKomis) };
    }, BOT);
    step("engine ready", meta);
    if (meta.name !== "Menhir") fail(`engine name is ${JSON.stringify(meta.name)}, not Menhir`);
    await clickUntil(
      page,
      () => analysisButton(page, 0),
      () => window.__menhirTei.some((f) => f.dir === ">>" && /^go\b/.test(f.data)),
      null,
      "start Analyze Position"
    );
    await waitFor(page, (id) => !window.app.$store.state.analysis.botStates[id].isRunning, BOT, 30000, "Analyze Position to end");
    await settle(page, "Analyze Position");
    report.coldStart = coldStart(await traffic(page));
    step("cold start (s)", report.coldStart);

    await setOptionInput(page, "MultiPV", MULTIPV);
    await clickUntil(
      page,
      () => buttonByLabel(page, "Apply Options"),
      ({ from, line }) => window.__menhirTei.slice(from).some((f) => f.dir === ">>" && f.data === line),
      { from: (await traffic(page)).length, line: `setoption name MultiPV value ${MULTIPV}` },
      `send setoption name MultiPV value ${MULTIPV} (Apply Options)`
    );
    await waitFor(page, (id) => window.app.$store.state.analysis.botStates[id].isReady, BOT, 20000, "readyok after Apply Options");
    step("MultiPV applied", { multipv: MULTIPV });

    // 3. Interactive analysis on each size.
    report.interactive = [];
    for (const game of GAMES) {
      report.interactive.push(await interactive(page, game));
    }

    // 4. Analyze Game over the 7x7 game (still loaded).
    const plies = await page.evaluate(() =>
      window.app.$store.state.game.ptn.allPlies.map((p) => ({ id: p.id, tpsBefore: p.tpsBefore, tpsAfter: p.tpsAfter }))
    );
    const gosBefore = (await traffic(page)).filter(isGo).length;
    const gameStart = Date.now();
    await clickUntil(
      page,
      () => analysisButton(page, 2),
      (id) => window.app.$store.state.analysis.botStates[id].isAnalyzingGame,
      BOT,
      "start Analyze Game"
    );
    step("analyze game started", { plies: plies.length, movetime: MOVETIME });
    await waitFor(
      page,
      (id) => {
        const s = window.app.$store.state.analysis.botStates[id];
        return !s.isAnalyzingGame && !s.isRunning;
      },
      BOT,
      Math.max(300000, (plies.length + 1) * (MOVETIME + 5000) * 2),
      "Analyze Game to finish"
    );
    await settle(page, "Analyze Game");
    const positions = [plies[0].tpsBefore, ...plies.map((p) => p.tpsAfter)];
    report.game = { seconds: seconds(Date.now() - gameStart), searches: (await traffic(page)).filter(isGo).length - gosBefore, positions: [] };
    const missing = [];
    for (const [i, tps] of positions.entries()) {
      const results = await resultsFor(page, tps);
      report.game.positions.push({ position: i, tps, results });
      const good = results.filter((r) => r && r.ply && Number.isFinite(r.evaluation));
      if (good.length < MULTIPV) missing.push({ position: i, tps, lines: good.length });
    }
    step("analyze game finished", {
      seconds: report.game.seconds,
      searches: report.game.searches,
      positions: positions.length,
      withAllLines: positions.length - missing.length,
      evaluations: report.game.positions.map((g) => (g.results[0] ? Number(g.results[0].evaluation.toFixed(1)) : null)),
    });
    if (missing.length) fail(`positions without ${MULTIPV} evaluated lines: ${JSON.stringify(missing)}`);
    await goToPly(page, 20);
    step("screenshot saved", { path: SCREENSHOT, clip: await screenshotPanel(page, SCREENSHOT) });

    // 5. Search for a Forced Win on a tinuë.
    await page.evaluate(
      ({ id, movetime }) => {
        const store = window.app.$store;
        const settings = JSON.parse(JSON.stringify(store.state.analysis.botSettings));
        settings[id] = { ...settings[id], movetime };
        store.dispatch("analysis/SET", ["botSettings", settings]);
      },
      { id: BOT, movetime: SOLVE_MOVETIME }
    );
    await addGame(page, TINUE_PTN, "wasm check tinue", 0);
    const tps = await page.evaluate(() => window.app.$store.state.game.position.tps);
    if (tps !== TINUE_TPS) fail(`the tinuë position reads ${tps}, not ${TINUE_TPS}`);
    const solveFrom = (await traffic(page)).length;
    const solveStart = Date.now();
    await clickUntil(
      page,
      () => buttonByLabel(page, SOLVE_LABEL),
      (from) => window.__menhirTei.slice(from).some((f) => f.dir === ">>" && /^go\b/.test(f.data)),
      solveFrom,
      `start the proof search ("${SOLVE_LABEL}")`
    );
    await waitFor(
      page,
      (id) => !window.app.$store.state.analysis.botStates[id].isRunning,
      BOT,
      SOLVE_MOVETIME + 30000,
      "the proof search to end"
    );
    await settle(page, "proof search");
    const solveFrames = (await traffic(page)).slice(solveFrom);
    const goLine = solveFrames.find(isGo);
    const proof = solveFrames.filter((f) => f.dir === "<<" && / score solved win \d+/.test(f.data) && !/ multipv /.test(f.data)).pop();
    const bestmove = solveFrames.find(isBestmove);
    const results = await resultsFor(page, TINUE_TPS);
    const shown = await page.evaluate(() => {
      const d = [...document.querySelectorAll(".q-drawer")].find((x) => x.getBoundingClientRect().left > window.innerWidth / 2);
      return d ? d.innerText : "";
    });
    report.tinue = {
      tps: TINUE_TPS,
      seconds: seconds(Date.now() - solveStart),
      sent: goLine && goLine.data,
      proof: proof && proof.data,
      bestmove: bestmove && bestmove.data,
      engineNotes: solveFrames.filter((f) => f.dir === "<<" && f.data.startsWith("info string")).map((f) => f.data),
      results,
    };
    step("proof search", { sent: report.tinue.sent, proof: report.tinue.proof, bestmove: report.tinue.bestmove, shown: results[0] });
    if (!goLine || !/^go solved\b/.test(goLine.data)) fail(`the button sent ${goLine ? goLine.data : "no go"}, not go solved`);
    if (!proof) fail("Menhir proved no win on the tinuë position");
    const pv = proof.data.replace(/^.* pv /, "").trim().split(/\s+/);
    const top = results[0];
    if (!top || top.evaluation !== 100) fail(`the first line is not scored +100: ${JSON.stringify(top)}`);
    const line = [top.ply, ...top.line];
    const norm = (m) => m.replace(/^1(?=[a-h]\d)/, "");
    if (line.length < pv.length || pv.some((m, i) => norm(m) !== norm(line[i]))) {
      fail(`the shown line ${line.join(" ")} is not the proven line ${pv.join(" ")}`);
    }
    if (!shown.includes(norm(pv[0]))) fail(`the panel does not show the proven move ${pv[0]}`);
    step("tinuë screenshot saved", { path: TINUE_SHOT, clip: await screenshotPanel(page, TINUE_SHOT) });
  } catch (error) {
    // Beside the report (the work folder), not beside the screenshots in docs/.
    await page.screenshot({ path: REPORT.replace(/\.json$/, "") + ".failed.png" }).catch(() => {});
    throw error;
  } finally {
    frames = await traffic(page).catch(() => frames);
    const latencies = stopLatencies(frames);
    const answered = latencies.filter((x) => x !== null);
    report.stopLatency = {
      stops: latencies.length,
      unanswered: latencies.length - answered.length,
      maxSeconds: answered.length ? Math.max(...answered) : null,
      medianSeconds: median(answered),
      all: latencies,
    };
    report.pendingSearches = pendingSearches(frames);
    report.coldStart = { ...report.coldStart, ...coldStart(frames) };
    report.npsBySize = npsBySize(frames);
    report.bundleLoads = bundleLoads;
    report.consoleErrors = consoleErrors;
    report.offlineErrors = offlineErrors;
    report.console = consoleLog;
    const t0 = frames.length ? frames[0].t : 0;
    report.protocol = frames.map((f) => `${((f.t - t0) / 1000).toFixed(3).padStart(8)} ${f.dir} ${f.data}`);
    fs.writeFileSync(REPORT, JSON.stringify(report, null, 2));
    step("figures", {
      coldStart: report.coldStart,
      stopLatency: { ...report.stopLatency, all: undefined },
      pendingSearches: report.pendingSearches,
      npsBySize: report.npsBySize,
    });
    await browser.close();
  }

  if (report.stopLatency.unanswered) fail(`${report.stopLatency.unanswered} stop(s) without bestmove`);
  if (report.pendingSearches) fail(`${report.pendingSearches} search(es) without bestmove`);
  if (consoleErrors.length) {
    fail(`${consoleErrors.length} console error(s): ${JSON.stringify(consoleErrors.slice(0, 5))}`);
  }
}

run(main);
