"""A child who doesn't get it is never locked in: at most a few tries at one teaching puzzle, and after
two rounds of teaching on a trap in a day the coach moves on (other puzzles, the trap's number facts, the
trap back on a later day) and the teacher sees the child in "Who is stuck"."""

from __future__ import annotations

import random
from dataclasses import dataclass

from puzzles import STAGES
from puzzles.judge import is_right, judge
from puzzles.traps import misconceived
from trainer.classroom.report import stuck
from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.practice import COACH, CONTRAST, EXAMPLE, Practice
from trainer.learning.sprint import day_of
from trainer.store.traps import with_traps

DAY = 86400.0
MONDAY = 1767628800.0 + 16 * 3600


@dataclass
class Clock:
    t: float = MONDAY

    def __call__(self) -> float:
        return self.t


def keeps(trap: str, p):
    """The answer of a child who keeps ``trap`` (the right one where it plays no part)."""
    if trap in p.traps:
        model = misconceived(p, trap)
        if model is not None and not is_right(p, model):
            return model
    return list(p.answer) if p.kind == "counted-ends" else (p.answer[0] if isinstance(p.answer, tuple) else p.answer)


def practise(pr: Practice, clock: Clock, trap: str, n: int) -> list[tuple[str, bool, str]]:
    """``n`` coached puzzles answered by a child who keeps ``trap``: (code, right, why) of every answer."""
    out = []
    for _ in range(n):
        if pr.coach_step():
            pr.start_sprint(pr.coach_step(), coached=True)
            while not pr.sprint_over:
                clock.t += 2
                pr.answer_fact(pr.sprint.current.answer)
            pr.end_sprint()
        p = pr.new_puzzle(COACH, STAGES[0], 1)
        clock.t += 6
        out.append((p.code, pr.answer(keeps(trap, p)).correct, pr.review.value))
        while pr.must_answer:
            out.append((p.code, pr.answer(keeps(trap, p)).correct, pr.review.value))
        while pr.teaching is not None and pr.teaching.step in (CONTRAST, EXAMPLE):
            pr.teach_next()
    return out


def until_parked(clock: Clock, trap: str) -> Practice:
    """A child who keeps ``trap``, coached until the coach moves on from it."""
    pr = Practice(seed_source=random.Random(7), clock=clock)
    for _ in range(200):
        practise(pr, clock, trap, 1)
        if pr.progress.parked(day_of(clock.t)):
            break
    return pr


def longest_run(codes: list[str]) -> int:
    best = run = 0
    for i, c in enumerate(codes):
        run = run + 1 if i and codes[i - 1] == c else 1
        best = max(best, run)
    return best


def test_a_child_who_keeps_a_misconception_is_never_locked_on_one_puzzle():
    clock = Clock()
    pr = Practice(seed_source=random.Random(5), clock=clock)
    answers = practise(pr, clock, "round-2", 120)
    assert longest_run([c for c, _, _ in answers]) <= 8
    assert sum(ok for _, ok, _ in answers[-60:]) >= 30  # still right in at least half of its answers
    assert pr.progress.parked(day_of(clock.t)) == {"round-2"}


def test_after_two_teachings_the_coach_moves_on_until_a_later_day():
    clock = Clock()
    pr = until_parked(clock, "double-once")
    assert pr.progress.parked(day_of(clock.t)) == {"double-once"}
    today = [code for day, code in pr.progress.teachings["double-once"] if day == day_of(clock.t)]
    assert len(today) == len(set(today)) == DEFAULT_POLICY.stuck_after_teaching
    taught = pr.taught
    for _ in range(15):  # the rest of the day: no puzzle on it, no more teaching on it
        p = pr.new_puzzle(COACH, STAGES[0], 1)
        assert "double-once" not in p.traps
        pr.answer(keeps("double-once", p))
        while pr.teaching is not None and pr.teaching.step in (CONTRAST, EXAMPLE):
            pr.teach_next()
        while pr.must_answer:
            pr.answer(keeps("double-once", p))
    assert pr.taught == taught
    clock.t += DAY  # a later day: the trap is back
    assert not pr.progress.parked(day_of(clock.t))
    back = []
    for _ in range(20):
        p = pr.new_puzzle(COACH, STAGES[0], 1)
        back.append("double-once" in p.traps)
        clock.t += 6
        pr.answer(keeps("double-once", p))
        while pr.must_answer:
            pr.answer(keeps("double-once", p))
        while pr.teaching is not None and pr.teaching.step in (CONTRAST, EXAMPLE):
            pr.teach_next()
    assert any(back)


