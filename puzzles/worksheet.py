"""Printable worksheets: puzzles with pictures and write-in boxes, an answer key, and a sheet for
building each layout with real dominoes. Pure Python (fpdf2 draws the pictures as vectors, segno
makes the QR codes).

>>> sheet = make_sheet("five-up", 2, count=3, seed=7)
>>> sheet_from_code(sheet.code) == sheet
True
>>> worksheet_pdf(sheet)[:5]
b'%PDF-'
"""

from __future__ import annotations

import datetime as dt
import io
import random
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

import segno
from fpdf import FPDF

from puzzles import KINDS, STAGES, Puzzle, generate
from puzzles.codes import GENERATOR, SEED_SPACE, CodeError, decode, encode, seed_space
from puzzles.kinds import KIND_TITLES, MIX_ORDER
from puzzles.pictures import layout_letters
from puzzles.print_pictures import draw_hand, draw_layout, draw_tile, picture_cells
from puzzles.registry import AnswerShape, answer_words, kind
from puzzles.stages import STAGE_TITLES, Stage, check_stage_level
from trainer import words
from trainer.render import render_number_line
from trainer.render.geometry import layout_geometry
from trainer.rules import IllegalPlay, Layout
from trainer.words import _
from trainer.words import pictures as picture_words

PAPERS = {"a4": "A4", "letter": "Letter"}
MIX = "mix"
"""The kinds choice that mixes kinds as the coach does (the core kinds most often)."""
MAX_COUNT = 60
SHEET_SEEDS = SEED_SPACE // 64
"""Sheet seeds are below this (the count rides in the code too; generator 1's sheets had more)."""
_FIXED_DATE = dt.datetime(2024, 1, 1, tzinfo=dt.UTC)  # the same sheet gives the same bytes


@dataclass(frozen=True)
class Sheet:
    """A worksheet: its puzzles and the short code that rebuilds it."""

    code: str
    stage: Stage
    level: int
    kind: str
    """One kind of :data:`puzzles.KINDS`, or ``"mix"``."""
    count: int
    seed: int
    puzzles: tuple[Puzzle, ...]


def make_sheet(stage: Stage, level: int, *, count: int = 12, seed: int = 0, kind: str = MIX,
               generator: int = GENERATOR) -> Sheet:
    """The puzzles of a sheet. The same arguments always give the same sheet; its code carries the
    generator of its puzzles, so it opens the same sheet after the puzzle makers change."""
    check_stage_level(stage, level)
    if kind != MIX and kind not in KINDS:
        raise IllegalPlay(_("'{kind}' is not a kind of puzzle: choose one of {kinds} or mix.").format(
            kind=kind, kinds=", ".join(KINDS)))
    if not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise IllegalPlay(_("A sheet has 1 to {most} puzzles.").format(most=MAX_COUNT))
    if not isinstance(seed, int) or seed < 0:
        raise IllegalPlay(_("A sheet seed is a whole number, 0 or more."))
    space = seed_space(generator)
    seed %= space // 64
    rng = random.Random(f"sheet/{stage}/{level}/{kind}/{seed}")
    puzzles = []
    for i in range(count):
        k = MIX_ORDER[i % len(MIX_ORDER)] if kind == MIX else kind
        puzzles.append(generate(k, stage=stage, level=level, seed=rng.randrange(space), generator=generator))
    kind_index = 15 if kind == MIX else 8 + KINDS.index(kind)
    code = encode(kind_index, STAGES.index(stage), level, seed * 64 + count - 1, generator)
    return Sheet(code, stage, level, kind, count, seed, tuple(puzzles))


def sheet_from_code(code: str) -> Sheet:
    """Rebuild the sheet a code names (a bad code raises :class:`CodeError`)."""
    kind_index, stage_index, level, packed, generator = decode(code)
    if kind_index == 15:
        kind = MIX
    elif 8 <= kind_index < 8 + len(KINDS):
        kind = KINDS[kind_index - 8]
    else:
        raise CodeError(_("That is a puzzle code, not a sheet code."))
    return make_sheet(STAGES[stage_index], level, count=packed % 64 + 1, seed=packed // 64, kind=kind,
                      generator=generator)


