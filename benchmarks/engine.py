"""Random full hands of Five-Up (4 players, 2 teams, 5 tiles) against the ``dominoes`` package."""

from __future__ import annotations

import gc
import random
import time

from trainer.rules import PRESETS, HandState

Row = tuple[str, str, str]


def _hands(seconds: float, rng: random.Random, finish, record: bool) -> tuple[float, float]:
    """Deal and finish random Five-Up hands for ``seconds``: (hands/s, plays/s)."""
    rules = PRESETS["five-up-armanino"]
    hands = plays = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = HandState.deal(rules, 4, rng=rng, record=record)
        finish(s, rng)
        hands += 1
        plays += len(s.board.tiles)
    el = time.perf_counter() - start
    return hands / el, plays / el


def _playout(s: HandState, rng: random.Random) -> None:
    assert s.playout_random(rng) is not None  # the settled HandResult


def _checked(s: HandState, rng: random.Random) -> None:
    rand = rng.random
    while not s.is_terminal:
        acts = s.legal_actions()
        s.apply(acts[int(rand() * len(acts))])  # a uniform pick, made as the simulation path makes it


def ours(seconds: float, rng: random.Random) -> tuple[float, float]:
    """The simulation path: ``playout_random`` on a hand dealt for simulation (no history kept,
    as the computer players' look-ahead plays it)."""
    return _hands(seconds, rng, _playout, False)


def public(seconds: float, rng: random.Random) -> tuple[float, float]:
    """The checked, public path: ``legal_actions()`` and ``apply()`` for every move, every event
    recorded."""
    return _hands(seconds, rng, _checked, True)


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


def run(rounds: int = 45, seconds: float = 0.15) -> list[Row]:
    rng = random.Random(2024)
    mine, checked, other = [], [], []
    gc.disable()  # collector pauses are the machine's, for all sides alike
    try:
        for r in range(rounds):  # interleaved in short turns, so that each round's three see one machine
            mine.append(ours(seconds, rng))
            checked.append(public(seconds, rng))
            other.append(theirs(seconds, r))
            gc.collect()
    finally:
        gc.enable()
    mid = rounds // 2
    hands_s = sorted(m[0] for m in mine)[mid]
    plays_s = sorted(m[1] for m in mine)[mid]
    public_s = sorted(c[1] for c in checked)[mid]
    moves_s = sorted(o[1] for o in other)[mid]
    # each round's own ratio, then the median: a neighbour's load that slows one round slows all
    # three of its measurements, and a ratio of medians from different rounds would carry it over
    sim = sorted(m[1] / o[1] for m, o in zip(mine, other))[mid]
    pub = sorted(c[1] / o[1] for c, o in zip(checked, other))[mid]
    return [
        ("engine: Five-Up hands/s (4 players, teams, 5 tiles)", f"{hands_s:,.0f}", "simulation path"),
        ("engine: plays/s, simulation path (playout_random)", f"{plays_s:,.0f}", ""),
        ("engine: plays/s, public path (legal_actions + apply)", f"{public_s:,.0f}", ""),
        ("dominoes 6.1.0: moves/s (random games)", f"{moves_s:,.0f}", "public API, same run"),
        ("engine simulation ÷ dominoes", f"{sim:.2f}×",
         "median of 45 rounds; target ≥ 2.5×: " + ("met" if sim >= 2.5 else "MISSED")),
        ("engine public path ÷ dominoes", f"{pub:.2f}×",
         "median of 45 rounds; target ≥ 1.5×: " + ("met" if pub >= 1.5 else "MISSED")),
    ]
