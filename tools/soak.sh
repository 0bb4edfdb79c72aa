#!/usr/bin/env bash
# Soak test: plays racetrack games on every size (4x4-6x6 against Tiltak, 7x7
# and 8x8 in self-play), at fast and slow controls, with Threads 1 and 2, then
# 3x3 self-play over TEI through `menhir-tools tune gen --teacher` (racetrack
# plays 4x4-8x8 only), then probes `stop` and `isready` latency, and reports
# games, forfeits by kind (time, crash, illegal or malformed move), Menhir's peak
# RSS and the slowest answers. docs/reliability.md holds a run's table.
#
# usage: tools/soak.sh --racetrack PATH --menhir PATH --tiltak PATH
#                      [--tools PATH] [--games 1000] [--probes 2000] [--out DIR]
# The games are spread over the plan below in proportion to its weights;
# --tools is the menhir-tools binary (default: beside --menhir).
set -euo pipefail

racetrack="" menhir="" tiltak="" tools="" games=1000 probes=2000 out="soak"
while [ $# -gt 0 ]; do
  case "$1" in
    --tools) tools=$2; shift 2 ;;
    --racetrack) racetrack=$2; shift 2 ;;
    --menhir) menhir=$2; shift 2 ;;
    --tiltak) tiltak=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --probes) probes=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "soak.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for v in racetrack menhir tiltak; do
  if [ -z "${!v}" ] || [ ! -x "${!v}" ]; then
    echo "soak.sh: --$v must name an executable" >&2; exit 2
  fi
done
[ -z "$tools" ] && tools="$(dirname "$menhir")/menhir-tools"
if [ ! -x "$tools" ]; then
  echo "soak.sh: --tools must name the menhir-tools binary" >&2; exit 2
fi
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
menhir="$(cd "$(dirname "$menhir")" && pwd)/$(basename "$menhir")"

# Each Menhir process runs under GNU time, which appends its peak RSS (KiB)
# and exit status to rss.log when it ends.
wrapper="$out/menhir-soak"
cat > "$wrapper" <<EOF
#!/usr/bin/env bash
exec /usr/bin/time -a -o "$out/rss.log" -f "%M %x" "$menhir" "\$@"
EOF
chmod +x "$wrapper"
: > "$out/rss.log"

# size komi opponent tc threads weight
plan=(
  "4 2 tiltak 3+0.03 1 16"
  "5 2 tiltak 3+0.03 2 10"
  "6 2 tiltak 5+0.05 1 16"
  "6 2 tiltak 20+0.2 2 2"
  "3 0 tei nodes:3000 2 14"
  "7 2 self 3+0.03 1 14"
  "8 2 self 5+0.05 2 6"
  "5 0 tiltak 2+0.02 1 22"
)
total_weight=0
for row in "${plan[@]}"; do set -- $row; total_weight=$((total_weight + $6)); done

for row in "${plan[@]}"; do
  set -- $row
  size=$1 komi=$2 opponent=$3 tc=$4 threads=$5 weight=$6
  n=$(( (games * weight / total_weight + 1) / 2 * 2 ))
  [ "$n" -lt 2 ] && n=2
  if [ "$opponent" = tei ]; then
    # Both sides played by one Menhir process over TEI, `go nodes N`; the tool
    # stops with an error on any illegal or missing move.
    name="$out/s${size}_tei_${tc#nodes:}nodes"
    echo "== ${size}x${size} komi $komi, Menhir against itself over TEI, ${tc#nodes:} nodes a move: $n games"
    if "$tools" tune gen --size "$size" --half-komi $((komi * 2)) --games "$n" \
        --nodes "${tc#nodes:}" --threads "$threads" --teacher "$wrapper" --out "$name.tsv" \
        > "$name.out" 2> "$name.err"; then
      echo "$n" > "$name.games"
    else
      echo "menhir-tools exited with $? (see $name.err)"
    fi
    continue
  fi
  if [ "$opponent" = tiltak ]; then other=$tiltak; else other=$wrapper; fi
  # Two engines of two threads each fill both cores: one game at a time then.
  concurrency=2
  [ "$threads" = 2 ] && concurrency=1
  book="$here/../bench-positions/${size}s_4ply_menhir_openings.txt"
  bookarg=()
  [ -f "$book" ] && bookarg=(-b "$book")
  name="$out/s${size}_k${komi}_${opponent}_${tc}_t${threads}"
  echo "== ${size}x${size} komi $komi vs $opponent, $tc, Threads $threads: $n games"
  "$racetrack" -s "$size" --komi "$komi" -g "$n" -c "$concurrency" \
    --engine "path=$wrapper" "option.Threads=$threads" --engine "path=$other" \
    --all-engines "tc=$tc" "${bookarg[@]}" --ptnout "$name.ptn" \
    > "$name.out" 2> "$name.err" || echo "racetrack exited with $? (see $name.err)"
  tail -n 3 "$name.out" || true
done

echo "== stop and isready latency: $probes probes (Threads 1 and 2)"
python3 "$here/latency_probe.py" --menhir "$menhir" --probes "$probes" \
  --ptn "$out"/*.ptn > "$out/latency.txt"

echo
echo "== summary"
all=$(cat "$out"/*.ptn | grep -c '^\[Result ' || true)
tei_games=$(cat "$out"/*.games 2>/dev/null | awk '{ n += $1 } END { print n + 0 }')
echo "games: $all under racetrack, $tei_games over TEI without a clock (3x3)"
echo "terminations other than road or flats (racetrack's Termination tag):"
grep -h '^\[Termination ' "$out"/*.ptn | sort | uniq -c || echo "  none"
echo "forfeits involving Menhir, by kind:"
for kind in "on time" "disconnected or crashed" "malformed move" "illegal move"; do
  # A forfeit is Menhir's when the losing side's player is the soak wrapper.
  count=$(awk -v kind="$kind" '
    function value(line) { sub(/^[^"]*"/, "", line); sub(/".*$/, "", line); return line }
    /^\[Player1 / { w = value($0) }
    /^\[Player2 / { b = value($0) }
    /^\[Termination / {
      t = value($0)
      if (index(t, kind) == 0) next
      if (t ~ /^White wins/) loser = b
      else if (t ~ /^Black wins/) loser = w
      else if (t ~ /^White/) loser = w
      else loser = b
      if (index(tolower(loser), "menhir") > 0) n++
    }
    END { print n + 0 }' "$out"/*.ptn)
  echo "  $kind: $count"
done
echo "Menhir processes: $(wc -l < "$out/rss.log"), peak RSS $(sort -n "$out/rss.log" | tail -1 | cut -d' ' -f1) KiB, nonzero exits: $(awk '$2 != 0' "$out/rss.log" | wc -l)"
cat "$out/latency.txt"
