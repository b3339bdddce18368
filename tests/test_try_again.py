"""AppTest: a teaching puzzle answered wrong offers "Try again" with no key of its own (the key N and
its badge belong to "Next puzzle"; on Try again it read as "next")."""

from __future__ import annotations

import random

from apptest import new_app

from puzzles import generate_for
from puzzles.traps import misconceived
from trainer.learning.practice import COACH, Practice


def drill_answered_wrong() -> Practice:
    """A learner in a teaching plan (the same named mistake twice), its drill answered wrong."""
    pr = Practice(seed_source=random.Random(5))
    trap = "round-2"
    for _ in range(2):
        p = pr.show(generate_for("hand-rounding", stage="muggins", level=2, trap=trap,
                                 seed=len(pr.progress.attempts)))
        pr.answer(misconceived(p, trap))
    pr.teach_next()
    pr.teach_next()
    drill = pr.new_puzzle(COACH, "muggins", 1)
    pr.answer(misconceived(drill, trap))
    assert pr.must_answer
    return pr


def test_try_again_has_no_key_hint():
    at = new_app()
    pr = drill_answered_wrong()
    at.session_state["practice"] = pr
    at.run()
    assert not at.exception, at.exception
    again = at.button(key="again")
    assert again.label == "Try again"
    assert not again.proto.shortcut
