// Real-browser check: Menhir inside PTN Ninja.
//
// Drives a locally served PTN Ninja build in headless Chromium (Debian's
// /usr/bin/chromium through puppeteer-core), adds the built-in "TEI" engine
// (ws://localhost:PORT, i.e. `menhir serve`) in the engines panel, connects,
// sets MultiPV 3 through the panel's option inputs, runs interactive analysis
// over several plies, stops it, runs "Analyze Game", and saves a screenshot of
// the engines panel. The engine is reached only by PTN Ninja's own bot code
// (src/bots/tei.js) over the WebSocket; the store is used to load the game, to
// open the panel, to pick the engine slot and to move through plies, as
// PTN Ninja's own end-to-end tests (tests/e2e) do.
//
// Fails (exit 1) on any console error or uncaught page error, on a position
// left without an evaluation, on fewer than 3 lines where 3 are expected, and
// on a search that does not end (timeouts are generous).
//
// Usage: node check.mjs  (settings from the environment)
//   APP_URL     the served PTN Ninja build        [http://localhost:8089/]
//   ENGINE_PORT the port of `menhir serve`          [7731]
//   CHROMIUM    the browser                        [/usr/bin/chromium]
//   SCREENSHOT  where to save the panel screenshot [ptn-ninja-analysis.png]
//   REPORT      where to write a JSON report       [gui-check-report.json]
//   MOVETIME    ms per position for Analyze Game   [1000]
//   STRICT_NETWORK=1  count failed loads of remote resources as errors too
//               (by default they are listed apart: this check may run offline)

import fs from "node:fs";
import {
  analysisButton,
  buttonByLabel,
  clickButton,
  clickUntil,
  fail,
  launch,
  loadApp,
  newReport,
  panelClip,
  plyTPS,
  resultsFor as botResultsFor,
  run,
  setOptionInput,
  waitFor,
  waitForLines,
  SELF_PLAY_6X6,
} from "./common.mjs";

const APP_URL = process.env.APP_URL || "http://localhost:8089/";
const ENGINE_PORT = Number(process.env.ENGINE_PORT || 7731);
const SCREENSHOT = process.env.SCREENSHOT || "ptn-ninja-analysis.png";
const REPORT = process.env.REPORT || "gui-check-report.json";
const MOVETIME = Number(process.env.MOVETIME || 1000);
const MULTIPV = 3;

// A 6x6 game of 22 plies (Menhir against itself at 300 ms a move), komi 2.
const PTN = `[Site "Menhir self-play"]
[Event "GUI check"]
[Date "2026.11.26"]
[Player1 "Menhir"]
[Player2 "Menhir"]
[Size "6"]
[Komi "2"]
[Flats "30"]
[Caps "1"]

${SELF_PLAY_6X6}`;

// Plies visited during interactive analysis (ids in PTN Ninja's ply list).
const INTERACTIVE_PLIES = [3, 8, 13, 18];

const report = newReport({ appUrl: APP_URL, enginePort: ENGINE_PORT });
const step = report.step;
const resultsFor = (page, tps) => botResultsFor(page, "tei", tps);

// Seconds from each `stop` sent to the next `bestmove` received.
function stopLatencies(frames) {
  const out = [];
  let stopAt = null;
  for (const f of frames) {
    if (f.dir === ">>" && f.data.trim() === "stop" && stopAt === null) stopAt = f.t;
    if (f.dir === "<<" && f.data.startsWith("bestmove") && stopAt !== null) {
      out.push(Number((f.t - stopAt).toFixed(3)));
      stopAt = null;
    }
  }
  return out;
}

