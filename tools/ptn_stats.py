#!/usr/bin/env python3
"""Summarises a racetrack PTN file per engine: results by kind, game length, walls
placed and spreads played, and how each engine used its clock (seconds a move, depth reached, seconds a game),
read from the `{score/depth time}` comments racetrack writes after each move, with
the mean depth by phase of the game (plies 0-39, 40-79, 80-119, 120 on) and how many
moves it averages, and by phase how often the engine's score already named the winner
of a decisive game (racetrack writes every score from White's side, whoever moved; a
score of 0 names no one). Engines report in different units, so only the sign counts.

usage: tools/ptn_stats.py MATCH.ptn [MATCH.ptn ...]
"""
import sys
from collections import defaultdict

from menhirpy.ptn import games_in, parse_comment, plies, result_kind, spread, winner

# Depth is also reported per phase: plies 0-39, 40-79, 80-119 and 120 on.
PHASE_PLIES = 40
PHASES = 4


def count_move(s, ply, read, decisive, white_won):
    """Adds one engine move's comment to its engine's counts `s`."""
    s["moves"] += 1
    s["seconds"] += read.seconds
    s["depth"] += read.depth
    phase = min(ply // PHASE_PLIES, PHASES - 1)
    s[f"phase_depth_{phase}"] += read.depth
    s[f"phase_moves_{phase}"] += 1
    if decisive:
        s[f"phase_judged_{phase}"] += 1
        if read.score == 0:
            s[f"phase_zero_{phase}"] += 1
        elif (read.score > 0) == white_won:
            s[f"phase_right_{phase}"] += 1


def count_game(stats, tags, movetext):
    """Adds a game between two engines to both engines' counts."""
    players = [tags.get("Player1", "?"), tags.get("Player2", "?")]
    result = tags.get("Result")
    if result is None or players[0] == players[1]:
        return
    white_won = winner(result) == 0
    k = result_kind(result)
    n = 0
    used = [0.0, 0.0]
    for ply, token, comment in plies(movetext):
        n = ply + 1
        side = ply % 2
        read = parse_comment(comment)
        if read:
            # Only the engines' own moves: book plies carry no comment.
            s = stats[players[side]]
            if token.startswith("S"):
                s["walls"] += 1
            if spread(token):
                s["spreads"] += 1
            count_move(s, ply, read, k in ("road", "flats"), white_won)
            used[side] += read.seconds
    for side, name in enumerate(players):
        s = stats[name]
        s["games"] += 1
        s["plies"] += n
        s["game_seconds"] += used[side]
        if result == "1/2-1/2":
            s["draws"] += 1
        elif white_won == (side == 0):
            s["wins"] += 1
            s["won by " + k] += 1
        else:
            s["losses"] += 1
            s["lost by " + k] += 1


def report(name, s):
    """Prints one engine's summary."""
    g = max(s["games"], 1)
    m = max(s["moves"], 1)
    print(f"{name}: {int(s['games'])} games, "
          f"W-D-L {int(s['wins'])}-{int(s['draws'])}-{int(s['losses'])}")
    kinds = ", ".join(f"{key} {int(v)}" for key, v in sorted(s.items())
                      if key.startswith(("won by", "lost by")))
    print(f"  {kinds}")
    print(f"  {s['plies'] / g:.1f} plies a game; {s['seconds'] / m:.2f} s and "
          f"depth {s['depth'] / m:.1f} a move; {s['game_seconds'] / g:.1f} s a game")
    print(f"  walls placed {s['walls'] / g:.1f} and spreads {s['spreads'] / g:.1f} a game")
    by_phase = []
    for phase in range(PHASES):
        moves = s[f"phase_moves_{phase}"]
        if moves:
            by_phase.append(f"{phase_span(phase)} {s[f'phase_depth_{phase}'] / moves:.1f} ({int(moves)})")
    print("  depth by phase: " + ", ".join(by_phase))
    right = []
    for phase in range(PHASES):
        judged = s[f"phase_judged_{phase}"]
        if judged:
            zero = s[f"phase_zero_{phase}"]
            wrong = judged - zero - s[f"phase_right_{phase}"]
            right.append(f"{phase_span(phase)} {100 * s[f'phase_right_{phase}'] / judged:.0f}%"
                         f" (0.00 {100 * zero / judged:.0f}%, loser {100 * wrong / judged:.0f}%)")
    if right:
        print("  score named the winner (decisive games; the rest scored 0.00 or named "
              "the loser): " + ", ".join(right))


def main(paths):
    stats = defaultdict(lambda: defaultdict(float))
    for tags, movetext in games_in(paths):
        count_game(stats, tags, movetext)
    for name, s in sorted(stats.items()):
        report(name, s)


def phase_span(phase):
    """The plies of a phase, as text."""
    first = phase * PHASE_PLIES
    if phase < PHASES - 1:
        return f"plies {first}-{first + PHASE_PLIES - 1}"
    return f"plies {first}+"


if __name__ == "__main__":
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(__doc__.strip())
        sys.exit(0)
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1:])
