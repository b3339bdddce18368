"""Guessers on the placement check (:class:`trainer.learning.placement.PlacementCheck`): children who know
nothing and answer each puzzle of the check by a rule — a random pick among its choices (seeded), always the first
choice, always the biggest — and the share of them placed past Muggins. Target: at most 1% for every rule
(the check asks two puzzles of each core kind so that a lucky run of guesses is rare).

The check's real puzzles are used (made afresh for each child's seeds, as a child's check makes them)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from puzzles import Puzzle, Stage
from trainer.learning.placement import PlacementCheck

TRIES = 3000
LIMIT = 0.01
"""A guesser may be placed past Muggins in at most 1 try in 100."""
MONDAY = 1767628800.0 + 16 * 3600

Rule = Callable[[Puzzle, random.Random], Any]


def _value(p: Puzzle, picked: Any) -> Any:
    """A choice as the check takes it: a hand's rounding is the rounded pips with their points."""
    if isinstance(p.answer, dict):
        return {"rounded": picked, "points": picked // 5}
    return picked


def _biggest(p: Puzzle, rng: random.Random) -> Any:
    values = [c.value for c in p.choices]
    numbers = [v for v in values if isinstance(v, int)]
    return max(numbers) if numbers else values[-1]


RULES: dict[str, Rule] = {
    "a random choice": lambda p, rng: rng.choice(p.choices).value,
    "always the first choice": lambda p, rng: p.choices[0].value,
    "always the biggest choice": _biggest,
}


def placed(rule: Rule, seed: int) -> Stage:
    """The stage a child answering by ``rule`` (seeded ``seed``) is placed at."""
    rng = random.Random(seed)
    now = [MONDAY]

    def clock() -> float:
        now[0] += 4.0
        return now[0]

    check = PlacementCheck(rng=random.Random(seed), clock=clock)
    while (p := check.ask()) is not None:
        _, attempt = check.answer(_value(p, rule(p, rng)))
        if attempt is None:  # a choice that is no whole answer: "I don't know"
            check.dont_know()
    return check.result().start


def run(tries: int = TRIES) -> list[tuple[str, str, str]]:
    rows = []
    for name, rule in RULES.items():
        past = sum(placed(rule, seed) != Stage.MUGGINS for seed in range(tries))
        share = past / tries
        rows.append((f"placement: {name}, placed past Muggins", f"{share:.1%}",
                     f"{past} of {tries:,} children who know nothing (seeds 0–{tries - 1}); target ≤ {LIMIT:.0%}: "
                     + ("met" if share <= LIMIT else "MISSED")))
    return rows
