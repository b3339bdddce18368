"""The class's learning curves as one picture (SVG), for the printed class report: the same small charts as My
class's (:func:`trainer.render.charts.learning_curves`) — a panel per trap or kind, the share of wrong answers at
a child's 1st, 2nd … chance (a broad blue line with dots) beside the share the trainer expected (a thin orange
dashed line with squares), every panel on the same 0–100 % scale, a flat one's title in vermilion — drawn with
plain lines and text that a PDF library embeds as vectors and a printer prints sharp, in black and white too
(the two lines differ by width and dash, not by colour alone).

>>> svg = curves_svg([{"title": "Total", "flat": False, "points": [(1, 4, 0.75, 0.6), (2, 4, 0.5, 0.5)]}])
>>> svg.startswith("<svg") and "Total" in svg and svg.count("<polyline") == 4  # its two lines, the legend's two
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from trainer.render.charts import BLUE, INK, ORANGE, VERMILION
from trainer.words import charts as words

COLUMNS = 3
"""Panels side by side (a printed A4 page's width holds three readable ones)."""
PANEL_W, PANEL_H = 250.0, 215.0
"""A panel's size, in the picture's units (a point of type is about one unit at print size)."""
LEGEND_H = 34.0
TITLE_CHARS = 30
"""A panel's title wraps after about this many characters (two lines at most)."""
GRID = "#c9d1d9"


def _f(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _wrap(text: str, width: int = TITLE_CHARS, lines: int = 2) -> list[str]:
    out: list[str] = []
    for word in text.split():
        if out and len(out[-1]) + 1 + len(word) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = out[: lines - 1] + [" ".join(out[lines - 1:])[: width - 3] + "..."]
    return out


def size(panels: int, columns: int = COLUMNS) -> tuple[float, float]:
    """(width, height) of the picture of ``panels`` panels."""
    rows = max(1, -(-panels // columns))
    return columns * PANEL_W, LEGEND_H + rows * PANEL_H


def curves_svg(panels: Sequence[dict[str, Any]], *, columns: int = COLUMNS) -> str:
    """The panels (dicts with ``title``, ``flat`` and ``points``: each ``(opportunity, children, share_wrong,
    predicted)``, as :func:`trainer.render.charts.learning_curves` takes them) as one SVG picture."""
    width, height = size(len(panels), columns)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(width)}" height="{_f(height)}" '
           f'viewBox="0 0 {_f(width)} {_f(height)}" font-family="Helvetica">',
           f'<rect x="0" y="0" width="{_f(width)}" height="{_f(height)}" fill="#ffffff"/>']
    # the legend: the two lines as they are drawn, and what they are
    out.append(f'<polyline points="10,17 46,17" fill="none" stroke="{BLUE}" stroke-width="5"/>'
               f'<circle cx="28" cy="17" r="4.5" fill="{BLUE}"/>'
               f'<text x="54" y="22" font-size="14" fill="{INK}">{escape(words.observed())}</text>')
    x0 = 54 + 9 * len(words.observed()) + 30
    out.append(f'<polyline points="{_f(x0)},17 {_f(x0 + 36)},17" fill="none" stroke="{ORANGE}" stroke-width="2.5" '
               f'stroke-dasharray="7 4"/><rect x="{_f(x0 + 14.5)}" y="13.5" width="7" height="7" fill="{ORANGE}"/>'
               f'<text x="{_f(x0 + 44)}" y="22" font-size="14" fill="{INK}">{escape(words.predicted())}</text>')
    for i, p in enumerate(panels):
        out.append(_panel(p, (i % columns) * PANEL_W, LEGEND_H + (i // columns) * PANEL_H))
    out.append("</svg>")
    return "".join(out)


def _panel(p: dict[str, Any], left: float, top: float) -> str:
    """One panel: its title, the 0 / 50 / 100 % lines, the chances under it, and the two lines."""
    title = words.flat_mark(p["title"]) if p["flat"] else p["title"]
    colour = VERMILION if p["flat"] else INK
    out = [f'<text x="{_f(left + PANEL_W / 2)}" y="{_f(top + 26 + 16 * k)}" font-size="14" font-weight="bold" '
           f'text-anchor="middle" fill="{colour}">{escape(line)}</text>' for k, line in enumerate(_wrap(title))]
    plot_l, plot_r = left + 44, left + PANEL_W - 14
    plot_t, plot_b = top + 58, top + PANEL_H - 36
    points = p["points"]
    last = max((pt[0] for pt in points), default=1)

    def x(n: float) -> float:
        return plot_l + (plot_r - plot_l) * ((n - 0.6) / (last - 0.2)) if last > 0.6 else plot_l

    def y(share: float) -> float:
        return plot_b - (plot_b - plot_t) * min(1.0, max(0.0, share))
    for share in (0.0, 0.5, 1.0):
        out.append(f'<line x1="{_f(plot_l)}" y1="{_f(y(share))}" x2="{_f(plot_r)}" y2="{_f(y(share))}" '
                   f'stroke="{GRID}" stroke-width="{1.4 if share == 0 else 0.8}"/>'
                   f'<text x="{_f(plot_l - 5)}" y="{_f(y(share) + 4)}" font-size="11" text-anchor="end" '
                   f'fill="{INK}">{round(share * 100)}%</text>')
    for pt in points:
        out.append(f'<text x="{_f(x(pt[0]))}" y="{_f(plot_b + 15)}" font-size="11" text-anchor="middle" '
                   f'fill="{INK}">{pt[0]}</text>')
    seen = " ".join(f"{_f(x(pt[0]))},{_f(y(pt[2]))}" for pt in points)
    expected = " ".join(f"{_f(x(pt[0]))},{_f(y(pt[3]))}" for pt in points)
    out.append(f'<polyline points="{expected}" fill="none" stroke="{ORANGE}" stroke-width="2.5" '
               f'stroke-dasharray="7 4"/>')
    out += [f'<rect x="{_f(x(pt[0]) - 3.5)}" y="{_f(y(pt[3]) - 3.5)}" width="7" height="7" fill="{ORANGE}"/>'
            for pt in points]
    out.append(f'<polyline points="{seen}" fill="none" stroke="{BLUE}" stroke-width="5"/>')
    out += [f'<circle cx="{_f(x(pt[0]))}" cy="{_f(y(pt[2]))}" r="4.5" fill="{BLUE}"/>' for pt in points]
    out.append(f'<text x="{_f((plot_l + plot_r) / 2)}" y="{_f(plot_b + 29)}" font-size="11" text-anchor="middle" '
               f'fill="{INK}">{escape(words.opportunity())}</text>')
    return "".join(out)
