#!/usr/bin/env bash
# Real-browser check of Menhir inside PTN Ninja (see docs/gui.md).
#
# Builds PTN Ninja at a given commit OUTSIDE this repository, serves the build on
# localhost and drives headless Chromium, then stops everything it started. Two modes:
#   (default)  starts `menhir serve` and runs check.mjs: PTN Ninja's "TEI" engine
#              over a WebSocket;
#   --wasm     applies web/ptn-ninja/menhir-wasm.patch, puts the WebAssembly bundle
#              (web/dist, built with web/build.sh when missing) in public/menhir-wasm
#              and runs check-wasm.mjs: the built-in "Menhir (wasm)" engine, in the
#              page, with no server besides the static one.
# Not run by CI.
#
# Usage: tools/gui_check/run.sh [--wasm] [options]
#   --work DIR        where PTN Ninja and the check's node_modules go
#                     [${TMPDIR:-/tmp}/menhir-gui-check]
#   --repo URL|PATH   PTN Ninja's git repository [https://github.com/gruppler/PTN-Ninja.git]
#   --commit SHA      PTN Ninja commit to build [ad637c7a0cc2f89d298a626e47d1e99f713dea81]
#   --menhir BIN      the menhir binary with `serve` [target/release/menhir]
#   --engine-port N   port for `menhir serve` [7731, which PTN Ninja's TEI engine uses]
#   --app-port N      port the PTN Ninja build is served on [8089]
#   --screenshot F    where to save the screenshot [WORK/ptn-ninja-analysis.png]
#   --movetime MS     time per position for "Analyze Game" [1000; --wasm: 500]
#   --wasm            check the in-page WebAssembly engine instead (see above)
#   --bundle DIR      --wasm: the bundle to serve [web/dist]
#   --tinue-shot F    --wasm: screenshot of the proof search [docs/browser-tinue.png]
#   --build-only      build PTN Ninja (patched with --wasm) and stop
#   (--wasm: --screenshot defaults to docs/browser-analysis.png)
#
# Heavy steps (yarn install, quasar build, web/build.sh) run under
# `flock /tmp/menhir-build.lock nice -n 10` so they never overlap other builds.
#
# Needs: git, node (>= 18) and npm, python3, Chromium (Debian: apt-get install
# chromium; CHROMIUM=/path overrides /usr/bin/chromium). yarn v1 is used through
# `npx yarn@1` when no yarn is installed.
#
# Why this build recipe: PTN Ninja's newer commits need tps-ninja 1.1.22, which the
# npm registry does not serve (it stops at 1.1.16); ad637c7a (2026-03-14) is the last
# commit on 1.1.16. It must be installed with yarn v1 from its own yarn.lock (a plain
# `npm install` resolves webpack 5 and the build fails), with the `fs` placeholder
# package (no longer served) replaced by an empty local package, and with
# --ignore-scripts (the `canvas` and `electron` install scripts download binaries).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"

WORK="${TMPDIR:-/tmp}/menhir-gui-check"
REPO="https://github.com/gruppler/PTN-Ninja.git"
COMMIT="ad637c7a0cc2f89d298a626e47d1e99f713dea81"
MENHIR="$ROOT/target/release/menhir"
ENGINE_PORT=7731
APP_PORT=8089
SCREENSHOT=""
MOVETIME=""
MODE=serve
BUNDLE="$ROOT/web/dist"
TINUE_SHOT=""
BUILD_ONLY=0

while [ $# -gt 0 ]; do
  case "$1" in
    --work) WORK="$2"; shift 2 ;;
    --repo) REPO="$2"; shift 2 ;;
    --commit) COMMIT="$2"; shift 2 ;;
    --menhir) MENHIR="$2"; shift 2 ;;
    --engine-port) ENGINE_PORT="$2"; shift 2 ;;
    --app-port) APP_PORT="$2"; shift 2 ;;
    --screenshot) SCREENSHOT="$2"; shift 2 ;;
    --movetime) MOVETIME="$2"; shift 2 ;;
    --wasm) MODE=wasm; shift ;;
    --bundle) BUNDLE="$2"; shift 2 ;;
    --tinue-shot) TINUE_SHOT="$2"; shift 2 ;;
    --build-only) BUILD_ONLY=1; shift ;;
    -h|--help) sed -n '2,45p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
