"""The work a teacher sets, as pure logic: which answers count toward it (none before it was set, none
after its due day or its closing, each answer once), a child's standing (done never more than the total),
stuck on a trap, a Sprint a day, the next puzzle it asks for, and bad work refused with its reason."""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io
import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import KINDS, STAGES, generate, generate_for
from trainer.classroom.assignments import class_work, csv_columns, status_words, summary
from trainer.classroom.report import csv_text
from trainer.learning.assignment import (
    Assignment,
    Problem,
    Status,
    Work,
    check,
    next_pick,
    school_days,
    standing,
    this_friday,
)
from trainer.learning.attempt import attempt_traps
from trainer.learning.progress import Attempt
from trainer.learning.sprint import SprintAnswer
from trainer.store.traps import with_traps

MONDAY = dt.datetime(2026, 11, 23, 9, 0, tzinfo=dt.UTC).timestamp()
FRIDAY = dt.date(2026, 11, 27)
DAY = 86400.0


@dataclass
class Child:
    """A learner as the class's report reads one."""

    code: str
    nickname: str
    attempts: list = field(default_factory=list)


def work(kind: Work = Work.PUZZLES, **kw) -> Assignment:
    base = dict(id=1, class_code="KQ7-MXR-4PD", work=kind, stages=("muggins",), kinds=("open-total",), trap=None,
                count=5, due=FRIDAY, set_at=MONDAY)
    base.update(kw)
    return Assignment(**base)


def answer(at: float | None, kind: str = "open-total", stage: str = "muggins", correct: bool = True,
           code: str = "", mistake: str | None = None) -> Attempt:
    return with_traps(Attempt(kind, stage, 1, correct, 4.0, code, mistake, at=at))


answers = st.lists(st.builds(
    answer,
    at=st.one_of(st.none(), st.floats(MONDAY - 3 * DAY, MONDAY + 8 * DAY)),
    kind=st.sampled_from(KINDS), stage=st.sampled_from(STAGES), correct=st.booleans()), max_size=60)
works = st.builds(
    work, kind=st.sampled_from([Work.PUZZLES, Work.TRAP]),
    stages=st.lists(st.sampled_from(STAGES), min_size=1, max_size=3, unique=True).map(tuple),
    kinds=st.lists(st.sampled_from(KINDS), max_size=3, unique=True).map(tuple),
    trap=st.sampled_from(["double-once", "round-2", "counted-covered"]), count=st.integers(1, 30),
    closed_at=st.one_of(st.none(), st.floats(MONDAY, MONDAY + 6 * DAY)))


@settings(max_examples=300, deadline=None)
@given(works, answers)
def test_done_never_exceeds_the_total_and_answers_before_it_was_set_never_count(w, given_answers):
    got = standing(w, given_answers)
    assert 0 <= got.done <= got.total == w.count
    assert got.finished == (got.done == got.total) and 0 <= got.right <= got.done
    assert got.status is not Status.DONE or got.finished
    earlier = [a for a in given_answers if a.at is None or a.at < w.set_at]
    later = [a for a in given_answers if a.at is not None and a.at >= w.set_at]
    assert standing(w, earlier).done == 0  # before it was set, or with no time: never
    assert standing(w, earlier + later) == standing(w, later)
    more = standing(w, given_answers + later)  # more answers never take progress away
    assert got.done <= more.done <= more.total


@settings(max_examples=100, deadline=None)
@given(answers, st.integers(1, 40))
def test_progress_is_the_count_of_the_answers_that_count_up_to_the_total(given_answers, count):
    w = work(count=count, stages=STAGES, kinds=())
    inside = [a for a in given_answers if a.at is not None and w.set_at <= a.at < w.ends]
    assert standing(w, given_answers).done == min(count, len(inside))


