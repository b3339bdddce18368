"""SVG pictures of tiles, hands and layouts. Pure Python: every function returns SVG text."""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from html import escape

from trainer.render import motion as moving
from trainer.render.geometry import Geometry, Half, PlacedTile, layout_geometry
from trainer.render.markers import SIDE_OF, Marker, marker_spots
from trainer.rules import Layout, OpenEnd, Tile, TileLike, end_letters
from trainer.words import language, pictures
from trainer.words.ends import end_counts, end_words

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
    last_line: float = 1.3
    """The last-played outline's width, in tile lines: a projector's heavy lines keep it thinner than its
    own edge, so the dashes never crowd the pips."""


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
    letter_text="#000000", letter_edge="#000000", last="#56B4E9", selected="#D55E00", spinner="#0072B2",
    font="system-ui, -apple-system, 'Segoe UI', sans-serif", background="#ffffff", last_line=0.5,
)
"""High contrast for a projector: black on white, heavy lines (and a light, thin last-played outline: the
classroom's sky blue, a third of the tile's edge, so it never reads as another heavy mark)."""

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
        edge, width = st.last, st.line * st.last_line
        dash = (1.4, 1.1) if st.last_line >= 1 else (3.2, 2.0)  # a thin outline: longer dashes, so it still reads
        extra = f' class="last-played" stroke-dasharray="{_f(width * dash[0])} {_f(width * dash[1])}"'
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

def describe_layout(lay: Layout, g: Geometry | None = None, *, counted: bool = True) -> str:
    """A description for screen readers: who leads, where each tile went, what counts (``counted=False``:
    the open ends named without what they add or their total, for a child who is to count them)."""
    if lay.is_empty:
        return pictures.table_is_empty()
    g = g or layout_geometry(lay)
    places = lay.placements
    parts = []
    lead = places[0]
    parts.append(pictures.leads(lead.tile, spinner=lead.is_spinner))
    lang = language()
    for pl, pt in zip(places[1:], g.tiles[1:]):
        target = places[pl.target].tile
        side = SIDE_OF.get((pt.via_port.dx, pt.via_port.dy), "") if pt.via_port else ""
        parts.append(_placed(pl.tile, pl.via, pl.number, target, side, pl.is_spinner, lang))
    if counted:
        parts.append(pictures.open_ends([end_counts(e) for e in lay.open_ends], lay.working))
    else:
        parts.append(pictures.open_ends_to_count([end_words(e) for e in lay.open_ends]))
    return " ".join(parts)


@functools.lru_cache(maxsize=4096)
def _placed(tile: Tile, via: str, number: int, target: Tile, side: str, spinner: bool, _language: str) -> str:
    """A tile's place in a layout's description (:func:`trainer.words.pictures.placed`), said once a process in
    each language: every tile but the last is described again, word for word, at each move."""
    return pictures.placed(tile, via, number, target, side, spinner)


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
    ringed: Collection[str] = (),
    motion: moving.Motion | None = None,
    counted: bool = True,
) -> str:
    """Draw a layout. ``working=True`` marks each counted end with its value and the ends that
    do not count with a grey 0; ``letters=True`` letters every open end (A, B, C…, each kept from one play to
    the next: :func:`~trainer.rules.end_letters`), or pass ``{end id: letter}``. ``highlight`` (end ids) shows
    the working of just those ends, each in a heavy ring: one step of a hint or a worked example. ``ringed``
    (end ids) rings those ends with no number in the ring: the end a question names ("the 3 on 2-3"), which a number
    would make read as a count of pips. Every open end is a ``<g data-end="a-b:n">``. ``motion`` (Play a
    hand) slides the tiles just played in and pops up their scores (:mod:`trainer.render.motion`).
    ``counted=False`` keeps the answer out of the picture while a child is to say a score or may call
    Muggins!, or is to count the ends: its title and description name the open ends without their values or
    total, and no end carries its value (a hint's ``highlight`` still shows those ends' working)."""
    hl = frozenset(highlight)
    named = frozenset(ringed) - hl
    st = _style(style)
    lay = layout
    g = layout_geometry(lay)
    if lay.is_empty:
        return _empty_layout(g, width, title, st)
    if letters is True:
        letter_of = end_letters(lay)
    elif letters:
        letter_of = dict(letters)
    else:
        letter_of = {}
    spots = once_lettered(marker_spots(lay, g, letters=set(letter_of), values=working or bool(hl) or bool(named)))
    by_end: dict[str, list[Marker]] = {}
    for m in spots:
        by_end.setdefault(m.end, []).append(m)
    marks = _end_marks(lay, by_end, letter_of, working, hl, named, st, counted=counted)
    marks += _covered_marks(lay, by_end, letter_of, st)
    # the view holds the tiles and the marks drawn, with a line's width to spare: tight, so the
    # picture fills the room it is given
    drawn = [t.box for t in g.tiles] + [(m.x - m.half, m.y - m.half, m.x + m.half, m.y + m.half) for m in spots
                                        if m.role == "value" and (working or m.end in hl or m.end in named)
                                        or m.role == "letter" and m.end in letter_of]
    pad = 0.15
    c = CELL
    vx0, vy0 = min(b[0] for b in drawn) - pad, min(b[1] for b in drawn) - pad
    vx1, vy1 = max(b[2] for b in drawn) + pad, max(b[3] for b in drawn) + pad
    view = (vx0 * c, vy0 * c, (vx1 - vx0) * c, (vy1 - vy0) * c)
    desc = describe_layout(lay, g, counted=counted)
    if highlight_last and len(lay) > 1:
        desc += " " + pictures.played_last(lay.placements[-1].tile)
    shown_title = title or (pictures.layout_title(lay.total) if counted else pictures.layout_title_to_count())
    head = _svg_open(view, width, shown_title, desc, st, "fives-layout")
    if motion is not None:
        return head + _moving(lay, g, st, highlight_last, marks, view, motion) + "</svg>"
    return head + _tiles(lay, g, st, highlight_last) + "".join(marks) + "</svg>"


