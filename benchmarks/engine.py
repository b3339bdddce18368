"""Random full hands of Five-Up (4 players, 2 teams, 5 tiles) against the ``dominoes`` package."""

from __future__ import annotations

import gc
import random
import time

from trainer.rules import PRESETS, HandState

Row = tuple[str, str, str]


def ours(seconds: float, rng: random.Random) -> tuple[float, float]:
    rules = PRESETS["five-up-armanino"]
    hands = plays = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = HandState.deal(rules, 4, rng=rng)
        result = s.playout_random(rng)  # the settled HandResult
        assert result is not None
        hands += 1
        plays += len(s.board.tiles)
    el = time.perf_counter() - start
    return hands / el, plays / el


def theirs(seconds: float, seed: int) -> tuple[float, float]:
    import dominoes

    random.seed(seed)  # the package shuffles and chooses with the module-level generator
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = dominoes.Game.new()
        while g.result is None:
            dominoes.players.random(g)
            g.make_move(*g.valid_moves[0])
            moves += 1
        games += 1
    el = time.perf_counter() - start
    return games / el, moves / el


def run(rounds: int = 7, seconds: float = 1.0) -> list[Row]:
    rng = random.Random(2024)
    mine, other = [], []
    gc.disable()  # collector pauses are the machine's, for both sides alike
    try:
        for r in range(rounds):  # interleaved, so both see the same machine load
            mine.append(ours(seconds, rng))
            other.append(theirs(seconds, r))
            gc.collect()
    finally:
        gc.enable()
    hands_s = sorted(m[0] for m in mine)[rounds // 2]
    plays_s = sorted(m[1] for m in mine)[rounds // 2]
    moves_s = sorted(o[1] for o in other)[rounds // 2]
    ratio = plays_s / moves_s
    return [
        ("engine: Five-Up hands/s (4 players, teams, 5 tiles)", f"{hands_s:,.0f}", ""),
        ("engine: plays/s", f"{plays_s:,.0f}", ""),
        ("dominoes 6.1.0: moves/s (random games)", f"{moves_s:,.0f}", ""),
        ("engine plays/s ÷ dominoes moves/s", f"{ratio:.2f}×",
         "target ≥ 1.5×: " + ("met" if ratio >= 1.5 else "MISSED")),
    ]
