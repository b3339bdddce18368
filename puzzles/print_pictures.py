"""Layouts and tiles drawn straight onto a PDF page with fpdf2's own lines and circles.

The same geometry and pip patterns as the SVG pictures (:mod:`trainer.render`), drawn
directly: a worksheet of 40 puzzles is made in well under two seconds this way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fpdf import FPDF

from trainer.render.geometry import Geometry, layout_geometry
from trainer.render.markers import Marker
from trainer.render.svg import _SPOTS, end_letters, marker_spots
from trainer.rules import Layout, Tile

INK = (0, 0, 0)
SPINNER = (0, 158, 115)
LETTER = (240, 228, 66)
GREY = (120, 120, 120)
LAST = (0, 114, 178)
"""The dashed outline of the tile played last."""


Box = tuple[float, float, float, float]
"""A rectangle (x0, y0, x1, y1) in mm on the page."""


def _tile(pdf: FPDF, tile_box: Box, halves: Sequence[tuple[int, Box]], along_x: bool, *,
          spinner: bool = False, last: bool = False) -> None:
    x0, y0, x1, y1 = tile_box
    w, h = x1 - x0, y1 - y0
    pdf.set_line_width(0.3 if last else 0.25)
    pdf.set_draw_color(*(LAST if last else INK))
    pdf.set_fill_color(255, 255, 255)
    if last:  # the tile played last: a quiet dashed outline, as on screen
        pdf.set_dash_pattern(dash=0.8, gap=0.6)
    pdf.rect(x0, y0, w, h, style="DF", round_corners=True, corner_radius=min(w, h) * 0.14)
    pdf.set_dash_pattern()
    pdf.set_draw_color(*INK)
    pdf.set_line_width(0.2)
    if along_x:
        pdf.line(x0 + w / 2, y0 + h * 0.12, x0 + w / 2, y0 + h * 0.88)
    else:
        pdf.line(x0 + w * 0.12, y0 + h / 2, x0 + w * 0.88, y0 + h / 2)
    pdf.set_fill_color(*INK)
    for number, (hx0, hy0, hx1, _hy1) in halves:
        size = hx1 - hx0
        r = size * 0.1
        for u, v in _SPOTS[number]:
            px, py = (v * size, u * size) if along_x else (u * size, v * size)
            pdf.circle(hx0 + px, hy0 + py, r, style="F")
    if spinner:
        pdf.set_fill_color(*SPINNER)
        pdf.circle(x0 + w / 2, y0 + h / 2, min(w, h) * 0.16, style="F")


def _on_page(cells: tuple[int, int, int, int], ox: float, oy: float, s: float) -> Box:
    """A box in cells as mm on the page: scaled by ``s`` from the origin (``ox``, ``oy``)."""
    x0, y0, x1, y1 = cells
    return ox + x0 * s, oy + y0 * s, ox + x1 * s, oy + y1 * s


def _lettered(lay: Layout, letters: bool | Mapping[str, str]) -> dict[str, str]:
    """The letters printed on ``lay``'s open ends: every one (``True``), or those of a puzzle's
    picture (:func:`puzzles.pictures.layout_letters`, as the app letters them)."""
    if letters is True:
        return end_letters(lay)
    if not letters:
        return {}
    return {e.id: letters[e.id] for e in lay.open_ends if e.id in letters}


def _extent(lay: Layout, *, letters: bool | Mapping[str, str],
            working: bool) -> tuple[Geometry, list[Marker], tuple[float, float, float, float]]:
    """The marks to draw and the box (cells) around the tiles and those marks, a little to spare."""
    g = layout_geometry(lay)
    names = _lettered(lay, letters)
    marks = marker_spots(lay, g, letters=set(names), values=working and not names) if (names or working) else []
    boxes = [t.box for t in g.tiles] + [(m.x - m.half, m.y - m.half, m.x + m.half, m.y + m.half) for m in marks]
    pad = 0.3
    return g, marks, (min(b[0] for b in boxes) - pad, min(b[1] for b in boxes) - pad,
                      max(b[2] for b in boxes) + pad, max(b[3] for b in boxes) + pad)


def picture_cells(lay: Layout, *, letters: bool | Mapping[str, str] = False,
                  working: bool = False) -> tuple[float, float]:
    """The width and height, in cells, of a layout's printed picture: its tiles and marks, tight."""
    _, _, (x0, y0, x1, y1) = _extent(lay, letters=letters, working=working)
    return x1 - x0, y1 - y0


