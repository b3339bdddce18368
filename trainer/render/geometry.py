"""Where every tile of a layout goes on the page.

Coordinates are in *cells*: a tile is 2 cells wide and 4 long; y grows downwards. A tile is
set against a *port* — a point on its target's edge and the direction away from it — so its
matching half always touches the end it was played on. Arms run straight and turn (like a
snake at the table) before they leave the box or meet another tile; a depth-first search
undoes earlier turns when an arm gets stuck, and the box grows if it must.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from operator import itemgetter
from typing import NamedTuple

from trainer.rules import Layout, Tile

Vec = tuple[int, int]
E, N, W, S = (1, 0), (0, -1), (-1, 0), (0, 1)


def left(d: Vec) -> Vec:
    return (d[1], -d[0])


def right(d: Vec) -> Vec:
    return (-d[1], d[0])


class Port(NamedTuple):
    """A place on a tile's edge where another tile can go."""

    x: int
    y: int
    dx: int
    dy: int


class Half(NamedTuple):
    """One half of a placed tile: its number and its 2×2 square (x0, y0, x1, y1)."""

    number: int
    box: tuple[int, int, int, int]


class PlacedTile(NamedTuple):
    """A tile on the page."""

    index: int  # type: ignore[assignment]  # the field shadows tuple.index, which no caller uses
    """Its place in the order of play."""
    tile: Tile
    box: tuple[int, int, int, int]
    """(x0, y0, x1, y1) in cells."""
    halves: tuple[Half, Half]
    """The two halves; for a non-lead tile the matched half comes first."""
    crosswise: bool
    """Whether it is a double lying across its line."""
    ports: dict[tuple[str, int], Port]
    """Its ports by (``"half"``/``"side"``/``"end"``, slot)."""
    via_port: Port | None
    """The port of its target it was set against (``None`` for the lead)."""


@dataclass(frozen=True)
class Geometry:
    """A whole layout on the page."""

    tiles: tuple[PlacedTile, ...]
    bounds: tuple[int, int, int, int]
    """(x0, y0, x1, y1) around every tile and every open port's square."""


def _box(port: Vec, d: Vec, length: int, width: int) -> tuple[int, int, int, int]:
    """The rectangle from ``port`` along ``d`` for ``length`` cells, ``width`` across, centred."""
    px, py = port
    hw = width >> 1
    if d[0]:
        end = px + d[0] * length
        return (px, py - hw, end, py + hw) if end > px else (end, py - hw, px, py + hw)
    end = py + d[1] * length
    return (px - hw, py, px + hw, end) if end > py else (px - hw, end, px + hw, py)


_CELLS: dict[tuple[int, int, int, int], tuple[Vec, ...]] = {}


def _cells(box: tuple[int, int, int, int]) -> tuple[Vec, ...]:
    hit = _CELLS.get(box)
    if hit is None:
        if len(_CELLS) > 200_000:  # boxes repeat a lot; keep the memo bounded
            _CELLS.clear()
        x0, y0, x1, y1 = box
        hit = _CELLS[box] = tuple((i, j) for i in range(x0, x1) for j in range(y0, y1))
    return hit


_SQUARES: dict[Port, tuple[Vec, ...]] = {}


def _square(port: Port) -> tuple[Vec, ...]:
    """The 2×2 square in front of a port (kept: ports repeat as boxes do)."""
    hit = _SQUARES.get(port)
    if hit is None:
        if len(_SQUARES) > 200_000:
            _SQUARES.clear()
        hit = _SQUARES[port] = _cells(_box((port.x, port.y), (port.dx, port.dy), 2, 2))
    return hit


class _Budget(Exception):
    pass


Box = tuple[int, int, int, int]
Key = tuple[str, int]
_first = itemgetter(0)


