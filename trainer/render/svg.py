"""SVG pictures of tiles, hands and layouts. Pure Python: every function returns SVG text."""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from html import escape
from typing import NamedTuple

from trainer.render.geometry import Geometry, Port, layout_geometry
from trainer.rules import Layout, Tile, TileLike, end_letters
from trainer.words import pictures
from trainer.words.ends import end_counts

CELL = 12
"""Pixels per cell at 100%: a tile is 2 × 4 cells (24 × 48 px)."""

# pip spots in a half, as (u, v) in the unit square: u across the tile's width, v along it
_SPOTS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.27, 0.5), (0.27, 0.75), (0.73, 0.25), (0.73, 0.5), (0.73, 0.75)),
}


@dataclass(frozen=True)
class Style:
    """Colours and weights of a picture. Markers differ in shape as well as colour."""

    name: str
    face: str
    edge: str
    pip: str
    line: float
    count_fill: str
    count_text: str
    zero: str
    letter_fill: str
    letter_text: str
    letter_edge: str
    last: str
    """The dashed outline drawn just inside the tile played last: quiet, never an answer's mark."""
    selected: str
    """The heavy outline of the tile chosen in a hand."""
    spinner: str
    font: str
    background: str


CLASSROOM = Style(
    name="classroom", face="#fffdf7", edge="#3b3b3b", pip="#1d1d1d", line=1.2,
    count_fill="#0072B2", count_text="#ffffff", zero="#8a8a8a", letter_fill="#E69F00",
    letter_text="#1d1d1d", letter_edge="#7a5200", last="#56B4E9", selected="#D55E00", spinner="#009E73",
    font="system-ui, -apple-system, 'Segoe UI', sans-serif", background="none",
)
"""Calm colours for a screen (Okabe–Ito colour-blind-safe palette)."""

PROJECTOR = Style(
    name="projector", face="#ffffff", edge="#000000", pip="#000000", line=2.4,
    count_fill="#000000", count_text="#ffffff", zero="#555555", letter_fill="#F0E442",
    letter_text="#000000", letter_edge="#000000", last="#0072B2", selected="#D55E00", spinner="#0072B2",
    font="system-ui, -apple-system, 'Segoe UI', sans-serif", background="#ffffff",
)
"""High contrast for a projector: black on white, heavy lines."""

STYLES = {"classroom": CLASSROOM, "projector": PROJECTOR}


def _style(style: str | Style) -> Style:
    if isinstance(style, Style):
        return style
    return STYLES.get(style, CLASSROOM)


def _f(x: float) -> str:
    """Short, stable number text."""
    if x == int(x):
        return str(int(x))
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _pip_defs() -> str:
    """One symbol per number and direction; halves then ``<use>`` them (small, fast SVG)."""
    size = 2 * CELL
    r = size * 0.1
    out = ["<defs>"]
    for number, spots in _SPOTS.items():
        for along_x in (True, False):
            circles = []
            for u, v in spots:
                px, py = (v * size, u * size) if along_x else (u * size, v * size)
                circles.append(f'<circle cx="{_f(px)}" cy="{_f(py)}" r="{_f(r)}"/>')
            out.append(f'<g id="fives-pips-{number}{"h" if along_x else "v"}">{"".join(circles)}</g>')
    out.append("</defs>")
    return "".join(out)


PIP_DEFS = _pip_defs()


