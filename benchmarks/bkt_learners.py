"""Simulated children whose knowledge follows Bayesian Knowledge Tracing, through the real Practice and coach.

Each child has, for every trap and every kind's general skill at each stage, a hidden "known" flag and four
numbers drawn from a profile's ranges (the literature's: Corbett & Anderson 1995; Baker, Corbett & Aleven
2008). A puzzle needs its kind's general skill and every trap it exposes. When all are known the child is
right unless they slip; otherwise right only by a guess, and wrong with the answer the unknown trap's model
gives (the misconception) or some other wrong answer. Every answer is a chance to learn each skill it needed;
a contrast pair on a trap is a teaching episode with its own (higher) rate. The coach's number-fact steps
are answered right and quick. 30 puzzles a day on a fake day clock.

Used by ``python -m benchmarks mastery`` and by the cohort the shipped BKT numbers are fitted on.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from benchmarks.learners import FakeClock, wrong_response
from puzzles import CORE_KINDS, KINDS, STAGES, Puzzle, Stage, mastery_traps
from puzzles.judge import is_right
from puzzles.traps import TRAPS, misconceived
from trainer.learning.bkt import general_skill
from trainer.learning.practice import COACH, CONTRAST, EXAMPLE, Practice

PUZZLES_A_DAY = 30
SECONDS = 6.0
"""A quick child: every answer inside its kind's time bar."""
FACT_SECONDS = 2.5


@dataclass(frozen=True)
class Profile:
    """The ranges a child's numbers are drawn from (uniformly), per skill."""

    prior: tuple[float, float]
    learn: tuple[float, float]
    guess: tuple[float, float] = (0.1, 0.3)
    slip: tuple[float, float] = (0.05, 0.15)


PROFILES = {
    "typical": Profile(prior=(0.1, 0.5), learn=(0.05, 0.3)),
    "slow": Profile(prior=(0.0, 0.2), learn=(0.02, 0.1)),
}
"""The literature's ranges, and a slow learner's."""


@dataclass
class Truth:
    """One skill of a simulated child."""

    known: bool
    learn: float
    taught: float
    guess: float
    slip: float


def all_skills() -> list[str]:
    return [*TRAPS, *(general_skill(k, s) for k in KINDS for s in STAGES)]


def stage_skills(stage: Stage) -> set[str]:
    """What a child must really know for a stage to be mastered: its core kinds' general skills and traps."""
    return {general_skill(k, stage) for k in CORE_KINDS} | {t for k in CORE_KINDS for t in mastery_traps(k, stage)}


@dataclass
class Child:
    """A simulated child: the truth of each skill, and a random source of its own."""

    skills: dict[str, Truth]
    rng: random.Random

    @classmethod
    def draw(cls, profile: Profile, rng: random.Random) -> Child:
        skills = {}
        for name in all_skills():
            prior = rng.uniform(*profile.prior)
            learn = rng.uniform(*profile.learn)
            skills[name] = Truth(rng.random() < prior, learn, min(0.6, 2 * learn), rng.uniform(*profile.guess),
                                 rng.uniform(*profile.slip))
        return cls(skills, rng)

    def needs(self, p: Puzzle) -> list[str]:
        return [general_skill(p.kind, p.stage), *(t for t in p.traps if t in self.skills)]

    def respond(self, p: Puzzle) -> Any:
        """The child's answer: right if everything needed is known (unless a slip), else a guess or the
        unknown trap's model answer."""
        needs = self.needs(p)
        unknown = [n for n in needs if not self.skills[n].known]
        if not unknown:
            worst = max(self.skills[n].slip for n in needs)
            return wrong_response(p, self.rng) if self.rng.random() < worst else right_response(p)
        guess = min(self.skills[n].guess for n in unknown)
        if self.rng.random() < guess:
            return right_response(p)
        for t in unknown:
            if t in TRAPS:
                model = misconceived(p, t)
                if model is not None and not is_right(p, model):
                    return model
        return wrong_response(p, self.rng)

    def practise(self, p: Puzzle) -> None:
        """An answer is a chance to learn every skill it needed."""
        for n in self.needs(p):
            s = self.skills[n]
            if not s.known and self.rng.random() < s.learn:
                s.known = True

    def taught(self, trap: str | None) -> None:
        """A contrast pair on a trap: a teaching episode."""
        s = self.skills.get(trap or "")
        if s is not None and not s.known and self.rng.random() < s.taught:
            s.known = True

    def knows(self, skills: set[str]) -> bool:
        return all(self.skills[s].known for s in skills)


