#!/usr/bin/env python3
"""Opening by opening: how a candidate build's match compares with a baseline's
played from the same book against the same opponent.

racetrack plays each opening twice, colours swapped, as rounds 2k-1 and 2k, so a
pair's points (0 to 2) belong to one opening. Every file is summarised first (the
pairing it counted, pairs, W-D-L, pentanomial), so that a reader sees which builds
the comparison rests on. Then, over the openings every file completed, the
candidate's points a pair (the mean over its files) minus the baseline's (the mean
over theirs) is averaged, with its standard error across openings and what it
comes to in Elo at the baseline's score. Pairing each opening with itself removes
most of the openings' own spread, so this error is smaller than the one between
two whole-match Elo figures.

The book plies (the moves before the first engine comment) must be the same for an
opening in every file; a file from another book or another slice stops the run.

usage: tools/pair_diff.py --engine NAME --candidate C.ptn [C2.ptn...]
                          --baseline B.ptn [B2.ptn...]
"""
import argparse
import math
import sys

from menhirpy.ptn import book_plies, engine_points, paired, read_games
from menhirpy.sprt import elo, pentanomial


def read_match(path, engine):
    """(pair points by opening, book plies by opening, the (build, opponent) pairings
    seen, W-D-L)."""
    points, books, pairings, wdl = {}, {}, set(), [0, 0, 0]
    for tags, movetext in read_games(path):
        got = engine_points(tags, engine)
        if got is None or "Round" not in tags:
            continue
        rnd = int(tags["Round"])
        points[rnd] = got
        wdl[{1.0: 0, 0.5: 1, 0.0: 2}[got]] += 1
        white, black = tags["Player1"], tags["Player2"]
        pairings.add((white, black) if engine in white else (black, white))
        opening = (rnd + 1) // 2
        book = book_plies(movetext)
        if books.setdefault(opening, book) != book:
            sys.exit(f"pair_diff.py: {path}: rounds {2 * opening - 1} and {2 * opening} "
                     "start from different book moves")
    return paired(points), books, pairings, wdl


def summarise(path, pairs, pairings, wdl):
    penta = pentanomial(pairs.values())
    names = ", ".join(f"{ours} against {theirs}" for ours, theirs in sorted(pairings))
    print(f"{path}\n  {names}: {len(pairs)} pairs, W-D-L {wdl[0]}-{wdl[1]}-{wdl[2]}, "
          f"pentanomial {', '.join(map(str, penta))}, "
          f"{sum(pairs.values()) / max(len(pairs), 1):.3f} points a pair")


def read_all(paths, engine):
    """{path: pair points by opening} of every file, each summarised as it is read,
    and the opponents seen; stops on a file given twice or from another book."""
    matches, books, opponents = {}, {}, set()
    for path in paths:
        if path in matches:
            sys.exit(f"pair_diff.py: {path} is given twice")
        pairs, file_books, pairings, wdl = read_match(path, engine)
        if not pairs:
            sys.exit(f"pair_diff.py: {path}: no completed pair played by '{engine}'")
        summarise(path, pairs, pairings, wdl)
        for opening, book in file_books.items():
            if books.setdefault(opening, book) != book:
                sys.exit(f"pair_diff.py: {path}: opening {opening} is not the other "
                         "files' (another book, or another slice of it)")
        matches[path] = pairs
        opponents.update(theirs for _, theirs in pairings)
    return matches, opponents


def compare(matches, candidate, baseline):
    """Prints the candidate's points a pair minus the baseline's, opening by opening."""
    common = sorted(set.intersection(*(set(p) for p in matches.values())))
    if len(common) < 2:
        sys.exit("pair_diff.py: fewer than two openings completed in every file")

    def mean_over(paths, opening):
        return sum(matches[p][opening] for p in paths) / len(paths)

    diffs = [mean_over(candidate, k) - mean_over(baseline, k) for k in common]
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    base = sum(mean_over(baseline, k) for k in common) / n / 2
    gain = elo(base + mean / 2) - elo(base)
    print(f"candidate minus baseline over {n} openings: {mean:+.3f} points a pair "
          f"(standard error {se:.3f}), about {gain:+.0f} Elo at the baseline's "
          f"{base:.3f} a game")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="part of the build's Player tag")
    parser.add_argument("--candidate", nargs="+", required=True)
    parser.add_argument("--baseline", nargs="+", required=True)
    args = parser.parse_args()
    matches, opponents = read_all(args.candidate + args.baseline, args.engine)
    if len(opponents) > 1:
        print("warning: the files' opponents differ: " + ", ".join(sorted(opponents)),
              file=sys.stderr)
    compare(matches, args.candidate, args.baseline)


if __name__ == "__main__":
    main()
