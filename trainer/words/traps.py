"""Why a trap is wrong, said for a child in one short sentence (at most 15 words): what each trap's
record gives as its reason (:attr:`puzzles.registry.Trap.reason`), with the tiles and numbers passed as
fields. The rounding traps' reason is :func:`trainer.words.rounding.rounding_reason`.

>>> half_a_double("5-5", 10, spinner=True)
'The spinner 5-5 has a free side: it counts both halves, 10.'
>>> covered_end(4, "1-4"), covered_spinner(None)
('The 4 of 1-4 is covered now: it adds nothing.', 'A covered spinner counts 0.')
"""

from __future__ import annotations

from trainer.words import _


def half_a_double(tile: str | None, value: int, *, spinner: bool) -> str:
    """A double (the spinner, or an arm's) with a free side counts both halves (``tile`` None: no
    such double in sight)."""
    if tile is None:
        return _("A double with a free side counts both halves.")
    if spinner:
        return _("The spinner {tile} has a free side: it counts both halves, {value}.").format(tile=tile, value=value)
    return _("{tile} has a free side: it counts both halves, {value}.").format(tile=tile, value=value)


def covered_spinner(tile: str | None) -> str:
    """A spinner with both sides covered counts nothing (``tile`` None: no such spinner in sight)."""
    if tile is None:
        return _("A covered spinner counts 0.")
    return _("The spinner {tile} has both sides covered: it counts 0.").format(tile=tile)


def covered_end(number: int, tile: str) -> str:
    """The end a tile was just set on is covered: its number stops counting."""
    return _("The {number} of {tile} is covered now: it adds nothing.").format(number=number, tile=tile)


def made_smaller(play: str, before: int, after: int) -> str:
    """A play that scores by making the open-end total smaller."""
    return _("{play} makes the total smaller, {before} → {after}: it scores.").format(
        play=play, before=before, after=after)


def five_without_a_five(working: str) -> str:
    """A play that scores with no 5 on any end: the ends add up to a five (``working``: ``"4 + 6 = 10"``)."""
    return _("No 5 needed: {working} scores.").format(working=working)
