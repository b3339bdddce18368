"""One learner's practice session: which puzzle is up, the clock, and answering it. Pure Python."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzles import CodeError, Puzzle, Step, Verdict, from_code, generate, similar
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
    on_attempt: Callable[[Attempt], None] | None = None
    """Called with every recorded attempt (a progress store saves it)."""
    hinted: bool = False
    """The learner asked for a hint on the puzzle on screen."""
    review: str = ""
    """Why the puzzle on screen came up: ``""``, ``"retry"``, ``"similar"`` or ``"review"``."""
    origin: str = ""
    """For a retry or a similar puzzle, the code of the puzzle that was missed."""
    notice: str = ""
    """A word for the learner about why this puzzle came up (``"Let's try this one again."``)."""

    def new_puzzle(self, kind: str, stage: str, level: int) -> Puzzle:
        """Start a fresh puzzle; ``kind=COACH`` lets the coach choose (missed puzzles come back first)."""
        self.coached = kind == COACH
        if self.coached:
            due = self.progress.due_review()
            if due is not None:
                missed = from_code(due.code)
                if due.how == "retry":
                    return self.show(missed, review="retry", origin=due.code,
                                     notice="This one tripped you up before. Try it again!")
                return self.show(similar(missed, self.seed_source.randrange(2**24)), review="similar",
                                 origin=due.code, notice="Here is one like a puzzle you missed.")
            kind, stage, level = self.progress.coach_pick(self.seed_source)
            review = "review" if stage in self.progress.mastered else ""
            if not review and self.progress.step(kind, stage) == 4:
                review = "review"
            seed = self.seed_source.randrange(2**24)
            return self.show(generate(kind, stage=stage, level=level, seed=seed), review=review,
                             notice="A quick review of something you know." if review else "")
        seed = self.seed_source.randrange(2**24)
        return self.show(generate(kind, stage=stage, level=level, seed=seed))

    def try_similar(self) -> Puzzle:
        """A puzzle like the one on screen: the same kind, stage, level and trap."""
        if self.puzzle is None:
            raise ValueError("There is no puzzle yet.")
        p = self.puzzle
        origin = self.origin or p.code
        return self.show(similar(p, self.seed_source.randrange(2**24)), review="similar", origin=origin,
                         coached=self.coached)

    def show(self, puzzle: Puzzle, *, review: str = "", origin: str = "", notice: str = "",
             coached: bool | None = None) -> Puzzle:
        self.puzzle = puzzle
        self.started = self.clock()
        self.verdict = None
        self.outcome = None
        self.hinted = False
        self.review, self.origin, self.notice = review, origin, notice
        if coached is not None:
            self.coached = coached
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

    @property
    def first_time(self) -> bool:
        """Whether the learner has never answered this kind at this stage (a worked example helps)."""
        p = self.puzzle
        return p is not None and not any(a.kind == p.kind and a.stage == p.stage for a in self.progress.attempts)

    def hint(self) -> Step | None:
        """The first step of the working; the answer is then recorded as hinted."""
        if self.puzzle is None or self.answered:
            return None
        self.hinted = True
        return self.puzzle.hint

    def answer(self, response: Any) -> Verdict:
        """Check an answer and record it (only the first answer to a puzzle counts).

        A response that is not an answer (junk, or a tap that is not a legal play) records
        nothing: the verdict says why, and the learner tries again."""
        if self.puzzle is None:
            return Verdict(False, "There is no puzzle yet.", "unreadable", is_answer=False)
        verdict = self.puzzle.check(response)
        if not verdict.is_answer:
            return verdict
        if self.verdict is None:
            seconds = max(0.0, self.clock() - self.started)
            p = self.puzzle
            attempt = Attempt(p.kind, p.stage, p.level, verdict.correct, round(seconds, 1), p.code,
                              verdict.mistake, hinted=self.hinted, review=self.review, origin=self.origin)
            self.outcome = self.progress.record(attempt)
            self.verdict = verdict
            if self.on_attempt is not None:
                self.on_attempt(attempt)
        return verdict

    # ----- a live lesson's answers -----

    def judge_live(self, puzzle: Puzzle, response: Any, started: float) -> tuple[Verdict, Attempt | None]:
        """Check an answer to the teacher's puzzle in a live lesson (first shown at ``started`` on this
        practice's clock): the verdict, and the attempt to keep if it is an answer (``None`` for junk or
        a mis-tap). Nothing is recorded here: the store keeps the attempt with the class's answer, and
        then :meth:`record_live` counts it as practice."""
        verdict = puzzle.check(response)
        if not verdict.is_answer:
            return verdict, None
        seconds = round(max(0.0, self.clock() - started), 1)
        return verdict, Attempt(puzzle.kind, puzzle.stage, puzzle.level, verdict.correct, seconds, puzzle.code,
                                verdict.mistake)

    def record_live(self, attempt: Attempt) -> None:
        """Count a live answer the store already keeps (so it never goes to :attr:`on_attempt` as well)."""
        self.progress.record(attempt)
