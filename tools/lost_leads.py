#!/usr/bin/env python3
"""Leads that came to nothing: the games an engine drew or lost although its
opponent had, after one of its own moves, rated the engine's side as winning.

From racetrack PTN files (each engine's score is written after its move, from
White's side), a game is kept when the named engine did not win it and the
opponent's score for the engine's side reached `--lead` at some ply (scores
beyond +-1, proven results or another engine's units, are skipped). Printed per
colour and result: how many such games, and in how many the engine's own score
had also reached `--own` (so both engines saw the lead); then the plies at which
the opponent's score peaked, and the games (round, result, peak ply).

usage: tools/lost_leads.py --engine NAME MATCH.ptn... [--lead 0.6] [--own 1.0]
"""
import argparse
from collections import Counter

from menhirpy.ptn import comment_score, engine_games, plies, winner


def lost_leads(paths, engine, lead, own):
    """Yields (colour, result, round, opponent's peak ply, engine's lead seen too)
    for each game the engine drew or lost after the opponent rated it winning."""
    for tags, movetext, mine in engine_games(paths, engine):
        me = 0 if mine[0] else 1
        won = winner(tags.get("Result", "1/2-1/2"))
        if won == me:
            continue
        side = 1 if me == 0 else -1  # White's side times this is the engine's
        peak, peak_ply, own_peak = None, None, None
        for ply, _, comment in plies(movetext):
            s = comment_score(comment)
            if s is None:
                continue
            if ply % 2 == me:
                own_peak = s * side if own_peak is None else max(own_peak, s * side)
            elif abs(s) <= 1 and (peak is None or s * side > peak):
                peak, peak_ply = s * side, ply
        if peak is not None and peak >= lead:
            result = "drawn" if won is None else "lost"
            seen = own_peak is not None and own_peak >= own
            yield "White" if me == 0 else "Black", result, tags.get("Round", "?"), peak_ply, seen


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="part of the engine's Player tag")
    parser.add_argument("--lead", type=float, default=0.6, help="opponent's score that marks a lead")
    parser.add_argument("--own", type=float, default=1.0, help="engine's own score that marks a lead")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    found = list(lost_leads(args.paths, args.engine, args.lead, args.own))
    counts, seen = Counter(), Counter()
    for colour, result, _, _, both in found:
        counts[(colour, result)] += 1
        seen[(colour, result)] += both
    print(f"games '{args.engine}' did not win after its opponent scored it {args.lead:+} or better:")
    for key in sorted(counts):
        print(f"  as {key[0]}, {key[1]}: {counts[key]} (its own score reached {args.own:+} in {seen[key]})")
    print("opponent's peak at plies:", " ".join(str(p) for p in sorted(f[3] for f in found)))
    for colour, result, rnd, ply, _ in found:
        print(f"  round {rnd}: {colour}, {result}, peak at ply {ply}")


if __name__ == "__main__":
    main()
