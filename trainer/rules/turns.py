"""The fast turn core of a hand: the deal, the one move generator and the moves themselves.

Everything the turn rules say lives here, once: :meth:`TurnCore.generate_moves` (what may be done
now) and :meth:`TurnCore.make` (doing it). The checked public path
(:class:`~trainer.rules.hand.HandState`), the simulations (:mod:`trainer.rules.simulate`) and the
computer players all stand on these two. Moves are in the engine's own form, plain tuples of ints
for speed (see :data:`Move`); :class:`~trainer.rules.hand.HandState` turns them into actions and
checks what a player asks for. The deal is explicit and seeded; draws take the top of the shuffled
boneyard. The end-of-hand count is in :mod:`trainer.rules.settlement`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum
from itertools import starmap
from math import floor
from operator import itemgetter
from typing import Self, Union

from trainer.rules.actions import (
    DRAW,
    LET_GO,
    MUGGINS,
    PASS,
    Action,
    Claim,
    Draw,
    Event,
    EventKind,
    Muggins,
    Pass,
    _event,
)
from trainer.rules.board import HALVES, SNIFF_SIDE, Board
from trainer.rules.errors import IllegalPlay
from trainer.rules.layout import PLAY_BY_ID, play_of_move
from trainer.rules.options import Lead, MugginsCall, MugginsCaller
from trainer.rules.reasons import Reason
from trainer.rules.ruleset import RuleSet
from trainer.rules.settlement import Ending, HandResult, _settle
from trainer.rules.table import CLAIMS, SETTING_SLOTS, Table, table_for
from trainer.rules.tiles import ID_OF, PAIRS, PIPS, TILES, Tile

# where a turn stands, in the fast core (``phase``; :attr:`HandState.phase_name
# <trainer.rules.hand.HandState.phase_name>` says it as a :class:`Phase`): plain ints, compared on every move
TURN = 0
"""The current player is to lead or play (or draw or pass)."""
DRAWING = 1
"""The current player has drawn and goes on drawing, playing or passing."""
CLAIMING = 2
"""The player who just played announces its score (the muggins call)."""
MUGGINS_CALL = 3
"""A score was missed: the next opponent may call "Muggins!" and take it."""

LEAD_TARGET = -1
"""The target position of a lead in a play move ``(tile id, LEAD_TARGET, LEAD_TARGET)``."""

Move = Union[tuple[int, int, int], Draw, Pass, Claim, Muggins]
"""A move in the engine's own form (see :meth:`TurnCore.moves`): a play is a plain tuple
``(tile id, target position, number)`` — ``(tile id, LEAD_TARGET, LEAD_TARGET)`` for the lead, and
``number`` is :data:`~trainer.rules.board.SNIFF_SIDE` + n for a tile set beside an in-line sniff —;
a draw, a pass, a claim or a muggins call is its :data:`~trainer.rules.actions.Action` itself.
Plays stay plain tuples because the simulations make hundreds of thousands a second: a ``Move``
named tuple, tried, took the engine benchmark's simulation path from 2.6× to 2.15× the ``dominoes``
package (the target is 2.5×). The checked path speaks in :class:`~trainer.rules.layout.Play` objects."""


class Phase(StrEnum):
    """Where a hand stands, as :attr:`HandState.phase_name <trainer.rules.hand.HandState.phase_name>`
    and :attr:`PlayerView.phase <trainer.rules.hand.PlayerView.phase>` say it (each equals its word)."""

    LEAD = "lead"
    """The current player is to lead (or pass the lead on)."""
    TURN = "turn"
    """The current player is to play, draw or pass."""
    DRAWING = "drawing"
    """The current player has drawn and goes on drawing, playing or passing."""
    CLAIM = "claim"
    """The player who just played announces its score (the muggins call)."""
    MUGGINS = "muggins"
    """A score was missed: an opponent may call "Muggins!" and take it."""
    OVER = "over"
    """The hand is over."""


def lead_by_lot(rng: random.Random, players: int) -> int:
    """Each player draws a tile; the heaviest (most pips, then the higher half) leads."""
    rand = rng.random
    drawn: list[int] = []
    heaviest = lead = -1
    while len(drawn) < players:
        t = floor(rand() * 28)  # as int() would, for a number that is not negative, and cheaper
        if t not in drawn:
            if _WEIGHT[t] > heaviest:  # the heaviest so far (no two tiles weigh the same)
                heaviest, lead = _WEIGHT[t], len(drawn)
            drawn.append(t)
    return lead


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

# enum members read on every hand or every event, as plain names: in Python 3.11 a member looked up
# on its class (``EventKind.PLAY``) costs about four times a global name, and the simulations deal
# and settle thousands of hands a second
_EV_PLAY, _EV_DRAW, _EV_PASS = EventKind.PLAY, EventKind.DRAW, EventKind.PASS
_EV_CLAIM, _EV_MUGGINS, _EV_LET_GO = EventKind.CLAIM, EventKind.MUGGINS, EventKind.LET_GO
_HIGHEST_DOUBLE = Lead.HIGHEST_DOUBLE

_NOT_LISTED: Sequence[Move] = []
"""What legal_actions listed before it was first asked (never the moves of a hand)."""

_STATE = (
    "board", "hands", "bone", "cur", "leader", "must_lead", "records", "history", "play_scores", "start_scores",
    "phase", "caller", "drawn", "pending", "is_terminal", "_ending", "_dominoer", "_result", "_again",
    "_chaining", "_lead_passes", "_moves", "_actions", "_can_draw",
)
"""A hand's own fields, which play changes."""
_SLOTS = SETTING_SLOTS + _STATE


