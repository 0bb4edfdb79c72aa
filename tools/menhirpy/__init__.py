"""The tools' shared Python: one PTN reader (`ptn`), one TEI client (`tei`) and one
SPRT (`sprt`, the model of `menhir-tools judge`). Standard library only.

The scripts in `tools/` import it as `menhirpy` (a script's own directory is on
Python's path); its tests are in `tools/menhirpy/tests/` (`tools/README.md`).
"""
