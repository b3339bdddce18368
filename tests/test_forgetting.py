"""Forgetting: a mastered kind whose review answers fail — 2 wrong among its last 3 answers at the top level on
a later day than it was mastered — is taken back ("needs a review"), its stage with it, until earned again;
shown on My progress and in the teacher's grid."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

from histories import DAY, MONDAY, answer, master_stage, prime

from puzzles import CORE_KINDS, Stage, generate_for, mastery_traps
from trainer.classroom.report import grid
from trainer.learning.confirming import lucky_run
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


# ----- a confirmation after a miss: a skill forgotten overnight is not confirmed by luck -----


def looks_mastered() -> Progress:
    """Muggins known and looked mastered on Monday, waiting for its confirmation."""
    p = Progress()
    prime(p)
    for _ in range(12):
        for kind in CORE_KINDS:
            answer(p, kind)
        if Stage.MUGGINS in p.pending:
            return p
    raise AssertionError("Muggins never looked mastered")


def rounding(trap: str, seed: int = 0) -> str:
    """A top-level hand-rounding puzzle at Muggins that sets ``trap`` (one rounding remainder)."""
    return generate_for("hand-rounding", stage=Stage.MUGGINS, level=3, trap=trap, seed=seed).code


def right_on_all_but(p: Progress, skip: str, at: float) -> None:
    """Two right answers at the top level on a puzzle setting each trap of each core kind (but ``skip``), at ``at``."""
    for kind in CORE_KINDS:
        for t in mastery_traps(kind, Stage.MUGGINS):
            if t != skip:
                for seed in range(2):
                    code = generate_for(kind, stage=Stage.MUGGINS, level=3, trap=t, seed=seed).code
                    answer(p, kind, level=3, code=code, at=at)


def test_a_rounding_missed_on_the_confirming_day_is_not_confirmed_by_two_lucky_right_answers():
    """A child who forgot overnight that 3 past a five rounds up picks the right five half the time: after a miss,
    two right answers in a row come by luck 1 time in 4. The miss asks for a run no likelier than 1 in 9 (4 for a
    two-way rounding, 1 in 16): two right are not enough, four are."""
    p = looks_mastered()
    answer(p, "hand-rounding", correct=False, mistake="round-3", code=rounding("round-3", 1), at=TUESDAY)
    for seed in (2, 3):
        assert not answer(p, "hand-rounding", code=rounding("round-3", seed), at=TUESDAY).mastered
    right_on_all_but(p, "round-3", TUESDAY)
    assert not p.is_mastered(Stage.MUGGINS)  # every other count is done: round-3 alone holds it
    assert p.confirmation_left(Stage.MUGGINS) == {"round-3": 2} and "round-3" in p.doubted[Stage.MUGGINS]
    assert lucky_run(0.5, DEFAULT_POLICY.confirm_luck_missed) == 4
    answer(p, "hand-rounding", code=rounding("round-3", 4), at=TUESDAY)
    out = answer(p, "hand-rounding", code=rounding("round-3", 5), at=TUESDAY)
    assert out.mastered == Stage.MUGGINS and not p.doubted  # four in a row: confirmed, the doubt goes with it
    again = Progress.from_attempts(p.attempts, p.facts.answers)
    assert again.mastered == p.mastered and again.doubted == p.doubted


def test_a_miss_on_an_earlier_confirming_day_still_asks_the_longer_run():
    """The miss is evidence the skill may be gone, whichever later day it came on: the next day's confirmation asks
    the longer run too (a count itself is one day's answers)."""
    p = looks_mastered()
    answer(p, "hand-rounding", correct=False, mistake="round-1", code=rounding("round-1", 1), at=TUESDAY)
    right_on_all_but(p, "", WEDNESDAY)
    assert not p.is_mastered(Stage.MUGGINS) and p.confirmation_left(Stage.MUGGINS) == {"round-1": 2}


def test_what_is_missed_before_the_stage_looks_mastered_or_after_a_count_is_done_asks_nothing_more():
    """Only a miss that could mean the skill was lost since the stage looked mastered raises its run: not one on
    the day it looked mastered (it was known then), nor a slip after the skill's count was done that day."""
    p = looks_mastered()
    answer(p, "hand-rounding", correct=False, mistake="round-2", code=rounding("round-2", 1))  # Monday
    assert not p.doubted
    for seed in (2, 3):
        answer(p, "hand-rounding", code=rounding("round-2", seed), at=TUESDAY)
    answer(p, "hand-rounding", correct=False, mistake="round-2", code=rounding("round-2", 4), at=TUESDAY)
    assert not p.doubted and "round-2" not in p.confirmation_left(Stage.MUGGINS)


def test_a_miss_asks_no_more_of_a_skill_guessed_one_time_in_three():
    """Two right answers to a skill guessed one time in three are 1 in 9 by luck, the bar a miss sets: a miss asks
    no more of it, and of a two-way rounding (1 in 4) four."""
    p = looks_mastered()
    trap = "counted-covered"
    code = generate_for("best-play", stage=Stage.MUGGINS, level=3, trap=trap, seed=1).code
    answer(p, "best-play", correct=False, mistake=trap, code=code, at=TUESDAY)
    assert trap in p.doubted[Stage.MUGGINS] and p.confirmation_left(Stage.MUGGINS)[trap] == 2
    luck = DEFAULT_POLICY.confirm_luck_missed
    assert lucky_run(1 / 3, luck) == 2 < lucky_run(0.5, luck) == 4


def test_misses_that_take_a_mastered_stage_back_are_doubts_when_it_is_confirmed_again():
    """A child who forgot a rounding after Muggins was mastered misses it on review; the stage is taken back, earned
    again, and confirmed again on a later day: the misses that took it back ask the longer run then."""
    p = mastered()
    for seed in (1, 2):
        answer(p, "hand-rounding", correct=False, mistake="round-3", code=rounding("round-3", seed), at=WEDNESDAY)
    assert not p.is_mastered(Stage.MUGGINS)
    for seed in range(3, 40):
        answer(p, "hand-rounding", code=rounding("round-3", seed), at=WEDNESDAY)
        if Stage.MUGGINS in p.pending:
            break
    assert Stage.MUGGINS in p.pending
    assert p.confirming(Stage.MUGGINS, WEDNESDAY + DAY)["round-3"] == 4 and "round-3" in p.doubted[Stage.MUGGINS]
