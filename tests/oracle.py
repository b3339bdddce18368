"""A deliberately plain second reading of the rules (docs/rules.md), used to cross-check the engine.

It shares no code with ``trainer.rules``: it works from the record text alone.
"""

from __future__ import annotations


def _tile(text: str) -> tuple[int, int]:
    a, b = (int(x) for x in text.split("-"))
    return (min(a, b), max(a, b))


class OracleLayout:
    """Sniff (docs/rules.md): the first double is the sniff. ``sniff``: it lies in line, so it has
    one line end (two as the lead) that counts its number while free, and each long side takes one
    tile (written ``t^sniff``) whose outer number counts for good. ``sniff-crosswise``: it spins, and
    once both its sides are covered each of its two short ends counts its number while free."""

    def __init__(self, variant: str) -> None:
        self.variant = variant
        self.order: list[tuple[int, int]] = []
        self.children: dict[tuple[int, int], list[int]] = {}  # matched numbers of tiles set on it
        self.matched: dict[tuple[int, int], int] = {}  # number each non-lead tile matched
        self.spinner: dict[tuple[int, int], bool] = {}
        self.sniff: tuple[int, int] | None = None
        self.beside: list[tuple[int, int]] = []  # tiles set beside the in-line sniff

    def _sides(self, t: tuple[int, int]) -> int:
        return 2 if t == self.order[0] else 1

    def _capacity_on(self, target: tuple[int, int], n: int) -> bool:
        kids = self.children[target]
        if target in self.beside:
            return False
        if target == self.sniff and self.variant == "sniff":  # its line ends only
            return n == target[0] and len(kids) < self._sides(target)
        if target[0] == target[1]:
            if n != target[0]:
                return False
            cap = self._sides(target) + (2 if self.spinner[target] else 0)
            return len(kids) < cap
        if target == self.order[0]:
            return n in target and n not in kids
        free = target[0] if self.matched[target] == target[1] else target[1]
        return n == free and not kids

    def _new_double(self, t: tuple[int, int]) -> None:
        first = self.sniff is None and not any(self.spinner.values())
        if self.variant in ("sniff", "sniff-crosswise") and first:
            self.sniff = t
        if self.variant == "five-up":
            self.spinner[t] = True
        elif self.variant in ("all-fives", "sniff-crosswise"):
            self.spinner[t] = first
        else:
            self.spinner[t] = False

    def play(self, token: str) -> None:
        if "^" in token:
            left, right = token.split("^")
            t, g = _tile(left), _tile(right)
            assert self.variant == "sniff" and g == self.sniff and len(self.beside) < 2 and g[0] in t, token
            self.order.append(t)
            self.children[t] = []
            self.spinner[t] = False
            self.matched[t] = g[0]
            self.beside.append(t)
            return
        if ">" not in token:
            assert not self.order
            t = _tile(token)
            self.order.append(t)
            self.children[t] = []
            self.spinner[t] = False
            if t[0] == t[1]:
                self._new_double(t)
            return
        left, right = token.split(">")
        t, g = _tile(left), _tile(right)
        assert g in self.children and t not in self.children
        ns = [n for n in set(t) if self._capacity_on(g, n)]
        assert len(ns) == 1, (token, ns)
        n = ns[0]
        self.children[g].append(n)
        self.order.append(t)
        self.children[t] = []
        self.matched[t] = n
        self.spinner[t] = False
        if t[0] == t[1]:
            self._new_double(t)

    def total(self) -> int:
        total = 0
        for t in self.order:
            kids = self.children[t]
            if t in self.beside:  # its outer number counts for the rest of the hand
                total += t[0] if t[1] == self.matched[t] else t[1]
            elif t == self.sniff and self.variant == "sniff":
                total += t[0] * (self._sides(t) - len(kids))
            elif t == self.sniff:  # crosswise: both halves while a side is free, then each free end
                if len(kids) < self._sides(t):
                    total += 2 * t[0]
                else:
                    total += t[0] * (2 - (len(kids) - self._sides(t)))
            elif t[0] == t[1]:
                if len(kids) < self._sides(t):
                    total += 2 * t[0]
            elif t == self.order[0]:
                total += sum(n for n in t if n not in kids)
            elif not kids:
                total += t[0] if self.matched[t] == t[1] else t[1]
        return total

    def legal(self, hand: list[str]) -> set[str]:
        out = set()
        for h in hand:
            t = _tile(h)
            if not self.order:
                out.add(f"{t[0]}-{t[1]}")
                continue
            for g in self.order:
                if any(self._capacity_on(g, n) for n in set(t)):
                    out.add(f"{t[0]}-{t[1]}>{g[0]}-{g[1]}")
            g = self.sniff
            if self.variant == "sniff" and g is not None and len(self.beside) < 2 and g[0] in t:
                out.add(f"{t[0]}-{t[1]}^{g[0]}-{g[1]}")
        return out


def oracle_from_record(record: str, variant: str) -> OracleLayout:
    lay = OracleLayout(variant)
    for tok in record.split():
        lay.play(tok)
    return lay
