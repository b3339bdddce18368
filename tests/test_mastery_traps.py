"""Mastery per trap, the teaching plan after mistakes, the teacher's list of stuck children, and
learners who hold one misconception."""

import random
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import CORE_KINDS, STAGES, from_code, generate, generate_for, mastery_traps
from puzzles.judge import is_right, judge
from puzzles.traps import ROUNDING, misconceived
from trainer.classroom.report import STUCK_AFTER, stuck
from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.practice import COACH, CONTRAST, DRILL, EXAMPLE, RETRY, Practice
from trainer.learning.progress import (
    MASTERED,
    PROFICIENT,
    Attempt,
    Progress,
    attempt_traps,
)
from trainer.learning.states import ReviewMode, TrapStatus
from trainer.store.traps import with_traps


def codes(kind, stage, level=3):
    return {t: generate_for(kind, stage=stage, level=level, trap=t, seed=1).code for t in mastery_traps(kind, stage)}


def right(p, kind, stage, code, level=3, correct=True, mistake=None):
    return p.record(with_traps(Attempt(kind, stage, level, correct, 5.0, code=code, mistake=mistake)))


def test_a_kind_is_not_mastered_before_each_of_its_traps_is_known():
    p = Progress()
    traps = codes("hand-rounding", "muggins")
    assert set(traps) == set(ROUNDING)  # every rounding trap, as the registry lists them
    plain = generate("hand-rounding", stage="muggins", level=3, seed=1)
    for _ in range(10):  # a long right, fluent run on puzzles that show no trap…
        right(p, "hand-rounding", "muggins", "" if plain.traps else plain.code)
    assert p.step("hand-rounding", "muggins") == PROFICIENT  # …is not enough
    assert p.coach_trap("hand-rounding", "muggins") in traps
    for t, code in traps.items():
        right(p, "hand-rounding", "muggins", code)
        assert p.trap_status("hand-rounding", "muggins")[t] is TrapStatus.SHAKY  # one right answer: not yet
        for _ in range(8):
            right(p, "hand-rounding", "muggins", code)
        assert p.trap_status("hand-rounding", "muggins")[t] is TrapStatus.SHOWN
    assert p.step("hand-rounding", "muggins") == MASTERED
    assert p.coach_trap("hand-rounding", "muggins") is None


def test_a_trap_fallen_into_again_demotes_the_kind_until_earned_again():
    p = Progress()
    traps = codes("open-total", "all-fives")
    for code in list(traps.values()) * 5:
        right(p, "open-total", "all-fives", code)
    assert p.step("open-total", "all-fives") == MASTERED
    for _ in range(4):
        right(p, "open-total", "all-fives", traps["spinner-once"], correct=False, mistake="spinner-once")
        if p.step("open-total", "all-fives") < MASTERED:
            break
    assert p.step("open-total", "all-fives") == PROFICIENT  # the kind is still known, the trap is not
    assert p.skill("open-total", "all-fives").missing == ("spinner-once",)
    assert p.coach_trap("open-total", "all-fives") is None  # just missed: a plain puzzle in between
    right(p, "open-total", "all-fives", traps["covered-spinner"])
    assert p.coach_trap("open-total", "all-fives") == "spinner-once"
    for _ in range(8):
        right(p, "open-total", "all-fives", traps["spinner-once"])
        if p.step("open-total", "all-fives") == MASTERED:
            break
    assert p.step("open-total", "all-fives") == MASTERED


def test_a_wrong_answer_two_traps_explain_counts_against_the_one_it_was_filed_under():
    """``0`` on a play-score puzzle can be counting a covered end or missing the lowering: it is evidence
    against the trap the child was told about (the likeliest for this child), not against the other,
    which only a puzzle that shows it alone can judge."""
    from trainer.learning.bkt import observations

    for seed in range(40):
        p = generate_for("play-score", stage="all-fives", level=2, trap="spinner-once", seed=seed)
        model = misconceived(p, "counted-covered")
        fits = judge(p, model).traps if model is not None else ()
        if len(fits) > 1:
            break
    else:
        raise AssertionError("no puzzle whose wrong answer two traps explain")
    for filed in fits:
        a = with_traps(Attempt(p.kind, p.stage, p.level, False, 5.0, p.code, filed))
        got = {o.skill: o.correct for o in observations(a) if o.skill in p.traps}
        assert got == {filed: False}


