"""The Fives Sprint page: a round tapped on big buttons or typed, the green light, bad input, a
signed-in learner's answers kept in the store; the coach's step of number facts on Practice."""

from __future__ import annotations

import pytest
from apptest import app, new_app
from streamlit.testing.v1 import AppTest

from trainer.learning.policy import DEFAULT_POLICY
from trainer.store import open_store
from trainer.words.numbers import read_typed_number


def light(at: AppTest) -> str:
    return next(m.value for m in at.markdown if 'class="sp-light"' in m.value)


def tap_right(at: AppTest) -> None:
    fact = at.session_state["practice"].sprint.current
    at.button(key=f"sp_choice{fact.choices.index(fact.answer)}").click().run()
    assert not at.exception, at.exception


def test_a_guest_taps_a_whole_round_and_the_light_turns_green():
    at = app("sprint")
    assert 'data-green="0"' in light(at)
    at.button(key="sp_start").click().run()
    pr = at.session_state["practice"]
    assert any("sp-bar" in m.value for m in at.markdown)  # the time bar is on screen
    for _ in range(DEFAULT_POLICY.round_facts):
        tap_right(at)
    assert pr.sprint_over and pr.sprint.right == DEFAULT_POLICY.round_facts
    assert 'data-green="1"' in light(at)
    assert any("20 of 20 right" in m.value for m in at.markdown)
    assert any('data-state="' in m.value for m in at.markdown)  # the grid under the round


def _wrong_tap(at: AppTest):
    """Start a round and tap a wrong choice on its first fact; the fact."""
    at.button(key="sp_start").click().run()
    fact = at.session_state["practice"].sprint.current
    wrong = next(i for i, c in enumerate(fact.choices) if c != fact.answer)
    at.button(key=f"sp_choice{wrong}").click().run()
    return fact


def test_a_wrong_tap_shows_the_answer_and_the_fact_comes_back_in_the_grid():
    at = app("sprint")
    fact = _wrong_tap(at)
    assert any("Not quite" in m.value for m in at.markdown)
    assert at.session_state["practice"].progress.facts.state(fact).value == "wrong"


@pytest.mark.parametrize("junk", ["banana", "", "12.5", "9" * 12, "<b>", "-3", "1_0", "1 0"])
def test_typed_junk_is_a_friendly_word_and_no_answer(junk):
    """The Sprint's box reads numbers as Practice's does (one reader): a negative number, an underscore
    between digits or a 12-digit number is no answer, with a word saying why."""
    at, answered = _typed_into_a_number_fact(junk)
    assert not at.exception
    assert at.warning and len(at.session_state["practice"].sprint.verdicts) == answered
    assert at.warning[0].value == read_typed_number(junk)[1]


@pytest.mark.parametrize("typed", ["²", "①", "１５", " 7 "])
def test_digits_a_tablet_keyboard_gives_are_read_as_in_practice(typed):
    at, answered = _typed_into_a_number_fact(typed)
    assert not at.exception and not at.warning
    given = [v.given for v in at.session_state["practice"].sprint.verdicts[answered:]]
    assert given == [read_typed_number(typed)[0]]


def _typed_into_a_number_fact(text: str) -> tuple[AppTest, int]:
    """A round started, yes/no facts tapped through until one asks for a number, ``text`` typed and checked;
    returns the page and how many facts were answered before."""
    at = app("sprint")
    at.button(key="sp_start").click().run()
    sprint = at.session_state["practice"].sprint
    while isinstance(sprint.current.answer, bool):
        at.button(key="sp_choice0").click().run()
    answered = len(sprint.verdicts)
    key = next(t.key for t in at.text_input if t.key.startswith("sp_typed_"))
    at.text_input(key=key).set_value(text)
    _submit(at)
    return at, answered


def _submit(at: AppTest) -> None:
    for b in at.button:
        if b.label == "Check":
            b.click().run()
            return
    raise AssertionError("no Check button")


def test_a_typed_answer_counts():
    at = app("sprint")
    at.button(key="sp_start").click().run()
    pr = at.session_state["practice"]
    fact = pr.sprint.current
    key = next(t.key for t in at.text_input if t.key.startswith("sp_typed_"))
    at.text_input(key=key).set_value("yes" if fact.answer is True else "no" if fact.answer is False
                                     else str(fact.answer))
    _submit(at)
    assert pr.sprint.verdicts and pr.sprint.verdicts[0].correct


def test_a_signed_in_learners_answers_are_in_the_store_and_come_back_after_a_reload():
    store = open_store()
    code = store.new_learner("Swift Hare")
    at = app("sprint", me=code)
    at.button(key="sp_start").click().run()
    for _ in range(5):
        tap_right(at)
    kept = store.sprint_answers(code)
    assert len(kept) == 5 and all(a.correct for a in kept)
    again = app("sprint", me=code)  # a reload, or the server killed and started again: the store has it all
    facts = again.session_state["practice"].progress.facts
    assert [a.fact for a in facts.answers] == [a.fact for a in kept]
    assert "15 more quick, right answers" in light(again)


