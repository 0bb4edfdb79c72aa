#!/usr/bin/env bash
# Builds Menhir's browser bundle into web/dist/ from a clean checkout:
#   menhir_wasm.js       wasm-bindgen's no-modules glue (global `wasm_bindgen`)
#                        with the pause driver (js/driver.js) appended
#   menhir_wasm_bg.wasm  the engine, Asyncify-instrumented and optimised
#   menhir.worker.js     the Web Worker: one TEI line per message, both ways
#   nets/s<N>.bin        each board size's network, fetched when first needed
# Installs what it lacks the way a fresh machine can: the wasm32 target
# (rustup), wasm-bindgen-cli at the version Cargo.lock pins (cargo install),
# and wasm-opt (Debian's binaryen).
#
# Usage: web/build.sh [--no-pause]
#   --no-pause  also build dist-nopause/: the same engine without Asyncify,
#               for measuring what the pauses cost (docs/browser.md)
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
cd "$ROOT"

case "${1:-}" in
  -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
esac

say() { echo "[web/build] $*" >&2; }

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
BINDGEN_VERSION="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
if ! wasm-bindgen --version 2>/dev/null | grep -qF "$BINDGEN_VERSION"; then
  say "installing wasm-bindgen-cli $BINDGEN_VERSION (a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$BINDGEN_VERSION" --quiet
fi
if ! command -v wasm-opt >/dev/null 2>&1; then
  say "installing binaryen (wasm-opt)"
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq binaryen) >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq binaryen >/dev/null
  fi
fi

say "compiling the engine for wasm32 (simd128; no reference types, which Asyncify cannot save)"
RUSTFLAGS="-C target-feature=+simd128,-reference-types" \
  cargo build --release --quiet -p menhir-web --target wasm32-unknown-unknown
OUT="$HERE/dist"
STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT
WASM="$STAGE/menhir_web.wasm"
cp "$ROOT/target/wasm32-unknown-unknown/release/menhir_web.wasm" "$WASM"
python3 "$HERE/strip_target_features.py" "$WASM"
wasm-bindgen --target no-modules --no-typescript --out-dir "$STAGE" --out-name menhir_wasm "$WASM"

# The imports through which the engine pauses: Asyncify unwinds and rewinds
# the stack at these calls only, and instruments only the functions that reach
# them by direct calls (the engine's pause is one, `search/pause.rs`).
PAUSES="./menhir_wasm_bg.js.__wbg_menhirPause_*,./menhir_wasm_bg.js.__wbg_menhirLoadNetwork_*"
FEATURES=(--enable-simd --enable-bulk-memory --enable-sign-ext --enable-mutable-globals
          --enable-nontrapping-float-to-int --enable-multivalue)

bundle() { # bundle DIR WASM-OPT-ARGS...: the glue, the worker, the networks
  local dir="$1"; shift
  rm -rf "$dir"
  mkdir -p "$dir/nets"
  wasm-opt "${FEATURES[@]}" "$@" -O3 "$STAGE/menhir_wasm_bg.wasm" -o "$dir/menhir_wasm_bg.wasm"
  cat "$STAGE/menhir_wasm.js" "$HERE/js/driver.js" > "$dir/menhir_wasm.js"
  cp "$HERE/js/menhir.worker.js" "$dir/"
  for net in "$ROOT"/src/eval/net_weights/s*.bin; do
    [ -s "$net" ] && cp "$net" "$dir/nets/"
  done
}

say "instrumenting for pauses (Asyncify) and optimising"
bundle "$OUT" --asyncify --pass-arg="asyncify-imports@$PAUSES" --pass-arg=asyncify-ignore-indirect
if [ "${1:-}" = "--no-pause" ]; then
  bundle "$HERE/dist-nopause"
fi
say "built $OUT: $(cd "$OUT" && ls | tr '\n' ' ')"
