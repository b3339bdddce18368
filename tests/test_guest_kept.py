"""A guest's practice kept in the tab (``trainer.web.device.keep_guest``): a reload of the tab picks up their
answers, Sprint answers and stages chosen, where a guest's progress used to start again from nothing."""

import json

from apptest import answer, app, sign_up

from puzzles import Stage, generate
from trainer.learning.choice import StageChoice
from trainer.web import device


def practice(at):
    return at.session_state["practice"]


def kept_text(at) -> str:
    """What the tab was given to keep, as the browser hands it back after a reload."""
    p = practice(at).progress
    return json.dumps({"attempts": [a.to_row() for a in p.attempts], "facts": [f.to_row() for f in p.facts.answers],
                       "choices": [c.to_row() for c in p.choices]})


def reload_with(kept: dict) -> object:
    """A reload of the tab: a new session, whose browser says what the tab keeps."""
    again = app()
    again.session_state["session"].device = kept
    again.run()
    assert not again.exception, again.exception
    return again


def test_a_guests_answers_come_back_after_a_reload_of_the_tab():
    p = generate("open-total", stage="muggins", level=1, seed=11)
    at = app(code=p.code)
    answer(at)
    at.button(key="next").click().run()
    q = practice(at).puzzle
    at.query_params["code"] = q.code
    answer(at, 999 if q.kind == "open-total" else None)
    before = practice(at).progress
    assert at.session_state["session"].guest_sent == (len(before.attempts), 0, 0) == (2, 0, 0)
    again = reload_with({"guest": kept_text(at)})
    after = practice(again).progress
    assert [a.to_row() for a in after.attempts] == [a.to_row() for a in before.attempts]
    assert after.right == before.right == 1 and after.answered == 2
    assert after.coach_stage == before.coach_stage and after.knowledge == before.knowledge
    assert again.session_state["session"].guest_adopted


def test_sprint_answers_and_a_stage_chosen_come_back_too_and_nothing_is_sent_again_unchanged():
    chosen = StageChoice(Stage("all-fives"), 1.0e9)
    again = reload_with({"guest": json.dumps({"choices": [chosen.to_row()]})})
    assert practice(again).progress.choices == [chosen] and practice(again).progress.coach_stage == chosen.stage

    at = app("sprint")
    at.button(key="sp_start").click().run()
    fact = practice(at).sprint.current
    at.button(key=f"sp_choice{fact.choices.index(fact.answer)}").click().run()
    assert at.session_state["session"].guest_sent == (0, 1, 0)
    again = reload_with({"guest": kept_text(at)})
    assert len(practice(again).progress.facts.answers) == 1
    assert again.session_state["session"].guest_sent == (0, 1, 0)  # what the tab holds already: not sent again


def test_what_a_tab_kept_that_is_not_an_answer_is_left_out_calmly():
    good = generate("open-total", stage="muggins", level=1, seed=11)
    at = app(code=good.code)
    answer(at)
    rows = json.loads(kept_text(at))
    rows["attempts"].append({"kind": "no-such-kind", "stage": "muggins", "level": 1})
    rows["facts"] = "not a list"
    again = reload_with({"guest": json.dumps(rows)})
    assert practice(again).progress.answered == 1 and not practice(again).progress.facts.answers
    for junk in ("{not json", json.dumps([1, 2]), json.dumps({"attempts": [None, 3, "x"]})):
        assert device.kept_guest(junk) == ([], [], [])
        assert not reload_with({"guest": junk}).exception


def test_a_guest_who_answered_here_already_keeps_these_answers_and_a_learner_has_the_tabs_copy_forgotten():
    p = generate("open-total", stage="muggins", level=1, seed=11)
    first = app(code=p.code)
    answer(first)
    other = app(code=p.code)
    answer(other, 999)
    other.session_state["session"].device = {"guest": kept_text(first)}
    other.run()  # the browser answers late, after this guest answered here: their own answer stays
    assert practice(other).progress.answered == 1 and practice(other).progress.right == 0
    sign_up(other)  # the guest's answers go with the new learner; the tab forgets its copy
    assert other.session_state["session"].guest_sent == (0, 0, 0)
    assert "guest" not in (other.session_state["session"].device or {})