class _Solver:
    """Depth-first placement in order of play, with conflict-directed backjumping: when a tile
    cannot go anywhere, the search jumps straight back to the latest tile in its way.

    A port that a later tile will use keeps its square free (*hard*); a port that stays open
    keeps it free if it can (*soft*: a preference, so the open end has room for its marks).
    """

    def __init__(self, lay: Layout, xb: int, yb: int, budget: int, shake: random.Random | None = None,
                 play_order: bool = False) -> None:
        self.shake = shake
        self.places = lay.placements
        self.spinner = [p.is_spinner for p in self.places]
        self.in_line = [p.in_line for p in self.places]  # the in-line sniff: laid lengthwise
        self.xb, self.yb = xb, yb
        self.budget = budget
        self.occupied: dict[Vec, int] = {}  # cell -> index of the tile on it
        self.hard: dict[Vec, list[int]] = {}  # cell -> tiles whose port a later tile needs
        self.soft: dict[Vec, int] = {}  # cell -> how many open ports would like it
        self.placed: list[PlacedTile] = []
        self.at: dict[int, PlacedTile] = {}
        n = len(self.places)
        self.free_ends: list[list[Key]] = [[] for _ in range(n)]
        self.primary: list[Vec] = [E] * n
        self.port_squares: list[dict[Key, tuple[Vec, ...]]] = [{} for _ in range(n)]
        # whole arms one after another (depth first), so a dead end is near its cause
        kids: list[list[int]] = [[] for _ in range(n)]
        for p in self.places[1:]:
            kids[p.target].append(p.index)
        self.order: list[int] = []
        stack = [0]
        while stack:
            j = stack.pop()
            self.order.append(j)
            stack.extend(reversed(kids[j]))
        if play_order:
            self.order = list(range(n))
        used: list[set[Key]] = [set() for _ in self.places]
        wide: list[set[Key]] = [set() for _ in self.places]  # ports that will take a double
        end_children: list[list[bool]] = [[] for _ in self.places]
        for p in self.places[1:]:
            if p.via == "end":
                end_children[p.target].append(p.tile.is_double and not p.in_line)
                continue
            key = ("side", p.slot) if p.via == "side" else ("half", p.slot if p.target == 0 else 0)
            used[p.target].add(key)
            if p.tile.is_double and not p.in_line:
                wide[p.target].add(key)
        for i, doubles in enumerate(end_children):
            if len(doubles) == 2:
                used[i] |= {("end", 0), ("end", 1)}
                if any(doubles):
                    wide[i] |= {("end", 0), ("end", 1)}
        self.used = used
        self.wide = wide

    def _ports_for(self, tile: Tile, spinner: bool, lead: bool, port: Vec, d: Vec,
                   in_line: bool = False) -> dict[Key, Port]:
        px, py = port
        ports: dict[Key, Port] = {}
        if in_line:  # the in-line sniff: its line end(s), and a tile beside each long side
            if lead:
                ports[("half", 0)] = Port(-2, 0, *W)
                ports[("half", 1)] = Port(2, 0, *E)
                ports[("side", 0)] = Port(0, -1, *N)
                ports[("side", 1)] = Port(0, 1, *S)
                return ports
            lft, rgt = left(d), right(d)
            ports[("half", 0)] = Port(px + 4 * d[0], py + 4 * d[1], *d)
            ports[("side", 0)] = Port(px + 2 * d[0] + lft[0], py + 2 * d[1] + lft[1], *lft)
            ports[("side", 1)] = Port(px + 2 * d[0] + rgt[0], py + 2 * d[1] + rgt[1], *rgt)
            return ports
        if lead:
            if tile.is_double:
                ports[("side", 0)] = Port(-1, 0, *W)
                ports[("side", 1)] = Port(1, 0, *E)
                if spinner:
                    ports[("end", 0)] = Port(0, -2, *N)
                    ports[("end", 1)] = Port(0, 2, *S)
            else:
                ports[("half", 0)] = Port(-2, 0, *W)
                ports[("half", 1)] = Port(2, 0, *E)
            return ports
        if tile.is_double:
            ports[("side", 1)] = Port(px + 2 * d[0], py + 2 * d[1], *d)
            if spinner:
                lft, rgt = left(d), right(d)
                ports[("end", 0)] = Port(px + d[0] + 2 * lft[0], py + d[1] + 2 * lft[1], *lft)
                ports[("end", 1)] = Port(px + d[0] + 2 * rgt[0], py + d[1] + 2 * rgt[1], *rgt)
        else:
            ports[("half", 0)] = Port(px + 4 * d[0], py + 4 * d[1], *d)
        return ports

    def _inside(self, box: Box) -> bool:
        return -self.xb <= box[0] and box[2] <= self.xb and -self.yb <= box[1] and box[3] <= self.yb

    def _room(self, x: int, y: int, d: Vec) -> int:
        """How many cells straight ahead of a port are free (up to 6): a cheap look-ahead."""
        occ, hard = self.occupied, self.hard
        xb, yb = self.xb, self.yb
        dx, dy = d
        if dx:  # the cells (c, y - 1) and (c, y), c stepping away from the port
            if y - 1 < -yb or y >= yb:
                return 0
            c, step = (x, 1) if dx > 0 else (x - 1, -1)
            for k in range(6):
                if not -xb <= c < xb:
                    return k
                a, b = (c, y - 1), (c, y)
                if a in occ or b in occ or a in hard or b in hard:
                    return k
                c += step
            return 6
        if x - 1 < -xb or x >= xb:  # the cells (x - 1, c) and (x, c)
            return 0
        c, step = (y, 1) if dy > 0 else (y - 1, -1)
        for k in range(6):
            if not -yb <= c < yb:
                return k
            a, b = (x - 1, c), (x, c)
            if a in occ or b in occ or a in hard or b in hard:
                return k
            c += step
        return 6

    def _options(self, i: int) -> Iterator[tuple[Port, Vec, Vec, Key]]:
        """(port used, base point, direction, port key) candidates for tile ``i``, best first.

        Without a shake the first candidate, when nothing counts against it, is given before the others are
        weighed: nothing can come before it, and it is nearly always taken. The others are weighed only if it
        is not, after the search has taken back everything it tried (so they are weighed as they stood)."""
        pl = self.places[i]
        target = self.at[pl.target]
        if pl.via == "end":
            keys = list(self.free_ends[pl.target])
        elif pl.via == "side":
            keys = [("side", pl.slot)]
        else:
            keys = [("half", pl.slot if pl.target == 0 else 0)]
        double = pl.tile.is_double and not pl.in_line
        cands: list[tuple[Port, Vec, Vec, Key]] = []
        for key in keys:
            port = target.ports[key]
            d = (port.dx, port.dy)
            base = (port.x, port.y)
            if double:
                cands.append((port, base, d, key))
                continue
            prim = self.primary[pl.target] if key[0] != "end" else d
            far = (base[0] + 4 * d[0], base[1] + 4 * d[1])
            near_edge = not self._inside(_box(far, d, 4, 2))
            c = (base[0] + d[0], base[1] + d[1])
            turns = [((c[0] - nd[0], c[1] - nd[1]), nd) for nd in (left(d), right(d))]
            # turn away from the middle first, so arms fold outwards
            if c[0] * turns[0][1][0] + c[1] * turns[0][1][1] < 0:
                turns.reverse()
            straight = (base, d)
            if key[0] == "side" and self.in_line[pl.target]:
                order = [straight]  # beside the in-line sniff: standing out from its long side
            elif d == prim or d == (-prim[0], -prim[1]):
                order = [straight] + turns if not near_edge else turns + [straight]
            else:
                back = [t for t in turns if t[1] == (-prim[0], -prim[1])]
                rest = [t for t in turns if t[1] != (-prim[0], -prim[1])]
                order = back + [straight] + rest
            cands.extend((port, b, nd, key) for b, nd in order)
        penalty = self._penalty_double if double else self._penalty
        if self.shake is not None:  # a restart: the same preferences, loosely held
            rnd = self.shake.random
            out = [(penalty(cand), n, cand) for n, cand in enumerate(cands)]
            out.sort(key=lambda t: t[0] * 2 + t[1] * 0.5 + rnd() * 2.5)
            yield from (t[2] for t in out)
            return
        skip = 0
        if cands and penalty(cands[0]) == 0:
            yield cands[0]
            skip = 1
        weighed = [(penalty(cand), n, cand) for n, cand in enumerate(cands) if n >= skip]
        weighed.sort(key=_first)
        yield from (t[2] for t in weighed)

    def _penalty_double(self, cand: tuple[Port, Vec, Vec, Key]) -> int:
        """What counts against a double set across at a port: only leaving the picture."""
        return 0 if self._inside(_box(cand[1], cand[2], 2, 4)) else 4

    def _penalty(self, cand: tuple[Port, Vec, Vec, Key]) -> int:
        """What counts against a tile laid from a base point in a direction: leaving the picture (a last
        resort), too little room ahead, crowding an open end."""
        b, nd = cand[1], cand[2]
        box = _box(b, nd, 4, 2)
        if not self._inside(box):
            return 4
        penalty = 0
        if self._room(b[0] + 4 * nd[0], b[1] + 4 * nd[1], nd) < 4:
            penalty += 1
        soft = self.soft
        if soft and not soft.keys().isdisjoint(_cells(box)):
            penalty += 2
        return penalty

    def solve(self) -> list[PlacedTile]:
        self._place(0)
        return sorted(self.placed, key=lambda t: t.index)

    def _shape(self, i: int, base: Vec, d: Vec) -> tuple[Box, tuple[Half, Half]]:
        pl = self.places[i]
        tile = pl.tile
        if tile.is_double and not pl.in_line:
            p = left(d)
            c = (base[0] + d[0], base[1] + d[1])
            h1 = _box((c[0] + p[0] * 2, c[1] + p[1] * 2), (-p[0], -p[1]), 2, 2)
            h2 = _box(c, (-p[0], -p[1]), 2, 2)
            return _box(base, d, 2, 4), (Half(tile.low, h1), Half(tile.low, h2))
        n = pl.number
        near = _box(base, d, 2, 2)
        far = _box((base[0] + 2 * d[0], base[1] + 2 * d[1]), d, 2, 2)
        return _box(base, d, 4, 2), (Half(n, near), Half(tile.other(n), far))

    def _place(self, k: int) -> set[int] | None:
        """Place tiles from step ``k`` of the order on; ``None`` on success, else the tiles
        that got in the way."""
        if k == len(self.order):
            return None
        i = self.order[k]
        self.budget -= 1
        if self.budget < 0:
            raise _Budget
        pl = self.places[i]
        tile = pl.tile
        if i == 0:
            if tile.is_double and not pl.in_line:
                box: Box = (-1, -2, 1, 2)
                halves = (Half(tile.low, (-1, -2, 1, 0)), Half(tile.high, (-1, 0, 1, 2)))
            else:
                box = (-2, -1, 2, 1)
                halves = (Half(tile.low, (-2, -1, 0, 1)), Half(tile.high, (0, -1, 2, 1)))
            ports = self._ports_for(tile, self.spinner[0], True, (0, 0), E, pl.in_line)
            out = self._try(0, box, halves, ports, None, None, E, k)
            return None if out is None else set()
        conflict: set[int] = {pl.target}
        occ, hard = self.occupied, self.hard
        for port, base, d, key in self._options(i):
            box = _box(base, d, 2, 4) if tile.is_double and not pl.in_line else _box(base, d, 4, 2)
            own = self.port_squares[pl.target][key]
            blocked: set[int] = set()
            for c in _cells(box):
                if c in occ:
                    blocked.add(occ[c])
                elif c in hard and c not in own:
                    blocked.update(hard[c])
            if blocked:  # quick refusal before building anything
                conflict |= blocked
                continue
            box, halves = self._shape(i, base, d)
            ports = self._ports_for(tile, self.spinner[i], False, base, d, pl.in_line)
            out = self._try(i, box, halves, ports, port, key, d, k)
            if out is None:
                return None
            if i in out:  # the trouble is this tile's place: try its next one
                conflict |= out - {i}
            else:  # the trouble lies further back: jump
                return out | conflict
        return conflict

    def _try(self, i: int, box: Box, halves: tuple[Half, Half], ports: dict[Key, Port], via: Port | None,
             key: Key | None, d: Vec, step: int) -> set[int] | None:
        """Put tile ``i`` in ``box`` (set against ``via``, its parent's port ``key``) and place the rest
        from ``step`` on; ``None`` on success, else the tiles in the way (with the place undone)."""
        cells = _cells(box)
        parent = self.places[i].target
        own = set(self.port_squares[parent][key]) if via is not None and key is not None else set()
        wide = self.wide[i]
        # a port that will take a double keeps the double's whole footprint free
        squares = {k: _cells(_box((p.x, p.y), (p.dx, p.dy), 2, 4)) if k in wide else _square(p)
                   for k, p in ports.items()}
        culprits = self._in_the_way(i, cells, own, squares)
        if culprits:
            culprits.add(i)  # another place for this tile might do
            return culprits
        self._commit(i, box, halves, ports, via, key, d, cells, own, squares)
        out = self._place(step + 1)
        if out is None:
            return None
        self._undo(i, via, key, cells, own, squares)
        return out

    def _in_the_way(self, i: int, cells: tuple[Vec, ...], own: set[Vec],
                    squares: dict[Key, tuple[Vec, ...]]) -> set[int]:
        """The tiles on the box's cells or holding them for a later tile (but for the parent's own
        port), and those on the squares this tile's needed ports must keep free."""
        occ, hard = self.occupied, self.hard
        needed = self.used[i]
        culprits: set[int] = set()
        for c in cells:
            if c in occ:
                culprits.add(occ[c])
            elif c in hard and c not in own:
                culprits.update(hard[c])
        cellset = set(cells)
        for k, sq in squares.items():
            if k not in needed:
                continue
            for c in sq:
                if c in occ:
                    culprits.add(occ[c])
                elif c in cellset:
                    culprits.add(i)
        return culprits

    def _commit(self, i: int, box: Box, halves: tuple[Half, Half], ports: dict[Key, Port], via: Port | None,
                key: Key | None, d: Vec, cells: tuple[Vec, ...], own: set[Vec],
                squares: dict[Key, tuple[Vec, ...]]) -> None:
        """Lay tile ``i``: take its cells, free the parent's hold on the port it uses, and hold the
        squares of its own ports (hard for a port a later tile needs, soft for one that stays open)."""
        occ, hard, soft = self.occupied, self.hard, self.soft
        parent = self.places[i].target
        needed = self.used[i]
        for c in cells:
            occ[c] = i
        if via is not None:
            for c in own:
                if c in hard and parent in hard[c]:
                    hard[c].remove(parent)
                    if not hard[c]:
                        del hard[c]
                elif c in soft:
                    soft[c] -= 1
                    if not soft[c]:
                        del soft[c]
        for k, sq in squares.items():
            if k in needed:
                for c in sq:
                    held = hard.get(c)
                    if held is None:
                        hard[c] = [i]
                    else:
                        held.append(i)
            else:
                for c in sq:
                    soft[c] = soft.get(c, 0) + 1
        pl = self.places[i]
        placed = PlacedTile(i, pl.tile, box, halves, pl.tile.is_double and not pl.in_line, ports, via)
        self.placed.append(placed)
        self.at[i] = placed
        self.port_squares[i] = squares
        self.free_ends[i] = [p for p in ports if p[0] == "end"]
        if key is not None and key[0] == "end":
            self.free_ends[parent].remove(key)
        self.primary[i] = d

    def _undo(self, i: int, via: Port | None, key: Key | None, cells: tuple[Vec, ...], own: set[Vec],
              squares: dict[Key, tuple[Vec, ...]]) -> None:
        """Take tile ``i`` up again: everything :meth:`_commit` did, backwards."""
        occ, hard, soft = self.occupied, self.hard, self.soft
        parent = self.places[i].target
        needed = self.used[i]
        if key is not None and key[0] == "end":
            self.free_ends[parent].append(key)
            self.free_ends[parent].sort()
        del self.at[i]
        self.placed.pop()
        for k, sq in squares.items():
            if k in needed:
                for c in sq:
                    held = hard[c]
                    held.remove(i)
                    if not held:
                        del hard[c]
            else:
                for c in sq:
                    soft[c] -= 1
                    if not soft[c]:
                        del soft[c]
        if via is not None and key is not None:
            pneeded = key in self.used[parent]
            for c in own:
                if pneeded:
                    hard.setdefault(c, []).append(parent)
                else:
                    soft[c] = soft.get(c, 0) + 1
        for c in cells:
            del occ[c]


