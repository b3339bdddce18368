"""Games between computer players, for measuring their strength."""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from trainer.bots.players import Bot, BotLevel, make_bot
from trainer.rules import PRESETS, Game, RuleSet


@dataclass
class Record:
    """Wins of the first player type over the second, and its decision times."""

    games: int = 0
    wins: int = 0
    ties: int = 0
    decision_seconds: list[float] = field(default_factory=list)

    def add(self, other: Record) -> None:
        self.games += other.games
        self.wins += other.wins
        self.ties += other.ties
        self.decision_seconds += other.decision_seconds

    @property
    def win_rate(self) -> float:
        return (self.wins + 0.5 * self.ties) / self.games if self.games else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson 95% interval of the win rate."""
        n = self.games
        if not n:
            return (0.0, 0.0)
        p = self.win_rate
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (centre - half, centre + half)


def play_game(
    rules: RuleSet, bots: list[Bot], seed: int, timed_seat: int | None = None
) -> tuple[int | None, list[float]]:
    """One whole game; returns the winning side and the decision times of ``timed_seat``."""
    game = Game(rules, len(bots), seed=seed)
    rng = random.Random(seed * 7919 + 1)
    times: list[float] = []
    while not game.is_over:
        hand = game.hand
        player = hand.current_player
        assert player is not None
        view = hand.view(player)
        t = time.perf_counter()
        action = bots[player].choose(view, rng)
        if player == timed_seat and len(view.legal_actions) > 1:
            times.append(time.perf_counter() - t)
        game.apply(action, player=player)
    return game.winner, times


def match(first: BotLevel | str, second: BotLevel | str, seeds: range, *, preset: str = "five-up-armanino",
          players: int = 2) -> Record:
    """Games on every seed, each played twice with the sides swapped. With four players the two
    kinds of player are partners against each other (seats 0 and 2 against 1 and 3)."""
    rules = PRESETS[preset]
    if players == 4 and not rules.uses_teams(4):
        raise ValueError("four players play as two partnerships here: choose a rule set with partners")
    rec = Record()
    for seed in seeds:
        for seat in (0, 1):
            bots: list[Bot] = [make_bot(first if i % 2 == seat else second) for i in range(players)]
            winner, times = play_game(rules, bots, seed, timed_seat=seat)
            rec.games += 1
            rec.wins += winner == seat
            rec.ties += winner is None
            rec.decision_seconds += times
    return rec
