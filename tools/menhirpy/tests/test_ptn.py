"""The PTN reader on small racetrack-style files written here."""
import os
import tempfile
import unittest

from menhirpy import ptn

# Two pairs of rounds between "menhir" and "tiltak" from the same book (a1 f6):
# menhir takes 1.5 points from the first pair (a road win, a draw) and 1 from the
# second (a loss on flats, a forfeit by Black).
MATCH = """\
[Site "Racetrack"]
[Player1 "target/menhir"]
[Player2 "tiltak"]
[Round "1"]
[Size "6"]
[Komi "2"]
[Result "R-0"]

1. a1 f6 2. c3 {+0.79/5 0.31s} d4 {-0.12/7 1.05s}
3. Sb2 {+1.50/6 0.20s} d4< {+0.00/7 0.50s} 4. Cc4' {+99.90/8 0.01s} R-0

[Site "Racetrack"]
[Player1 "tiltak"]
[Player2 "target/menhir"]
[Round "2"]
[Size "6"]
[Komi "2"]
[Result "1/2-1/2"]

1. a1 f6 2. c3 {+0.10/9 0.40s} {a note standing alone} d4 {0.00/6 0.30s} 1/2-1/2

[Site "Racetrack"]
[Player1 "target/menhir"]
[Player2 "tiltak"]
[Round "3"]
[Size "6"]
[Result "0-F"]

1. a1 f6 2. 2b3>11 {-0.50/4 0.10s} 0-F

[Site "Racetrack"]
[Player1 "tiltak"]
[Player2 "target/menhir"]
[Round "4"]
[Size "6"]
[Result "0-1"]

1. a1 f6 0-1
"""


class Games(unittest.TestCase):
    def setUp(self):
        self.games = list(ptn.games(MATCH))

    def test_tags_and_movetext(self):
        self.assertEqual(len(self.games), 4)
        tags, movetext = self.games[0]
        self.assertEqual(tags["Player1"], "target/menhir")
        self.assertEqual(tags["Round"], "1")
        self.assertTrue(movetext.startswith("1. a1 f6 2. c3 {+0.79/5 0.31s}"))
        self.assertIn("3. Sb2", movetext, "the movetext's lines are joined")

    def test_game_properties(self):
        first, _, third, _ = self.games
        self.assertEqual((first.result, first.size, first.half_komi), ("R-0", 6, 4))
        self.assertEqual(third.half_komi, 0, "no Komi tag")
        self.assertIsNone(ptn.Game({}, "").size)

    def test_a_file_and_lines(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "match.ptn")
            with open(path, "w", encoding="utf-8") as f:
                f.write(MATCH)
            self.assertEqual(ptn.read_games(path), self.games)
            self.assertEqual(len(list(ptn.games_in([path, path]))), 8)
            with open(path, "w", encoding="utf-8") as f:
                f.write("x6/x6/x6/x6/x6/x6 1 1\n\n  x5/x5/x5/x5/x5 2 3  \n")
            self.assertEqual(ptn.read_lines([path]),
                             ["x6/x6/x6/x6/x6/x6 1 1", "x5/x5/x5/x5/x5 2 3"])