class TurnCore:
    """A hand's state and its turn rules, unchecked: the fast path the simulations use.

    :meth:`generate_moves` / :meth:`moves` say what may be done, :meth:`make` does one of them
    (trusting it is one of them). :class:`~trainer.rules.hand.HandState` adds the checked API on
    top. ``records`` says whether the hand keeps its ``history`` (an :class:`Event` for everything
    done); a hand made for simulation keeps none, and :meth:`make` returns ``None``.
    """

    __slots__ = _SLOTS  # fixed fields: the fastest to read and write

    def _setup(
        self, rules: RuleSet, ids: list[list[int]], bone: list[int], leader: int, must_lead: int,
        start_scores: Sequence[int] | None, record: bool, table: Table | None = None,
    ) -> None:
        """Set a new hand up; ``table``: ``rules`` at a table of ``len(ids)`` players, when already at hand."""
        if table is None:
            table = table_for(rules, len(ids))
        (self.rules, self.n, self.teams, self.n_sides, self.target, self._unit, self._score_of,
         self._reserve, self._calls, self._exact, self._stop, self._chain, self._voluntary, self._plain, self._side_of,
         self._next_seat) = table.settings  # in the order of SETTING_SLOTS
        self.board = Board(table.spin_rule)
        self.hands: list[list[int]] = ids
        self.bone: list[int] = bone
        self._can_draw = len(bone) > self._reserve  # whether a tile may still be drawn (kept by _draw)
        self.cur = leader
        self.leader = leader
        self.must_lead = must_lead
        if must_lead >= 0 and must_lead not in ids[leader]:
            raise IllegalPlay.because(Reason.LEADER_LACKS, tile=TILES[must_lead])
        self.records = record
        self.history: list[Event] = []
        self.phase = TURN
        self.caller = -1  # who may call "Muggins!" now
        self.drawn = -1  # the tile just drawn
        self.pending = 0  # the score of the play waiting for its call
        self.is_terminal = False  # whether the hand is over
        self._ending: Ending | None = None
        self._dominoer: int | None = None
        self._result: HandResult | None = None
        self._again = False  # the last play scored or was a double: under chain its player goes on
        self._chaining = False  # the player to move goes on with a chain: plays only, no draw
        self._lead_passes = 0  # how many players have passed the lead on (scoring_lead)
        self._moves: Sequence[Move] | None = None  # the moves now, once worked out (every make forgets them)
        self._actions: tuple[Sequence[Move], tuple[Action, ...]] = (_NOT_LISTED, ())  # listed by legal_actions
        n_sides = self.n_sides
        self.play_scores = [0] * n_sides
        if start_scores is None:
            self.start_scores = [0] * n_sides
        else:
            self.start_scores = list(start_scores)
            if len(self.start_scores) != n_sides:
                raise IllegalPlay.because(Reason.START_SCORES)

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
    ) -> Self:
        """Shuffle and deal. Same ``seed`` → same deal and same lead. ``leader=None`` decides
        the lead by the rule set (by lot, or the highest double). ``record=False``: keep no
        history (for simulations: see :attr:`records`)."""
        if rng is None:
            rng = random.Random(seed)
        table = table_for(rules, players)
        size = table.hand_size
        if not size:
            rules.check_players(players)  # refuses a player count the rule set is not for
        if leader is None and rules.lead is not _HIGHEST_DOUBLE:  # by lot (a rotating lead starts so)
            leader = lead_by_lot(rng, players)
        keys = list(starmap(rng.random, _NO_ARGS))  # 28 draws, in one call
        tiles = sorted(_ALL_IDS, key=keys.__getitem__)  # a uniform shuffle, cheaper than rng.shuffle
        hands = list(map(tiles.__getitem__, _CUTS[players, size]))
        bone = tiles[players * size:]
        must = -1
        if rules.lead is _HIGHEST_DOUBLE:
            must = _highest_lead_tile(hands)
            leader = next(i for i, h in enumerate(hands) if must in h)
        assert leader is not None
        state = cls.__new__(cls)
        state._setup(rules, hands, bone, leader, must, start_scores, record, table)
        return state

    def clone(self) -> Self:
        """An independent copy (of the same class)."""
        c = type(self).__new__(type(self))
        for name in _SLOTS:
            setattr(c, name, getattr(self, name))
        c.board = self.board.copy()
        c.hands = [h[:] for h in self.hands]
        c.bone = self.bone[:]
        c.history = self.history[:]
        c.play_scores = self.play_scores[:]
        c.start_scores = self.start_scores[:]
        return c

    def side_of(self, player: int) -> int:
        """The side (team or player) a player scores for."""
        return player % 2 if self.teams else player

    # ----- the turn rules: what may be done now, and doing it -----

    def moves(self) -> Sequence[Move]:
        """Every move the rules allow now, in the engine's own form: a play is ``(tile id, target
        position, number)`` — ``(tile id, -1, -1)`` for the lead —, and a draw, a pass, a claim or
        a muggins call is its :data:`Action` itself. The list is the same object until the next
        :meth:`make`: do not change it (see :meth:`generate_moves`)."""
        out = self._moves
        if out is None:
            out = self._moves = self.generate_moves()
        return out

    def generate_moves(self) -> Sequence[Move]:
        """The moves now, as :meth:`moves` lists them, worked out afresh on every call (the
        simulations' way: they make one of them at once). The one place the turn rules say what
        may be done."""
        b = self.board
        phase = self.phase
        if phase < CLAIMING and b.tiles and not self.is_terminal:  # a turn, or drawing: the common case
            # after a draw, only the tile just drawn may be played (a drawn tile that fits is played at once)
            # Board.moves, inline (its loop, the same plays in the same order): asked on every simulated move
            hand = self.hands[self.cur] if not phase else (self.drawn,)
            avail = b.avail
            out = []
            for t in hand:
                a, c = HALVES[t]
                if avail[a]:
                    for p in avail[a]:
                        out.append((t, p, a))
                if avail[c]:
                    for p in avail[c]:
                        out.append((t, p, c))
            if b.sniff_sides:
                out.extend(b.beside_moves(hand))
            if not out:
                if self._can_draw:
                    return [DRAW]  # drawing (goes on)
                if phase:  # the boneyard ran out on a tile that does not fit: the turn goes on as a plain one
                    return b.moves(self.hands[self.cur]) or [PASS]
                return [PASS]
            if self._voluntary and not phase and self._can_draw and not self._chaining:
                return [*out, DRAW]  # drawing while holding a tile that fits (never in the middle of a chain)
            return out
        if self._ending is not None:
            return []
        if phase == CLAIMING:
            return list(CLAIMS[self._unit])
        if phase == MUGGINS_CALL:
            return [MUGGINS, LET_GO]
        leads = self._lead_ids()
        return [(t, -1, -1) for t in leads] if leads else [PASS]  # nothing may lead: pass the lead on

    def make(self, move: Move) -> Event | None:
        """Carry out one of :meth:`moves` (unchecked: the fast path behind :meth:`apply` and the
        simulations). Returns the event it recorded (``None`` for a hand that keeps no record:
        see :attr:`records`)."""
        self._moves = None  # what may be done next is worked out afresh
        if not isinstance(move, tuple):
            if isinstance(move, Draw):
                return self._draw()
            if isinstance(move, Pass):
                return self._pass()
            if isinstance(move, Claim):
                return self._claim(move.points)
            return self._muggins(move.take)
        tid, p, n = move
        cur = self.cur
        hand = self.hands[cur]
        hand.remove(tid)
        total = self.board.push(tid, p, n) if p >= 0 else self.board.lead(tid)
        score = self._score_of[total]  # play_points, as a table
        from_bone = False
        if self.phase:  # a tile just drawn is played: the turn is a plain one again
            from_bone = tid == self.drawn  # (not so if the boneyard ran out on a tile that does not fit)
            self.phase = TURN
            self.drawn = -1
        if self._plain:  # no calls, no chaining, no exact target: the common case, in short
            ev = None
            if score or self.records:  # (a simulated play that scores nothing skips all of this)
                side = self._side_of[cur]
                ended = False
                if score:
                    scores = self.play_scores
                    scores[side] += score
                    # a game that ends the moment a side reaches the target (GameEnd.AT_TARGET)
                    ended = self._stop and scores[side] + self.start_scores[side] >= self.target \
                        and self._target_reached()
                if self.records:
                    tiles = self.board.tiles
                    play = PLAY_BY_ID[tid * 29 + tiles[p] + 1] if p >= 0 and n < SNIFF_SIDE else self.action_of(move)
                    ev = _event(Event, (cur, _EV_PLAY, play, None, total, score, score, side, 0))
                    self.history.append(ev)
                if ended:
                    self._finish(Ending.TARGET, None)
                    return ev
            if hand and self._can_draw:
                self.cur = self._next_seat[cur]
                return ev
            self._after_play()
            return ev
        if self._chain:
            a, c = PAIRS[tid]
            # a score or a double: the same player goes on, unless the tile was just drawn (it ends the turn)
            self._again = (bool(score) or a == c) and not from_bone
        if self._calls:  # the player announces the score first
            self.pending = score
            self.phase = CLAIMING
            return self._record(cur, _EV_PLAY, self.action_of(move), None, total, score, 0, -1, 0)
        side = self._side_of[cur]
        credited = self._credit(side, score)
        ev = self._record(cur, _EV_PLAY, self.action_of(move), None, total, score, credited, side, 0)
        if hand and not self._exact and not (self._stop and credited) and not self._chain and self._can_draw:
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
        if isinstance(move, tuple):
            t, p, n = move
            return PLAY_BY_ID[t * 29] if p < 0 else play_of_move(t, self.board.tiles[p], n)
        return move

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
            self._finish(Ending.TARGET, None)
            return
        if self._stop and self._target_reached():
            self._finish(Ending.TARGET, None)
            return
        if not self.hands[cur]:
            self._finish(Ending.DOMINOED, cur)
            return
        if not self._can_draw and self._nobody_can_play():
            self._finish(Ending.BLOCKED, None)
            return
        self.phase = TURN
        if self._again and self._fits_any(self.hands[cur]):
            self._again = False
            self._chaining = True
            return  # a score or a double: the same player goes on
        self._again = False
        self._chaining = False
        self.cur = (cur + 1) % self.n

    def _target_reached(self) -> bool:
        """Whether a side has reached the target and leads alone (the game ends at once under
        :attr:`GameEnd.AT_TARGET`; a tie at the top plays on until it is broken)."""
        start, plays = self.start_scores, self.play_scores
        if len(plays) == 2:  # two sides (the common case, worked out without a list): level is no lead
            a, b = start[0] + plays[0], start[1] + plays[1]
            return a != b and (a if a > b else b) >= self.target
        now = [s + p for s, p in zip(start, plays)]
        best = max(now)
        return best >= self.target and now.count(best) == 1

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
        self._can_draw = len(self.bone) > self._reserve
        self.hands[self.cur].append(t)
        self.phase = DRAWING
        self.drawn = t
        ev = None
        if self.records:
            ev = _event(Event, (self.cur, _EV_DRAW, None, TILES[t], 0, 0, 0, -1, self._open_mask()))
            self.history.append(ev)
        if not self._can_draw and not self.board.fits(t) and self._nobody_can_play():
            self._finish(Ending.BLOCKED, None)
        return ev

    def _pass(self) -> Event | None:
        ev = self._record(self.cur, _EV_PASS, None, None, 0, 0, 0, -1, self._open_mask())
        if not self.board.tiles:  # no tile that may lead: the lead passes on
            self._lead_passes += 1
            self.cur = (self.cur + 1) % self.n
            return ev
        if self._nobody_can_play():
            self._finish(Ending.BLOCKED, None)
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
            ev = self._record(cur, _EV_CLAIM, None, None, self.board.total, points, got, side, 0)
        else:
            ev = self._record(cur, _EV_CLAIM, None, None, self.board.total, points, 0, -1, 0)
            if score and self.rules.muggins_call is MugginsCall.STRICT:
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
        if not take and self.rules.muggins_caller is MugginsCaller.ANY:
            after = self._next_caller(taker)
            if after >= 0:  # the next opponent may still call
                self.caller = after
                return self._record(taker, _EV_LET_GO, None, None, self.board.total, score, 0, -1, 0)
        self.pending = 0
        self.phase = TURN
        self.caller = -1
        side = self.side_of(taker)
        got = self._credit(side, score) if take else 0
        kind = _EV_MUGGINS if take else _EV_LET_GO
        ev = self._record(taker, kind, None, None, self.board.total, score, got, side if take else -1, 0)
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

    def _finish(self, ending: Ending, dominoer: int | None) -> None:
        self.is_terminal = True
        self._ending = ending
        self._dominoer = dominoer

    @property
    def result(self) -> HandResult | None:
        """How the hand came out, once it is over (``None`` before)."""
        if self._result is None and self._ending is not None:
            # each hand's tiles and pips, in the cheapest way measured (every simulated hand ends here)
            left: list[tuple[Tile, ...]] = []
            pips: list[int] = []
            for h in self.hands:
                if len(h) > 1:
                    left.append(itemgetter(*h)(TILES))  # a tuple of the tiles, in one call
                else:
                    left.append((TILES[h[0]],) if h else ())
                n = 0
                for t in h:
                    n += PIPS[t]
                pips.append(n)
            self._result = _settle(self.rules, tuple(left), self._ending, self._dominoer, self.play_scores,
                                   self.start_scores, tuple(pips))
        return self._result

    def skip_claims(self) -> None:
        """From now on every play's score is credited as if announced right (for simulations)."""
        self._calls = False
        self._plain = not (self._exact or self._chain)


def _highest_lead_tile(hands: Sequence[Sequence[int]]) -> int:
    held = {t for h in hands for t in h}
    for v in range(6, -1, -1):
        if ID_OF[v][v] in held:
            return ID_OF[v][v]
    return max(held, key=lambda t: (PIPS[t], PAIRS[t][1]))