def right_response(p: Puzzle) -> Any:
    return list(p.answer) if isinstance(p.answer, tuple) and p.kind == "counted-ends" else (
        p.answer[0] if isinstance(p.answer, tuple) else p.answer)


def fact_step(pr: Practice, clock: FakeClock, rng: random.Random | None = None, right: float = 1.0) -> None:
    """The coach's number-fact step, if any, answered quick (right with the chance ``right``)."""
    kinds = pr.coach_step()
    if not kinds:
        return
    round_ = pr.start_sprint(kinds, coached=True)
    while not pr.sprint_over:
        fact = round_.current
        assert fact is not None
        clock.t += FACT_SECONDS
        good = rng is None or rng.random() < right
        pr.answer_fact(fact.answer if good else next(c for c in fact.choices if c != fact.answer))
    pr.end_sprint()


@dataclass
class MasteryRun:
    """One simulated child through the coach."""

    mastered: dict[str, int] = field(default_factory=dict)
    """Puzzle number at which each stage was declared mastered."""
    false: list[str] = field(default_factory=list)
    """Stages declared mastered while one of their skills was still unknown."""
    false_trap: list[str] = field(default_factory=list)
    """...while a trap that applies there was still unknown."""
    known_at: dict[str, int] = field(default_factory=dict)
    """Puzzle number at which everything a stage needs was first known."""
    longest_same: int = 0
    """The most answers in a row to one puzzle."""
    answers: list[bool] = field(default_factory=list)
    """Right or wrong, every answer (first answers and answers again)."""


def simulate(profile: Profile, *, puzzles: int = 600, seed: int = 0) -> MasteryRun:
    rng = random.Random(f"bkt-child/{seed}")
    child = Child.draw(profile, rng)
    clock = FakeClock()
    pr = Practice(seed_source=random.Random(seed), clock=clock)
    run = MasteryRun()
    same, last_code = 0, ""

    def answer(p: Puzzle) -> None:
        nonlocal same, last_code
        clock.t += SECONDS
        v = pr.answer(child.respond(p))
        same = same + 1 if p.code == last_code else 1
        last_code = p.code
        run.longest_same = max(run.longest_same, same)
        run.answers.append(v.correct)
        child.practise(p)

    for i in range(puzzles):
        if i and i % PUZZLES_A_DAY == 0:
            clock.next_day()
        fact_step(pr, clock)
        p = pr.new_puzzle(COACH, STAGES[0], 1)
        answer(p)
        while pr.must_answer:
            answer(p)
        while pr.teaching is not None and pr.teaching.step in (CONTRAST, EXAMPLE):
            if pr.teaching.step == CONTRAST:
                child.taught(pr.teaching.trap)
            pr.teach_next()
        for stage in STAGES:
            if stage not in run.known_at and child.knows(stage_skills(stage)):
                run.known_at[stage] = i
        out = pr.outcome
        if out is not None and out.mastered and out.mastered not in run.mastered:
            stage = out.mastered
            run.mastered[stage] = i
            if not child.knows(stage_skills(stage)):
                run.false.append(stage)
            if not child.knows({t for t in stage_skills(stage) if t in TRAPS}):
                run.false_trap.append(stage)
        if len(run.mastered) == len(STAGES):
            break
    return run
