"""The two number kinds, ``nearest-five`` and ``make-five``, now live in :mod:`puzzles.kinds`
(one module each); their names stay importable from here."""

from puzzles.kinds.make_five import (
    build_more,
    build_number,
    judge_make_five,
    make_make_five,
    number_puzzle,
)
from puzzles.kinds.making import between
from puzzles.kinds.nearest_five import (
    NEAREST_RANGE,
    NEAREST_TILES,
    build_nearest,
    judge_nearest_five,
    make_nearest_five,
)

__all__ = ["NEAREST_RANGE", "NEAREST_TILES", "between", "build_more", "build_nearest", "build_number",
           "judge_make_five", "judge_nearest_five", "make_make_five", "make_nearest_five", "number_puzzle"]
