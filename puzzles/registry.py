"""The registries of puzzle kinds and of traps: one frozen :class:`Kind` record per kind, one frozen
:class:`Trap` record per trap (a misconception a puzzle can expose).

Each kind lives in a module of its own (``puzzles/kinds/open_total.py`` …) that declares its
record and calls :func:`register_kind` once, at its bottom, as OpenSpiel's games call
``register_game``; the traps are declared the same way, a family to a module
(``puzzles/traps/counting.py`` …) with :func:`register_trap`. Everything else asks the registry —
``kind(p.kind).answer_shape``, ``trap(t).model.total(layout)``, ``trap(t).stages`` — and never
compares kind or trap ids as strings.

This module imports nothing of the puzzles package, so every other module may import it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NewType

from puzzles.pair import Contrast
from puzzles.stages import Stage
from trainer.render.taps import BoardMode
from trainer.rules import Layout, Play, play_points
from trainer.words import N_, _, said

if TYPE_CHECKING:  # types only: the registry sits below the Puzzle value type
    import random

    from puzzles.puzzle import Fields, Puzzle, Verdict


class AnswerShape(enum.Enum):
    """What an answer looks like: every kind with the same shape is answered with the same widget
    (in the app) and the same write-in boxes (on a worksheet)."""

    NUMBER = "number"
    """One whole number, typed or picked from the choices."""
    ROUNDING = "rounding"
    """A hand's pips, rounded pips and points: ``{"pips", "rounded", "points"}``."""
    PLAY = "play"
    """A play (a record token), tapped on the picture or picked; several may tie."""
    ENDS = "ends"
    """The open ends that count (end ids), tapped or picked."""

    @property
    def boxes(self) -> tuple[str, ...]:
        """The write-in boxes of a worksheet, by their labels (in the reader's language)."""
        return tuple(said(label) for label in _BOXES[self])

    @property
    def clickable(self) -> bool:
        """Whether the answer is tapped on the picture (its open ends are lettered)."""
        return self in (AnswerShape.PLAY, AnswerShape.ENDS)


_BOXES = {
    AnswerShape.NUMBER: (N_("Answer"),),
    AnswerShape.ROUNDING: (N_("Pips"), N_("Rounded"), N_("Points")),
    AnswerShape.PLAY: (N_("Tile"), N_("End letter")),
    AnswerShape.ENDS: (N_("End letters"),),
}


def per_level(one: float, two: float, three: float) -> Mapping[int, float]:
    """A read-only ``{level: value}`` for levels 1, 2 and 3."""
    return MappingProxyType({1: one, 2: two, 3: three})


def _no_play(p: Puzzle, response: Any = None) -> Play | None:
    return None


