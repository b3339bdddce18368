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


DELIVERY_ALLOWANCE = 10.0
"""Seconds a child's device may take to show a live puzzle after the projector showed it (a busy server, a
slow network): each device's time starts when the puzzle is on its own screen, but never later than this."""


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
    shown: float | None = None
    """When the projector showed the current puzzle, by the store's clock (``None``: a lesson from before
    each device counted its own time)."""
    ends: float | None = None
    """When the last child's time ends (each device's time starts when the puzzle is on its screen): the
    projector's "Time's up!" (``None``: :attr:`deadline`)."""

    def seconds_left(self, now: float) -> float | None:
        """How long the projector's ring runs, at the store's time ``now`` (``None``: no countdown).

        >>> LessonState(1, 1, "CQT6-QX36", False, False, 0.0, deadline=110.0).seconds_left(102.5)
        7.5
        """
        return None if self.deadline is None else max(0.0, self.deadline - now)

    def time_up(self, now: float) -> bool:
        """Whether every child's time for the current puzzle has ended (the projector says "Time's up!")."""
        if self.deadline is None:
            return False
        return now >= (self.ends if self.ends is not None else self.deadline)

    def deadline_for(self, seen: float | None) -> float | None:
        """One device's own end of time: the puzzle's time counted from when that device showed it
        (``seen``; ``None``: not yet, as late as allowed), never starting later than
        :data:`DELIVERY_ALLOWANCE` after the projector showed it.

        >>> lesson = LessonState(1, 1, "CQT6-QX36", False, False, 0.0, countdown=10, deadline=110.0, shown=100.0)
        >>> lesson.deadline_for(107.8), lesson.deadline_for(130.0), lesson.deadline_for(None)
        (117.8, 120.0, 120.0)
        """
        if self.deadline is None:
            return None
        if self.shown is None:
            return self.deadline
        start = self.shown + DELIVERY_ALLOWANCE if seen is None else min(max(seen, self.shown),
                                                                          self.shown + DELIVERY_ALLOWANCE)
        return start + (self.deadline - self.shown)


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
