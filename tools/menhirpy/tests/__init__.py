"""The package's tests (unittest, standard library only). From the repository's
root: `python3 -B -m unittest discover -s tools/menhirpy/tests -t tools`; the TEI
tests drive the engine at $MENHIR_BIN, or target/release/menhir, and are skipped
when neither is there (`cargo test --release` runs them all: tools/tests/python.rs).
"""
