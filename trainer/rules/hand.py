"""One hand as a state machine: deal, turns, drawing, passing, scoring and settlement.

Modelled on OpenSpiel games: :attr:`HandState.current_player`, :meth:`~HandState.legal_actions`,
:meth:`~HandState.apply`, :attr:`~HandState.is_terminal` and :attr:`~HandState.result`.
The deal is explicit and seeded; draws take the top of the shuffled boneyard.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, Union

from trainer.rules.board import Board
from trainer.rules.errors import IllegalPlay
from trainer.rules.layout import PLAY_BY_ID, Layout, Play
from trainer.rules.ruleset import RuleSet
from trainer.rules.scoring import round_to_five
from trainer.rules.tiles import ID_OF, PAIRS, PIPS, TILES, Tile, TileLike


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top tile of the boneyard."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Nothing fits and nothing can be drawn: the turn goes on."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Claim:
    """Announce the score of the play just made (the muggins call)."""

    points: int
    """The score announced, in the rule set's unit (0 for "no score")."""

    def __str__(self) -> str:
        return f"claim {self.points}"


@dataclass(frozen=True, slots=True)
class Muggins:
    """After an opponent's missed or wrong call: ``take=True`` calls "Muggins!" and takes the
    points; ``take=False`` lets them go."""

    take: bool

    def __str__(self) -> str:
        return "muggins" if self.take else "let it go"


# where a turn stands (``Hand.phase``; ``Hand.phase_name`` says it in words)
TURN = 0
"""The current player is to lead or play (or draw or pass)."""
DRAWING = 1
"""The current player has drawn and goes on drawing, playing or passing."""
CLAIMING = 2
"""The player who just played announces its score (the muggins call)."""
MUGGINS_CALL = 3
"""A score was missed: the next opponent may call "Muggins!" and take it."""

DRAW = Draw()
PASS = Pass()
MUGGINS = Muggins(True)
LET_GO = Muggins(False)
Action = Union[Play, Draw, Pass, Claim, Muggins]

DOMINOED, BLOCKED, TARGET = "dominoed", "blocked", "target"


class Event(NamedTuple):
    """One thing that happened in a hand."""

    player: int
    """Who acted."""
    kind: str
    """``"play"``, ``"draw"``, ``"pass"``, ``"claim"`` or ``"muggins"`` (points taken by an opponent)."""
    play: Play | None = None
    """The play, for ``"play"``."""
    tile: Tile | None = None
    """The tile drawn (hidden from other players' views)."""
    total: int = 0
    """Open-end total after a play."""
    score: int = 0
    """What the play made (for ``"play"``), or the announced score (for ``"claim"``)."""
    credited: int = 0
    """What was actually added to the score board for this event."""
    side: int = -1
    """Which side was credited."""
    open_mask: int = 0
    """Bit ``n`` set: number ``n`` was open when a player drew or passed."""

    @property
    def open_numbers(self) -> frozenset[int]:
        """Numbers open on the layout when a player drew or passed (they held none of them,
        unless voluntary drawing is allowed)."""
        return frozenset(n for n in range(7) if self.open_mask >> n & 1)


_event = tuple.__new__  # builds an Event without NamedTuple's keyword handling (hot path)


class HandResult(NamedTuple):
    """How a finished hand came out (an immutable record)."""

    ending: str
    """``"dominoed"``, ``"blocked"``, or ``"target"`` (an exact target was hit mid-hand)."""
    winner: int | None
    """The player who dominoed, or who holds the fewest pips after a block (``None`` on a tie)."""
    winning_side: int | None
    """The side (team or player) that won the hand, or ``None`` on a tie."""
    sides: tuple[tuple[int, ...], ...]
    """The players of each side: ``((0, 2), (1, 3))`` with teams, ``((0,), (1,))`` without."""
    hands: tuple[tuple[Tile, ...], ...]
    """The tiles left in each player's hand."""
    pips: tuple[int, ...]
    """Pips left in each player's hand."""
    side_pips: tuple[int, ...]
    """Pips left on each side."""
    rounded: tuple[int, ...]
    """Each side's pips rounded to the nearest five."""
    tied: tuple[int, ...]
    """Sides tied for the fewest pips after a block (empty otherwise)."""
    play_scores: tuple[int, ...]
    """What each side scored from plays during the hand."""
    settlement: tuple[int, ...]
    """What each side scores (or loses) for the tiles left in hands."""
    unit: str
    """``"pips"`` or ``"points"``."""
    method: str
    """The settlement method used."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's whole score for the hand."""
        return tuple(a + b for a, b in zip(self.play_scores, self.settlement))

    @property
    def dominoed(self) -> bool:
        """Whether a player went out."""
        return self.ending == DOMINOED

    @property
    def blocked(self) -> bool:
        """Whether nobody could play."""
        return self.ending == BLOCKED


