"""The traps an answer's puzzle exposed, for an answer that does not say (one kept before answers kept
them, or sent from a browser's older copy of the outbox): worked out once from its code, as it is stored.
The learner model's fold never does this (:attr:`trainer.learning.attempt.Attempt.traps`)."""

from __future__ import annotations

from puzzles import CodeError, Stage, from_code
from trainer.learning.attempt import Attempt, puzzle_traps


def code_traps(kind: str, stage: Stage, code: str) -> tuple[str, ...]:
    """The traps the puzzle ``code`` names exposes (the one it was made to set first); none for a bad code or
    another kind's or stage's."""
    if not code:
        return ()
    try:
        p = from_code(code)
    except (CodeError, ValueError):
        return ()
    return puzzle_traps(p) if (p.kind, p.stage) == (kind, stage) else ()


def with_traps(a: Attempt) -> Attempt:
    """The answer with its traps (``a`` itself when it has them)."""
    if a.traps is not None:
        return a
    return Attempt(a.kind, a.stage, a.level, a.correct, a.seconds, a.code, a.mistake, a.hinted, a.review, a.origin,
                   a.at, code_traps(a.kind, a.stage, a.code))
