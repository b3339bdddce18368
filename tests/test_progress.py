import random

import pytest

from puzzles import CORE_KINDS, KINDS, STAGES
from trainer.progress import Attempt, Progress


def answer(p, kind="open-total", stage="muggins", level=1, correct=True, seconds=5.0):
    return p.record(Attempt(kind, stage, level, correct, seconds))


def test_mastery_needs_eight_of_ten_and_core_kinds():
    p = Progress()
    for _ in range(10):
        answer(p, "open-total")
    assert not p.is_mastered("muggins")  # other core kinds not yet right twice
    answer(p, "best-play")
    out = None
    for kind in ["best-play", "hand-rounding", "hand-rounding"]:
        out = answer(p, kind)
    assert p.is_mastered("muggins")
    assert out.mastered == "muggins" and out.unlocked == "all-fives"
    assert p.coach_stage == "all-fives" and p.unlocked("all-fives") and not p.unlocked("five-up")
    assert answer(p).mastered is None  # celebrated once


def test_three_wrong_in_last_ten_blocks_mastery():
    p = Progress()
    for kind in CORE_KINDS * 2:
        answer(p, kind)
    for ok in [True] * 7 + [False] * 3:
        answer(p, correct=ok)
    assert not p.is_mastered("muggins")
    report = p.mastery_report("muggins")
    assert report["recent_right"] == 7 and report["recent_count"] == 10
    assert report["share"] == 1.0  # mastered earlier in the run: it stays mastered


def test_mastery_share():
    p = Progress()
    assert p.mastery_report("five-up")["share"] == 0
    for ok in (True, True, False, True):
        answer(p, "open-total", stage="five-up", correct=ok)
    # 3 right of 8 needed; open-total right twice, the other core kinds not yet
    assert p.mastery_report("five-up")["share"] == 0.5 * 3 / 8 + 0.5 * 2 / 6


def test_coach_levels_move():
    p = Progress()
    for _ in range(3):
        out = answer(p, correct=True)
    assert out.level_change == 1 and p.coach_level["muggins"] == 2
    answer(p, correct=False)
    out = answer(p, correct=False)
    assert out.level_change == -1 and p.coach_level["muggins"] == 1
    answer(p, correct=False)
    assert answer(p, correct=False).level_change == 0  # already at level 1


def test_coach_picks_the_weakest_kind():
    p = Progress()
    rng = random.Random(1)
    for kind in KINDS:
        if kind != "hand-rounding":
            answer(p, kind, correct=True)
    assert p.coach_pick(rng)[0] == "hand-rounding"  # never tried comes first
    answer(p, "hand-rounding", correct=False)
    answer(p, "hand-rounding", correct=False)
    kind, stage, level = p.coach_pick(rng)
    assert stage == "muggins" and level == 1
    assert kind != "hand-rounding"  # not three times in a row ...
    answer(p, "open-total", correct=True)
    assert p.coach_pick(rng)[0] == "hand-rounding"  # ... but still the weakest


def test_numbers_and_csv():
    p = Progress()
    for ok, s in [(True, 4), (True, 6), (False, 10), (True, 2)]:
        answer(p, correct=ok, seconds=s)
    assert (p.answered, p.right, p.streak, p.best_streak, p.median_seconds) == (4, 3, 1, 2, 5.0)
    text = p.to_csv().splitlines()
    assert text[0].startswith("number,kind,stage") and len(text) == 5
    acc = p.accuracy_by(["stage"])
    assert acc == [{"stage": "muggins", "answered": 4, "right": 3, "accuracy": 0.75}]
    assert Progress().median_seconds is None


def test_bad_attempts_are_refused():
    with pytest.raises(ValueError):
        Progress().record(Attempt("riddle", "muggins", 1, True, 1.0))
    assert STAGES[0] == Progress().coach_stage
