"""One hand as a state machine: the deal, whose turn it is, what they may do, and doing it.

Modelled on OpenSpiel games and on python-chess's ``Board``: :attr:`HandState.current_player`,
:meth:`~HandState.legal_actions`, :meth:`~HandState.apply`, :attr:`~HandState.is_terminal` and
:attr:`~HandState.result`. The turn rules live in one place, :meth:`HandState.moves` (what may be
done now) and :meth:`HandState.make` (doing it); the checked public path, the simulations
(:mod:`trainer.rules.simulate`) and the computer players all stand on those two. The deal is
explicit and seeded; draws take the top of the shuffled boneyard. The end-of-hand count is in
:mod:`trainer.rules.settlement`; the actions and events in :mod:`trainer.rules.actions`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import starmap
from typing import NamedTuple, Union

from trainer.rules.actions import (
    DRAW,
    LET_GO,
    MUGGINS,
    PASS,
    Action,
    Claim,
    Draw,
    Event,
    Muggins,
    Pass,
    _event,
    parse_action,
)
from trainer.rules.board import SNIFF_SIDE, Board
from trainer.rules.errors import IllegalPlay
from trainer.rules.layout import PLAY_BY_ID, Layout, Play, play_of_move
from trainer.rules.ruleset import RuleSet
from trainer.rules.settlement import BLOCKED, DOMINOED, TARGET, HandResult, _settle
from trainer.rules.tiles import ID_OF, PAIRS, PIPS, TILES, Tile, TileLike

MAX_TOTAL = sum(PIPS)
"""No open-end total can be more than every pip of the set (168)."""

# where a turn stands (``Hand.phase``; ``Hand.phase_name`` says it in words)
TURN = 0
"""The current player is to lead or play (or draw or pass)."""
DRAWING = 1
"""The current player has drawn and goes on drawing, playing or passing."""
CLAIMING = 2
"""The player who just played announces its score (the muggins call)."""
MUGGINS_CALL = 3
"""A score was missed: the next opponent may call "Muggins!" and take it."""

Move = Union[tuple[int, int, int], Draw, Pass, Claim, Muggins]
"""A move in the engine's own form (see :meth:`HandState.moves`)."""


def lead_by_lot(rng: random.Random, players: int) -> int:
    """Each player draws a tile; the heaviest (most pips, then the higher half) leads."""
    rand = rng.random
    drawn: list[int] = []
    while len(drawn) < players:
        t = int(rand() * 28)
        if t not in drawn:
            drawn.append(t)
    return drawn.index(max(drawn, key=_WEIGHT.__getitem__))  # no two tiles weigh the same


_WEIGHT = [PIPS[t] * 8 + PAIRS[t][1] for t in range(28)]
"""A tile's weight when drawing for the lead: pips first, then the higher half."""

_CUTS = {
    (n, size): tuple(slice(i, i + size) for i in range(0, n * size, size))
    for n in (2, 3, 4) for size in range(1, 15)
}
"""Each player's slice of the shuffled tiles, by players and hand size (every size a rule set allows)."""

_ALL_IDS = tuple(range(28))
_NO_ARGS = ((),) * 28
"""One empty argument list per tile: ``starmap(rng.random, _NO_ARGS)`` draws a key for each."""


def _claim_values(unit: str) -> tuple[int, ...]:
    step = 5 if unit == "pips" else 1
    return tuple(range(0, 40 * step + 1, step))


_SIDE_OF = {(n, teams): tuple(p % 2 if teams else p for p in range(n)) for n in (2, 3, 4) for teams in (False, True)}
"""The side each seat scores for, by (players, teams)."""
_NEXT_SEAT = {n: tuple((p + 1) % n for p in range(n)) for n in (2, 3, 4)}