def test_old_stored_answers_rebuild_the_traps_from_their_codes():
    live = Progress()
    rng = random.Random(4)
    for i in range(60):
        kind = CORE_KINDS[i % 3]
        pz = generate(kind, stage="muggins", level=rng.choice((1, 3)), seed=rng.randrange(9999))
        live.record(with_traps(Attempt(kind, "muggins", pz.level, rng.random() < 0.8, 5.0, code=pz.code,
                                       mistake="other")))
    old = [with_traps(Attempt(a.kind, a.stage, a.level, a.correct, a.seconds, a.code, a.mistake))
           for a in live.attempts]  # kept before traps were: the store fills them in from the code, once
    rebuilt = Progress.from_attempts(old)
    assert rebuilt.skill_rows() == live.skill_rows()
    for k in CORE_KINDS:
        assert rebuilt.trap_status(k, "muggins") == live.trap_status(k, "muggins")
    assert attempt_traps(old[0]) == from_code(old[0].code).traps
    assert attempt_traps(Attempt("open-total", "muggins", 1, True, 1.0, code="NOT-A-CODE")) == ()


def test_the_coach_brings_the_traps_not_yet_shown():
    pr = Practice(seed_source=random.Random(3))
    met = set()
    for _ in range(40):
        p = pr.new_puzzle(COACH, "muggins", 1)
        met |= set(p.traps)
        pr.answer(list(p.answer) if p.kind == "counted-ends" else (p.answer[0] if isinstance(p.answer, tuple)
                                                                    else p.answer))
    needed = {t for k in CORE_KINDS for t in mastery_traps(k, "muggins")}
    assert needed <= met


def wrong_with(p, trap):
    return misconceived(p, trap)


def test_the_same_named_mistake_twice_starts_a_teaching_plan():
    pr = Practice(seed_source=random.Random(5))
    trap = "round-2"
    missed = None
    for _ in range(2):
        p = pr.show(generate_for("hand-rounding", stage="muggins", level=2, trap=trap, seed=len(pr.progress.attempts)))
        v = pr.answer(wrong_with(p, trap))
        assert trap in v.traps and v.mistake == trap
        missed = p
    t = pr.teaching
    assert t is not None and t.step == CONTRAST and t.trap == trap and t.missed == missed
    assert (t.pair.left.number % 5, t.pair.right.number % 5) == (2, 3)
    assert pr.teach_next().step == EXAMPLE
    assert trap in pr.teaching.example.traps and pr.teaching.example.steps
    assert pr.teach_next().step == DRILL
    drill = pr.new_puzzle(COACH, "muggins", 1)
    assert drill.kind == "nearest-five" and drill.level == 1 and trap in drill.traps and pr.review is ReviewMode.DRILL
    assert not pr.answer(wrong_with(drill, trap)).correct
    assert pr.must_answer
    answered = pr.progress.answered
    assert pr.answer(drill.answer).correct and pr.progress.answered == answered  # again, on the same screen
    assert pr.teaching.step == RETRY
    again = pr.new_puzzle(COACH, "muggins", 1)
    assert again.code == missed.code and pr.must_answer
    pr.answer(wrong_with(again, trap))
    assert pr.teaching.step == RETRY
    assert pr.new_puzzle(COACH, "muggins", 1) is again and not pr.answered  # no moving on: it comes up again
    pr.answer(again.answer)
    assert pr.progress.attempts[-1].correct and pr.progress.attempts[-1].review is ReviewMode.RETEACH
    assert not [r for r in pr.progress.reviews if trap in from_code(r.code).traps]  # taught: no round again
    assert pr.teaching is None and not pr.must_answer and pr.taught == 1


def test_four_wrong_in_a_row_bring_new_teaching():
    pr = Practice(seed_source=random.Random(6))
    for i in range(DEFAULT_POLICY.most_wrong_in_a_row):
        assert pr.teaching is None
        p = pr.new_puzzle("open-total", "muggins", 1)
        pr.answer(p.answer + 1 + i)
    assert pr.teaching is not None and pr.teaching.step in (CONTRAST, EXAMPLE)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.booleans(), min_size=5, max_size=40), st.integers(0, 999))
