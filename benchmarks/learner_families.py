"""Learners unlike the model's own: does the trainer's "Mastered" hold for children of other shapes?

The shipped BKT numbers were fitted on children made by :mod:`tools.bkt.cohort`, and
:mod:`benchmarks.mastery` tests them on children of the same make (:mod:`benchmarks.bkt_learners`). The
families here are drawn otherwise: their own code, their own seeds (``family/<name>/<n>``) and their
own numbers, each child going through the real :class:`~trainer.learning.practice.Practice` and its coach,
30 puzzles a day on a fake day clock, with the coach's number-fact steps:

- **a misconception on some layouts**: the child holds one trap only where it shows on some puzzles —
  the covered spinner counted only when the spinner is the lead, or 1 or 2 past a five rounded up only
  above 10 — knows everything else, and slips now and then (3–8%); the trap is never dropped;
- **forgetting between days**: BKT-like skills, and every known skill is lost overnight with the child's
  own chance, 0.02–0.1 a day;
- **careless**: knows everything, slips 20–30% of the time;
- **guessers**: know nothing and never learn; every answer a choice at random (one of two fives on a
  rounding, any of the offered choices, any set of lettered ends);
- **item difficulty**: BKT-like skills, and a known puzzle is right with an IRT chance, the child's
  ability against the difficulty of the puzzle's *shape* (its kind, level, open ends, a spinner, a double
  at an end, the size of its number: one fixed difficulty per shape for the whole family);
- **facts 70–90%, slow**: BKT-like skills; number facts right 70–90% of the time and quick only 60–80%
  of those; 15–25 seconds a puzzle;
- **facts 85–92%**: as the last, quick on the facts, right 85–92% of the time on them;
- **in-model**: :mod:`benchmarks.bkt_learners`' own children (the literature's ranges), for comparison.

The BKT-like families draw prior 0.15–0.45, learn 0.08–0.25 (×2, at most 0.5, just after teaching),
slip 0.02–0.12, and an unknown skill is guessed at the item's chance (one in the number of choices, a
half on a rounding). What a stage *needs* is its core kinds' general skills and every trap of theirs
that applies there.

Printed per family (:func:`run`): **false mastery** (a stage confirmed Mastered while a skill it needs
is not known; target ≤ 5%), **forgotten-but-mastered days** (how many days a stage stays Mastered after
a skill it needs was lost: the median, and how many stayed so to the end), the delay from "every needed
skill known" to Mastered (target: median ≤ 90 puzzles), the stages known but **not mastered within
600 puzzles**, and the **most answers in a row to one puzzle** (≤ 8).
"""

from __future__ import annotations

import functools
import math
import os
import random
import statistics
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from benchmarks.learners import FakeClock
from puzzles import CORE_KINDS, KINDS, STAGES, AnswerShape, Puzzle, Stage, is_right, judge, kind, mastery_traps
from puzzles.traps import TRAPS, misconceived
from trainer.learning.attempt import Attempt
from trainer.learning.bkt import Knowledge, general_skill, observations
from trainer.learning.policy import DEFAULT_POLICY, Policy
from trainer.learning.practice import COACH, CONTRAST, EXAMPLE, Practice

PER_DAY = 30
PUZZLES = 600


def needed(stage: Stage) -> frozenset[str]:
    """The skills a child must really hold for ``stage`` to be mastered."""
    return frozenset({general_skill(k, stage) for k in CORE_KINDS}
                     | {t for k in CORE_KINDS for t in mastery_traps(k, stage)})


def every_skill() -> list[str]:
    return [*TRAPS, *(general_skill(k, s) for k in KINDS for s in STAGES)]


# ----- answers of every shape -----


def the_answer(p: Puzzle) -> Any:
    """The right answer, in the shape the page sends."""
    if kind(p.kind).answer_shape is AnswerShape.ENDS:
        return list(p.answer)
    if kind(p.kind).answer_shape is AnswerShape.PLAY:
        return p.answer[0]
    return p.answer


