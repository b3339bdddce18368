"""Contrast pairs: two pictures side by side that differ in exactly the thing a trap gets wrong.

The spinner covered and uncovered; the end before and after a tile covers it; 12 and 13 on the
number line. :func:`contrast` makes the pair from a puzzle and a trap, and says what differs, so a
picture can draw both sides (a layout, or a number) and the words under them.

>>> from puzzles import generate_for
>>> p = generate_for("hand-rounding", stage="muggins", level=1, trap="round-2", seed=0)
>>> pair = contrast(p, "round-2")
>>> (pair.left.number % 5, pair.right.number % 5)
(2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzles.puzzle import Puzzle
from puzzles.traps import ROUNDING, SPOTTING
from trainer.rules import TILES, Layout, OpenEnd, Play, round_to_five
from trainer.words import _
from trainer.words.plays import play_words


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


def without(lay: Layout, index: int) -> Layout:
    """``lay`` without the tile placed ``index``-th and every tile set on it since."""
    gone = {index}
    for pl in lay.placements:
        if pl.target in gone:
            gone.add(pl.index)
    return Layout.from_record([p for i, p in enumerate(lay.plays) if i not in gone], variant=lay.variant)


def _side(lay: Layout, caption: str, marks: tuple[str, ...] = ()) -> Side:
    return Side(caption, lay, lay.total, None, marks)


def _asked_play(p: Puzzle) -> Play | None:
    """The play asked about, or else the (first) best play; None for a puzzle about no play."""
    if p.the_play is not None:
        return p.the_play
    if isinstance(p.answer, tuple) and p.answer and isinstance(p.answer[0], Play):
        return p.answer[0]
    return None


def _layout_of(p: Puzzle) -> Layout:
    """The layout the child counted: after the play asked about, or after the best play."""
    if p.the_play is not None:
        return p.board.play(p.the_play)
    play = _asked_play(p)
    return p.board.play(play) if play is not None and not play.is_lead else p.board


def _lead_double(lay: Layout, d: OpenEnd, trap: str) -> Contrast:
    covered = lay
    for t in TILES:
        if not any(e.tile == d.tile and e.kind == "double" for e in covered.open_ends):
            break
        if not t.is_double and t.has(d.number) and t not in covered:
            covered = covered.play(f"{t}>{d.tile}")
    return Contrast(trap, _side(lay, _("A side free: {tile} counts both halves, {value}").format(
                        tile=d.tile, value=d.value), (d.id,)),
                    _side(covered, _("Both sides covered: {tile} counts 0").format(tile=d.tile)),
                    _("A double counts both halves while a side is free, 0 once covered: never one half."),
                    str(d.tile))


def contrast(p: Puzzle, trap: str) -> Contrast:
    """The contrast pair for ``trap``, made from ``p``'s layout or number."""
    if trap in ROUNDING:
        n = p.answer["pips"] if isinstance(p.answer, dict) else (p.number or 0)
        down = n - n % 5
        r = int(trap[-1])
        a, b = down + r, down + 5 - r
        left = Side(_("{n} rounds to {rounded}").format(n=a, rounded=round_to_five(a)), number=a,
                    total=round_to_five(a))
        right = Side(_("{n} rounds to {rounded}").format(n=b, rounded=round_to_five(b)), number=b,
                     total=round_to_five(b))
        if r in (1, 2):
            why = _("{n} is {away} from a five: it goes down. 1 and 2 past a five go down; 3 and 4 go up.")
        else:
            why = _("{n} is {away} from a five: it goes up. 1 and 2 past a five go down; 3 and 4 go up.")
        return Contrast(trap, left, right, why.format(n=a, away=min(r, 5 - r)))
    if trap in SPOTTING:
        before = p.board
        token = _asked_play(p)
        if token is None:
            return Contrast(trap, _side(before, _("Now")), _side(before, _("Now")), _("Try every play."))
        after = before.play(token)
        what = (_("{play} makes the total smaller, and it scores.").format(play=play_words(token))
                if trap == "missed-lowering" else
                _("No 5 on any end, but {working} scores.").format(working=after.working))
        return Contrast(trap, _side(before, _("Before: {total}").format(total=before.total)),
                        _side(after, _("After: {total}").format(total=after.total)), what,
                        str(token.tile))
    lay = _layout_of(p)
    if trap == "covered-spinner":
        free = {e.tile for e in lay.open_ends if e.kind == "double"}
        spin = next((s for s in lay.spinners if s not in free), None)
        sides = [pl for pl in lay.placements if spin is not None and pl.target >= 0
                 and lay.tiles[pl.target] == spin and pl.via == "side"]
        if spin is not None and sides:
            open_ = without(lay, sides[-1].index)
            return Contrast(trap, _side(open_, _("One side free: {tile} counts {pips}").format(
                tile=spin, pips=spin.pips)),
                            _side(lay, _("Both sides covered: {tile} counts 0").format(tile=spin)),
                            _("Once both sides of the spinner {tile} are covered, it counts nothing.").format(
                                tile=spin),
                            str(spin))
    if trap in ("spinner-once", "double-once"):
        spinner = trap == "spinner-once"
        d = next((e for e in lay.open_ends if e.kind == "double" and lay.is_spinner(e.tile) == spinner), None)
        if d is not None:
            place = next(pl for pl in lay.placements if pl.tile == d.tile)
            if not place.index:  # the lead: beside it, the same double with its sides covered
                return _lead_double(lay, d, trap)
            before = without(lay, place.index)
            return Contrast(trap, _side(before, _("Before {tile}: the end counts {number}").format(
                                tile=d.tile, number=d.number), ()),
                            _side(lay, _("{tile} counts both halves: {value}").format(tile=d.tile, value=d.value),
                                  (d.id,)),
                            _("A double with a free side counts both halves: {tile} counts {value}, not {number}.")
                            .format(tile=d.tile, value=d.value, number=d.number), str(d.tile))
    if trap == "counted-covered" and len(lay) > 1:
        last = lay.placements[-1]
        before = without(lay, last.index)
        target = lay.tiles[last.target]
        return Contrast(trap, _side(before, _("Before: the {number} on {tile} counts").format(
                            number=last.number, tile=target)),
                        _side(lay, _("After {tile}: it is covered, it adds nothing").format(tile=last.tile)),
                        _("When {tile} is set on the {number} of {target}, that {number} stops counting.").format(
                            tile=last.tile, number=last.number, target=target), str(last.tile))
    ends = _("The ends make {total}").format(total=lay.total)
    return Contrast(trap, _side(lay, ends), _side(lay, ends), _("Count only the open ends."))
