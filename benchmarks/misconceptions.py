"""Learners who hold one misconception, through the real Practice and coach, with a fake clock.

Each learner is right and quick on everything except one named misconception (a trap): on every
puzzle that exposes it they give the answer the trap's model gives. Targets:

- a learner who keeps the misconception masters a stage where it applies in at most 5% of runs;
- a learner who drops it once its reason has been shown 3 times (in feedback or a contrast pair)
  masters all three stages in at least 90% of runs;
- while the misconception is kept, no more than 4 wrong answers in a row without new teaching.

A learner 70% right on rounding and perfect elsewhere is run too (it should rarely master).
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field

from benchmarks.learners import FakeClock, coach_steps, wrong_response
from puzzles import STAGES, Puzzle, Verdict
from puzzles.traps import ROUNDING, TRAP_STAGES, misconceived
from trainer.learning.practice import COACH, CONTRAST, EXAMPLE, Practice
from trainer.learning.states import ReviewMode

MISCONCEPTIONS = ("spinner-once", "covered-spinner", "double-once", "counted-covered", "round-1", "round-2",
                  "round-3", "round-4", "missed-combination", "missed-lowering")
"""The traps the benchmark gives its learners (each of them, one per learner)."""
SHOWN_TO_DROP = 3
SEC = 6.0


@dataclass
class MisRun:
    """One learner with a misconception."""

    mastered: list[str] = field(default_factory=list)
    mastered_at: list[int] = field(default_factory=list)
    """The puzzle (counted from 0) each stage of :attr:`mastered` was mastered on."""
    shown: int = 0
    """How often the misconception's reason was shown (feedback naming it, or a contrast pair)."""
    dropped_at: int | None = None
    kinds: list[ReviewMode] = field(default_factory=list)
    """Per recorded answer: why it came up (new, a retry, a similar puzzle, a drill …)."""
    wrong: list[bool] = field(default_factory=list)
    longest_untaught: int = 0
    """The longest run of wrong answers with no teaching between them."""
    taught: int = 0
    named: dict[str, list[bool]] = field(default_factory=dict)
    """Per kind: for each wrong answer the kept misconception explains, whether the feedback named it."""
    longest_same: int = 0
    """The most answers in a row to one puzzle (answers again inside teaching too)."""


def respond(p: Puzzle, trap: str | None, rng: random.Random, rounding_right: float | None) -> object:
    if trap is not None and trap in p.traps:
        got = misconceived(p, trap)
        if got is not None:
            return got
    if rounding_right is not None and any(t in ROUNDING for t in p.traps) and rng.random() > rounding_right:
        return wrong_response(p, rng)
    return list(p.answer) if isinstance(p.answer, tuple) and p.kind == "counted-ends" else (
        p.answer[0] if isinstance(p.answer, tuple) else p.answer)


def simulate_misconception(trap: str | None, *, drop: bool = False, rounding_right: float | None = None,
                           puzzles: int = 400, seed: int = 0) -> MisRun:
    rng = random.Random(f"mis/{trap}/{seed}")
    clock = FakeClock()
    pr = Practice(seed_source=random.Random(seed), clock=clock)
    run = MisRun()
    holding = trap
    untaught = 0
    for i in range(puzzles):
        coach_steps(pr, clock, rng, 1.0, 2.5)
        p = pr.new_puzzle(COACH, STAGES[0], 1)
        clock.t += SEC
        taught_before = pr.taught
        v: Verdict = pr.answer(respond(p, holding, rng, rounding_right))
        run.kinds.append(pr.review)
        run.wrong.append(not v.correct)
        if holding is not None and holding in v.traps:
            run.shown += 1
            run.named.setdefault(p.kind, []).append(v.mistake == holding)
        if pr.taught > taught_before or v.correct:
            untaught = 0
        else:
            untaught += 1
        run.longest_untaught = max(run.longest_untaught, untaught)
        same = 1
        while pr.must_answer:  # the child answers again (a child who keeps it, as it thinks)
            pr.answer(respond(p, holding, rng, rounding_right))
            same += 1
        run.longest_same = max(run.longest_same, same)
        while pr.teaching is not None and pr.teaching.step in (CONTRAST, EXAMPLE):
            if pr.teaching.step == CONTRAST and pr.teaching.trap == holding:
                run.shown += 1
            pr.teach_next()
        if drop and holding is not None and run.shown >= SHOWN_TO_DROP:
            holding, run.dropped_at = None, i
        out = pr.outcome
        if out is not None and out.mastered and out.mastered not in run.mastered:
            run.mastered.append(out.mastered)
            run.mastered_at.append(i)
        if len(pr.progress.mastered) == len(STAGES):
            break
    run.taught = pr.taught
    return run


def _longest(flags: list[bool]) -> int:
    best = cur = 0
    for f in flags:
        cur = cur + 1 if f else 0
        best = max(best, cur)
    return best


def run(learners: int = 40, puzzles: int = 400) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    for trap in MISCONCEPTIONS:
        keep = [simulate_misconception(trap, puzzles=puzzles, seed=i) for i in range(learners)]
        stages = TRAP_STAGES[trap]
        share = max(sum(s in r.mastered for r in keep) / learners for s in stages)
        last = [r for r in keep if len(r.kinds) >= 100]
        loop = statistics.median(sum(k.is_follow_up for k in r.kinds[-100:]) / 100
                                 for r in last) if last else 0.0
        wrong = statistics.median(sum(r.wrong[-100:]) / 100 for r in last) if last else 0.0
        untaught = max(r.longest_untaught for r in keep)
        rows.append((f"misconception: keeps {trap}", f"{share:.0%} master",
                     ("met" if share <= 0.05 else "MISSED") + f": a stage where it applies mastered in ≤ 5% of "
                     f"runs ({', '.join(stages)}); last 100 puzzles: {loop:.0%} retries/drills; "
                     f"longest wrong run without teaching {untaught} (target ≤ 4)"))
        same = max(r.longest_same for r in keep)
        rows.append((f"misconception: keeps {trap}: never stuck", f"{1 - wrong:.0%} right",
                     ("met" if wrong <= 0.5 and same <= 8 else "MISSED") + f": right in ≥ half of the last 100 "
                     f"answers (median); at most {same} answers in a row to one puzzle (target ≤ 8)"))
        for k in sorted({k for r in keep for k in r.named}):
            named = [ok for r in keep for ok in r.named.get(k, [])]
            own = sum(named) / len(named)
            rows.append((f"misconception: keeps {trap}: {k} names it", f"{own:.0%}",
                         ("met" if own >= 0.9 else "MISSED") + f": the child's own trap named in ≥ 90% of the "
                         f"{len(named)} wrong answers it explains"))
        drop = [simulate_misconception(trap, drop=True, puzzles=puzzles, seed=i) for i in range(learners)]
        done = sum(len(r.mastered) == len(STAGES) for r in drop) / learners
        rows.append((f"misconception: drops {trap} after {SHOWN_TO_DROP} reasons", f"{done:.0%} master all",
                     ("met" if done >= 0.9 else "MISSED") + ": all three stages mastered in ≥ 90% of runs"))
    shaky = [simulate_misconception(None, rounding_right=0.7, puzzles=puzzles, seed=i) for i in range(learners)]
    all3 = sum(len(r.mastered) == len(STAGES) for r in shaky) / learners
    rows.append(("misconception: right 70% on rounding, perfect elsewhere", f"{all3:.0%} master all",
                 "every stage needs rounding; the issue's figure was 88–100%"))
    return rows