abspath() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
if [ "$MODE" = wasm ]; then
  SCREENSHOT="$(abspath "${SCREENSHOT:-$ROOT/docs/browser-analysis.png}")"
  TINUE_SHOT="$(abspath "${TINUE_SHOT:-$ROOT/docs/browser-tinue.png}")"
  BUNDLE="$(abspath "$BUNDLE")"
  MOVETIME="${MOVETIME:-500}"
  PATCH="$ROOT/web/ptn-ninja/menhir-wasm.patch"
  APP="$WORK/ptn-ninja-wasm"    # its own checkout: the patched build
  STAMP="$COMMIT patch:$(sha256sum "$PATCH" | cut -c1-16)"
else
  SCREENSHOT="$(abspath "${SCREENSHOT:-$WORK/ptn-ninja-analysis.png}")"
  MOVETIME="${MOVETIME:-1000}"
  PATCH=""
  APP="$WORK/ptn-ninja"
  STAMP="$COMMIT"
fi
CHECK="$WORK/check"
LOGS="$WORK/logs"
mkdir -p "$LOGS"

say() { echo "[run] $*"; }

# Heavy commands wait for (and hold) the shared build lock, at low priority.
heavy() {
  if command -v flock >/dev/null; then
    flock /tmp/menhir-build.lock nice -n 10 "$@"
  else
    nice -n 10 "$@"
  fi
}

if [ "$MODE" = serve ] && [ "$BUILD_ONLY" = 0 ] && ! "$MENHIR" serve --help >/dev/null 2>&1; then
  echo "no 'serve' subcommand in $MENHIR: build it first (cargo build --release)" >&2
  exit 2
fi

# --- The WebAssembly bundle (--wasm) --------------------------------------------
if [ "$MODE" = wasm ] && [ "$BUILD_ONLY" = 0 ] && [ ! -f "$BUNDLE/menhir.worker.js" ]; then
  if [ "$BUNDLE" != "$ROOT/web/dist" ]; then
    echo "no bundle in $BUNDLE (menhir.worker.js missing)" >&2
    exit 2
  fi
  say "no bundle in web/dist: building it with web/build.sh"
  if grep -q menhir-build.lock "$ROOT/web/build.sh"; then
    nice -n 10 "$ROOT/web/build.sh"    # it takes the lock itself
  else
    heavy "$ROOT/web/build.sh"
  fi
  [ -f "$BUNDLE/menhir.worker.js" ] || { echo "web/build.sh left no $BUNDLE/menhir.worker.js" >&2; exit 1; }
fi

# --- PTN Ninja, built once per commit (and patch) -------------------------------
if [ ! -d "$APP/.git" ]; then
  say "cloning PTN Ninja from $REPO"
  git clone --quiet "$REPO" "$APP"
fi
if [ "$(cat "$APP/dist/spa/.menhir-built-from" 2>/dev/null || true)" != "$STAMP" ]; then
  say "building PTN Ninja at $STAMP (install and build take several minutes)"
  git -C "$APP" fetch --quiet origin 2>/dev/null || true
  git -C "$APP" checkout --quiet --force "$COMMIT"
  git -C "$APP" clean --quiet -fdx -e node_modules
  if [ -n "$PATCH" ]; then
    git -C "$APP" apply "$PATCH"
    # The bundle is not part of the build's inputs that matter (copied again below).
    if [ -f "$BUNDLE/menhir.worker.js" ]; then
      mkdir -p "$APP/public/menhir-wasm"
      cp -R "$BUNDLE/." "$APP/public/menhir-wasm/"
    fi
  fi
  (
    cd "$APP"
    mkdir -p .empty-fs
    echo '{"name":"fs","version":"0.0.1-security"}' > .empty-fs/package.json
    node -e '
      const fs = require("fs");
      const p = JSON.parse(fs.readFileSync("package.json"));
      p.resolutions = Object.assign({}, p.resolutions, { fs: "file:./.empty-fs" });
      fs.writeFileSync("package.json", JSON.stringify(p, null, 2) + "\n");'
    if command -v yarn >/dev/null && yarn --version | grep -q '^1\.'; then
      YARN=(yarn)
    else
      YARN=(npx --yes yarn@1)
    fi
    heavy "${YARN[@]}" install --ignore-scripts --non-interactive --network-timeout 300000 \
      > "$LOGS/yarn-install.log" 2>&1 || { tail -30 "$LOGS/yarn-install.log"; exit 1; }
    heavy env NODE_OPTIONS=--openssl-legacy-provider npx quasar build -m spa \
      > "$LOGS/quasar-build.log" 2>&1 || { tail -30 "$LOGS/quasar-build.log"; exit 1; }
    echo "$STAMP" > dist/spa/.menhir-built-from
  )
