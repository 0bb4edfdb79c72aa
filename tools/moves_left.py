#!/usr/bin/env python3
"""How many moves the side to move still played, by the pieces left in the smaller
reserve, from racetrack PTN files: the measure behind the clock's share
(`CLOCK_MOVES_PER_PIECE` in `src/search/params.rs`). A game ends when a reserve
runs out or the board fills, and spreads stretch it, so the smaller reserve
(stones and capstones) predicts the rest of the game.

For each ply of each game, the count of pieces left in the smaller reserve before
it is taken as the key, and the moves the side to move made from there to the end
of the game (that ply included) as the value. Printed per key: positions, mean,
and the 10th, 50th and 90th percentiles.

usage: tools/moves_left.py MATCH.ptn [MATCH.ptn ...]
"""
import sys
from collections import defaultdict

from menhirpy.ptn import read_games, spread

# Stones and capstones of each size's standard set.
PIECES = {3: 10, 4: 15, 5: 22, 6: 31, 7: 42, 8: 52}


def count_game(left, size, moves):
    """Adds each ply's (smaller reserve, own moves to the end) to `left`."""
    pieces = [PIECES[size], PIECES[size]]
    for ply, token in enumerate(moves):
        own_moves = (len(moves) - ply + 1) // 2
        left[min(pieces)].append(own_moves)
        if not spread(token):
            # The first two plies place the opponent's piece.
            mover = ply % 2 if ply >= 2 else 1 - ply % 2
            pieces[mover] -= 1


def main(paths):
    left = defaultdict(list)
    for path in paths:
        for game in read_games(path):
            size = int(game.tags.get("Size", "0"))
            if size not in PIECES:
                print(f"{path}: a game of size {size!r} skipped", file=sys.stderr)
                continue
            count_game(left, size, game.moves())
    if not left:
        print("no games read", file=sys.stderr)
        return 1
    print("smaller reserve  positions  mean  p10  p50  p90")
    for key in sorted(left):
        v = sorted(left[key])
        mean = sum(v) / len(v)
        p10, p50, p90 = (v[len(v) * q // 10] for q in (1, 5, 9))
        print(f"{key:15}  {len(v):9}  {mean:4.1f}  {p10:3}  {p50:3}  {p90:3}")
    return 0


if __name__ == "__main__":
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(__doc__.strip())
        sys.exit(0)
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
