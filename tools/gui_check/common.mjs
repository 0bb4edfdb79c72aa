// Helpers shared by check.mjs (`menhir serve` over a WebSocket) and
// check-wasm.mjs (the in-page WebAssembly engine): the browser, the console
// watch, the report's steps, waiting and clicking in PTN Ninja's engine panel.

import puppeteer from "puppeteer-core";

export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
// Count failed loads of remote resources as errors too (by default they are
// listed apart: these checks may run offline).
const STRICT_NETWORK = process.env.STRICT_NETWORK === "1";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function fail(message) {
  const error = new Error(message);
  error.isCheckFailure = true;
  throw error;
}

// A failed load of a resource not on this machine (PTN Ninja's openings
// database service, when offline).
export function isOffline(text, where) {
  if (STRICT_NETWORK || !text.startsWith("Failed to load resource: net::")) {
    return false;
  }
  try {
    const host = new URL(where).hostname;
    return !["localhost", "127.0.0.1", "[::1]", "::1"].includes(host);
  } catch (error) {
    return false;
  }
}

// The report: `steps` grows with every step() and is printed as it goes.
export function newReport(fields = {}) {
  const report = { ...fields, steps: [] };
  report.step = (name, data = {}) => {
    const entry = { step: name, at: new Date().toISOString(), ...data };
    report.steps.push(entry);
    console.log(`[check] ${name}${Object.keys(data).length ? " " + JSON.stringify(data) : ""}`);
  };
  return report;
}

// Headless Chromium with a page whose console errors and uncaught exceptions
// are collected (offline failures apart).
export async function launch() {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1400"],
    defaultViewport: { width: 1280, height: 1400 },
  });
  const page = await browser.newPage();
  const consoleErrors = [];
  const offlineErrors = [];
  const consoleLog = [];
  page.on("console", (msg) => {
    const text = msg.text();
    const where = (msg.location() && msg.location().url) || "";
    consoleLog.push(`${msg.type()}: ${text}${where ? " (" + where + ")" : ""}`);
    if (msg.type() === "error") {
      if (isOffline(text, where)) {
        offlineErrors.push(`${text} (${where})`);
        console.log(`[offline] ${text} (${where})`);
      } else {
        consoleErrors.push(where ? `${text} (${where})` : text);
        console.log(`[console.error] ${text} ${where}`);
      }
    }
  });
  page.on("pageerror", (error) => {
    consoleErrors.push(`uncaught: ${error.message}`);
    console.log(`[pageerror] ${error.message}`);
  });
  page.on("requestfailed", (request) => {
    consoleLog.push(`requestfailed: ${request.url()} ${request.failure()?.errorText}`);
  });
  return { browser, page, consoleErrors, offlineErrors, consoleLog };
}

export async function waitFor(page, fn, arg, timeout, what) {
  try {
    return await page.waitForFunction(fn, { timeout, polling: 200 }, arg);
  } catch (error) {
    fail(`timed out after ${timeout / 1000}s waiting for ${what}`);
  }
}

// Loads the app and exposes its root component as window.app. A production
// build does not set window.app (only `quasar dev` does); the root component
// is reachable from its element, as in any Vue 2 app.
export async function loadApp(page, url) {
  await page.goto(url, { waitUntil: "networkidle2", timeout: 120000 });
  await waitFor(
    page,
    () => {
      const root = document.querySelector("#q-app");
      if (root && root.__vue__ && root.__vue__.$store) {
        window.app = root.__vue__;
        return true;
      }
      return false;
    },
    null,
    60000,
    "the app's store"
  );
}

// Adds a game from PTN, as PTN Ninja's tests/e2e do, and waits until its
// plies are there. Returns the number of plies.
export async function addGame(page, ptn, name, plies) {
  await page.evaluate(
    async ({ ptn, name }) => {
      await window.app.$store.dispatch("game/ADD_GAME", { ptn, name });
    },
    { ptn, name }
  );
  await waitFor(
    page,
    ({ name, plies }) =>
      window.app.$store.state.game.name === name &&
      window.app.$store.state.game.ptn.allPlies.length >= plies,
    { name, plies },
    20000,
    `the game "${name}" to load`
  );
  return page.evaluate(() => window.app.$store.state.game.ptn.allPlies.length);
}

// Visible element matching an XPath, or null.
export async function visible(page, xpath) {
  for (const handle of await page.$$(`::-p-xpath(${xpath})`)) {
    if (await handle.isVisible()) {
      return handle;
    }
  }
  return null;
}

// The visible button with this label (waits up to `timeout` ms for it).
export async function buttonByLabel(page, label, timeout = 15000) {
  const xpath = `//button[.//span[contains(@class,'block') and normalize-space()='${label}']]`;
  const start = Date.now();
  while (Date.now() - start < timeout) {
    const button = await visible(page, xpath);
    if (button) {
      return button;
    }
    await sleep(200);
  }
  fail(`no visible button "${label}"`);
}

