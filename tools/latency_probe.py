#!/usr/bin/env python3
"""Probes how fast Menhir answers `isready` and `stop` during a search.

For each probe: a position (from the given PTN games, the TPS files, or the start
position), `go infinite`, a random pause of 5-300 ms, `isready` (timed to
`readyok`), another pause, `stop` (timed to `bestmove`). Half the probes use
Threads 1, half Threads 2. Prints the count, median, 99th and 99.9th percentile
and the maximum of each answer time, in ms.

With `--movetime MS` each probe first searches its position with `go movetime MS`
as well, and the time from `go` to `bestmove` minus MS is printed as a third
answer, `movetime` (negative: the answer came before the time was up).

usage: tools/latency_probe.py --menhir PATH [--probes 2000] [--ptn FILE ...]
                              [--tps FILE ...] [--seed 1] [--movetime MS]
"""
import argparse
import random
import time

from menhirpy.ptn import games_in, read_lines, tps_size
from menhirpy.tei import Engine


def positions_from_ptn(paths):
    """(size, half komi, moves, None) for positions along the games in the PTN files."""
    out = []
    for game in games_in(paths):
        if game.size is None:
            continue
        plies = game.moves()
        for cut in range(2, len(plies) - 1, 7):
            out.append((game.size, game.half_komi, plies[:cut], None))
    return out


def positions_from_tps(paths):
    """(size, 0, no moves, TPS) for each TPS line of the files."""
    return [(tps_size(tps), 0, [], tps) for tps in read_lines(paths)]


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def probe(engine, position, rng, movetime, timings):
    """One probe of a position: its answer times (ms) added to `timings`."""
    size, half_komi, moves, tps = position
    engine.new_game(size, half_komi)
    if movetime:
        engine.position(moves, tps)
        took = engine.search(movetime=movetime).seconds
        timings["movetime"].append(took * 1000 - movetime)
    engine.position(moves, tps)
    engine.go(infinite=True)
    time.sleep(rng.uniform(0.005, 0.3))
    timings["isready"].append(engine.is_ready() * 1000)
    time.sleep(rng.uniform(0.005, 0.3))
    timings["stop"].append(engine.stop().seconds * 1000)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 usage=__doc__.strip().rsplit("usage: ", 1)[1])
    ap.add_argument("--menhir", required=True)
    ap.add_argument("--probes", type=int, default=2000)
    ap.add_argument("--ptn", nargs="*", default=[])
    ap.add_argument("--tps", nargs="*", default=[])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--movetime", type=int, default=0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    positions = (positions_from_ptn(args.ptn) + positions_from_tps(args.tps)) or [(6, 4, [], None)]
    timings = {"isready": [], "stop": []}
    if args.movetime:
        timings["movetime"] = []
    exits = []
    for threads in (1, 2):
        engine = Engine(args.menhir)
        engine.set_option("Threads", threads)
        engine.is_ready()
        for _ in range(args.probes // 2):
            probe(engine, rng.choice(positions), rng, args.movetime, timings)
        exits.append(engine.close())
    print(f"latency probes: {args.probes} over {len(positions)} positions, exit codes {exits}")
    print("answer   count  median_ms  p99_ms  p99.9_ms  max_ms")
    for name, values in timings.items():
        print(f"{name:8} {len(values):5}  {percentile(values, 0.5):9.2f}  "
              f"{percentile(values, 0.99):6.2f}  {percentile(values, 0.999):8.2f}  {max(values):6.2f}")


if __name__ == "__main__":
    main()
