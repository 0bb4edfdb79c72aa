#!/usr/bin/env python3
"""Probes how fast Menhir answers `isready` and `stop` during a search.

For each probe: a position (from the given PTN games, or the start position),
`go infinite`, a random pause of 5-300 ms, `isready` (timed to `readyok`),
another pause, `stop` (timed to `bestmove`). Half the probes use Threads 1,
half Threads 2. Prints the count, median, 99th and 99.9th percentile and the
maximum of each answer time, in ms.

usage: tools/latency_probe.py --menhir PATH [--probes 2000] [--ptn FILE ...]
"""
import argparse
import random
import re
import subprocess
import time


def positions_from_ptn(paths):
    """(size, komi, moves) for positions along the games in the PTN files."""
    out = []
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for game in re.split(r"\n(?=\[Site )", text):
            size = re.search(r'\[Size "(\d)"\]', game)
            if not size:
                continue
            komi = re.search(r'\[Komi "([\d.]+)"\]', game)
            half_komi = int(float(komi.group(1)) * 2) if komi else 0
            body = re.sub(r"\[[^\]]*\]|\{[^}]*\}", " ", game)
            plies = [t for t in body.split() if not re.match(r"^\d+\.$|^[RF0-9/]+-[RF0-9/]+$", t)]
            plies = [p.rstrip("'!?\"") for p in plies]
            for cut in range(2, len(plies) - 1, 7):
                out.append((int(size.group(1)), half_komi, plies[:cut]))
    return out


class Engine:
    def __init__(self, path, threads):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send(f"setoption name Threads value {threads}")
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("menhir ended")
            if line.startswith(prefix):
                return line

    def close(self):
        self.send("quit")
        self.p.wait(timeout=30)
        return self.p.returncode


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--menhir", required=True)
    ap.add_argument("--probes", type=int, default=2000)
    ap.add_argument("--ptn", nargs="*", default=[])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    positions = positions_from_ptn(args.ptn) or [(6, 4, [])]
    timings = {"isready": [], "stop": []}
    exits = []
    for threads in (1, 2):
        engine = Engine(args.menhir, threads)
        for _ in range(args.probes // 2):
            size, half_komi, moves = rng.choice(positions)
            engine.send(f"teinewgame size {size} halfkomi {half_komi}")
            engine.send("position startpos moves " + " ".join(moves))
            engine.send("go infinite")
            time.sleep(rng.uniform(0.005, 0.3))
            t = time.perf_counter()
            engine.send("isready")
            engine.until("readyok")
            timings["isready"].append((time.perf_counter() - t) * 1000)
            time.sleep(rng.uniform(0.005, 0.3))
            t = time.perf_counter()
            engine.send("stop")
            engine.until("bestmove")
            timings["stop"].append((time.perf_counter() - t) * 1000)
        exits.append(engine.close())
    print(f"latency probes: {args.probes} over {len(positions)} positions, exit codes {exits}")
    print("answer   count  median_ms  p99_ms  p99.9_ms  max_ms")
    for name, values in timings.items():
        print(f"{name:8} {len(values):5}  {percentile(values, 0.5):9.2f}  "
              f"{percentile(values, 0.99):6.2f}  {percentile(values, 0.999):8.2f}  {max(values):6.2f}")


if __name__ == "__main__":
    main()
