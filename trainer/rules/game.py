"""A game: hands played until a side reaches the target."""

from __future__ import annotations

import random
from collections.abc import Callable

from trainer.rules.actions import Action, Event
from trainer.rules.errors import IllegalPlay
from trainer.rules.hand import HandState
from trainer.rules.options import Lead, LeadAfterBlock
from trainer.rules.reasons import Reason
from trainer.rules.ruleset import RuleSet
from trainer.rules.settlement import HandResult
from trainer.rules.turns import lead_by_lot


class Game:
    """Hands to the target. Replayable: the same seed and the same actions give the same game.

    The hand in progress is always finished; then, if a side has reached the target, the
    highest score wins, and a tie for highest plays another hand. With an exact target, a side
    that hits it exactly wins at once (the hand stops there).
    """

    def __init__(self, rules: RuleSet, players: int = 2, *, seed: int | None = None) -> None:
        if players not in (2, 3, 4):
            raise IllegalPlay.because(Reason.GAME_PLAYERS)
        self.rules = rules
        """The rule set."""
        self.players = players
        """How many players sit at the table."""
        self.seed = seed
        """The seed the game was started from."""
        self._rng = random.Random(seed)
        self.target = rules.target_for(players)
        """The score that ends the game."""
        self.scores: list[int] = []
        """Each side's score (team or player), updated after every action."""
        self.results: list[HandResult] = []
        """Every finished hand's result, in order."""
        self.hands: list[HandState] = []
        """Every hand, the one in progress last."""
        self.winner: int | None = None
        """The side that won, once the game is over (``None`` for a shared win)."""
        self.is_over = False
        """Whether the game has ended."""
        self._start_hand(None)
        self.scores = [0] * self.hand.n_sides

    @property
    def hand(self) -> HandState:
        """The hand in progress (or the last one, once the game is over)."""
        return self.hands[-1]

    @property
    def current_player(self) -> int | None:
        """Whose turn it is, or ``None`` once the game is over."""
        return None if self.is_over else self.hand.current_player

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions."""
        return [] if self.is_over else self.hand.legal_actions()

    def apply(self, action: Action | str, *, player: int | None = None) -> Event:
        """Carry out an action in the hand in progress; starts the next hand when one ends."""
        if self.is_over:
            raise IllegalPlay.because(Reason.GAME_OVER)
        ev = self.hand.apply(action, player=player)
        assert ev is not None  # a game's hands keep their record
        if self.hand.is_terminal:
            self._end_hand()
        return ev

    def _start_hand(self, leader: int | None) -> None:
        seed = self._rng.getrandbits(64)
        start = self.scores[:] if self.scores else None
        self.hands.append(
            HandState.deal(self.rules, self.players, seed=seed, leader=leader, start_scores=start)
        )

    def _end_hand(self) -> None:
        res = self.hand.result
        assert res is not None
        self.results.append(res)
        self.scores = list(self.hand.scores)
        target = self.target
        if self.rules.exact_target:
            at = [i for i, s in enumerate(self.scores) if s == target]
            if at:
                self.is_over = True
                self.winner = at[0] if len(at) == 1 else None
                return
        elif max(self.scores) >= target:
            best = max(self.scores)
            leaders = [i for i, s in enumerate(self.scores) if s == best]
            if len(leaders) == 1:
                self.is_over = True
                self.winner = leaders[0]
                return
        leader: int | None = None
        if self.rules.lead is Lead.ROTATE:
            leader = (self.hand.leader + 1) % self.players
        elif self.rules.lead is Lead.LOT:
            if res.dominoed or (self.rules.lead_after_block is LeadAfterBlock.WINNER and res.winner is not None):
                leader = res.winner
            else:
                leader = lead_by_lot(self._rng, self.players)
        self._start_hand(leader)

    def play_out(self, choose: Callable[[HandState], Action], *, max_hands: int = 500) -> None:
        """Play to the end, asking ``choose(hand)`` for every action."""
        while not self.is_over:
            if len(self.results) >= max_hands:
                raise IllegalPlay.because(Reason.NO_WINNER, hands=max_hands)
            self.apply(choose(self.hand))
