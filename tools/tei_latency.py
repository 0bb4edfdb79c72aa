#!/usr/bin/env python3
"""Measures how precisely a TEI engine keeps `go movetime` and how fast it answers
`stop`: the time from writing the command to reading `bestmove`, over several runs.

usage: tools/tei_latency.py ENGINE [--runs 20] [--movetime 100] [--size 6]
"""
import argparse
import statistics
import subprocess
import sys
import time

MIDGAME = ("2,1S,2,2,2,x/x2,212S,1,221C,x/1,12,x,1,2,1/x2,1,2,112C,x/"
           "x2,1,2,1,x/x3,1,21,x 1 21")


def read_until(proc, prefix):
    while True:
        line = proc.stdout.readline()
        if not line:
            sys.exit("engine closed its output")
        if line.startswith(prefix):
            return line


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--movetime", type=int, default=100)
    args = ap.parse_args()
    proc = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    send("tei")
    read_until(proc, "teiok")
    send("teinewgame 6")
    send("isready")
    read_until(proc, "readyok")
    over, stops = [], []
    for _ in range(args.runs):
        send(f"position tps {MIDGAME}")
        start = time.perf_counter()
        send(f"go movetime {args.movetime}")
        read_until(proc, "bestmove")
        over.append((time.perf_counter() - start) * 1000 - args.movetime)
        send(f"position tps {MIDGAME}")
        send("go infinite")
        time.sleep(0.2)
        start = time.perf_counter()
        send("stop")
        read_until(proc, "bestmove")
        stops.append((time.perf_counter() - start) * 1000)
    send("quit")
    proc.wait(timeout=2)
    print(f"movetime {args.movetime} ms, {args.runs} runs: bestmove after movetime "
          f"{statistics.mean(over):+.1f} ms on average, worst {max(over):+.1f} ms")
    print(f"stop -> bestmove: {statistics.mean(stops):.1f} ms on average, "
          f"worst {max(stops):.1f} ms")


if __name__ == "__main__":
    main()
