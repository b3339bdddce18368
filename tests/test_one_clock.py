"""One clock for every answer, and a fold that needs nothing but what is stored: every path that records an
answer (Practice, the teacher's work, a live lesson, the placement check, the Sprint) gives it its time, so the
progress a session holds equals the progress rebuilt from the store; a stage is never confirmed on the day it
first looked mastered; the coach's stage chosen by hand is an event, stored and replayed; and the traps an
answer's puzzle exposed are kept with it, so the fold never makes a puzzle again."""

from __future__ import annotations

import random

import pytest
from histories import DAY, Clock

import puzzles
from puzzles import CORE_KINDS, generate, generate_for, judge, mastery_traps
from trainer.learning.attempt import Attempt, attempt_traps
from trainer.learning.choice import StageChoice
from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.practice import COACH, Practice
from trainer.learning.progress import STAGE_FACTS, Progress
from trainer.learning.sprint import fluent_answers
from trainer.store.traps import with_traps


def state(p: Progress) -> tuple:
    """Everything a child and their teacher see of a progress."""
    return (p.mastered, dict(p.pending), p.coach_stage, dict(p.coach_level), p.skill_rows(), p.reviews,
            {k: round(v, 9) for k, v in ((s, p.knowledge.p(s)) for s in p.knowledge.states)}, dict(p.placed))


def rebuilt(store, me) -> Progress:
    return Progress.from_attempts(store.attempts(me), store.sprint_answers(me), placement=store.placement(me),
                                  choices=store.stage_choices(me))


def saved_practice(store, me, clock: Clock, progress: Progress | None = None) -> Practice:
    """A practice whose every answer, Sprint answer and stage choice the store keeps as it is given."""
    return Practice(progress=progress or Progress(), seed_source=random.Random(3), clock=clock,
                    on_attempt=lambda a: store.record(me, a), on_fact=lambda f: store.record_sprint(me, [f]),
                    on_choice=lambda c: store.record_stage_choices(me, [c]))


@pytest.fixture
def me(store):
    keys = store.create_class("Room 4")
    return store.join(keys.code, "Blue Fox")


def looks_mastered(pr: Practice, stage: str = "muggins") -> None:
    """Answer (through ``pr``, on its clock's day) until ``stage`` looks mastered: its facts fluent, every
    trap known, then each core kind right and quick at the top level."""
    for f in fluent_answers(STAGE_FACTS[stage], pr.clock()):
        pr._fact_answered(f)
    for kind in CORE_KINDS:
        for t in mastery_traps(kind, stage):
            for seed in range(12):
                if pr.progress.knowledge.p(t) >= DEFAULT_POLICY.mastered_at:
                    break
                pr.show(generate_for(kind, stage=stage, level=1, trap=t, seed=seed))
                pr.answer(pr.puzzle.answer)
    for i in range(40):
        if stage in pr.progress.pending:
            return
        pr.show(generate(CORE_KINDS[i % 3], stage=stage, level=3, seed=i))
        pr.answer(pr.puzzle.answer)
    raise AssertionError("the stage never looked mastered")


# ----- item: one clock -----


def test_an_answer_whose_time_is_not_known_never_masters_a_stage():
    """The old rule confirmed a stage at once when an answer's time was not known; nothing confirms it now
    but right answers on a later day."""
    pr = Practice(seed_source=random.Random(1), clock=Clock())
    looks_mastered(pr)
    p = Progress.from_attempts([Attempt(a.kind, a.stage, a.level, a.correct, a.seconds, a.code, a.mistake,
                                        traps=a.traps) for a in pr.progress.attempts])  # no times
    assert "muggins" not in p.mastered
    assert p.record(with_traps(Attempt("open-total", "muggins", 3, True, 3.0))).mastered is None
    assert not p.is_mastered("muggins")


def test_practice_answers_rebuild_to_the_same_progress(store, me):
    clock = Clock()
    pr = saved_practice(store, me, clock)
    looks_mastered(pr)
    assert state(pr.progress) == state(rebuilt(store, me))
    clock.now += DAY
    for _ in range(30):  # the coach confirms it on Tuesday
        pr.new_puzzle(COACH, "muggins", 1)
        pr.answer(pr.puzzle.answer)
    assert all(a.at is not None for a in store.attempts(me))
    assert state(pr.progress) == state(rebuilt(store, me))


def test_the_teachers_work_rebuilds_to_the_same_progress(store, me):
    """The teacher's puzzles are shown and answered as Practice's are (``from_teacher.next_puzzle``)."""
    pr = saved_practice(store, me, Clock())
    for seed in range(12):
        pr.show(generate("open-total", stage="muggins", level=1, seed=seed))
        pr.answer(pr.puzzle.answer if seed % 3 else -1)
    assert state(pr.progress) == state(rebuilt(store, me))


