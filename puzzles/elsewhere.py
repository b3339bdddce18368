"""A contrast pair to stand above a puzzle, made from *another* puzzle that sets the same trap: the pair
shows the idea without telling the puzzle's answer. Made from the puzzle itself, the Projector's pair for a
child stuck on rounding said "21 rounds to 20" right above "What is 21 rounded to the nearest five?".

>>> from puzzles import generate_for
>>> p = generate_for("hand-rounding", stage="muggins", level=1, trap="round-1", seed=1)
>>> own, pair = contrast(p, "round-1"), contrast_elsewhere(p, "round-1")
>>> {own.left.number, own.right.number} & {pair.left.number, pair.right.number}
set()
"""

from __future__ import annotations

import functools

from puzzles import Puzzle, from_code, generate_for
from puzzles.contrast import contrast
from puzzles.pair import Contrast, Side
from trainer.words import language

TRIES = 30
"""Seeds tried for another puzzle that sets the trap (one or two are almost always enough)."""


def _look(side: Side) -> tuple[str | None, int | None]:
    """What a side shows: its layout (as a record) or its number."""
    return (side.board.record if side.board is not None else None, side.number)


def contrast_elsewhere(p: Puzzle, trap_id: str) -> Contrast:
    """The pair for ``trap_id`` made from another puzzle of ``p``'s kind, stage and level that sets the trap,
    sharing no picture with ``p``'s own pair; ``p``'s own pair when none turns up. Kept for reuse (the
    Projector draws it on every run while it is up), by the puzzle's code and the reader's language."""
    return _elsewhere(p.code, trap_id, language())


@functools.lru_cache(maxsize=256)
def _elsewhere(code: str, trap_id: str, lang: str) -> Contrast:
    p = from_code(code)
    own = contrast(p, trap_id)
    taken = {_look(own.left), _look(own.right)}
    for seed in range(1, TRIES + 1):
        other = generate_for(p.kind, stage=p.stage, level=p.level, trap=trap_id, seed=seed)
        if other.code == p.code:
            continue
        pair = contrast(other, trap_id)
        if not taken & {_look(pair.left), _look(pair.right)}:
            return pair
    return own
