import random

from puzzles import Stage, generate
from trainer.learning.practice import COACH, Practice
from trainer.learning.states import ReviewMode


class Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def test_answer_records_once_with_seconds():
    clock = Clock()
    pr = Practice(clock=clock, seed_source=random.Random(1))
    p = pr.new_puzzle("open-total", "muggins", 1)
    clock.t += 7.5
    v = pr.answer(p.answer)
    assert v.correct and pr.progress.answered == 1
    assert pr.progress.attempts[0].seconds == 7.5 and pr.progress.attempts[0].code == p.code
    pr.answer(p.answer + 1)
    assert pr.progress.answered == 1 and pr.verdict.correct


def test_junk_is_not_an_attempt():
    pr = Practice(seed_source=random.Random(2))
    pr.new_puzzle("best-play", "five-up", 2)
    v = pr.answer("banana")
    assert not v.correct and pr.progress.answered == 0 and not pr.answered


def test_coach_and_codes():
    pr = Practice(seed_source=random.Random(3))
    p = pr.new_puzzle(COACH, "five-up", 3)
    assert pr.coached and p.stage == "muggins" and p.level == 1
    code = generate("hand-rounding", stage="all-fives", level=2, seed=9).code
    assert pr.open_code(code) is None and pr.puzzle.code == code and not pr.coached
    msg = pr.open_code("NOPE-0000")
    assert "didn't work" in msg and pr.puzzle.code == code


def test_a_mis_tap_records_nothing_and_the_learner_tries_again():
    pr = Practice(seed_source=random.Random(5))
    p = pr.new_puzzle("best-play", "muggins", 2)
    lay = p.board
    bad = next(f"{t}>{e.tile}" for t in p.hand for e in lay.open_ends if not lay.is_legal(f"{t}>{e.tile}"))
    v = pr.answer(bad)
    assert not v.is_answer and "has no" in v.message
    assert pr.progress.answered == 0 and not pr.answered
    assert pr.answer(p.answer[0]).correct and pr.progress.answered == 1


def test_hint_is_the_first_step_and_marks_the_attempt():
    pr = Practice(seed_source=random.Random(6))
    p = pr.new_puzzle("open-total", "five-up", 2)
    step = pr.hint()
    assert step == p.steps[0] and step.ends
    pr.answer(p.answer)
    assert pr.progress.attempts[-1].hinted
    assert pr.hint() is None  # nothing to hint once answered


def test_try_similar_keeps_kind_stage_level():
    pr = Practice(seed_source=random.Random(7))
    p = pr.new_puzzle("best-play", "all-fives", 3)
    pr.answer(next(c.value for c in p.choices if c.value not in p.answer))
    q = pr.try_similar()
    assert (q.kind, q.stage, q.level) == (p.kind, p.stage, p.level) and q.code != p.code
    assert not pr.answered and pr.review is ReviewMode.SIMILAR and pr.origin == p.code
    pr.answer(q.answer[0])
    assert pr.progress.attempts[-1].origin == p.code


def test_the_coach_brings_a_missed_puzzle_back():
    pr = Practice(seed_source=random.Random(8))
    first = pr.new_puzzle(COACH, "muggins", 1)
    wrong = {"hand-rounding": {"rounded": 999, "points": 0}}.get(first.kind)
    pr.answer(wrong if wrong else ([c.value for c in first.choices if c.value not in (
        first.answer if isinstance(first.answer, tuple) else (first.answer,))] or ["x"])[0])
    assert not pr.verdict.correct
    seen = []
    for _ in range(8):
        p = pr.new_puzzle(COACH, "muggins", 1)
        seen.append((p.code, pr.review))
        pr.answer(p.answer if p.kind != "counted-ends" else list(p.answer))
    assert (first.code, ReviewMode.RETRY) in seen
    assert [r.how for r in pr.progress.reviews if r.code == first.code] == [ReviewMode.SIMILAR]


def test_every_recorded_attempt_reaches_on_attempt():
    saved = []
    pr = Practice(seed_source=random.Random(9), on_attempt=saved.append)
    p = pr.new_puzzle("nearest-five", "muggins", 1)
    pr.answer("banana")
    pr.answer(p.answer)
    pr.answer(p.answer)
    assert [a.code for a in saved] == [p.code]


def test_first_time_for_a_kind_at_a_stage():
    pr = Practice(seed_source=random.Random(10))
    p = pr.new_puzzle("make-five", "muggins", 1)
    assert pr.first_time
    pr.answer(p.answer)
    pr.new_puzzle("make-five", "muggins", 1)
    assert not pr.first_time


def test_simulated_learners_small():
    """A few learners per profile through the real coach, each run only as long as its assertion needs (the
    benchmark, ``python -m benchmarks learners``, runs 300 through every stage)."""
    from benchmarks.learners import simulate

    quick = [simulate(0.9, 6.0, puzzles=200, seed=i, until=Stage.MUGGINS) for i in range(6)]
    assert sum("muggins" in r.mastered_after for r in quick) >= 5
    assert all(r.flips == 0 for r in quick)
    guess = [simulate(0.5, 6.0, puzzles=150, seed=i) for i in range(6)]
    assert not any(r.mastered_after for r in guess)
    slow = [simulate(0.95, 90.0, puzzles=80, seed=i) for i in range(3)]
    assert not any(r.mastered_after for r in slow)
