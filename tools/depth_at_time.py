#!/usr/bin/env python3
"""Depth and nodes of the answer at a fixed thinking time, with one and two threads.

usage: tools/depth_at_time.py MENHIR MOVETIME RUNS FILE...

For every position of the FILEs (one TPS a line) and T = 1 and 2 threads, sends
`go movetime MOVETIME` over TEI (a fresh `teinewgame` each time, so the table is
empty) and reads the last `info` line before `bestmove`: the depth and nodes of
the answer actually given. Prints, per thread count, the mean depth, the mean
nodes and how often the answer was deeper than the last iteration the engine
reported before it (a helper thread's deeper iteration adopted). RUNS repeats
the whole set, the thread counts interleaved. Time to depth
(`tools/time_to_depth.py`) asks how fast a depth is reached; this asks what a
game gets from the same clock.
"""
import statistics
import sys

from menhirpy.ptn import read_lines, tps_size
from menhirpy.tei import Engine, EngineError


def open_engine(path, threads):
    engine = Engine(path)
    engine.set_option("Threads", threads)
    return engine


def think(engine, tps, movetime):
    """(depth, nodes, deeper) of the answer to `go movetime` on an empty table:
    deeper when the answer is deeper than every iteration reported before it."""
    engine.new_game(tps_size(tps))
    engine.position(tps=tps)
    reports = engine.search(movetime=movetime).reports
    answer = reports[-1]
    iterations = [info.depth for info in reports[:-1]]
    deeper = bool(iterations) and answer.depth > max(iterations)
    return answer.depth, answer.nodes, deeper


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    menhir, movetime, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    positions = read_lines(sys.argv[4:])
    engines = {t: open_engine(menhir, t) for t in (1, 2)}
    seen = {1: [], 2: []}
    try:
        for _ in range(runs):
            for tps in positions:
                for threads, engine in engines.items():
                    seen[threads].append(think(engine, tps, movetime))
    except EngineError as e:
        sys.exit(str(e))
    for engine in engines.values():
        engine.close()
    print("movetime %d ms, %d positions, %d runs" % (movetime, len(positions), runs))
    for threads, results in seen.items():
        depths = [d for d, _, _ in results]
        nodes = [n for _, n, _ in results]
        adopted = sum(1 for _, _, a in results if a)
        print("  %d thread(s): depth %.2f, nodes %.0f, deeper than the last reported "
              "iteration %d of %d" % (threads, statistics.mean(depths), statistics.mean(nodes),
                                      adopted, len(results)))


if __name__ == "__main__":
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(__doc__.strip())
        sys.exit(0)
    main()