@dataclass(frozen=True)
class Kind:
    """One kind of puzzle: what it is called, how it is made and judged, how it is answered."""

    id: str
    """The kind's id, e.g. ``"open-total"`` (it is what :attr:`Puzzle.kind` holds)."""
    number: int
    """Its place in :data:`puzzles.KINDS` and in puzzle codes: fixed for ever, new kinds take the next one."""
    title: str
    """The question, as the choosers name the kind: ``"What's the open-end total?"`` (marked with
    ``N_``: a page shows ``_(record.title)``, or :data:`puzzles.KIND_TITLES`, which says it)."""
    short_title: str
    """A column heading for the teacher's grid: ``"Total"`` (marked with ``N_``, like every name here)."""
    answer_shape: AnswerShape
    """What its answer looks like (see :class:`AnswerShape`)."""
    maker: Callable[[Stage, int, random.Random, int], Fields]
    """Makes the puzzle's fields from (stage, level, a seeded random source)."""
    judge: Callable[[Puzzle, Any], Verdict]
    """Judges a response; junk is a verdict with ``is_answer`` False, never an exception."""
    answer_words: Callable[[Puzzle], str]
    """The answer in words a child and a teacher read (never record notation)."""
    time_bars: Mapping[int, float] = field(hash=False, default_factory=lambda: per_level(20, 25, 35))
    """Seconds within which a right answer is fluent, per level (1, 2, 3)."""
    traps: tuple[str, ...] = ()
    """The mistake ids (misconceptions) this kind's puzzles can expose."""
    core: bool = False
    """Whether every stage must master it."""
    answer_label: str = N_("Your answer")
    """The label of the typed box (number answers, in Practice)."""
    hand_caption: str = N_("The tiles")
    """The caption under the hand picture (``""`` for none)."""
    working_after: Callable[[Puzzle, Any], Play | None] = _no_play
    """The play whose layout shows the working once answered, given the answer (``None`` for none), or None."""
    mastery_traps: tuple[TrapId, ...] = ()
    """The modelled traps (misconceptions, :mod:`puzzles.traps`) its puzzles can expose: Mastered
    needs each one that applies at the stage met and answered right recently."""
    misconceive: Callable[[Puzzle, str], Any] | None = field(default=None, compare=False)
    """The answer a child who holds a trap gives (the trap's model), in the shape the page sends."""
    explains: Callable[[Puzzle, str, Any], bool] | None = field(default=None, compare=False)
    """Whether a trap explains a (wrong) response: it is the answer the trap's model gives."""
    trap_reason: Callable[[Puzzle, str], str] | None = field(default=None, compare=False)
    """Why a trap is wrong on this puzzle, in one short sentence for a child."""
    named_ends: Callable[[Puzzle], tuple[str, ...]] | None = field(default=None, compare=False)
    """The open ends (ids) its question names in words, marked on the picture while it is open."""

    @property
    def clickable(self) -> bool:
        """Whether the answer is tapped on the picture."""
        return self.answer_shape.clickable

    @property
    def board_mode(self) -> BoardMode:
        """How the picture takes taps while the puzzle is open."""
        modes = {AnswerShape.PLAY: BoardMode.PLAY, AnswerShape.ENDS: BoardMode.ENDS}
        return modes.get(self.answer_shape, BoardMode.VIEW)

    @property
    def boxes(self) -> tuple[str, ...]:
        """Its worksheet write-in boxes (from its answer shape)."""
        return self.answer_shape.boxes


_KINDS: dict[str, Kind] = {}


def register_kind(record: Kind) -> Kind:
    """Add a kind to the registry (once, at the bottom of its module)."""
    if record.id in _KINDS:
        raise ValueError(f"The kind {record.id!r} is registered twice.")
    if any(k.number == record.number for k in _KINDS.values()):
        raise ValueError(f"Two kinds have the number {record.number}.")
    _KINDS[record.id] = record
    return record


class UnknownKind(KeyError):
    """A kind id the registry does not have."""


def kind(kind_id: str) -> Kind:
    """The record of a kind, by its id."""
    try:
        return _KINDS[kind_id]
    except (KeyError, TypeError):
        raise UnknownKind(_("{kind} is not a kind of puzzle.").format(kind=repr(kind_id))) from None


def answer_words(p: Puzzle) -> str:
    """A puzzle's answer in words a child and a teacher read, never record notation (each kind says
    its own: :attr:`Kind.answer_words`)."""
    return kind(p.kind).answer_words(p)


def all_kinds() -> tuple[Kind, ...]:
    """Every registered kind, in code order."""
    return tuple(sorted(_KINDS.values(), key=lambda k: k.number))


# ----- traps -----


class TrapFamily(enum.Enum):
    """What a trap gets wrong: counting the open ends, rounding to a five, or seeing that a play scores."""

    COUNTING = "counting"
    """It counts an open end wrong (a double once, a covered spinner, a covered end)."""
    ROUNDING = "rounding"
    """It rounds a number the wrong way to a five."""
    SPOTTING = "spotting"
    """It misses a play that scores (a five made without a 5, a total made smaller)."""


@dataclass(frozen=True)
class Misbelief:
    """The model of a trap: how a child who holds it counts the open ends, rounds and scores a play.
    This one is a child who holds no trap; each trap's model changes just the step it gets wrong."""

    def total(self, lay: Layout, before: Layout | None = None) -> int:
        """The open-end total the child counts on ``lay`` (``before``: the layout before its last play,
        when the caller has it)."""
        return lay.total

    def rounded(self, pips: int) -> int:
        """How the child rounds ``pips`` to a five."""
        rem = pips % 5
        down = pips - rem
        return down + 5 if rem in (3, 4) else down

    def points(self, before: Layout, after: Layout) -> int:
        """The points the child thinks the play from ``before`` to ``after`` scores."""
        return play_points(self.total(after, before))


