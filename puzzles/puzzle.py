"""The Puzzle value type and the verdict on an answer (judging one is :func:`puzzles.judge.judge`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict

from puzzles.stages import Stage
from trainer.rules import Layout, Play, Tile


class Fields(TypedDict):
    """What a kind's maker makes (:attr:`puzzles.registry.Kind.maker`): the parts of a :class:`Puzzle` that its
    kind decides, which :func:`puzzles.generate` puts with the kind, stage, level, seed and code."""

    layout: Layout | None
    """The layout (``None``: the puzzle has none)."""
    hand: Sequence[Tile]
    question: str
    answer: Any
    explanation: str
    choices: tuple[Choice, ...]
    mistakes: Sequence[tuple[str, str, str]]
    play: NotRequired[Play | None]
    steps: NotRequired[Sequence[Step]]
    trap: NotRequired[str | None]
    number: NotRequired[int | None]


@dataclass(frozen=True)
class Choice:
    """One answer a learner can pick: a label (A, B, …), the value it stands for, and its text."""

    label: str
    value: Any
    text: str


@dataclass(frozen=True)
class Step:
    """One step of the working: what to say, and which open ends (ids like ``"1-4:4"``) it marks."""

    text: str
    ends: tuple[str, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """The result of checking an answer."""

    correct: bool
    """Whether the answer is right."""
    message: str
    """What to tell the learner, in words for a child."""
    mistake: str | None = None
    """The name of the common mistake the answer shows, if one does."""
    traps: tuple[str, ...] = ()
    """Every trap (misconception) that explains this wrong answer; ``mistake`` is the first of them."""
    is_answer: bool = True
    """False when the response is not an answer at all (junk, or a tap that is not a legal play):
    nothing is recorded and the learner tries again."""


@dataclass(frozen=True, eq=True)
class Puzzle:
    """A generated puzzle. Build with :func:`puzzles.generate` or :func:`puzzles.from_code`."""

    kind: str
    """Which kind of question (see :data:`puzzles.KINDS`)."""
    stage: Stage
    """``"muggins"``, ``"all-fives"`` or ``"five-up"``."""
    level: int
    """1, 2 or 3."""
    seed: int
    """The seed it was generated from."""
    generator: int
    """The version of the puzzle makers that made it (its code carries it too)."""
    code: str
    """The short code that rebuilds it."""
    variant: str
    """The rules variant of the layout (the stage's game)."""
    board: Layout
    """The layout (empty, and false, when the puzzle has none)."""
    hand: tuple[Tile, ...]
    """The hand tiles the question is about."""
    question: str
    """The question, for a child."""
    answer: Any
    """The right answer (its shape depends on the kind: a number, a ``{"pips", "rounded", "points"}``
    dict, the best plays as :class:`~trainer.rules.Play` values, or end ids)."""
    explanation: str
    """Why the answer is right, with the working."""
    choices: tuple[Choice, ...] = ()
    """Answers to pick from (empty when the answer is typed)."""
    the_play: Play | None = None
    """The play the question is about, for kinds that ask about one play (see :attr:`play`)."""
    mistakes: tuple[tuple[str, str, str], ...] = field(default=(), repr=False)
    """(answer key, mistake name, message) for the wrong answers children often give."""
    steps: tuple[Step, ...] = field(default=(), repr=False)
    """The whole working, one step at a time (behind "Show every step", and for worked examples)."""
    trap: str | None = None
    """The trap the puzzle is built around (``"combination"``, ``"lowering"``, ``"covered-spinner"``,
    ``"double-at-end"``, ``"round-up"`` …), or ``None``. :func:`puzzles.similar` keeps it."""
    number: int | None = None
    """The number a number-line picture shows (``nearest-five`` and ``make-five``)."""
    traps: tuple[str, ...] = ()
    """Every trap (misconception, see :mod:`puzzles.traps`) this puzzle exposes: a child who holds
    one of them answers it wrong. Measured with the trap's model, never guessed from the layout."""

    @property
    def hint(self) -> Step:
        """The first step of the working: what a Hint shows before answering."""
        return self.steps[0] if self.steps else Step(self.explanation)

    @property
    def play(self) -> str | None:
        """The play the question is about as a record token (``"3-4>4-4"``), or ``None``."""
        return None if self.the_play is None else str(self.the_play)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the puzzle."""
        answer = _jsonable(self.answer)
        return {
            "kind": self.kind,
            "stage": self.stage,
            "level": self.level,
            "seed": self.seed,
            "code": self.code,
            "variant": self.variant,
            "layout": self.board.record,
            "hand": [str(t) for t in self.hand],
            "question": self.question,
            "answer": answer,
            "explanation": self.explanation,
            "choices": [{"label": c.label, "value": _jsonable(c.value), "text": c.text} for c in self.choices],
            "play": self.play,
            "mistakes": [{"answer": a, "mistake": m, "message": t} for a, m, t in self.mistakes],
            "steps": [{"text": st.text, "ends": list(st.ends)} for st in self.steps],
            "trap": self.trap,
            "traps": list(self.traps),
            "number": self.number,
        }


def _jsonable(value: Any) -> Any:
    """Values as JSON has them: plays and tiles as record tokens, tuples as lists."""
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (Play, Tile)):
        return str(value)
    return value
