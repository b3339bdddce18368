"""What the trainer says a child knows, checked against children whose knowledge follows BKT.

Simulated children (:mod:`benchmarks.bkt_learners`: every trap and every kind's general skill a BKT skill
with numbers from the literature's ranges, or a slow learner's) go through the real Practice and coach,
30 puzzles a day. Targets:

- **false mastery** ≤ 5% in each profile: a stage declared mastered while a skill it needs (a trap that
  applies there, a core kind's general skill) is still unknown (pyBKT's own detector, at p ≥ 0.95,
  manages 4–10% on such children);
- **puzzles from "every skill known" to Mastered**: median ≤ 90 for each stage;
- **never locked in**: no more than 8 answers in a row to one puzzle.
"""

from __future__ import annotations

import functools
import os
import statistics
from concurrent.futures import ProcessPoolExecutor

from benchmarks.bkt_learners import PROFILES, MasteryRun, Profile, simulate
from puzzles import STAGES, Stage


def _lag(runs: list[MasteryRun], stage: Stage) -> list[int]:
    return [r.mastered[stage] - r.known_at[stage] for r in runs
            if stage in r.mastered and stage in r.known_at and r.mastered[stage] >= r.known_at[stage]]


def _one(profile: Profile, puzzles: int, seed: int) -> MasteryRun:
    return simulate(profile, puzzles=puzzles, seed=seed)


def run(learners: int = 100, puzzles: int = 600) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    for name, profile in PROFILES.items():
        with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:  # one child per core at a time
            runs = list(pool.map(functools.partial(_one, profile, puzzles), range(learners), chunksize=4))
        declared = sum(len(r.mastered) for r in runs)
        false = sum(len(r.false) for r in runs)
        false_trap = sum(len(r.false_trap) for r in runs)
        share = false / declared if declared else 0.0
        rows.append((f"mastery: {name}: false mastery", f"{share:.1%}",
                     ("met" if share <= 0.05 else "MISSED") + f": ≤ 5% of {declared} stages declared mastered had a "
                     f"skill still unknown ({false_trap} of them a trap); pyBKT's detector manages 4–10%"))
        for stage in STAGES:
            lag = _lag(runs, stage)
            done = sum(stage in r.mastered for r in runs)
            med = statistics.median(lag) if lag else float("nan")
            rows.append((f"mastery: {name}: {stage}: known → Mastered", f"median {med:.0f}",
                         ("met" if lag and med <= 90 else "MISSED") + f": ≤ 90 puzzles (mastered in {done} of "
                         f"{learners} runs of {puzzles} puzzles)"))
        same = max(r.longest_same for r in runs)
        rows.append((f"mastery: {name}: answers in a row to one puzzle", f"at most {same}",
                     ("met" if same <= 8 else "MISSED") + ": never more than 8"))
    return rows
