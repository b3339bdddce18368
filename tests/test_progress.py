import random

import pytest
from histories import DAY, MONDAY, answer, confirm, master_stage, prime, trap_codes
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import CORE_KINDS, KINDS, STAGES
from trainer.classroom.report import learner_csv
from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.progress import (
    FAMILIAR,
    FLUENCY_SECONDS,
    MASTERED,
    NOT_STARTED,
    PRACTISED,
    PROFICIENT,
    Attempt,
    Progress,
)
from trainer.learning.states import ReviewMode


def test_steps_climb_from_practised_to_mastered():
    p = Progress()
    assert p.step("open-total", "muggins") == NOT_STARTED
    answer(p, level=1, correct=False)
    assert p.step("open-total", "muggins") == PRACTISED
    answer(p, level=1)
    answer(p, level=2)
    assert p.step("open-total", "muggins") == FAMILIAR
    prime(p, ["open-total"])
    steps = []
    for _ in range(8):
        answer(p, level=3)
        steps.append(p.step("open-total", "muggins"))
    assert MASTERED in steps and steps[-1] == MASTERED and steps == sorted(steps)
    assert p.knowledge.p("open-total@muggins") >= DEFAULT_POLICY.mastered_at
    assert p.step_name("open-total", "muggins") == "Mastered"


def test_lower_levels_never_make_a_kind_proficient():
    p = Progress()
    for _ in range(30):
        answer(p, level=2)
    assert p.step("open-total", "muggins") == FAMILIAR


def test_slow_answers_are_proficient_not_mastered():
    p = Progress()
    for _ in range(10):
        answer(p, seconds=FLUENCY_SECONDS["open-total"][2] + 1)
    assert p.step("open-total", "muggins") == PROFICIENT


def test_a_five_second_learner_is_fluent_everywhere():
    for kind in KINDS:
        for level in (1, 2, 3):
            assert FLUENCY_SECONDS[kind][level - 1] >= 5


def test_stage_mastery_needs_every_core_kind():
    p = Progress()
    prime(p)
    for _ in range(12):
        answer(p, "open-total")
        answer(p, "best-play")
    assert not p.is_mastered("muggins") and "muggins" not in p.pending
    out = None
    for _ in range(12):
        out = answer(p, "hand-rounding")
        if out.unlocked:
            break
    assert "muggins" in p.pending and out.unlocked == "all-fives" and p.coach_stage == "all-fives"
    assert not p.is_mastered("muggins")  # looked mastered today: confirmed on a later day
    out = confirm(p)
    assert p.is_mastered("muggins") and p.mastered == ["muggins"]
    assert out.mastered == "muggins" and out.unlocked == "all-fives"
    assert answer(p, stage="muggins", at=MONDAY + DAY).mastered is None  # celebrated once


def test_lucky_guesses_do_not_master_a_trap():
    """Two right answers out of three on a trap (the old rule) leave it short of known."""
    p = Progress()
    code = trap_codes("hand-rounding", "muggins")[1]
    for ok in (True, False, True):
        answer(p, "hand-rounding", level=1, code=code, correct=ok, mistake="round-2")
    assert p.knowledge.p("round-2") < DEFAULT_POLICY.mastered_at


def test_hinted_answers_never_count_toward_mastery():
    p = Progress()
    for _ in range(20):
        for kind in CORE_KINDS:
            answer(p, kind, hinted=True)
    assert all(p.step(k, "muggins") == PRACTISED for k in CORE_KINDS)
    assert not p.is_mastered("muggins")


def test_wrong_answers_in_review_drop_mastery_a_step():
    p = Progress()
    master_stage(p)
    assert p.is_mastered("muggins")
    answer(p, "best-play", correct=False)
    assert p.step("best-play", "muggins") == MASTERED  # one slip keeps it
    lost = []
    for _ in range(4):
        lost.append(answer(p, "best-play", correct=False).lost)
        if p.step("best-play", "muggins") < MASTERED:
            break
    assert p.step("best-play", "muggins") < MASTERED
    assert lost.count("muggins") == 1 and "muggins" not in p.mastered and not p.is_mastered("muggins")
    assert p.coach_stage == "muggins"  # back to the stage that slipped


def test_coach_levels_move_with_hysteresis():
    p = Progress()
    for _ in range(3):
        out = answer(p, level=1)
    assert out.level_change == 1 and p.coach_level["muggins"] == 2
    answer(p, level=2, correct=False)
    out = answer(p, level=2, correct=False)
    assert out.level_change == 0 and p.coach_level["muggins"] == 2, "no flip within 6 puzzles"
    for _ in range(DEFAULT_POLICY.no_flip_within):
        out = answer(p, level=2, correct=False)
        if out.level_change:
            break
    assert out.level_change == -1 and p.coach_level["muggins"] == 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(1, 3), st.sampled_from(KINDS)), max_size=60))
