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
import re
import sys
from collections import defaultdict

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
# A move, optionally followed by racetrack's comment: {+0.31/6 0.23s}
MOVE = re.compile(r"(\d+\.)|([^\s{}]+)(?:\s*\{([^}]*)\})?")
# Depth is also reported per phase: plies 0-39, 40-79, 80-119 and 120 on.
PHASE_PLIES = 40
PHASES = 4
COMMENT = re.compile(r"([+-]?[\d.]+)/(\d+)\s+([\d.]+)s")


def games(text):
    """Yields (tags, movetext) for each game of a PTN file."""
    tags, body = {}, []
    for line in text.splitlines():
        m = TAG.match(line.strip())
        if m:
            if body:
                yield tags, " ".join(body)
                tags, body = {}, []
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            body.append(line.strip())
    if tags:
        yield tags, " ".join(body)


def engine_games(paths, engine):
    """Yields (tags, movetext, mine) for each game in the PTN files that `engine`
    (part of a Player tag) played against another: mine[0] is True when it had White."""
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for tags, movetext in games(text):
            mine = [engine in tags.get("Player1", ""), engine in tags.get("Player2", "")]
            if mine[0] != mine[1]:
                yield tags, movetext, mine


def plies(movetext):
    """Yields (ply index, ply text, comment or None) for each ply of the movetext."""
    ply = 0
    for m in MOVE.finditer(movetext):
        if m.group(1) or not m.group(2):
            continue
        token = m.group(2)
        if re.fullmatch(r"[RF01/2]+-[RF01/2]+", token):
            continue
        yield ply, token, m.group(3)
        ply += 1


def comment_score(comment):
    """The score in racetrack's comment after a move (from White's side), or None."""
    m = COMMENT.search(comment or "")
    return float(m.group(1)) if m else None


def engine_points(tags, engine, exact=False):
    """The points (1, 0.5 or 0) `engine` took from a game, or None when it played
    neither side or both; `engine` is a Player tag, or part of one unless `exact`."""
    def named(tag):
        name = tags.get(tag, "")
        return name == engine if exact else engine in name
    white, black = named("Player1"), named("Player2")
    if white == black:
        return None
    won = winner(tags.get("Result", "1/2-1/2"))
    if won is None:
        return 0.5
    return 1.0 if (won == 0) == white else 0.0


def paired(points):
    """{k: points of rounds 2k-1 and 2k} for each completed pair, from {round: points}:
    racetrack plays each opening twice, colours swapped, as rounds 2k-1 and 2k."""
    return {(r + 1) // 2: points[r] + points[r + 1]
            for r in sorted(points) if r % 2 == 1 and r + 1 in points}


def spread(token):
    """True for a spread (a count or a square, then a direction)."""
    return re.search(r"[<>+-]", token) is not None


def winner(result):
    """0 when White won, 1 when Black won, None for a draw (forfeits count as wins)."""
    if result == "1/2-1/2":
        return None
    return 1 if result.startswith("0") else 0


def kind(result):
    """R, F, D or forfeit, from a PTN result."""
    if result == "1/2-1/2":
        return "draw"
    if "R" in result:
        return "road"
    if "F" in result:
        return "flats"
    return "forfeit"


def main(paths):
    stats = defaultdict(lambda: defaultdict(float))
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for tags, movetext in games(text):
            players = [tags.get("Player1", "?"), tags.get("Player2", "?")]
            result = tags.get("Result")
            if result is None or players[0] == players[1]:
                continue
            white_won = winner(result) == 0
            k = kind(result)
            decisive = k in ("road", "flats")
            n = 0
            used = [0.0, 0.0]
            for ply, token, comment in plies(movetext):
                n = ply + 1
                side = ply % 2
                c = COMMENT.search(comment or "")
                if c:
                    # Only the engines' own moves: book plies carry no comment.
                    if token.startswith("S"):
                        stats[players[side]]["walls"] += 1
                    if spread(token):
                        stats[players[side]]["spreads"] += 1
                    s = stats[players[side]]
                    s["moves"] += 1
                    s["seconds"] += float(c.group(3))
                    s["depth"] += int(c.group(2))
                    phase = min(ply // PHASE_PLIES, PHASES - 1)
                    s[f"phase_depth_{phase}"] += int(c.group(2))
                    s[f"phase_moves_{phase}"] += 1
                    if decisive:
                        score = float(c.group(1))
                        s[f"phase_judged_{phase}"] += 1
                        if score == 0:
                            s[f"phase_zero_{phase}"] += 1
                        elif (score > 0) == white_won:
                            s[f"phase_right_{phase}"] += 1
                    used[side] += float(c.group(3))
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
    for name, s in sorted(stats.items()):
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
