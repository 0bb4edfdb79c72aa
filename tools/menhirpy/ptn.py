"""The PTN reader of the tools: games and their tags, plies and racetrack's move
comments, results, and the pairing of racetrack's rounds.

racetrack writes one game after another: tag lines (`[Player1 "..."]`, `[Round "3"]`,
`[Result "R-0"]`, ...), then the movetext, each engine move followed by a comment
`{score/depth seconds}` such as `{+0.31/6 0.23s}`, the score from White's side
whoever moved. Book plies carry no comment. The reader is lenient: move numbers,
results, comments standing alone and the annotation marks `'`, `"`, `!` and `?` are
left out of the plies.
"""
import re
from typing import NamedTuple

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
# A comment standing alone, a move number, or a ply with the comment after it.
MOVE = re.compile(r"\{[^}]*\}|(\d+\.)|([^\s{}]+)(?:\s*\{([^}]*)\})?")
RESULT = re.compile(r"[RF01/2]+-[RF01/2]+")
# racetrack's comment after a move: score (White's side), depth, seconds.
COMMENT = re.compile(r"([+-]?[\d.]+)/(\d+)\s+([\d.]+)s")
MARKS = "'\"!?"


class Ply(NamedTuple):
    """One ply: its index from 0, its move and the comment after it (or None)."""

    index: int
    token: str
    comment: str | None


class Comment(NamedTuple):
    """racetrack's `{score/depth seconds}` comment, read."""

    score: float
    depth: int
    seconds: float


class Game(NamedTuple):
    """One game of a PTN file: its tags and its movetext (the lines after the tags,
    joined by spaces). Unpacks as `tags, movetext`."""

    tags: dict
    movetext: str

    @property
    def result(self):
        """The Result tag, or None."""
        return self.tags.get("Result")

    @property
    def size(self):
        """The board size of the Size tag, or None."""
        size = self.tags.get("Size", "")
        return int(size) if size.isdigit() else None

    @property
    def half_komi(self):
        """Twice the Komi tag (0 without one)."""
        komi = self.tags.get("Komi")
        return int(float(komi) * 2) if komi else 0

    def plies(self):
        return plies(self.movetext)

    def moves(self):
        return moves(self.movetext)


def games(text):
    """Yields a Game for each game of a PTN file's text."""
    tags, body = {}, []
    for line in text.splitlines():
        m = TAG.match(line.strip())
        if m:
            if body:
                yield Game(tags, " ".join(body))
                tags, body = {}, []
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            body.append(line.strip())
    if tags:
        yield Game(tags, " ".join(body))


def read_games(path):
    """The games of the PTN file at `path` (UTF-8), as a list."""
    with open(path, encoding="utf-8") as f:
        return list(games(f.read()))


def games_in(paths):
    """Yields the games of every PTN file in `paths`, file by file."""
    for path in paths:
        yield from read_games(path)


def engine_games(paths, engine):
    """Yields (tags, movetext, mine) for each game in the PTN files that `engine`
    (part of a Player tag) played against another: mine[0] is True when it had White."""
    for tags, movetext in games_in(paths):
        mine = [engine in tags.get("Player1", ""), engine in tags.get("Player2", "")]
        if mine[0] != mine[1]:
            yield tags, movetext, mine


def plies(movetext):
    """Yields a Ply (index, token, comment or None) for each ply of the movetext."""
    ply = 0
    for m in MOVE.finditer(movetext):
        if m.group(1) or not m.group(2):
            continue
        token = m.group(2)
        if RESULT.fullmatch(token):
            continue
        yield Ply(ply, token.rstrip(MARKS), m.group(3))
        ply += 1


def moves(movetext):
    """The movetext's plies, as a list of moves."""
    return [ply.token for ply in plies(movetext)]


def book_plies(movetext):
    """The plies before racetrack's first comment: the opening from the book."""
    book = []
    for _, token, comment in plies(movetext):
        if comment:
            break
        book.append(token)
    return tuple(book)


def parse_comment(comment):
    """racetrack's comment after a move as a Comment, or None."""
    m = COMMENT.search(comment or "")
    if not m:
        return None
    return Comment(float(m.group(1)), int(m.group(2)), float(m.group(3)))


def comment_score(comment):
    """The score in racetrack's comment after a move (from White's side), or None."""
    read = parse_comment(comment)
    return read.score if read else None


def spread(token):
    """True for a spread (a count or a square, then a direction)."""
    return re.search(r"[<>+-]", token) is not None


def move_kind(token):
    """wall, cap, spread or flat."""
    if token.startswith("S"):
        return "wall"
    if token.startswith("C"):
        return "cap"
    return "spread" if spread(token) else "flat"


def winner(result):
    """0 when White won, 1 when Black won, None for a draw (forfeits count as wins)."""
    if result == "1/2-1/2":
        return None
    return 1 if result.startswith("0") else 0


def result_kind(result):
    """road, flats, draw or forfeit, from a PTN result."""
    if result == "1/2-1/2":
        return "draw"
    if "R" in result:
        return "road"
    if "F" in result:
        return "flats"
    return "forfeit"


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


def tps_size(tps):
    """The board size of a TPS, from its first row."""
    row = tps.split()[0].split("/")[0]
    n = 0
    for cell in row.split(","):
        n += int(cell[1:]) if cell.startswith("x") and cell[1:].isdigit() else 1
    return n


def read_lines(paths):
    """The non-blank lines of the files, stripped: positions, one TPS a line."""
    lines = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            lines.extend(line.strip() for line in f if line.strip())
    return lines