MAX_ADDRESS = 200
"""The longest address a printed QR code carries: a longer one makes a code too dense to scan at
the size it is printed (200 characters already need a 61×61 code)."""


def address_problem(address: str, *, with_query: bool = False) -> str | None:
    """Why ``address`` cannot go in a QR code, in words for a teacher, or None if it can (an empty
    address is fine: the sheet uses localhost). It must be an ``http://`` or ``https://`` address of
    at most ``MAX_ADDRESS`` characters, without spaces, and without a ``?`` or ``#`` part unless
    ``with_query`` (a learner's own link carries ``?me=``).

    >>> address_problem("http://192.168.1.20:8501/") is None
    True
    >>> address_problem("school.example")
    'The address must start with http:// or https://, like http://192.168.1.20:8501/.'
    """
    address = address.strip()
    if not address:
        return None
    if len(address) > MAX_ADDRESS:
        return _("That address is {length} characters long; a QR code children can scan holds up to {most}. "
                 "Use the short address of the app, like http://192.168.1.20:8501/.").format(
                     length=f"{len(address):,}", most=MAX_ADDRESS)
    if any(c.isspace() or not c.isprintable() for c in address):
        return _("The address has a space or a hidden character in it: type it again without spaces.")
    try:
        parts = urlsplit(address)
        parts.port  # noqa: B018  (a bad port number raises ValueError)
    except ValueError:
        return _("That is not a web address: type it like http://192.168.1.20:8501/.")
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return _("The address must start with http:// or https://, like http://192.168.1.20:8501/.")
    if not with_query and (parts.query or parts.fragment or "?" in address or "#" in address):
        return _("The address must end before any ? or #: the QR codes add the puzzle's own code.")
    return None


def puzzle_link(base_url: str, p: Puzzle) -> str:
    """The address that opens a puzzle in the app, in the language the sheet is made in.

    >>> from puzzles import from_code
    >>> puzzle_link("http://10.0.0.5:8501", from_code("CQT6-QX36"))
    'http://10.0.0.5:8501/?code=CQT6-QX36'
    >>> with words.speaking("es"):
    ...     puzzle_link("", from_code("CQT6-QX36"))
    'http://localhost:8501/?code=CQT6-QX36&lang=es'
    """
    base = base_url.strip() or "http://localhost:8501/"
    if not base.endswith("/"):
        base += "/"
    lang = words.language()
    return f"{base}?code={p.code}" + (f"&lang={lang}" if lang != words.DEFAULT else "")


# ----- drawing -----

def _clean(svg: str) -> str:
    """fpdf2 draws SVG as vectors; it has no use for the screen-reader title and description."""
    svg = svg.replace('fill="transparent"', 'fill="none"')  # click targets: nothing to print
    return re.sub(r"<(title|desc)>.*?</\1>", "", svg, flags=re.S)


def _svg_size(svg: str) -> tuple[float, float]:
    w, h = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"', svg).groups()  # type: ignore[union-attr]
    return float(w), float(h)


