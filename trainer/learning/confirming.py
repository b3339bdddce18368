"""What a stage needs before it is mastered, beside its kinds: the number facts fluent (:data:`STAGE_FACTS`,
answered in the Fives Sprint), and on a later day right answers that confirm it, from puzzles chosen afresh
(:func:`checks`), as many in a row as make a lucky run unlikely (:func:`lucky_run`)."""

from __future__ import annotations

import math

from puzzles.registry import all_traps
from trainer.learning.attempt import Attempt
from trainer.learning.sprint import FactKind
from trainer.learning.states import ReviewMode

STAGE_FACTS: dict[str, tuple[FactKind, ...]] = {
    "muggins": (FactKind.MAKE_FIVE, FactKind.MAKE_TEN, FactKind.NEAREST_FIVE, FactKind.IS_MULTIPLE),
    "all-fives": (FactKind.ADD_ENDS, FactKind.COUNT_ON, FactKind.NEXT_FIVE),
    "five-up": (FactKind.COUNT_BACK, FactKind.PREVIOUS_FIVE),
}
"""The number facts each stage needs fluent before it is mastered."""
_FACT_KINDS = {k.prefix: k for k in FactKind}
TRAP_FACTS: dict[str, tuple[FactKind, ...]] = {t.id: tuple(_FACT_KINDS[f] for f in t.facts) for t in all_traps()}
"""The number facts under each trap, from its record (:attr:`puzzles.registry.Trap.facts`): a rounding remainder
is the nearest five, counting ends is adding."""

CHECKS = frozenset({ReviewMode.NEW, ReviewMode.REVIEW, ReviewMode.SIMILAR, ReviewMode.GAME})
"""Why a puzzle came up, when its answer can confirm a stage: not a retry (the same puzzle, its answer just
shown), not a teaching step (the drill, the missed puzzle again), not the placement check."""


def checks(a: Attempt) -> bool:
    """Whether an answer counts toward confirming its stage: unhinted, to a puzzle chosen afresh
    (:data:`CHECKS`). (A kind's general skill is judged at the top level only; a trap the top level seldom
    sets is asked lower down.)"""
    return not a.hinted and a.review in CHECKS


def lucky_run(guess: float, luck: float) -> int:
    """The fewest right answers in a row that a child guessing at ``guess`` gives with a chance of at most
    ``luck``: 4 for a two-way rounding (1/16), 3 for one of three, 2 for one of four."""
    if guess <= 0.0:
        return 1
    if guess >= 1.0:
        return 1
    return max(1, math.ceil(math.log(luck) / math.log(guess) - 1e-9))
