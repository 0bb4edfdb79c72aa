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
import subprocess
import sys


def board_size(tps):
    row = tps.split()[0].split("/")[0]
    n = 0
    for cell in row.split(","):
        n += int(cell[1:]) if cell.startswith("x") and cell[1:].isdigit() else 1
    return n


class Engine:
    def __init__(self, path, threads):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("tei")
        self.read_until("teiok")
        self.send("setoption name Threads value %d" % threads)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("engine closed its output")
            lines.append(line.split())
            if line.startswith(prefix):
                return lines

    def think(self, tps, movetime):
        self.send("teinewgame %d" % board_size(tps))
        self.send("position tps " + tps)
        self.send("go movetime %d" % movetime)
        infos = [l for l in self.read_until("bestmove") if l and l[0] == "info" and "depth" in l]
        field = lambda l, name: int(l[l.index(name) + 1])
        answer = infos[-1]
        iterations = [field(l, "depth") for l in infos[:-1]]
        deeper = bool(iterations) and field(answer, "depth") > max(iterations)
        return field(answer, "depth"), field(answer, "nodes"), deeper

    def close(self):
        self.send("quit")
        self.proc.wait()


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    menhir, movetime, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    positions = [l.strip() for f in sys.argv[4:] for l in open(f) if l.strip()]
    engines = {t: Engine(menhir, t) for t in (1, 2)}
    seen = {1: [], 2: []}
    for _ in range(runs):
        for tps in positions:
            for threads, engine in engines.items():
                seen[threads].append(engine.think(tps, movetime))
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