class _Pdf(FPDF):
    def __init__(self, paper: str, title: str, code: str) -> None:
        super().__init__(format=PAPERS[paper.lower()])
        self.sheet_title, self.sheet_code = title, code
        self.set_creation_date(_FIXED_DATE)
        self.set_title(title)
        self.set_author("Fives Trainer")
        self.set_margins(14, 14, 14)
        self.set_auto_page_break(False)

    def footer(self) -> None:
        self.set_y(-11)
        self.set_font("Helvetica", size=9)
        self.set_text_color(110)
        self.cell(0, 5, _text(_("Fives Trainer · sheet {code} · page {page}").format(code=self.sheet_code,
                                                                                   page=self.page_no())), align="C")
        self.set_text_color(0)

    def picture(self, svg: str, x: float, y: float, w: float, h: float) -> tuple[float, float]:
        """Draw an SVG inside the box (x, y, w, h), keeping its shape; returns its drawn size."""
        sw, sh = _svg_size(svg)
        scale = min(w / sw, h / sh)
        dw, dh = sw * scale, sh * scale
        self.image(io.BytesIO(_clean(svg).encode()), x=x, y=y, w=dw, h=dh)
        return dw, dh

    def qr(self, link: str, x: float, y: float, size: float) -> None:
        out = io.BytesIO()
        segno.make(link, error="m").save(out, kind="png", scale=6, border=2)
        out.seek(0)
        self.image(out, x=x, y=y, w=size, h=size)

    def heading(self, text: str, sub: str) -> None:
        self.set_font("Helvetica", "B", 18)
        self.cell(0, 9, text, new_x="LMARGIN", new_y="NEXT")
        self.set_font("Helvetica", size=11)
        self.cell(0, 6, sub, new_x="LMARGIN", new_y="NEXT")


def _text(s: str) -> str:
    """Helvetica in a PDF has no arrows or minus signs: say them plainly."""
    for a, b in (("→", "->"), ("−", "-"), ("÷", "/"), ("…", "..."), ("—", "-"), ("–", "-"), ("★", "*"),
                 ("“", '"'), ("”", '"'), ("’", "'")):
        s = s.replace(a, b)
    return s.encode("latin-1", "replace").decode("latin-1")


def _pictures(p: Puzzle) -> list[tuple[str, object, float]]:
    """What to draw for a puzzle: (what, which, width ÷ height)."""
    out: list[tuple[str, object, float]] = []
    if p.board:
        x0, y0, x1, y1 = layout_geometry(p.board).bounds
        out.append(("layout", p.board, (x1 - x0 + 5.2) / (y1 - y0 + 5.2)))
    if p.number is not None and not p.board:  # a number line beside a layout would give the answer away
        svg = render_number_line(p.number, style="projector")
        sw, sh = _svg_size(svg)
        out.append(("line", svg, sw / sh))
    tiles = list(p.hand)
    if tiles:
        out.append(("hand", tiles, (3 * len(tiles) - 1) / 4))
    return out


def _answer_boxes(pdf: _Pdf, p: Puzzle, x: float, y: float, w: float) -> None:
    pdf.set_font("Helvetica", size=11)
    labels = kind(p.kind).boxes
    bw = min(38.0, (w - 4 * (len(labels) - 1)) / len(labels))
    for i, label in enumerate(labels):
        bx = x + i * (bw + 4)
        pdf.set_xy(bx, y)
        pdf.cell(bw, 5, label)
        pdf.set_line_width(0.5)
        pdf.rect(bx, y + 5.5, bw, 12)


def _card(pdf: _Pdf, n: int, p: Puzzle, y: float, h: float, base_url: str) -> None:
    x0, w = pdf.l_margin, pdf.w - pdf.l_margin - pdf.r_margin
    pdf.set_line_width(0.3)
    pdf.set_draw_color(150)
    pdf.rect(x0, y, w, h - 3)
    pdf.set_draw_color(0)
    qr = 24.0
    pdf.qr(puzzle_link(base_url, p), x0 + w - qr - 2, y + 2, qr)
    pdf.set_font("Helvetica", size=8)
    pdf.set_xy(x0 + w - qr - 2, y + 2 + qr)
    pdf.cell(qr, 4, p.code, align="C")
    pdf.set_xy(x0 + 3, y + 3)
    pdf.set_font("Helvetica", "B", 13)
    pdf.multi_cell(w - qr - 10, 6.5, _text(f"{n}. {p.question}"), align="L")
    top = pdf.get_y() + 1
    room_h = y + h - 3 - 22 - top
    pics = _pictures(p)
    px = x0 + 4
    avail = w - qr - 12
    hand_h = min(room_h, 24.0)
    # hands and number lines at a fixed, readable height; the layout takes the rest of the row
    fixed = sum(ratio * hand_h + 6 for what, _item, ratio in pics if what != "layout")
    for what, item, ratio in pics:
        if what == "layout":
            bw, bh = max(30.0, avail - fixed), room_h
        else:
            bw, bh = ratio * hand_h, hand_h
        if what == "layout":
            # lettered as the app letters the puzzle's picture (a child names an end the same way)
            dw, _dh = draw_layout(pdf, p.board, px, top, bw, bh, letters=layout_letters(p, p.board, working=False))
        elif what == "hand":
            dw, _dh = draw_hand(pdf, item, px, top, bw, bh)  # type: ignore[arg-type]
        else:
            dw, _dh = pdf.picture(item, px, top, bw, bh)  # type: ignore[arg-type]
        px += dw + 6
    _answer_boxes(pdf, p, x0 + 4, y + h - 3 - 21, w - qr - 12)