def lead_by_lot(rng: random.Random, players: int) -> int:
    """Each player draws a tile; the heaviest (most pips, then the higher half) leads."""
    rand = rng.random
    drawn: list[int] = []
    while len(drawn) < players:
        t = int(rand() * 28)
        if t not in drawn:
            drawn.append(t)
    return max(range(players), key=lambda i: (PIPS[drawn[i]], PAIRS[drawn[i]][1]))


def _claim_values(unit: str) -> tuple[int, ...]:
    step = 5 if unit == "pips" else 1
    return tuple(range(0, 40 * step + 1, step))


class HandState:
    """A hand in progress. Mutable: :meth:`apply` changes it; :meth:`clone` copies it."""

    def __init__(
        self,
        rules: RuleSet,
        hands: Sequence[Sequence[TileLike]],
        boneyard: Sequence[TileLike] = (),
        *,
        leader: int = 0,
        must_lead: TileLike | None = None,
        start_scores: Sequence[int] | None = None,
    ) -> None:
        """Start a hand from an explicit deal. ``boneyard[-1]`` is drawn first."""
        n = len(hands)
        if n not in (2, 3, 4):
            raise IllegalPlay("A hand is for 2, 3 or 4 players.")
        if not 0 <= leader < n:
            raise IllegalPlay(f"Player {leader} is not at this table.")
        ids = [[Tile.parse(t).id for t in h] for h in hands]
        bone = [Tile.parse(t).id for t in boneyard]
        seen = [i for h in ids for i in h] + bone
        if len(seen) != len(set(seen)):
            raise IllegalPlay("A tile is dealt twice: every tile is in one place only.")
        self._setup(rules, ids, bone, leader, -1 if must_lead is None else Tile.parse(must_lead).id,
                    start_scores)

    def _setup(
        self, rules: RuleSet, ids: list[list[int]], bone: list[int], leader: int, must_lead: int,
        start_scores: Sequence[int] | None,
    ) -> None:
        n = len(ids)
        self.rules = rules
        self.n = n
        self.teams = rules.uses_teams(n)
        self.n_sides = 2 if self.teams else n
        self.board = Board(rules.variant.spin_rule)
        self.hands: list[list[int]] = ids
        self.bone: list[int] = bone
        self.cur = leader
        self.leader = leader
        self.must_lead = must_lead
        if self.must_lead >= 0 and self.must_lead not in ids[leader]:
            raise IllegalPlay(f"The leader does not hold {TILES[self.must_lead]}.")
        self.phase = TURN
        self.caller = -1
        self.drawn = -1
        self.pending = 0
        self.history: list[Event] = []
        self.play_scores = [0] * self.n_sides
        self.start_scores = list(start_scores) if start_scores is not None else [0] * self.n_sides
        if len(self.start_scores) != self.n_sides:
            raise IllegalPlay("start_scores needs one score for each side.")
        self.target = rules.target_for(n)
        self._ending: str | None = None
        self._dominoer: int | None = None
        self._result: HandResult | None = None
        self._unit = rules.unit
        self._reserve = rules.boneyard_reserve
        self._calls = rules.muggins_call != "off"
        self._exact = rules.exact_target
        self._chain = rules.chain
        self._again = False
        """The last play scored or was a double: under ``chain`` its player goes on."""
        self._lead_passes = 0
        """How many players have passed the lead on (``scoring_lead``)."""

    # ----- making hands -----

    @classmethod
    def deal(
        cls,
        rules: RuleSet,
        players: int = 2,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        leader: int | None = None,
        start_scores: Sequence[int] | None = None,
    ) -> HandState:
        """Shuffle and deal. Same ``seed`` → same deal and same lead. ``leader=None`` decides
        the lead by the rule set (by lot, or the highest double)."""
        if rng is None:
            rng = random.Random(seed)
        size = rules.hand_size_for(players)  # refuses a player count the rule set is not for
        if leader is None and rules.lead in ("lot", "rotate"):
            leader = lead_by_lot(rng, players)
        rand = rng.random
        keys = [rand() for _ in range(28)]
        tiles = sorted(range(28), key=keys.__getitem__)  # a uniform shuffle, cheaper than rng.shuffle
        hands = [tiles[i * size:(i + 1) * size] for i in range(players)]
        bone = tiles[players * size:]
        must = -1
        if rules.lead == "highest-double":
            must = _highest_lead_tile(hands)
            leader = next(i for i, h in enumerate(hands) if must in h)
        assert leader is not None
        state = cls.__new__(cls)
        state._setup(rules, hands, bone, leader, must, start_scores)
        return state

    def clone(self) -> HandState:
        """An independent copy."""
        c = HandState.__new__(HandState)
        c.__dict__.update(self.__dict__)
        c.board = self.board.copy()
        c.hands = [h[:] for h in self.hands]
        c.bone = self.bone[:]
        c.history = self.history[:]
        c.play_scores = self.play_scores[:]
        c.start_scores = self.start_scores[:]
        return c

    # ----- reading the state -----

    @property
    def layout(self) -> Layout:
        """The layout now (an immutable snapshot)."""
        return Layout._wrap(self.board.copy(), self.rules.variant)

    @property
    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self._ending is not None

    @property
    def current_player(self) -> int | None:
        """Whose turn it is (``None`` once the hand is over); after a missed call, the opponent
        who may call "Muggins!"."""
        if self._ending is not None:
            return None
        return self.caller if self.phase == MUGGINS_CALL else self.cur

    @property
    def phase_name(self) -> str:
        """``"lead"``, ``"turn"``, ``"drawing"``, ``"claim"``, ``"muggins"`` or ``"over"``."""
        if self._ending is not None:
            return "over"
        if self.phase == CLAIMING:
            return "claim"
        if self.phase == MUGGINS_CALL:
            return "muggins"
        if self.phase == DRAWING:
            return "drawing"
        return "lead" if not self.board.tiles else "turn"

    def hand(self, player: int) -> tuple[Tile, ...]:
        """The tiles a player holds."""
        return tuple(TILES[t] for t in self.hands[player])

    @property
    def boneyard_size(self) -> int:
        """Tiles in the boneyard, drawable or not."""
        return len(self.bone)

    @property
    def drawable(self) -> int:
        """Tiles that may still be drawn (the reserve stays put)."""
        return max(0, len(self.bone) - self._reserve)

    def side_of(self, player: int) -> int:
        """The side (team or player) a player scores for."""
        return player % 2 if self.teams else player

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The players of each side."""
        if self.teams:
            return ((0, 2), (1, 3))
        return tuple((p,) for p in range(self.n))

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score: before the hand, plus plays so far (plus settlement once over)."""
        res = self.result
        extra = res.settlement if res is not None else (0,) * self.n_sides
        return tuple(a + b + c for a, b, c in zip(self.start_scores, self.play_scores, extra))

    # ----- actions -----

    def legal_actions(self) -> list[Action]:
        """Exactly the actions the rules allow the current player now."""
        if self._ending is not None:
            return []
        if self.phase == CLAIMING:
            return [Claim(v) for v in _claim_values(self._unit)]
        if self.phase == MUGGINS_CALL:
            return [MUGGINS, LET_GO]
        b = self.board
        hand = self.hands[self.cur]
        if not b.tiles:
            leads = self._lead_ids()
            return [PLAY_BY_ID[t * 29] for t in leads] if leads else [PASS]  # type: ignore[misc]
        can_draw = len(self.bone) > self._reserve
        tiles = b.tiles
        if self.phase == DRAWING and b.fits(self.drawn):
            return [PLAY_BY_ID[t * 29 + tiles[p] + 1] for t, p, _ in b.moves([self.drawn])]  # type: ignore[misc]
        plays: list[Action] = [PLAY_BY_ID[t * 29 + tiles[p] + 1] for t, p, _ in b.moves(hand)]  # type: ignore[misc]
        if self.phase == DRAWING:
            if can_draw:
                return [DRAW]
            return plays or [PASS]
        if plays:
            if can_draw and self.rules.voluntary_draw:
                plays.append(DRAW)
            return plays
        return [DRAW] if can_draw else [PASS]

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is allowed now."""
        try:
            self._validate(action, None)
        except IllegalPlay:
            return False
        return True

    def apply(self, action: Action | str, *, player: int | None = None) -> Event:
        """Carry out ``action`` for the current player (or check it is ``player``'s turn).

        Raises :class:`IllegalPlay`, leaving the state unchanged, if it is not allowed.
        Returns the event it made.
        """
        act = parse_action(action)
        move = self._validate(act, player)
        if isinstance(act, Play):
            return self._play(*move)
        if isinstance(act, Draw):
            return self._draw()
        if isinstance(act, Pass):
            return self._pass()
        if isinstance(act, Muggins):
            return self._muggins(act.take)
        return self._claim(act.points)

    def _validate(self, act: Action, player: int | None) -> tuple[int, int, int]:
        if self._ending is not None:
            raise IllegalPlay("The hand is over: no more moves.")
        if player is not None and player != self.current_player:
            raise IllegalPlay(f"It is player {self.current_player}'s turn, not player {player}'s.",
                              why="not-your-turn", player=player, turn_of=self.current_player)
        legal = self.legal_actions()
        if self.phase == MUGGINS_CALL:
            if not isinstance(act, Muggins):
                raise IllegalPlay("First say whether you call Muggins! on the missed score.")
            return (-1, -1, -1)
        if isinstance(act, Muggins):
            raise IllegalPlay("There is no missed score to call Muggins! on.")
        if self.phase == CLAIMING:
            if not isinstance(act, Claim):
                raise IllegalPlay("First say what your play scored (the muggins call).")
            if act not in legal:
                raise IllegalPlay(f"{act.points} is not a score a play can make.")
            return (-1, -1, -1)
        if isinstance(act, Claim):
            raise IllegalPlay("There is no score to announce now.")
        if act in legal:
            if isinstance(act, Play):
                b = self.board
                if act.target is None:
                    return (act.tile.id, -1, -1)
                p = b.pos_of[act.target.id]
                return (act.tile.id, p, b.number_for(act.tile.id, p))
            return (-1, -1, -1)
        why = self._why_illegal(act, legal)
        if isinstance(why, IllegalPlay):
            raise why
        raise IllegalPlay(why)

    def _why_illegal(self, act: Action, legal: list[Action]) -> str | IllegalPlay:
        hand = self.hands[self.cur]
        if isinstance(act, Play):
            if act.tile.id not in hand:
                return IllegalPlay(f"{act.tile} is not in player {self.cur}'s hand.", why="not-in-hand",
                                   player=self.cur, tile=str(act.tile))
            if self.phase == DRAWING and self.drawn >= 0 and self.board.fits(self.drawn):
                return f"{TILES[self.drawn]} was just drawn and fits, so it must be played now."
            if self.must_lead >= 0 and not self.board.tiles:
                return f"The hand must start with the highest double, {TILES[self.must_lead]}."
            if not self.board.tiles and self.rules.scoring_lead:
                if PASS in legal:
                    return "No tile in this hand can lead (a double, or one that scores by itself): pass the lead."
                return f"{act.tile} can't lead: lead with a double or a tile that scores by itself, like 1-4."
            if DRAW in legal and len(legal) == 1:
                return "Nothing in this hand fits: draw from the boneyard."
            # the layout explains what is wrong with the play itself
            return self._layout_reason(act)
        if isinstance(act, Draw):
            if self.drawable == 0:
                return "The boneyard has nothing left to draw."
            return "A tile in this hand fits, so drawing is not allowed: play it."
        if not self.board.tiles:
            return "A tile in this hand can lead: lead with it."
        return "Passing is only allowed when nothing fits and nothing can be drawn."

    def _layout_reason(self, act: Play) -> str:
        try:
            self.layout.play(act)
        except IllegalPlay as err:
            return str(err)
        return f"{act} is not allowed now."

    # ----- the steps themselves (shared with simulation) -----

    def _play(self, tid: int, p: int, n: int) -> Event:
        b = self.board
        cur = self.cur
        hand = self.hands[cur]
        hand.remove(tid)
        if p < 0:
            b.lead(tid)
            play = PLAY_BY_ID[tid * 29]
        else:
            play = PLAY_BY_ID[tid * 29 + b.tiles[p] + 1]
            b.push(tid, p, n)
        total = b.total
        score = 0
        if total % 5 == 0 and total:  # play_points, inlined: this is the hot path
            score = total if self._unit == "pips" else total // 5
        self.phase = TURN
        self.drawn = -1
        if self._calls:
            if self._chain:
                a, c = PAIRS[tid]
                self._again = bool(score) or a == c
            self.pending = score
            self.phase = CLAIMING
            ev = _event(Event, (cur, "play", play, None, total, score, 0, -1, 0))
            self.history.append(ev)
            return ev
        side = cur % 2 if self.teams else cur
        if score and not self._exact:
            self.play_scores[side] += score
            credited = score
        else:
            credited = self._credit(side, score)
        ev = _event(Event, (cur, "play", play, None, total, score, credited, side, 0))
        self.history.append(ev)
        if self._chain:
            a, c = PAIRS[tid]
            self._again = bool(score) or a == c
        if hand and not self._exact and not self._chain and len(self.bone) > self._reserve:
            self.cur = (cur + 1) % self.n  # the common case of _after_play
        else:
            self._after_play()
        return ev

    def _credit(self, side: int, score: int) -> int:
        if not score:
            return 0
        if self._exact:
            now = self.start_scores[side] + self.play_scores[side]
            if now + score > self.target:
                return 0
        self.play_scores[side] += score
        return score

    def _after_play(self) -> None:
        cur = self.cur
        if self._exact and any(
            s + p == self.target for s, p in zip(self.start_scores, self.play_scores)
        ):
            self._finish(TARGET, None)
            return
        if not self.hands[cur]:
            self._finish(DOMINOED, cur)
            return
        if len(self.bone) <= self._reserve and self._nobody_can_play():
            self._finish(BLOCKED, None)
            return
        self.phase = TURN
        if self._again and self._fits_any(self.hands[cur]):
            self._again = False
            return  # a score or a double: the same player goes on
        self._again = False
        self.cur = (cur + 1) % self.n

    def _fits_any(self, hand: list[int]) -> bool:
        avail = self.board.avail
        for t in hand:
            a, c = PAIRS[t]
            if avail[a] or avail[c]:
                return True
        return False

    def _lead_ids(self) -> list[int]:
        """The tiles the current player may lead with."""
        hand = self.hands[self.cur]
        if self.must_lead >= 0:
            return [self.must_lead]
        if self.rules.scoring_lead and self._lead_passes < self.n:  # after a full round, anything leads
            return [t for t in hand if PAIRS[t][0] == PAIRS[t][1] or PIPS[t] % 5 == 0]
        return hand

    def _nobody_can_play(self) -> bool:
        avail = self.board.avail
        for h in self.hands:
            for t in h:
                a, c = PAIRS[t]
                if avail[a] or avail[c]:
                    return False
        return True

    def _draw(self) -> Event:
        t = self.bone.pop()
        self.hands[self.cur].append(t)
        self.phase = DRAWING
        self.drawn = t
        ev = _event(Event, (self.cur, "draw", None, TILES[t], 0, 0, 0, -1, self._open_mask()))
        self.history.append(ev)
        if len(self.bone) <= self._reserve and not self.board.fits(t) and self._nobody_can_play():
            self._finish(BLOCKED, None)
        return ev

    def _pass(self) -> Event:
        ev = Event(self.cur, "pass", open_mask=self._open_mask())
        self.history.append(ev)
        if not self.board.tiles:  # no tile that may lead: the lead passes on
            self._lead_passes += 1
            self.cur = (self.cur + 1) % self.n
            return ev
        if self._nobody_can_play():
            self._finish(BLOCKED, None)
            return ev
        self.cur = (self.cur + 1) % self.n
        self.phase = TURN
        self.drawn = -1
        return ev

    def _claim(self, points: int) -> Event:
        cur = self.cur
        score = self.pending
        self.pending = 0
        self.phase = TURN
        if points == score:
            side = self.side_of(cur)
            ev = Event(cur, "claim", None, None, self.board.total, points, self._credit(side, score), side)
            self.history.append(ev)
        else:
            ev = Event(cur, "claim", None, None, self.board.total, points, 0, -1)
            self.history.append(ev)
            if score and self.rules.muggins_call == "strict":
                # the next player (an opponent) may call "Muggins!" and take the points
                self.phase = MUGGINS_CALL
                self.pending = score
                self.caller = (cur + 1) % self.n
                return ev
        self._after_play()
        return ev

    def _muggins(self, take: bool) -> Event:
        taker = self.caller
        score = self.pending
        if not take and self.rules.muggins_caller == "any":
            after = self._next_caller(taker)
            if after >= 0:  # the next opponent may still call
                self.caller = after
                ev = Event(taker, "let-go", None, None, self.board.total, score, 0, -1)
                self.history.append(ev)
                return ev
        self.pending = 0
        self.phase = TURN
        self.caller = -1
        side = self.side_of(taker)
        got = self._credit(side, score) if take else 0
        ev = Event(taker, "muggins" if take else "let-go", None, None, self.board.total, score, got,
                   side if take else -1)
        self.history.append(ev)
        self._after_play()
        return ev

    def _next_caller(self, after: int) -> int:
        """The next opponent of the player who missed a score, after seat ``after`` (-1: none left)."""
        missed = self.side_of(self.cur)
        seat = (after + 1) % self.n
        while seat != self.cur:
            if self.side_of(seat) != missed:
                return seat
            seat = (seat + 1) % self.n
        return -1

    def _open_mask(self) -> int:
        avail = self.board.avail
        return sum(1 << n for n in range(7) if avail[n])

    # ----- the end of the hand -----

    def _finish(self, ending: str, dominoer: int | None) -> None:
        self._ending = ending
        self._dominoer = dominoer

    @property
    def result(self) -> HandResult | None:
        """How the hand came out, once it is over (``None`` before)."""
        if self._result is None and self._ending is not None:
            self._result = _settle(
                self.rules, tuple(tuple([TILES[t] for t in h]) for h in self.hands), self._ending,
                self._dominoer, self.play_scores, self.start_scores,
            )
        return self._result

    # ----- views and simulation -----

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: own hand, layout, history (others' draws hidden), counts."""
        if not 0 <= player < self.n:
            raise IllegalPlay(f"Player {player} is not at this table.")
        hist = tuple(
            e._replace(tile=None) if e.kind == "draw" and e.player != player else e
            for e in self.history
        )
        mine = self._ending is None and self.current_player == player
        return PlayerView(
            player=player, rules=self.rules, n_players=self.n, hand=self.hand(player),
            layout=self.layout, history=hist,
            hand_sizes=tuple(len(h) for h in self.hands), boneyard_size=len(self.bone),
            drawable=self.drawable, scores=self.scores, current_player=self.current_player,
            phase=self.phase_name, legal_actions=tuple(self.legal_actions()) if mine else (),
            drawn=TILES[self.drawn] if mine and self.phase == DRAWING and self.drawn >= 0 else None,
        )

    def playout_random(self, rng: random.Random) -> HandResult:
        """Play the hand to its end with uniformly random legal choices (claims always right).

        The fast path for simulations: plain turns run in one tight loop with no action
        objects; leads, draws, passes and calls go through :meth:`step_random`. The property
        tests check it against the rules move by move.
        """
        step = self.step_random
        b = self.board
        while self._ending is None and (self.phase != TURN or not b.tiles):
            step(rng)
        if self._calls or self._exact or self.rules.voluntary_draw or self._chain:
            while self._ending is None:
                step(rng)
            assert self.result is not None
            return self.result
        rand = rng.random
        hands, bone, reserve = self.hands, self.bone, self._reserve
        avail, tiles, push = b.avail, b.tiles, b.push
        history, scores = self.history, self.play_scores
        n, teams, pips_unit = self.n, self.teams, self._unit == "pips"
        while self._ending is None:
            if self.phase != TURN:
                step(rng)
                continue
            cur = self.cur
            hand = hands[cur]
            moves = []  # Board.moves, inlined: a call per turn is a measurable share of a playout
            for t in hand:
                a, c = PAIRS[t]
                for p in avail[a]:
                    moves.append((t, p, a))
                if a != c:
                    for p in avail[c]:
                        moves.append((t, p, c))
            if not moves:
                step(rng)  # draw or pass
                continue
            t, p, num = moves[int(rand() * len(moves))]
            hand.remove(t)
            play = PLAY_BY_ID[t * 29 + tiles[p] + 1]
            push(t, p, num)
            total = b.total
            side = cur % 2 if teams else cur
            score = 0
            if total % 5 == 0 and total:
                score = total if pips_unit else total // 5
                scores[side] += score
            history.append(_event(Event, (cur, "play", play, None, total, score, score, side, 0)))
            if not hand:
                self._finish(DOMINOED, cur)
            elif len(bone) <= reserve and self._nobody_can_play():
                self._finish(BLOCKED, None)
            else:
                self.cur = (cur + 1) % n
        assert self.result is not None
        return self.result

    def playout_greedy(self, rng: random.Random) -> HandResult:
        """Play to the end, every player taking the play that scores most now (ties at random).

        Claims are always right. The fast path behind the computer players' look-ahead.
        """
        self._calls = False
        if self.phase == CLAIMING:
            self._claim(self.pending)
        if self.phase == MUGGINS_CALL:
            self._muggins(True)
        b = self.board
        hands = self.hands
        rand = rng.random
        while self._ending is None:
            hand = hands[self.cur]
            if not b.tiles:
                leads = self._lead_ids()
                if not leads:
                    self._pass()
                    continue
                self._play(max(leads, key=lambda x: (PIPS[x] % 5 == 0, PIPS[x])), -1, -1)
                continue
            can_draw = len(self.bone) > self._reserve
            if self.phase == DRAWING and b.fits(self.drawn):
                moves = b.moves([self.drawn])
            else:
                moves = b.moves(hand)
                if self.phase == DRAWING and can_draw:
                    moves = []
            if moves:
                best, pick = -1, moves[0]
                seen = 0
                for m in moves:
                    t = b.total_after(*m)
                    v = t if t % 5 == 0 else 0
                    if v > best:
                        best, pick, seen = v, m, 1
                    elif v == best:
                        seen += 1
                        if rand() * seen < 1:  # uniform among the ties
                            pick = m
                self._play(*pick)
            elif can_draw:
                self._draw()
            else:
                self._pass()
        assert self.result is not None
        return self.result

    @classmethod
    def from_view(
        cls, view: PlayerView, hands: Sequence[Sequence[TileLike]], boneyard: Sequence[TileLike]
    ) -> HandState:
        """A hand that matches everything ``view`` shows, with the hidden tiles filled in:
        ``hands`` for every player (the viewer's own included) and the ``boneyard`` in draw order.
        For simulations: claims are always right, and scores start from the view's."""
        ids = [[Tile.parse(t).id for t in h] for h in hands]
        bone = [Tile.parse(t).id for t in boneyard]
        state = cls.__new__(cls)
        state._setup(view.rules, ids, bone, view.current_player if view.current_player is not None else 0, -1,
                     view.scores)
        state.board = view.layout.board_copy()
        state._calls = False
        if view.phase == "drawing" and view.drawn is not None:
            state.phase = DRAWING
            state.drawn = view.drawn.id
        elif view.phase == "claim":
            state.phase = TURN
        return state

    def step_random(self, rng: random.Random) -> Event:
        """Make one uniformly random legal action (a claim is always right); returns its event."""
        if self._ending is not None:
            raise IllegalPlay("The hand is over: no more moves.")
        if self.phase == CLAIMING:
            return self._claim(self.pending)
        if self.phase == MUGGINS_CALL:
            return self._muggins(True)
        b = self.board
        rand = rng.random
        hand = self.hands[self.cur]
        if not b.tiles:
            leads = self._lead_ids()
            if not leads:
                return self._pass()
            return self._play(leads[int(rand() * len(leads))], -1, -1)
        can_draw = len(self.bone) > self._reserve
        if self.phase == DRAWING:
            if b.fits(self.drawn):
                moves = b.moves([self.drawn])
            elif can_draw:
                return self._draw()
            else:
                moves = b.moves(hand)
        else:
            moves = b.moves(hand)
            if moves and can_draw and self.rules.voluntary_draw:
                k = int(rand() * (len(moves) + 1))
                if k == len(moves):
                    return self._draw()
                return self._play(*moves[k])
        if moves:
            return self._play(*moves[int(rand() * len(moves))])
        if can_draw:
            return self._draw()
        return self._pass()


@dataclass(frozen=True)
class PlayerView:
    """Everything one player may see. Computer players decide from this alone."""

    player: int
    rules: RuleSet
    n_players: int
    hand: tuple[Tile, ...]
    layout: Layout
    history: tuple[Event, ...]
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    drawable: int
    scores: tuple[int, ...]
    current_player: int | None
    phase: str
    legal_actions: tuple[Action, ...]
    drawn: Tile | None

    @property
    def unseen(self) -> frozenset[Tile]:
        """Tiles this player cannot see: in other hands or in the boneyard."""
        visible = set(self.hand) | set(self.layout.tiles)
        return frozenset(t for t in TILES if t not in visible)


def _highest_lead_tile(hands: Sequence[Sequence[int]]) -> int:
    held = {t for h in hands for t in h}
    for v in range(6, -1, -1):
        if ID_OF[v][v] in held:
            return ID_OF[v][v]
    return max(held, key=lambda t: (PIPS[t], PAIRS[t][1]))


def parse_action(action: Action | str) -> Action:
    """Read an action: a play token, ``"draw"``, ``"pass"``, ``"claim 3"``, ``"muggins"``."""
    if isinstance(action, (Play, Draw, Pass, Claim, Muggins)):
        return action
    if not isinstance(action, str):
        raise IllegalPlay(f"{action!r} is not a move: play a tile, draw or pass.")
    text = action.strip().lower()
    if text == "draw":
        return DRAW
    if text == "pass":
        return PASS
    if text in ("muggins", "muggins!"):
        return MUGGINS
    if text in ("let it go", "let go"):
        return LET_GO
    if text.startswith("claim"):
        rest = text[5:].strip()
        if not rest.isdigit():
            raise IllegalPlay("Announce a score as a whole number, like 'claim 3'.")
        return Claim(int(rest))
    return Play.parse(action)


def settle(
    rules: RuleSet,
    hands: Sequence[Sequence[TileLike]],
    *,
    ending: str,
    dominoer: int | None = None,
    play_scores: Sequence[int] | None = None,
    start_scores: Sequence[int] | None = None,
) -> HandResult:
    """Score the tiles left in hands under ``rules.settlement``.

    ``ending`` is ``"dominoed"`` (``dominoer`` went out), ``"blocked"``, or ``"target"``.
    """
    left = tuple(tuple(Tile.parse(t) for t in h) for h in hands)
    return _settle(rules, left, ending, dominoer, play_scores, start_scores)


_SIDES = {
    (n, teams): ((0, 2), (1, 3)) if teams else tuple((p,) for p in range(n))
    for n in (2, 3, 4) for teams in (False, True)
}


def _settle(
    rules: RuleSet,
    left: tuple[tuple[Tile, ...], ...],
    ending: str,
    dominoer: int | None,
    play_scores: Sequence[int] | None,
    start_scores: Sequence[int] | None,
) -> HandResult:
    n = len(left)
    sides = _SIDES[(n, rules.uses_teams(n))]
    n_sides = len(sides)
    pips = tuple(sum([t.low + t.high for t in h]) for h in left)
    side_pips = tuple(sum(pips[p] for p in s) for s in sides)
    if rules.round_each_player and rules.settlement == "each-subtracts-own":
        rounded = tuple(sum(round_to_five(pips[p]) for p in s) for s in sides)
    else:
        rounded = tuple(round_to_five(x) for x in side_pips)
    plays = tuple(play_scores) if play_scores is not None else (0,) * n_sides
    start = tuple(start_scores) if start_scores is not None else (0,) * n_sides
    unit = rules.unit

    def in_unit(pip_count: int) -> int:
        return pip_count if unit == "pips" else pip_count // 5

    winner: int | None = None
    win_side: int | None = None
    tied: tuple[int, ...] = ()
    if ending == DOMINOED:
        if dominoer is None:
            raise IllegalPlay("A dominoed hand needs the player who went out.")
        winner = dominoer
        win_side = next(i for i, s in enumerate(sides) if dominoer in s)
    elif ending == BLOCKED:
        low = min(side_pips)
        lows = tuple(i for i, x in enumerate(side_pips) if x == low)
        if len(lows) == 1:
            win_side = lows[0]
            members = sides[win_side]
            winner = min(members, key=lambda p: (pips[p], p))
        else:
            tied = lows
    elif ending != TARGET:
        raise IllegalPlay(f"'{ending}' is not a way for a hand to end.")

    award = [0] * n_sides
    method = rules.settlement
    if ending != TARGET:
        if method == "each-subtracts-own":
            award = [-in_unit(r) for r in rounded]
        else:
            if method == "winner-takes-opponents":
                losers = [i for i in range(n_sides) if i != win_side and i not in tied]
                pot = round_to_five(sum(side_pips[i] for i in losers))
            else:
                pot = round_to_five(sum(side_pips))
            if win_side is not None:
                award[win_side] = in_unit(pot)
            elif len(tied) == 2 and n_sides == 3:
                share = in_unit((pot // 10) * 5)
                for i in tied:
                    award[i] = share
        if rules.exact_target:
            target = rules.target_for(n)
            for i in range(n_sides):
                if award[i] > 0 and start[i] + plays[i] + award[i] > target:
                    award[i] = 0
    return HandResult(
        ending=ending, winner=winner, winning_side=win_side, sides=sides, hands=left, pips=pips,
        side_pips=side_pips, rounded=rounded, tied=tied, play_scores=plays,
        settlement=tuple(award), unit=unit, method=method,
    )