def test_no_child_sees_more_than_four_wrong_in_a_row_without_teaching(pattern, seed):
    """Wrong answers in a row as the child meets them: a teaching puzzle answered right ends the row;
    four wrong answers start new teaching (also inside a drill or a retry: the worked example again)."""
    pr = Practice(seed_source=random.Random(seed))
    run = 0
    for ok in pattern:
        taught = pr.taught
        p = pr.new_puzzle(COACH, "muggins", 1)
        answer = p.answer[0] if isinstance(p.answer, tuple) and p.kind != "counted-ends" else p.answer
        if p.kind == "counted-ends":
            answer = list(p.answer)
        if not ok:
            answer = ({**p.answer, "rounded": p.answer["rounded"] + 5, "points": p.answer["points"] + 1}
                      if isinstance(p.answer, dict) else next(c.value for c in p.choices if not is_right(p,
                          [c.value] if p.kind == "counted-ends" else c.value)))
            answer = [answer] if p.kind == "counted-ends" else answer
        v = pr.answer(answer)
        run = 0 if v.correct or pr.taught > taught else run + 1
        assert run <= DEFAULT_POLICY.most_wrong_in_a_row
        while pr.must_answer:  # a teaching puzzle, answered again until right: that right answer ends the row
            pr.answer(list(pr.puzzle.answer) if pr.puzzle.kind == "counted-ends" else (
                pr.puzzle.answer[0] if isinstance(pr.puzzle.answer, tuple) else pr.puzzle.answer))
            run = 0


@dataclass
class Learner:
    code: str
    nickname: str
    attempts: list


def test_the_teacher_sees_who_is_stuck_on_a_trap():
    p = generate_for("hand-rounding", stage="muggins", level=2, trap="round-3", seed=2)
    wrong = with_traps(Attempt("hand-rounding", "muggins", 2, False, 9.0, code=p.code, mistake="round-3"))
    ok = with_traps(Attempt("hand-rounding", "muggins", 2, True, 9.0, code=p.code))
    stuck_one = Learner("KID1-AAAA", "Blue Fox", [wrong] * STUCK_AFTER)
    recovered = Learner("KID2-BBBB", "Red Owl", [wrong] * STUCK_AFTER + [ok])
    old = Learner("KID3-CCCC", "Old Hand", [with_traps(Attempt("hand-rounding", "muggins", 2, False, 9.0, code=p.code,
                                                               mistake="rounded-down"))] * STUCK_AFTER)
    found = stuck([stuck_one, recovered, old])
    assert [(s.code, s.trap) for s in found] == [("KID1-AAAA", "round-3"), ("KID3-CCCC", "round-3")]
    s = found[0]
    assert "13 → 10" in s.words and s.wrong == STUCK_AFTER
    shown = from_code(s.puzzle)
    assert "round-3" in shown.traps and shown.stage == "muggins"


def test_learners_with_a_misconception_through_the_real_coach():
    from benchmarks.misconceptions import simulate_misconception

    keep = [simulate_misconception("round-3", puzzles=200, seed=i) for i in range(2)]
    assert not any(r.mastered for r in keep)  # rounding is in every stage
    assert all(r.longest_untaught <= DEFAULT_POLICY.most_wrong_in_a_row for r in keep)
    drop = simulate_misconception("counted-covered", drop=True, puzzles=250, seed=1)
    assert drop.dropped_at is not None and drop.mastered == list(STAGES)
    # a child who keeps the spinner-once misconception gets half again as many puzzles as the one who dropped
    # a misconception took to master All Fives, and does not master it
    spinner = simulate_misconception("spinner-once", puzzles=drop.mastered_at[1] * 3 // 2, seed=0)
    assert "all-fives" not in spinner.mastered and "five-up" not in spinner.mastered


def test_a_child_who_cannot_get_the_warm_up_goes_on_after_three_tries():
    first, second = (generate_for("hand-rounding", stage="muggins", level=1, trap="round-2", seed=s) for s in (0, 1))
    pr = Practice(seed_source=random.Random(3))
    for p in (first, second):
        pr.show(p)
        pr.answer({**p.answer, "rounded": p.answer["rounded"] + 5, "points": p.answer["points"] + 1})
    pr.teach_next()
    pr.teach_next()
    drill = pr.new_puzzle(COACH, "muggins", 1)
    assert pr.must_answer
    tries = 0
    while pr.must_answer:
        wrong = next(c.value for c in drill.choices if not is_right(drill, c.value))
        pr.answer(wrong)
        tries += 1
        assert tries <= DEFAULT_POLICY.most_tries
    assert tries == DEFAULT_POLICY.most_tries and pr.teaching.step == RETRY
    missed = pr.new_puzzle(COACH, "muggins", 1)
    assert missed.code == second.code and pr.must_answer  # then the missed puzzle, as many tries at most

