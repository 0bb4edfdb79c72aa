#!/usr/bin/env bash
# One generation of Menhir's self-play learning on one board size:
#
#   1. builds the engine and its tools from this tree: the current network of
#      the size (src/eval/net_weights/s<size>.bin; an empty file means none) is
#      the player;
#   2. plays --games games for each --half-komi with `menhir-tools tune gen`
#      (--nodes per move, seeded random openings) into
#      DATA/s<size>/g<generation>/; a file already there is kept, so shards
#      played elsewhere (`tune gen --shard K`) can be dropped in first;
#   3. fits the correction (`menhir-tools tune net`, --hidden units, --lambda:
#      1 fits the search scores, which generalise; results overfit, see
#      the experiment log, §8 (1); --result-plies N lets the result into the
#      targets of each game's last N plies only; --td D instead gives each
#      position a temporal-difference return, decay D a ply, over the search
#      scores of the game's later positions and its result)
#      to this generation's positions and those of the --window generations
#      before it, and writes s<size>.bin; with --fine-tune the fit starts from
#      the current network instead of random weights (give a smaller
#      --learning-rate, e.g. 0.0005, so that it refines rather than forgets);
#      the fit's defaults, --weight-decay 0.1 over --epochs 40, beat 0.5 over
#      12 on 5x5 (log §8.27 (1)); the generations before that
#      section were fitted with 0.5 and 12;
#   4. rebuilds, prints the bench signature, and plays an SPRT of the new
#      engine against the old one with tools/match.sh (racetrack, the size's
#      book, both colours per opening);
#   5. appends the generation's row (command, positions, losses, SPRT) to
#      DATA/generations.md, and puts the old s<size>.bin back unless the SPRT
#      accepted the new one (or --keep is given).
#
# Racetrack does not play 3x3: there (and on any size with --judge) step 4 is
# `menhir-tools judge`, a match at --judge-nodes nodes a move (default: --nodes)
# from bench-positions/3s_menhir_openings.txt (or the size's 4-ply book), both
# colours per opening, with the same SPRT; --racetrack is then not needed.
#
# (1) the experiment log as it stood at eb89b45: git show eb89b45:docs/strength-log.md
#
# usage: tools/learn.sh --size N --generation G --racetrack PATH
#          [--half-komi 4] (repeatable; default 4, or 0 on 3x3)
#          [--games 2000] [--nodes 10000] [--random-plies 6] [--seed S]
#          (3x3: --nodes 1000 and --random-plies 3 by default)
#          [--judge] [--judge-nodes N]
#          [--hidden 256] [--fine-tune] [--learning-rate 0.002] [--lambda 1] [--result-plies N | --td D] [--weight-decay 0.1] [--epochs 40] [--window 1]
#          [--tc 5+0.05] [--sprt 0,15] [--sprt-games 400] [--komi 2]
#          [--data learn-data] [--no-sprt] [--keep]
set -euo pipefail

command="tools/learn.sh $*"
size="" generation="" racetrack="" games=2000 nodes="" random_plies="" seed=""
hidden=256 fine_tune=0 learning_rate=0.002 lambda=1 result_plies="" td="" weight_decay=0.1 epochs=40 window=1 tc="5+0.05" sprt="0,15" sprt_games=400
komi="" data="learn-data" do_sprt=1 keep=0 use_judge=0 judge_nodes=""
komis=()
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size=$2; shift 2 ;;
    --generation) generation=$2; shift 2 ;;
    --racetrack) racetrack=$2; shift 2 ;;
    --half-komi) komis+=("$2"); shift 2 ;;
    --games) games=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --random-plies) random_plies=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --hidden) hidden=$2; shift 2 ;;
    --fine-tune) fine_tune=1; shift ;;
    --learning-rate) learning_rate=$2; shift 2 ;;
    --lambda) lambda=$2; shift 2 ;;
    --result-plies) result_plies=$2; shift 2 ;;
    --td) td=$2; shift 2 ;;
    --weight-decay) weight_decay=$2; shift 2 ;;
    --epochs) epochs=$2; shift 2 ;;
    --window) window=$2; shift 2 ;;
    --tc) tc=$2; shift 2 ;;
    --sprt) sprt=$2; shift 2 ;;
    --sprt-games) sprt_games=$2; shift 2 ;;
    --komi) komi=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    --no-sprt) do_sprt=0; shift ;;
    --keep) keep=1; shift ;;
    --judge) use_judge=1; shift ;;
    --judge-nodes) judge_nodes=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "learn.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ -z "$size" ] || [ -z "$generation" ]; then
  echo "learn.sh: --size and --generation are required" >&2; exit 2
fi
if [ "$size" = 3 ]; then use_judge=1; fi
if [ -z "$nodes" ]; then if [ "$size" = 3 ]; then nodes=1000; else nodes=10000; fi; fi
if [ -z "$random_plies" ]; then if [ "$size" = 3 ]; then random_plies=3; else random_plies=6; fi; fi
if [ -z "$judge_nodes" ]; then judge_nodes=$nodes; fi
if [ "$do_sprt" = 1 ] && [ "$use_judge" = 0 ] && { [ -z "$racetrack" ] || [ ! -x "$racetrack" ]; }; then
  echo "learn.sh: --racetrack must name racetrack's binary (or give --no-sprt)" >&2; exit 2
