"""The mutable core of a layout, built for speed.

Positions are indexes into the order of play (0 is the lead); tiles are ids from
:mod:`trainer.rules.tiles`. Nothing here checks legality: :class:`~trainer.rules.layout.Layout`
and :class:`~trainer.rules.hand.HandState` do that before calling in. Simulations copy a
``Board`` and push tiles onto it directly.

Sniff (spin rules 3 and 4): the first double is the *sniff*. Laid in line (3), it ends its line
like any tile (a lead sniff has two line ends, ``ends``), counting its half on each free line end,
and takes one tile on each long side (``sniff_sides``): such a tile is pushed with the number
``SNIFF_SIDE + n`` and its outer half counts for the rest of the hand. Laid crosswise (4), it spins,
and its two short ends keep counting their half each while they are free.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.rules.tiles import PAIRS

#: How a tile is attached to its target.
HALF, SIDE, END, BESIDE = 0, 1, 2, 3
"""``BESIDE``: against a long side of an in-line sniff."""

SNIFF_SIDE = 7
"""Added to the matched number of a move that sets a tile beside an in-line sniff."""

NONE = 7
"""The index of ``Board.avail``'s always-empty list."""

HALVES: tuple[tuple[int, int], ...] = tuple((a, b if a != b else NONE) for a, b in PAIRS)
"""A tile's two numbers, a double's second one as ``NONE``: every open position a tile may go
against is ``avail[a] + avail[c]``, with no test for doubles."""

#: Spin rules: no spinner, the first double, every double, an in-line sniff, a crosswise sniff.
NO_SPIN, FIRST_SPINS, ALL_SPIN, SNIFF_INLINE, SNIFF_CROSSWISE = 0, 1, 2, 3, 4


