"""What a learner's taps and typing mean: a tap on the picture read as a play or a choice of ends,
typed boxes read as a number or a rounding answer, and each response as the class's chart shows it.

The answer widgets (in the app) only gather taps and text; this module reads them into the response
:meth:`puzzles.Puzzle.check` judges, so every page reads an answer the same way.

>>> play_from_pick({"tile": "4-3", "end": "4-4:4"}), play_from_pick({"tile": "6-6"})
('3-4>4-4', '6-6')
>>> read_typed(("pips", "rounded", "points"), {"pips": "", "rounded": "15", "points": "3"})
Typed(response={'rounded': 15, 'points': 3}, shown='15 → 3', box='', problem='')
>>> read_typed(("n",), {"n": "banana"}).problem
'“banana” is not a number. Type digits, like 15.'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from puzzles.pictures import choice_letters
from puzzles.puzzle import Puzzle
from trainer.rules import IllegalPlay, Layout, Play, Tile, end_letters
from trainer.words import narration
from trainer.words import pages as words
from trainer.words.numbers import read_typed_number


@dataclass(frozen=True)
class Tap:
    """A tap on the board, read: the play it makes, and a child's reason when it cannot be one."""

    token: str | None
    """``"3-4>4-4"``, ``"3-4"`` for a lead, ``"3-4^4-4"`` for a long side of the in-line sniff; ``None``
    when the tap names no tile or no end."""
    problem: str | None = None
    """Why the tap is not a play here (the tile does not show the end's number, or no tile was tapped)."""


def read_tap(pick: Mapping[str, Any]) -> Tap:
    """The one reading of a tap on the board, for every page: a hand's tile then an open end (its id
    ``"1-5:1"``, or ``"4-4^4"`` for a long side of the in-line sniff) is a play on that end, a tile alone a
    lead. A game refuses a tap with a :attr:`Tap.problem`; a puzzle takes the token whenever there is one,
    and its judge says why it does not fit.

    >>> read_tap({"tile": "4-3", "end": "4-4:4"})
    Tap(token='3-4>4-4', problem=None)
    >>> read_tap({"tile": "2-3", "end": "4-4:4"}).problem
    "2-3 has no 4, so it can't go on that end."
    """
    try:
        tile = Tile.parse(str(pick["tile"]))
        end = pick.get("end")
        if not end:
            return Tap(str(Play.parse(str(tile))))
        end = str(end)
        mark = "^" if "^" in end else ">"
        target, _sep, number = end.partition("^" if mark == "^" else ":")
        token = str(Play.parse(f"{tile}{mark}{target}"))
    except (KeyError, TypeError, AttributeError, ValueError):
        return Tap(None, narration.tap_tile_then_end())
    try:
        n = int(number)
    except ValueError:
        return Tap(token, narration.tap_tile_then_end())
    if not tile.has(n):
        return Tap(token, narration.no_such_end(str(tile), n))
    return Tap(token)


def play_from_pick(pick: Mapping[str, Any]) -> str | None:
    """Turn a click on the board into a play token (:func:`read_tap`'s): ``"3-4>4-4"``, ``"3-4"`` for a
    lead, or ``"3-4^4-4"`` for a long side of the in-line sniff (its end id is ``"4-4^4"``)."""
    return read_tap(pick).token


def play_label(lay: Layout, token: Play | str) -> str:
    """A play in words a child can match to the picture: ``"3-4 on end B"``."""
    play = Play.parse(token)
    letters = end_letters(lay)
    number = lay.play(play).placements[-1].number
    if play.beside:
        return words.beside_sniff(str(play.tile), letters.get(f"{play.target}^{number}", "?"))
    return words.on_end(str(play.tile), letters.get(f"{play.target}:{number}", "?"))


def tapped_play(p: Puzzle, pick: Mapping[str, Any]) -> tuple[str, str] | None:
    """A tap on a tile then an end, as a play token and how it is shown (``"3-4 on end B"``), or None
    when the tap names no play. A play that is not legal here is shown as its token: the judge says why."""
    token = play_from_pick(pick)
    if not token:
        return None
    try:
        return token, play_label(p.board, token)
    except IllegalPlay:
        return token, token


def ends_from_pick(p: Puzzle, picked: Iterable[object]) -> list[str]:
    """The choices of a puzzle about ends that the taps on its letters select, in the choices' order."""
    chosen = {str(x) for x in picked}
    return [c.value for c in p.choices if c.value in chosen]


def ends_shown(p: Puzzle, chosen: Iterable[str]) -> str:
    """Chosen ends as the picture letters them: ``"A + C"``."""
    letters = choice_letters(p)
    return " + ".join(sorted(letters.get(c, "?") for c in chosen))


@dataclass(frozen=True)
class Typed:
    """Typed boxes read: the response and how it is shown, or the box whose text is not a number and why."""

    response: int | dict[str, int] | None
    """A number (one box) or ``{"rounded", "points"}`` (and ``"pips"`` when typed); None on a problem."""
    shown: str = ""
    """How the answer is shown on the class's chart: ``"15"``, ``"15 → 3"``."""
    box: str = ""
    """The box with a problem (``"n"``, ``"pips"``, ``"rounded"``, ``"points"``)."""
    problem: str = ""
    """What is wrong with its text, in a child's words (``""`` when every box reads)."""


def read_typed(fields: tuple[str, ...], texts: Mapping[str, object]) -> Typed:
    """Read typed numbers: one box ``("n",)`` (a total, points, a number) or the boxes of a rounding
    answer. The pips box may stay empty: it is there to help, the rounded pips and the points are
    the answer."""
    given: dict[str, int] = {}
    for f in fields:
        text = texts.get(f)
        if f == "pips" and not str(text or "").strip():
            continue
        value, problem = read_typed_number(text)
        if value is None:
            return Typed(None, box=f, problem=problem)
        given[f] = value
    if fields == ("n",):
        return Typed(given["n"], str(given["n"]))
    return Typed(given, f"{given['rounded']} → {given['points']}")


__all__ = ["Tap", "Typed", "ends_from_pick", "ends_shown", "play_from_pick", "play_label", "read_tap", "read_typed",
           "tapped_play"]
