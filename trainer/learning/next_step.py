"""What comes next after a mastery: the next stage on the learning path (by the learner model's own order,
:meth:`Progress.next_stage`), or, once the whole path is mastered, what to keep doing.

>>> after_mastery("muggins", ["muggins"])
NextStep(mastered='muggins', goal=<NextGoal.STAGE: 'stage'>, stage='all-fives')
>>> after_mastery("five-up", ["muggins", "all-fives", "five-up"]).goal
<NextGoal.KEEP_GOING: 'keep-going'>
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from puzzles import Stage
from trainer.learning.progress import Progress


class NextGoal(enum.Enum):
    """Where a child goes after mastering a stage."""

    STAGE = "stage"
    """A stage not mastered yet: the coach starts it on Practice."""
    KEEP_GOING = "keep-going"
    """Every stage is mastered: keep the facts quick in the Sprint and play games against the computer."""


@dataclass(frozen=True)
class NextStep:
    """The stage just mastered and what comes after it."""

    mastered: Stage
    goal: NextGoal
    stage: Stage | None = None
    """The stage to go on to (for :attr:`NextGoal.STAGE`)."""


def after_mastery(stage: Stage, mastered: Sequence[Stage]) -> NextStep:
    """What follows mastering ``stage``: the first stage after it not yet mastered, or keep going.
    ``ValueError`` for a stage the trainer does not know."""
    nxt = Progress.next_stage(stage)
    while nxt is not None and nxt in mastered:
        nxt = Progress.next_stage(nxt)
    if nxt is None:
        return NextStep(stage, NextGoal.KEEP_GOING)
    return NextStep(stage, NextGoal.STAGE, nxt)


def latest(progress: Progress) -> NextStep | None:
    """What follows the learner's most recent mastery (``None`` before any, or for a stage not known)."""
    if not progress.mastered:
        return None
    try:
        return after_mastery(progress.mastered[-1], progress.mastered)
    except ValueError:
        return None
