"""The small value types the store hands out."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import IntEnum

from trainer.learning.progress import Attempt


@dataclass(frozen=True)
class ClassKeys:
    code: str
    """The class code children type to join (``"KQ7-MXR-4PD"``)."""
    teacher_key: str
    """The teacher's secret: whoever has it sees the class's report. Shown once, kept as a hash."""


@dataclass(frozen=True)
class HomePass:
    """A sign-in token for printed matter (:mod:`trainer.store.passes`)."""

    token: str
    """Shown once, in the QR code's address (``?pass=``); kept as a hash."""
    expires: float
    """When it stops signing in (seconds since the epoch)."""


@dataclass(frozen=True)
class Learner:
    code: str
    nickname: str
    class_code: str | None = None


@dataclass(frozen=True)
class ReportRow:
    """A learner of a class with all their answers (for the teacher only)."""

    code: str
    nickname: str
    joined: dt.datetime
    attempts: list[Attempt] = field(default_factory=list)

    @property
    def answers(self) -> int:
        return len(self.attempts)

    @property
    def right(self) -> int:
        return sum(a.correct for a in self.attempts)


@dataclass(frozen=True)
class LessonState:
    """The live lesson of a class, as the children's devices see it."""

    lesson: int
    """Counts the class's lessons: a new lesson starts its rounds afresh."""
    round: int
    """0 before the first puzzle, then 1, 2, …"""
    puzzle_code: str
    locked: bool
    revealed: bool
    started: float
    begun: bool = True
    """``False`` while the lesson waits in its lobby: children join, no puzzle yet."""
    countdown: int = 0
    """Seconds each new puzzle gives to answer (a :class:`Countdown`; 0: no countdown)."""
    deadline: float | None = None
    """When answering the current puzzle ends, by the store's clock (``None``: no countdown)."""
    sound: bool = True
    """Whether the projector chimes when the time ends."""

    def seconds_left(self, now: float) -> float | None:
        """How long answering stays open, at the store's time ``now`` (``None``: no countdown).

        >>> LessonState(1, 1, "CQT6-QX36", False, False, 0.0, deadline=110.0).seconds_left(102.5)
        7.5
        """
        return None if self.deadline is None else max(0.0, self.deadline - now)

    def time_up(self, now: float) -> bool:
        """Whether the current puzzle's countdown has ended (answers are then refused)."""
        return self.deadline is not None and now >= self.deadline


class Countdown(IntEnum):
    """The time a teacher may give each puzzle of a live lesson, in seconds (off by default)."""

    OFF = 0
    SHORT = 10
    MEDIUM = 20
    LONG = 30


@dataclass(frozen=True)
class Tally:
    """How a live round is going, for the projector: counts only, never names."""

    joined: int
    answered: int
    answers: list[tuple[str, bool, str | None, int]]
    """(answer, right, mistake, how many gave it)."""
