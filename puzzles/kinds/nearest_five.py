"""``nearest-five``: round a hand's pips to the nearest five, or find the next multiple of five
up or down. Answer: ``int``. It comes from a real position of the stage's game and carries
``Puzzle.number`` for a number-line picture."""

from __future__ import annotations

import random
from typing import Any

from puzzles.kinds.judging import judge_number, number_explains
from puzzles.kinds.making import Wants, between, find_position, number_choices
from puzzles.puzzle import Fields, Puzzle, Step, Verdict
from puzzles.registry import AnswerShape, Kind, Scene, per_level, register_kind, trap
from puzzles.stages import Position, Stage
from puzzles.traps import ROUNDING
from trainer.rules import Tile, round_to_five
from trainer.words import N_, _

NEAREST_RANGE = {1: (3, 19), 2: (6, 34), 3: (11, 60)}
"""The numbers nearest-five asks about, by level: they grow."""
NEAREST_TILES = {1: (1, 2), 2: (2, 4), 3: (3, 6)}

FIRST_ANSWERS = {5: 0.15, 10: 0.3, 15: 0.3, 20: 0.25}
"""Generator 3 on: how often each answer is asked for at level 1 (left alone, 10 comes most, and 5, the
smallest multiple of five a choice can be, is found by "the smallest choice that is a multiple of five")."""
ANSWER_PATIENCE = 150
"""Generator 3 on: hands that fit all else looked at for the answer wished for."""
CHOICE_LEAN = (1.1, 0.8, 1.0, 1.2)
"""Generator 2 on: the second smallest place comes often by force, so the others lean away from it."""


def make_nearest_five(stage: Stage, level: int, rng: random.Random, generator: int) -> Fields:
    low, high = NEAREST_RANGE[level]
    t_low, t_high = NEAREST_TILES[level]
    form = "round" if level == 1 and rng.random() < 0.7 else rng.choice(("round", "round", "up", "down"))
    want_exact = form == "round" and rng.random() < 0.04
    want_rem = rng.choice((1, 2, 3, 4))  # rounding: every remainder as often as the others
    wants = Wants(80)
    answer_wants = Wants(ANSWER_PATIENCE)
    want_answer = rng.choices(list(FIRST_ANSWERS), weights=list(FIRST_ANSWERS.values()))[0] \
        if generator >= 3 and level == 1 else None
    if want_answer is not None:
        want_answer, want_rem = first_wish(form, want_answer, want_rem, low, high, rng)

    def accept(pos: Position, want_trap: bool) -> Fields | None:
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
        if want_answer is not None and answer_of(form, n) != want_answer and answer_wants.tick():
            return None
        return build_nearest(form, n, tiles, rng, CHOICE_LEAN if generator >= 2 else None)

    return find_position(stage, level, rng, accept, check_layout=False)


def first_wish(form: str, answer: int, rem: int, low: int, high: int, rng: random.Random) -> tuple[int, int]:
    """Generator 3, level 1: an answer wished for that the form can have in the level's range, and a remainder
    that goes with it (rounding: 5 is 6 or 7, rounded down, and 20 is 18 or 19, rounded up, so that numbers
    still round up and down as often)."""
    if form == "down" and answer + 1 > high:
        answer = rng.choice([a for a in FIRST_ANSWERS if a + 1 <= high])
    if form == "round":
        fits = [r for r in (1, 2, 3, 4) if low <= answer + (r if r < 3 else r - 5) <= high]
        if answer == min(FIRST_ANSWERS):
            fits = [r for r in fits if r < 3]
        rem = rem if rem in fits else rng.choice(fits)
    return answer, rem


def answer_of(form: str, n: int) -> int:
    """The answer to a question of this form about ``n``."""
    down, up = between(n)
    return round_to_five(n) if form == "round" else up if form == "up" else down