def test_the_teacher_sees_a_child_the_coach_moved_on_from():
    clock = Clock()
    pr = until_parked(clock, "double-once")

    @dataclass
    class Record:
        code: str
        nickname: str
        attempts: list

    found = stuck([Record("KID1", "Maya", pr.progress.attempts)])
    assert [s.trap for s in found if s.nickname == "Maya"][:1] == ["double-once"]


def _two_trap_puzzle():
    """A puzzle where one wrong answer fits two traps, and the two traps."""
    from puzzles import generate_for

    for seed in range(60):
        p = generate_for("play-score", stage="all-fives", level=2, trap="spinner-once", seed=seed)
        for t in p.traps:
            model = misconceived(p, t)
            fits = judge(p, model).traps if model is not None and not is_right(p, model) else ()
            if len(fits) > 1:
                return p, model, fits
    raise AssertionError("no puzzle whose wrong answer two traps explain")


def test_the_feedback_names_the_trap_this_child_most_likely_holds():
    p, model, fits = _two_trap_puzzle()
    for holds in fits:
        pr = Practice(seed_source=random.Random(1), clock=Clock())
        for t in fits:
            pr.progress.knowledge.set(t, 0.05 if t == holds else 0.9)
        pr.show(p)
        verdict = pr.answer(model)
        assert verdict.mistake == holds and verdict.traps[0] == holds and set(verdict.traps) == set(fits)
        assert pr.progress.attempts[-1].mistake == holds


def test_the_coach_moves_on_from_the_trap_it_taught_not_another_the_drill_also_sets():
    """A drill made for one trap often sets another too (a ``0`` both explain): the teaching counts for
    the trap the child was told about, so that is the one the coach moves on from."""
    clock = Clock()
    pr = until_parked(clock, "missed-combination")
    assert pr.progress.parked(day_of(clock.t)) == {"missed-combination"}
    assert "double-once" not in pr.progress.teachings


def test_a_childs_own_trap_is_named_once_its_answers_tell_the_traps_apart():
    """A child who keeps missing combinations, and gets the doubles right: on a puzzle where a ``0``
    fits both, the feedback names the combination, and the wrong answer counts against it alone."""
    clock = Clock()
    pr = Practice(seed_source=random.Random(11), clock=clock)
    answers = []
    for day in range(1, 7):  # 30 puzzles a day for six days
        answers += practise(pr, clock, "missed-combination", 30)
        clock.t = MONDAY + day * DAY
    named = [a.mistake for a in pr.progress.attempts if not a.correct and a.mistake is not None]
    late = named[len(named) // 2:]
    assert late and late.count("missed-combination") / len(late) >= 0.9
    assert pr.progress.knowledge.p("double-once") > pr.progress.knowledge.p("missed-combination")
    assert sum(ok for _, ok, _ in answers[-60:]) >= 30


def test_the_trap_named_is_the_one_this_childs_answers_got_wrong_on_its_own():
    """Answers to puzzles that set one of the traps without the other tell them apart: the trap this child
    got wrong there is named, even when the model's p(known) would point at the other (just after a
    teaching, say)."""
    from puzzles import generate_for as made_for
    from trainer.learning.attempt import Attempt

    p, model, fits = _two_trap_puzzle()
    holds, other = fits[0], fits[1]
    pr = Practice(seed_source=random.Random(1), clock=Clock())
    progress = pr.progress
    for seed in range(60):  # puzzles setting one trap and not the other, answered as a child holding `holds`
        for t, right in ((holds, False), (other, True)):
            q = made_for(p.kind, stage=p.stage, level=p.level, trap=t, seed=seed)
            if len(set(q.traps) & set(fits)) == 1:
                progress.record(with_traps(Attempt(q.kind, q.stage, q.level, right, 5.0, q.code, None if right else t)))
    progress.knowledge.set(holds, 0.9)
    progress.knowledge.set(other, 0.1)
    assert progress.likeliest(fits)[0] == holds
    pr.show(p)
    assert pr.answer(model).mistake == holds
    fresh = Practice(seed_source=random.Random(1), clock=Clock())  # no answers: the lowest p(known)
    fresh.progress.knowledge.set(holds, 0.9)
    fresh.progress.knowledge.set(other, 0.1)
    assert fresh.progress.likeliest(fits)[0] == other
