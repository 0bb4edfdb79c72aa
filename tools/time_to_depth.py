#!/usr/bin/env python3
"""Time to depth with one and two threads, position by position.

usage: tools/time_to_depth.py MENHIR DEPTH RUNS FILE...

Runs `MENHIR analyze TPS --depth DEPTH --threads T` for T = 1 and 2 on every
position of the FILEs (one TPS a line), RUNS times each (the runs interleaved,
so a slow spell of the machine hits both thread counts), and prints the sums of
the per-position medians, their ratio, the geometric mean of the per-position
speed-ups and each position's speed-up. `tools/time_to_depth.sh` is the quick
five-position version.
"""
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    menhir, depth, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    positions = [l.strip() for f in sys.argv[4:] for l in open(f) if l.strip()]
    times = {}
    for _ in range(runs):
        for threads in (1, 2):
            for i, tps in enumerate(positions):
                start = time.time()
                subprocess.run([menhir, "analyze", tps, "--depth", depth, "--threads", str(threads)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
                times.setdefault((threads, i), []).append(time.time() - start)
    median = {k: statistics.median(v) for k, v in times.items()}
    total = {t: sum(median[(t, i)] for i in range(len(positions))) for t in (1, 2)}
    per = [median[(1, i)] / median[(2, i)] for i in range(len(positions))]
    print("depth %s, %d positions, %d runs: 1 thread %.2f s, 2 threads %.2f s, speed-up %.2f, "
          "geometric mean per position %.2f"
          % (depth, len(positions), runs, total[1], total[2], total[1] / total[2],
             statistics.geometric_mean(per)))
    print("per position:", " ".join("%.2f" % x for x in per))


if __name__ == "__main__":
    main()
