#!/usr/bin/env bash
# Plays a racetrack match between Menhir and another TEI engine from a balanced
# opening book (each opening twice, colours swapped) and keeps the PTN and the
# racetrack summary, which ends with the Elo estimate and its 95% interval.
#
# usage: tools/match.sh --racetrack PATH --menhir PATH --opponent PATH
#                       [--size 6] [--komi 2] [--games 100] [--tc 10+0.1]
#                       [--concurrency 2] [--out DIR]
#                       [--book FILE]        (default: bench-positions/<size>s_4ply_menhir_openings.txt)
#                       [--sprt ELO0,ELO1]   (SPRT, alpha = beta = 0.05; --games is the cap;
#                                             tools/sprt_llr.py's LLR is the one to read)
#                       [--threads 1]        (Threads option of both engines)
#                       [--menhir-option NAME=VALUE]  (a TEI option of Menhir's alone;
#                                             repeatable, e.g. Contempt=50)
set -euo pipefail

racetrack="" menhir="" opponent=""
size=6 komi=2 games=100 tc="10+0.1" concurrency=2 book="" out="matches" sprt="" threads=1
menhir_opts=()
while [ $# -gt 0 ]; do
  case "$1" in
    --racetrack) racetrack=$2; shift 2 ;;
    --menhir) menhir=$2; shift 2 ;;
    --opponent) opponent=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --komi) komi=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --tc) tc=$2; shift 2 ;;
    --concurrency) concurrency=$2; shift 2 ;;
    --book) book=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --sprt) sprt=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --menhir-option)
      case "$2" in
        ?*=?*) menhir_opts+=("option.$2") ;;
        *) echo "match.sh: --menhir-option wants NAME=VALUE, not '$2'" >&2; exit 2 ;;
      esac
      shift 2 ;;
    -h|--help) awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "match.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for v in racetrack menhir opponent; do
  if [ -z "${!v}" ] || [ ! -x "${!v}" ]; then
    echo "match.sh: --$v must name an executable" >&2; exit 2
  fi
done
here="$(cd "$(dirname "$0")" && pwd)"
if [ -z "$book" ]; then
  # The project's own books, one per size 4-8, made by the book maker
  # (`menhir-tools book`; see bench-positions/README.md).
  book="$here/../bench-positions/${size}s_4ply_menhir_openings.txt"
fi
if [ ! -f "$book" ]; then
  echo "match.sh: no opening book at $book (give --book FILE)" >&2; exit 2
fi
format=()
# racetrack reports a plain match from the first engine's side, and an SPRT for
# its second engine ("Under test") against the first ("Base engine"): so in an
# SPRT the new build goes second, and the Elo and LLR printed are the new build's.
first=("path=$menhir" "${menhir_opts[@]}") second=("path=$opponent")
if [ -n "$sprt" ]; then
  format=(--format sprt --sprt "elo0=${sprt%,*}" "elo1=${sprt#*,}" alpha=0.05 beta=0.05)
  first=("path=$opponent") second=("path=$menhir" "${menhir_opts[@]}")
fi
engine_opts=()
if [ "$threads" != 1 ]; then
  engine_opts=("option.Threads=$threads")
fi
mkdir -p "$out"
name="$out/s${size}_k${komi}_$(basename "$menhir")_vs_$(basename "$opponent")_$(date +%Y%m%d_%H%M%S)"
echo "$racetrack -s $size --komi $komi -g $games -c $concurrency ${format[*]} --engine ${first[*]} --engine ${second[*]} --all-engines tc=$tc ${engine_opts[*]} -b $book --ptnout $name.ptn" | tee "$name.cmd"
"$racetrack" -s "$size" --komi "$komi" -g "$games" -c "$concurrency" "${format[@]}" \
  --engine "${first[@]}" --engine "${second[@]}" \
  --all-engines "tc=$tc" "${engine_opts[@]}" -b "$book" --ptnout "$name.ptn" 2> "$name.err" | tee "$name.out"
# racetrack scores a loss on time, an illegal or malformed move or a crash as
# 1-0 / 0-1; roads and flat counts are R-0, 0-R, F-0, 0-F.
echo "results:"
grep -o 'Result "[^"]*"' "$name.ptn" | sort | uniq -c
echo "forfeits (1-0 or 0-1): $(grep -cE 'Result "(1-0|0-1)"' "$name.ptn" || true)"
# Wins, draws and losses per engine, read from the PTN (White is Player1).
echo "per engine (wins-draws-losses):"
awk '
  function value(line) { sub(/^[^"]*"/, "", line); sub(/".*$/, "", line); return line }
  /^\[Player1 / { w = value($0); seen[w] = 1 }
  /^\[Player2 / { b = value($0); seen[b] = 1 }
  /^\[Result / {
    r = value($0)
    if (r == "1/2-1/2") { d[w]++; d[b]++ }
    else if (r ~ /^0-/) { win[b]++; loss[w]++ }
    else { win[w]++; loss[b]++ }
  }
  END { for (e in seen) printf "  %s: %d-%d-%d\n", e, win[e], d[e], loss[e] }
' "$name.ptn"
# Game lengths, time and depth per move, results by kind (road, flats, draw, forfeit).
if command -v python3 >/dev/null 2>&1; then
  python3 "$here/ptn_stats.py" "$name.ptn" || true
  # racetrack's LLR runs high while a pentanomial class is empty; this one does not.
  if [ -n "$sprt" ]; then
    python3 "$here/sprt_llr.py" "$name.ptn" "$menhir" "${sprt%,*}" "${sprt#*,}" || true
  fi
fi
