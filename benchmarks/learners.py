"""Simulated learners through the real Practice and coach, with a fake clock.

Each profile answers right with a fixed chance and takes a fixed time. We count how many
puzzles each stage takes to master, how often the coach changes level, and how often it
flips (a move one way, then back the other way within 6 puzzles).
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import Any

from puzzles import STAGES, AnswerShape, Puzzle, Stage, kind
from puzzles.judge import judge
from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.practice import COACH, Practice
from trainer.learning.progress import MASTERED

PROFILES = {
    "right 90%, quick": (0.90, 6.0),
    "right 60%, quick": (0.60, 6.0),
    "right 50%, quick": (0.50, 6.0),
    "right 95%, slow": (0.95, 90.0),
}
FIRST_DAY = 1767628800.0 + 16 * 3600
"""A Monday, 4 pm (UTC): simulated practice happens once a day, after school."""
DAY = 86400.0


class FakeClock:
    def __init__(self) -> None:
        self.t = FIRST_DAY

    def __call__(self) -> float:
        return self.t

    def next_day(self) -> None:
        """Tomorrow at the same time of day."""
        self.t = FIRST_DAY + ((self.t - FIRST_DAY) // DAY + 1) * DAY


def fact_seconds(puzzle_seconds: float) -> float:
    """How long a simulated learner takes over a number fact: a quick one 2.5 s, a slow one 8 s."""
    return 2.5 if puzzle_seconds < 30 else 8.0


def coach_steps(pr: Practice, clock: FakeClock, rng: random.Random, right: float, seconds: float) -> float:
    """Answer the number facts the coach steps to, if any (right with the chance ``right``, each in
    ``seconds``); returns the seconds spent. After the day's goal the simulated learner stops until tomorrow."""
    if pr.goal_done:
        clock.next_day()
    kinds = pr.coach_step()
    if not kinds:
        return 0.0
    round_ = pr.start_sprint(kinds, coached=True)
    spent = 0.0
    while not pr.sprint_over:
        fact = round_.current
        clock.t += seconds
        spent += seconds
        good = rng.random() < right
        pr.answer_fact(fact.answer if good else next(c for c in fact.choices if c != fact.answer))
    pr.end_sprint()
    return spent


def wrong_response(p: Puzzle, rng: random.Random) -> Any:
    """A wrong answer of the shape the page sends (one the puzzle really marks wrong)."""
    for _ in range(8):
        response = _wrong_guess(p, rng)
        verdict = judge(p, response)
        if verdict.is_answer and not verdict.correct:
            return response
    return response