class Plies(unittest.TestCase):
    def test_plies_with_racetrack_comments(self):
        movetext = next(ptn.games(MATCH)).movetext
        self.assertEqual(list(ptn.plies(movetext)), [
            (0, "a1", None),
            (1, "f6", None),
            (2, "c3", "+0.79/5 0.31s"),
            (3, "d4", "-0.12/7 1.05s"),
            (4, "Sb2", "+1.50/6 0.20s"),
            (5, "d4<", "+0.00/7 0.50s"),
            (6, "Cc4", "+99.90/8 0.01s"),
        ])

    def test_a_comment_alone_and_results_are_no_plies(self):
        game = list(ptn.games(MATCH))[1]
        self.assertEqual(game.moves(), ["a1", "f6", "c3", "d4"])
        self.assertEqual([p.comment for p in game.plies()][2:], ["+0.10/9 0.40s", "0.00/6 0.30s"])

    def test_annotation_marks_are_dropped(self):
        self.assertEqual(ptn.moves("1. a1' f6!? 2. c3\" d4?? 1-0"), ["a1", "f6", "c3", "d4"])

    def test_book_plies(self):
        for game in ptn.games(MATCH):
            self.assertEqual(ptn.book_plies(game.movetext), ("a1", "f6"))

    def test_comments(self):
        self.assertEqual(ptn.parse_comment("+0.79/5 0.31s"), (0.79, 5, 0.31))
        self.assertEqual(ptn.parse_comment("-99.92/7 0.15s").score, -99.92)
        self.assertIsNone(ptn.parse_comment("a note"))
        self.assertIsNone(ptn.parse_comment(None))
        self.assertEqual(ptn.comment_score("0.00/6 0.30s"), 0.0)
        self.assertIsNone(ptn.comment_score(None))

    def test_kinds_of_move(self):
        kinds = {t: ptn.move_kind(t) for t in ("a1", "Sb2", "Cc4", "d4<", "3c3-12", "2b3>11")}
        self.assertEqual(kinds, {"a1": "flat", "Sb2": "wall", "Cc4": "cap", "d4<": "spread",
                                 "3c3-12": "spread", "2b3>11": "spread"})
        self.assertTrue(ptn.spread("e2+"))
        self.assertFalse(ptn.spread("Sf6"))

    def test_tps_size(self):
        self.assertEqual(ptn.tps_size("x6/x6/x6/x6/x6/x6 1 1"), 6)
        self.assertEqual(ptn.tps_size("2,1S,2,2,2,x/x2,212S,1,221C,x/1,12,x,1,2,1/"
                                      "x2,1,2,112C,x/x2,1,2,1,x/x3,1,21,x 1 21"), 6)
        self.assertEqual(ptn.tps_size("x5/x,2,1,x2/x,1C,x3/x,1,x3/x2,212C,x,1S 1 6"), 5)


class Results(unittest.TestCase):
    def test_winner_and_kind(self):
        cases = {"R-0": (0, "road"), "0-R": (1, "road"), "F-0": (0, "flats"),
                 "0-F": (1, "flats"), "1/2-1/2": (None, "draw"), "1-0": (0, "forfeit"),
                 "0-1": (1, "forfeit")}
        for result, (won, kind) in cases.items():
            self.assertEqual((ptn.winner(result), ptn.result_kind(result)), (won, kind), result)

    def test_engine_points(self):
        points = [ptn.engine_points(g.tags, "menhir") for g in ptn.games(MATCH)]
        self.assertEqual(points, [1.0, 0.5, 0.0, 1.0])
        tags = next(ptn.games(MATCH)).tags
        self.assertIsNone(ptn.engine_points(tags, "menhir", exact=True), "not the whole tag")
        self.assertEqual(ptn.engine_points(tags, "target/menhir", exact=True), 1.0)
        self.assertIsNone(ptn.engine_points(tags, "t"), "a part of both tags")

    def test_engine_games(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "match.ptn")
            with open(path, "w", encoding="utf-8") as f:
                f.write(MATCH)
            mine = [m for _, _, m in ptn.engine_games([path], "menhir")]
            self.assertEqual(mine, [[True, False], [False, True]] * 2)
            self.assertEqual(list(ptn.engine_games([path], "nobody")), [])

    def test_pairs_of_rounds(self):
        self.assertEqual(ptn.paired({1: 1.0, 2: 0.5, 3: 0.0, 4: 1.0}), {1: 1.5, 2: 1.0})
        self.assertEqual(ptn.paired({1: 1.0, 3: 0.0, 4: 0.5, 5: 1.0}), {2: 0.5},
                         "only completed pairs of rounds 2k-1 and 2k")


if __name__ == "__main__":
    unittest.main()
