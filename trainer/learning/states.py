"""The learner model's small states, as enums: why a puzzle came up (:class:`ReviewMode`), a kind's
step of mastery (:class:`MasteryStep`) and where a trap stands (:class:`TrapStatus`).

Each keeps the exact value stored before it existed (a :class:`~enum.StrEnum` or an
:class:`~enum.IntEnum`), so the database, the browser's copy of the outbox and the CSVs keep their text.

>>> ReviewMode("retry") is ReviewMode.RETRY and ReviewMode.RETRY == "retry"
True
>>> ReviewMode.NEW.starts_retry, ReviewMode.DRILL.is_follow_up, ReviewMode.GAME.moves_level
(True, True, False)
>>> MasteryStep.MASTERED == 4 and f"{MasteryStep.FAMILIAR}" == "2"
True
"""

from __future__ import annotations

import enum


class ReviewMode(enum.StrEnum):
    """Why a puzzle came up (:attr:`~trainer.learning.progress.Attempt.review`)."""

    NEW = ""
    """A puzzle the coach (or the learner) chose afresh."""
    RETRY = "retry"
    """A missed puzzle again, the same code."""
    SIMILAR = "similar"
    """A puzzle like a missed one: a new seed, the same kind and trap."""
    REVIEW = "review"
    """A mastered kind or stage, reviewed."""
    DRILL = "drill"
    """Teaching a mistake: the number drill one step down."""
    RETEACH = "reteach"
    """Teaching a mistake: the missed puzzle again, answered until right."""
    GAME = "game"
    """A missed score from the learner's own game (:mod:`trainer.learning.transfer`)."""
    PLACEMENT = "placement"
    """A puzzle of the placement check a new child takes (:mod:`trainer.learning.placement`): evidence, but
    it neither moves the coach's level nor comes back as a retry."""

    @property
    def is_follow_up(self) -> bool:
        """A missed puzzle coming back, or a mistake being taught: not a puzzle chosen afresh."""
        return self in _FOLLOW_UPS

    @property
    def moves_level(self) -> bool:
        """An answer that may move the coach's level (review, teaching and puzzles from games do not)."""
        return self in _MOVES_LEVEL

    @property
    def starts_retry(self) -> bool:
        """Missed, it comes back (a retry, then a similar one); a follow-up missed again is taught instead."""
        return self in _STARTS_RETRY


_FOLLOW_UPS = frozenset({ReviewMode.RETRY, ReviewMode.SIMILAR, ReviewMode.DRILL, ReviewMode.RETEACH})
_MOVES_LEVEL = frozenset({ReviewMode.NEW, ReviewMode.RETRY, ReviewMode.SIMILAR})
_STARTS_RETRY = frozenset({ReviewMode.NEW, ReviewMode.REVIEW, ReviewMode.GAME})


class MasteryStep(enum.IntEnum):
    """A kind's step of mastery at a stage, in order (the words: :data:`trainer.words.mastery.STEP_NAMES`)."""

    NOT_STARTED = 0
    PRACTISED = 1
    """Answered at least once."""
    FAMILIAR = 2
    """Enough of its last answers right, at any level."""
    PROFICIENT = 3
    """A run of right answers at the top level."""
    MASTERED = 4
    """Proficient, fluent, and every trap of the kind shown."""


class TrapStatus(enum.StrEnum):
    """Where a trap the kind must show stands (the progress page)."""

    SHOWN = "shown"
    """Answered right in enough of its last puzzles."""
    SHAKY = "shaky"
    """Met, not shown yet."""
    NOT_MET = "not met"