@dataclass(frozen=True)
class Scene:
    """What a child answered about, as a trap's reason speaks of it: a layout and the play asked
    about (or the best play), or a number to round."""

    before: Layout | None = None
    """The layout before the play (or the layout whose ends were counted, with no play)."""
    play: Play | None = None
    """The play asked about, or the best play; None when the puzzle is about a layout alone."""
    number: int = 0
    """The number rounded (rounding traps)."""

    @property
    def after(self) -> Layout:
        """The layout the child counted: after the play, if there is one."""
        assert self.before is not None  # a scene without a layout has no ends to count
        return self.before.play(self.play) if self.play is not None else self.before


TrapId = NewType("TrapId", str)
"""A trap's id (``"spinner-once"``, ``"round-2"``…): what :attr:`Puzzle.traps` and :attr:`Verdict.mistake` hold and
the store keeps, fixed for ever. Text read back from the store or a form is looked up (:func:`find_trap`) before
it is taken for one."""


@dataclass(frozen=True)
class Trap:
    """One trap: a named misconception, where it can happen, what a child who holds it answers and why
    that is wrong, the pair of pictures that shows it, and the drill that practises the step it misses."""

    id: TrapId
    """The trap's id, e.g. ``"spinner-once"``: what :attr:`Puzzle.traps` and :attr:`Verdict.mistake` hold,
    and what the store keeps (fixed for ever)."""
    family: TrapFamily
    """What it gets wrong (see :class:`TrapFamily`)."""
    stages: tuple[Stage, ...]
    """The stages where it can happen at all (in Five-Up every double spins: no double counted once)."""
    model: Misbelief
    """How a child who holds it counts, rounds and scores: the answer such a child gives."""
    reason: Callable[[Scene], str] = field(compare=False)
    """Why it is wrong on a scene, in one short sentence for a child (at most 15 words)."""
    contrast: Callable[[Puzzle, Trap], Contrast | None] = field(compare=False)
    """Its contrast pair made from a puzzle (two pictures that differ in just what it gets wrong), or
    None when the puzzle shows nothing to contrast."""
    drill_kind: str
    """The kind whose puzzles are its number drill, one step down (rounding: nearest five)."""
    named: str
    """The mistake, as a teacher's report and the class's answer chart name it, marked with ``N_``:
    ``N_("counted a covered spinner")`` (:attr:`mistake` says it in the reader's language)."""
    summary: str
    """What the trap is, for a teacher, with an example where one helps, marked with ``N_``:
    ``N_("counts a double at an arm end once (4-4 as 4)")`` (:attr:`words` says it)."""
    said_to_child: str
    """What a child who fell into it did, said to them when their puzzle shows no numbers to say it with,
    marked with ``N_``: ``N_("You counted ... : it counts both halves.")`` (:attr:`you_did` says it)."""
    facts: tuple[str, ...]
    """The Sprint's fact kinds under it, by their prefix (:class:`trainer.learning.sprint.FactKind`: ``"near"``
    for the nearest five, ``"add"`` for adding the ends…): the coach steps to them when the trap holds."""

    @property
    def words(self) -> str:
        """What the trap is, for a teacher: ``"counts a spinner whose sides are both covered"``."""
        return said(self.summary)

    @property
    def mistake(self) -> str:
        """The mistake named for a teacher: ``"counted a covered spinner"``."""
        return said(self.named)

    @property
    def you_did(self) -> str:
        """What the child did, said to them: ``"You counted a spinner whose sides are both covered: …"``."""
        return said(self.said_to_child)


_TRAPS: dict[str, Trap] = {}


def register_trap(record: Trap) -> Trap:
    """Add a trap to the registry (once, in its family's module)."""
    if record.id in _TRAPS:
        raise ValueError(f"The trap {record.id!r} is registered twice.")
    _TRAPS[record.id] = record
    return record


class UnknownTrap(KeyError):
    """A trap id the registry does not have."""


def trap(trap_id: str) -> Trap:
    """The record of a trap, by its id."""
    try:
        return _TRAPS[trap_id]
    except (KeyError, TypeError):
        raise UnknownTrap(f"{trap_id!r} is not a trap.") from None


def find_trap(trap_id: str | None) -> Trap | None:
    """The record of a trap, or None for a mistake id that names no trap."""
    return _TRAPS.get(trap_id) if isinstance(trap_id, str) else None


def all_traps() -> tuple[Trap, ...]:
    """Every registered trap, in the order they are declared (counting, rounding, spotting)."""
    return tuple(_TRAPS.values())
