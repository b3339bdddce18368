import random

from puzzles import generate
from trainer.practice import COACH, Practice


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
