#!/usr/bin/env python3
"""The SPRT's log-likelihood ratio of a racetrack match, read from its PTN.

usage: tools/sprt_llr.py MATCH.ptn ENGINE ELO0 ELO1

racetrack plays each opening twice, colours swapped, as rounds 2k-1 and 2k. This
pairs the games by their Round tags, counts the pairs by ENGINE's points (0, 0.5, 1,
1.5 or 2: the pentanomial), and prints the generalised SPRT's log-likelihood ratio of
H1 (ELO1, normalised Elo as racetrack and fishtest take it) against H0 (ELO0), with
the bounds for alpha = beta = 0.05 (±2.94).

While a class of the pentanomial is empty, racetrack's own LLR adds 2/(empty classes)
to every class but divides by the number of pairs alone, so its frequencies sum to
more than one and the mean score it tests is too high: such a run reads as better
than it is, and the more so the fewer pairs. Here the same counts are added and the
frequencies are divided by their own total. ENGINE is
a Player1/Player2 name as the PTN has it (the path racetrack was given).
"""
import sys

from menhirpy.ptn import engine_points, paired, read_games
from menhirpy.sprt import BOUND, llr, pentanomial, verdict


def pairs(games, engine):
    """ENGINE's points in each completed pair of rounds (2k-1, 2k) of the games."""
    points = {}
    for tags, _ in games:
        rnd = int(tags.get("Round", "0"))
        got = engine_points(tags, engine, exact=True)
        if got is None:
            sys.exit("sprt_llr.py: %s played game %d neither as %s nor as %s"
                     % (engine, rnd, tags.get("Player1"), tags.get("Player2")))
        points[rnd] = got
    return list(paired(points).values())


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    path, engine = sys.argv[1], sys.argv[2]
    elo0, elo1 = float(sys.argv[3]), float(sys.argv[4])
    points = pairs(read_games(path), engine)
    if not points:
        sys.exit("sprt_llr.py: no completed pair of rounds in " + path)
    counts = pentanomial(points)
    value, mean = llr(counts, elo0, elo1)
    print("%s: %d pairs, pentanomial %s, mean %.3f, LLR %.2f [%.2f, %.2f] for Elo %g against %g: %s"
          % (engine, len(points), ", ".join(map(str, counts)), mean, value,
             -BOUND, BOUND, elo1, elo0, verdict(value)))


if __name__ == "__main__":
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(__doc__.strip())
        sys.exit(0)
    main()