def test_no_up_then_down_flip_within_six(seq):
    p = Progress()
    changes = []
    for i, (ok, level, kind) in enumerate(seq):
        out = answer(p, kind, level=p.coach_level["muggins"] if level != 3 else level, correct=ok)
        if out.level_change:
            changes.append((i, out.level_change))
    for (i, a), (j, b) in zip(changes, changes[1:]):
        assert a == b or j - i >= DEFAULT_POLICY.no_flip_within


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(KINDS), st.sampled_from(STAGES), st.integers(1, 3), st.booleans(),
                          st.floats(1, 90), st.booleans()), max_size=80))
def test_progress_is_a_fold_over_attempts(rows):
    live = Progress()
    for kind, stage, level, ok, secs, hinted in rows:
        live.record(Attempt(kind, stage, level, ok, round(secs, 1), code=f"C{len(live.attempts) % 5}", hinted=hinted))
    rebuilt = Progress.from_attempts(live.attempts)
    assert rebuilt.mastered == live.mastered and rebuilt.coach_stage == live.coach_stage
    assert rebuilt.coach_level == live.coach_level and rebuilt.reviews == live.reviews
    assert rebuilt.skill_rows() == live.skill_rows()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.booleans(), min_size=40, max_size=120))
def test_a_learner_who_misses_one_in_three_never_masters(pattern):
    p = Progress()
    for i, ok in enumerate(pattern):
        right = ok and i % 3 != 0  # at most two in three right
        answer(p, CORE_KINDS[i % 3], correct=right)
    assert not p.is_mastered("muggins")


def test_missed_puzzles_come_back():
    p = Progress()
    answer(p, code="AAAA-AAAA", correct=False, level=1)
    assert p.due_review() is None
    for i in range(DEFAULT_POLICY.retry_after):
        answer(p, code=f"B{i}", level=1)
    due = p.due_review()
    assert due is not None and due.code == "AAAA-AAAA" and due.how is ReviewMode.RETRY
    answer(p, code="AAAA-AAAA", review=ReviewMode.RETRY, origin="AAAA-AAAA", level=1)
    assert p.due_review() is None
    later = [r for r in p.reviews if r.how is ReviewMode.SIMILAR]
    assert later and later[0].code == "AAAA-AAAA"


def test_coach_picks_the_core_kind_whose_least_known_skill_is_least_known():
    p = Progress()
    for kind in CORE_KINDS:
        for code in trap_codes(kind, "muggins"):
            answer(p, kind, level=1, code=code)

    def least(kind):
        s = p.skill(kind, "muggins")
        return min([p.knowledge.p(s.general), *(p.knowledge.p(t) for t in s.needs)])

    weakest = min(CORE_KINDS, key=least)
    answer(p, "make-five", level=1)  # (never one kind three times running)
    assert p.coach_pick(random.Random(1))[0] == weakest
    for code in trap_codes(weakest, "muggins") * 8:  # once its skills are known, another kind is weakest
        answer(p, weakest, level=1, code=code)
    for _ in range(8):
        answer(p, weakest, level=3)
    assert p.coach_pick(random.Random(1))[0] != weakest


def test_never_the_same_kind_three_times_running():
    p = Progress()
    rng = random.Random(2)
    answer(p, "hand-rounding", level=1, correct=False)
    answer(p, "hand-rounding", level=1, correct=False)
    for _ in range(20):
        kind = p.coach_pick(rng)[0]
        assert not (kind == "hand-rounding" == p.attempts[-1].kind == p.attempts[-2].kind)


def test_numbers_and_csv():
    p = Progress()
    for ok, s in [(True, 4), (True, 6), (False, 10), (True, 2)]:
        answer(p, correct=ok, seconds=s)
    assert (p.answered, p.right, p.streak, p.best_streak, p.median_seconds) == (4, 3, 1, 2, 5.0)
    text = learner_csv(p).splitlines()
    assert text[0].startswith("number,kind,stage") and "hinted" in text[0] and len(text) == 5
    acc = p.accuracy_by(["stage"])
    assert acc == [{"stage": "muggins", "answered": 4, "right": 3, "accuracy": 0.75}]
    assert Progress().median_seconds is None


def test_bad_attempts_are_refused():
    with pytest.raises(ValueError):
        Progress().record(Attempt("riddle", "muggins", 1, True, 1.0))
    assert STAGES[0] == Progress().coach_stage
    Attempt(kind="open-total", stage="muggins", level=1, correct=True, seconds=1.0, code="X")  # the old shape


def test_one_who_knows_and_slips_often_is_not_taken_for_one_who_knows():
    """Right two times in three: p(known) may reach 0.95 (BKT reads the wrong ones as slips), but a stage
    needs each core kind steady, at most two wrong among its last 10 answers at the top level."""
    p = Progress()
    prime(p)
    for i in range(60):
        for kind in CORE_KINDS:
            assert answer(p, kind, correct=i % 3 != 2).mastered is None
    assert not p.is_mastered("muggins")
    assert max(p.knowledge.p(f"{k}@muggins") for k in CORE_KINDS) >= DEFAULT_POLICY.mastered_at
    assert not any(p.skill(k, "muggins").is_steady for k in CORE_KINDS)