def _wrong_guess(p: Puzzle, rng: random.Random) -> Any:
    shape = kind(p.kind).answer_shape
    if shape is AnswerShape.ROUNDING:
        wrong = [c.value for c in p.choices if c.value != p.answer["rounded"]] or [p.answer["rounded"] + 5]
        rounded = rng.choice(wrong)
        return {"pips": p.answer["pips"], "rounded": rounded, "points": rounded // 5}
    if shape is AnswerShape.ENDS:
        right = list(p.answer)
        others = [c.value for c in p.choices if c.value not in right]
        if others and (rng.random() < 0.5 or len(right) == 1):
            return right + [rng.choice(others)]
        return right[:-1] or others[:1]
    if shape is AnswerShape.PLAY:
        return rng.choice([c.value for c in p.choices if c.value not in p.answer])
    return rng.choice([c.value for c in p.choices if c.value != p.answer])


@dataclass
class Run:
    """One simulated learner."""

    mastered_after: dict[str, int] = field(default_factory=dict)
    """Puzzles answered at the coach's stage from when the coach reached it until it was mastered (not
    counting the ones while it waited for a later day to confirm it)."""
    level_changes: int = 0
    flips: int = 0
    final_steps: dict[str, int] = field(default_factory=dict)


def simulate(right: float, seconds: float, *, puzzles: int = 400, seed: int = 0, until: Stage | None = None) -> Run:
    """A learner who is right ``right`` of the time and takes ``seconds`` a puzzle, through the real coach for
    ``puzzles`` puzzles (or until it has mastered the stage ``until``, when one is given)."""
    rng = random.Random(f"learner/{seed}")
    clock = FakeClock()
    pr = Practice(seed_source=random.Random(seed), clock=clock)
    run = Run()
    started = {STAGES[0]: 0}
    at_stage = {s: 0 for s in STAGES}
    last_change: tuple[int, int] | None = None
    for i in range(puzzles):
        coach_steps(pr, clock, rng, right, fact_seconds(seconds))
        p = pr.new_puzzle(COACH, STAGES[0], 1)
        stage = pr.progress.coach_stage
        waiting = stage in pr.progress.pending
        clock.t += seconds
        for _ in range(5):
            response = p.answer if rng.random() < right else wrong_response(p, rng)
            v = pr.answer(response)
            if v.is_answer:
                break
        while pr.must_answer:  # teaching: the child answers until right, copying the working
            pr.answer(p.answer)
        out = pr.outcome
        if p.stage == stage and not waiting:
            at_stage[stage] += 1  # (a stage waiting for tomorrow's confirmation is not being learnt)
        if out is not None and out.level_change:
            run.level_changes += 1
            if last_change is not None and last_change[1] != out.level_change \
                    and i - last_change[0] < DEFAULT_POLICY.no_flip_within:
                run.flips += 1
            last_change = (i, out.level_change)
        if out is not None and out.mastered and out.mastered not in run.mastered_after:
            run.mastered_after[out.mastered] = at_stage[out.mastered]
        if pr.progress.coach_stage not in started:
            started[pr.progress.coach_stage] = i
            last_change = None
        if len(pr.progress.mastered) == len(STAGES) and len(run.mastered_after) == len(STAGES):
            break
        if until is not None and until in run.mastered_after:
            break
    run.final_steps = {f"{k}/{s}": pr.progress.step(k, s) for (k, s) in pr.progress.skills}
    return run


def pct(values: list[int], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def summary(name: str, runs: list[Run], puzzles: int) -> list[tuple[str, str, str]]:
    rows = []
    n = len(runs)
    for stage in STAGES:
        done = [r.mastered_after[stage] for r in runs if stage in r.mastered_after]
        share = len(done) / n
        if done:
            figure = f"median {statistics.median(done):.0f}, p90 {pct(done, 0.9):.0f}"
        else:
            figure = "never"
        rows.append((f"learners: {name}: {stage}", f"{share:.0%} mastered", f"{figure} puzzles (of {puzzles})"))
    changes = statistics.median(r.level_changes for r in runs)
    flips = statistics.median(r.flips for r in runs)
    rows.append((f"learners: {name}: level changes / flips", f"{changes:.0f} / {flips:.0f}",
                 f"median per learner; flips within {DEFAULT_POLICY.no_flip_within} puzzles (target 0)"))
    return rows


def verdict(name: str, runs: list[Run]) -> str:
    """Whether a profile meets its target, in words."""
    n = len(runs)
    if name.startswith("right 90%"):
        meds = [statistics.median([r.mastered_after[s] for r in runs if s in r.mastered_after] or [999])
                for s in STAGES]
        ok = all(15 <= m <= 45 for m in meds)
        return ("met" if ok else "MISSED") + f": each stage's median in 15–45 ({', '.join(f'{m:.0f}' for m in meds)})"
    if name.startswith("right 60%"):
        worst = max(sum(s in r.mastered_after for r in runs) / n for s in STAGES)
        return ("met" if worst <= 0.05 else "MISSED") + f": any stage mastered in ≤ 5% of runs ({worst:.1%})"
    if name.startswith("right 50%"):
        any_ = sum(bool(r.mastered_after) for r in runs)
        return ("met" if any_ == 0 else "MISSED") + f": never mastered ({any_} of {n} runs did)"
    proficient = sum(any(v == MASTERED - 1 for v in r.final_steps.values()) for r in runs)
    mastered = sum(bool(r.mastered_after) for r in runs)
    ok = mastered == 0 and proficient == n
    return ("met" if ok else "MISSED") + f": Proficient in {proficient} of {n}, a stage mastered in {mastered}"


def run(learners: int = 300, puzzles: int = 400) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    for name, (right, seconds) in PROFILES.items():
        runs = [simulate(right, seconds, puzzles=puzzles, seed=i) for i in range(learners)]
        rows.extend(summary(name, runs, puzzles))
        rows.append((f"learners: {name}: target", "", verdict(name, runs)))
    return rows
