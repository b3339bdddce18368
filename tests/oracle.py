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


class OracleHand:
    """A plain reading of the turn rules of one hand (docs/rules.md, "A hand", "The muggins call",
    "Chaining"), for the perft table in tests/test_perft.py. It knows the options as a plain dict
    (``variant``, ``voluntary_draw``, ``reserve``, ``calls``: off/lose/strict, ``caller``: next/any,
    ``chain``, ``scoring_lead``, ``highest_double``, ``teams``, ``unit``) and reads a position only
    as text: hands and boneyard as tiles ("1-4"), the boneyard's last tile drawn first."""

    def __init__(self, options: dict, hands: list[list[str]], boneyard: list[str], leader: int) -> None:
        self.o = options
        self.hands = [[_tile(t) for t in h] for h in hands]
        self.bone = [_tile(t) for t in boneyard]
        self.layout = OracleLayout(options["variant"])
        self.n = len(hands)
        self.turn = leader
        self.stage = "turn"  # turn, drawing, claim, muggins, over
        self.drawn: tuple[int, int] | None = None
        self.pending = 0
        self.again = False
        self.caller = -1
        self.lead_passes = 0
        self.record: list[str] = []  # the layout's plays, to copy it by replaying them
        self.must: tuple[int, int] | None = None
        if options["highest_double"]:
            held = [t for h in self.hands for t in h]
            doubles = [t for t in held if t[0] == t[1]]
            self.must = max(doubles) if doubles else max(held, key=lambda t: (t[0] + t[1], t[1]))
            self.turn = next(i for i, h in enumerate(self.hands) if self.must in h)

    def copy(self) -> OracleHand:
        c = OracleHand.__new__(OracleHand)
        c.__dict__.update(self.__dict__)
        c.hands = [h[:] for h in self.hands]
        c.bone = self.bone[:]
        lay = OracleLayout(self.layout.variant)
        for tok in self.record:
            lay.play(tok)
        c.layout = lay
        c.record = self.record[:]
        return c

    @staticmethod
    def _name(t: tuple[int, int]) -> str:
        return f"{t[0]}-{t[1]}"

    def _plays(self, tiles: list[tuple[int, int]]) -> list[str]:
        return sorted(self.layout.legal([self._name(t) for t in tiles]))

    def _anyone_can_play(self) -> bool:
        return any(self._plays(h) for h in self.hands)

    def _side(self, p: int) -> int:
        return p % 2 if self.o["teams"] and self.n == 4 else p

    def actions(self) -> list[str]:
        if self.stage == "over":
            return []
        if self.stage == "claim":
            step = 5 if self.o["unit"] == "pips" else 1
            return [f"claim {v}" for v in range(0, 40 * step + 1, step)]
        if self.stage == "muggins":
            return ["muggins", "let it go"]
        hand = self.hands[self.turn]
        can_draw = len(self.bone) > self.o["reserve"]
        if not self.layout.order:  # the lead
            if self.must is not None:
                return [self._name(self.must)]
            if self.o["scoring_lead"] and self.lead_passes < self.n:
                ok = [t for t in hand if t[0] == t[1] or (t[0] + t[1]) % 5 == 0]
                return [self._name(t) for t in ok] or ["pass"]
            return [self._name(t) for t in hand]
        if self.stage == "drawing":
            mine = self._plays([self.drawn])
            if mine:
                return mine
            if can_draw:
                return ["draw"]
            return self._plays(hand) or ["pass"]
        plays = self._plays(hand)
        if plays:
            return plays + (["draw"] if can_draw and self.o["voluntary_draw"] else [])
        return ["draw"] if can_draw else ["pass"]

    def apply(self, action: str) -> None:
        assert action in self.actions(), (action, self.actions())
        who = self.turn
        if action.startswith("claim"):
            said = int(action.split()[1])
            if said != self.pending and self.pending and self.o["calls"] == "strict":
                self.stage = "muggins"
                self.caller = self._next_opponent(who)
                return
            self.pending = 0
            self._after_play()
            return
        if action in ("muggins", "let it go"):
            if action == "let it go" and self.o["caller"] == "any":
                after = self._next_opponent(self.caller)
                if after >= 0:
                    self.caller = after
                    return
            self.pending = 0
            self.caller = -1
            self._after_play()
            return
        if action == "draw":
            t = self.bone.pop()
            self.hands[who].append(t)
            self.stage = "drawing"
            self.drawn = t
            if len(self.bone) <= self.o["reserve"] and not self._plays([t]) and not self._anyone_can_play():
                self.stage = "over"
            return
        if action == "pass":
            if not self.layout.order:
                self.lead_passes += 1
                self.turn = (who + 1) % self.n
                return
            if not self._anyone_can_play():
                self.stage = "over"
                return
            self.turn = (who + 1) % self.n
            self.stage = "turn"
            return
        # a play
        tile = _tile(action.replace("^", ">").split(">")[0])
        self.hands[who].remove(tile)
        self.layout.play(action)
        self.record = self.record + [action]
        total = self.layout.total()
        score = total if total % 5 == 0 and total else 0
        self.again = self.o["chain"] and (score > 0 or tile[0] == tile[1])
        self.drawn = None
        if self.o["calls"] != "off":
            self.pending = score
            self.stage = "claim"
            return
        self._after_play()

    def _next_opponent(self, after: int) -> int:
        """The next seat after ``after`` on the other side from the player who missed (-1: none)."""
        seat = (after + 1) % self.n
        while seat != self.turn:
            if self._side(seat) != self._side(self.turn):
                return seat
            seat = (seat + 1) % self.n
        return -1

    def _after_play(self) -> None:
        who = self.turn
        if not self.hands[who]:
            self.stage = "over"
            return
        if len(self.bone) <= self.o["reserve"] and not self._anyone_can_play():
            self.stage = "over"
            return
        self.stage = "turn"
        if self.again and self._plays(self.hands[who]):
            self.again = False
            return
        self.again = False
        self.turn = (who + 1) % self.n

    @property
    def player(self) -> int:
        """Who acts now (the caller, during a muggins call)."""
        return self.caller if self.stage == "muggins" else self.turn