def _frame(w: float, h: float, st: Style, mark: str) -> str:
    """A tile's outline and dividing line, at the origin, drawn inside the tile's box (so nothing
    spills onto a mark beside it). ``mark`` is ``"selected"`` (a chosen hand tile: a heavy solid
    outline), ``"last"`` (the tile played last: a quiet dashed outline) or ``""``."""
    along_x = w >= h
    rx = min(w, h) * 0.14
    edge, width, extra = st.edge, st.line, ""
    if mark == "selected":
        edge, width = st.selected, st.line * 2.2
    elif mark == "last":
        edge, width = st.last, st.line * 1.3
        extra = f' class="last-played" stroke-dasharray="{_f(width * 1.4)} {_f(width * 1.1)}"'
    out = (f'<rect{extra} x="{_f(width / 2)}" y="{_f(width / 2)}" width="{_f(w - width)}" '
           f'height="{_f(h - width)}" rx="{_f(rx)}" fill="{st.face}" stroke="{edge}" stroke-width="{_f(width)}"/>')
    if along_x:
        out += (f'<line x1="{_f(w / 2)}" y1="{_f(h * 0.12)}" x2="{_f(w / 2)}" y2="{_f(h * 0.88)}" '
                f'stroke="{st.edge}" stroke-width="{_f(st.line)}"/>')
    else:
        out += (f'<line x1="{_f(w * 0.12)}" y1="{_f(h / 2)}" x2="{_f(w * 0.88)}" y2="{_f(h / 2)}" '
                f'stroke="{st.edge}" stroke-width="{_f(st.line)}"/>')
    return out


_FRAMES: dict[tuple[float, float, str, str], str] = {}


def _tile_svg(
    tile: Tile, box: tuple[float, float, float, float], halves: Iterable[tuple[int, tuple[float, float, float, float]]],
    st: Style, *, spinner: bool = False, mark: str = "", extra: str = "", label: str | None = None,
    klass: str = "tile",
) -> str:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    along_x = w >= h
    key = (w, h, st.name, mark)
    frame = _FRAMES.get(key)
    if frame is None:
        frame = _FRAMES[key] = _frame(w, h, st, mark)
    title = label or pictures.tile_title(tile, spinner=spinner, last=mark == "last")
    parts = [f'<g class="{klass}" data-tile="{tile}"{extra} transform="translate({_f(x0)},{_f(y0)})">'
             f'<title>{escape(title)}</title>{frame}<g fill="{st.pip}">']
    d = "h" if along_x else "v"
    for number, hb in halves:
        if number:
            parts.append(f'<use href="#fives-pips-{number}{d}" x="{_f(hb[0] - x0)}" y="{_f(hb[1] - y0)}"/>')
    parts.append("</g>")
    if spinner:
        rr = min(w, h) * 0.16
        parts.append(
            f'<circle class="spinner-mark" cx="{_f(w / 2)}" cy="{_f(h / 2)}" r="{_f(rr)}" fill="{st.spinner}" '
            f'stroke="{st.face}" stroke-width="{_f(st.line)}"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _svg_open(view: tuple[float, float, float, float], width: int | None, title: str, desc: str,
              st: Style, klass: str) -> str:
    x, y, w, h = view
    size = f'width="{width}" height="{_f(width * h / w)}"' if width else 'width="100%"'
    bg = ""
    if st.background != "none":
        bg = f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" fill="{st.background}"/>'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{klass} style-{st.name}" viewBox="{_f(x)} {_f(y)} '
        f'{_f(w)} {_f(h)}" {size} role="img" preserveAspectRatio="xMidYMid meet" '
        f'font-family="{escape(st.font, quote=True)}">'
        f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>{PIP_DEFS}{bg}"
    )


# ----- single tiles and hands -----

def render_tile(tile: TileLike, *, vertical: bool = False, width: int | None = None,
                style: str | Style = "classroom") -> str:
    """One tile, lying flat (``vertical=False``) or standing."""
    t = Tile.parse(tile)
    st = _style(style)
    c = CELL
    if vertical:
        box = (0.0, 0.0, 2.0 * c, 4.0 * c)
        halves = [(t.low, (0.0, 0.0, 2.0 * c, 2.0 * c)), (t.high, (0.0, 2.0 * c, 2.0 * c, 4.0 * c))]
    else:
        box = (0.0, 0.0, 4.0 * c, 2.0 * c)
        halves = [(t.low, (0.0, 0.0, 2.0 * c, 2.0 * c)), (t.high, (2.0 * c, 0.0, 4.0 * c, 2.0 * c))]
    head = _svg_open((box[0] - 2, box[1] - 2, box[2] + 4, box[3] + 4), width,
                     *pictures.one_tile(t, t.low, t.high, t.pips), st, "fives-tile")
    return head + _tile_svg(t, box, halves, st) + "</svg>"


