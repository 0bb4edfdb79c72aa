#!/usr/bin/env python3
"""Draw claims that failed: the moves an engine played while scoring the game a
draw (exactly 0.00) in games it then lost, where the opponent's very next score
swung its way, and how other searches would answer the same positions.

From racetrack PTN files, a position is kept when the named engine lost the game,
its move there carried a score of exactly 0.00 (a draw it believed it could
force), and the opponent's score after that move was at least `--swing` better
for the opponent than its score before (both as racetrack records them, from
White's side). The opponent's own reading of the game marks the claim that failed.

With `--probe ENGINE:MS` (repeatable) each position is searched by that TEI engine
for MS milliseconds from the game's moves; printed per probe: how often it plays
the move that was played, how often it still scores 0, and its mean depth. With
`--judge ENGINE:MS` as well, a third engine scores the position after the played
move and after each probe's move (from the mover's side, in the judge's units) and
the mean gain of each probe's moves over the played ones is printed. Positions are
picked for the opponent's swing, so a probe that only searches again gains a
little by chance: compare probes with each other, not with zero.

usage: tools/draw_claims.py --engine NAME MATCH.ptn... [--swing 0.3] [--size 4]
       [--half-komi 4] [--probe ENGINE:MS ...] [--judge ENGINE:MS]
"""
import argparse
import sys

from menhirpy.ptn import comment_score, engine_games, plies, winner
from menhirpy.tei import Engine, EngineError


def failed_claims(paths, engine, swing):
    """Yields (moves before, move played) for each failed draw claim."""
    for tags, movetext, mine in engine_games(paths, engine):
        if winner(tags.get("Result", "1/2-1/2")) != (1 if mine[0] else 0):
            continue
        seq = list(plies(movetext))
        scores = [comment_score(c) for _, _, c in seq]
        tokens = [t for _, t, _ in seq]
        towards_opponent = 1 if mine[1] else -1  # White's side times this
        for ply, score in enumerate(scores):
            if not mine[ply % 2] or score is None or abs(score) > 0.005:
                continue
            before = next((scores[p] for p in range(ply - 1, -1, -2) if scores[p] is not None), None)
            after = scores[ply + 1] if ply + 1 < len(scores) else None
            if before is not None and after is not None and (after - before) * towards_opponent >= swing:
                yield tokens[:ply], tokens[ply]


class TimedEngine:
    """A TEI engine searching by the clock, each position on a fresh game."""

    def __init__(self, path, size, half_komi):
        self.engine = Engine(path)
        self.engine.set_option("HalfKomi", half_komi)
        self.size = size

    def search(self, moves, movetime):
        """(best move, last `score cp` or None, last depth) of a `go movetime`."""
        self.engine.new_game(self.size)
        self.engine.is_ready()
        self.engine.position(moves)
        found = self.engine.search(movetime=movetime)
        return found.bestmove, found.score, found.depth

    def close(self):
        self.engine.close()


def engine_and_time(spec):
    path, _, ms = spec.rpartition(":")
    if not path or not ms.isdigit():
        raise argparse.ArgumentTypeError(f"want ENGINE:MS, not {spec!r}")
    return path, int(ms)


class Judge:
    """The judge's score of positions, from the mover's side, each searched once."""

    def __init__(self, path, movetime, size, half_komi):
        self.engine = TimedEngine(path, size, half_komi)
        self.movetime = movetime
        self.judged = {}

    def value(self, before, move):
        """The judge's value of `move` after `before`, for the side that played it."""
        key = (tuple(before), move)
        if key not in self.judged:
            _, score, _ = self.engine.search(before + [move], self.movetime)
            self.judged[key] = -(score or 0)
        return self.judged[key]


def probe(path, movetime, claims, args, judge):
    """Searches each claim's position with one probe engine and prints its line."""
    engine = TimedEngine(path, args.size, args.half_komi)
    same = zero = depths = gain = 0
    for before, played in claims:
        best, score, depth = engine.search(before, movetime)
        same += best == played
        zero += score == 0
        depths += depth
        if judge:
            gain += judge.value(before, best) - judge.value(before, played)
    engine.close()
    n = max(1, len(claims))
    line = f"{path} at {movetime} ms: played move {same}/{len(claims)}, score 0 {zero}/{len(claims)}, depth {depths / n:.1f}"
    if judge:
        line += f", judged gain {gain / n:+.1f}"
    print(line, flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ptn", nargs="+")
    parser.add_argument("--engine", required=True, help="part of the engine's Player tag")
    parser.add_argument("--swing", type=float, default=0.3)
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--half-komi", type=int, default=4)
    parser.add_argument("--probe", type=engine_and_time, action="append", default=[])
    parser.add_argument("--judge", type=engine_and_time)
    args = parser.parse_args()

    claims = list(failed_claims(args.ptn, args.engine, args.swing))
    print(f"{len(claims)} failed draw claims")
    for before, played in claims:
        print(f"  {played:8} after {' '.join(before)}")
    judge = Judge(*args.judge, args.size, args.half_komi) if args.judge else None
    for path, movetime in args.probe:
        probe(path, movetime, claims, args, judge)
    if judge:
        judge.engine.close()


if __name__ == "__main__":
    try:
        main()
    except (OSError, UnicodeDecodeError, EngineError) as e:
        sys.exit(f"draw_claims.py: {e}")