def draw_layout(pdf: FPDF, lay: Layout, x: float, y: float, w: float, h: float, *,
                letters: bool | Mapping[str, str] = False, working: bool = False) -> tuple[float, float]:
    """Draw a layout inside the box (x, y, w, h) in mm, keeping its shape; returns its drawn size.
    ``letters``: ``True`` letters every open end, or pass ``{end id: letter}``."""
    g, marks, (bx0, by0, bx1, by1) = _extent(lay, letters=letters, working=working)
    cw, ch = bx1 - bx0, by1 - by0
    s = min(w / cw, h / ch)
    ox, oy = x - bx0 * s, y - by0 * s
    last = len(lay) - 1
    places = lay.placements
    for pt in g.tiles:
        box = _on_page(pt.box, ox, oy, s)
        halves = [(hf.number, _on_page(hf.box, ox, oy, s)) for hf in pt.halves]
        _tile(pdf, box, halves, (pt.box[2] - pt.box[0]) >= (pt.box[3] - pt.box[1]),
              spinner=places[pt.index].is_spinner, last=pt.index == last and len(lay) > 1)
    names = _lettered(lay, letters)
    if names or working:
        ends = {e.id: e for e in lay.open_ends}
        pdf.set_font("Helvetica", "B", max(6.0, s * 1.3 / 0.3528))
        for m in marks:
            e = ends[m.end]
            px, py = ox + m.x * s, oy + m.y * s
            if m.role == "letter":
                side = 1.7 * s * m.half
                pdf.set_fill_color(*LETTER)
                pdf.set_line_width(0.2)
                pdf.rect(px - side / 2, py - side / 2, side, side, style="DF")
                pdf.set_xy(px - side / 2, py - side / 2)
                pdf.cell(side, side, names[m.end], align="C")
            else:
                r = 0.8 * s * m.half
                if e.value:
                    pdf.set_fill_color(*INK)
                    pdf.circle(px, py, r, style="F")
                    pdf.set_text_color(255)
                else:
                    pdf.set_draw_color(*GREY)
                    pdf.circle(px, py, r, style="D")
                    pdf.set_text_color(*GREY)
                pdf.set_xy(px - r, py - r)
                pdf.cell(2 * r, 2 * r, str(e.value), align="C")
                pdf.set_text_color(0)
                pdf.set_draw_color(*INK)
    return cw * s, ch * s


def draw_hand(pdf: FPDF, tiles: Sequence[Tile], x: float, y: float, w: float, h: float) -> tuple[float, float]:
    """Tiles standing in a row inside the box; returns the drawn size."""
    n = max(len(tiles), 1)
    cw, ch = n * 3 - 1, 4  # cells: 2 wide + 1 gap each, 4 tall
    s = min(w / cw, h / ch)
    for i, t in enumerate(tiles):
        tx = x + i * 3 * s
        box = (tx, y, tx + 2 * s, y + 4 * s)
        halves = [(t.low, (tx, y, tx + 2 * s, y + 2 * s)), (t.high, (tx, y + 2 * s, tx + 2 * s, y + 4 * s))]
        _tile(pdf, box, halves, False)
    return cw * s, ch * s


def draw_tile(pdf: FPDF, tile: Tile, x: float, y: float, height: float) -> None:
    """One tile standing, ``height`` mm tall."""
    draw_hand(pdf, [tile], x, y, height / 2, height)
