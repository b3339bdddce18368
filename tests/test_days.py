"""A child's days (trainer.learning.days): the days practised, the days of a green light by today's rule,
and the month's calendar, Monday first, across month and year boundaries; and what comes next after a
mastery (trainer.learning.next_step)."""

from __future__ import annotations

import datetime as dt
import math

import pytest

from puzzles import STAGES
from trainer.learning.days import PracticeDay, month_calendar, practice_days, previous_month
from trainer.learning.next_step import NextGoal, after_mastery, latest
from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.progress import Attempt, Progress
from trainer.learning.sprint import SprintAnswer, SprintHistory, day_of

NOON = 12 * 3600


def at(day: dt.date, seconds: int = NOON) -> float:
    """Epoch seconds on ``day`` (UTC, as :func:`day_of` reads them)."""
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp() + seconds


def puzzle(day: dt.date, seconds: int = NOON) -> Attempt:
    return Attempt("open-total", "muggins", 1, True, 3.0, at=at(day, seconds))


def facts(day: dt.date, quick: int, slow: int = 0) -> list[SprintAnswer]:
    return ([SprintAnswer("make10:3", True, 1.0, at(day) + i, 4.0) for i in range(quick)]
            + [SprintAnswer("make10:3", True, 9.0, at(day) + 1000 + i, 4.0) for i in range(slow)])


def test_an_empty_history_has_no_days_and_an_empty_month():
    assert practice_days([], []) == {}
    month = month_calendar({}, 2026, 11, today=dt.date(2026, 11, 26))
    assert month.practised == 0 and month.green == 0
    assert len(month.days) == 30 and not any(d.practised or d.green for d in month.days)


def test_puzzles_and_facts_count_on_their_own_day():
    mon, tue = dt.date(2026, 11, 23), dt.date(2026, 11, 24)
    days = practice_days([puzzle(mon), puzzle(mon, 3600), puzzle(tue)], facts(tue, quick=2, slow=3))
    assert list(days) == [mon, tue]
    assert days[mon] == PracticeDay(mon, puzzles=2)
    assert (days[tue].puzzles, days[tue].facts, days[tue].quick, days[tue].green) == (1, 5, 2, False)


def test_a_day_starts_at_midnight_as_the_learner_model_says():
    day = dt.date(2026, 11, 23)
    late, early = at(day, 24 * 3600 - 1), at(day, 24 * 3600)
    days = practice_days([Attempt("open-total", "muggins", 1, True, 3.0, at=late),
                          Attempt("open-total", "muggins", 1, True, 3.0, at=early)], [])
    assert list(days) == [day_of(late), day_of(early)] == [day, day + dt.timedelta(days=1)]


def test_the_green_light_of_a_past_day_follows_todays_rule():
    goal = DEFAULT_POLICY.round_facts
    one, two, three = dt.date(2026, 10, 30), dt.date(2026, 10, 31), dt.date(2026, 11, 1)
    answers = facts(one, quick=goal) + facts(two, quick=goal - 1, slow=5) + facts(three, quick=goal + 3)
    days = practice_days([], answers)
    assert [days[d].green for d in (one, two, three)] == [True, False, True]
    history = SprintHistory(answers)
    for day, record in days.items():  # the same answer as the Sprint page gives on that day
        assert record.green == history.goal_done(at(day, 23 * 3600))


def test_answers_without_a_usable_time_are_left_out():
    day = dt.date(2026, 11, 2)
    bad = [Attempt("open-total", "muggins", 1, True, 3.0, at=t) for t in (None, math.nan, math.inf, 1e20)]
    days = practice_days([*bad, puzzle(day)], [SprintAnswer("make10:3", True, 1.0, math.nan)])
    assert list(days) == [day] and days[day].puzzles == 1 and days[day].facts == 0


def test_the_month_is_weeks_of_seven_monday_first():
    month = month_calendar({}, 2026, 11, today=dt.date(2026, 11, 26))  # 1 November 2026 is a Sunday
    assert all(len(w) == 7 for w in month.weeks)
    assert month.weeks[0][:6] == (None,) * 6 and month.weeks[0][6].day == dt.date(2026, 11, 1)
    assert month.weeks[-1][0].day == dt.date(2026, 11, 30) and month.weeks[-1][1:] == (None,) * 6
    assert [d.day.weekday() for d in month.weeks[1]] == list(range(7))
    february = month_calendar({}, 2027, 2, today=dt.date(2027, 2, 1))  # starts on a Monday, 4 whole weeks
    assert len(february.weeks) == 4 and None not in february.weeks[0]
    assert len(month_calendar({}, 2028, 2, today=dt.date(2028, 2, 1)).days) == 29  # a leap year


def test_each_day_belongs_to_its_own_month_at_the_boundary():
    last, first = dt.date(2026, 10, 31), dt.date(2026, 11, 1)
    days = practice_days([puzzle(last)], facts(first, quick=DEFAULT_POLICY.round_facts))
    november = month_calendar(days, 2026, 11, today=dt.date(2026, 11, 26))
    october = month_calendar(days, 2026, 10, today=dt.date(2026, 11, 26))
    assert (november.practised, november.green) == (1, 1)
    assert (october.practised, october.green) == (1, 0)
    assert [d.day for d in october.days if d.practised] == [last]


def test_today_is_marked_and_later_days_are_still_to_come():
    today = dt.date(2026, 11, 26)
    month = month_calendar(practice_days([puzzle(today)], []), 2026, 11, today=today)
    marked = [d for d in month.days if d.is_today]
    assert [d.day for d in marked] == [today] and marked[0].practised
    assert [d.day.day for d in month.days if d.is_future] == [27, 28, 29, 30]
    assert not any(d.is_today for d in month_calendar({}, 2026, 10, today=today).days)


@pytest.mark.parametrize("year,month,before", [(2026, 11, (2026, 10)), (2026, 1, (2025, 12)), (2026, 12, (2026, 11))])
def test_the_month_before(year, month, before):
    assert previous_month(year, month) == before


def test_after_a_mastery_comes_the_next_stage_by_the_learner_models_order():
    assert [after_mastery(s, [s]).stage for s in STAGES[:-1]] == [Progress.next_stage(s) for s in STAGES[:-1]]
    step = after_mastery("muggins", ["muggins", "all-fives"])  # a stage mastered already is passed over
    assert (step.goal, step.stage) == (NextGoal.STAGE, "five-up")
    assert after_mastery(STAGES[-1], [STAGES[-1]]).goal is NextGoal.KEEP_GOING
    assert after_mastery("all-fives", list(STAGES)).goal is NextGoal.KEEP_GOING


def test_latest_reads_the_most_recent_mastery():
    progress = Progress()
    assert latest(progress) is None
    progress.mastered.append("muggins")
    assert latest(progress) == after_mastery("muggins", ["muggins"])
    progress.mastered.append("not-a-stage")  # bad data: nothing to say rather than an error
    assert latest(progress) is None
