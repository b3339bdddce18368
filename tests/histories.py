"""Hand-built answer histories for the learner model's tests: a child who answers right, knows every trap of a
stage, has it looked mastered on one day and confirmed on the next."""

from __future__ import annotations

import functools
import random

from puzzles import CORE_KINDS, Stage, generate_for, mastery_traps
from trainer.learning.outcomes import Outcome
from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.progress import STAGE_FACTS, Attempt, Progress
from trainer.learning.sprint import fluent_answers
from trainer.store.traps import with_traps

MONDAY = 1767628800.0 + 16 * 3600  # 4 pm
DAY = 86400.0


def answer(p: Progress, kind: str = "open-total", stage: Stage = Stage.MUGGINS, level: int = 3,
           correct: bool = True, seconds: float = 5.0, **kw: object) -> Outcome:
    """One answer (on Monday unless ``at`` says otherwise), with the traps its code exposes."""
    kw.setdefault("at", MONDAY)
    return p.record(with_traps(Attempt(kind, stage, level, correct, seconds, **kw)))  # type: ignore[arg-type]


@functools.cache
def trap_codes(kind: str, stage: Stage) -> tuple[str, ...]:
    """One puzzle code per trap the kind must show at the stage."""
    return tuple(generate_for(kind, stage=stage, level=1, trap=t, seed=0).code for t in mastery_traps(kind, stage))


def prime(p: Progress, kinds: tuple[str, ...] = CORE_KINDS, stage: Stage = Stage.MUGGINS, times: int = 12,
          at: float = MONDAY) -> None:
    """Know every trap of ``kinds`` at ``stage``: each trap's puzzle answered right until it is known (at most
    ``times`` times), at level 1 (and the stage's number facts fluent), at ``at``."""
    for f in fluent_answers(STAGE_FACTS[stage], at - 60):
        p.record_fact(f)
    for kind in kinds:
        for t, code in zip(mastery_traps(kind, stage), trap_codes(kind, stage), strict=True):
            for _ in range(times):
                if p.knowledge.p(t) >= DEFAULT_POLICY.mastered_at:
                    break
                answer(p, kind, stage, level=1, code=code, at=at)


def confirm(p: Progress, stage: Stage = Stage.MUGGINS, at: float = MONDAY + DAY) -> Outcome | None:
    """At ``at`` (a later day), answer right what the coach asks until ``stage`` is confirmed (at most 40);
    the last outcome."""
    out = None
    for i in range(40):
        kind, where, level = p.coach_pick(random.Random(i), at)
        trap = p.coach_trap(kind, where, at)
        code = generate_for(kind, stage=where, level=level, trap=trap, seed=i).code if trap else ""
        out = answer(p, kind, where, level=level, code=code, at=at)
        if out.mastered:
            return out
    return out


def master_stage(p: Progress, stage: Stage = Stage.MUGGINS, at: float = MONDAY) -> Outcome | None:
    """Every trap known, then each core kind right and quick at the top level until the stage looks mastered
    (at ``at``), then confirmed a day later; the last outcome."""
    prime(p, stage=stage, at=at)
    for _ in range(12):
        for kind in CORE_KINDS:
            answer(p, kind, stage, at=at)
        if stage in p.pending:
            break
    return confirm(p, stage, at + DAY)


class Clock:
    """A practice's clock that moves on 4 seconds each time it is read, from ``now`` (Monday, 4 pm)."""

    def __init__(self, now: float = MONDAY) -> None:
        self.now = now

    def __call__(self) -> float:
        self.now += 4.0
        return self.now
