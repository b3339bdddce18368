"""Hand-built answer histories for a child's evidence (tests/test_evidence.py, tests/test_browser_evidence.py): answers
recorded through the learner model's own fold, on a fixed week."""

from __future__ import annotations

import datetime as dt

import histories

from puzzles import Stage
from trainer.learning.progress import Progress

MONDAY = dt.datetime(2026, 1, 5, 9, tzinfo=dt.UTC).timestamp()  # Monday 5 January 2026, 9 am
DAY = 86400.0


def answer(p, kind="open-total", stage="muggins", level=3, correct=True, **kw):
    kw.setdefault("at", MONDAY)
    return histories.answer(p, kind, stage, level, correct, **kw)


def mastered() -> Progress:
    """Muggins: its facts fluent and every trap known on Monday, looked mastered on Monday, confirmed Tuesday."""
    p = Progress()
    histories.master_stage(p, Stage.MUGGINS, at=MONDAY)
    assert p.is_mastered("muggins")
    return p