def render_hand(
    tiles: Iterable[TileLike], *, selected: TileLike | None = None, playable: Iterable[TileLike] | None = None,
    width: int | None = None, style: str | Style = "classroom",
) -> str:
    """The learner's tiles in a row, standing. Each is a ``<g data-tile="a-b">``; the selected one
    is outlined, and tiles that cannot be played are faded when ``playable`` is given."""
    ts = [Tile.parse(t) for t in tiles]
    st = _style(style)
    sel = Tile.parse(selected) if selected is not None else None
    can = {Tile.parse(t) for t in playable} if playable is not None else None
    c = CELL
    gap = c * 1.0
    parts = []
    for i, t in enumerate(ts):
        x = i * (2 * c + gap)
        box = (x, 0.0, x + 2 * c, 4 * c)
        halves = [(t.low, (x, 0.0, x + 2 * c, 2 * c)), (t.high, (x, 2 * c, x + 2 * c, 4 * c))]
        attrs = f' data-index="{i}"'
        if can is not None and t not in can:
            attrs += ' opacity="0.45" data-playable="no"'
        elif can is not None:
            attrs += ' data-playable="yes"'
        if sel == t:
            attrs += ' data-selected="yes"'
        label = pictures.in_hand(t, chosen=sel == t)
        parts.append(_tile_svg(t, box, halves, st, mark="selected" if sel == t else "", extra=attrs, label=label,
                               klass="tile hand-tile"))
    total_w = max(len(ts), 1) * (2 * c + gap) - gap
    head = _svg_open((-4.0, -4.0, total_w + 8, 4 * c + 8), width, *pictures.hand([str(t) for t in ts]), st,
                     "fives-hand")
    return head + "".join(parts) + "</svg>"


# ----- layouts -----

_DIRS = {(1, 0): "right", (-1, 0): "left", (0, -1): "above", (0, 1): "below"}


def _free_ports(g: Geometry, lay: Layout) -> dict[str, list[Port]]:
    """Open ports of each open end (by end id), in a stable order."""
    used = {t.via_port for t in g.tiles if t.via_port is not None}
    by_tile = {t.tile: t for t in g.tiles}
    out: dict[str, list[Port]] = {}
    for end in lay.open_ends:
        pt = by_tile[end.tile]
        ports = []
        for (how, _slot), port in sorted(pt.ports.items()):
            if port in used:
                continue
            if end.kind == "end" and how != "half":
                continue
            if end.kind == "double" and how != "side":
                continue
            if end.kind == "spinner-end" and how != "end":
                continue
            if end.kind == "sniff-end" and how not in ("half", "end"):  # in line: its line ends
                continue
            if end.kind == "sniff-side" and how != "side":
                continue
            if end.kind == "beside":  # it counts, but nothing can go on it
                continue
            if how == "half" and pt.index == 0:
                # the lead's two halves are two different open ends
                num = pt.halves[0].number if port.dx < 0 else pt.halves[1].number
                if num != end.number:
                    continue
            ports.append(port)
        out[end.id] = ports
    return out


def _occupied(g: Geometry) -> set[tuple[int, int]]:
    cells = set()
    for t in g.tiles:
        x0, y0, x1, y1 = t.box
        cells.update((i, j) for i in range(x0, x1) for j in range(y0, y1))
    return cells


class Marker(NamedTuple):
    """A mark beside an open end: its letter or its value, as a square (centre, half side) in cells."""

    end: str
    """The open end's id."""
    role: str
    """``"letter"`` or ``"value"``."""
    x: float
    y: float
    half: float


