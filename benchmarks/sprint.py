"""Simulated learners over simulated days (a fake clock), through the real Practice, coach and Sprint.

Each learner practises once a day until the day's goal (:attr:`trainer.learning.policy.Policy.daily_goal` puzzles),
answering the number facts the coach steps to and the puzzles, right with a fixed chance and in a
fixed time. Printed: days to mastery of each stage, Sprint facts per day, and the share of coached
time spent on number facts — before Muggins is mastered (target 15–35%) and after (target ≥ 5%).
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field

from benchmarks.learners import FakeClock, fact_seconds, wrong_response
from puzzles import STAGES
from trainer.learning.practice import COACH, CONTRAST, EXAMPLE, Practice
from trainer.learning.sprint import day_of

PROFILES = {
    "right 90%, quick": (0.90, 6.0),
    "right 97%, steady": (0.97, 10.0),
}
DAYS = 21


@dataclass
class DayRun:
    """One simulated learner over :data:`DAYS` days."""

    mastered_day: dict[str, int] = field(default_factory=dict)
    facts_per_day: list[int] = field(default_factory=list)
    fact_time: list[float] = field(default_factory=lambda: [0.0, 0.0])
    """Seconds on number facts: before Muggins was mastered, after."""
    puzzle_time: list[float] = field(default_factory=lambda: [0.0, 0.0])


def simulate_days(right: float, seconds: float, *, days: int = DAYS, seed: int = 0) -> DayRun:
    rng = random.Random(f"days/{seed}")
    clock = FakeClock()
    pr = Practice(seed_source=random.Random(seed), clock=clock)
    run = DayRun()
    fact_s = fact_seconds(seconds)
    for day in range(days):
        if day:
            clock.next_day()
        facts_today = 0
        while not pr.goal_done:
            phase = 1 if pr.progress.is_mastered("muggins") else 0
            kinds = pr.coach_step()
            if kinds:
                round_ = pr.start_sprint(kinds, coached=True)
                while not pr.sprint_over:
                    fact = round_.current
                    clock.t += fact_s
                    run.fact_time[phase] += fact_s
                    facts_today += 1
                    good = rng.random() < right
                    pr.answer_fact(fact.answer if good else next(c for c in fact.choices if c != fact.answer))
                pr.end_sprint()
                _note(run, pr, day)
            p = pr.new_puzzle(COACH, STAGES[0], 1)
            clock.t += seconds
            run.puzzle_time[phase] += seconds
            pr.answer(p.answer if rng.random() < right else wrong_response(p, rng))
            while pr.must_answer:
                pr.answer(p.answer)
            while pr.teaching is not None and pr.teaching.step in (CONTRAST, EXAMPLE):
                pr.teach_next()
            _note(run, pr, day)
        run.facts_per_day.append(facts_today)
    assert all(day_of(a.at) >= day_of(pr.progress.attempts[0].at) for a in pr.progress.attempts if a.at)
    return run


def _note(run: DayRun, pr: Practice, day: int) -> None:
    for stage in pr.progress.mastered:
        run.mastered_day.setdefault(stage, day + 1)


def share(fact: float, puzzle: float) -> float:
    return fact / (fact + puzzle) if fact + puzzle else 0.0


def run(learners: int = 12, days: int = DAYS) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    for name, (right, seconds) in PROFILES.items():
        runs = [simulate_days(right, seconds, days=days, seed=i) for i in range(learners)]
        for stage in STAGES:
            done = [r.mastered_day[stage] for r in runs if stage in r.mastered_day]
            figure = f"median day {statistics.median(done):.0f}" if done else "never"
            rows.append((f"days: {name}: {stage} mastered", f"{len(done) / learners:.0%}",
                         f"{figure} (of {days}); confirmed only on a later day than it first looked mastered"))
        per_day = [n for r in runs for n in r.facts_per_day]
        rows.append((f"days: {name}: Sprint facts per day", f"{statistics.median(per_day):.0f}",
                     f"median; mean {statistics.mean(per_day):.1f}, most {max(per_day)} (coach steps on Practice)"))
        before = statistics.median(share(r.fact_time[0], r.puzzle_time[0]) for r in runs)
        after_runs = [r for r in runs if r.puzzle_time[1]]
        after = statistics.median(share(r.fact_time[1], r.puzzle_time[1]) for r in after_runs) if after_runs else 0.0
        rows.append((f"days: {name}: number facts before Muggins", f"{before:.0%}",
                     ("met" if 0.15 <= before <= 0.35 else "MISSED") + ": share of coached time, target 15–35%"))
        rows.append((f"days: {name}: number facts after Muggins", f"{after:.0%}",
                     ("met" if after >= 0.05 else "MISSED") + ": share of coached time, target ≥ 5%"))
    return rows


if __name__ == "__main__":
    for row in run():
        print(*row, sep="  ")