fi
if [ ${#komis[@]} -eq 0 ]; then
  if [ "$size" = 3 ]; then komis=(0); else komis=(4); fi
fi
if [ -z "$komi" ]; then komi=$(( komis[0] / 2 )); fi
if [ -z "$seed" ]; then seed=$(( size * 1000 + generation )); fi
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
data="$(mkdir -p "$data" && cd "$data" && pwd)"
net="src/eval/net_weights/s${size}.bin"

cargo build --release --quiet -p menhir -p menhir-tools
bins="$data/bin"
mkdir -p "$bins"
old="$bins/menhir-s${size}-g$((generation - 1))"
cp target/release/menhir "$old"
cp "$net" "$data/s${size}-g$((generation - 1)).bin"

# 2. Self-play with the current network.
gen_dir="$data/s${size}/g${generation}"
mkdir -p "$gen_dir"
for hk in "${komis[@]}"; do
  file="$gen_dir/hk${hk}_n${nodes}_g${games}_seed${seed}.tsv"
  if [ -f "$file" ]; then
    echo "reusing $file"
  else
    target/release/menhir-tools tune gen --size "$size" --half-komi "$hk" \
      --games "$games" --nodes "$nodes" --random-plies "$random_plies" \
      --seed "$seed" --out "$file.part"
    mv "$file.part" "$file"
  fi
done

# 3. Fit to this generation and the --window before it.
files=()
for (( g = generation - window + 1; g <= generation; g++ )); do
  if [ -d "$data/s${size}/g${g}" ]; then
    while IFS= read -r f; do files+=("$f"); done < <(ls "$data/s${size}/g${g}"/*.tsv)
  fi
done
positions=$(cat "${files[@]}" | wc -l)
fit_log="$gen_dir/fit.log"
init=()
if [ "$fine_tune" = 1 ]; then init=(--init "$data/s${size}-g$((generation - 1)).bin"); fi
targets=(--lambda "$lambda" ${result_plies:+--result-plies "$result_plies"})
if [ -n "$td" ]; then targets=(--td "$td"); fi
target/release/menhir-tools tune net "${files[@]}" --hidden "$hidden" "${targets[@]}" \
  ${init[@]+"${init[@]}"} --learning-rate "$learning_rate" \
  --weight-decay "$weight_decay" --epochs "$epochs" --decay-to 0.05 \
  --write src/eval/net_weights | tee "$fit_log"
losses=$(grep 'validation loss' "$fit_log" | tail -1)

# 4. The new engine against the old one.
cargo build --release --quiet -p menhir
new="$bins/menhir-s${size}-g${generation}"
cp target/release/menhir "$new"
bench=$("$new" bench 2>/dev/null | tail -1)
echo "bench: $bench"
verdict="not played (--no-sprt)"
result=""
if [ "$do_sprt" = 1 ]; then
  match_log="$gen_dir/sprt.log"
  if [ "$use_judge" = 1 ]; then
    book="bench-positions/${size}s_4ply_menhir_openings.txt"
    if [ "$size" = 3 ]; then book="bench-positions/3s_menhir_openings.txt"; fi
    target/release/menhir-tools judge --engine "$new" --opponent "$old" --size "$size" \
      --half-komi "${komis[0]}" --book "$book" --nodes "$judge_nodes" \
      --sprt "$sprt" | tee "$match_log"
    elo=$(grep -E '^Elo' "$match_log" | tail -1 | sed 's/^Elo: //')
    llr=$(grep -E '^LLR' "$match_log" | tail -1 | awk '{print $2}')
    result="$(grep -E "^$new: " "$match_log" | sed 's/.*W-D-L //' | tail -1) at $judge_nodes nodes"
  else
    tools/match.sh --racetrack "$racetrack" --menhir "$new" --opponent "$old" \
      --size "$size" --komi "$komi" --games "$sprt_games" --tc "$tc" --concurrency 2 \
      --sprt "$sprt" --out "$gen_dir/matches" | tee "$match_log"
    elo=$(grep -E '^Elo' "$match_log" | tail -1 | sed 's/^Elo *: *//')
    llr=$(grep -E '^LLR' "$match_log" | tail -1 | awk '{print $3}')
    result=$(grep -E "^$new: " "$match_log" | sed 's/.*W-D-L //' | tail -1)
  fi
  result="$result, Elo $elo, LLR $llr"
  if awk -v l="$llr" 'BEGIN { exit !(l >= 2.94) }'; then
    verdict="accepted"
  elif awk -v l="$llr" 'BEGIN { exit !(l <= -2.94) }'; then
    verdict="rejected"
  else
    verdict="undecided at the cap"
  fi
fi
if [ "$verdict" != "accepted" ] && [ "$keep" = 0 ]; then
  cp "$data/s${size}-g$((generation - 1)).bin" "$net"
  echo "kept the old network: $verdict"
fi
row="| $(date +%F) | ${size}x${size} | $generation | \`$command\` | $positions from ${#files[@]} files | $losses | $bench | $result | $verdict |"
if [ ! -f "$data/generations.md" ]; then
  echo "| date | size | generation | command | positions | fit | bench | SPRT (new W-D-L, Elo, LLR) | verdict |" > "$data/generations.md"
  echo "|---|---|---|---|---|---|---|---|---|" >> "$data/generations.md"
fi
echo "$row" >> "$data/generations.md"
echo "$row"
