"""Where the marks of a layout picture go: end letters and values in free squares beside their ends,
never on a tile or on another mark, and the covered places a choice can name. Pure Python."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import NamedTuple

from trainer.render.geometry import Geometry, PlacedTile, Port, layout_geometry
from trainer.rules import EndKind, Layout, OpenEnd, Tile

SIDE_OF = {(1, 0): "right", (-1, 0): "left", (0, -1): "above", (0, 1): "below"}
"""Which side of its target a tile lies on, by the direction of the port it was set against."""


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
            if end.kind == EndKind.END and how != "half":
                continue
            if end.kind == EndKind.DOUBLE and how != "side":
                continue
            if end.kind == EndKind.SPINNER_END and how != "end":
                continue
            if end.kind == EndKind.SNIFF_END and how not in ("half", "end"):  # in line: its line ends
                continue
            if end.kind == EndKind.SNIFF_SIDE and how != "side":
                continue
            if end.kind == EndKind.BESIDE:  # it counts, but nothing can go on it
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
    cells: set[tuple[int, int]] = set()
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
                hx = port.x + port.dx * (d - 0.5) + port.dy * lat * 0.5
                hy = port.y + port.dy * (d - 0.5) + port.dx * lat * 0.5
                if not _square(hx, hy, 0.5) & taken:
                    return hx, hy, 0.5
    return None


def _side_ports(t: PlacedTile, number: int | None = None) -> list[Port]:
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


Spot = tuple[float, float, float]
"""A mark's square: its centre and half its side, in cells."""


def marker_spots(lay: Layout, g: Geometry | None = None, *, letters: bool | Collection[str] = True,
                 values: bool = False) -> list[Marker]:
    """Where each open end's letter (every free port of it: a spinner's two empty ends both get
    a place; the picture draws the letter at the first, :func:`trainer.render.svg.once_lettered`) and
    value go: on free squares against the end's tile (or beyond its letter), never on a tile
    or on another mark. ``letters`` is ``True`` for every open end, or the ids of the ends that get
    one (the others get their value against the tile)."""
    g = g or layout_geometry(lay)
    ends = list(lay.open_ends)
    if letters is True:
        lettered = {e.id for e in ends if e.kind != EndKind.BESIDE}
    elif letters is False:
        lettered = set()
    else:
        lettered = set(letters)
    marks = _Marks(g, _occupied(g), {t.tile: t for t in g.tiles})
    ports = _free_ports(g, lay)
    marks.letters(ends, lettered, ports)  # the letters first: they are what a child taps
    marks.covered_places(sorted(lettered - {e.id for e in ends}, key=str))
    if values:
        marks.values(ends, ports)
    return marks.out


class _Marks:
    """The marks placed so far on a layout's picture, and the cells they and the tiles take."""

    def __init__(self, g: Geometry, taken: set[tuple[int, int]], by_tile: Mapping[Tile, PlacedTile]) -> None:
        self.g = g
        self.taken = taken
        self.by_tile = by_tile
        self.out: list[Marker] = []
        self.first_letter: dict[str, tuple[Port, Spot]] = {}

    def add(self, end: str, role: str, spot: Spot) -> None:
        self.out.append(Marker(end, role, *spot))
        self.taken |= _square(*spot)

    def near(self, e: OpenEnd | _Place, plist: list[Port], reach: int = 3) -> tuple[Port, Spot] | None:
        """A spot by the end's own ports, else against its half, else anywhere against its tile:
        the nearest full square first, a smaller one only where none is left."""
        t = self.by_tile[e.tile]
        groups = (plist, _side_ports(t, e.number), _side_ports(t))
        for d in range(1, reach + 1):
            for group in groups:
                for port in group:
                    for lat in _ACROSS:
                        cx, cy = _out(port, d, lat)
                        if _fits(cx, cy, self.taken):
                            return port, (float(cx), float(cy), 1.0)
        for group in groups:
            for port in group:
                spot = _free_square([port], self.taken, reach=reach)
                if spot is not None:
                    return port, spot
        return None

    def letters(self, ends: list[OpenEnd], lettered: set[str], ports: dict[str, list[Port]]) -> None:
        """One letter on each free way out of a lettered end (a spinner's two empty ends both carry
        it); a way out that is blocked has its letter beside the tile instead, at the nearest free place."""
        for e in ends:
            if e.id not in lettered or e.kind == EndKind.BESIDE:
                continue
            plist: list[Port | None] = list(ports.get(e.id) or []) or [None]
            for port in plist:
                spot = _free_square([port], self.taken) if port is not None else None
                found = (port, spot) if port is not None and spot is not None and spot[2] == 1.0 \
                    else self.near(e, [port] if port else [])
                if found is None:
                    continue
                self.add(e.id, "letter", found[1])
                self.first_letter.setdefault(e.id, found)

    def covered_places(self, ids: list[str]) -> None:
        """A covered place offered as a choice ("3-5:3", the 3 on 3-5) gets its letter against its half,
        straight out from it first (not beside the neighbouring half)."""
        for eid in ids:
            place = covered_place(eid, self.by_tile)
            if place is None:
                continue
            t = self.by_tile[place.tile]
            straight = [port for port in _side_ports(t, place.number) if _fits(*_out(port, 1, 0), self.taken)]
            found: tuple[Port, Spot] | None = None
            if straight:
                x, y = _out(straight[0], 1, 0)
                found = (straight[0], (float(x), float(y), 1.0))
            else:
                found = self.near(place, [])
            if found is not None:
                self.add(eid, "letter", found[1])

    def values(self, ends: list[OpenEnd], ports: dict[str, list[Port]]) -> None:
        """Each open end's value: just beyond its letter, else against its tile."""
        for e in ends:
            plist = ports.get(e.id) or []
            found = None
            if e.id in self.first_letter:  # just beyond its letter
                port, spot = self.first_letter[e.id]
                beyond = _beyond(spot, port)
                sq = _free_square(beyond, self.taken, reach=1) if beyond else None
                if sq is not None and sq[2] == 1.0:
                    found = (port, sq)
            if found is None:
                found = self.near(e, [] if e.kind == EndKind.BESIDE else plist[:1])
            if found is not None:
                self.add(e.id, "value", found[1])


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
