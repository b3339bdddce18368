"""One hand as a state machine, checked: the deal, whose turn it is, what they may do, and doing it.

Modelled on OpenSpiel games and on python-chess's ``Board``: :attr:`HandState.current_player`,
:meth:`~HandState.legal_actions`, :meth:`~HandState.apply`, :attr:`~HandState.is_terminal` and
:attr:`~HandState.result`. :class:`HandState` is the checked, public face of the fast turn core in
:mod:`trainer.rules.turns` (the one move generator, :meth:`~HandState.generate_moves`, and
:meth:`~HandState.make`): it speaks in actions (:mod:`trainer.rules.actions`), refuses what the
rules do not allow with an :class:`IllegalPlay` that carries a reason
(:mod:`trainer.rules.reasons`), and shows each player what they may see (:class:`PlayerView`).
Whole hands played out fast are in :mod:`trainer.rules.simulate`; the end-of-hand count in
:mod:`trainer.rules.settlement`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.rules.actions import (
    DRAW,
    PASS,
    Action,
    Claim,
    Draw,
    Event,
    EventKind,
    Muggins,
    parse_action,
)
from trainer.rules.board import SNIFF_SIDE
from trainer.rules.errors import IllegalPlay
from trainer.rules.layout import PLAY_BY_ID, Layout, Play, play_of_move
from trainer.rules.reasons import Reason
from trainer.rules.ruleset import RuleSet
from trainer.rules.settlement import HandResult
from trainer.rules.simulate import playout_greedy, playout_random, step_random
from trainer.rules.tiles import TILES, Tile, TileLike
from trainer.rules.turns import (
    CLAIMING,
    DRAWING,
    LEAD_TARGET,
    MUGGINS_CALL,
    TURN,
    Move,
    Phase,
    TurnCore,
)


class HandState(TurnCore):
    """A hand in progress. Mutable: :meth:`apply` changes it; :meth:`clone` copies it.

    ``records`` says whether the hand keeps its :attr:`history` (an :class:`Event` for everything
    done). A hand made for simulation — ``deal(..., record=False)``, or :meth:`from_view` — keeps
    none: its history stays empty and :meth:`make`, :meth:`apply` and :meth:`step_random` return
    ``None``. Everything else (layout, hands, scores, the result) is the same either way.
    """

    __slots__ = ()  # the core's fields only

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
            raise IllegalPlay.because(Reason.PLAYERS)
        if not 0 <= leader < n:
            raise IllegalPlay.because(Reason.NOT_AT_TABLE, player=leader)
        ids = [[Tile.parse(t).id for t in h] for h in hands]
        bone = [Tile.parse(t).id for t in boneyard]
        seen = [i for h in ids for i in h] + bone
        if len(seen) != len(set(seen)):
            raise IllegalPlay.because(Reason.DEALT_TWICE)
        self._setup(rules, ids, bone, leader, -1 if must_lead is None else Tile.parse(must_lead).id,
                    start_scores, record)

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
    def phase_name(self) -> Phase:
        """Where the hand stands, as a :class:`Phase` (equal to its word): ``"lead"``, ``"turn"``,
        ``"drawing"``, ``"claim"``, ``"muggins"`` or ``"over"``."""
        if self._ending is not None:
            return Phase.OVER
        return _PHASES[self.phase] if self.board.tiles or self.phase else Phase.LEAD

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

    def legal_actions(self) -> list[Action]:
        """Exactly the actions the rules allow the current player now."""
        moves = self.moves()
        listed, actions = self._actions
        if listed is moves:  # asked again before anything was done
            return list(actions)
        tiles = self.board.tiles
        out: list[Action] = []
        for m in moves:
            if isinstance(m, tuple):
                t, p, n = m
                if n < SNIFF_SIDE:
                    out.append(PLAY_BY_ID[t * 29 + tiles[p] + 1 if p >= 0 else t * 29])
                else:
                    out.append(play_of_move(t, tiles[p], n))
            else:
                out.append(m)
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
            raise IllegalPlay.because(Reason.HAND_OVER)
        if player is not None and player != self.current_player:
            raise IllegalPlay.because(Reason.NOT_YOUR_TURN, player=player, turn_of=self.current_player)
        moves = self.moves()
        if isinstance(act, Play):
            tile, target = act.tile, act.target
            if target is None:
                move: Move = (tile.id, LEAD_TARGET, LEAD_TARGET)
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

    def _why_illegal(self, act: Action, moves: Sequence[Move]) -> IllegalPlay:
        """Why ``act`` is not among ``moves``: the reason and its fields (:mod:`trainer.rules.reasons`
        words them)."""
        because = IllegalPlay.because
        if self.phase == MUGGINS_CALL:
            return because(Reason.CALL_FIRST)
        if isinstance(act, Muggins):
            return because(Reason.NO_MISSED_SCORE)
        if self.phase == CLAIMING:
            if not isinstance(act, Claim):
                return because(Reason.CLAIM_FIRST)
            return because(Reason.NOT_A_SCORE, points=act.points)
        if isinstance(act, Claim):
            return because(Reason.NOTHING_TO_CLAIM)
        hand = self.hands[self.cur]
        if isinstance(act, Play):
            if act.tile.id not in hand:
                return because(Reason.NOT_IN_HAND, tile=act.tile, player=self.cur)
            if self.phase == DRAWING and self.drawn >= 0 and self.board.fits(self.drawn):
                return because(Reason.PLAY_DRAWN, tile=TILES[self.drawn])
            if self.must_lead >= 0 and not self.board.tiles:
                return because(Reason.HIGHEST_DOUBLE_LEADS, tile=TILES[self.must_lead])
            if not self.board.tiles and self.rules.scoring_lead:
                if PASS in moves:
                    return because(Reason.PASS_THE_LEAD)
                return because(Reason.CANNOT_LEAD, tile=act.tile)
            if moves == [DRAW]:
                return because(Reason.MUST_DRAW)
            return self._layout_reason(act)  # the layout explains what is wrong with the play
        if isinstance(act, Draw):
            if self.drawable == 0:
                return because(Reason.BONEYARD_EMPTY)
            return because(Reason.NO_DRAW_WITH_A_FIT)
        if not self.board.tiles:
            return because(Reason.LEAD_INSTEAD)
        return because(Reason.NO_PASS)

    def _layout_reason(self, act: Play) -> IllegalPlay:
        """The layout's own error for ``act`` (it says what is wrong with the play)."""
        try:
            self.layout.play(act)
        except IllegalPlay as err:
            return err  # its own reason and fields
        return IllegalPlay.because(Reason.NOT_ALLOWED_NOW, play=act)

    # ----- views and simulation -----

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: own hand, layout, history (others' draws hidden), counts."""
        if not 0 <= player < self.n:
            raise IllegalPlay.because(Reason.NOT_AT_TABLE, player=player)
        drew = EventKind.DRAW
        hist = tuple(e._replace(tile=None) if e.kind is drew and e.player != player else e for e in self.history)
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
        if view.phase is Phase.DRAWING and view.drawn is not None:
            state.phase = DRAWING
            state.drawn = view.drawn.id
        elif view.phase is Phase.CLAIM:
            state.phase = TURN
        return state

    def playout_random(self, rng: random.Random) -> HandResult:
        """Play the hand to its end with uniformly random legal moves (claims always right).
        See :func:`trainer.rules.simulate.playout_random`."""
        return playout_random(self, rng)

    def playout_greedy(self, rng: random.Random) -> HandResult:
        """Play to the end, every player taking the play that scores most now (ties at random).
        See :func:`trainer.rules.simulate.playout_greedy`."""
        return playout_greedy(self, rng)

    def step_random(self, rng: random.Random) -> Event | None:
        """Make one uniformly random legal move (a claim is always right); returns its event
        (``None`` for a hand that keeps no record)."""
        return step_random(self, rng)


_PHASES = (Phase.TURN, Phase.DRAWING, Phase.CLAIM, Phase.MUGGINS)
"""The phase of each of the core's phases (``TURN``, ``DRAWING``, ``CLAIMING``, ``MUGGINS_CALL``)."""


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
    phase: Phase
    legal_actions: tuple[Action, ...]
    drawn: Tile | None

    @property
    def unseen(self) -> frozenset[Tile]:
        """Tiles this player cannot see: in other hands or in the boneyard."""
        visible = set(self.hand) | set(self.layout.tiles)
        return frozenset(t for t in TILES if t not in visible)
