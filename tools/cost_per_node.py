#!/usr/bin/env python3
"""Instructions per search node, counted exactly by callgrind.

usage: tools/cost_per_node.py MENHIR POSITIONS NODES SIZE [HALF_KOMI]

Runs MENHIR under `valgrind --tool=callgrind` as a TEI engine, searches each
position of the file POSITIONS (one TPS a line) with `go nodes NODES`, waiting
for each `bestmove`, and prints the total instructions, the start-up's (a run
with no search), the nodes searched and (total - start-up) / nodes. Wall-clock
nps moves by several percent run to run on a shared machine; instruction
counts do not, so this is the figure to compare two builds' cost per node.
"""
import os
import re
import subprocess
import sys

from menhirpy.ptn import read_lines
from menhirpy.tei import Engine


def run(binary, positions, nodes, size, half_komi):
    """(instructions callgrind counted, nodes searched) of one run."""
    out = "/tmp/cost_per_node.%d" % os.getpid()
    engine = Engine(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, binary],
                    stderr=subprocess.PIPE)
    engine.set_option("HalfKomi", half_komi)
    engine.new_game(size)
    searched = 0
    for tps in positions:
        engine.position(tps=tps)
        searched += engine.search(nodes=nodes).nodes
    engine.close(timeout=None)
    if os.path.exists(out):
        os.remove(out)
    return int(re.search(r"Collected : (\d+)", engine.stderr).group(1)), searched


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    binary, posfile, nodes, size = sys.argv[1:5]
    half_komi = sys.argv[5] if len(sys.argv) == 6 else "4"
    positions = read_lines([posfile])
    startup, _ = run(binary, [], nodes, size, half_komi)
    total, searched = run(binary, positions, nodes, size, half_komi)
    print("%s: %d instructions, start-up %d, %d nodes, %.0f instructions a node"
          % (binary, total, startup, searched, (total - startup) / max(searched, 1)))


if __name__ == "__main__":
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(__doc__.strip())
        sys.exit(0)
    main()
