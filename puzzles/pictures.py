"""A puzzle's pictures: its layout and hand, a number line, a side of a contrast pair, and which
places of the layout are lettered — the same for the app's pages and the printed worksheets.

Pure Python (SVG text from :mod:`trainer.render`): the pages show what this module draws, and a
worksheet letters its ends with :func:`layout_letters`, so a child finds end B at the same place on
the screen and on paper.

>>> from puzzles import generate
>>> p = generate("best-play", stage="muggins", level=1, seed=1)
>>> layout_svg, hand_svg = puzzle_pictures(p, working=False, style="classroom")
>>> 'data-letter="A"' in layout_svg and hand_svg is not None
True
>>> layout_letters(p, p.board, working=True)
{}
"""

from __future__ import annotations

from collections.abc import Collection

from puzzles.pair import Side
from puzzles.puzzle import Puzzle
from puzzles.registry import AnswerShape, kind
from trainer import words
from trainer.render import render_hand, render_layout, render_number_line
from trainer.rules import Layout, end_letters, first_free_letter

PICTURE_CACHE = 512
"""How many pictures are kept (a bounded cache shared by every session: it holds no learner's data)."""

PictureKey = tuple[str, bool, str, str | None, tuple[str, ...], tuple[str, ...], str]
_PICTURES: dict[PictureKey, tuple[str, str | None]] = {}


def puzzle_pictures(
    p: Puzzle, *, working: bool, style: str = "classroom", layout: Layout | None = None,
    highlight: Collection[str] = (), ringed: Collection[str] = (),
) -> tuple[str, str | None]:
    """The layout and hand pictures of a puzzle (ends lettered while a choice is open).
    ``layout`` draws another layout in place of the puzzle's (the one after a play);
    ``highlight`` shows the working of those ends only (a hint's step); ``ringed`` rings those ends with
    no number (the ends its question names: :func:`named_ends`).

    Pictures are a pure function of what they show, so they are kept (:data:`PICTURE_CACHE`) and a
    rerun that shows the same puzzle draws nothing."""
    marks, rings = tuple(highlight), tuple(ringed)
    key: PictureKey = (p.code, working, style, layout.record if layout is not None else None, marks, rings,
                       words.language())  # a picture's title and description are in the reader's language
    found = _PICTURES.get(key)
    if found is None:
        found = _draw_pictures(p, working=working, style=style, layout=layout, highlight=marks, ringed=rings)
        if len(_PICTURES) >= PICTURE_CACHE:
            _PICTURES.pop(next(iter(_PICTURES)), None)  # the oldest goes
        _PICTURES[key] = found
    return found


def _draw_pictures(
    p: Puzzle, *, working: bool, style: str, layout: Layout | None, highlight: tuple[str, ...],
    ringed: tuple[str, ...] = (),
) -> tuple[str, str | None]:
    layout_svg = ""
    if p.board:
        lay = layout or p.board
        # before the working is shown, the picture's title, description and ends say no total and no end's
        # value (a tooltip or a screen reader would read out the answer to "What's the open-end total?");
        # a hint's highlighted ends show their working all the same
        layout_svg = render_layout(lay, working=working, letters=layout_letters(p, lay, working=working),
                                   style=style, highlight=highlight, ringed=ringed, counted=working)
    hand_svg = None
    if p.hand:  # a puzzle about one play holds just that play's tile
        hand_svg = render_hand(p.hand, style=style, width=hand_width(len(p.hand)))
    return layout_svg, hand_svg


def layout_letters(p: Puzzle, lay: Layout, *, working: bool) -> dict[str, str]:
    """The letter of each place on ``lay`` (the puzzle's layout, or the one after a play) that a child
    names in an answer, by end id: none once the working is shown or when the answer is not tapped;
    every open end for a play; for a puzzle about ends, each covered place offered as a choice too
    (:func:`choice_letters`). The app's pictures and the printed worksheets letter ends with it."""
    if working or not kind(p.kind).clickable:
        return {}
    if kind(p.kind).answer_shape is AnswerShape.ENDS:
        return choice_letters(p)
    return end_letters(lay)


def big_screen_layout(p: Puzzle, *, revealed: bool, style: str = "projector") -> str:
    """The layout picture the projector shows: while the puzzle is open, lettered as everywhere
    (:func:`layout_letters`) with the ends its question names ringed; once revealed, the working — on
    the layout after the best play, for a play — with the letters kept on the ends still open and the
    answer's ends ringed ("" for a puzzle with no layout)."""
    if not p.board:
        return ""
    if not revealed:
        return render_layout(p.board, working=False, letters=layout_letters(p, p.board, working=False),
                             style=style, ringed=named_ends(p), counted=False)
    shape = kind(p.kind).answer_shape
    shown = p.board.play(p.answer[0]) if shape is AnswerShape.PLAY else p.board
    letters: dict[str, str] = {}
    if shape is AnswerShape.PLAY:  # the ends still open keep their letters
        still = {e.id for e in shown.open_ends}
        letters = {i: x for i, x in end_letters(p.board).items() if i in still}
    elif shape is AnswerShape.ENDS:
        letters = choice_letters(p)
    marks = tuple(p.answer) if shape is AnswerShape.ENDS else ()
    return render_layout(shown, working=True, letters=letters, style=style, highlight=marks)


def choice_letters(p: Puzzle) -> dict[str, str]:
    """The letter of each choice of a puzzle about ends, as the picture marks it: the open ends' letters
    (:func:`~trainer.rules.end_letters`), then each covered place offered as a choice, lettered on after them."""
    letters = end_letters(p.board)
    for c in p.choices:
        if c.value not in letters:
            letters[c.value] = first_free_letter(letters.values())
    return letters


def named_ends(p: Puzzle) -> tuple[str, ...]:
    """The ends a puzzle's question names in words (``"the 3 on 2-3"``), to be marked on its picture."""
    named = kind(p.kind).named_ends
    return named(p) if named is not None and p.board else ()


def contrast_side(side: Side, *, style: str = "classroom") -> str:
    """One side of a contrast pair as a picture: its layout with the ends that differ ringed, or its
    number line."""
    if side.board is not None:
        return render_layout(side.board, working=True, highlight=side.marks, style=style)
    return render_number_line(side.number or 0, reveal=True, style=style)


def number_line(p: Puzzle, *, reveal: bool, style: str = "classroom") -> str:
    """The number-line picture of a number-skill puzzle ("" for other kinds)."""
    if p.number is None:
        return ""
    return render_number_line(p.number, reveal=reveal, style=style)


def hand_width(count: int) -> int:
    """Pixel width of a hand picture: tiles about 48 px wide, easy to tap."""
    return min(72 * max(count, 1), 560)


__all__ = ["PICTURE_CACHE", "big_screen_layout", "choice_letters", "contrast_side", "hand_width", "layout_letters",
           "named_ends", "number_line", "puzzle_pictures"]