def _square(cx: float, cy: float, half: float) -> set[tuple[int, int]]:
    """The cells a square (centre, half side) covers."""
    x0, x1 = int(math.floor(cx - half + 1e-9)), int(math.ceil(cx + half - 1e-9))
    y0, y1 = int(math.floor(cy - half + 1e-9)), int(math.ceil(cy + half - 1e-9))
    return {(i, j) for i in range(x0, x1) for j in range(y0, y1)}


def _fits(cx: float, cy: float, taken: set[tuple[int, int]]) -> bool:
    """Whether the whole 2×2 square centred on (cx, cy) is free."""
    return ((cx - 1, cy - 1) not in taken and (cx, cy - 1) not in taken and (cx - 1, cy) not in taken
            and (cx, cy) not in taken)


def _out(port: Port, d: int, lat: int) -> tuple[int, int]:
    """The centre ``d`` cells out of a port and ``lat`` cells across it."""
    return port.x + port.dx * d + port.dy * lat, port.y + port.dy * d + port.dx * lat


_ACROSS = (0, 1, -1, 2, -2)


def _free_square(ports: list[Port], taken: set[tuple[int, int]], *,
                 reach: int = 3) -> tuple[float, float, float] | None:
    """The nearest free square beyond the ports: first one against the tile (straight out, then a
    little to either side) at any of them, then a cell further out, and so on up to ``reach``
    cells; a smaller square only where no full one is left anywhere near."""
    for d in range(1, reach + 1):
        for port in ports:
            for lat in _ACROSS:
                cx, cy = _out(port, d, lat)
                if _fits(cx, cy, taken):
                    return float(cx), float(cy), 1.0
    for port in ports:
        for d in (1, 2, 3):
            for lat in _ACROSS:
                cx = port.x + port.dx * (d - 0.5) + port.dy * lat * 0.5
                cy = port.y + port.dy * (d - 0.5) + port.dx * lat * 0.5
                if not _square(cx, cy, 0.5) & taken:
                    return cx, cy, 0.5
    return None


def _side_ports(t, number: int | None = None) -> list[Port]:
    """Every edge of the half (or double) that shows ``number`` (of the whole tile when ``None``),
    as a way out for a mark."""
    boxes = [h.box for h in t.halves if h.number == number] or [t.box] if number is not None else [t.box]
    out = []
    for x0, y0, x1, y1 in boxes:
        mx, my = (x0 + x1) // 2, (y0 + y1) // 2
        out += [Port(x0, my, -1, 0), Port(x1, my, 1, 0), Port(mx, y0, 0, -1), Port(mx, y1, 0, 1)]
    return out


def _beyond(spot: tuple[float, float, float], port: Port) -> list[Port]:
    """Ways out of a letter's square, straight on first, for the value beside it."""
    x, y, half = spot
    h = int(half)
    if half != 1.0:
        return []
    ways = [(port.dx, port.dy), (port.dy, port.dx), (-port.dy, -port.dx)]
    return [Port(int(x) + dx * h, int(y) + dy * h, dx, dy) for dx, dy in ways]


