"""The placement check's result in the store, against SQLite and a real PostgreSQL server (skipped, with the
reason, where PostgreSQL's server is missing): kept once per learner (the first one stands, as two devices
may finish at once), read back for a reload or another device, the migration that makes its table, and gone
with the learner or their class."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import inspect

from trainer.learning.placement import Placement
from trainer.learning.progress import Attempt, Progress
from trainer.learning.states import ReviewMode
from trainer.store import LearnerGone, open_store
from trainer.store.opening import migrations


@pytest.fixture
def store(url):
    s = open_store(url)
    yield s
    s.engine.dispose()


def test_a_placement_is_kept_once_and_read_back(store):
    me = store.new_learner("Blue Fox")
    assert store.placement(me) is None
    placed = Placement("all-fives", 1_700_000_000.5)
    assert store.record_placement(me, placed) == placed
    assert store.placement(me) == placed
    # a second device finishing too: the first one kept stands
    assert store.record_placement(me, Placement("muggins", 1_700_000_100.0, skipped=True)) == placed
    assert store.placement(me) == placed
    assert store.placement("no such code") is None and store.placement("") is None
    with pytest.raises(LearnerGone):
        store.record_placement("ZZZZ-ZZZZ", placed)


def test_the_stored_answers_and_placement_rebuild_the_coach(store):
    me = store.new_learner("Red Kite")
    for i, kind in enumerate(("open-total", "best-play", "hand-rounding")):
        store.record(me, Attempt(kind, "muggins", 3, True, 5.0, review=ReviewMode.PLACEMENT, at=100.0 + i))
    store.record(me, Attempt("open-total", "all-fives", 3, False, 5.0, review=ReviewMode.PLACEMENT, at=110.0))
    store.record_placement(me, Placement("all-fives", 111.0))
    store.record(me, Attempt("open-total", "all-fives", 2, True, 5.0, at=120.0))
    progress = Progress.from_attempts(store.attempts(me), store.sprint_answers(me), placement=store.placement(me))
    assert progress.coach_stage == "all-fives" and list(progress.placed) == ["muggins"]
    assert progress.mastered == [] and "muggins" in progress.pending


def test_a_placement_goes_with_its_learner_and_its_class(store):
    keys = store.create_class("Room 4")
    a, b = store.join(keys.code, "Blue Fox"), store.join(keys.code, "Red Kite")
    for code in (a, b):
        store.record_placement(code, Placement("five-up", 200.0))
    store.remove_learner(keys.code, keys.teacher_key, a)
    assert store.placement(a) is None and store.placement(b) is not None
    store.delete_class(keys.code, keys.teacher_key)
    assert store.row_counts()["placements"] == 0


def test_the_migration_makes_the_table_and_takes_it_away(url):
    s = open_store(url)
    assert "placements" in inspect(s.engine).get_table_names()
    with s.engine.begin() as conn:
        command.downgrade(migrations(conn), "0005")
    assert "placements" not in inspect(s.engine).get_table_names()
    with s.engine.begin() as conn:
        command.upgrade(migrations(conn), "head")
    assert "placements" in inspect(s.engine).get_table_names()
    s.engine.dispose()
