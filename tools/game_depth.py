#!/usr/bin/env python3
"""Depth reached on a game clock, replaying real games: a measure of what threads
or time buy, quicker than a match and close to one.

usage: tools/game_depth.py MENHIR GAMES.ptn N HALFKOMI CONFIG...

CONFIG is THREADS:SECONDS+INCREMENT, e.g. 1:10+0.1 2:10+0.1 1:20+0.2.

For each CONFIG, one engine process replays the first N games of GAMES.ptn (a PTN
file of one or many games, such as racetrack's `--ptnout`) move by move: from the
fifth ply on it is asked, as the side to move, `go wtime .. btime .. winc .. binc ..`
on a clock of its own that starts at SECONDS and loses what each answer took and
gains INCREMENT, as in a game (the table is kept between moves, cleared between
games). The game's own move is then played, whatever the engine answered, so every
CONFIG sees the same positions. Prints, per CONFIG, the mean depth of the answers
(the last `info` line before `bestmove`), the mean time an answer took and the mean
nodes. Between two CONFIGs of one build the depth gap is what a match between them
turns into Elo: a second thread is worth what double time is worth in the share of
the depth gap it gets.
"""
import statistics
import sys

from menhirpy import ptn
from menhirpy.tei import Engine


def read_games(path, count):
    """(size, moves) of the first `count` games of the PTN file (with a Size tag)."""
    games = [(game.size, game.moves()) for game in ptn.read_games(path) if game.size]
    return games[:count]


def replay(engine, size, moves, half_komi, base_ms, inc_ms, out):
    """Asks for each ply's move from the fifth on, on a game clock, adding (depth,
    milliseconds, nodes) of each answer to `out`."""
    engine.new_game(size)
    engine.set_option("HalfKomi", half_komi)
    clock = [base_ms, base_ms]
    for ply in range(4, len(moves)):
        side = ply % 2
        engine.position(moves[:ply])
        found = engine.search(wtime=clock[0], btime=clock[1], winc=inc_ms, binc=inc_ms)
        took = int(found.seconds * 1000)
        clock[side] = max(clock[side] - took, 1) + inc_ms
        if found.answer:
            out.append((found.answer.depth, took, found.answer.nodes))


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    menhir, path, count, half_komi = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    games = read_games(path, count)
    for config in sys.argv[5:]:
        threads, tc = config.split(":")
        base, inc = tc.split("+")
        engine = Engine(menhir)
        engine.set_option("Threads", int(threads))
        seen = []
        for size, moves in games:
            replay(engine, size, moves, half_komi, int(float(base) * 1000),
                   int(float(inc) * 1000), seen)
        engine.close()
        depths = [d for d, _, _ in seen]
        print("%s: %d answers over %d games, depth %.2f (+-%.2f), %.0f ms, %.0f k nodes" % (
            config, len(seen), len(games), statistics.mean(depths),
            statistics.stdev(depths) / len(depths) ** 0.5,
            statistics.mean(t for _, t, _ in seen), statistics.mean(n for _, _, n in seen) / 1000),
            flush=True)


if __name__ == "__main__":
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(__doc__.strip())
        sys.exit(0)
    main()
