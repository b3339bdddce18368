"""A contrast pair's value types: two pictures (:class:`Side`) that differ in one thing, and that thing in words
(:class:`Contrast`). Made by each trap's record (:attr:`puzzles.registry.Trap.contrast`) from a puzzle, with what
:mod:`puzzles.contrast` shares; values only, so the registry can name them without importing what makes them."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.rules import Layout


@dataclass(frozen=True)
class Side:
    """One picture of a pair: a layout or a number, and its caption."""

    caption: str
    board: Layout | None = None
    """The layout to draw (``None`` for a number side)."""
    total: int | None = None
    """The layout's open-end total (or the rounded number, for a number side)."""
    number: int | None = None
    """The number a number line shows (rounding pairs)."""
    marks: tuple[str, ...] = ()
    """The open ends (ids like ``"1-4:4"``) or tiles to ring on the picture."""


@dataclass(frozen=True)
class Contrast:
    """Two sides that differ in one thing, and that thing in words."""

    trap: str
    left: Side
    right: Side
    differs: str
    """What differs, for a child (under both pictures)."""
    tile: str | None = None
    """The tile that makes the difference, if any (to ring on both sides)."""
    you: str = ""
    """What the child did, said to them with the puzzle's numbers ("You counted the 4 on 1-4, but 4-6
    covers it now: it adds nothing."): the card's first line. A teacher reads the trap's name instead."""