def _rounding(pips: int, value: int) -> dict[str, int]:
    return {"pips": pips, "rounded": value, "points": value // 5}


def any_answer(p: Puzzle, rng: random.Random) -> Any:
    """An answer picked at random among what the page offers: a guesser's."""
    shape = kind(p.kind).answer_shape
    if shape is AnswerShape.ROUNDING:
        pips = p.answer["pips"]
        down = pips - pips % 5
        return _rounding(pips, rng.choice((down, down + 5)) if pips % 5 else down)
    if shape is AnswerShape.ENDS:
        values = [c.value for c in p.choices]
        picked = [v for v in values if rng.random() < 0.5]
        return picked or [rng.choice(values)]
    if p.choices:
        return rng.choice([c.value for c in p.choices])
    return the_answer(p)


def a_wrong_answer(p: Puzzle, rng: random.Random) -> Any:
    """An answer the puzzle marks wrong (a slip): random picks until one is wrong."""
    for _ in range(30):
        r = any_answer(p, rng)
        v = judge(p, r)
        if v.is_answer and not v.correct:
            return r
    if kind(p.kind).answer_shape is AnswerShape.ROUNDING:
        pips, right = p.answer["pips"], p.answer["rounded"]
        return _rounding(pips, right + 5 if right <= pips else right - 5)
    return r


def item_chance(p: Puzzle) -> float:
    """Right by a blind pick: a half on a rounding, one in the choices otherwise (ends: one in 2^n - 1)."""
    shape = kind(p.kind).answer_shape
    if shape is AnswerShape.ROUNDING:
        return 0.5
    if shape is AnswerShape.ENDS:
        return 1 / max(1, 2 ** len(p.choices) - 1)
    if shape is AnswerShape.PLAY:
        return len(p.answer) / max(1, len(p.choices))
    return 1 / max(1, len(p.choices))


# ----- layouts -----


def lead_is_spinner(p: Puzzle) -> bool:
    """Whether the puzzle's layout was led with its spinner."""
    try:
        lay = p.board
    except (AttributeError, ValueError, TypeError):
        return False
    if lay is None or not lay.plays:
        return False
    return bool(lay.spinners) and lay.is_spinner(lay.plays[0].tile)


def rounded_number(p: Puzzle) -> int | None:
    """The number a rounding puzzle rounds (None: not a rounding)."""
    if isinstance(p.answer, dict):
        return int(p.answer["pips"])
    return p.number


def shape_of(p: Puzzle) -> tuple[object, ...]:
    """An item's shape, for its difficulty: kind, level, open ends, a spinner, a double at an end, a number's size."""
    try:
        lay = p.board
        ends = len(lay.open_ends) if lay is not None else 0
        spinner = bool(lay.spinners) if lay is not None else False
        double = any(e.kind == "double" for e in lay.open_ends) if lay is not None else False
    except (AttributeError, ValueError, TypeError):
        ends, spinner, double = 0, False, False
    n = rounded_number(p) if kind(p.kind).answer_shape is AnswerShape.ROUNDING else None
    return (p.kind, p.level, ends, spinner, double, None if n is None else n // 10)


# ----- a child -----


@dataclass
class Child:
    """A simulated child: which skills it holds, and how it answers."""

    rng: random.Random
    known: dict[str, bool]
    learn: dict[str, float] = field(default_factory=dict)
    slip: float = 0.05
    forget: float = 0.0
    """The chance each known skill is lost overnight."""
    facts_right: float = 1.0
    facts_quick: float = 1.0
    seconds: float = 6.0
    guesser: bool = False
    held: str | None = None
    """A misconception the child holds where :attr:`shows` says it shows (and nowhere else)."""
    shows: Callable[[Puzzle], bool] | None = None
    difficulty: Callable[[Puzzle], float] | None = None
    """The chance a known puzzle is right (IRT), in place of ``1 - slip``."""

    def needs(self, p: Puzzle) -> list[str]:
        return [general_skill(p.kind, p.stage), *(t for t in p.traps if t in self.known)]

    def holds(self, skill: str) -> bool:
        return self.known.get(skill, False) and skill != self.held

    def knows(self, skills: frozenset[str]) -> bool:
        return all(self.holds(s) for s in skills)

    def respond(self, p: Puzzle) -> Any:
        if self.guesser:
            return any_answer(p, self.rng)
        if self.held is not None and self.held in p.traps and self.shows is not None and self.shows(p):
            model = misconceived(p, self.held)
            if model is not None and not is_right(p, model) and self.rng.random() >= self.slip:
                return model
        unknown = [s for s in self.needs(p) if not self.holds(s) and s != self.held]
        if not unknown:
            right = self.difficulty(p) if self.difficulty is not None else 1.0 - self.slip
            return the_answer(p) if self.rng.random() < right else a_wrong_answer(p, self.rng)
        if self.rng.random() < item_chance(p):
            return the_answer(p)
        for t in unknown:
            if t in TRAPS:
                model = misconceived(p, t)
                if model is not None and not is_right(p, model):
                    return model
        return a_wrong_answer(p, self.rng)

    def practise(self, p: Puzzle, taught: bool = False) -> None:
        for s in self.needs(p):
            rate = self.learn.get(s, 0.0)
            if taught:
                rate = min(0.5, 2 * rate)
            if not self.known[s] and self.rng.random() < rate:
                self.known[s] = True

    def teach(self, trap: str | None) -> None:
        if trap in self.known and not self.known[trap] and self.rng.random() < min(0.5, 2 * self.learn.get(trap, 0)):
            self.known[trap] = True

    def overnight(self) -> None:
        if self.forget:
            for s, k in self.known.items():
                if k and self.rng.random() < self.forget:
                    self.known[s] = False


def _bkt_like(rng: random.Random, **extra: Any) -> Child:
    known, learn = {}, {}
    for s in every_skill():
        known[s] = rng.random() < rng.uniform(0.15, 0.45)
        learn[s] = rng.uniform(0.08, 0.25)
    return Child(rng, known, learn, slip=rng.uniform(0.02, 0.12), **extra)


def _knows_all(rng: random.Random, **extra: Any) -> Child:
    return Child(rng, dict.fromkeys(every_skill(), True), **extra)


def layout_misconception(rng: random.Random) -> Child:
    trap = rng.choice(("covered-spinner", "round-1", "round-2"))
    shows: Callable[[Puzzle], bool]
    if trap == "covered-spinner":
        shows = lead_is_spinner
    else:
        def shows(p: Puzzle) -> bool:
            n = rounded_number(p)
            return n is None or n > 10
    return _knows_all(rng, slip=rng.uniform(0.03, 0.08), held=trap, shows=shows)


def forgetting(rng: random.Random) -> Child:
    return _bkt_like(rng, forget=rng.uniform(0.02, 0.1))


def careless(rng: random.Random) -> Child:
    return _knows_all(rng, slip=rng.uniform(0.2, 0.3))


def guesser(rng: random.Random) -> Child:
    return Child(rng, dict.fromkeys(every_skill(), False), guesser=True)


_SHAPES: dict[tuple[object, ...], float] = {}


def _shape_difficulty(p: Puzzle) -> float:
    """One difficulty per item shape for the whole family (drawn the first time a shape is met, from the
    shape itself, so every child and every process agrees): logits 0–2.5."""
    key = shape_of(p)
    if key not in _SHAPES:
        _SHAPES[key] = random.Random(f"family/shape/{key}").uniform(0.0, 2.5)
    return _SHAPES[key]


def item_difficulty(rng: random.Random) -> Child:
    ability = rng.gauss(3.5, 0.6)

    def right(p: Puzzle) -> float:
        return 1 / (1 + math.exp(-(ability - _shape_difficulty(p))))
    return _bkt_like(rng, difficulty=right)


def slow_facts(rng: random.Random) -> Child:
    return _bkt_like(rng, facts_right=rng.uniform(0.7, 0.9), facts_quick=rng.uniform(0.6, 0.8),
                     seconds=rng.uniform(15, 25))


def facts_85_92(rng: random.Random) -> Child:
    return _bkt_like(rng, facts_right=rng.uniform(0.85, 0.92))


class InModel(Child):
    """:mod:`benchmarks.bkt_learners`' child (the model's own make) behind this module's interface."""

    def __init__(self, rng: random.Random) -> None:
        from benchmarks.bkt_learners import PROFILES as IN_MODEL
        from benchmarks.bkt_learners import Child as InModelChild
        super().__init__(rng, {})
        self.inner = InModelChild.draw(IN_MODEL["typical"], rng)
        self.known = {s: t.known for s, t in self.inner.skills.items()}

    def respond(self, p: Puzzle) -> Any:
        return self.inner.respond(p)

    def practise(self, p: Puzzle, taught: bool = False) -> None:
        self.inner.practise(p)
        self.known = {s: t.known for s, t in self.inner.skills.items()}

    def teach(self, trap: str | None) -> None:
        self.inner.taught(trap)
        self.known = {s: t.known for s, t in self.inner.skills.items()}


FAMILIES: dict[str, Callable[[random.Random], Child]] = {
    "misconception on some layouts": layout_misconception,
    "forgetting between days": forgetting,
    "careless (slip 0.2-0.3)": careless,
    "guessers": guesser,
    "item difficulty": item_difficulty,
    "facts 70-90%, slow": slow_facts,
    "facts 85-92%": facts_85_92,
    "in-model (bkt_learners)": InModel,
}


# ----- one child through the coach -----


@dataclass
class Run:
    confirmed: int = 0
    """Stages confirmed Mastered (again after a loss counts again)."""
    false: int = 0
    """...of them while a needed skill was not known."""
    known_at: dict[str, int] = field(default_factory=dict)
    mastered_at: dict[str, int] = field(default_factory=dict)
    forgotten_days: list[int] = field(default_factory=list)
    """Per stage that was Mastered when a needed skill was lost: the days it stayed Mastered after."""
    still_mastered: int = 0
    """...of those, how many were still Mastered at the end."""
    mastered_unknown_ends: int = 0
    mastered_ends: int = 0
    """Day ends with a stage Mastered; and of those, with a needed skill of it not known."""
    longest_same: int = 0
    wrong_while_known: dict[str, int] = field(default_factory=dict)
    """Per stage: wrong answers at it after every skill it needs was known and before it was first Mastered
    (slips, hard shapes: each a miss the confirmation asks again)."""
    answers: list[tuple[str, bool]] = field(default_factory=list)
    facts_answered: int = 0
    observations: list[tuple[str, int, int, float]] = field(default_factory=list)
    """Every answer as evidence for a skill, in order: (skill, right, resource, the app's p(right) before it),
    for the held-out prediction (:mod:`benchmarks.prediction`)."""
    attempts: list[Attempt] = field(default_factory=list)
    """The child's answers as the store keeps them, in order: what the app's refit path
    (:func:`trainer.classroom.refit.check`) fits and predicts, in :mod:`benchmarks.prediction`."""


def fact_step(pr: Practice, clock: FakeClock, child: Child, run: Run) -> None:
    kinds = pr.coach_step()
    if not kinds:
        return
    round_ = pr.start_sprint(kinds, coached=True)
    while not pr.sprint_over:
        fact = round_.current
        assert fact is not None
        bar = fact.kind.time_bar()
        right = child.rng.random() < child.facts_right
        quick = child.rng.random() < child.facts_quick
        clock.t += bar * (0.5 if quick else 1.6)
        run.facts_answered += 1
        pr.answer_fact(fact.answer if right else next(c for c in fact.choices if c != fact.answer))
    pr.end_sprint()


def simulate(family: str, seed: int, puzzles: int = PUZZLES, policy: Policy = DEFAULT_POLICY) -> Run:
    rng = random.Random(f"family/{family}/{seed}")
    child = FAMILIES[family](rng)
    clock = FakeClock()
    pr = Practice(seed_source=random.Random(f"family-coach/{family}/{seed}"), clock=clock, policy=policy)
    run = Run()
    same, last = 0, ""
    lost_on: dict[str, int] = {}  # a Mastered stage whose needed skill was lost: the day it was
    knew: set[str] = set()  # Mastered stages whose needed skills were all known when they were confirmed
    day = 0

    def answer(p: Puzzle, taught: bool = False) -> None:
        nonlocal same, last
        clock.t += child.seconds
        v = pr.answer(child.respond(p))
        same = same + 1 if p.code == last else 1
        last = p.code
        run.longest_same = max(run.longest_same, same)
        run.answers.append((p.code, v.correct))
        if not v.correct and p.stage in run.known_at and p.stage not in run.mastered_at:
            run.wrong_while_known[p.stage] = run.wrong_while_known.get(p.stage, 0) + 1
        child.practise(p, taught)

    for i in range(puzzles):
        if i and i % PER_DAY == 0:
            for stage in pr.progress.mastered:
                run.mastered_ends += 1
                run.mastered_unknown_ends += not child.knows(needed(stage))
            child.overnight()
            clock.next_day()
            day += 1
            for stage in pr.progress.mastered:
                if stage in knew and stage not in lost_on and not child.knows(needed(stage)):
                    lost_on[stage] = day  # known when it was mastered, lost since
        fact_step(pr, clock, child, run)
        before = set(pr.progress.mastered)
        p = pr.new_puzzle(COACH, STAGES[0], 1)
        answer(p, taught=pr.review == "drill")
        while pr.must_answer:
            answer(p)
        while pr.teaching is not None and pr.teaching.step in (CONTRAST, EXAMPLE):
            if pr.teaching.step == CONTRAST:
                child.teach(pr.teaching.trap)
            pr.teach_next()
        for stage in STAGES:
            if stage not in run.known_at and child.knows(needed(stage)):
                run.known_at[stage] = i
        now = set(pr.progress.mastered)
        for stage in now - before:
            run.confirmed += 1
            run.false += not child.knows(needed(stage))
            run.mastered_at.setdefault(stage, i)
            if child.knows(needed(stage)):
                knew.add(stage)
        for stage in list(lost_on):
            if stage not in now:
                run.forgotten_days.append(day - lost_on.pop(stage))
        knew &= now
    run.forgotten_days += [day - d for d in lost_on.values()]
    run.still_mastered = len(lost_on)
    run.attempts = list(pr.progress.attempts)
    run.observations = app_predictions(run.attempts)
    return run


def app_predictions(attempts: list[Attempt]) -> list[tuple[str, int, int, float]]:
    """Each answer's evidence, with the app's chance of a right answer before it (its shipped numbers)."""
    k = Knowledge()
    out = []
    for a in attempts:
        for o in observations(a):
            out.append((o.skill, int(o.correct), int(o.resource), k.params[o.skill].p_correct(k.p(o.skill))))
        k.add(a)
    return out


@functools.cache
def family_runs(family: str, children: int, puzzles: int = PUZZLES) -> list[Run]:
    """``children`` children of a family through the coach, one per core at a time (kept for the process:
    :mod:`benchmarks.prediction` reads the same children's answers)."""
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return list(pool.map(functools.partial(_one, family, puzzles), range(children), chunksize=2))


def _one(family: str, puzzles: int, seed: int) -> Run:
    return simulate(family, seed, puzzles)


def _median(xs: list[int]) -> str:
    return f"{statistics.median(xs):.0f}" if xs else "–"


def rows_for(family: str, runs: list[Run], puzzles: int) -> list[tuple[str, str, str]]:
    n = len(runs)
    confirmed = sum(r.confirmed for r in runs)
    false = sum(r.false for r in runs)
    share = false / confirmed if confirmed else 0.0
    name = f"families: {family}"
    rows = [(f"{name}: false mastery", f"{share:.1%}",
             ("met" if share <= 0.05 else "MISSED") + f": ≤ 5%; {false} of {confirmed} stages confirmed Mastered had a "
             f"needed skill not known ({n} children × {puzzles} puzzles)")]
    days = [d for r in runs for d in r.forgotten_days]
    kept = sum(r.still_mastered for r in runs)
    ends = sum(r.mastered_ends for r in runs)
    unknown_ends = sum(r.mastered_unknown_ends for r in runs)
    rows.append((f"{name}: forgotten but Mastered", f"median {_median(days)} days",
                 f"{len(days)} stages lost a needed skill while Mastered, {kept} still Mastered at the end "
                 f"(days until taken back); {unknown_ends} of {ends} day ends Mastered with a needed skill unknown"))
    stages = [(r.mastered_at[s] - r.known_at[s], r.wrong_while_known.get(s, 0)) for r in runs for s in r.mastered_at
              if s in r.known_at and r.mastered_at[s] >= r.known_at[s]]  # (known → Mastered, wrong meanwhile)
    lags = [lag for lag, _ in stages]
    med = statistics.median(lags) if lags else float("nan")
    why = ""
    if lags and med > 90:
        wrong = {slow: [w for lag, w in stages if (lag > 90) is slow] for slow in (True, False)}
        why = (f"; why: the {len(wrong[True])} stages slower than 90 had a median of {_median(wrong[True])} wrong "
               "answers at the stage after the child knew every skill it needs ("
               + (f"{_median(wrong[False])} in the others" if wrong[False] else "no stage was quicker")
               + ": slips, or layouts harder than the skill): the model reads each as not knowing, and the "
               "confirmation asks that skill again")
    rows.append((f"{name}: known → Mastered", f"median {_median(lags)}",
                 ("met" if lags and med <= 90 else "MISSED" if lags else "none")
                 + f": ≤ 90 puzzles ({len(lags)} stages)" + why))
    known = sum(len(r.known_at) for r in runs)
    missed = sum(1 for r in runs for s in r.known_at if s not in r.mastered_at)
    rows.append((f"{name}: known, not mastered in {puzzles}", f"{missed} of {known}",
                 "stages whose needed skills were all known at some point, never Mastered (report)"))
    same = max(r.longest_same for r in runs)
    rows.append((f"{name}: answers in a row to one puzzle", f"at most {same}",
                 ("met" if same <= 8 else "MISSED") + ": never more than 8"))
    return rows


def run(children: int = 12, puzzles: int = PUZZLES) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    for family in FAMILIES:
        rows += rows_for(family, family_runs(family, children, puzzles), puzzles)
    return rows



if __name__ == "__main__":
    for row in run():
        print(*row, sep="  ")