_SCORE_OF = {
    "pips": tuple(t if t % 5 == 0 else 0 for t in range(MAX_TOTAL + 1)),
    "points": tuple(t // 5 if t % 5 == 0 else 0 for t in range(MAX_TOTAL + 1)),
}
"""What a play scores, by the open-end total it leaves, in each unit."""

_NOT_LISTED: list[Move] = []
"""What legal_actions listed before it was first asked (never the moves of a hand)."""

_CLAIMS = {unit: tuple(Claim(v) for v in _claim_values(unit)) for unit in ("pips", "points")}
"""Every score a player may announce, in each unit."""


_SETTINGS = (
    "rules", "n", "teams", "n_sides", "target", "_unit", "_score_of", "_reserve", "_calls", "_exact",
    "_chain", "_voluntary", "_plain", "_side_of", "_next_seat",
)
"""A hand's fields that follow from the rule set and the number of players, in the order
:meth:`HandState._setup` sets them."""

_STATE = (
    "board", "hands", "bone", "cur", "leader", "must_lead", "records", "history", "play_scores", "start_scores",
    "phase", "caller", "drawn", "pending", "is_terminal", "_ending", "_dominoer", "_result", "_again",
    "_chaining", "_lead_passes", "_moves", "_actions",
)
"""A hand's own fields, which play changes."""


class _Table(NamedTuple):
    spin_rule: int
    settings: tuple[object, ...]  # the values of _SETTINGS


_TABLES: dict[tuple[int, int], tuple[RuleSet, _Table]] = {}


def _table(rules: RuleSet, n: int) -> _Table:
    """A new hand's settings, worked out once per rule set and table size (dealing is part of
    every simulation)."""
    hit = _TABLES.get((id(rules), n))
    if hit is not None and hit[0] is rules:
        return hit[1]
    teams = rules.uses_teams(n)
    calls, exact, chain = rules.muggins_call != "off", rules.exact_target, rules.chain
    settings: dict[str, object] = {
        "rules": rules,
        "n": n,
        "teams": teams,
        "n_sides": 2 if teams else n,
        "target": rules.target_for(n),
        "_unit": rules.unit,
        "_score_of": _SCORE_OF[rules.unit],  # what a play scores, by the open-end total it makes
        "_reserve": rules.boneyard_reserve,
        "_calls": calls,
        "_exact": exact,
        "_chain": chain,
        "_voluntary": rules.voluntary_draw,
        "_plain": not (calls or exact or chain),  # the common case, in short
        "_side_of": _SIDE_OF[(n, teams)],
        "_next_seat": _NEXT_SEAT[n],
    }
    if len(_TABLES) > 256:
        _TABLES.clear()
    table = _Table(rules.variant.spin_rule, tuple([settings[k] for k in _SETTINGS]))
    _TABLES[(id(rules), n)] = (rules, table)
    return table


class HandState:
    """A hand in progress. Mutable: :meth:`apply` changes it; :meth:`clone` copies it.

    ``records`` says whether the hand keeps its :attr:`history` (an :class:`Event` for everything
    done). A hand made for simulation — ``deal(..., record=False)``, or :meth:`from_view` — keeps
    none: its history stays empty and :meth:`make`, :meth:`apply` and :meth:`step_random` return
    ``None``. Everything else (layout, hands, scores, the result) is the same either way.
    """

    __slots__ = _SETTINGS + _STATE  # fixed fields: the fastest to read and write

    def __init__(
        self,
        rules: RuleSet,
        hands: Sequence[Sequence[TileLike]],
        boneyard: Sequence[TileLike] = (),
        *,
        leader: int = 0,
        must_lead: TileLike | None = None,
        start_scores: Sequence[int] | None = None,
        record: bool = True,
    ) -> None:
        """Start a hand from an explicit deal. ``boneyard[-1]`` is drawn first. ``record=False``:
        keep no history (for simulations)."""
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
                    start_scores, record)

    def _setup(
        self, rules: RuleSet, ids: list[list[int]], bone: list[int], leader: int, must_lead: int,
        start_scores: Sequence[int] | None, record: bool,
    ) -> None:
        table = _table(rules, len(ids))
        (self.rules, self.n, self.teams, self.n_sides, self.target, self._unit, self._score_of,
         self._reserve, self._calls, self._exact, self._chain, self._voluntary, self._plain, self._side_of,
         self._next_seat) = table.settings  # in the order of _SETTINGS
        self.board = Board(table.spin_rule)
        self.hands: list[list[int]] = ids
        self.bone: list[int] = bone
        self.cur = leader
        self.leader = leader
        self.must_lead = must_lead
        if must_lead >= 0 and must_lead not in ids[leader]:
            raise IllegalPlay(f"The leader does not hold {TILES[must_lead]}.")
        self.records = record
        self.history: list[Event] = []
        self.phase = TURN
        self.caller = -1  # who may call "Muggins!" now
        self.drawn = -1  # the tile just drawn
        self.pending = 0  # the score of the play waiting for its call
        self.is_terminal = False  # whether the hand is over
        self._ending: str | None = None
        self._dominoer: int | None = None
        self._result: HandResult | None = None
        self._again = False  # the last play scored or was a double: under chain its player goes on
        self._chaining = False  # the player to move goes on with a chain: plays only, no draw
        self._lead_passes = 0  # how many players have passed the lead on (scoring_lead)
        self._moves: list[Move] | None = None  # the moves now, once worked out (every make forgets them)
        self._actions: tuple[list[Move], tuple[Action, ...]] = (_NOT_LISTED, ())  # listed by legal_actions
        n_sides = self.n_sides
        self.play_scores = [0] * n_sides
        if start_scores is None:
            self.start_scores = [0] * n_sides
        else:
            self.start_scores = list(start_scores)
            if len(self.start_scores) != n_sides:
                raise IllegalPlay("start_scores needs one score for each side.")

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
        record: bool = True,
    ) -> HandState:
        """Shuffle and deal. Same ``seed`` → same deal and same lead. ``leader=None`` decides
        the lead by the rule set (by lot, or the highest double). ``record=False``: keep no
        history (for simulations: see :attr:`records`)."""
        if rng is None:
            rng = random.Random(seed)
        size = rules.hand_size_for(players)  # refuses a player count the rule set is not for
        if leader is None and rules.lead in ("lot", "rotate"):
            leader = lead_by_lot(rng, players)
        keys = list(starmap(rng.random, _NO_ARGS))  # 28 draws, in one call
        tiles = sorted(_ALL_IDS, key=keys.__getitem__)  # a uniform shuffle, cheaper than rng.shuffle
        hands = list(map(tiles.__getitem__, _CUTS[players, size]))
        bone = tiles[players * size:]
        must = -1
        if rules.lead == "highest-double":
            must = _highest_lead_tile(hands)
            leader = next(i for i, h in enumerate(hands) if must in h)
        assert leader is not None
        state = cls.__new__(cls)
        state._setup(rules, hands, bone, leader, must, start_scores, record)
        return state

    def clone(self) -> HandState:
        """An independent copy."""
        c = HandState.__new__(HandState)
        for name in HandState.__slots__:
            setattr(c, name, getattr(self, name))
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

    # ----- the turn rules: what may be done now, and doing it -----

    def moves(self) -> list[Move]:
        """Every move the rules allow now, in the engine's own form: a play is ``(tile id, target
        position, number)`` — ``(tile id, -1, -1)`` for the lead —, and a draw, a pass, a claim or
        a muggins call is its :data:`Action` itself. The list is the same object until the next
        :meth:`make`: do not change it (see :meth:`generate_moves`)."""
        out = self._moves
        if out is None:
            out = self._moves = self.generate_moves()
        return out

    def generate_moves(self) -> list[Move]:
        """The moves now, as :meth:`moves` lists them, worked out afresh on every call (the
        simulations' way: they make one of them at once). The one place the turn rules say what
        may be done."""
        b = self.board
        phase = self.phase
        if phase < CLAIMING and b.tiles and not self.is_terminal:  # a turn, or drawing: the common case
            # after a draw, only the tile just drawn may be played (a drawn tile that fits is played at once)
            out: list[Move] = b.moves(self.hands[self.cur] if not phase else (self.drawn,))
            if not out:
                if len(self.bone) > self._reserve:
                    return [DRAW]  # drawing (goes on)
                if phase:  # the boneyard ran out on a tile that does not fit: the turn goes on as a plain one
                    return b.moves(self.hands[self.cur]) or [PASS]
                return [PASS]
            if self._voluntary and not phase and len(self.bone) > self._reserve and not self._chaining:
                out.append(DRAW)  # drawing while holding a tile that fits (never in the middle of a chain)
            return out
        if self._ending is not None:
            return []
        if phase == CLAIMING:
            return list(_CLAIMS[self._unit])
        if phase == MUGGINS_CALL:
            return [MUGGINS, LET_GO]
        leads = self._lead_ids()
        return [(t, -1, -1) for t in leads] if leads else [PASS]  # nothing may lead: pass the lead on

    def make(self, move: Move) -> Event | None:
        """Carry out one of :meth:`moves` (unchecked: the fast path behind :meth:`apply` and the
        simulations). Returns the event it recorded (``None`` for a hand that keeps no record:
        see :attr:`records`)."""
        self._moves = None  # what may be done next is worked out afresh
        if type(move) is not tuple:
            if move is DRAW:
                return self._draw()
            if move is PASS:
                return self._pass()
            if type(move) is Claim:
                return self._claim(move.points)
            return self._muggins(move.take)  # type: ignore[union-attr]
        tid, p, n = move
        b = self.board
        cur = self.cur
        hand = self.hands[cur]
        hand.remove(tid)
        if p < 0:
            b.lead(tid)
        else:
            b.push(tid, p, n)
        total = b.total
        score = self._score_of[total]  # play_points, as a table
        if self.phase:  # a tile just drawn is played: the turn is a plain one again
            self.phase = TURN
            self.drawn = -1
        if self._plain:  # no calls, no chaining, no exact target: the common case, in short
            side = self._side_of[cur]
            if score:
                self.play_scores[side] += score
            ev = None
            if self.records:
                play = PLAY_BY_ID[tid * 29 + b.tiles[p] + 1] if p >= 0 and n < SNIFF_SIDE else self.action_of(move)
                ev = _event(Event, (cur, "play", play, None, total, score, score, side, 0))
                self.history.append(ev)
            if hand and len(self.bone) > self._reserve:
                self.cur = self._next_seat[cur]
                return ev
            self._after_play()
            return ev
        if self._chain:
            a, c = PAIRS[tid]
            self._again = bool(score) or a == c  # a score or a double: the same player goes on
        if self._calls:  # the player announces the score first
            self.pending = score
            self.phase = CLAIMING
            return self._record(cur, "play", self.action_of(move), None, total, score, 0, -1, 0)
        side = self._side_of[cur]
        credited = self._credit(side, score)
        ev = self._record(cur, "play", self.action_of(move), None, total, score, credited, side, 0)
        if hand and not self._exact and not self._chain and len(self.bone) > self._reserve:
            self.cur = self._next_seat[cur]  # the common case of _after_play
        else:
            self._after_play()
        return ev

    def _record(self, *fields: object) -> Event | None:
        """The event of ``fields``, added to the history (``None``, and nothing built, for a hand
        that keeps no record). The hot paths of plays and draws build theirs inline."""
        if not self.records:
            return None
        ev: Event = _event(Event, fields)
        self.history.append(ev)
        return ev

    def action_of(self, move: Move) -> Action:
        """The public action for one of :meth:`moves`."""
        if type(move) is tuple:
            t, p, n = move
            return PLAY_BY_ID[t * 29] if p < 0 else play_of_move(t, self.board.tiles[p], n)  # type: ignore[return-value]
        return move  # type: ignore[return-value]

    def legal_actions(self) -> list[Action]:
        """Exactly the actions the rules allow the current player now."""
        moves = self.moves()
        listed, actions = self._actions
        if listed is moves:  # asked again before anything was done
            return list(actions)
        tiles = self.board.tiles
        out: list[Action] = []
        for m in moves:
            if type(m) is tuple:
                t, p, n = m
                if n < SNIFF_SIDE:
                    out.append(PLAY_BY_ID[t * 29 + tiles[p] + 1 if p >= 0 else t * 29])  # type: ignore[arg-type]
                else:
                    out.append(play_of_move(t, tiles[p], n))
            else:
                out.append(m)  # type: ignore[arg-type]
        self._actions = (moves, tuple(out))  # so that apply finds the move of an action just listed
        return out

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is allowed now."""
        try:
            self._move_for(parse_action(action), None)
        except IllegalPlay:
            return False
        return True

    def apply(self, action: Action | str, *, player: int | None = None) -> Event | None:
        """Carry out ``action`` for the current player (or check it is ``player``'s turn).

        Raises :class:`IllegalPlay`, leaving the state unchanged, if it is not allowed.
        Returns the event it recorded (``None`` for a hand that keeps no record).
        """
        listed, actions = self._actions
        if listed is self._moves and player is None:
            # an action just listed by legal_actions (plays are shared objects): no need to work out its move
            i = 0
            for a in actions:
                if a is action:
                    return self.make(listed[i])
                i += 1
        return self.make(self._move_for(parse_action(action), player))

    def _move_for(self, act: Action, player: int | None) -> Move:
        """The move that carries out ``act``, or :class:`IllegalPlay` saying why it is not allowed."""
        if self._ending is not None:
            raise IllegalPlay("The hand is over: no more moves.")
        if player is not None and player != self.current_player:
            raise IllegalPlay(f"It is player {self.current_player}'s turn, not player {player}'s.",
                              why="not-your-turn", player=player, turn_of=self.current_player)
        moves = self.moves()
        if type(act) is Play:
            tile, target = act.tile, act.target
            if target is None:
                move: Move = (tile.id, -1, -1)
            else:
                b = self.board
                p = b.pos_of[target.id]
                if act.beside:
                    n = SNIFF_SIDE + target.low if p >= 0 and p == b.sniff and tile.has(target.low) else -1
                else:
                    avail = b.avail
                    n = tile.low if p in avail[tile.low] else tile.high if p in avail[tile.high] else -1
                move = (tile.id, p, n)
            if move in moves:
                return move
        elif act in moves:
            return act
        raise self._why_illegal(act, moves)

    def _why_illegal(self, act: Action, moves: list[Move]) -> IllegalPlay:
        """Why ``act`` is not among ``moves``, in words a player understands."""
        if self.phase == MUGGINS_CALL:
            return IllegalPlay("First say whether you call Muggins! on the missed score.")
        if isinstance(act, Muggins):
            return IllegalPlay("There is no missed score to call Muggins! on.")
        if self.phase == CLAIMING:
            if not isinstance(act, Claim):
                return IllegalPlay("First say what your play scored (the muggins call).")
            return IllegalPlay(f"{act.points} is not a score a play can make.")
        if isinstance(act, Claim):
            return IllegalPlay("There is no score to announce now.")
        hand = self.hands[self.cur]
        if isinstance(act, Play):
            if act.tile.id not in hand:
                return IllegalPlay(f"{act.tile} is not in player {self.cur}'s hand.", why="not-in-hand",
                                   player=self.cur, tile=str(act.tile))
            if self.phase == DRAWING and self.drawn >= 0 and self.board.fits(self.drawn):
                return IllegalPlay(f"{TILES[self.drawn]} was just drawn and fits, so it must be played now.")
            if self.must_lead >= 0 and not self.board.tiles:
                return IllegalPlay(f"The hand must start with the highest double, {TILES[self.must_lead]}.")
            if not self.board.tiles and self.rules.scoring_lead:
                if PASS in moves:
                    return IllegalPlay(
                        "No tile in this hand can lead (a double, or one that scores by itself): pass the lead.")
                return IllegalPlay(
                    f"{act.tile} can't lead: lead with a double or a tile that scores by itself, like 1-4.")
            if moves == [DRAW]:
                return IllegalPlay("Nothing in this hand fits: draw from the boneyard.")
            return IllegalPlay(self._layout_reason(act))  # the layout explains what is wrong with the play
        if isinstance(act, Draw):
            if self.drawable == 0:
                return IllegalPlay("The boneyard has nothing left to draw.")
            return IllegalPlay("A tile in this hand fits, so drawing is not allowed: play it.")
        if not self.board.tiles:
            return IllegalPlay("A tile in this hand can lead: lead with it.")
        return IllegalPlay("Passing is only allowed when nothing fits and nothing can be drawn.")

    def _layout_reason(self, act: Play) -> str:
        try:
            self.layout.play(act)
        except IllegalPlay as err:
            return str(err)
        return f"{act} is not allowed now."

    # ----- the steps themselves (shared with simulation) -----

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
            self._chaining = True
            return  # a score or a double: the same player goes on
        self._again = False
        self._chaining = False
        self.cur = (cur + 1) % self.n

    def _fits_any(self, hand: list[int]) -> bool:
        if self.board.sniff_sides:
            return any(self.board.fits(t) for t in hand)
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
        if self.board.sniff_sides:
            return not any(self.board.fits(t) for h in self.hands for t in h)
        avail = self.board.avail
        for h in self.hands:
            for t in h:
                a, c = PAIRS[t]
                if avail[a] or avail[c]:
                    return False
        return True

    def _draw(self) -> Event | None:
        t = self.bone.pop()
        self.hands[self.cur].append(t)
        self.phase = DRAWING
        self.drawn = t
        ev = None
        if self.records:
            ev = _event(Event, (self.cur, "draw", None, TILES[t], 0, 0, 0, -1, self._open_mask()))
            self.history.append(ev)
        if len(self.bone) <= self._reserve and not self.board.fits(t) and self._nobody_can_play():
            self._finish(BLOCKED, None)
        return ev

    def _pass(self) -> Event | None:
        ev = self._record(self.cur, "pass", None, None, 0, 0, 0, -1, self._open_mask())
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

    def _claim(self, points: int) -> Event | None:
        cur = self.cur
        score = self.pending
        self.pending = 0
        self.phase = TURN
        if points == score:
            side = self.side_of(cur)
            got = self._credit(side, score)
            ev = self._record(cur, "claim", None, None, self.board.total, points, got, side, 0)
        else:
            ev = self._record(cur, "claim", None, None, self.board.total, points, 0, -1, 0)
            if score and self.rules.muggins_call == "strict":
                # the next player (an opponent) may call "Muggins!" and take the points
                self.phase = MUGGINS_CALL
                self.pending = score
                self.caller = (cur + 1) % self.n
                return ev
        self._after_play()
        return ev

    def _muggins(self, take: bool) -> Event | None:
        taker = self.caller
        score = self.pending
        if not take and self.rules.muggins_caller == "any":
            after = self._next_caller(taker)
            if after >= 0:  # the next opponent may still call
                self.caller = after
                return self._record(taker, "let-go", None, None, self.board.total, score, 0, -1, 0)
        self.pending = 0
        self.phase = TURN
        self.caller = -1
        side = self.side_of(taker)
        got = self._credit(side, score) if take else 0
        ev = self._record(taker, "muggins" if take else "let-go", None, None, self.board.total, score, got,
                          side if take else -1, 0)
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
        b = self.board
        a = b.avail
        mask = ((1 if a[0] else 0) | (2 if a[1] else 0) | (4 if a[2] else 0) | (8 if a[3] else 0)
                | (16 if a[4] else 0) | (32 if a[5] else 0) | (64 if a[6] else 0))
        if b.sniff_sides:  # beside the in-line sniff
            mask |= 1 << PAIRS[b.tiles[b.sniff]][0]
        return mask

    # ----- the end of the hand -----

    def _finish(self, ending: str, dominoer: int | None) -> None:
        self.is_terminal = True
        self._ending = ending
        self._dominoer = dominoer

    @property
    def result(self) -> HandResult | None:
        """How the hand came out, once it is over (``None`` before)."""
        if self._result is None and self._ending is not None:
            left = []
            pips = []
            for h in self.hands:
                left.append(tuple([TILES[t] for t in h]))
                pips.append(sum([PIPS[t] for t in h]))
            self._result = _settle(self.rules, tuple(left), self._ending, self._dominoer, self.play_scores,
                                   self.start_scores, tuple(pips))
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

    @classmethod
    def from_view(
        cls, view: PlayerView, hands: Sequence[Sequence[TileLike]], boneyard: Sequence[TileLike]
    ) -> HandState:
        """A hand that matches everything ``view`` shows, with the hidden tiles filled in:
        ``hands`` for every player (the viewer's own included) and the ``boneyard`` in draw order.
        For simulations: claims are always right, scores start from the view's, and the hand keeps
        no history (:attr:`records` is false)."""
        ids = [[Tile.parse(t).id for t in h] for h in hands]
        bone = [Tile.parse(t).id for t in boneyard]
        state = cls.__new__(cls)
        state._setup(view.rules, ids, bone, view.current_player if view.current_player is not None else 0, -1,
                     view.scores, False)
        state.board = view.layout.board_copy()
        state.skip_claims()
        if view.phase == "drawing" and view.drawn is not None:
            state.phase = DRAWING
            state.drawn = view.drawn.id
        elif view.phase == "claim":
            state.phase = TURN
        return state

    def skip_claims(self) -> None:
        """From now on every play's score is credited as if announced right (for simulations)."""
        self._calls = False
        self._plain = not (self._exact or self._chain)

    def playout_random(self, rng: random.Random) -> HandResult:
        """Play the hand to its end with uniformly random legal moves (claims always right).
        See :func:`trainer.rules.simulate.playout_random`."""
        return _simulate.playout_random(self, rng)

    def playout_greedy(self, rng: random.Random) -> HandResult:
        """Play to the end, every player taking the play that scores most now (ties at random).
        See :func:`trainer.rules.simulate.playout_greedy`."""
        return _simulate.playout_greedy(self, rng)

    def step_random(self, rng: random.Random) -> Event | None:
        """Make one uniformly random legal move (a claim is always right); returns its event
        (``None`` for a hand that keeps no record)."""
        return _simulate.step_random(self, rng)



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


from trainer.rules import simulate as _simulate  # noqa: E402  (it stands on HandState)
