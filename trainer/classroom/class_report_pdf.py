"""A class's report printed (A4, portrait): whether the teaching works — the class's learning curves per kind of
puzzle and per trap (:mod:`trainer.classroom.curves`), drawn as one vector picture each
(:mod:`trainer.render.curve_picture`) that prints sharp — and the traps to teach the whole class. As many pages
as the panels need (nine a page), in the teacher's language; fpdf2 as the other printed pages.

>>> import datetime as dt
>>> class_report_pdf("Room 4", [], day=dt.date(2026, 11, 26), language="en")[:5]
b'%PDF-'
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Sequence

from puzzles.worksheet import _text
from trainer.classroom.curves import Curve, SkillKind
from trainer.classroom.printing import A4
from trainer.render import curve_picture
from trainer.words import class_report as words
from trainer.words import curves as curve_words
from trainer.words import speaking

MARGIN = 14.0
PER_PAGE = 9
"""Panels on one page: three rows of three."""
BLUE = (0, 114, 178)
INK = (31, 41, 51)
GREY = (110, 110, 110)


def panels(curves: Sequence[Curve]) -> list[dict[str, object]]:
    """The curves as the pictures take them (as My class's chart does)."""
    return [{"title": c.name, "flat": c.flat,
             "points": [(p.opportunity, p.children, p.share_wrong, p.predicted) for p in c.points]} for c in curves]


class _Pdf(A4):
    def __init__(self) -> None:
        super().__init__(MARGIN)


def _heading(pdf: _Pdf, text: str, size: float = 15) -> None:
    pdf.set_font("Helvetica", "B", size)
    pdf.set_text_color(*BLUE)
    pdf.set_x(MARGIN)
    pdf.multi_cell(pdf.w - 2 * MARGIN, size * 0.5, _text(text), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(1.5)


def _para(pdf: _Pdf, text: str, size: float = 10.5, colour: tuple[int, int, int] = INK) -> None:
    pdf.set_font("Helvetica", size=size)
    pdf.set_text_color(*colour)
    pdf.set_x(MARGIN)
    pdf.multi_cell(pdf.w - 2 * MARGIN, size * 0.48, _text(text), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(1.5)


def _height(pdf: _Pdf, chunk: list[dict[str, object]]) -> float:
    """The printed height of the picture of ``chunk``, across the page."""
    w, h = curve_picture.size(len(chunk))
    return (pdf.w - 2 * MARGIN) * h / w


def _picture(pdf: _Pdf, chunk: list[dict[str, object]]) -> None:
    """The panels as one picture across the page, under what is there; a new page first when it does not fit."""
    width, height = pdf.w - 2 * MARGIN, _height(pdf, chunk)
    if pdf.get_y() + height > pdf.h - MARGIN - 8:
        pdf.add_page()
    svg = _text(curve_picture.curves_svg(chunk))  # Helvetica's letters only, as every printed page
    pdf.image(io.BytesIO(svg.encode("utf-8")), x=MARGIN, y=pdf.get_y(), w=width, h=height)
    pdf.set_y(pdf.get_y() + height + 4)


def class_report_pdf(name: str, curves: Sequence[Curve], *, day: dt.date, language: str) -> bytes:
    """The class's report: its name and the day, how to read the curves, the kinds' panels, the traps' panels,
    and the traps whose line stays up (to teach the whole class)."""
    pdf = _Pdf()
    with speaking(language):
        pdf.set_title(_text(words.title(name)))
        pdf.add_page()
        pdf.set_font("Helvetica", "B", 22)
        pdf.set_text_color(*INK)
        pdf.set_x(MARGIN)
        pdf.multi_cell(pdf.w - 2 * MARGIN, 10, _text(words.title(name)), new_x="LMARGIN", new_y="NEXT")
        _para(pdf, words.subheading(day), 10, GREY)
        _heading(pdf, curve_words.heading(), 17)
        _para(pdf, curve_words.caption())
        if not curves:
            _para(pdf, curve_words.too_few())
        for heading, what in ((curve_words.kinds_heading(), SkillKind.KIND), (curve_words.traps_heading(),
                                                                              SkillKind.TRAP)):
            mine = panels([c for c in curves if c.what is what])
            if not mine:
                continue
            if pdf.get_y() + 14 + _height(pdf, mine[:PER_PAGE]) > pdf.h - MARGIN - 8:
                pdf.add_page()  # the heading goes with its first picture
            _heading(pdf, heading)
            for start in range(0, len(mine), PER_PAGE):
                _picture(pdf, mine[start:start + PER_PAGE])
        flat = [c for c in curves if c.what is SkillKind.TRAP and c.flat]
        if curves:
            if pdf.get_y() > pdf.h - 50:
                pdf.add_page()
            _heading(pdf, curve_words.flat_heading())
            if not flat:
                _para(pdf, curve_words.none_flat())
            for c in flat:
                late = c.points[-2:]
                share = round(100 * sum(p.wrong for p in late) / max(1, sum(p.children for p in late)))
                _para(pdf, "- " + curve_words.flat_line(c.name, c.points[0].children, share))
    return bytes(pdf.output())