def test_what_counts():
    w = work(count=10)
    assert w.counts(answer(MONDAY))
    assert not w.counts(answer(MONDAY - 1))  # a second before it was set
    assert not w.counts(answer(None))  # an old answer without a time
    assert not w.counts(answer(MONDAY, kind="best-play"))
    assert not w.counts(answer(MONDAY, stage="all-fives"))
    end_of_friday = dt.datetime(2026, 11, 28, tzinfo=dt.UTC).timestamp()
    assert w.counts(answer(end_of_friday - 1)) and not w.counts(answer(end_of_friday))  # the due day is the last
    closed = dataclasses.replace(w, closed_at=MONDAY + 60)
    assert closed.counts(answer(MONDAY + 59)) and not closed.counts(answer(MONDAY + 61))
    assert work(kinds=()).counts(answer(MONDAY, kind="best-play"))  # no kinds chosen: every kind


def test_trap_work_counts_the_puzzles_that_expose_the_trap():
    w = work(Work.TRAP, stages=("muggins",), kinds=(), trap="round-2", count=3)
    exposing = generate_for("hand-rounding", stage="muggins", level=1, trap="round-2", seed=4)
    assert "round-2" in exposing.traps
    plain = next(p for s in range(200) if "round-2" not in (p := generate("hand-rounding", stage="muggins",
                                                                           level=1, seed=s)).traps)
    assert w.counts(answer(MONDAY, "hand-rounding", code=exposing.code))
    assert not w.counts(answer(MONDAY, "hand-rounding", code=plain.code))


def test_stuck_on_a_trap_three_wrong_in_a_row_or_parked():
    w = work(Work.TRAP, kinds=(), trap="round-2", count=10)
    p = generate_for("hand-rounding", stage="muggins", level=1, trap="round-2", seed=4)
    assert "round-2" in attempt_traps(answer(MONDAY, "hand-rounding", code=p.code))
    wrong = [answer(MONDAY + i, "hand-rounding", correct=False, code=p.code, mistake="round-2") for i in range(3)]
    assert standing(w, wrong[:2]).status is Status.IN_PROGRESS
    got = standing(w, wrong)
    assert (got.status, got.stuck_on, got.done) == (Status.STUCK, "round-2", 3)
    right = answer(MONDAY + 9, "hand-rounding", code=p.code)
    assert standing(w, [*wrong, right]).status is Status.IN_PROGRESS  # a right answer since: not stuck
    assert standing(w, [*wrong[:1], right], parked=frozenset({"round-2"})).stuck_on == "round-2"
    assert standing(w, [right], parked=frozenset({"double-once"})).stuck_on is None  # not met in this work
    done = dataclasses.replace(w, count=3)
    got = standing(done, wrong)  # finished, all wrong: finishing is not succeeding, and the teacher sees it
    assert (got.finished, got.right, got.status, got.stuck_on) == (True, 0, Status.STUCK, "round-2")
    assert not got.all_right
    fine = standing(done, [dataclasses.replace(right, at=MONDAY + 9 + i) for i in range(3)])
    assert (fine.status, fine.right, fine.all_right) == (Status.DONE, 3, True)


def test_a_sprint_a_day_counts_the_days_with_a_green_light():
    w = work(Work.SPRINT, stages=(), kinds=(), count=0)
    assert w.total == 5

    def round_on(day: int, quick: int = 25) -> list[SprintAnswer]:
        return [SprintAnswer("make10:3", True, 1.0, MONDAY + day * DAY + i, 4.0) for i in range(quick)]

    facts = round_on(0) + round_on(1, quick=10) + round_on(2) + round_on(-1)
    got = standing(w, [], facts, now=MONDAY + 2 * DAY)
    assert (got.done, got.total, got.today, got.status) == (2, 5, True, Status.IN_PROGRESS)
    assert not standing(w, [], facts, now=MONDAY + 3 * DAY).today
    all_week = [a for d in range(7) for a in round_on(d)]
    assert standing(w, [], all_week).done == 5  # never more than the school days


def test_school_days_and_the_default_due_day():
    assert school_days(dt.date(2026, 11, 23), dt.date(2026, 12, 4)) == 10
    assert school_days(dt.date(2026, 11, 27), dt.date(2026, 11, 23)) == 1  # never none
    for d in range(14):
        day = dt.date(2026, 11, 23) + dt.timedelta(days=d)
        friday = this_friday(day)
        assert friday.weekday() == 4 and 0 <= (friday - day).days < 7


