"""The TEI client of the tools: an engine process on pipes, greeted with `tei`, and
the commands the scripts send it (`setoption`, `teinewgame`, `position`, `go`,
`stop`, `isready`, `quit`), with the answers read and timed.

    with Engine("target/release/menhir") as engine:
        engine.set_option("HalfKomi", 4)
        engine.new_game(6)
        engine.position(["a1", "f6"])
        found = engine.search(depth=5)
        print(found.bestmove, found.score, found.depth, found.seconds)

Any TEI engine will do (Menhir, Tiltak, ...); `docs/tei.md` is what Menhir accepts.
"""
import os
import subprocess
import time
from typing import NamedTuple

# The `go` limits in the order they are written.
LIMITS = ("wtime", "btime", "winc", "binc", "depth", "nodes", "movetime")


class EngineError(RuntimeError):
    """The engine ended: its output closed while an answer was awaited, or its
    input while a command was written."""


class Info(NamedTuple):
    """An `info` line: its words, and its depth, nodes and `score cp` (or None)."""

    words: list
    depth: int | None
    nodes: int | None
    score: int | None


def parse_info(line):
    """An `info` line read; fields after `string` are text, not read."""
    words = line.split()
    fields = words[:words.index("string")] if "string" in words else words

    def field(name):
        if name not in fields[:-1]:
            return None
        value = fields[fields.index(name) + 1]
        return int(value) if value.lstrip("-").isdigit() else None
    return Info(words, field("depth"), field("nodes"), field("cp"))


class Search(NamedTuple):
    """A search's answer: the best move, its `info` lines in order, and the seconds
    from the command (`go` or `stop`) to `bestmove`."""

    bestmove: str | None
    infos: list
    seconds: float

    @property
    def reports(self):
        """The `info` lines that carry a depth."""
        return [info for info in self.infos if info.depth is not None]

    @property
    def answer(self):
        """The last `info` line with a depth before `bestmove` (the answer's), or None."""
        reports = self.reports
        return reports[-1] if reports else None

    @property
    def score(self):
        """The last `score cp` reported, side to move's, or None."""
        scores = [info.score for info in self.infos if info.score is not None]
        return scores[-1] if scores else None

    @property
    def depth(self):
        """The last depth reported, 0 without one."""
        answer = self.answer
        return answer.depth if answer else 0

    @property
    def nodes(self):
        """The last node count reported, 0 without one."""
        counts = [info.nodes for info in self.infos if info.nodes is not None]
        return counts[-1] if counts else 0


def go_command(infinite=False, **limits):
    """The `go` line for the limits given (see LIMITS), or `go infinite`."""
    unknown = set(limits) - set(LIMITS)
    if unknown:
        raise ValueError(f"no go limit named {', '.join(sorted(unknown))}")
    words = ["go"]
    for name in LIMITS:
        if limits.get(name) is not None:
            words += [name, str(int(limits[name]))]
    if infinite:
        words.append("infinite")
    return " ".join(words)


class Engine:
    """A TEI engine process. `command` is a path or an argument list (a wrapper
    such as valgrind first); `stderr` is where its diagnostics go (DEVNULL, or
    PIPE to read them after `close`). It is greeted with `tei` unless
    `handshake` is False; its `id name` and option names are kept."""

    def __init__(self, command, handshake=True, stderr=subprocess.DEVNULL):
        single = isinstance(command, (str, os.PathLike))
        argv = [os.fspath(command)] if single else [os.fspath(a) for a in command]
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=stderr, text=True, bufsize=1)
        self.name, self.options, self.stderr = None, [], None
        self._go_at = None
        if handshake:
            try:
                self.handshake()
            except EngineError:
                self.close()
                raise

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    def send(self, line):
        """Writes one command line."""
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError) as e:
            raise EngineError("engine closed its input") from e

    def read_line(self):
        """The engine's next line, without its newline."""
        line = self.proc.stdout.readline()
        if not line:
            raise EngineError("engine closed its output")
        return line.rstrip("\n")

    def until(self, prefixes):
        """Reads lines up to the first that starts with `prefixes` (a string or a
        tuple of them), and returns that one."""
        while True:
            line = self.read_line()
            if line.startswith(prefixes):
                return line

    def handshake(self):
        """`tei`, read up to `teiok`: the engine's name and options are kept."""
        self.send("tei")
        while True:
            words = self.read_line().split()
            if words[:1] == ["teiok"]:
                return
            if words[:2] == ["id", "name"]:
                self.name = " ".join(words[2:])
            elif words[:2] == ["option", "name"] and "type" in words:
                self.options.append(" ".join(words[2:words.index("type")]))

    def set_option(self, name, value):
        self.send(f"setoption name {name} value {value}")

    def new_game(self, size, half_komi=None):
        """`teinewgame N`, or Menhir's `teinewgame size N halfkomi K` with a komi."""
        if half_komi is None:
            self.send(f"teinewgame {size}")
        else:
            self.send(f"teinewgame size {size} halfkomi {half_komi}")

    def is_ready(self):
        """`isready`, answered by `readyok`: the seconds the answer took."""
        start = time.perf_counter()
        self.send("isready")
        self.until("readyok")
        return time.perf_counter() - start

    def position(self, moves=(), tps=None):
        """`position tps TPS [moves ...]`, or `position startpos [moves ...]`."""
        line = f"position tps {tps}" if tps else "position startpos"
        if moves:
            line += " moves " + " ".join(moves)
        self.send(line)

    def go(self, infinite=False, **limits):
        """Starts a search (see go_command); `read_search` reads its answer."""
        self._go_at = time.perf_counter()
        self.send(go_command(infinite, **limits))

    def read_search(self, since=None):
        """Reads up to `bestmove`: the Search, timed from `since` (a perf_counter
        reading; the last `go` unless given)."""
        since = self._go_at if since is None else since
        infos = []
        while True:
            line = self.read_line()
            if line.startswith("info"):
                infos.append(parse_info(line))
            elif line.startswith("bestmove"):
                words = line.split()
                took = time.perf_counter() - since
                return Search(words[1] if len(words) > 1 else None, infos, took)

    def search(self, **limits):
        """`go` with the limits, read to `bestmove`."""
        self.go(**limits)
        return self.read_search()

    def stop(self):
        """`stop` during a search: the Search, timed from the `stop`."""
        start = time.perf_counter()
        self.send("stop")
        return self.read_search(since=start)

    def close(self, timeout=30):
        """`quit`, then waits for the process (killed after `timeout` seconds); the
        exit code. Diagnostics piped to `stderr` are kept in `self.stderr`."""
        if self.proc.returncode is not None:
            return self.proc.returncode
        try:
            self.send("quit")
        except EngineError:
            pass
        try:
            _, self.stderr = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, self.stderr = self.proc.communicate()
        return self.proc.returncode