def marker_spots(lay: Layout, g: Geometry | None = None, *, letters: bool | Collection[str] = True,
                 values: bool = False) -> list[Marker]:
    """Where each open end's letter (every free port of it: a spinner's two empty ends both get
    it) and value go: on free squares against the end's tile (or beyond its letter), never on a tile
    or on another mark. ``letters`` is ``True`` for every open end, or the ids of the ends that get
    one (the others get their value against the tile)."""
    g = g or layout_geometry(lay)
    taken = _occupied(g)
    ports = _free_ports(g, lay)
    by_tile = {t.tile: t for t in g.tiles}
    ends = [e for e in lay.open_ends]
    if letters is True:
        lettered = {e.id for e in ends if e.kind != "beside"}
    elif letters is False:
        lettered = set()
    else:
        lettered = set(letters)  # type: ignore[arg-type]
    out: list[Marker] = []
    first_letter: dict[str, tuple[Port, tuple[float, float, float]]] = {}

    def near(e, plist: list[Port], reach: int = 3) -> tuple[Port, tuple[float, float, float]] | None:
        """A spot by the end's own ports, else against its half, else anywhere against its tile:
        the nearest full square first, a smaller one only where none is left."""
        t = by_tile[e.tile]
        groups = (plist, _side_ports(t, e.number), _side_ports(t))
        for d in range(1, reach + 1):
            for group in groups:
                for port in group:
                    for lat in _ACROSS:
                        cx, cy = _out(port, d, lat)
                        if _fits(cx, cy, taken):
                            return port, (float(cx), float(cy), 1.0)
        for group in groups:
            for port in group:
                spot = _free_square([port], taken, reach=reach)
                if spot is not None:
                    return port, spot
        return None

    # the letters first: they are what a child taps
    for e in ends:
        if e.id not in lettered or e.kind == "beside":
            continue
        plist = ports.get(e.id) or []
        # one on each free way out (a spinner's two empty ends both carry it); a way out that is
        # blocked has its letter beside the tile instead, at the nearest free place
        for port in plist or [None]:
            spot = _free_square([port], taken) if port is not None else None
            found = (port, spot) if spot is not None and spot[2] == 1.0 else near(e, [port] if port else [])
            if found is None:
                continue
            out.append(Marker(e.id, "letter", *found[1]))
            taken |= _square(*found[1])
            first_letter.setdefault(e.id, found)  # type: ignore[arg-type]
    # a covered place offered as a choice ("3-5:3", the 3 on 3-5) gets its letter against its half
    for eid in sorted(lettered - {e.id for e in ends}, key=str):
        place = covered_place(eid, by_tile)
        if place is None:
            continue
        # straight out from its own half first (not beside the neighbouring half)
        t = by_tile[place.tile]
        straight = [port for port in _side_ports(t, place.number) if _fits(*_out(port, 1, 0), taken)]
        found = (straight[0], (*map(float, _out(straight[0], 1, 0)), 1.0)) if straight else near(place, [])
        if found is not None:
            out.append(Marker(eid, "letter", *found[1]))
            taken |= _square(*found[1])
    if values:
        for e in ends:
            plist = ports.get(e.id) or []
            found = None
            if e.id in first_letter:  # just beyond its letter
                port, spot = first_letter[e.id]
                beyond = _beyond(spot, port)
                sq = _free_square(beyond, taken, reach=1) if beyond else None
                if sq is not None and sq[2] == 1.0:
                    found = (port, sq)
            if found is None:
                found = near(e, [] if e.kind == "beside" else plist[:1])
            if found is not None:
                out.append(Marker(e.id, "value", *found[1]))
                taken |= _square(*found[1])
    return out


class _Place(NamedTuple):
    """A covered place, shaped like an open end for :func:`marker_spots`' search."""

    tile: Tile
    number: int


def covered_place(eid: str, by_tile: Mapping[Tile, object]) -> _Place | None:
    """The tile and number of a covered place's id (``"3-5:3"``), if that tile is on the table."""
    try:
        text, number = eid.split(":")
        tile = Tile.parse(text)
        n = int(number)
    except ValueError:
        return None
    return _Place(tile, n) if tile in by_tile and n in (tile.low, tile.high) else None


def describe_layout(lay: Layout, g: Geometry | None = None) -> str:
    """A description for screen readers: who leads, where each tile went, what counts."""
    if lay.is_empty:
        return pictures.table_is_empty()
    g = g or layout_geometry(lay)
    places = lay.placements
    parts = []
    lead = places[0]
    parts.append(pictures.leads(lead.tile, spinner=lead.is_spinner))
    for pl, pt in zip(places[1:], g.tiles[1:]):
        target = places[pl.target].tile
        side = _DIRS.get((pt.via_port.dx, pt.via_port.dy), "") if pt.via_port else ""
        parts.append(pictures.placed(pl.tile, pl.via, pl.number, target, side, pl.is_spinner))
    parts.append(pictures.open_ends([end_counts(e) for e in lay.open_ends], lay.working))
    return " ".join(parts)


