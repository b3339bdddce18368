"""Scores spotted in real games, for two simulated players: a greedy one (always the play that scores most)
and a random one (any legal move). Each plays seat 0 of many two-player hands of the learning rules
(Muggins, All Fives, Five-Up) against a greedy computer player; every choice it makes goes through
:func:`trainer.learning.transfer.decide`, exactly as a learner's on Play a hand.

What the figures mean: the greedy player is the ceiling (it takes every chance, so 100%); the random
player is the floor, what picking without looking at the totals gives. A child's share between the two
says how much of the score-spotting practised in puzzles shows up in real play. Also printed: how often
a play could score at all, and how many missed scores a random player leaves per hand (each one a
puzzle the coach can serve).
"""

from __future__ import annotations

import random
import time

from puzzles import STAGES, Stage
from trainer.bots import make_bot
from trainer.learning.transfer import Decision, decide, share
from trainer.rules import Game, RuleSet

HANDS = 600
"""Hands per player and stage (about 1,800 hands per player)."""


def play_hands(player: str, stage: Stage, hands: int, seed: int = 0) -> list[Decision]:
    """Seat 0's decisions over ``hands`` hands of two-player games (a new game when one is over)."""
    out: list[Decision] = []
    rng = random.Random(f"{player}/{stage}/{seed}")
    me, other = make_bot(player), make_bot("greedy")
    played, game_no = 0, 0
    while played < hands:
        game = Game(RuleSet.trainer(stage), 2, seed=seed * 100_000 + game_no)
        game_no += 1
        index = len(game.hands)
        while not game.is_over and played < hands:
            who = game.current_player
            assert who is not None
            view = game.hand.view(who)
            action = (me if who == 0 else other).choose(view, rng)
            if who == 0:
                d = decide(view, action, uid=f"{game_no}-{len(out)}", at=0.0, game=stage)
                if d is not None:
                    out.append(d)
            game.apply(action, player=who)
            if len(game.hands) != index or game.is_over:
                index = len(game.hands)
                played += 1
    return out


def run(hands: int = HANDS) -> list[tuple[str, str, str]]:
    rows = []
    for player, name in (("greedy", "greedy player"), ("beginner", "random player")):
        started = time.perf_counter()
        every: list[Decision] = []
        per_stage = []
        for stage in STAGES:
            ds = play_hands(player, stage, hands)
            every += ds
            per_stage.append(f"{stage} {share(ds):.0%}")
        chances = [d for d in every if d.chance]
        missed = [d for d in chances if d.missed]
        total = share(every) or 0.0
        rows.append((f"transfer: scores spotted, {name}", f"{total:.1%}",
                     f"{len(chances):,} scoring chances in {hands * len(STAGES):,} hands ({' · '.join(per_stage)}); "
                     f"{time.perf_counter() - started:.0f} s"))
        if player == "beginner":
            puzzles = sum(1 for d in missed[:400] if d.puzzle() is not None) / max(1, min(400, len(missed)))
            rows.append(("transfer: missed scores per hand, random player", f"{len(missed) / (hands * 3):.2f}",
                         f"{puzzles:.0%} of them make a best-play puzzle; "
                         f"a play could score in {len(chances) / len(every):.0%} of its decisions"))
    rows.append(("transfer: what the shares mean", "", "greedy = the ceiling (takes every chance); random = the "
                 "floor (picks blind); a child in between spots that share of the scores a real game offers"))
    return rows


if __name__ == "__main__":
    for row in run():
        print(*row, sep="  ")