def worksheet_pdf(sheet: Sheet, *, paper: str = "A4", base_url: str = "", key: bool = True) -> bytes:
    """The sheet's puzzles, three to a page, with the answer key on the last pages (``key=True``).
    ``ValueError`` (in words for a teacher) if ``base_url`` cannot go in a QR code."""
    problem = address_problem(base_url)
    if problem:
        raise ValueError(problem)
    title = _("Fives Trainer - {stage}, level {level}").format(stage=STAGE_TITLES[sheet.stage], level=sheet.level)
    pdf = _Pdf(paper, _text(title), sheet.code)
    per_page = 3
    for i, p in enumerate(sheet.puzzles):
        if i % per_page == 0:
            pdf.add_page()
            what = _("Mixed puzzles") if sheet.kind == MIX else KIND_TITLES[sheet.kind]
            pdf.heading(_text(title), _text(_("Sheet {code}   ·   Name: ______________________   ·   {what}").format(
                code=sheet.code, what=what)))
            pdf.set_font("Helvetica", "I", 9)
            pdf.cell(0, 5, _text(picture_words.last_played_legend()), new_x="LMARGIN", new_y="NEXT")
            pdf.ln(1)
            top = pdf.get_y()
            card_h = (pdf.h - 16 - top) / per_page
        _card(pdf, i + 1, p, top + (i % per_page) * card_h, card_h, base_url)
    if key:
        _answer_key(pdf, sheet)
    return bytes(pdf.output())


def answer_key_pdf(sheet: Sheet, *, paper: str = "A4") -> bytes:
    """The answer key alone, with the working of each answer."""
    pdf = _Pdf(paper, _text(_("Answer key, sheet {code}").format(code=sheet.code)), sheet.code)
    _answer_key(pdf, sheet)
    return bytes(pdf.output())


KEY_CELL = (4.0, 4.0)
"""Millimetres per cell of an answer key's picture, at least and at most: a tile 16 mm long, as on the
worksheet's own pages, its pips and working easy to read (smaller only where the page's width or
:data:`KEY_HEIGHT` does not allow it)."""
KEY_WIDTH = 60.0
"""An answer key's picture is at least this wide (mm) unless its tiles would grow too big."""
KEY_HEIGHT = 110.0
"""…and at most this tall (mm)."""
KEY_MIN_HEIGHT = 16.0
"""…and at least this tall (mm) where the page's width allows: a straight line of tiles, one tile high, is
otherwise a thin strip whose pips and working a teacher cannot read at a glance."""


def key_picture_size(lay: Layout, room: float) -> tuple[float, float]:
    """The size (mm) of a layout's picture with its working in the answer key: at least
    ``KEY_WIDTH`` wide (or tiles of the largest size), never wider than ``room``."""
    cw, ch = picture_cells(lay, working=True)
    s = min(KEY_CELL[1], max(KEY_CELL[0], KEY_WIDTH / cw))
    s = max(s, KEY_MIN_HEIGHT / ch)
    s = min(s, room / cw, KEY_HEIGHT / ch)
    return cw * s, ch * s