def once_lettered(spots: list[Marker]) -> list[Marker]:
    """Each end's letter drawn once: a spinner's (or a lead double's) two free sides are one end, so the
    second side is not lettered "A" again (the child taps the one letter; the tile goes on the spinner)."""
    seen: set[str] = set()
    kept = []
    for m in spots:
        if m.role == "letter":
            if m.end in seen:
                continue
            seen.add(m.end)
        kept.append(m)
    return kept


def _moving(lay: Layout, g: Geometry, st: Style, highlight_last: bool, marks: list[str],
            view: tuple[float, float, float, float], motion: moving.Motion) -> str:
    """The layout's body with its motion: its own style, the tiles (those just played sliding in), the
    glow on the ends that counted, the marks, then each score's number on top."""
    c = CELL
    tiles = _tiles(lay, g, st, highlight_last, lambda svg, pt: moving.slide_wrap(svg, pt, motion,
                                                                                  (view[1], view[1] + view[3]), c))
    return (moving.STYLE + tiles + moving.lit_ends(lay, g, motion, st.letter_fill, c) + "".join(marks)
            + moving.pops(g, motion, view, st.count_fill, c))


def _empty_layout(g: Geometry, width: int | None, title: str | None, st: Style) -> str:
    """The picture of an empty table: a few words where the tiles will go."""
    c = CELL
    x0, y0, x1, y1 = g.bounds
    view = ((x0 - 2.6) * c, (y0 - 2.6) * c, (x1 - x0 + 5.2) * c, (y1 - y0 + 5.2) * c)
    empty_title, empty_desc, empty_words = pictures.empty_table()
    head = _svg_open(view, width, title or empty_title, empty_desc, st, "fives-layout")
    msg = (f'<text x="0" y="0" text-anchor="middle" dominant-baseline="middle" font-size="{c * 1.2}" '
           f'fill="{st.zero}">{escape(empty_words)}</text>')
    return head + msg + "</svg>"


def _tiles(lay: Layout, g: Geometry, st: Style, highlight_last: bool,
           wrap: Callable[[str, PlacedTile], str] | None = None) -> str:
    """Every tile of the layout where the geometry put it; the one played last outlined; ``wrap`` puts a
    tile's group in another (a slide)."""
    last_index = len(lay) - 1
    places = lay.placements
    lang = language()
    body = []
    for pt in g.tiles:
        is_last = highlight_last and pt.index == last_index and len(lay) > 1
        svg = _laid_tile(pt.index, pt.tile, pt.box, pt.halves, st, places[pt.index].is_spinner, is_last, lang)
        body.append(wrap(svg, pt) if wrap is not None else svg)
    return "".join(body)


@functools.lru_cache(maxsize=4096)
def _laid_tile(index: int, tile: Tile, box: tuple[int, int, int, int], halves: tuple[Half, ...], st: Style,
               spin: bool, is_last: bool, _language: str) -> str:
    """One tile of a layout, where the geometry put it (in cells), drawn once a process: a layout drawn again after
    a move (for every tablet at the table, with and without its letters) differs from the last by a tile or two,
    and each of the others is the same group of SVG as before (its title in the language it was drawn in)."""
    c = CELL
    scaled = (box[0] * c, box[1] * c, box[2] * c, box[3] * c)
    parts = [(h.number, (h.box[0] * c, h.box[1] * c, h.box[2] * c, h.box[3] * c)) for h in halves]
    return _tile_svg(tile, scaled, parts, st, spinner=spin, mark="last" if is_last else "",
                     extra=f' data-index="{index}"')


