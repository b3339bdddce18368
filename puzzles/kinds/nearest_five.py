"""``nearest-five``: round a hand's pips to the nearest five, or find the next multiple of five
up or down. Answer: ``int``. It comes from a real position of the stage's game and carries
``Puzzle.number`` for a number-line picture."""

from __future__ import annotations

import random
from typing import Any

from puzzles.kinds.judging import judge_number, number_explains
from puzzles.kinds.making import Wants, between, find_position, number_choices
from puzzles.puzzle import Puzzle, Step, Verdict
from puzzles.registry import AnswerShape, Kind, per_level, register_kind
from puzzles.stages import Position
from puzzles.traps import ROUNDING, rounded_by, rounding_reason
from trainer.rules import Tile, round_to_five

NEAREST_RANGE = {1: (3, 19), 2: (6, 34), 3: (11, 60)}
"""The numbers nearest-five asks about, by level: they grow."""
NEAREST_TILES = {1: (1, 2), 2: (2, 4), 3: (3, 6)}

CHOICE_LEAN = (1.1, 0.8, 1.0, 1.2)
"""Generator 2 on: the second smallest place comes often by force, so the others lean away from it."""


def make_nearest_five(stage: str, level: int, rng: random.Random, generator: int) -> dict[str, Any]:
    low, high = NEAREST_RANGE[level]
    t_low, t_high = NEAREST_TILES[level]
    form = "round" if level == 1 and rng.random() < 0.7 else rng.choice(("round", "round", "up", "down"))
    want_exact = form == "round" and rng.random() < 0.04
    want_rem = rng.choice((1, 2, 3, 4))  # rounding: every remainder as often as the others
    wants = Wants(80)

    def accept(pos: Position, want_trap: bool) -> dict[str, Any] | None:
        keen = wants.tick()
        hands = [h for h in pos.leftovers if t_low <= len(h) <= t_high]
        if not hands:
            return None
        tiles = sorted(rng.choice(hands))
        n = sum(t.pips for t in tiles)
        if keen and not low <= n <= high:
            return None
        if keen and (n % 5 == 0) != want_exact:
            return None
        if keen and form == "round" and not want_exact and n % 5 != want_rem:
            return None
        if form != "round" and n % 5 == 0:
            return None
        return build_nearest(form, n, tiles, rng, CHOICE_LEAN if generator >= 2 else None)

    return find_position(stage, level, rng, accept, check_layout=False)


def build_nearest(form: str, n: int, tiles: list[Tile], rng: random.Random,
                  lean: tuple[float, float, float, float] | None = None) -> dict[str, Any]:
    down, up = between(n)
    rounded = round_to_five(n)
    wrong: list[tuple[str, int, str]] = []
    if form == "round":
        right = rounded
        question = f"These tiles have {n} pips. What is {n} rounded to the nearest five?"
        if n % 5:
            other = up if rounded == down else down
            name = "rounded-up" if other == up else "rounded-down"
            wrong.append((name, other, f"{n} is nearer {rounded} than {other}."))
            wrong.append(("not-rounded", n, f"{n} is not a multiple of five: round it."))
        else:
            wrong.append(("moved-anyway", n - 5, f"{n} is a multiple of five already: it stays {n}."))
        ten = round(n / 10) * 10
        if ten not in (rounded, n):
            wrong.append(("nearest-ten", ten, "Round to a five, not a ten."))
        wrong.append(("one-five-off", rounded + 5, f"{rounded + 5} is too far from {n}."))
        if rounded >= 10:
            wrong.append(("one-five-off", rounded - 5, f"{rounded - 5} is too far from {n}."))
        because = f"{n} is between {down} and {up}: nearest is {rounded}." if n % 5 else \
            f"{n} is a multiple of five already."
        trap = "round-up" if n % 5 in (3, 4) else ("round-down" if n % 5 else "exact")
    elif form == "up":
        right = up
        question = f"These tiles have {n} pips. What is the next multiple of five up from {n}?"
        wrong.append(("went-down", down, f"{down} is below {n}: go up."))
        wrong.append(("not-rounded", n, f"{n} is not a multiple of five."))
        wrong.append(("one-five-off", up + 5, f"{up + 5} skips past {up}."))
        wrong.append(("one-five-off", up + 10, f"{up + 10} skips past {up}."))
        because = f"{n} is between {down} and {up}: up is {up}."
        trap = "next-up"
    else:
        right = down
        question = f"These tiles have {n} pips. What is the next multiple of five down from {n}?"
        wrong.append(("went-up", up, f"{up} is above {n}: go down."))
        wrong.append(("not-rounded", n, f"{n} is not a multiple of five."))
        if down >= 5:
            wrong.append(("one-five-off", down - 5, f"{down - 5} skips past {down}."))
        wrong.append(("one-five-off", up + 5, f"{up + 5} is above {n}: go down."))
        because = f"{n} is between {down} and {up}: down is {down}."
        trap = "next-down"
    choices, mistakes = number_choices(right, wrong, rng, slip_text="Count in fives: 5, 10, 15, 20…", step=5,
                                       lean=lean)
    steps = [Step(f"Add the pips: {' + '.join(str(t.pips) for t in tiles)} = {n}." if len(tiles) > 1
                  else f"The pips make {n}."),
             Step(f"Count in fives: {n} is between {down} and {up}." if n % 5 else f"{n} is a multiple of five.")]
    if form == "round" and n % 5:
        steps.append(Step(f"{n} is {n - down} from {down} and {up - n} from {up}."))
        steps.append(Step(f"So it rounds to {rounded}."
                          + (" (3 and 4 past a five go up.)" if n % 5 in (3, 4) else "")))
    elif form != "round":
        steps.append(Step(f"The next one {form} is {right}."))
    return {
        "layout": None, "hand": tuple(tiles),
        "question": question, "answer": right, "explanation": because,
        "choices": choices, "mistakes": mistakes, "steps": steps, "trap": trap, "number": n,
    }


def judge_nearest_five(p: Puzzle, response: Any) -> Verdict:
    return judge_number(p, response, p.answer, p.explanation)


def number_words(p: Puzzle) -> str:
    return str(p.answer)

def misconceive_nearest_five(p: Puzzle, trap: str) -> int:
    return rounded_by(p.number or 0, trap) if "rounded to the nearest five" in p.question else p.answer


def nearest_five_reason(p: Puzzle, trap: str) -> str:
    return rounding_reason(p.number or 0)


NEAREST_FIVE = register_kind(Kind(
    id="nearest-five", number=5, title="Round to the nearest five", short_title="Nearest 5",
    answer_shape=AnswerShape.NUMBER, maker=make_nearest_five, judge=judge_nearest_five, answer_words=number_words,
    time_bars=per_level(12, 15, 20),
    traps=("rounded-up", "rounded-down", "not-rounded", "moved-anyway", "nearest-ten", "one-five-off", "went-down",
           "went-up", *ROUNDING),
    mastery_traps=ROUNDING, misconceive=misconceive_nearest_five, explains=number_explains(misconceive_nearest_five),
    trap_reason=nearest_five_reason, drills=ROUNDING,
))