fi
say "PTN Ninja build: $APP/dist/spa ($(git -C "$APP" log -1 --format='%h %cs %s' "$COMMIT"))"
if [ "$BUILD_ONLY" = 1 ]; then
  exit 0
fi
if [ "$MODE" = wasm ]; then
  # The bundle is served as built now, whatever was copied at build time.
  rm -rf "$APP/dist/spa/menhir-wasm"
  mkdir -p "$APP/dist/spa/menhir-wasm"
  cp -R "$BUNDLE/." "$APP/dist/spa/menhir-wasm/"
  say "bundle: $BUNDLE -> dist/spa/menhir-wasm ($(cd "$BUNDLE" && ls | tr '\n' ' '))"
fi

# --- The check's own dependencies (puppeteer-core), outside the repository -----
mkdir -p "$CHECK"
cp "$HERE/package.json" "$HERE/package-lock.json" "$HERE/common.mjs" "$HERE/check.mjs" \
  "$HERE/check-wasm.mjs" "$CHECK/"
if ! cmp -s "$CHECK/package-lock.json" "$CHECK/node_modules/.package-lock.json.menhir" 2>/dev/null; then
  say "installing puppeteer-core"
  (cd "$CHECK" && npm ci --no-fund --no-audit --ignore-scripts > "$LOGS/npm-ci.log" 2>&1) \
    || { tail -30 "$LOGS/npm-ci.log"; exit 1; }
  cp "$CHECK/package-lock.json" "$CHECK/node_modules/.package-lock.json.menhir"
fi

# --- Serve, check, stop ---------------------------------------------------------
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
}
trap cleanup EXIT

wait_port() {
  for _ in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "nothing listens on port $1" >&2
  return 1
}

say "serving the build on http://localhost:$APP_PORT/"
python3 -m http.server "$APP_PORT" --bind 127.0.0.1 --directory "$APP/dist/spa" \
  > "$LOGS/http.log" 2>&1 &
PIDS+=($!)
wait_port "$APP_PORT"

say "running the browser check"
set +e
if [ "$MODE" = wasm ]; then
  # No engine server: the engine runs in the page.
  (
    cd "$CHECK"
    APP_URL="http://localhost:$APP_PORT/" SCREENSHOT="$SCREENSHOT" TINUE_SHOT="$TINUE_SHOT" \
      REPORT="$WORK/gui-check-wasm-report.json" MOVETIME="$MOVETIME" \
      node check-wasm.mjs
  )
  status=$?
  set -e
  say "report: $WORK/gui-check-wasm-report.json; screenshots: $SCREENSHOT $TINUE_SHOT"
  exit $status
fi

say "starting $MENHIR serve --port $ENGINE_PORT"
RUST_LOG="${RUST_LOG:-debug}" "$MENHIR" serve --port "$ENGINE_PORT" < /dev/null > "$LOGS/menhir-serve.log" 2>&1 &
PIDS+=($!)
wait_port "$ENGINE_PORT"

(
  cd "$CHECK"
  APP_URL="http://localhost:$APP_PORT/" ENGINE_PORT="$ENGINE_PORT" \
    SCREENSHOT="$SCREENSHOT" REPORT="$WORK/gui-check-report.json" MOVETIME="$MOVETIME" \
    node check.mjs
)
status=$?
set -e
say "report: $WORK/gui-check-report.json; engine log: $LOGS/menhir-serve.log; screenshot: $SCREENSHOT"
exit $status
