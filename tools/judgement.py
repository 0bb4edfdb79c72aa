#!/usr/bin/env python3
"""How often an engine's score names the winner of finished games: every other
position of each decisive game in a racetrack PTN file (from ply 20 on, the
positions where White is to move) is searched by a TEI engine to a fixed depth,
and the sign of its score (turned to White's side) is compared with the result.
Printed by 20-ply bucket: positions, and the share whose score had the winner's
sign (a score of 0 names no one).

Games played against a stronger opponent make a test set whose labels the engine
did not write: the same positions scored by two builds (another network, another
evaluation) show which judges the outcome better. That is not which plays better:
the search ranks sibling positions, and a build can name the winner more often and
still play worse (docs/strength-log.md §8.24).

usage: tools/judgement.py ENGINE MATCH.ptn [--size 6] [--half-komi 4] [--depth 5]
"""
import argparse
import subprocess
from collections import defaultdict

import latency_probe
from ptn_stats import games, kind, plies, winner

BUCKET = 20
FIRST_PLY = 20


class Engine(latency_probe.Engine):
    """A TEI engine on pipes (any engine: it is greeted with `tei` first)."""

    def __init__(self, path, size, half_komi):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("tei")
        self.until("teiok")
        self.send(f"setoption name HalfKomi value {half_komi}")
        self.send(f"teinewgame {size}")
        self.send("isready")
        self.until("readyok")

    def score(self, moves, depth):
        """The last reported `score cp` of a fixed-depth search, side to move's."""
        self.send("position startpos moves " + " ".join(moves))
        self.send(f"go depth {depth}")
        score = None
        while True:
            words = self.until(("info", "bestmove")).split()
            if words[0] == "bestmove":
                return score
            if "cp" in words:
                score = int(words[words.index("cp") + 1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engine")
    parser.add_argument("ptn")
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--half-komi", type=int, default=4)
    parser.add_argument("--depth", type=int, default=5)
    args = parser.parse_args()
    with open(args.ptn, encoding="utf-8") as f:
        text = f.read()
    engine = Engine(args.engine, args.size, args.half_komi)
    judged = defaultdict(int)
    right = defaultdict(int)
    for tags, movetext in games(text):
        result = tags.get("Result")
        if result is None or kind(result) not in ("road", "flats"):
            continue
        white_won = winner(result) == 0
        moves = [token for _, token, _ in plies(movetext)]
        for ply in range(FIRST_PLY, len(moves), 2):
            score = engine.score(moves[:ply], args.depth)
            if score is None:
                continue
            bucket = ply // BUCKET * BUCKET
            judged[bucket] += 1
            if score != 0 and (score > 0) == white_won:
                right[bucket] += 1
    engine.close()
    for bucket in sorted(judged):
        share = 100 * right[bucket] / judged[bucket]
        print(f"plies {bucket}-{bucket + BUCKET - 1}: {judged[bucket]} positions, "
              f"{share:.1f}% named the winner")


if __name__ == "__main__":
    main()