def _answer_key(pdf: _Pdf, sheet: Sheet) -> None:
    pdf.add_page()
    pdf.heading(_text(_("Answer key")), _text(_("Sheet {code} · {stage}, level {level}").format(
        code=sheet.code, stage=STAGE_TITLES[sheet.stage], level=sheet.level)))
    x0, w = pdf.l_margin, pdf.w - pdf.l_margin - pdf.r_margin
    for i, p in enumerate(sheet.puzzles):
        steps = [s.text for s in p.steps]
        shown = None
        if p.board:
            shown = p.board.play(p.answer[0]) if kind(p.kind).answer_shape is AnswerShape.PLAY else p.board
        bw, bh = key_picture_size(shown, w - 4) if shown is not None else (0.0, -3.0)
        need = 9 + 5 * len(steps) + bh + 3
        if pdf.get_y() + need > pdf.h - 16:
            pdf.add_page()
        pdf.set_font("Helvetica", "B", 12)
        pdf.set_x(x0)
        pdf.multi_cell(w, 6, _text(_("{n}. ({code}) Answer: {answer}").format(n=i + 1, code=p.code,
                                                                              answer=answer_words(p))))
        if shown is not None:
            y = pdf.get_y()
            _dw, dh = draw_layout(pdf, shown, x0 + 4, y + 1, bw, bh, working=True)
            pdf.set_y(y + dh + 2)
        pdf.set_font("Helvetica", size=10)
        for s in steps:
            pdf.set_x(x0 + 4)
            pdf.multi_cell(w - 4, 5, _text(f"- {s}"))
        pdf.ln(2)


def build_pdf(sheet: Sheet, *, paper: str = "A4") -> bytes:
    """"Build it with real dominoes": each puzzle's tiles in play order, with a small picture each."""
    pdf = _Pdf(paper, _text(_("Build it with real dominoes, sheet {code}").format(code=sheet.code)), sheet.code)
    pdf.add_page()
    pdf.heading(_text(_("Build it with real dominoes")), _text(_(
        "Sheet {code}: lay the tiles in this order, then answer the puzzle and check it in the app.").format(
            code=sheet.code)))
    x0, w = pdf.l_margin, pdf.w - pdf.l_margin - pdf.r_margin
    for i, p in enumerate(sheet.puzzles):
        if not p.board:
            continue
        lay = p.board
        rows = (len(lay) + 5) // 6
        if pdf.get_y() + 10 + rows * 26 > pdf.h - 16:
            pdf.add_page()
        pdf.set_font("Helvetica", "B", 12)
        pdf.set_x(x0)
        pdf.cell(w, 7, _text(f"{i + 1}. Puzzle {p.code} ({KIND_TITLES[p.kind]})"), new_x="LMARGIN", new_y="NEXT")
        y = pdf.get_y()
        places = lay.placements
        for j, (play, place) in enumerate(zip(lay.plays, places)):
            cx = x0 + (j % 6) * (w / 6)
            cy = y + (j // 6) * 26
            draw_tile(pdf, play.tile, cx + 2, cy, 16)
            pdf.set_font("Helvetica", size=8)
            pdf.set_xy(cx + 13, cy + 2)
            if play.target is None:
                words = _("{n}. {tile} lead").format(n=j + 1, tile=play.tile)
            else:
                words = _("{n}. {tile} on the {number} of {target}").format(
                    n=j + 1, tile=play.tile, number=place.number, target=play.target)
            pdf.multi_cell(w / 6 - 14, 4, _text(words), align="L")
        pdf.set_y(y + rows * 26 + 2)
    return bytes(pdf.output())


__all__ = ["MIX", "PAPERS", "Sheet", "answer_key_pdf", "build_pdf", "make_sheet", "puzzle_link", "sheet_from_code",
           "worksheet_pdf"]
