"""The values the learner model's fold hands back: what recording an answer changed (:class:`Outcome`), a
puzzle the coach owes the learner (:class:`Review`) and where each kind stands at a stage
(:class:`StageReport`). :mod:`trainer.learning.progress` names them too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from puzzles import Stage
from trainer.learning.states import MasteryStep, ReviewMode


class StageReport(TypedDict):
    """Where each kind stands at a stage (:meth:`Progress.mastery_report`)."""

    steps: dict[str, MasteryStep]
    share: float
    """How far the stage is along, 0–1."""
    core_mastered: int
    core_count: int


@dataclass(frozen=True)
class Outcome:
    """What recording an answer changed."""

    mastered: Stage | None = None
    """The stage this answer mastered, if any."""
    unlocked: str | None = None
    """The stage the learning path goes on to because of it, if any (nothing is ever locked)."""
    level_change: int = 0
    """+1 or -1 when the coach moved the level at this stage."""
    lost: str | None = None
    """The stage whose mastery this answer lost in review, if any."""
    step: tuple[int, int] = (0, 0)
    """The kind's mastery step at the stage before and after this answer."""


@dataclass(frozen=True)
class Review:
    """A puzzle the coach owes the learner: the same code again, or a similar one."""

    code: str
    due: int
    """The number of answers after which it is due."""
    how: ReviewMode
    """:attr:`ReviewMode.RETRY` (the same puzzle) or :attr:`ReviewMode.SIMILAR` (a sibling with the same trap)."""
    traps: tuple[str, ...] = ()
    """The traps the missed puzzle exposed (as its answer kept them)."""
