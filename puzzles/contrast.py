"""Contrast pairs: two pictures side by side that differ in exactly the thing a trap gets wrong.

The spinner covered and uncovered; the end before and after a tile covers it; 12 and 13 on the
number line. :func:`contrast` asks the trap's record (:attr:`puzzles.registry.Trap.contrast`) for the
pair made from a puzzle, which says what differs, so a picture can draw both sides (a layout, or a
number) and the words under them. Here is what the traps' pairs share; the pair's value types are
:mod:`puzzles.pair`.

>>> from puzzles import generate_for
>>> p = generate_for("hand-rounding", stage="muggins", level=1, trap="round-2", seed=0)
>>> pair = contrast(p, "round-2")
>>> (pair.left.number % 5, pair.right.number % 5)
(2, 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzles.pair import Contrast, Side
from puzzles.registry import Trap, find_trap, kind
from trainer.rules import TILES, EndKind, Layout, OpenEnd, Play, Tile
from trainer.words import _
from trainer.words.traps import you_counted_half

if TYPE_CHECKING:  # types only: each trap's pair is made in its family's module, which imports this one
    from puzzles.puzzle import Puzzle


def without(lay: Layout, index: int) -> Layout:
    """``lay`` without the tile placed ``index``-th and every tile set on it since."""
    gone = {index}
    for pl in lay.placements:
        if pl.target in gone:
            gone.add(pl.index)
    return Layout.from_record([p for i, p in enumerate(lay.plays) if i not in gone], variant=lay.variant)


def side_of(lay: Layout, caption: str, marks: tuple[str, ...] = ()) -> Side:
    """A layout side: the layout, its open-end total, and the ends (or tiles) to ring."""
    return Side(caption, lay, lay.total, None, marks)


def asked_play(p: Puzzle) -> Play | None:
    """The play asked about, or else the (first) best play; None for a puzzle about no play."""
    if p.the_play is not None:
        return p.the_play
    if isinstance(p.answer, tuple) and p.answer and isinstance(p.answer[0], Play):
        return p.answer[0]
    return None


def covering_play(p: Puzzle) -> Play | None:
    """The play a "what number on its other end makes a five?" question leaves open: the answer's tile
    on the one end the question names (:attr:`puzzles.registry.Kind.named_ends`), which it covers; None
    for a puzzle that names no end, or whose answer is not a domino's half."""
    named = kind(p.kind).named_ends
    ids = named(p) if named is not None else ()
    n = p.answer
    if len(ids) != 1 or not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 6:
        return None
    end = next((e for e in p.board.open_ends if e.id == ids[0]), None)
    if end is None:
        return None
    play = Play.parse(f"{Tile(min(n, end.number), max(n, end.number))}>{end.tile}")
    return play if p.board.is_legal(play) else None


def trapped_play(p: Puzzle, record: Trap) -> Play | None:
    """Of a "which play scores most?" puzzle, the play a child who holds the trap picks, when the trap
    changes how they count the layout after it (they counted that layout wrong); None otherwise."""
    misconceive = kind(p.kind).misconceive
    got = misconceive(p, record.id) if misconceive is not None and p.the_play is None else None
    if not isinstance(got, Play) or got.is_lead or got in p.answer:
        return None
    after = p.board.play(got)
    return got if record.model.total(after, p.board) != after.total else None


def layout_of(p: Puzzle, record: Trap | None = None) -> Layout:
    """The layout the child counted: after the play asked about; after the play a child who holds the
    trap (``record``) picks, where they counted it wrong; after the best play; or after the new tile
    goes on the end a question names (the end the child kept counting)."""
    if p.the_play is not None:
        return p.board.play(p.the_play)
    cover = covering_play(p)
    if cover is not None:
        return p.board.play(cover)
    play = (trapped_play(p, record) if record is not None else None) or asked_play(p)
    return p.board.play(play) if play is not None and not play.is_lead else p.board


def lead_double(lay: Layout, d: OpenEnd, trap: str) -> Contrast:
    """A double that was led, beside the same double with both its sides covered."""
    covered = lay
    for t in TILES:
        if not any(e.tile == d.tile and e.kind == EndKind.DOUBLE for e in covered.open_ends):
            break
        if not t.is_double and t.has(d.number) and t not in covered:
            covered = covered.play(f"{t}>{d.tile}")
    return Contrast(trap, side_of(lay, _("A side free: {tile} counts both halves, {value}").format(
                        tile=d.tile, value=d.value), (d.id,)),
                    side_of(covered, _("Both sides covered: {tile} counts 0").format(tile=d.tile)),
                    _("A double counts both halves while a side is free, 0 once covered: never one half."),
                    str(d.tile), you_counted_half(str(d.tile), d.number, d.value, spinner=lay.is_spinner(d.tile)))


def contrast(p: Puzzle, trap_id: str) -> Contrast:
    """The contrast pair for a trap (:attr:`puzzles.registry.Trap.contrast`), made from ``p``'s layout or
    number; the open ends as they are, twice, when the puzzle shows nothing the trap gets wrong."""
    record = find_trap(trap_id)
    pair = record.contrast(p, record) if record is not None else None
    if pair is not None:
        return pair
    lay = layout_of(p)
    ends = _("The ends make {total}").format(total=lay.total)
    return Contrast(trap_id, side_of(lay, ends), side_of(lay, ends), _("Count only the open ends."),
                    you=record.you_did if record is not None else "")
