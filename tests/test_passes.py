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


@pytest.fixture
def store_app():
    """The store the app's pages open (this test process's database)."""
    return open_store()


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


# ----- the pages: ?pass= signs in to the child's own pages; My class switches off and gives a new code -----


def test_a_printed_pages_token_signs_its_child_in_to_their_own_pages_only(store_app):
    from apptest import app, texts

    s = store_app
    keys = s.create_class("Room 4")
    fox = s.join(keys.code, "Blue Fox")
    token = s.home_passes(keys.code, keys.teacher_key, [fox])[fox].token
    at = app(**{"pass": token})
    assert at.session_state["me"].code == fox and at.session_state["session"].home_pass == token
    assert "me" not in at.query_params and at.query_params["pass"] == token  # the code never reaches the address
    at.switch_page("views/my_progress.py").run()
    assert not at.exception and "me" not in at.query_params
    at.switch_page("views/me.py").run()
    page = texts(at)
    assert "Blue Fox" in page and fox not in page and "signed in from a printed report" in page
    assert not at.get("download_button")  # no card with the code on it
    assert not [t for t in at.text_input if t.key == "me_class"]  # no moving class
    for closed in ("tables", "live", "teacher", "projector"):
        at.switch_page(f"views/{closed}.py").run()
        assert not at.exception and "this page is closed" in " ".join(i.value for i in at.info), closed
    assert not at.session_state["session"].device_saved  # the browser was never asked to keep the code
    at.switch_page("views/me.py").run()
    at.button(key="me_out").click().run()
    assert "me" not in at.session_state or at.session_state["me"] is None
    assert "pass" not in at.query_params


def test_a_token_switched_off_or_ended_signs_nobody_in_and_says_so(store_app):
    from apptest import app

    s = store_app
    keys = s.create_class("Room 4")
    fox = s.join(keys.code, "Blue Fox")
    token = s.home_pass(fox).token
    s.switch_off_passes(keys.code, keys.teacher_key, fox)
    at = app(**{"pass": token})
    assert ("me" not in at.session_state or at.session_state["me"] is None)
    assert "no longer works" in " ".join(w.value for w in at.warning) and "pass" not in at.query_params


def test_my_class_switches_printed_sign_ins_off_and_gives_a_new_code_that_keeps_the_answers(store_app):
    from apptest import make_class

    s = store_app
    teacher, code, key = make_class()
    fox = s.join(code, "Blue Fox")
    s.record(fox, attempt(0))
    token = s.home_pass(fox).token
    teacher.run()
    teacher.selectbox(key="t_trust").set_value(fox).run()
    teacher.button(key="t_switch_off").click().run()
    assert not teacher.exception and "1 printed sign-in switched off" in teacher.success[0].value
    assert s.pass_learner(token) is None and s.learner(fox) is not None
    teacher.selectbox(key="t_trust").set_value(fox).run()
    teacher.button(key="t_new_code").click().run()
    assert not teacher.exception
    said = teacher.success[0].value
    new = next(r.code for r in s.class_report(code, key))
    assert new != fox and new in said and s.learner(fox) is None and s.attempts(new) == [attempt(0)]