def _value_svg(m: Marker, e: OpenEnd, ringed: bool, st: Style) -> str:
    """An open end's value in its mark: a filled disc when it counts, a dashed grey 0 when it does not;
    ``ringed`` (a hint's step) adds a heavy ring, inside the mark's own square: it never covers a
    neighbour."""
    c = CELL
    vx, vy, r = m.x, m.y, 0.78 * c * m.half
    size = r * 1.25
    out = ""
    if ringed:
        ring, outer = 0.24 * c * m.half, 0.94 * c * m.half
        out = (f'<circle class="highlight" cx="{_f(vx * c)}" cy="{_f(vy * c)}" r="{_f(outer - ring / 2)}" '
               f'fill="none" stroke="{st.letter_fill}" stroke-width="{_f(ring)}"/>')
        r = outer - ring
        size = min(size, r * (1.25 if e.value < 10 else 1.1))
    if e.value:
        return out + (
            f'<circle class="counted" cx="{_f(vx * c)}" cy="{_f(vy * c)}" r="{_f(r)}" '
            f'fill="{st.count_fill}"/>'
            f'<text x="{_f(vx * c)}" y="{_f(vy * c)}" text-anchor="middle" dominant-baseline="central" '
            f'font-size="{_f(size)}" font-weight="700" fill="{st.count_text}">{e.value}</text>'
        )
    return out + (
        f'<circle class="not-counted" cx="{_f(vx * c)}" cy="{_f(vy * c)}" r="{_f(r)}" fill="none" '
        f'stroke="{st.zero}" stroke-width="{_f(st.line)}" stroke-dasharray="2 2"/>'
        f'<text x="{_f(vx * c)}" y="{_f(vy * c)}" text-anchor="middle" dominant-baseline="central" '
        f'font-size="{_f(size * 0.96)}" fill="{st.zero}">0</text>'
    )


def _ring_svg(m: Marker, st: Style) -> str:
    """A heavy ring and nothing inside it, in the mark's own square: the end a question names."""
    c = CELL
    ring, outer = 0.24 * c * m.half, 0.94 * c * m.half
    return (f'<circle class="named" cx="{_f(m.x * c)}" cy="{_f(m.y * c)}" r="{_f(outer - ring / 2)}" '
            f'fill="none" stroke="{st.letter_fill}" stroke-width="{_f(ring)}"/>')


def _end_marks(lay: Layout, by_end: Mapping[str, list[Marker]], letter_of: Mapping[str, str], working: bool,
               hl: frozenset[str], named: frozenset[str], st: Style, *, counted: bool = True) -> list[str]:
    """Each open end as a ``<g data-end>``: its letter, its value (with the working, or ringed for a
    hint), or an invisible target, so a click on an open end can always be told apart (``counted=False``:
    no end carries its value)."""
    c = CELL
    marks = []
    ends = {e.id: e for e in lay.open_ends}
    for eid, e in ends.items():
        mine = by_end.get(eid, [])
        letter = letter_of.get(eid)
        attrs = f'class="open-end" data-end="{eid}"' + (f' data-value="{e.value}"' if counted else "")
        attrs += f' data-kind="{e.kind}"'
        if letter:
            attrs += f' data-letter="{escape(letter)}"'
        show = working and counted or eid in hl  # a hint's step shows its ends' working, counted or not
        if eid in hl:
            attrs += ' data-highlight="1"'
        if eid in named and not show:
            attrs += ' data-named="1"'
        inner = []
        for m in mine:
            if m.role == "letter" and letter:
                inner.append(_letter_svg(m, letter, st))
            elif m.role == "value" and show:
                inner.append(_value_svg(m, e, eid in hl, st))
            elif m.role == "value" and eid in named:
                inner.append(_ring_svg(m, st))
        if not inner and mine:
            m = mine[0]
            inner.append(f'<rect x="{_f(m.x * c - c)}" y="{_f(m.y * c - c)}" width="{_f(2 * c)}" '
                         f'height="{_f(2 * c)}" fill="transparent"/>')
        if not inner:
            continue
        label = pictures.end_mark(eid, letter or "", e.value if show else None)
        marks.append(f"<g {attrs}><title>{escape(label)}</title>{''.join(inner)}</g>")
    return marks


def _covered_marks(lay: Layout, by_end: Mapping[str, list[Marker]], letter_of: Mapping[str, str],
                   st: Style) -> list[str]:
    """A covered place offered as a choice: lettered, tapped like an end."""
    ends = {e.id for e in lay.open_ends}
    marks = []
    for eid, letter in letter_of.items():
        if eid in ends:
            continue
        for m in by_end.get(eid, [])[:1]:
            marks.append(f'<g class="covered-place" data-end="{escape(eid)}" data-letter="{escape(letter)}">'
                         f"<title>{escape(pictures.covered_place(eid, letter))}</title>"
                         f"{_letter_svg(m, letter, st)}</g>")
    return marks


__all__ = [
    "CELL", "CLASSROOM", "PROJECTOR", "STYLES", "Marker", "Style", "describe_layout", "end_letters", "marker_spots",
    "render_hand", "render_layout", "render_tile",
]


