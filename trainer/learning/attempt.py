"""One answered puzzle (:class:`Attempt`): the value every part of the learner model folds, the store keeps
and the browser's outbox copy holds, read and written by :meth:`Attempt.to_row` / :meth:`Attempt.from_row`."""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzles import KINDS, STAGES, Puzzle, Stage
from trainer.learning.rows import row_values
from trainer.learning.states import ReviewMode


@dataclass(frozen=True)
class Attempt:
    """One answered puzzle. Kept as plain values by :meth:`to_row` (the store, the browser's copy of the
    outbox) and read back, checked, by :meth:`from_row`."""

    kind: str
    stage: Stage
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
    traps: tuple[str, ...] | None = field(default=None, compare=False)
    """The traps the puzzle exposed (:func:`puzzle_traps`: the one it was made to set first), kept with the
    answer so the fold never makes the puzzle again; ``None`` when not known (an answer kept before traps
    were: the store fills them in from its code, once). Stored as the ids joined by spaces."""

    def __post_init__(self) -> None:
        if not isinstance(self.review, ReviewMode):  # its stored text: ``ValueError`` for any other
            object.__setattr__(self, "review", ReviewMode(self.review))
        if isinstance(self.traps, str):  # its stored text
            object.__setattr__(self, "traps", tuple(self.traps.split()))
        elif self.traps is not None and not isinstance(self.traps, tuple):
            object.__setattr__(self, "traps", tuple(self.traps))

    def to_row(self) -> dict[str, object]:
        """The answer as plain values, by field name (the review as its text)."""
        return {"kind": self.kind, "stage": self.stage, "level": int(self.level), "correct": bool(self.correct),
                "seconds": float(self.seconds), "code": self.code or "", "mistake": self.mistake,
                "hinted": bool(self.hinted), "review": self.review.value, "origin": self.origin or "",
                "at": None if self.at is None else float(self.at),
                "traps": None if self.traps is None else " ".join(self.traps)}

    @classmethod
    def from_row(cls, row: object) -> Attempt:
        """An answer from :meth:`to_row`'s values: a mapping (with no other keys) or a database row.
        Checked field by field: a kind, stage or level the trainer does not know, a value of the wrong
        type, a text over :data:`~trainer.learning.rows.TEXT_MAX` characters or a review that is not a
        :class:`ReviewMode`: ``ValueError``, saying which."""
        values = row_values(row, _ATTEMPT_TYPES, required=_ATTEMPT_REQUIRED, what="an answer",
                            text_max={"traps": TRAPS_MAX})
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
    "at": (int, float, type(None)), "traps": (str, type(None)),
}
TRAPS_MAX = 400
"""The longest text of an answer's traps (its column is no wider)."""
_ATTEMPT_REQUIRED = ("kind", "stage", "level", "correct", "seconds")
_REVIEW_TEXTS = frozenset(m.value for m in ReviewMode)


def puzzle_traps(puzzle: Puzzle) -> tuple[str, ...]:
    """What an answer to ``puzzle`` keeps as :attr:`Attempt.traps`: the traps it exposes, the one it was made
    to set (a teaching's drill is made for the trap taught) first."""
    made = puzzle.trap
    return (made, *(t for t in puzzle.traps if t != made)) if made in puzzle.traps else tuple(puzzle.traps)


def attempt_traps(a: Attempt) -> tuple[str, ...]:
    """The traps an answered puzzle exposed, as kept with the answer (never worked out again from its code:
    the fold needs no puzzle generator); none when not known."""
    return a.traps or ()