def test_a_live_answer_has_its_time_and_never_confirms_a_stage_the_same_day(store):
    """A child who only looked mastered today answers the teacher's puzzle right in a live lesson: not
    mastered, in the session and once rebuilt from the store (the old live answer had no time, and a
    session took "time unknown" as "confirm at once": mastery that vanished at the next sign-in)."""
    keys = store.create_class("Room 5")
    me = store.join(keys.code, "Red Owl")
    clock = Clock()
    pr = saved_practice(store, me, clock)
    looks_mastered(pr)
    store.start_lesson(keys.code, keys.teacher_key)
    p = generate("open-total", stage="muggins", level=3, seed=5)
    round_no = store.show_puzzle(keys.code, keys.teacher_key, p.code)
    verdict, attempt = pr.judge_live(p, p.answer, clock.now - 3)
    assert attempt is not None and attempt.at is not None and attempt.traps == p.traps
    assert store.live_answer(me, round_no, str(p.answer), verdict.correct, verdict.mistake, attempt=attempt)
    pr.record_live(attempt)
    assert not pr.progress.is_mastered("muggins") and "muggins" in pr.progress.pending
    assert state(pr.progress) == state(rebuilt(store, me))


def test_the_placement_check_rebuilds_to_the_same_progress(store, me):
    clock = Clock()
    pr = saved_practice(store, me, clock)
    check = pr.start_check()
    while not check.is_over:
        p = check.ask()
        _, attempt = check.answer(p.answer)
        pr.record_check(attempt)
    placement = store.record_placement(me, check.result())
    pr.place(placement)
    assert all(a.at is not None for a in pr.progress.attempts)
    assert state(pr.progress) == state(rebuilt(store, me))
    assert not pr.progress.mastered and pr.progress.coach_stage == "five-up"


def test_sprint_answers_rebuild_to_the_same_progress(store, me):
    clock = Clock()
    pr = saved_practice(store, me, clock)
    looks_mastered(pr)
    clock.now += DAY
    rnd = pr.start_sprint()
    while (fact := rnd.current) is not None and not pr.sprint_over:
        pr.answer_fact(fact.answer)
    assert state(pr.progress) == state(rebuilt(store, me))


# ----- item: the coach's stage chosen by hand -----


def test_a_stage_chosen_by_hand_is_stored_and_replayed(store, me):
    """Choose, answer, rebuild: the same stage (a reload or another tablet carries on where the child chose)."""
    pr = saved_practice(store, me, Clock())
    pr.choose_stage("all-fives")
    assert pr.progress.coach_stage == "all-fives"
    for _ in range(5):
        pr.new_puzzle(COACH, "all-fives", 1)
        assert pr.puzzle.stage == "all-fives"
        pr.answer(pr.puzzle.answer)
    again = rebuilt(store, me)
    assert again.coach_stage == pr.progress.coach_stage == "all-fives"
    assert store.stage_choices(me) == [StageChoice("all-fives", pr.progress.choices[0].at)]
    assert state(again) == state(pr.progress)


def test_a_stage_choice_reads_back_checked():
    c = StageChoice("five-up", 12.5)
    assert StageChoice.from_row(c.to_row()) == c
    with pytest.raises(ValueError):
        StageChoice("banana", 1.0)
    with pytest.raises(ValueError):
        StageChoice.from_row({"stage": "muggins", "at": "noon"})


# ----- item: the traps kept with the answer -----


def test_the_fold_never_makes_a_puzzle_again(monkeypatch):
    """Folding stored answers (with their traps) works with the puzzle generator gone."""
    pr = Practice(seed_source=random.Random(2), clock=Clock())
    for i in range(40):
        pr.new_puzzle(COACH, "muggins", 1)
        wrong = [c.value for c in pr.puzzle.choices if not judge(pr.puzzle, c.value).correct]
        pr.answer(wrong[0] if i % 3 == 0 and wrong else pr.puzzle.answer)
    attempts = list(pr.progress.attempts)
    assert any(a.traps for a in attempts)

    def gone(*args, **kwargs):
        raise AssertionError("the fold made a puzzle")

    for name in ("from_code", "generate", "generate_for"):
        monkeypatch.setattr(puzzles, name, gone)
    import trainer.learning.attempt as attempt_module

    assert not hasattr(attempt_module, "from_code")  # no generator, and no trap cache, in the answer's module
    again = Progress.from_attempts(attempts)
    assert state(again) == state(pr.progress)


def test_an_answer_keeps_its_traps_in_the_store_and_old_ones_are_filled_in(store, me):
    p = generate_for("hand-rounding", stage="muggins", level=2, trap="round-3", seed=2)
    old = Attempt("hand-rounding", "muggins", 2, False, 9.0, code=p.code, mistake="round-3")  # no traps kept
    assert attempt_traps(old) == ()
    store.record(me, old)
    kept = store.attempts(me)[0]
    assert kept.traps == p.traps and kept.traps[0] == p.trap
    mine = Attempt("open-total", "muggins", 1, True, 3.0, code=p.code, traps=("spinner-once",))
    assert Attempt.from_row(mine.to_row()).traps == ("spinner-once",)
