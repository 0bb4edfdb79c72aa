#!/usr/bin/env bash
# Real-browser check of Menhir inside PTN Ninja (see docs/gui.md).
#
# Builds PTN Ninja at a given commit OUTSIDE this repository, serves the build on
# localhost, starts `menhir serve`, runs check.mjs in headless Chromium and stops
# everything it started. Not run by CI.
#
# Usage: tools/gui_check/run.sh [options]
#   --work DIR        where PTN Ninja and the check's node_modules go
#                     [${TMPDIR:-/tmp}/menhir-gui-check]
#   --repo URL|PATH   PTN Ninja's git repository [https://github.com/gruppler/PTN-Ninja.git]
#   --commit SHA      PTN Ninja commit to build [ad637c7a0cc2f89d298a626e47d1e99f713dea81]
#   --menhir BIN      the menhir binary with `serve` [target/release/menhir]
#   --engine-port N   port for `menhir serve` [7731, which PTN Ninja's TEI engine uses]
#   --app-port N      port the PTN Ninja build is served on [8089]
#   --screenshot F    where to save the screenshot [WORK/ptn-ninja-analysis.png]
#   --movetime MS     time per position for "Analyze Game" [1000]
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
MOVETIME=1000

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
    -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
SCREENSHOT="${SCREENSHOT:-$WORK/ptn-ninja-analysis.png}"
case "$SCREENSHOT" in /*) ;; *) SCREENSHOT="$PWD/$SCREENSHOT" ;; esac
APP="$WORK/ptn-ninja"
CHECK="$WORK/check"
LOGS="$WORK/logs"
mkdir -p "$LOGS"

say() { echo "[run] $*"; }

if ! "$MENHIR" serve --help >/dev/null 2>&1; then
  echo "no 'serve' subcommand in $MENHIR: build it first (cargo build --release)" >&2
  exit 2
fi

# --- PTN Ninja, built once per commit -----------------------------------------
if [ ! -d "$APP/.git" ]; then
  say "cloning PTN Ninja from $REPO"
  git clone --quiet "$REPO" "$APP"
fi
if [ "$(cat "$APP/dist/spa/.menhir-built-from" 2>/dev/null || true)" != "$COMMIT" ]; then
  say "building PTN Ninja at $COMMIT (install and build take several minutes)"
  git -C "$APP" fetch --quiet origin 2>/dev/null || true
  git -C "$APP" checkout --quiet --force "$COMMIT"
  git -C "$APP" clean --quiet -fdx -e node_modules
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
    nice -n 10 "${YARN[@]}" install --ignore-scripts --non-interactive --network-timeout 300000 \
      > "$LOGS/yarn-install.log" 2>&1 || { tail -30 "$LOGS/yarn-install.log"; exit 1; }
    NODE_OPTIONS=--openssl-legacy-provider nice -n 10 npx quasar build -m spa \
      > "$LOGS/quasar-build.log" 2>&1 || { tail -30 "$LOGS/quasar-build.log"; exit 1; }
    echo "$COMMIT" > dist/spa/.menhir-built-from
  )
fi
say "PTN Ninja build: $APP/dist/spa ($(git -C "$APP" log -1 --format='%h %cs %s' "$COMMIT"))"

# --- The check's own dependencies (puppeteer-core), outside the repository -----
mkdir -p "$CHECK"
cp "$HERE/package.json" "$HERE/package-lock.json" "$HERE/check.mjs" "$CHECK/"
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

say "starting $MENHIR serve --port $ENGINE_PORT"
RUST_LOG="${RUST_LOG:-debug}" "$MENHIR" serve --port "$ENGINE_PORT" < /dev/null > "$LOGS/menhir-serve.log" 2>&1 &
PIDS+=($!)
wait_port "$ENGINE_PORT"

say "running the browser check"
set +e
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
