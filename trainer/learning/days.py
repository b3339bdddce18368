"""A child's days: which days they practised, and on which the Sprint's daily green light was earned,
laid out as a month's calendar (Monday first) for My progress.

A day means what it means everywhere in the learner model (:func:`trainer.learning.sprint.day_of`), and a
past day's green light follows the rule of today's (:func:`trainer.learning.sprint.green_light`), worked
out again from the stored answers. Pure Python: ``today`` is passed in, and an answer whose time is not
known (or is not a time at all) is left out rather than breaking the calendar.

>>> from trainer.learning.sprint import SprintAnswer
>>> days = practice_days([], [SprintAnswer("make10:3", True, 1.0, 86400.0 * 3)])
>>> [(d.day.isoformat(), d.facts, d.green) for d in days.values()]
[('1970-01-04', 1, False)]
>>> month = month_calendar(days, 1970, 1, today=dt.date(1970, 1, 10))
>>> month.practised, month.green, len(month.weeks[0])
(1, 0, 7)
"""

from __future__ import annotations

import calendar
import datetime as dt
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from trainer.learning.attempt import Attempt
from trainer.learning.policy import DEFAULT_POLICY, Policy
from trainer.learning.sprint import SprintAnswer, day_of, green_light


@dataclass(frozen=True)
class PracticeDay:
    """What a child did on one day."""

    day: dt.date
    puzzles: int = 0
    """Puzzles answered that day (right or not)."""
    facts: int = 0
    """Sprint facts answered that day (right or not)."""
    quick: int = 0
    """Sprint facts answered right and within their time bar that day."""
    green: bool = False
    """The Sprint's daily green light was earned that day."""

    @property
    def practised(self) -> bool:
        return self.puzzles + self.facts > 0


def _day(at: object) -> dt.date | None:
    """The day of an answer's time, or ``None`` when it has none a calendar can show (missing, not a
    number, not finite, out of the calendar's range)."""
    if isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at):
        return None
    try:
        return day_of(float(at))
    except (OverflowError, OSError, ValueError):
        return None


def practice_days(attempts: Iterable[Attempt], answers: Iterable[SprintAnswer], *,
                  policy: Policy = DEFAULT_POLICY) -> dict[dt.date, PracticeDay]:
    """Every day the child practised, in order: puzzles and Sprint facts answered that day, and whether
    that day's green light was earned (by the rule :meth:`SprintHistory.goal_done` uses for today)."""
    puzzles: dict[dt.date, int] = {}
    facts: dict[dt.date, int] = {}
    quick: dict[dt.date, int] = {}
    for attempt in attempts:
        day = _day(attempt.at)
        if day is not None:
            puzzles[day] = puzzles.get(day, 0) + 1
    for answer in answers:
        day = _day(answer.at)
        if day is not None:
            facts[day] = facts.get(day, 0) + 1
            quick[day] = quick.get(day, 0) + (1 if answer.fluent else 0)
    return {day: PracticeDay(day, puzzles.get(day, 0), facts.get(day, 0), quick.get(day, 0),
                             green_light(quick.get(day, 0), policy))
            for day in sorted(puzzles.keys() | facts.keys())}


@dataclass(frozen=True)
class CalendarDay:
    """One cell of a month's calendar."""

    day: dt.date
    record: PracticeDay
    """What the child did that day (nothing, for a day without practice)."""
    is_today: bool = False
    is_future: bool = False

    @property
    def practised(self) -> bool:
        return self.record.practised

    @property
    def green(self) -> bool:
        return self.record.green


@dataclass(frozen=True)
class MonthCalendar:
    """A month as weeks of seven days, Monday first; a week's places outside the month are ``None``."""

    year: int
    month: int
    weeks: tuple[tuple[CalendarDay | None, ...], ...]

    @property
    def days(self) -> tuple[CalendarDay, ...]:
        return tuple(d for week in self.weeks for d in week if d is not None)

    @property
    def practised(self) -> int:
        """Days of the month the child practised."""
        return sum(1 for d in self.days if d.practised)

    @property
    def green(self) -> int:
        """Days of the month whose green light was earned."""
        return sum(1 for d in self.days if d.green)


def month_calendar(days: Mapping[dt.date, PracticeDay], year: int, month: int, *, today: dt.date) -> MonthCalendar:
    """The month ``year``-``month`` with what the child did each day (:func:`practice_days`)."""
    weeks = []
    for week in calendar.Calendar(firstweekday=calendar.MONDAY).monthdatescalendar(year, month):
        weeks.append(tuple(
            CalendarDay(d, days.get(d, PracticeDay(d)), is_today=d == today, is_future=d > today)
            if d.month == month else None
            for d in week))
    return MonthCalendar(year, month, tuple(weeks))


def previous_month(year: int, month: int) -> tuple[int, int]:
    """The month before ``year``-``month``: ``(2026, 1)`` → ``(2025, 12)``."""
    return (year - 1, 12) if month == 1 else (year, month - 1)
