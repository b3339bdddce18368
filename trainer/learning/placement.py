"""The placement check: a new child's first two minutes, finding the stage the coach starts at.

A child with no answers yet is offered a short check before their first puzzle. It walks up the stages in
order (:data:`CHECK_STAGES`: Muggins, then All Fives) and asks two puzzles of each core kind at the stage's
top level (each kind in turn, then each again: :data:`CHECK_EACH`), the level a stage is judged at. **The
rule:** a stage is *shown* when every one of its puzzles is answered right; the first answer that is wrong (or
"I don't know") ends the check, and the coach starts at that stage. A child who shows every stage checked
starts at the last stage, Five-Up (there is nothing further to place them past, so it is not checked). So the
check asks at most :data:`CHECK_LENGTH` puzzles (12), and a child who knows nothing answers one. Two a kind
keep a child who picks at random among the choices from being placed past Muggins (at most 1 in 100).

What the check showed is kept, and it gives nothing away:

- its answers are stored like every other answer (:attr:`ReviewMode.PLACEMENT`), and a reload finds the check
  where it was (:func:`next_question` reads the stored answers); but they *place*, nothing more: they are no
  evidence for p(known) (:func:`~trainer.learning.bkt.observations`), so a lucky answer never makes a kind
  Proficient;
- its result is a :class:`Placement` (the stage the coach starts at, or "skipped"), stored under the
  learner's code and folded into :class:`~trainer.learning.progress.Progress` with the answers
  (:meth:`~trainer.learning.progress.Progress.place`). A stage skipped over is *placed*, not mastered: like
  a stage that looked mastered, it waits for right answers on a later day (its confirmation), and then for
  the same evidence as every stage, before it is mastered; two wrong answers in a row there take the
  placement back, and the coach returns to it.

Pure Python: the clock and the randomness are passed in.

>>> import random
>>> check = PlacementCheck(rng=random.Random(3), clock=lambda: 1_000.0)
>>> first = check.ask()
>>> first.stage, first.level, first.kind == CHECK_KINDS[0], check.number, check.about
('muggins', 3, True, 1, 12)
>>> _ = check.dont_know()
>>> check.is_over, check.result().start, check.result().placed
(True, 'muggins', ())
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from puzzles import CORE_KINDS, STAGES, Puzzle, Stage, Verdict, generate
from puzzles.judge import judge
from trainer.learning.attempt import Attempt, puzzle_traps
from trainer.learning.bkt import TOP_LEVEL
from trainer.learning.rows import row_values
from trainer.learning.states import ReviewMode
from trainer.words.mastery import no_puzzle_yet

CHECK_STAGES: tuple[Stage, ...] = STAGES[:-1]
"""The stages the check can place a child past (the last stage is where a child who shows them all starts)."""
CHECK_KINDS: tuple[str, ...] = CORE_KINDS
"""One puzzle of each core kind a stage (the kinds a stage's mastery is made of), in this order."""
CHECK_EACH = 2
"""Puzzles of each core kind a stage asks (all right to show it): with one each, children who pick at random
among the choices were placed past Muggins in 60 of 3,000 tries (2.0%); with two, in 1 (``tests/test_placement.py``
simulates the 3,000, seeded; the target is at most 1%)."""
CHECK_PER_STAGE = CHECK_EACH * len(CHECK_KINDS)
"""Puzzles a stage asks: each core kind in turn, then each again."""
CHECK_LENGTH = len(CHECK_STAGES) * CHECK_PER_STAGE
"""The most puzzles the check asks (every answer right)."""
CHECK_LEVEL = TOP_LEVEL
"""The check asks a stage's hardest puzzles: a stage is judged at its top level, so a right answer there is
evidence for the kind's general skill, as any top-level answer is."""


@dataclass(frozen=True)
class Placement:
    """What the placement check showed: where the coach starts, or that the child skipped the check."""

    start: Stage
    """The stage the coach starts at (the first stage of all when skipped)."""
    at: float
    """When the check ended (epoch seconds): its answers come before it, the coach's after it."""
    skipped: bool = False
    """The child chose not to take the check (it is offered once): nothing is placed."""

    def __post_init__(self) -> None:
        if self.start not in STAGES:
            raise ValueError(f"a placement starts at a stage of the trainer, not {self.start!r}")
        if self.skipped and self.start != STAGES[0]:
            raise ValueError("a skipped check starts at the first stage")

    @property
    def placed(self) -> tuple[Stage, ...]:
        """The stages the check showed and the coach skips over (each still to be confirmed)."""
        return () if self.skipped else STAGES[: STAGES.index(self.start)]

    def to_row(self) -> dict[str, object]:
        """The placement as plain values (the store keeps them)."""
        return {"start": self.start, "at": float(self.at), "skipped": bool(self.skipped)}

    @classmethod
    def from_row(cls, row: object) -> Placement:
        """A placement from :meth:`to_row`'s values (a mapping or a database row), checked: ``ValueError``."""
        values = row_values(row, _PLACEMENT_TYPES, required=("start", "at", "skipped"), what="a placement")
        return cls(Stage(str(values["start"])), float(values["at"]), bool(values["skipped"]))


_PLACEMENT_TYPES: dict[str, tuple[type, ...]] = {"start": (str,), "at": (int, float), "skipped": (bool,)}


def check_answers(attempts: Iterable[Attempt]) -> list[Attempt]:
    """The answers given in the placement check, in order."""
    return [a for a in attempts if a.review is ReviewMode.PLACEMENT]


def next_question(answers: Sequence[Attempt]) -> tuple[Stage, str] | None:
    """(stage, kind) of the check's next puzzle after ``answers`` (the check's own), or None when the check
    is over: a wrong answer ended it, or every stage checked was shown."""
    for stage in CHECK_STAGES:
        here = [a for a in answers if a.stage == stage]
        if any(not a.correct for a in here):
            return None
        for n in range(1, CHECK_EACH + 1):
            for k in CHECK_KINDS:
                if sum(a.kind == k for a in here) < n:
                    return stage, k
    return None


def start_stage(answers: Iterable[Attempt]) -> Stage:
    """The stage the coach starts at after ``answers``: the first stage checked that was not shown (every
    puzzle right), or the last stage when all were. An unfinished check counts only what it showed."""
    given = check_answers(answers)
    for stage in CHECK_STAGES:
        here = [a for a in given if a.stage == stage]
        if any(not a.correct for a in here) or not all(sum(a.kind == k for a in here) >= CHECK_EACH
                                                       for k in CHECK_KINDS):
            return stage
    return STAGES[-1]


def refuted(attempts: Sequence[Attempt], stage: Stage) -> bool:
    """A placed stage's last two answers after the check (not hinted, not a warm-up drill) were both wrong: the
    check was wrong about it, and the stage is learnt as any other."""
    since = [a for a in attempts if a.stage == stage and not a.hinted
             and a.review not in (ReviewMode.PLACEMENT, ReviewMode.DRILL)][-2:]
    return len(since) == 2 and not any(a.correct for a in since)


def is_offered(attempts: Sequence[Attempt], placement: Placement | None) -> bool:
    """The check is for a child who has not been placed and has answered nothing but the check itself (a
    child part-way through it, after a reload, goes on where they were)."""
    return placement is None and all(a.review is ReviewMode.PLACEMENT for a in attempts)


@dataclass
class PlacementCheck:
    """The check on screen: its answers so far and the puzzle up. Each answer is an :class:`Attempt` the
    caller records (:meth:`trainer.learning.practice.Practice.record_check`)."""

    answers: list[Attempt] = field(default_factory=list)
    """The check's answers so far (stored ones too, after a reload)."""
    rng: random.Random = field(default_factory=random.Random)
    clock: Callable[[], float] = time.time
    puzzle: Puzzle | None = None
    """The puzzle up, or None before :meth:`ask` and once the check is over."""
    started: float = 0.0
    """When the puzzle up was shown (its answer's seconds count from here)."""

    @property
    def is_over(self) -> bool:
        return next_question(self.answers) is None

    @property
    def number(self) -> int:
        """The number of the question up (1 for the first)."""
        return len(self.answers) + 1

    @property
    def about(self) -> int:
        """How many questions there are if every answer is right ("Question 2 of about 6")."""
        return CHECK_LENGTH

    def ask(self) -> Puzzle | None:
        """The puzzle up: the one on screen, or the next one made now (None when the check is over)."""
        nxt = next_question(self.answers)
        if nxt is None:
            self.puzzle = None
            return None
        stage, k = nxt
        if self.puzzle is None or (self.puzzle.stage, self.puzzle.kind) != nxt:
            self.puzzle = generate(k, stage=stage, level=CHECK_LEVEL, seed=self.rng.randrange(2**24))
            self.started = self.clock()
        return self.puzzle

    def answer(self, response: Any) -> tuple[Verdict, Attempt | None]:
        """Check an answer to the puzzle up: the verdict, and the attempt to record (None for junk or a
        mis-tap: the child tries again, nothing is recorded)."""
        p = self.ask()
        if p is None:
            return Verdict(False, no_puzzle_yet(), "unreadable", is_answer=False), None
        verdict = judge(p, response)
        if not verdict.is_answer:
            return verdict, None
        return verdict, self._keep(verdict.correct, verdict.mistake)

    def dont_know(self) -> Attempt | None:
        """"I don't know": a wrong answer with no mistake named (evidence against the kind's general skill
        alone, as a guess that misses is). None when the check is over."""
        if self.ask() is None:
            return None
        return self._keep(False, None)

    def _keep(self, correct: bool, mistake: str | None) -> Attempt:
        p = self.puzzle
        assert p is not None
        now = self.clock()
        attempt = Attempt(p.kind, p.stage, p.level, correct, round(max(0.0, now - self.started), 1), p.code, mistake,
                          review=ReviewMode.PLACEMENT, at=now, traps=puzzle_traps(p))
        self.answers.append(attempt)
        self.puzzle = None
        return attempt

    def result(self) -> Placement:
        """Where the coach starts, by the rule (the check need not be over: see :func:`start_stage`)."""
        last = self.answers[-1].at if self.answers and self.answers[-1].at is not None else self.clock()
        return Placement(start_stage(self.answers), max(last, self.clock()))

    def skip(self) -> Placement:
        """The child skips the check: they start at the beginning, as every child did before it."""
        return Placement(STAGES[0], self.clock(), skipped=True)
