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
    """A plain reading of the turn rules of one hand (docs/rules.md: "A hand", "The muggins call",
    "A game" for the exact target, "Chaining": a tile just drawn ends the turn), for the perft table
    in tests/test_perft.py.

    The rule set comes as a plain dict of option values: ``variant``, ``voluntary_draw``, ``reserve``
    (tiles of the boneyard never drawn), ``calls`` (off/lose/strict), ``caller`` (next/any),
    ``chain``, ``scoring_lead``, ``highest_double``, ``teams``, ``unit`` (pips/points), ``target``
    and ``exact_target``; ``start_scores`` (one per side) is optional. A position is read as text:
    hands and boneyard as tiles ("1-4"), the boneyard's last tile drawn first. Actions are strings
    in the engine's notation: "1-4" (a lead), "3-4>4-4", "3-4^4-4", "draw", "pass", "claim 15",
    "muggins", "let it go".

    Stages: ``turn`` (a lead or a play, a draw or a pass), ``drawing`` (a player drawing for a tile
    that fits), ``claim`` (the player who just played announces its score), ``muggins`` (an opponent
    may take a missed score) and ``over``."""

    def __init__(self, options: dict, hands: list[list[str]], boneyard: list[str], leader: int) -> None:
        self.o = options
        self.n = len(hands)
        self.hands = [[_tile(t) for t in h] for h in hands]
        self.bone = [_tile(t) for t in boneyard]
        self.layout = OracleLayout(options["variant"])
        self.record: list[str] = []  # the layout's plays, to copy it by replaying them
        self.turn = leader
        self.stage = "turn"
        self.drawn: tuple[int, int] | None = None  # the last tile drawn while drawing for a fit
        self.chaining = False  # a turn that goes on after a score or a double: plays only
        self.again = False  # the play just made lets its player go again
        self.pending = 0  # the score of the play waiting for its call
        self.caller = -1  # the opponent who may call "muggins" now
        self.lead_passes = 0
        sides = 2 if self.teams else self.n
        self.scores = list(options.get("start_scores") or [0] * sides)
        self.must: tuple[int, int] | None = None  # the tile that must lead (highest double)
        if options["highest_double"]:
            held = [t for h in self.hands for t in h]
            doubles = [t for t in held if t[0] == t[1]]
            self.must = max(doubles) if doubles else max(held, key=lambda t: (t[0] + t[1], t[1]))
            self.turn = next(i for i, h in enumerate(self.hands) if self.must in h)

    @property
    def teams(self) -> bool:
        return bool(self.o["teams"]) and self.n == 4

    def side(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    @property
    def player(self) -> int:
        """Who acts now: the caller during a muggins call, else the player whose turn it is."""
        return self.caller if self.stage == "muggins" else self.turn

    def copy(self) -> OracleHand:
        c = OracleHand.__new__(OracleHand)
        c.__dict__.update(self.__dict__)
        c.hands = [h[:] for h in self.hands]
        c.bone = self.bone[:]
        c.scores = self.scores[:]
        c.record = self.record[:]
        c.layout = OracleLayout(self.o["variant"])
        for token in c.record:
            c.layout.play(token)
        return c

    # --- what may be done

    @staticmethod
    def _name(t: tuple[int, int]) -> str:
        return f"{t[0]}-{t[1]}"

    def _plays(self, tiles: list[tuple[int, int]]) -> list[str]:
        return sorted(self.layout.legal([self._name(t) for t in tiles]))

    def _can_draw(self) -> bool:
        return len(self.bone) > self.o["reserve"]

    def _blocked(self) -> bool:
        """Nobody holds a tile that fits and nothing can be drawn."""
        return not self._can_draw() and not any(self._plays(h) for h in self.hands)

    def actions(self) -> list[str]:
        if self.stage == "over":
            return []
        if self.stage == "claim":
            step = 5 if self.o["unit"] == "pips" else 1
            return [f"claim {v}" for v in range(0, 40 * step + 1, step)]
        if self.stage == "muggins":
            return ["muggins", "let it go"]
        hand = self.hands[self.turn]
        if not self.layout.order:  # the lead
            if self.must is not None:
                return [self._name(self.must)]
            if self.o["scoring_lead"] and self.lead_passes < self.n:
                counts = [t for t in hand if t[0] == t[1] or (t[0] + t[1]) % 5 == 0]
                return [self._name(t) for t in counts] or ["pass"]
            return [self._name(t) for t in hand]
        if self.stage == "drawing":  # the drawn tile is played at once if it fits
            if self._plays([self.drawn]):
                return self._plays([self.drawn])
            if self._can_draw():
                return ["draw"]
            return self._plays(hand) or ["pass"]  # the boneyard ran out first
        plays = self._plays(hand)
        if self.chaining:  # a chain never draws
            return plays
        if plays:
            return plays + (["draw"] if self.o["voluntary_draw"] and self._can_draw() else [])
        return ["draw"] if self._can_draw() else ["pass"]

    # --- doing it

    def apply(self, action: str) -> None:
        assert action in self.actions(), (action, self.actions())
        who = self.turn
        if action.startswith("claim "):
            said = int(action.split()[1])
            if said == self.pending:
                self._credit(who, self.pending)
            elif self.pending and self.o["calls"] == "strict":
                self.stage = "muggins"
                self.caller = self._opponent_after(who)
                return
            self._after_play()
        elif action == "muggins":
            self._credit(self.caller, self.pending)
            self._after_play()
        elif action == "let it go":
            after = self._opponent_after(self.caller) if self.o["caller"] == "any" else -1
            if after >= 0:
                self.caller = after
                return
            self._after_play()
        elif action == "draw":
            self.drawn = self.bone.pop()
            self.hands[who].append(self.drawn)
            self.stage = "drawing"
            if self._blocked():
                self.stage = "over"
        elif action == "pass":
            if not self.layout.order:
                self.lead_passes += 1
            self.turn = (who + 1) % self.n
            self.stage = "over" if self.layout.order and self._blocked() else "turn"
        else:
            self._play(who, action)

    def _play(self, who: int, action: str) -> None:
        tile = _tile(action.replace("^", ">").split(">")[0])
        self.hands[who].remove(tile)
        self.layout.play(action)
        self.record = self.record + [action]
        total = self.layout.total()
        score = total if total > 0 and total % 5 == 0 else 0
        if self.o["unit"] == "points":
            score //= 5
        # a score or a double goes again under chain, but never a tile just drawn: it ends the turn
        just_drawn = self.stage == "drawing" and tile == self.drawn
        self.again = bool(self.o["chain"]) and (score > 0 or tile[0] == tile[1]) and not just_drawn
        self.drawn = None
        if self.o["calls"] == "off":
            self._credit(who, score)
            self._after_play()
        else:
            self.pending = score
            self.stage = "claim"

    def _credit(self, seat: int, score: int) -> None:
        """``score`` for ``seat``'s side; with the exact target an overshoot scores nothing, and a
        side that lands on the target wins at once."""
        s = self.side(seat)
        if self.o["exact_target"] and self.scores[s] + score > self.o["target"]:
            score = 0
        self.scores[s] += score
        if score and self.o["exact_target"] and self.scores[s] == self.o["target"]:
            self.stage = "over"

    def _opponent_after(self, seat: int) -> int:
        """The next seat after ``seat`` on the other side from the player who played, before the
        turn comes back round to that player (-1: none)."""
        s = (seat + 1) % self.n
        while s != self.turn:
            if self.side(s) != self.side(self.turn):
                return s
            s = (s + 1) % self.n
        return -1

    def _after_play(self) -> None:
        who = self.turn
        self.pending, self.caller = 0, -1
        again, self.again = self.again, False
        if self.stage == "over" or not self.hands[who] or self._blocked():  # won, dominoes, blocked
            self.stage = "over"
            return
        self.stage = "turn"
        self.chaining = again and bool(self._plays(self.hands[who]))
        if not self.chaining:
            self.turn = (who + 1) % self.n
