#!/usr/bin/env bash
# Time to reach a fixed depth with 1 and 2 threads on the 6x6 and 5x5 bench
# middlegames, summed: what the second thread buys (threads share out a node's moves,
# src/search/worker/split.rs). A 16 MiB table, mapped within the
# first milliseconds, so that page faults on a fresh table do not slow two
# threads more than one (see tools/time_to_depth.py).
# usage: tools/time_to_depth.sh MENHIR [DEPTH]
set -euo pipefail
case "${1:-}" in
  -h|--help) awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
esac
menhir=$1; depth=${2:-8}
positions=(
  "2,1S,2,2,2,x/x2,212S,1,221C,x/1,12,x,1,2,1/x2,1,2,112C,x/x2,1,2,1,x/x3,1,21,x 1 21"
  "2,2,2222221C,x3/2,2,2S,12121S,x,2/2,2,1,1,1,1/x,1S,111112C,1,1,x/1,12112S,x4/x,2,x3,1 1 31"
  "x3,11S,x2/x6/2,x5/x,2S,x,1,2S,x/x4,2S,x/x,2C,x2,1C,x 1 6"
  "2,2,x2,1/2,2,x,1,1/1221S,1,122221C,x,1/1,12,x,2C,2/1S,2,2,x2 1 20"
  "x5/x,2,1,x2/x,1C,x3/x,1,x3/x2,212C,x,1S 1 6"
)
for threads in 1 2; do
  total=0
  for tps in "${positions[@]}"; do
    start=$(date +%s%N)
    "$menhir" analyze "$tps" --depth "$depth" --threads "$threads" --hash 16 > /dev/null 2>&1
    end=$(date +%s%N)
    total=$(( total + (end - start) / 1000000 ))
  done
  echo "threads $threads: depth $depth on ${#positions[@]} positions in $total ms"
done
