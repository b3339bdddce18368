"""Forgetting: a mastered kind whose review answers fail — 2 wrong among its last 3 answers at the top level on
a later day than it was mastered — is taken back ("needs a review"), its stage with it, until earned again;
shown on My progress and in the teacher's grid."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

from histories import DAY, MONDAY, answer, master_stage, prime

from trainer.classroom.report import grid
from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.progress import MASTERED, PROFICIENT, Progress

TUESDAY, WEDNESDAY = MONDAY + DAY, MONDAY + 2 * DAY


def mastered() -> Progress:
    p = Progress()
    out = master_stage(p)
    assert out.mastered == "muggins" and p.step("best-play", "muggins") == MASTERED
    return p


def test_two_of_three_review_answers_wrong_on_a_later_day_take_a_kind_back():
    p = mastered()
    answer(p, "best-play", correct=False, at=WEDNESDAY)
    assert p.step("best-play", "muggins") == MASTERED and not p.needs_review("best-play", "muggins")  # one slip
    answer(p, "best-play", correct=True, at=WEDNESDAY)
    out = answer(p, "best-play", correct=False, at=WEDNESDAY)
    assert p.needs_review("best-play", "muggins") and p.step("best-play", "muggins") <= PROFICIENT
    assert out.lost == "muggins" and not p.is_mastered("muggins") and p.coach_stage == "muggins"


def test_a_kind_needing_a_review_is_earned_again_with_three_right():
    p = mastered()
    for ok in (False, False):
        answer(p, "best-play", correct=ok, at=WEDNESDAY)
    assert p.needs_review("best-play", "muggins")
    for i in range(12):
        answer(p, "best-play", at=WEDNESDAY + 60 * i)
        if p.step("best-play", "muggins") == MASTERED:
            break
    assert p.step("best-play", "muggins") == MASTERED and not p.needs_review("best-play", "muggins")
    assert i + 1 >= DEFAULT_POLICY.review_window


def test_wrong_answers_on_the_day_it_was_mastered_are_no_review():
    p = Progress()
    prime(p, ["best-play"])
    for _ in range(12):
        answer(p, "best-play")
        if p.step("best-play", "muggins") == MASTERED:
            break
    assert p.skill("best-play", "muggins").mastered_day is not None
    for _ in range(2):
        answer(p, "best-play", correct=False)  # Monday still: no review, whatever else it does
    assert not p.needs_review("best-play", "muggins") and not p.skill("best-play", "muggins").reviews


def test_the_rule_is_the_policys():
    lenient = dataclasses.replace(DEFAULT_POLICY, review_window=4, review_wrong=3)
    p = Progress(policy=lenient)
    master_stage(p)
    for ok in (False, True, False):
        answer(p, "best-play", correct=ok, at=WEDNESDAY)
    assert not p.needs_review("best-play", "muggins")


def test_needing_a_review_is_part_of_the_fold_and_the_teachers_grid():
    p = mastered()
    for ok in (False, False):
        answer(p, "best-play", correct=ok, at=WEDNESDAY)
    again = Progress.from_attempts(p.attempts, p.facts.answers)
    assert again.needs_review("best-play", "muggins") and again.skill_rows() == p.skill_rows()
    row = grid([SimpleNamespace(code="KID1-AAAA", nickname="Blue Fox", attempts=p.attempts)])[0]
    assert ("best-play", "muggins") in row.review


def test_my_progress_and_the_class_grid_say_needs_a_review(store):
    from apptest import app, make_class

    p = mastered()
    for ok in (False, False):
        answer(p, "best-play", correct=ok, at=WEDNESDAY)
    at = app()
    at.session_state["practice"].progress = p
    at.switch_page("views/my_progress.py").run()
    assert not at.exception, at.exception
    cells = " ".join(m.value for m in at.markdown if "fives-skills" in m.value)
    assert cells.count("needs a review") == 1 and "data-review" in cells

    teacher, code, _key = make_class()
    kid = store.learner(store.join(code, "Jade Gecko"))
    store.record_many(kid.code, p.attempts)
    teacher.run()
    grid = next(m.value for m in teacher.markdown if "fives-class" in m.value)
    assert "needs a review" in grid and "↺" in grid
