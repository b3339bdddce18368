"""Hand-built answer histories for a child's evidence (tests/test_evidence.py, tests/test_browser_evidence.py): answers
recorded through the learner model's own fold, on a fixed week."""

from __future__ import annotations

import datetime as dt
import random

from puzzles import CORE_KINDS, generate_for, mastery_traps
from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.progress import STAGE_FACTS, Attempt, Progress
from trainer.learning.sprint import fluent_answers
from trainer.store.traps import with_traps

MONDAY = dt.datetime(2026, 1, 5, 9, tzinfo=dt.UTC).timestamp()  # Monday 5 January 2026, 9 am
DAY = 86400.0


def answer(p, kind="open-total", stage="muggins", level=3, correct=True, **kw):
    kw.setdefault("at", MONDAY)
    return p.record(with_traps(Attempt(kind, stage, level, correct, 5.0, **kw)))


def mastered() -> Progress:
    """Muggins: its facts fluent and every trap known on Monday, looked mastered on Monday, confirmed Tuesday."""
    p = Progress()
    for f in fluent_answers(STAGE_FACTS["muggins"], MONDAY - 60):
        p.record_fact(f)
    for kind in CORE_KINDS:
        for t in mastery_traps(kind, "muggins"):
            code = generate_for(kind, stage="muggins", level=1, trap=t, seed=0).code
            for _ in range(12):
                if p.knowledge.p(t) >= DEFAULT_POLICY.mastered_at:
                    break
                answer(p, kind, level=1, code=code)
    for _ in range(12):
        for kind in CORE_KINDS:
            answer(p, kind)
        if "muggins" in p.pending:
            break
    for i in range(40):
        kind, where, level = p.coach_pick(random.Random(i), MONDAY + DAY)
        trap = p.coach_trap(kind, where, MONDAY + DAY)
        code = generate_for(kind, stage=where, level=level, trap=trap, seed=i).code if trap else ""
        if answer(p, kind, where, level=level, code=code, at=MONDAY + DAY).mastered:
            break
    assert p.is_mastered("muggins")
    return p