def _letter_svg(m: Marker, letter: str, st: Style) -> str:
    """A letter a child taps: a filled square with the letter in it."""
    c = CELL
    s = 1.7 * c * m.half
    return (f'<rect class="letter" x="{_f(m.x * c - s / 2)}" y="{_f(m.y * c - s / 2)}" width="{_f(s)}" '
            f'height="{_f(s)}" rx="{_f(s * 0.22)}" fill="{st.letter_fill}" stroke="{st.letter_edge}" '
            f'stroke-width="{_f(st.line)}"/>'
            f'<text x="{_f(m.x * c)}" y="{_f(m.y * c)}" text-anchor="middle" dominant-baseline="central" '
            f'font-size="{_f(c * 1.15 * m.half)}" font-weight="700" fill="{st.letter_text}">'
            f"{escape(letter)}</text>")


def render_layout(
    layout: Layout,
    *,
    width: int | None = None,
    working: bool = False,
    letters: bool | Mapping[str, str] = False,
    highlight_last: bool = True,
    style: str | Style = "classroom",
    title: str | None = None,
    highlight: Collection[str] = (),
) -> str:
    """Draw a layout. ``working=True`` marks each counted end with its value and the ends that
    do not count with a grey 0; ``letters=True`` letters every open end (A, B, C… in order of
    play), or pass ``{end id: letter}``. ``highlight`` (end ids) shows the working of just those
    ends, each in a heavy ring: one step of a hint or a worked example. Every open end is a
    ``<g data-end="a-b:n">``."""
    hl = frozenset(highlight)
    st = _style(style)
    lay = layout
    g = layout_geometry(lay)
    c = CELL
    x0, y0, x1, y1 = g.bounds
    if lay.is_empty:
        view = ((x0 - 2.6) * c, (y0 - 2.6) * c, (x1 - x0 + 5.2) * c, (y1 - y0 + 5.2) * c)
        empty_title, empty_desc, empty_words = pictures.empty_table()
        head = _svg_open(view, width, title or empty_title, empty_desc, st, "fives-layout")
        msg = (f'<text x="0" y="0" text-anchor="middle" dominant-baseline="middle" font-size="{c * 1.2}" '
               f'fill="{st.zero}">{escape(empty_words)}</text>')
        return head + msg + "</svg>"
    last_index = len(lay) - 1
    places = lay.placements
    body = []
    for pt in g.tiles:
        box = tuple(v * c for v in pt.box)
        halves = [(h.number, tuple(v * c for v in h.box)) for h in pt.halves]
        spin = places[pt.index].is_spinner
        is_last = highlight_last and pt.index == last_index and len(lay) > 1
        body.append(_tile_svg(pt.tile, box, halves, st, spinner=spin,  # type: ignore[arg-type]
                              mark="last" if is_last else "", extra=f' data-index="{pt.index}"'))
    ends = {e.id: e for e in lay.open_ends}
    if letters is True:
        letter_of = end_letters(lay)
    elif letters:
        letter_of = dict(letters)  # type: ignore[arg-type]
    else:
        letter_of = {}
    spots = marker_spots(lay, g, letters=set(letter_of), values=working or bool(hl))
    by_end: dict[str, list[Marker]] = {}
    for m in spots:
        by_end.setdefault(m.end, []).append(m)
    marks = []
    for eid, e in ends.items():
        mine = by_end.get(eid, [])
        letter = letter_of.get(eid)
        attrs = f'class="open-end" data-end="{eid}" data-value="{e.value}" data-kind="{e.kind}"'
        if letter:
            attrs += f' data-letter="{escape(letter)}"'
        show = working or eid in hl
        if eid in hl:
            attrs += ' data-highlight="1"'
        inner = []
        for m in mine:
            if m.role == "letter" and letter:
                inner.append(_letter_svg(m, letter, st))
            elif m.role == "value" and show:
                vx, vy, r = m.x, m.y, 0.78 * c * m.half
                size = r * 1.25
                if eid in hl:  # a heavy ring, inside the mark's own square: it never covers a neighbour
                    ring, outer = 0.24 * c * m.half, 0.94 * c * m.half
                    inner.append(
                        f'<circle class="highlight" cx="{_f(vx * c)}" cy="{_f(vy * c)}" r="{_f(outer - ring / 2)}" '
                        f'fill="none" stroke="{st.letter_fill}" stroke-width="{_f(ring)}"/>'
                    )
                    r = outer - ring
                    size = min(size, r * (1.25 if e.value < 10 else 1.1))
                if e.value:
                    inner.append(
                        f'<circle class="counted" cx="{_f(vx * c)}" cy="{_f(vy * c)}" r="{_f(r)}" '
                        f'fill="{st.count_fill}"/>'
                        f'<text x="{_f(vx * c)}" y="{_f(vy * c)}" text-anchor="middle" dominant-baseline="central" '
                        f'font-size="{_f(size)}" font-weight="700" fill="{st.count_text}">{e.value}</text>'
                    )
                else:
                    inner.append(
                        f'<circle class="not-counted" cx="{_f(vx * c)}" cy="{_f(vy * c)}" r="{_f(r)}" fill="none" '
                        f'stroke="{st.zero}" stroke-width="{_f(st.line)}" stroke-dasharray="2 2"/>'
                        f'<text x="{_f(vx * c)}" y="{_f(vy * c)}" text-anchor="middle" dominant-baseline="central" '
                        f'font-size="{_f(size * 0.96)}" fill="{st.zero}">0</text>'
                    )
        if not inner and mine:
            m = mine[0]
            # an invisible target, so a click on an open end can always be told apart
            inner.append(f'<rect x="{_f(m.x * c - c)}" y="{_f(m.y * c - c)}" width="{_f(2 * c)}" '
                         f'height="{_f(2 * c)}" fill="transparent"/>')
        if not inner:
            continue
        label = pictures.end_mark(eid, letter, e.value if show else None)
        marks.append(f"<g {attrs}><title>{escape(label)}</title>{''.join(inner)}</g>")
    for eid, letter in letter_of.items():  # a covered place offered as a choice: lettered, tapped like an end
        if eid in ends:
            continue
        for m in by_end.get(eid, [])[:1]:
            marks.append(f'<g class="covered-place" data-end="{escape(eid)}" data-letter="{escape(letter)}">'
                         f"<title>{escape(pictures.covered_place(eid, letter))}</title>"
                         f"{_letter_svg(m, letter, st)}</g>")
    # the view holds the tiles and the marks drawn, with a line's width to spare: tight, so the
    # picture fills the room it is given
    drawn = [t.box for t in g.tiles] + [(m.x - m.half, m.y - m.half, m.x + m.half, m.y + m.half) for m in spots
                                        if m.role == "value" and (working or m.end in hl)
                                        or m.role == "letter" and m.end in letter_of]
    pad = 0.15
    vx0, vy0 = min(b[0] for b in drawn) - pad, min(b[1] for b in drawn) - pad
    vx1, vy1 = max(b[2] for b in drawn) + pad, max(b[3] for b in drawn) + pad
    view = (vx0 * c, vy0 * c, (vx1 - vx0) * c, (vy1 - vy0) * c)
    desc = describe_layout(lay, g)
    if highlight_last and len(lay) > 1:
        desc += " " + pictures.played_last(lay.placements[-1].tile)
    head = _svg_open(view, width, title or pictures.layout_title(lay.total), desc, st, "fives-layout")
    return head + "".join(body) + "".join(marks) + "</svg>"


__all__ = [
    "CELL", "CLASSROOM", "PROJECTOR", "STYLES", "Marker", "Style", "describe_layout", "end_letters", "marker_spots",
    "render_hand", "render_layout", "render_tile",
]


