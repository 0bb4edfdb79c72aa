#!/usr/bin/env bash
# Tunes one board size's evaluation weights from Menhir's own games (or a
# teacher engine's): builds Menhir and its tools, plays the games in parallel
# (`menhir-tools tune gen`), fits the weights to the results (`menhir-tools tune fit`)
# and writes them into src/eval/weights/s<size>.rs.
# The fit starts from the weights compiled into that build, so run it on the tree
# it writes into. Review the diff, rebuild, run `menhir bench` and SPRT the result
# with tools/match.sh.
#
# usage: tools/tune.sh [--size 6] [--half-komi 4] [--games 2000] [--nodes 5000]
#                      [--seed 1] [--epochs 3000] [--lambda 0] [--threads N]
#                      [--data DIR]   (where the position files go; default tune-data/)
#                      [--no-write]   (fit and print only)
#                      [--teacher ENGINE]  (a TEI engine such as Tiltak plays the games)
#                      [--also FILE]  (fit to this earlier position file too; repeatable)
set -euo pipefail

size=6 half_komi=4 games=2000 nodes=5000 seed=1 epochs=3000 lambda=0 threads="" data="tune-data" write=1 teacher=""
also=()
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size=$2; shift 2 ;;
    --half-komi) half_komi=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --epochs) epochs=$2; shift 2 ;;
    --lambda) lambda=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    --no-write) write=0; shift ;;
    --teacher) teacher=$2; shift 2 ;;
    --also) also+=("$2"); shift 2 ;;
    -h|--help) awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "tune.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
cargo build --release --quiet -p menhir -p menhir-tools
tools="$root/target/release/menhir-tools"
mkdir -p "$data"
tag=""
thread_args=()
if [ -n "$threads" ]; then thread_args=(--threads "$threads"); fi
if [ -n "$teacher" ]; then
  thread_args+=(--teacher "$teacher")
  tag="_$(basename "$teacher")"
fi
file="$data/s${size}${tag}_hk${half_komi}_n${nodes}_g${games}_seed${seed}.tsv"
if [ ! -f "$file" ]; then
  "$tools" tune gen --size "$size" --half-komi "$half_komi" --games "$games" \
    --nodes "$nodes" --seed "$seed" --out "$file" "${thread_args[@]}"
else
  echo "reusing $file"
fi
write_args=()
if [ "$write" = 1 ]; then write_args=(--write src/eval/weights); fi
"$tools" tune fit "$file" "${also[@]}" --epochs "$epochs" --lambda "$lambda" "${write_args[@]}"
