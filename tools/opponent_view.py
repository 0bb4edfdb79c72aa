#!/usr/bin/env python3
"""Where an engine loses ground in its opponent's eyes, from racetrack PTN files.

racetrack writes each engine's score after its move, from White's side
(`{score/depth time}`). Between two scores of the opponent lies one move of the
engine (and the opponent's reply). The change of the opponent's score across them,
turned to the engine's side, is how much that move cost or gained in the
opponent's judgement. This prints the mean and total change per phase of the game
(10-ply bins) and per kind of move (flat, wall, capstone, spread) and phase, and the
moves that cost the most, with the plies before them so they can be replayed.

Scores beyond +-1 (proven results, or an engine that does not report a win
probability) are left out. Tiltak's scores lie within +-1.

usage: tools/opponent_view.py --engine NAME [--worst N] MATCH.ptn [MATCH.ptn ...]
  NAME: a part of the engine's Player tag (for example "menhir").
"""
import argparse
import sys
from collections import defaultdict

from menhirpy.ptn import comment_score, engine_games, move_kind, plies

BIN = 10
PHASES = [("opening, plies 0-19", 0, 20), ("middle, plies 20-39", 20, 40), ("late, plies 40+", 40, 10**6)]


def swings(paths, engine):
    """Yields, per game the engine played, a list of (ply, kind, change for the
    engine, plies before the move, move, reply)."""
    for _, movetext, mine in engine_games(paths, engine):
        side = 1 if mine[0] else -1  # White's scores times this: the engine's side
        seq = list(plies(movetext))
        tokens = [t for _, t, _ in seq]
        opponent = []  # (ply, score) of the opponent's scored moves
        for ply, token, comment in seq:
            s = comment_score(comment)
            if s is not None and not mine[ply % 2]:
                opponent.append((ply, s))
        rows = []
        for (p1, s1), (p2, s2) in zip(opponent, opponent[1:]):
            if p2 - p1 != 2 or abs(s1) > 1 or abs(s2) > 1:
                continue
            ply = p1 + 1
            rows.append((ply, move_kind(tokens[ply]), side * (s2 - s1), tokens[:ply], tokens[ply], tokens[p2]))
        yield rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True)
    parser.add_argument("--worst", type=int, default=10)
    parser.add_argument("ptn", nargs="+")
    args = parser.parse_args()
    if args.worst < 0:
        parser.error("--worst must be 0 or more")
    try:
        per_game = list(swings(args.ptn, args.engine))
    except (OSError, UnicodeDecodeError) as e:
        print(f"cannot read the PTN: {e}", file=sys.stderr)
        sys.exit(2)
    rows = [row for game in per_game for row in game]
    if not rows:
        print(f"no scored moves of an engine named like '{args.engine}' between opponent scores")
        sys.exit(1)
    report(rows, len(per_game), args.engine, args.worst)


def report(rows, games_seen, engine, worst):
    """Prints the changes by phase and by kind of move, and the costliest moves."""
    by_bin = defaultdict(list)
    by_kind = defaultdict(list)
    for ply, kind, change, *_ in rows:
        by_bin[ply // BIN * BIN].append(change)
        phase = next(i for i, (_, lo, hi) in enumerate(PHASES) if lo <= ply < hi)
        by_kind[(phase, kind)].append(change)
    print(f"{games_seen} games, {len(rows)} moves of '{engine}' judged by its opponent "
          f"(change of the opponent's score across each, from '{engine}''s side)")
    print("by phase (total: summed over the moves, divided by the games):")
    for start in sorted(by_bin):
        v = by_bin[start]
        print(f"  plies {start:3d}-{start + BIN - 1:3d}: {len(v):5d} moves, "
              f"mean {sum(v) / len(v):+.4f}, total a game {sum(v) / games_seen:+.3f}")
    print("by kind of move:")
    for (phase, kind), v in sorted(by_kind.items()):
        print(f"  {PHASES[phase][0]:20s} {kind:6s}: {len(v):5d} moves, mean {sum(v) / len(v):+.4f}, "
              f"total a game {sum(v) / games_seen:+.3f}")
    print(f"the {worst} costliest moves (plies before it | the move | the reply):")
    for ply, kind, change, before, move, reply in sorted(rows, key=lambda r: r[2])[:worst]:
        print(f"  {change:+.2f} ply {ply}: {' '.join(before)} | {move} | {reply}")


if __name__ == "__main__":
    main()