async function main() {
  const { browser, page, consoleErrors, offlineErrors, consoleLog } = await launch();
  // Every WebSocket frame between the page and the engine, with its time (s),
  // straight from the browser (DevTools protocol): the protocol log.
  const frames = [];
  const cdp = await page.createCDPSession();
  await cdp.send("Network.enable");
  cdp.on("Network.webSocketCreated", (e) => frames.push({ t: null, dir: "ws", data: e.url }));
  cdp.on("Network.webSocketFrameSent", (e) => frames.push({ t: e.timestamp, dir: ">>", data: e.response.payloadData }));
  cdp.on("Network.webSocketFrameReceived", (e) => frames.push({ t: e.timestamp, dir: "<<", data: e.response.payloadData }));
  cdp.on("Network.webSocketFrameError", (e) => frames.push({ t: e.timestamp, dir: "!!", data: e.errorMessage }));
  cdp.on("Network.webSocketClosed", (e) => frames.push({ t: e.timestamp, dir: "ws", data: "closed" }));
  const sent = (re) => frames.some((f) => f.dir === ">>" && re.test(f.data));

  try {
    // 1. Load the app with a clean profile.
    await loadApp(page, APP_URL);
    step("app loaded", { title: await page.title() });

    // 2. Load the game, as tests/e2e do.
    await page.evaluate(async (ptn) => {
      await window.app.$store.dispatch("game/ADD_GAME", { ptn, name: "Menhir GUI check" });
    }, PTN);
    await waitFor(
      page,
      () => window.app.$game && window.app.$game.plies && window.app.$game.plies.length >= 22,
      null,
      20000,
      "the game to load"
    );
    const plyCount = await page.evaluate(() => window.app.$store.state.game.ptn.allPlies.length);
    step("game loaded", { plies: plyCount });

    // 3. Open the engines panel and put the TEI engine (ws://localhost:PORT) in its first slot.
    await page.evaluate(
      ({ port, movetime }) => {
        const store = window.app.$store;
        store.dispatch("ui/SET_UI", ["showText", true]);
        store.dispatch("ui/SET_UI", ["textTab", "engines"]);
        const settings = JSON.parse(JSON.stringify(store.state.analysis.botSettings));
        settings.tei = {
          ...settings.tei,
          address: "localhost",
          port,
          ssl: false,
          limitTypes: ["movetime"],
          movetime,
        };
        store.dispatch("analysis/SET", ["botSettings", settings]);
        store.dispatch("analysis/SET", ["pvLimit", 3]);
        if (store.state.analysis.activeBots.length) {
          store.dispatch("analysis/SET_ACTIVE_BOT", { index: 0, botId: "tei" });
        } else {
          store.dispatch("analysis/ADD_ACTIVE_BOT", "tei");
        }
      },
      { port: ENGINE_PORT, movetime: MOVETIME }
    );
    step("engines panel opened, TEI engine selected", { url: `ws://localhost:${ENGINE_PORT}` });

    // 4. Connect through the panel's Connect button.
    // The drawer may still be sliding in: click again if no connection starts.
    for (let attempt = 1; ; attempt++) {
      await new Promise((r) => setTimeout(r, 1000));
      await clickButton(page, "Connect");
      try {
        await page.waitForFunction(
          () => {
            const s = window.app.$store.state.analysis.botStates.tei;
            return s && (s.isConnecting || s.isConnected);
          },
          { timeout: 5000, polling: 100 }
        );
        break;
      } catch (error) {
        if (attempt === 3) fail("clicking Connect three times started no connection");
        step("Connect click had no effect; clicking again");
      }
    }
    await waitFor(
      page,
      () => {
        const s = window.app.$store.state.analysis;
        return s.botStates.tei && s.botStates.tei.isConnected && s.botStates.tei.isTeiOk && s.botMetas.tei.options && "MultiPV" in s.botMetas.tei.options;
      },
      null,
      30000,
      "the engine to connect and answer teiok"
    );
    const meta = await page.evaluate(() => {
      const m = window.app.$store.state.analysis.botMetas.tei;
      return { name: m.name, author: m.author, version: m.version, teiVersion: m.teiVersion, options: Object.keys(m.options) };
    });
    step("connected", meta);
    if (meta.name !== "Menhir") {
      fail(`engine name is ${JSON.stringify(meta.name)}, not Menhir`);
    }

    // 5. MultiPV 3 through the option input, then Apply Options.
    await setOptionInput(page, "MultiPV", MULTIPV);
    // The panel may still be moving: click again if nothing was sent.
    await clickUntil(
      page,
      () => buttonByLabel(page, "Apply Options"),
      () => {
        const s = window.app.$store.state.analysis.botStates.tei;
        return s.isReadying || s.isReady;
      },
      null,
      "apply the options (Apply Options)"
    );
    await waitFor(page, () => window.app.$store.state.analysis.botStates.tei.isReady, null, 20000, "readyok after Apply Options");
    if (!sent(new RegExp(`^setoption name MultiPV value ${MULTIPV}$`))) {
      fail(`PTN Ninja did not send setoption name MultiPV value ${MULTIPV}`);
    }
    step("MultiPV applied", { multipv: MULTIPV });

    // 6. Interactive analysis, moving through plies.
    report.interactive = [];
    await page.evaluate(() => window.app.$store.dispatch("game/GO_TO_PLY", { plyID: 0, isDone: true }));
    await clickUntil(
      page,
      () => analysisButton(page, 3),
      () => window.app.$store.state.analysis.botStates.tei.isInteractiveEnabled,
      null,
      "start interactive analysis"
    );
    step("interactive analysis on");
    for (const plyID of INTERACTIVE_PLIES) {
      await page.evaluate((id) => window.app.$store.dispatch("game/GO_TO_PLY", { plyID: id, isDone: true }), plyID);
      const tps = await plyTPS(page, plyID);
      await waitForLines(
        page,
        "tei",
        tps,
        MULTIPV,
        6,
        60000,
        `${MULTIPV} evaluated lines of one iteration at depth >= 6 for ply ${plyID} (${tps})`
      );
      const results = await resultsFor(page, tps);
      report.interactive.push({ plyID, tps, results });
      const moves = results.map((x) => x && x.ply);
      if (new Set(moves).size !== moves.length) {
        fail(`the same move twice among the lines of one iteration at ply ${plyID}: ${moves.join(", ")}`);
      }
      step(`interactive ply ${plyID}`, {
        lines: results.length,
        best: results.map((r) => r && `${r.ply} ${r.evaluation?.toFixed(1)} d${r.depth}`),
      });
    }

    // Stop interactive analysis; the search must end (bestmove) promptly.
    await clickUntil(
      page,
      () => analysisButton(page, 3),
      () => !window.app.$store.state.analysis.botStates.tei.isInteractiveEnabled,
      null,
      "stop interactive analysis"
    );
    await waitFor(
      page,
      () => {
        const s = window.app.$store.state.analysis.botStates.tei;
        return !s.isInteractiveEnabled && !s.isRunning;
      },
      null,
      30000,
      "interactive analysis to stop (bestmove after stop)"
    );
    step("interactive analysis off");

    // 7. Analyze Game (movetime per position).
    const plies = await page.evaluate(() => window.app.$store.state.game.ptn.allPlies.map((p) => ({ id: p.id, text: p.ptn || p.text, tpsBefore: p.tpsBefore, tpsAfter: p.tpsAfter })));
    await clickUntil(
      page,
      () => analysisButton(page, 2),
      () => window.app.$store.state.analysis.botStates.tei.isAnalyzingGame,
      null,
      "start Analyze Game"
    );
    step("analyze game started", { movetime: MOVETIME });
    const gameTimeout = Math.max(300000, plies.length * (MOVETIME + 5000) * 2);
    await waitFor(
      page,
      () => {
        const s = window.app.$store.state.analysis.botStates.tei;
        return !s.isAnalyzingGame && !s.isRunning;
      },
      null,
      gameTimeout,
      "Analyze Game to finish"
    );
    step("analyze game finished");
    step("stop -> bestmove (s)", { latencies: stopLatencies(frames) });

    // Every position of the game (before the first ply, after each ply but the
    // last, which ends nothing: Tak games here do not end) must have MULTIPV evaluated lines.
    const positions = [plies[0].tpsBefore, ...plies.map((p) => p.tpsAfter)];
    report.game = [];
    const missing = [];
    for (const [i, tps] of positions.entries()) {
      const results = await resultsFor(page, tps);
      report.game.push({ position: i, tps, results });
      const good = results.filter((r) => r && r.evaluation !== null && Number.isFinite(r.evaluation) && r.ply);
      if (good.length < MULTIPV) {
        missing.push({ position: i, tps, lines: good.length });
      }
    }
    step("game results", {
      positions: positions.length,
      withAllLines: positions.length - missing.length,
      evaluations: report.game.map((g) => (g.results[0] ? Number(g.results[0].evaluation.toFixed(1)) : null)),
    });
    if (missing.length) {
      fail(`positions without ${MULTIPV} evaluated lines: ${JSON.stringify(missing)}`);
    }

    // 8. Screenshot of the engines panel at a middle ply.
    await page.evaluate(() => window.app.$store.dispatch("game/GO_TO_PLY", { plyID: 13, isDone: true }));
    await page.mouse.move(400, 1300); // no tooltip over the panel
    await new Promise((r) => setTimeout(r, 1500));
    if (process.env.SCREENSHOT_FULL) {
      await page.screenshot({ path: process.env.SCREENSHOT_FULL });
    }
    const panel = await panelClip(page);
    if (panel) {
      await page.screenshot({ path: SCREENSHOT, clip: panel });
    } else {
      await page.screenshot({ path: SCREENSHOT });
    }
    step("screenshot saved", { path: SCREENSHOT, clip: panel });

    // The protocol log of the session, for the report.
    await page.evaluate(() => {
      // Disconnect cleanly.
      const s = window.app.$store;
      s.dispatch("analysis/SET", ["botID", "tei"]);
      s.dispatch("analysis/BOT_DISCONNECT");
    });
    await new Promise((r) => setTimeout(r, 500));
  } catch (error) {
    await page.screenshot({ path: SCREENSHOT.replace(/\.png$/, "") + ".failed.png" }).catch(() => {});
    throw error;
  } finally {
    const t0 = (frames.find((f) => f.t !== null) || { t: 0 }).t;
    report.protocol = frames.map((f) => `${f.t === null ? "" : (f.t - t0).toFixed(3).padStart(8)} ${f.dir} ${f.data}`);
    report.stopLatencies = stopLatencies(frames);
    report.consoleErrors = consoleErrors;
    report.offlineErrors = offlineErrors;
    report.console = consoleLog;
    fs.writeFileSync(REPORT, JSON.stringify(report, null, 2));
    await browser.close();
  }

  if (consoleErrors.length) {
    fail(`${consoleErrors.length} console error(s): ${JSON.stringify(consoleErrors.slice(0, 5))}`);
  }
}

run(main);
