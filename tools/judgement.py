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
still play worse (log §8.24: git show eb89b45:docs/strength-log.md).

usage: tools/judgement.py ENGINE MATCH.ptn [--size 6] [--half-komi 4] [--depth 5]
"""
import argparse
from collections import defaultdict

from menhirpy.ptn import read_games, result_kind, winner
from menhirpy.tei import Engine

BUCKET = 20
FIRST_PLY = 20


def open_engine(path, size, half_komi):
    """A TEI engine greeted and set up for games of `size` at `half_komi`."""
    engine = Engine(path)
    engine.set_option("HalfKomi", half_komi)
    engine.new_game(size)
    engine.is_ready()
    return engine


def score(engine, moves, depth):
    """The last reported `score cp` of a fixed-depth search, side to move's."""
    engine.position(moves)
    return engine.search(depth=depth).score


def judge(engine, games, depth):
    """({bucket: positions judged}, {bucket: positions whose score named the
    winner}) over the decisive games."""
    judged = defaultdict(int)
    right = defaultdict(int)
    for game in games:
        result = game.result
        if result is None or result_kind(result) not in ("road", "flats"):
            continue
        white_won = winner(result) == 0
        moves = game.moves()
        for ply in range(FIRST_PLY, len(moves), 2):
            found = score(engine, moves[:ply], depth)
            if found is None:
                continue
            bucket = ply // BUCKET * BUCKET
            judged[bucket] += 1
            if found != 0 and (found > 0) == white_won:
                right[bucket] += 1
    return judged, right


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engine")
    parser.add_argument("ptn")
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--half-komi", type=int, default=4)
    parser.add_argument("--depth", type=int, default=5)
    args = parser.parse_args()
    games = read_games(args.ptn)
    with open_engine(args.engine, args.size, args.half_komi) as engine:
        judged, right = judge(engine, games, args.depth)
    for bucket in sorted(judged):
        share = 100 * right[bucket] / judged[bucket]
        print(f"plies {bucket}-{bucket + BUCKET - 1}: {judged[bucket]} positions, "
              f"{share:.1f}% named the winner")


if __name__ == "__main__":
    main()
