"""Printed reports carry their own sign-in token, not the learner code: one child's, to that child's pages,
expiring after a term, switched off by the teacher; and a teacher can give a child a new learner code that
keeps every answer."""

from __future__ import annotations

import pytest

from trainer.learning.progress import Attempt
from trainer.learning.sprint import SprintAnswer
from trainer.store import StoreError, open_store
from trainer.store.errors import WrongTeacherKey
from trainer.store.passes import TERM_DAYS


class Clock:
    def __init__(self) -> None:
        self.now = 1.8e9

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def store(url, clock):
    s = open_store(url)
    s.clock = clock
    yield s
    s.engine.dispose()


def attempt(i: int = 0) -> Attempt:
    return Attempt("open-total", "muggins", 1, i % 2 == 0, 4.0, at=1.8e9 + i)


def test_a_pass_signs_in_its_one_child_until_the_term_ends(store, clock):
    keys = store.create_class("Room 4")
    fox, owl = store.join(keys.code, "Blue Fox"), store.join(keys.code, "Red Owl")
    made = store.home_passes(keys.code, keys.teacher_key, [fox, owl, "ZZZZ-ZZZZ"])
    assert set(made) == {fox, owl} and made[fox].token != made[owl].token
    assert fox not in made[fox].token and len(made[fox].token) >= 16
    assert store.pass_learner(made[fox].token).code == fox and store.pass_learner(made[owl].token).code == owl
    assert made[fox].expires == pytest.approx(clock.now + TERM_DAYS * 86400)
    assert store.pass_learner(fox) is None  # a learner code is no pass, and a pass is no learner code
    assert store.learner(made[fox].token) is None
    own = store.home_pass(fox)  # the child prints their own
    assert store.pass_learner(own.token).code == fox and store.pass_expires(own.token) == own.expires
    clock.now += TERM_DAYS * 86400 + 1
    assert store.pass_learner(made[fox].token) is None and store.pass_expires(own.token) is None
    for odd in (None, "", "x" * 500, 5, ["a"]):
        assert store.pass_learner(odd) is None


def test_the_teacher_switches_off_a_childs_passes_and_wrong_keys_do_nothing(store):
    keys, other = store.create_class("Room 4"), store.create_class("Room 5")
    fox, owl = store.join(keys.code, "Blue Fox"), store.join(keys.code, "Red Owl")
    fox_passes = [store.home_pass(fox).token for _ in range(2)] + [store.home_passes(keys.code, keys.teacher_key,
                                                                                    [fox])[fox].token]
    owl_pass = store.home_pass(owl).token
    assert store.passes_out(keys.code, keys.teacher_key) == {fox: 3, owl: 1}
    with pytest.raises(StoreError):
        store.switch_off_passes(other.code, other.teacher_key, fox)  # not their child
    with pytest.raises(WrongTeacherKey):
        store.switch_off_passes(keys.code, "wrong key", fox)
    assert store.switch_off_passes(keys.code, keys.teacher_key, fox) == 3
    assert all(store.pass_learner(t) is None for t in fox_passes)
    assert store.pass_learner(owl_pass).code == owl and store.learner(fox).code == fox  # the code still works
    assert store.passes_out(keys.code, keys.teacher_key) == {owl: 1}


def test_guessing_passes_is_rate_limited_like_codes(store):
    refused = 0
    for i in range(12):
        try:
            store.pass_learner(f"guess-{i:04d}-abcdefg", clients=("session:s1",))
        except StoreError as err:
            refused += "Too many tries" in str(err)
    assert refused >= 5


def test_a_new_learner_code_keeps_every_answer_and_the_old_one_stops(store):
    keys = store.create_class("Room 4")
    fox = store.join(keys.code, "Blue Fox")
    store.record_many(fox, [attempt(i) for i in range(5)], uids=[f"u{i}" for i in range(5)])
    store.record_sprint(fox, [SprintAnswer(fact="5x3", correct=True, seconds=2.0, at=1.8e9)], uids=["s0"])
    store.save_game(fox, {"hand": 1})
    store.set_language(fox, "es")
    printed = store.home_pass(fox).token
    before = store.row_counts()
    new = store.new_learner_code(keys.code, keys.teacher_key, fox)
    assert new != fox and store.learner(fox) is None and store.learner(new).nickname == "Blue Fox"
    assert store.learner(new).class_code == keys.code and store.language(new) == "es"
    assert store.attempts(new) == [attempt(i) for i in range(5)] and store.attempts(fox) == []
    assert len(store.sprint_answers(new)) == 1 and store.game(new) == {"hand": 1}
    assert store.pass_learner(printed) is None  # the old printed pages go with the old code
    after = store.row_counts()
    assert after == {**before, "home_passes": 0}
    store.record(new, attempt(0), uid="u0")  # the same answer sent again after the change: kept once
    assert len(store.attempts(new)) == 5
    with pytest.raises(StoreError):
        store.new_learner_code(keys.code, keys.teacher_key, fox)  # the old code names nobody now


def test_removing_a_child_or_the_class_removes_their_passes(store):
    keys = store.create_class("Room 4")
    fox, owl = store.join(keys.code, "Blue Fox"), store.join(keys.code, "Red Owl")
    store.home_pass(fox), store.home_pass(owl)
    store.remove_learner(keys.code, keys.teacher_key, fox)
    assert store.row_counts()["home_passes"] == 1
    store.delete_class(keys.code, keys.teacher_key)
    assert not any(store.row_counts().values())
