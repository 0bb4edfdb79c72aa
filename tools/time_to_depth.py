#!/usr/bin/env python3
"""Time to depth with one and two threads, position by position.

usage: tools/time_to_depth.py [--hash MIB] [--against OTHER] MENHIR DEPTH RUNS FILE...

Runs `MENHIR analyze TPS --depth DEPTH --threads T` for T = 1 and 2 on every
position of the FILEs (one TPS a line), RUNS times each (the runs interleaved,
so a slow spell of the machine hits both thread counts), and prints the sums of
the per-position medians, their ratio, the geometric mean of the per-position
speed-ups and each position's speed-up. `tools/time_to_depth.sh` is the quick
five-position version.

--against OTHER times a second build the same way, its runs interleaved with
MENHIR's, and prints its line too: two builds compared in one call share every slow
spell of the machine. Two threads' trees differ from run to run, so a position's
time with two threads does too (0.5x to 3x one thread's); over 53 positions and
three or four runs the speed-up of one build still moves by about ±0.05 from call
to call (`docs/performance.md`, "Threads").

--hash sets the table's size (default 16 MiB). Every run is a new process with a
new table, whose memory the OS maps page by page as the search first writes it;
with two threads those first writes contend in the kernel, so a large table slows
two threads more than one and the speed-up measures page faults as much as the
search (`docs/performance.md`). A small table is mapped within the first few
milliseconds.
"""
import statistics
import subprocess
import sys
import time

from menhirpy.ptn import read_lines


def main():
    args = sys.argv[1:]
    hash_mib, builds = "16", []
    while args[:1] in (["--hash"], ["--against"]) and len(args) > 1:
        if args[0] == "--hash":
            hash_mib = args[1]
        else:
            builds.append(args[1])
        args = args[2:]
    if len(args) < 4:
        sys.exit(__doc__)
    builds.insert(0, args[0])
    depth, runs = args[1], int(args[2])
    positions = read_lines(args[3:])
    times = {}
    for _ in range(runs):
        for menhir in builds:
            for threads in (1, 2):
                for i, tps in enumerate(positions):
                    start = time.time()
                    subprocess.run([menhir, "analyze", tps, "--depth", depth, "--threads", str(threads),
                                    "--hash", hash_mib],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
                    times.setdefault((menhir, threads, i), []).append(time.time() - start)
    for menhir in builds:
        median = {k[1:]: statistics.median(v) for k, v in times.items() if k[0] == menhir}
        total = {t: sum(median[(t, i)] for i in range(len(positions))) for t in (1, 2)}
        per = [median[(1, i)] / median[(2, i)] for i in range(len(positions))]
        if len(builds) > 1:
            print(menhir)
        print("hash %s MiB, depth %s, %d positions, %d runs: 1 thread %.2f s, 2 threads %.2f s, speed-up %.2f, "
              "geometric mean per position %.2f"
              % (hash_mib, depth, len(positions), runs, total[1], total[2], total[1] / total[2],
                 statistics.geometric_mean(per)))
        print("per position:", " ".join("%.2f" % x for x in per))


if __name__ == "__main__":
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(__doc__.strip())
        sys.exit(0)
    main()
