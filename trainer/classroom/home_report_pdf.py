"""A report for home printed: one A4 page per child, in the child's language, big enough to read on a fridge.
The words come from :mod:`trainer.words.home_report`, the facts from :mod:`trainer.classroom.home_report`;
drawn with fpdf2 and segno as the worksheets and sign-in cards are (Helvetica, their tile drawing).

>>> import datetime as dt
>>> from trainer.classroom.home_report import home_report
>>> r = home_report("Blue Fox", "KQ7M-XR4P", [], [], language="en", day=dt.date(2026, 11, 26), app_address="")
>>> home_report_pdf([r])[:5]
b'%PDF-'
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

import segno
from fpdf.enums import MethodReturnValue

from puzzles import KIND_TITLES, CodeError, from_code, kind, trap_words
from puzzles.print_pictures import draw_hand
from puzzles.stages import STAGE_LABELS
from puzzles.worksheet import _text
from trainer.classroom.evidence import for_teacher
from trainer.classroom.home_report import HomeReport
from trainer.classroom.printing import A4
from trainer.learning.days import month_calendar
from trainer.rules import Tile
from trainer.words import days as day_words
from trainer.words import evidence as evidence_words
from trainer.words import home_report as words
from trainer.words import speaking

BLUE = (0, 114, 178)
"""Headings: the app's own blue (the mastery grid's darkest step)."""
GREEN = (0, 158, 115)
"""A practised day on the little calendar (the spinner's green)."""
INK = (31, 41, 51)
SOFT = (238, 243, 247)
"""The band at the foot of the page."""
GREY = (110, 110, 110)

MARGIN = 16.0
TOP = 47.0
"""Where the sections start, under the heading."""
BAND = 60.0
"""The height of the band at the foot (the QR code and the month), mm."""
BAND_TOP = 297.0 - 14.0 - BAND
QR_SIZE = 46.0
SCALES = (1.15, 1.0, 0.92, 0.84, 0.76, 0.68)
"""The sizes the sections' text is tried at, largest first: the first that fits above the band is used."""


class Style(Enum):
    """A block of a section: its heading, or a line of text (a plain one, or one with a tick before it)."""

    HEADING = "heading"
    TEXT = "text"
    TICK = "tick"


@dataclass(frozen=True)
class Block:
    style: Style
    text: str


def sections(report: HomeReport) -> list[Block]:
    """The page's sections in the report's language, as blocks, top to bottom."""
    name = report.nickname
    out = [Block(Style.HEADING, words.mastered_heading(name))]
    if report.mastered:
        out += [Block(Style.TICK, words.stage_mastered(s)) for s in report.mastered]
    elif report.answered:
        out.append(Block(Style.TEXT, words.nothing_mastered_yet(name)))
    else:
        out.append(Block(Style.TEXT, words.not_started(name)))
    out.append(Block(Style.HEADING, words.working_heading(name)))
    if report.working_on is None:
        out.append(Block(Style.TEXT, words.every_stage_done(name)))
    else:
        out.append(Block(Style.TEXT, words.working_on(report.working_on)))
        if report.answered:
            out.append(Block(Style.TEXT, words.along(report.along.value)))
        if report.sure_of:
            out.append(Block(Style.TICK, words.sure_of([KIND_TITLES[k] for k in report.sure_of])))
    if report.evidence:  # a sentence of evidence for each stage (the words a teacher reads on My class)
        out.append(Block(Style.HEADING, evidence_words.home_heading()))
        out += [Block(Style.TEXT, evidence_words.stage_line(STAGE_LABELS[e.stage], for_teacher(e)))
                for e in report.evidence]
    if report.trap is not None:
        out += [Block(Style.HEADING, words.trap_heading()),
                Block(Style.TEXT, words.trap_slip(name, trap_words(report.trap)))]
        reason = trap_reason(report.trap, report.example)
        if reason:
            out.append(Block(Style.TEXT, words.trap_right(reason)))
    out += [Block(Style.HEADING, words.days_heading()),
            Block(Style.TEXT, words.days_line(name, report.days_this_month, words.month_in_sentence(report.day))
                  if report.days_this_month else words.no_days_yet(words.month_in_sentence(report.day))),
            Block(Style.HEADING, words.help_heading()),
            Block(Style.TEXT, words.help_for_family(report.trap_family.value if report.trap_family else None,
                                                    report.working_on, name, started=report.answered > 0)
                  + " " + words.little_and_often())]
    return out


def trap_reason(trap_id: str, example: str | None) -> str:
    """Why the trap is wrong on the example puzzle, in the current language (``""`` without one)."""
    if example is None:
        return ""
    try:
        p = from_code(example)
    except (CodeError, ValueError):
        return ""
    say = kind(p.kind).trap_reason
    return say(p, trap_id) if say is not None else ""


class _Pdf(A4):
    def __init__(self) -> None:
        super().__init__(MARGIN)

    def lines(self, text: str, width: float, line_h: float) -> int:
        """How many lines ``text`` takes at ``width`` in the current font."""
        got = self.multi_cell(width, line_h, text, dry_run=True, output=MethodReturnValue.LINES)
        return len(got) if isinstance(got, list) else 1


def _sizes(scale: float) -> tuple[float, float, float, float]:
    """(heading size pt, heading height, text size pt, text line height) at ``scale``."""
    return 15 * scale, 9.5 * scale, 13 * scale, 6.4 * scale


def _height(pdf: _Pdf, blocks: Sequence[Block], scale: float) -> float:
    head_pt, head_h, text_pt, line_h = _sizes(scale)
    width = pdf.w - 2 * MARGIN
    total = 0.0
    for b in blocks:
        if b.style is Style.HEADING:
            pdf.set_font("Helvetica", "B", head_pt)
            total += pdf.lines(_text(b.text), width, head_h) * head_h + 2 * scale
            continue
        pdf.set_font("Helvetica", size=text_pt)
        total += pdf.lines(_text(b.text), width - 8, line_h) * line_h + 1.2 * scale
    return total


def fitting_scale(pdf: _Pdf, blocks: Sequence[Block]) -> float:
    """The largest of :data:`SCALES` at which the sections fit between the heading and the band."""
    room = BAND_TOP - 4 - TOP
    return next((s for s in SCALES if _height(pdf, blocks, s) <= room), SCALES[-1])


def _fit(pdf: _Pdf, text: str, width: float, size: float, smallest: float) -> str:
    """Set a bold font from ``size`` down to ``smallest`` pt so that ``text`` fits ``width``; cut it with
    ``...`` if even the smallest is too wide. Returns the text to write."""
    text = _text(text)
    pdf.set_font("Helvetica", "B", size)
    while size > smallest and pdf.get_string_width(text) > width:
        size -= 1
        pdf.set_font("Helvetica", "B", size)
    while text and pdf.get_string_width(text) > width:
        text = text[:-4] + "..."
    return text


def _header(pdf: _Pdf, report: HomeReport) -> None:
    draw_hand(pdf, [Tile(5, 5), Tile(2, 3)], MARGIN, 14, 24, 22)
    x = MARGIN + 27
    width = pdf.w - MARGIN - x
    pdf.set_text_color(*INK)
    pdf.set_xy(x, 14)
    pdf.cell(width, 12, _fit(pdf, words.heading(report.nickname), width, 26, 16))
    pdf.set_font("Helvetica", size=10.5)
    pdf.set_text_color(*GREY)
    pdf.set_xy(x, 28)
    pdf.multi_cell(width, 5, _text(words.subheading(report.day)), align="L")
    pdf.set_draw_color(*BLUE)
    pdf.set_line_width(0.8)
    pdf.line(MARGIN, 42, pdf.w - MARGIN, 42)


def _body(pdf: _Pdf, blocks: Sequence[Block]) -> None:
    scale = fitting_scale(pdf, blocks)
    head_pt, head_h, text_pt, line_h = _sizes(scale)
    width = pdf.w - 2 * MARGIN
    pdf.set_y(TOP)
    for b in blocks:
        if b.style is Style.HEADING:
            pdf.ln(2 * scale)
            pdf.set_font("Helvetica", "B", head_pt)
            pdf.set_text_color(*BLUE)
            pdf.set_x(MARGIN)
            pdf.multi_cell(width, head_h, _text(b.text), align="L", new_x="LMARGIN", new_y="NEXT")
            continue
        y = pdf.get_y()
        if b.style is Style.TICK:
            _tick(pdf, MARGIN + 2.5, y + line_h / 2, 2.2 * scale)
        pdf.set_font("Helvetica", size=text_pt)
        pdf.set_text_color(*INK)
        pdf.set_xy(MARGIN + 8, y)
        pdf.multi_cell(width - 8, line_h, _text(b.text), align="L", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1.2 * scale)


def _tick(pdf: _Pdf, x: float, y: float, r: float) -> None:
    """A tick in a green disc: learned (drawn, as Helvetica has no tick)."""
    pdf.set_fill_color(*GREEN)
    pdf.circle(x, y, r, style="F")
    pdf.set_draw_color(255, 255, 255)
    pdf.set_line_width(r * 0.3)
    pdf.polyline([(x - r * 0.5, y), (x - r * 0.1, y + r * 0.45), (x + r * 0.55, y - r * 0.4)])


def _band(pdf: _Pdf, report: HomeReport) -> None:
    x0, w = MARGIN, pdf.w - 2 * MARGIN
    pdf.set_fill_color(*SOFT)
    pdf.rect(x0, BAND_TOP, w, BAND, style="F", round_corners=True, corner_radius=4)
    text_x = x0 + 5
    if report.link is not None:
        qr = io.BytesIO()
        segno.make(report.link, error="m").save(qr, kind="png", scale=8, border=2)
        qr.seek(0)
        pdf.image(qr, x=x0 + 4, y=BAND_TOP + (BAND - QR_SIZE) / 2, w=QR_SIZE, h=QR_SIZE)
        text_x = x0 + QR_SIZE + 8
    text_w = x0 + 122 - text_x  # the month's calendar is to the right
    pdf.set_xy(text_x, BAND_TOP + 5)
    pdf.set_font("Helvetica", "B", 14)
    pdf.set_text_color(*BLUE)
    pdf.cell(text_w, 8, _text(words.qr_heading()), new_x="LEFT", new_y="NEXT")
    pdf.set_font("Helvetica", size=10.5)
    pdf.set_text_color(*INK)
    said = words.qr_words(report.nickname) if report.link is not None else words.no_qr(report.nickname)
    pdf.multi_cell(text_w, 5, _text(said), align="L", new_x="LEFT", new_y="NEXT")
    if report.link is not None and report.until is not None:  # the learner code itself is never printed
        pdf.set_xy(text_x, pdf.get_y() + 1.5)
        pdf.set_font("Helvetica", size=9.5)
        pdf.set_text_color(*GREY)
        pdf.multi_cell(text_w, 4.6, _text(words.until_words(words.long_date(report.until))), align="L",
                       new_x="LEFT", new_y="NEXT")
    _month(pdf, report, x0 + 126, BAND_TOP + 5)


def _month(pdf: _Pdf, report: HomeReport, x: float, y: float) -> None:
    """The month's little calendar: a green disc on each day practised (no count of answers, no score)."""
    cell = 6.6
    practised = set(report.practised_days)
    cal = month_calendar({}, report.day.year, report.day.month, today=report.day)
    pdf.set_xy(x, y)
    pdf.set_font("Helvetica", "B", 11)
    pdf.set_text_color(*INK)
    pdf.cell(7 * cell, 6, _text(day_words.month_name(report.day.year, report.day.month)), align="C")
    pdf.set_font("Helvetica", size=7)
    pdf.set_text_color(*GREY)
    for i, name in enumerate(day_words.weekday_names()):
        pdf.set_xy(x + i * cell, y + 7)
        pdf.cell(cell, 4, _text(name[:2]), align="C")
    pdf.set_font("Helvetica", "B", 8)
    for row, week in enumerate(cal.weeks):
        for col, d in enumerate(week):
            if d is None:
                continue
            cx, cy = x + col * cell + cell / 2, y + 12 + row * cell + cell / 2
            if d.is_today:  # a ring on the day the report was made, as on My progress
                pdf.set_draw_color(*BLUE)
                pdf.set_line_width(0.5)
                pdf.circle(cx, cy, cell * 0.5, style="D")
            if d.day.day in practised:
                pdf.set_fill_color(*GREEN)
                pdf.circle(cx, cy, cell * 0.44, style="F")
                pdf.set_text_color(255, 255, 255)
            else:
                pdf.set_text_color(*GREY)
            pdf.set_xy(cx - cell / 2, cy - cell / 2)
            pdf.cell(cell, cell, str(d.day.day), align="C")


def _footer(pdf: _Pdf) -> None:
    pdf.set_xy(MARGIN, pdf.h - 11)
    pdf.set_font("Helvetica", size=8.5)
    pdf.set_text_color(*GREY)
    pdf.cell(pdf.w - 2 * MARGIN, 5, _text(words.footer()), align="C")


def home_report_pdf(reports: Sequence[HomeReport]) -> bytes:
    """One page per report, each in its child's language, in the order given (a class's: the class's order)."""
    pdf = _Pdf()
    for report in reports:
        with speaking(report.language):
            if pdf.page_no() == 0:
                pdf.set_title(_text(words.title()))
            pdf.add_page()
            _header(pdf, report)
            _body(pdf, sections(report))
            _band(pdf, report)
            _footer(pdf)
    if not reports:
        pdf.add_page()
    return bytes(pdf.output())
