"""The placement check on Practice, under AppTest: offered to a new child (not to a guest, nor to a child
with answers, nor over a shared puzzle link), skipped with one button and never offered again, taken one
puzzle at a time with a line that says how far along it is, its end screen saying where the child starts,
and the coach then starting there, after a reload too."""

from __future__ import annotations

from apptest import answer_check, app, sign_up, skip_check, texts

from puzzles import CORE_KINDS, generate
from trainer.learning.placement import CHECK_EACH, CHECK_PER_STAGE
from trainer.learning.progress import Attempt
from trainer.learning.states import ReviewMode


def new_child(nickname: str = "Sunny Otter", **params: str):
    at = app(**params)
    sign_up(at, nickname)
    at.switch_page("views/practice.py").run()
    assert not at.exception, at.exception
    return at


def keys(at) -> set[str]:
    return {b.key for b in at.button}


def progress_line(at) -> str:
    """The line over the check's puzzle ("Question 2 of about 12 · Stage: Muggins")."""
    return " ".join(p.proto.text for p in at.get("progress"))


def test_a_new_child_is_offered_the_check_before_any_puzzle():
    at = new_child()
    assert {"pc_start", "pc_skip"} <= keys(at)
    assert "Let's find where you start!" in texts(at) and "about 2 minutes" in texts(at)
    assert at.session_state["practice"].puzzle is None  # no puzzle under the offer


def test_a_guest_and_a_child_with_answers_go_straight_to_the_coach(store):
    guest = app(page="practice")
    assert "pc_start" not in keys(guest) and guest.session_state["practice"].puzzle is not None
    code = store.new_learner("Calm Heron")
    store.record(code, Attempt("open-total", "muggins", 1, True, 4.0, at=1.0))
    at = app(me=code)
    assert "pc_start" not in keys(at) and at.session_state["practice"].puzzle is not None


def test_a_shared_puzzle_link_opens_its_puzzle_not_the_check(store):
    code = store.new_learner("Brave Lynx")
    link = generate("open-total", stage="all-fives", level=2, seed=3).code
    at = app(me=code, code=link)
    assert "pc_start" not in keys(at) and at.session_state["practice"].puzzle.code == link


def test_skip_starts_at_the_beginning_and_the_check_is_not_offered_again(store):
    at = new_child("Quick Panda")
    me = at.session_state["me"]
    skip_check(at)
    pr = at.session_state["practice"]
    assert pr.puzzle is not None and pr.puzzle.stage == "muggins" and pr.progress.coach_stage == "muggins"
    assert "pc_start" not in keys(at) and not at.exception
    kept = store.placement(me.code)
    assert kept is not None and kept.skipped and kept.start == "muggins" and store.attempts(me.code) == []
    again = app(me=me.code)  # a reload, or another device with the same learner code
    assert "pc_start" not in keys(again) and again.session_state["practice"].puzzle is not None


def test_the_check_one_puzzle_at_a_time_then_the_coach_starts_where_it_showed(store):
    at = new_child("Jolly Koala")
    me = at.session_state["me"]
    at.button(key="pc_start").click().run()
    for n, kind in enumerate(CORE_KINDS * CHECK_EACH, start=1):  # Muggins, every puzzle right (two a kind)
        assert f"Question {n} of about 12 · Stage: Muggins" == progress_line(at)
        assert at.session_state["practice"].check.puzzle.kind == kind
        assert at.session_state["practice"].check.puzzle.stage == "muggins"
        answer_check(at)
    assert at.session_state["practice"].check.puzzle.stage == "all-fives"
    answer_check(at, None)  # "I don't know" at All Fives: the check ends
    assert "You start at All Fives!" in texts(at) and "pc_go" in keys(at)
    kept = store.placement(me.code)
    assert kept is not None and kept.start == "all-fives" and not kept.skipped
    stored = store.attempts(me.code)
    assert len(stored) == CHECK_PER_STAGE + 1 and all(a.review is ReviewMode.PLACEMENT for a in stored)
    at.button(key="pc_go").click().run()
    assert not at.exception, at.exception
    pr = at.session_state["practice"]
    assert pr.puzzle is not None and pr.puzzle.stage == "all-fives"
    assert not pr.progress.is_mastered("muggins") and "muggins" in pr.progress.placed
    again = app(me=me.code)  # a reload keeps the placement: not offered again, the coach at All Fives
    progress = again.session_state["practice"].progress
    assert "pc_start" not in keys(again) and progress.coach_stage == "all-fives" and "muggins" in progress.placed
    assert progress.mastered == []


def test_a_reload_part_way_takes_the_check_up_where_it_was():
    at = new_child("Tidy Otter")
    me = at.session_state["me"]
    at.button(key="pc_start").click().run()
    answer_check(at)
    again = app(me=me.code)
    assert "pc_start" not in keys(again) and again.session_state["practice"].check is not None
    assert again.session_state["practice"].check.number == 2
    assert "Question 2 of about 12" in progress_line(again)


def test_junk_typed_in_the_check_gets_a_friendly_word_and_records_nothing(store):
    at = new_child("Kind Seal")
    me = at.session_state["me"]
    at.button(key="pc_start").click().run()
    p = at.session_state["practice"].check.puzzle
    at.text_input(key=f"pc-n-{p.code}").set_value("banana")
    at.button(key=f"FormSubmitter:pc-f-{p.code}-Check").click().run()
    assert not at.exception and at.warning and store.attempts(me.code) == []
    assert at.session_state["practice"].check.puzzle.code == p.code


def test_stop_here_places_by_the_answers_so_far(store):
    at = new_child("Wise Owl")
    at.button(key="pc_start").click().run()
    answer_check(at)
    at.button(key="pc_stop").click().run()
    assert "You start at Muggins!" in texts(at)
    assert store.placement(at.session_state["me"].code).start == "muggins"


def test_the_check_speaks_spanish():
    at = new_child("Happy Whale", lang="es")
    assert "¡Vamos a ver por dónde empiezas!" in texts(at)
    assert {b.label for b in at.button} >= {"Empezar la prueba", "Saltar"}