def test_the_next_puzzle_evens_out_the_kinds_and_stages():
    w = work(stages=("muggins", "all-fives"), kinds=("open-total", "best-play"), count=8)
    rng, given_answers = random.Random(3), []
    for i in range(8):
        pick = next_pick(w, given_answers, {"muggins": 2, "all-fives": 9}, rng)
        assert pick is not None and pick.trap is None
        assert pick.level == (2 if pick.stage == "muggins" else 3)
        given_answers.append(answer(MONDAY + i, pick.kind, pick.stage))
    assert sorted((a.kind, a.stage) for a in given_answers) == sorted(w.choices * 2)
    trap = next_pick(work(Work.TRAP, stages=("all-fives",), kinds=(), trap="spinner-once"), [], {}, rng)
    assert trap is not None and trap.trap == "spinner-once" and trap.stage == "all-fives"
    assert next_pick(work(Work.SPRINT, stages=()), [], {}, rng) is None


def test_bad_work_is_refused_with_its_reason():
    today = dt.date(2026, 11, 25)
    ok = dict(work=Work.PUZZLES, stages=("muggins",), kinds=(), trap=None, count=5, due=FRIDAY, today=today)
    assert check(**ok) is None
    bad = [({"count": 0}, Problem.TOO_FEW), ({"count": 201}, Problem.TOO_MANY), ({"stages": ()}, Problem.NO_STAGE),
           ({"due": dt.date(2026, 11, 24)}, Problem.PAST_DUE), ({"stages": ("banana",)}, Problem.UNKNOWN),
           ({"work": Work.TRAP}, Problem.NO_TRAP),
           ({"work": Work.TRAP, "trap": "spinner-once"}, Problem.TRAP_NOT_AT_STAGE),  # no spinner in Muggins
           ({"everyone": False}, Problem.NO_CHILDREN)]
    for change, reason in bad:
        assert check(**{**ok, **change}) is reason, change
    assert check(**{**ok, "due": today}) is None  # due today is fine
    assert check(**{**ok, "work": Work.SPRINT, "stages": (), "count": 0}) is None


def test_the_class_grid_and_the_csv_say_each_childs_standing():
    kids = [Child("AAAA-AAAA", "Jade Gecko", [answer(MONDAY + i) for i in range(5)]),
            Child("BBBB-BBBB", "=Blue Fox", [answer(MONDAY + 1)]), Child("CCCC-CCCC", "Red Panda")]
    works = [work(count=5), work(id=2, count=4, learners=("BBBB-BBBB",)), work(Work.SPRINT, id=3, stages=())]
    rows = class_work(works, kids, {}, MONDAY + DAY)
    said = [[status_words(r.standings[k.code], r.work) for r in rows] for k in kids]
    assert said == [["done: 5 of 5 right", "—", "not started"],
                    ["in progress (1 of 5)", "in progress (1 of 4)", "not started"],
                    ["not started", "—", "not started"]]
    assert rows[0].count(Status.DONE) == 1 and summary(works[0]) == "5 puzzles · Muggins · Total"
    table = list(csv.reader(io.StringIO(csv_text(kids, csv_columns(rows)))))
    assert table[0][-3:] == ["5 puzzles · Muggins · Total (due Fri 27 November)",
                             "4 puzzles · Muggins · Total (due Fri 27 November)",
                             "A Sprint a day (due Fri 27 November)"]
    assert [r[0] for r in table[1:]] == ["Jade Gecko"] * 5 + ["'=Blue Fox", "Red Panda"]  # a child without answers too
    assert table[-1][2] == "0" and table[-1][-3:] == ["not started", "—", "not started"]
    assert table[6][-2] == "in progress (1 of 4)"
    assert csv_text(kids) == csv_text(kids, None) and len(list(csv.reader(io.StringIO(csv_text(kids))))) == 7
