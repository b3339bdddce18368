"""The store's side of the work a teacher sets, against SQLite and a real PostgreSQL server (skipped, with
the reason, where PostgreSQL's server is missing): set, read back, for whom, closed, deleted, and gone with
its class."""

from __future__ import annotations

import datetime as dt

import pytest
from alembic import command
from sqlalchemy import create_engine, inspect

from trainer.learning.assignment import Assignment, Problem, Work, standing
from trainer.learning.progress import Attempt
from trainer.store import open_store
from trainer.store.assignments import AssignmentProblem
from trainer.store.opening import migrations

MONDAY = dt.datetime(2026, 11, 23, 9, 0, tzinfo=dt.UTC).timestamp()
FRIDAY = dt.date(2026, 11, 27)


class Clock:
    """The store's clock, moved by the test."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock(MONDAY)


@pytest.fixture
def store(url, clock):
    s = open_store(url, clock=clock)
    yield s
    s.engine.dispose()


def test_work_is_kept_exactly_and_read_back_for_the_children_it_is_for(store, clock):
    keys = store.create_class("Room 4")
    fox, owl = store.join(keys.code, "Blue Fox"), store.join(keys.code, "Green Owl")
    mine = store.set_assignment(keys.code, keys.teacher_key, Work.PUZZLES, stages=("muggins", "all-fives"),
                                kinds=("open-total", "best-play"), count=10, due=FRIDAY)
    trap = store.set_assignment(keys.code, keys.teacher_key, Work.TRAP, stages=("all-fives",),
                                trap="spinner-once", count=6, due=FRIDAY + dt.timedelta(days=7),
                                learners_chosen=[owl])
    sprint = store.set_assignment(keys.code, keys.teacher_key, Work.SPRINT, stages=("muggins",), count=5,
                                  due=FRIDAY, learners_chosen=[fox, owl])
    assert mine == Assignment(mine.id, keys.code, Work.PUZZLES, ("muggins", "all-fives"), ("open-total", "best-play"),
                              None, 10, FRIDAY, MONDAY)
    assert (sprint.stages, sprint.count, sprint.total) == ((), 0, 5)  # a Sprint a day: Monday to Friday
    assert store.class_assignments(keys.code, keys.teacher_key) == [sprint, trap, mine]  # the newest first
    assert store.assignments_for(fox) == [mine, sprint]
    assert store.assignments_for(owl) == [mine, sprint, trap]  # the soonest due first
    joined_later = store.join(keys.code, "Red Panda")
    assert store.assignments_for(joined_later) == [mine]  # whole-class work reaches a child who joins later
    assert store.assignments_for("banana") == [] and store.assignments_for(store.new_learner("No Class")) == []


def test_progress_comes_from_the_stored_answers(store, clock):
    keys = store.create_class("Room 4")
    me = store.join(keys.code, "Blue Fox")
    store.record(me, Attempt("open-total", "muggins", 1, True, 3.0, "CQT6-QX36", at=MONDAY - 60))  # before
    work = store.set_assignment(keys.code, keys.teacher_key, Work.PUZZLES, stages=("muggins",), count=2, due=FRIDAY)
    for i in range(3):
        store.record(me, Attempt("open-total", "muggins", 1, True, 3.0, "CQT6-QX36", at=MONDAY + i), uid=f"u{i % 2}")
    got = standing(work, store.attempts(me))
    assert (got.done, got.total) == (2, 2)  # the answer sent again counts once, the earlier one never


def test_bad_work_gets_its_reason_and_nothing_is_kept(store, clock):
    keys = store.create_class("Room 4")
    me = store.join(keys.code, "Blue Fox")
    other = store.create_class("Room 5")
    stranger = store.join(other.code, "Red Panda")
    cases = [
        (dict(work=Work.PUZZLES, stages=(), count=5, due=FRIDAY), Problem.NO_STAGE),
        (dict(work=Work.PUZZLES, stages=("muggins",), count=0, due=FRIDAY), Problem.TOO_FEW),
        (dict(work=Work.PUZZLES, stages=("muggins",), count=5, due=dt.date(2026, 11, 20)), Problem.PAST_DUE),
        (dict(work=Work.TRAP, stages=("muggins",), count=5, due=FRIDAY), Problem.NO_TRAP),
        (dict(work=Work.PUZZLES, stages=("muggins",), count=5, due=FRIDAY, learners_chosen=[]), Problem.NO_CHILDREN),
        (dict(work=Work.PUZZLES, stages=("muggins",), count=5, due=FRIDAY, learners_chosen=[me, stranger]),
         Problem.CHILD_GONE),
    ]
    for fields, reason in cases:
        with pytest.raises(AssignmentProblem) as err:
            store.set_assignment(keys.code, keys.teacher_key, **fields)
        assert err.value.problem is reason and str(err.value).endswith(".")
    assert store.assignment_counts() == {"assignments": 0, "assignment_learners": 0}
    with pytest.raises(PermissionError):
        store.set_assignment(keys.code, "wrong key", Work.SPRINT, due=FRIDAY)


def test_closing_deleting_and_removing(store, clock):
    keys = store.create_class("Room 4")
    fox, owl = store.join(keys.code, "Blue Fox"), store.join(keys.code, "Green Owl")
    a = store.set_assignment(keys.code, keys.teacher_key, Work.SPRINT, due=FRIDAY, learners_chosen=[fox, owl])
    b = store.set_assignment(keys.code, keys.teacher_key, Work.PUZZLES, stages=("muggins",), count=3, due=FRIDAY)
    clock.now += 3600
    store.close_assignment(keys.code, keys.teacher_key, b.id)
    store.close_assignment(keys.code, keys.teacher_key, b.id)  # again: nothing changes
    closed = next(x for x in store.class_assignments(keys.code, keys.teacher_key) if x.id == b.id)
    assert closed.closed_at == MONDAY + 3600 and store.assignments_for(fox) == [a]
    store.remove_learner(keys.code, keys.teacher_key, fox)
    assert store.class_assignments(keys.code, keys.teacher_key)[1].learners == (owl,)
    store.delete_assignment(keys.code, keys.teacher_key, b.id)
    with pytest.raises(AssignmentProblem):
        store.delete_assignment(keys.code, keys.teacher_key, b.id)
    other = store.create_class("Room 5")
    with pytest.raises(AssignmentProblem):  # another class's work is not this teacher's to close
        store.close_assignment(other.code, other.teacher_key, a.id)
    store.set_assignment(other.code, other.teacher_key, Work.SPRINT, due=FRIDAY)
    store.delete_class(keys.code, keys.teacher_key)
    assert store.assignment_counts() == {"assignments": 1, "assignment_learners": 0}


def test_a_database_at_0005_is_upgraded_and_downgraded_through_every_revision(url):
    engine = create_engine(url)
    with engine.begin() as conn:
        cfg = migrations(conn)
        command.upgrade(cfg, "0005")
        assert "assignments" not in inspect(conn).get_table_names()
        command.upgrade(cfg, "0008_assignments")  # through the placements and the tables
        assert {"assignments", "assignment_learners"} <= set(inspect(conn).get_table_names())
        command.downgrade(cfg, "0005")
        assert "assignments" not in inspect(conn).get_table_names()
    engine.dispose()
