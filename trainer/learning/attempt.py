"""One answered puzzle (:class:`Attempt`): the value every part of the learner model folds, the store keeps
and the browser's outbox copy holds, read and written by :meth:`Attempt.to_row` / :meth:`Attempt.from_row`."""

from __future__ import annotations

import functools
import threading
from dataclasses import dataclass, field

from puzzles import KINDS, STAGES, CodeError, Puzzle, from_code
from trainer.learning.rows import row_values
from trainer.learning.states import ReviewMode


@dataclass(frozen=True)
class Attempt:
    """One answered puzzle. Kept as plain values by :meth:`to_row` (the store, the browser's copy of the
    outbox) and read back, checked, by :meth:`from_row`."""

    kind: str
    stage: str
    level: int
    correct: bool
    seconds: float
    code: str = ""
    mistake: str | None = None
    hinted: bool = False
    """The learner asked for a hint first: kept, but it never counts toward mastery."""
    review: ReviewMode = ReviewMode.NEW
    """Why the puzzle came up (its text is what is stored: ``""``, ``"retry"``, ``"drill"`` …)."""
    origin: str = ""
    """For a retry or a similar puzzle: the code of the missed puzzle it comes from."""
    at: float | None = field(default=None, compare=False)
    """When it was answered (epoch seconds, the practice's clock); ``None`` when not known. Two answers
    that differ only in their time are the same answer."""

    def __post_init__(self) -> None:
        if not isinstance(self.review, ReviewMode):  # its stored text: ``ValueError`` for any other
            object.__setattr__(self, "review", ReviewMode(self.review))

    def to_row(self) -> dict[str, object]:
        """The answer as plain values, by field name (the review as its text)."""
        return {"kind": self.kind, "stage": self.stage, "level": int(self.level), "correct": bool(self.correct),
                "seconds": float(self.seconds), "code": self.code or "", "mistake": self.mistake,
                "hinted": bool(self.hinted), "review": self.review.value, "origin": self.origin or "",
                "at": None if self.at is None else float(self.at)}

    @classmethod
    def from_row(cls, row: object) -> Attempt:
        """An answer from :meth:`to_row`'s values: a mapping (with no other keys) or a database row.
        Checked field by field: a kind, stage or level the trainer does not know, a value of the wrong
        type, a text over :data:`~trainer.learning.rows.TEXT_MAX` characters or a review that is not a
        :class:`ReviewMode`: ``ValueError``, saying which."""
        values = row_values(row, _ATTEMPT_TYPES, required=_ATTEMPT_REQUIRED, what="an answer")
        if values["kind"] not in KINDS or values["stage"] not in STAGES or values["level"] not in (1, 2, 3):
            raise ValueError(f"an answer to a puzzle this trainer does not know: {values['kind']!r}, "
                             f"{values['stage']!r}, level {values['level']!r}")
        review = values.get("review", "")
        if review not in _REVIEW_TEXTS:
            raise ValueError(f"an answer's review is one of {sorted(_REVIEW_TEXTS)}, not {review!r}")
        return cls(**values)


_ATTEMPT_TYPES: dict[str, tuple[type, ...]] = {
    "kind": (str,), "stage": (str,), "level": (int,), "correct": (bool,), "seconds": (int, float), "code": (str,),
    "mistake": (str, type(None)), "hinted": (bool,), "review": (str,), "origin": (str,),
    "at": (int, float, type(None)),
}
_ATTEMPT_REQUIRED = ("kind", "stage", "level", "correct", "seconds")
_REVIEW_TEXTS = frozenset(m.value for m in ReviewMode)


_SHOWN: dict[str, tuple[str, tuple[str, ...]]] = {}
"""What :func:`code_traps` says of the puzzles shown lately (:func:`shown`), by code."""
SHOWN_KEPT = 4096
_SHOWN_LOCK = threading.Lock()


def shown(puzzle: Puzzle) -> None:
    """A puzzle is on a screen: what :func:`code_traps` says of its code is known already, so its answer is
    not worked out again by making the puzzle a second time (the most recent ones are kept)."""
    with _SHOWN_LOCK:  # pages of many sessions run at once
        if len(_SHOWN) >= SHOWN_KEPT:
            del _SHOWN[next(iter(_SHOWN))]
        _SHOWN[puzzle.code] = (f"{puzzle.kind}/{puzzle.stage}", puzzle.traps)


def code_traps(code: str) -> tuple[str, tuple[str, ...]]:
    """The kind and stage of the puzzle a code names (``"kind/stage"``) and the traps it exposes
    (``("", ())`` for a bad code)."""
    known = _SHOWN.get(code)
    return known if known is not None else _code_traps(code)


@functools.lru_cache(maxsize=8192)
def _code_traps(code: str) -> tuple[str, tuple[str, ...]]:
    try:
        p = from_code(code)
    except (CodeError, ValueError):
        return "", ()
    return f"{p.kind}/{p.stage}", p.traps


@functools.lru_cache(maxsize=8192)
def code_trap(code: str) -> str | None:
    """The trap the puzzle a code names was made to set (a teaching's drill is made for the trap taught),
    or None."""
    try:
        return from_code(code).trap
    except (CodeError, ValueError):
        return None


def attempt_traps(a: Attempt) -> tuple[str, ...]:
    """The traps an answered puzzle exposed, worked out again from its code (so old stored answers,
    which keep only the code, have them too); none for another kind's or stage's code, or a bad one."""
    if not a.code:
        return ()
    where, traps = code_traps(a.code)
    return traps if where == f"{a.kind}/{a.stage}" else ()