def test_the_coach_steps_to_number_facts_before_muggins_puzzles():
    at = new_app()
    at.run()
    pr = at.session_state["practice"]
    assert pr.sprint is None  # the page opens on a puzzle (a shared link's, or the coach's)
    for _ in range(DEFAULT_POLICY.first_puzzles):  # a new child's first session starts with puzzles
        assert pr.sprint is None
        pr.answer(pr.puzzle.answer)
        at.run()
        at.button(key="next").click().run()
    assert pr.sprint is not None and pr.sprint_coached and pr.puzzle is not None
    said = f"First, {DEFAULT_POLICY.step_facts} quick number facts"  # how many, said before they start
    assert any(said in m.value for m in at.markdown), [m.value for m in at.markdown]
    while not pr.sprint_over:
        tap_right(at)
    assert pr.sprint is None and any("Back to the puzzles" in s.value for s in at.success)
    assert len(pr.progress.facts.answers) == DEFAULT_POLICY.step_facts
    assert len(pr.progress.attempts) == DEFAULT_POLICY.first_puzzles


def test_the_youngest_choose_more_time_for_each_fact():
    at = app("sprint")
    assert at.segmented_control(key="sp_band").value == "older"
    at.segmented_control(key="sp_band").set_value("young").run()
    at.button(key="sp_start").click().run()
    assert not at.exception
    round_ = at.session_state["practice"].sprint
    fact = round_.current
    assert round_.time_bar() == fact.kind.time_bar() + 1.0  # a second more than the usual bar


def test_a_fact_can_be_read_aloud():
    """The Sprint offers "Read it to me" as every puzzle does: the board component reads the fact in the
    child's language."""
    at = app("sprint")
    at.button(key="sp_start").click().run()
    fact = at.session_state["practice"].sprint.current
    boards = [c for c in at.get("bidi_component") if "speak_text" in str(getattr(c, "proto", ""))]
    assert boards, "no Read it to me on the fact"
    from trainer.words.feedback import for_speech

    assert for_speech(fact.question) in str(boards[0].proto)  # the fact, as a voice reads it ("3 plus ? …")


def _fake_clock(at: AppTest) -> list[float]:
    """The learner's clock made a number the test moves (seconds)."""
    now = [1767628800.0 + 16 * 3600]
    at.session_state["practice"].clock = lambda: now[0]
    return now


def _whole_round(at: AppTest, seconds: float):
    """Start a round on a clock the test moves and answer every fact right, each in ``seconds``."""
    now = _fake_clock(at)
    at.button(key="sp_start").click().run()
    pr = at.session_state["practice"]
    while not pr.sprint_over:
        now[0] += seconds
        tap_right(at)
    return pr


def test_no_best_day_until_a_day_with_a_quick_answer():
    at = app("sprint")
    assert not any("best day" in m.value for m in at.markdown)  # a first visit: no "best day: 0"
    assert not any("Today:" in m.value for m in at.markdown)  # nor "Today: 0 quick answers"
    # how the light turns green, the Sprint or not
    assert any("in the number facts between puzzles on Practice" in c.value for c in at.caption)
    pr = _whole_round(at, 1.0)
    assert any(f"Your best day: {pr.sprint.fluent} quick answers." in m.value for m in at.markdown)
    assert any(f"Today: {pr.sprint.fluent} quick answers." in m.value for m in at.markdown)


def test_with_more_time_the_grid_counts_the_quick_answers_the_round_counted():
    """The round and the grid judge by the same bar, the child's band: 3.5 seconds is slow for a
    3-second fact at the usual time, quick with More time, in the round and in the grid alike."""
    at = app("sprint")
    at.segmented_control(key="sp_band").set_value("young").run()
    round_ = _whole_round(at, 3.5).sprint
    assert round_.fluent == len(round_.verdicts) == DEFAULT_POLICY.round_facts  # every bar is 4 s or more
    assert any(f"{round_.fluent} of them quick" in m.value for m in at.markdown)
    grid = next(m.value for m in at.markdown if "fives-facts" in m.value)
    assert grid.count('data-state="fluent"') == round_.fluent


def test_a_facts_clock_starts_when_the_page_draws_it():
    at = app("sprint")
    now = _fake_clock(at)
    at.button(key="sp_start").click().run()
    round_ = at.session_state["practice"].sprint
    assert round_.drawn and round_.shown == now[0]
    now[0] += 30.0
    at.run()  # the page drawn again (a rerun): the fact's clock is not started again
    assert round_.shown == now[0] - 30.0
    now[0] += 1.0
    tap_right(at)
    assert round_.verdicts[0].seconds == 31.0 and round_.drawn and round_.shown == now[0]


def test_a_wrong_answer_is_said_in_plain_words():
    at = app("sprint")
    _wrong_tap(at)
    said = next(m.value for m in at.markdown if 'class="sp-said"' in m.value)
    assert "Not quite. " in said and "→" not in said and "?" not in said
