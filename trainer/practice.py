"""One learner's practice session: which puzzle is up, the clock, and answering it. Pure Python."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzles import CodeError, Puzzle, Verdict, from_code, generate
from trainer.progress import Attempt, Outcome, Progress

COACH = "coach"
"""The kind choice that lets the coach decide."""


@dataclass
class Practice:
    """The puzzle on screen for one learner, and what happened to it."""

    progress: Progress = field(default_factory=Progress)
    puzzle: Puzzle | None = None
    started: float = 0.0
    verdict: Verdict | None = None
    outcome: Outcome | None = None
    coached: bool = False
    seed_source: random.Random = field(default_factory=random.Random)
    clock: Callable[[], float] = time.monotonic

    def new_puzzle(self, kind: str, stage: str, level: int) -> Puzzle:
        """Start a fresh puzzle; ``kind=COACH`` lets the coach choose kind, stage and level."""
        self.coached = kind == COACH
        if self.coached:
            kind, stage, level = self.progress.coach_pick(self.seed_source)
        seed = self.seed_source.randrange(2**24)
        return self.show(generate(kind, stage=stage, level=level, seed=seed))

    def show(self, puzzle: Puzzle) -> Puzzle:
        self.puzzle = puzzle
        self.started = self.clock()
        self.verdict = None
        self.outcome = None
        return puzzle

    def open_code(self, code: str) -> str | None:
        """Show the puzzle a code names; returns a friendly message if the code is bad."""
        try:
            self.show(from_code(code))
        except CodeError as err:
            return f"That puzzle code didn't work: {err} Here is a fresh puzzle instead."
        except ValueError:
            return "That puzzle code didn't work. Here is a fresh puzzle instead."
        self.coached = False
        return None

    @property
    def answered(self) -> bool:
        return self.verdict is not None

    def answer(self, response: Any) -> Verdict:
        """Check an answer and record it (only the first answer to a puzzle counts)."""
        if self.puzzle is None:
            return Verdict(False, "There is no puzzle yet.", "unreadable")
        verdict = self.puzzle.check(response)
        if verdict.mistake == "unreadable":
            return verdict  # junk is not an attempt: let the learner try again
        if self.verdict is None:
            seconds = max(0.0, self.clock() - self.started)
            p = self.puzzle
            self.outcome = self.progress.record(
                Attempt(p.kind, p.stage, p.level, verdict.correct, round(seconds, 1), p.code, verdict.mistake)
            )
            self.verdict = verdict
        return verdict