export async function clickButton(page, label, timeout = 15000) {
  await (await buttonByLabel(page, label, timeout)).click();
}

// Clicks the element getButton() returns until fn(arg) holds in the page (3
// tries): the panel may still be moving (its sections animate their height),
// and a click during the move can miss.
export async function clickUntil(page, getButton, fn, arg, what) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    await (await getButton()).click();
    try {
      await page.waitForFunction(fn, { timeout: 3000, polling: 100 }, arg);
      return attempt;
    } catch (error) {
      await sleep(500);
    }
  }
  fail(`three clicks did not ${what}`);
}

// Types a value into an engine option's input (labelled with its name).
export async function setOptionInput(page, name, value) {
  const input = await visible(
    page,
    `//label[contains(@class,'q-field')][.//div[contains(@class,'q-field__label') and normalize-space()='${name}']]//input`
  );
  if (!input) {
    fail(`no ${name} input in the engine panel`);
  }
  await input.click({ clickCount: 3 });
  await input.type(String(value));
}

// The four analysis buttons of the engine panel: position, branch, game, interactive.
export async function analysisButton(page, index) {
  const buttons = await page.$$(".analysis-controls-group > .q-btn");
  if (buttons.length < 4) {
    fail(`expected 4 analysis buttons, found ${buttons.length}`);
  }
  return buttons[index];
}

// Results of a bot for a position, as plain data.
export function resultsFor(page, botID, tps) {
  return page.evaluate(
    ({ botID, tps }) => {
      const positions = window.app.$store.state.analysis.botPositions[botID] || {};
      return (positions[tps] || []).map((r) =>
        r
          ? {
              ply: r.ply ? r.ply.ptn || r.ply.text || String(r.ply) : null,
              line: (r.followingPlies || []).map((p) => p.ptn || p.text || String(p)),
              evaluation: r.evaluation ?? null,
              depth: r.depth ?? null,
              nodes: r.nodes ?? null,
              time: r.time ?? null,
            }
          : null
      );
    },
    { botID, tps }
  );
}

export function plyTPS(page, plyID) {
  return page.evaluate((id) => window.app.$store.state.game.ptn.allPlies[id].tpsAfter, plyID);
}

export function goToPly(page, plyID) {
  return page.evaluate((id) => window.app.$store.dispatch("game/GO_TO_PLY", { plyID: id, isDone: true }), plyID);
}

// Waits until a bot has `n` evaluated lines of one iteration (all at the same
// depth, at least minDepth) for a position. PTN Ninja merges lines slot by
// slot as they arrive, so for a moment slot 1 may be a deeper iteration's.
export function waitForLines(page, botID, tps, n, minDepth, timeout, what) {
  return waitFor(
    page,
    ({ botID, tps, n, minDepth }) => {
      const r = (window.app.$store.state.analysis.botPositions[botID] || {})[tps];
      const lines = r ? r.slice(0, n) : [];
      return (
        lines.length >= n &&
        lines.every((x) => x && x.evaluation !== undefined && x.evaluation !== null && x.depth >= minDepth) &&
        new Set(lines.map((x) => x.depth)).size === 1
      );
    },
    { botID, tps, n, minDepth },
    timeout,
    what
  );
}

// The engines panel (the right-hand drawer), down to the end of the engine's
// last line, as a clip rectangle for a screenshot; null when not shown.
export function panelClip(page) {
  return page.evaluate(() => {
    const drawers = [...document.querySelectorAll(".q-drawer")].filter((d) => {
      const r = d.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.left > window.innerWidth / 2;
    });
    const d = drawers[0];
    if (!d) return null;
    const r = d.getBoundingClientRect();
    let bottom = r.bottom;
    const items = [...d.querySelectorAll(".analysis-controls-group")].map((c) => c.parentElement.parentElement);
    if (items.length) {
      const content = items[0].parentElement.getBoundingClientRect();
      bottom = Math.min(r.bottom, content.bottom + 8);
    }
    return { x: r.left, y: r.top, width: r.width, height: Math.max(200, bottom - r.top) };
  });
}

// Runs main(), prints PASS or FAIL and exits 0 or 1.
export function run(main) {
  main().then(
    () => {
      console.log("[check] PASS");
      process.exit(0);
    },
    (error) => {
      console.log(`[check] FAIL: ${error.isCheckFailure ? error.message : error.stack}`);
      process.exit(1);
    }
  );
}

// A 6x6 game of 22 plies, komi 2 (Menhir against itself at 300 ms a move):
// the moves both checks analyse.
export const SELF_PLAY_6X6 = `1. a1 f6
2. c3 e3
3. c4 Cd3
4. d4 a3
5. b4 a4
6. a5 b5
7. e5 c5
8. d5 d3+
9. Cb6 c6
10. b3 2d4<
11. b6- d4
`;
