#!/usr/bin/env bash
# Runs every cargo-fuzz target (fuzz/fuzz_targets/) for SECONDS each, starting
# from its committed seed corpus (fuzz/corpus/<target>, read only) and keeping
# what it finds in fuzz/work/<target> (not committed). Needs the nightly
# toolchain and `cargo install cargo-fuzz`. A crash stops the run with the
# failing input in fuzz/artifacts/<target>/; make it a regression test.
#
# usage: tools/fuzz.sh [SECONDS] [TARGET...]    (default: 60 s, every target)
set -euo pipefail
case "${1:-}" in
  -h|--help) awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
esac
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(tei_command tei_session tps ptn_moves ptn_game ws_frames)
fi
for t in "${targets[@]}"; do
  mkdir -p "fuzz/work/$t"
  echo "== $t, $seconds s"
  log="fuzz/work/$t.log"
  status=0
  cargo +nightly fuzz run -O "$t" "fuzz/work/$t" "fuzz/corpus/$t" -- \
    -max_total_time="$seconds" -rss_limit_mb=4096 -print_final_stats=1 > "$log" 2>&1 || status=$?
  grep -E "^#[0-9]+ *DONE|stat::number_of_executed_units|stat::peak_rss_mb|ERROR|SUMMARY|panicked" "$log" || true
  if [ "$status" != 0 ]; then
    echo "fuzz target $t failed (exit $status); see fuzz/artifacts/$t/" >&2
    exit "$status"
  fi
done
