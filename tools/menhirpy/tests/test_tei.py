"""The TEI client: against a scripted engine (the lines sent and the answers read
exactly), and against Menhir's binary ($MENHIR_BIN, or target/release/menhir)."""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

from menhirpy import tei

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

# An engine that writes every line it reads to stderr and answers from a script.
FAKE = textwrap.dedent("""\
    import sys
    for line in sys.stdin:
        sys.stderr.write(line)
        word = line.split()[0]
        if word == "tei":
            print("id name Fake Engine\\noption name Threads type spin default 1 min 1 max 4")
            print("option name Hash Size type spin default 8 min 1 max 64\\nteiok")
        elif word == "isready":
            print("readyok")
        elif word == "go":
            print("info depth 1 nodes 10 score cp 12 pv a1")
            print("info string depth of thought 9")
            print("info depth 2 nodes 30 score cp -5 pv a1 b1")
            print("bestmove a1")
        elif word == "quit":
            sys.exit(3)
        sys.stdout.flush()
""")


def menhir_binary():
    """The engine's binary: $MENHIR_BIN (which must exist), or the release build."""
    path = os.environ.get("MENHIR_BIN")
    if path:
        if not os.path.isfile(path):
            raise AssertionError(f"MENHIR_BIN={path} is not a file")
        return path
    path = os.path.join(ROOT, "target", "release", "menhir")
    if not os.path.isfile(path):
        raise unittest.SkipTest(f"no engine binary at {path} (cargo build --release)")
    return path


class Lines(unittest.TestCase):
    def test_go_commands(self):
        self.assertEqual(tei.go_command(depth=5), "go depth 5")
        self.assertEqual(tei.go_command(movetime=100), "go movetime 100")
        self.assertEqual(tei.go_command(binc=100, wtime=9000, btime=8000, winc=100),
                         "go wtime 9000 btime 8000 winc 100 binc 100")
        self.assertEqual(tei.go_command(infinite=True), "go infinite")
        self.assertEqual(tei.go_command(nodes=5000, depth=None), "go nodes 5000")
        with self.assertRaises(ValueError):
            tei.go_command(dept=5)

    def test_info_lines(self):
        info = tei.parse_info("info depth 3 seldepth 3 score cp -71 wdl 412 156 432 "
                              "nodes 303 time 6 nps 50500 hashfull 1 pv f6 f1 c2")
        self.assertEqual((info.depth, info.nodes, info.score), (3, 303, -71))
        text = tei.parse_info("info string depth 4 nodes 9")
        self.assertEqual((text.depth, text.nodes, text.score), (None, None, None))
        self.assertIsNone(tei.parse_info("info depth").depth)


class Scripted(unittest.TestCase):
    def setUp(self):
        handle, self.script = tempfile.mkstemp(suffix=".py")
        with os.fdopen(handle, "w") as f:
            f.write(FAKE)

    def tearDown(self):
        os.remove(self.script)

    def test_a_session(self):
        engine = tei.Engine([sys.executable, "-B", self.script], stderr=subprocess.PIPE)
        self.assertEqual(engine.name, "Fake Engine")
        self.assertEqual(engine.options, ["Threads", "Hash Size"])
        engine.set_option("HalfKomi", 4)
        engine.new_game(6)
        engine.new_game(5, half_komi=-2)
        engine.position()
        engine.position(["a1", "f6"])
        engine.position(["c3"], tps="x6/x6/x6/x6/x6/x6 1 2")
        self.assertGreaterEqual(engine.is_ready(), 0)
        found = engine.search(depth=2)
        self.assertEqual(found.bestmove, "a1")
        self.assertEqual(len(found.infos), 3)
        self.assertEqual([i.depth for i in found.reports], [1, 2])
        self.assertEqual((found.depth, found.nodes, found.score), (2, 30, -5))
        self.assertEqual(found.answer.words[-2:], ["a1", "b1"])
        self.assertGreaterEqual(found.seconds, 0)
        self.assertEqual(engine.close(), 3)
        self.assertEqual(engine.stderr.splitlines(), [
            "tei",
            "setoption name HalfKomi value 4",
            "teinewgame 6",
            "teinewgame size 5 halfkomi -2",
            "position startpos",
            "position startpos moves a1 f6",
            "position tps x6/x6/x6/x6/x6/x6 1 2 moves c3",
            "isready",
            "go depth 2",
            "quit",
        ])
        self.assertEqual(engine.close(), 3, "a second close is harmless")

    def test_an_engine_that_ends(self):
        engine = tei.Engine([sys.executable, "-c", "print('id name Short')"], handshake=False)
        self.assertEqual(engine.read_line(), "id name Short")
        with self.assertRaises(tei.EngineError):
            engine.read_line()
        engine.close()
        with self.assertRaises(tei.EngineError):
            tei.Engine([sys.executable, "-c", "pass"])


class Menhir(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.binary = menhir_binary()

    def setUp(self):
        self.engine = tei.Engine(self.binary)
        self.addCleanup(self.engine.close)

    def test_handshake(self):
        self.assertEqual(self.engine.name, "Menhir")
        for option in ("HalfKomi", "Hash", "Threads"):
            self.assertIn(option, self.engine.options)
        self.assertGreaterEqual(self.engine.is_ready(), 0)

    def test_go_depth(self):
        self.engine.set_option("HalfKomi", 4)
        self.engine.new_game(6)
        self.engine.position(["a1", "f6", "c3"])
        found = self.engine.search(depth=3)
        self.assertRegex(found.bestmove, r"^[a-f][1-6]$|^[SC][a-f][1-6]$|[<>+-]")
        self.assertEqual(found.depth, 3)
        self.assertIsNotNone(found.score)
        self.assertGreater(found.nodes, 0)
        self.assertEqual(found.answer.words[:3], ["info", "depth", "3"])

    def test_go_nodes_from_a_tps(self):
        self.engine.new_game(5, half_komi=0)
        self.engine.position(tps="x5/x,2,1,x2/x,1C,x3/x,1,x3/x2,212C,x,1S 1 6")
        found = self.engine.search(nodes=2000)
        self.assertIsNotNone(found.bestmove)
        self.assertGreater(found.depth, 0)

    def test_isready_and_stop_during_go_infinite(self):
        self.engine.new_game(6)
        self.engine.position()
        self.engine.go(infinite=True)
        self.assertGreaterEqual(self.engine.is_ready(), 0, "readyok while it searches")
        found = self.engine.stop()
        self.assertIsNotNone(found.bestmove)
        self.assertGreaterEqual(found.seconds, 0)
        self.engine.is_ready()
        self.assertEqual(self.engine.close(), 0)


if __name__ == "__main__":
    unittest.main()