@functools.lru_cache(maxsize=512)
def layout_geometry(lay: Layout) -> Geometry:
    """Place every tile of ``lay``: no overlaps, each matching half against its end.

    The same layout always gets the same geometry, so recent ones are kept (a picture is often
    drawn again: with the working, on the projector, after a rerun). ``layout_geometry.cache_clear()``
    forgets them."""
    return _solve(lay)


def _solve(lay: Layout) -> Geometry:
    if lay.is_empty:
        return Geometry((), (-4, -4, 4, 4))
    n = len(lay)
    tiles: list[PlacedTile] = []
    # A compact box first, on a short leash; then roomier ones. A hard layout gives up early in
    # the small box and is easy in a big one. Shaken restarts and, last, an unlimited search
    # make sure every layout gets drawn.
    spinners = len(lay.spinners)
    roomy = n + 3 * spinners > 30  # many tiles or many arms: start in a bigger box
    crowded = n + 3 * spinners > 42 or n >= 24  # and with very many, a bigger one still
    plans: list[tuple[int, int, int, int]] = [] if roomy else [(22, 14, 2 * n, 0)]
    plans += [] if crowded else [(36, 24, 2 * n, 0)]
    plans += [(46, 32, 3 * n, 0)]
    plans += [(50, 36, 2 * n, seed) for seed in range(1, 13)] + [(60, 44, 10**9, 0)]
    for xb, yb, budget, seed in plans:
        shake = random.Random(seed) if seed else None
        try:
            # odd restarts also change the order tiles are placed in
            tiles = _Solver(lay, xb, yb, budget=budget + 8, shake=shake, play_order=seed % 2 == 1).solve()
        except _Budget:
            continue
        if len(tiles) == n:
            break
    xs0, ys0, xs1, ys1 = [], [], [], []
    used = {(t.via_port) for t in tiles if t.via_port is not None}
    for t in tiles:
        x0, y0, x1, y1 = t.box
        xs0.append(x0)
        ys0.append(y0)
        xs1.append(x1)
        ys1.append(y1)
        for p in t.ports.values():
            if p in used:
                continue
            b = _box((p.x, p.y), (p.dx, p.dy), 2, 2)
            xs0.append(b[0])
            ys0.append(b[1])
            xs1.append(b[2])
            ys1.append(b[3])
    return Geometry(tuple(tiles), (min(xs0), min(ys0), max(xs1), max(ys1)))