class Board:
    """Open ends indexed by number, the open-end total, and how every tile is attached."""

    __slots__ = (
        "spin_rule", "tiles", "pos_of", "attach", "avail", "sides", "ends",
        "spinner", "free", "total", "n_spinners", "sniff", "sniff_sides",
    )

    def __init__(self, spin_rule: int) -> None:
        self.spin_rule = spin_rule
        self.tiles: list[int] = []  # tile id at each position
        self.pos_of: list[int] = [-1] * 28  # position of each tile id, -1 if not placed
        self.attach: list[tuple[int, int, int, int]] = []  # (target pos, HALF/SIDE/END, slot, number)
        # positions open on each number; the eighth list, for "no number", stays empty (a double's
        # second half in HALVES, so move generation needs no test for doubles)
        self.avail: list[list[int]] = [[], [], [], [], [], [], [], []]
        # by position, for all 28 places at once (a position past the last tile is never read):
        self.sides: list[int] = [0] * 28  # free long sides of a double (0 for other tiles)
        self.ends: list[int] = [0] * 28  # free short ends of an opened spinner
        self.spinner: list[bool] = [False] * 28
        self.free: list[int] = [-1] * 28  # the unmatched half of a non-double (-1 for doubles and the lead)
        self.total = 0
        self.n_spinners = 0
        self.sniff = -1  # the sniff's position (-1: none yet, or not a Sniff layout)
        self.sniff_sides = 0  # free long sides of an in-line sniff

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.spin_rule = self.spin_rule
        b.tiles = self.tiles[:]
        b.pos_of = self.pos_of[:]
        b.attach = self.attach[:]
        b.avail = [a[:] for a in self.avail]
        b.sides = self.sides[:]
        b.ends = self.ends[:]
        b.spinner = self.spinner[:]
        b.free = self.free[:]
        b.total = self.total
        b.n_spinners = self.n_spinners
        b.sniff = self.sniff
        b.sniff_sides = self.sniff_sides
        return b

    def lead(self, tid: int) -> int:
        """Place the first tile; returns the open-end total."""
        a, b = PAIRS[tid]
        self.tiles.append(tid)
        self.pos_of[tid] = 0
        self.attach.append((-1, -1, -1, -1))
        avail = self.avail
        if a == b:
            rule = self.spin_rule
            avail[a].append(0)
            self.total = 2 * a
            if rule == SNIFF_INLINE:  # two line ends and two long sides
                self.sniff = 0
                self.sniff_sides = 2
                self.ends[0] = 2
                return 2 * a
            spin = rule > 0
            self.sides[0] = 2
            self.spinner[0] = spin
            if spin:
                self.n_spinners += 1
                if rule == SNIFF_CROSSWISE:
                    self.sniff = 0
            return 2 * a
        avail[a].append(0)
        avail[b].append(0)
        self.total = a + b
        return a + b

    def push(self, tid: int, p: int, n: int) -> int:
        """Set tile ``tid`` against position ``p`` on its open end numbered ``n`` (``SNIFF_SIDE + n``:
        beside an in-line sniff); returns the open-end total after it (the turn core scores it)."""
        if n >= SNIFF_SIDE:
            return self._push_beside(tid, p, n - SNIFF_SIDE)
        avail = self.avail
        total = self.total
        s = self.sides[p]
        if not s and not self.ends[p]:  # the common case: a free half is covered
            total -= n
            avail[n].remove(p)
            self.attach.append((p, HALF, 0 if p or PAIRS[self.tiles[0]][0] == n else 1, n))
        elif s:
            s -= 1
            self.sides[p] = s
            slot = 1 - s if p == 0 else 1  # a later double's side 0 is the one it was played on
            if s == 0:
                if p != self.sniff:  # a crosswise sniff's ends go on counting its halves
                    total -= 2 * n
                if self.spinner[p]:
                    self.ends[p] = 2
                else:
                    avail[n].remove(p)
            self.attach.append((p, SIDE, slot, n))
        else:
            e = self.ends[p] - 1
            self.ends[p] = e
            how = END
            slot = 1 - e
            if p == self.sniff:  # a sniff's free end counts its half; now it is covered
                total -= n
                if self.spin_rule == SNIFF_INLINE:
                    how = HALF
                    slot = 1 - e if p == 0 else 0
            if e == 0:
                avail[n].remove(p)
            self.attach.append((p, how, slot, n))
        tiles = self.tiles
        q = len(tiles)
        tiles.append(tid)
        self.pos_of[tid] = q
        a, b = PAIRS[tid]
        if a != b:
            o = b if a == n else a
            self.free[q] = o
            avail[o].append(q)
            total += o
            self.total = total
            return total
        rule = self.spin_rule
        avail[a].append(q)
        if rule == SNIFF_INLINE and self.sniff < 0:  # in line: one free end, two long sides
            self.sniff = q
            self.sniff_sides = 2
            self.ends[q] = 1
            total += a
            self.total = total
            return total
        if rule == ALL_SPIN or (rule in (FIRST_SPINS, SNIFF_CROSSWISE) and self.n_spinners == 0):
            self.n_spinners += 1
            self.spinner[q] = True
            if rule == SNIFF_CROSSWISE:
                self.sniff = q
        self.sides[q] = 1
        total += 2 * a
        self.total = total
        return total

    def _push_beside(self, tid: int, p: int, n: int) -> int:
        """Set tile ``tid`` against a long side of the in-line sniff at ``p`` (matching ``n``)."""
        a, b = PAIRS[tid]
        o = b if a == n else a
        q = len(self.tiles)
        self.tiles.append(tid)
        self.pos_of[tid] = q
        self.attach.append((p, BESIDE, 2 - self.sniff_sides, n))
        self.sniff_sides -= 1
        self.free[q] = o  # counted for the rest of the hand, though nothing can go on it
        self.total += o
        return self.total

    def beside_moves(self, hand: Sequence[int]) -> list[tuple[int, int, int]]:
        """Every move of ``hand`` beside the in-line sniff (none once both long sides are taken)."""
        if not self.sniff_sides:
            return []
        n = PAIRS[self.tiles[self.sniff]][0]
        return [(t, self.sniff, SNIFF_SIDE + n) for t in hand if n in PAIRS[t]]

    def moves(self, hand: Sequence[int]) -> list[tuple[int, int, int]]:
        """Every (tile id, target position, number) for the tiles of ``hand``.
        :meth:`TurnCore.generate_moves <trainer.rules.turns.TurnCore.generate_moves>` runs this same
        loop inline (a call less on every simulated move): a change here is a change there."""
        avail = self.avail
        out = []
        for t in hand:
            a, b = HALVES[t]
            if avail[a]:  # most numbers are not open: no loop over an empty list
                for p in avail[a]:
                    out.append((t, p, a))
            if avail[b]:
                for p in avail[b]:
                    out.append((t, p, b))
        if self.sniff_sides:
            out.extend(self.beside_moves(hand))
        return out

    def total_after(self, tid: int, p: int, n: int) -> int:
        """The open-end total if tile ``tid`` were set against ``p`` on ``n`` (nothing changes)."""
        total = self.total
        a, b = PAIRS[tid]
        if n >= SNIFF_SIDE:  # beside an in-line sniff: its outer half counts from now on
            n -= SNIFF_SIDE
            return total + (b if a == n else a)
        s = self.sides[p]
        if s:
            if s == 1 and p != self.sniff:
                total -= 2 * n  # its last free side is covered: the double stops counting
        elif not self.ends[p] or p == self.sniff:
            total -= n  # a free half is covered (a sniff's free end counts its half)
        if a == b:
            if self.spin_rule == SNIFF_INLINE and self.sniff < 0:
                return total + a  # the sniff, in line: one free end
            return total + 2 * a
        return total + (b if a == n else a)

    def fits(self, tid: int) -> bool:
        a, b = PAIRS[tid]
        if self.avail[a] or self.avail[b]:
            return True
        return bool(self.sniff_sides) and PAIRS[self.tiles[self.sniff]][0] in (a, b)

    def number_for(self, tid: int, p: int) -> int:
        """The open number of position ``p`` that tile ``tid`` matches, or -1."""
        a, b = PAIRS[tid]
        if p in self.avail[a]:
            return a
        if p in self.avail[b]:
            return b
        return -1