def build_nearest(form: str, n: int, tiles: list[Tile], rng: random.Random,
                  lean: tuple[float, float, float, float] | None = None) -> Fields:
    down, up = between(n)
    rounded = round_to_five(n)
    wrong: list[tuple[str, int, str]] = []
    if form == "round":
        right = rounded
        question = _("These tiles have {n} pips. What is {n} rounded to the nearest five?").format(n=n)
        if n % 5:
            other = up if rounded == down else down
            name = "rounded-up" if other == up else "rounded-down"
            wrong.append((name, other, _("{n} is nearer {rounded} than {other}.").format(
                n=n, rounded=rounded, other=other)))
            wrong.append(("not-rounded", n, _("{n} is not a multiple of five: round it.").format(n=n)))
        else:
            wrong.append(("moved-anyway", n - 5, _("{n} is a multiple of five already: it stays {n}.").format(n=n)))
        ten = round(n / 10) * 10
        if ten not in (rounded, n):
            wrong.append(("nearest-ten", ten, _("Round to a five, not a ten.")))
        wrong.append(("one-five-off", rounded + 5, _("{far} is too far from {pips}.").format(far=rounded + 5, pips=n)))
        if rounded >= 10:
            wrong.append(("one-five-off", rounded - 5, _("{far} is too far from {pips}.").format(
                far=rounded - 5, pips=n)))
        because = _("{n} is between {down} and {up}: nearest is {rounded}.").format(
            n=n, down=down, up=up, rounded=rounded) if n % 5 else _("{pips} is a multiple of five already.").format(
                pips=n)
        trap = "round-up" if n % 5 in (3, 4) else ("round-down" if n % 5 else "exact")
    elif form == "up":
        right = up
        question = _("These tiles have {n} pips. What is the next multiple of five up from {n}?").format(n=n)
        wrong.append(("went-down", down, _("{down} is below {n}: go up.").format(down=down, n=n)))
        wrong.append(("not-rounded", n, _("{n} is not a multiple of five.").format(n=n)))
        wrong.append(("one-five-off", up + 5, _("{far} skips past {five}.").format(far=up + 5, five=up)))
        wrong.append(("one-five-off", up + 10, _("{far} skips past {five}.").format(far=up + 10, five=up)))
        because = _("{n} is between {down} and {up}: up is {up}.").format(n=n, down=down, up=up)
        trap = "next-up"
    else:
        right = down
        question = _("These tiles have {n} pips. What is the next multiple of five down from {n}?").format(n=n)
        wrong.append(("went-up", up, _("{up} is above {n}: go down.").format(up=up, n=n)))
        wrong.append(("not-rounded", n, _("{n} is not a multiple of five.").format(n=n)))
        if down >= 5:
            wrong.append(("one-five-off", down - 5, _("{far} skips past {five}.").format(far=down - 5, five=down)))
        wrong.append(("one-five-off", up + 5, _("{up} is above {n}: go down.").format(up=up + 5, n=n)))
        because = _("{n} is between {down} and {up}: down is {down}.").format(n=n, down=down, up=up)
        trap = "next-down"
    choices, mistakes = number_choices(right, wrong, rng, slip_text=_("Count in fives: 5, 10, 15, 20…"), step=5,
                                       lean=lean)
    add = f"{' + '.join(str(t.pips) for t in tiles)} = {n}"
    steps = [Step(_("Add the pips: {add}.").format(add=add) if len(tiles) > 1
                  else _("The pips make {n}.").format(n=n)),
             Step(_("Count in fives: {n} is between {down} and {up}.").format(n=n, down=down, up=up) if n % 5
                  else _("{n} is a multiple of five.").format(n=n))]
    if form == "round" and n % 5:
        steps.append(Step(_("{n} is {below} from {down} and {above} from {up}.").format(
            n=n, below=n - down, down=down, above=up - n, up=up)))
        steps.append(Step(_("So it rounds to {rounded}. (3 and 4 past a five go up.)").format(rounded=rounded)
                          if n % 5 in (3, 4) else _("So it rounds to {rounded}.").format(rounded=rounded)))
    elif form == "up":
        steps.append(Step(_("The next one up is {right}.").format(right=right)))
    elif form == "down":
        steps.append(Step(_("The next one down is {right}.").format(right=right)))
    return {
        "layout": None, "hand": tuple(tiles),
        "question": question, "answer": right, "explanation": because,
        "choices": choices, "mistakes": mistakes, "steps": steps, "trap": trap, "number": n,
    }


def judge_nearest_five(p: Puzzle, response: Any) -> Verdict:
    return judge_number(p, response, p.answer, p.explanation)


def number_words(p: Puzzle) -> str:
    return str(p.answer)

def asks_rounding(p: Puzzle) -> bool:
    """Whether ``p`` is a nearest-five puzzle that asks to round (not for the next five up or down)."""
    return p.kind == "nearest-five" and p.trap not in ("next-up", "next-down")


def misconceive_nearest_five(p: Puzzle, trap_id: str) -> int:
    return trap(trap_id).model.rounded(p.number or 0) if asks_rounding(p) else int(p.answer)


def nearest_five_reason(p: Puzzle, trap_id: str) -> str:
    return trap(trap_id).reason(Scene(number=p.number or 0))


NEAREST_FIVE = register_kind(Kind(
    id="nearest-five", number=5, title=N_("Round to the nearest five"), short_title=N_("Nearest 5"),
    answer_shape=AnswerShape.NUMBER, maker=make_nearest_five, judge=judge_nearest_five, answer_words=number_words,
    time_bars=per_level(12, 15, 20),
    traps=("rounded-up", "rounded-down", "not-rounded", "moved-anyway", "nearest-ten", "one-five-off", "went-down",
           "went-up", *ROUNDING),
    mastery_traps=ROUNDING, misconceive=misconceive_nearest_five, explains=number_explains(misconceive_nearest_five),
    trap_reason=nearest_five_reason,
))
