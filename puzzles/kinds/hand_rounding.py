"""``hand-rounding``: how do these tiles left in a hand round, and how many points is that?
Answer: ``{"pips": int, "rounded": int, "points": int}`` (points = rounded ÷ 5)."""

from __future__ import annotations

import random
from typing import Any

from puzzles.kinds.judging import read_int
from puzzles.kinds.making import find_position, number_choices
from puzzles.puzzle import Puzzle, Step, Verdict
from puzzles.registry import AnswerShape, Kind, per_level, register_kind
from puzzles.stages import Position
from puzzles.traps import ROUNDING, rounded_by, rounding_reason
from puzzles.words import points_words, say
from trainer.rules import play_points, round_to_five

ROUND_SIZES = {1: (1, 2), 2: (2, 3), 3: (3, 5)}
EXACT_SHARE = 0.04
"""How often the tiles add up to a multiple of five already."""


def rounding_words(pips: int) -> str:
    """``"13 is 2 from 15: it rounds up to 15"``."""
    rem = pips % 5
    rounded = round_to_five(pips)
    if rem in (1, 2):
        return f"{pips} is {rem} past {rounded}: it rounds down to {rounded}."
    if rem in (3, 4):
        return f"{pips} is {5 - rem} from {rounded}: it rounds up to {rounded}."
    return f"{pips} is a multiple of five already."

CHOICE_LEAN = (1.1, 0.95, 1.0, 0.8)
"""Generator 2 on: a big rounded number is often the largest choice by force, so the others lean lower."""


def make_hand_rounding(stage: str, level: int, rng: random.Random, generator: int) -> dict[str, Any]:
    low, high = ROUND_SIZES[level]
    tries = [0]
    # every remainder as often as the others (1 and 2 round down, 3 and 4 up), now and then a five
    want_rem = 0 if rng.random() < EXACT_SHARE else rng.choice((1, 2, 3, 4))

    def accept(pos: Position, want_trap: bool) -> dict[str, Any] | None:
        tries[0] += 1
        relax = tries[0] > 60
        hands = [h for h in pos.leftovers if low <= len(h) <= high]
        if not hands:
            return None
        tiles = sorted(rng.choice(hands))
        pips = sum(t.pips for t in tiles)
        rem = pips % 5
        if not relax and rem != want_rem:
            return None
        rounded = round_to_five(pips)
        pts = play_points(rounded)
        sums = " + ".join(str(t.pips) for t in tiles)
        add = f"{sums} = {pips}" if len(tiles) > 1 else f"{pips}"
        down = pips - rem
        up = down + 5
        wrong = []
        if rem in (3, 4):
            wrong.append(("rounded-down", down, f"{pips} rounds up: 3 and 4 past a five go up."))
        if rem in (1, 2):
            wrong.append(("rounded-up", up, f"{pips} rounds down: 1 and 2 past a five go down."))
        if rem:
            wrong.append(("not-rounded", pips, f"{pips} is the pips: round it to the nearest five."))
        if pts and pts not in (rounded, down, up, pips):
            wrong.append(("points-not-rounded", pts, f"{pts} is the points; the rounded pips are {rounded}."))
        for t in tiles:
            if t.is_double and t.low:
                miss = round_to_five(pips - t.low)
                wrong.append(("hand-double-once", miss, f"{t} has {t.pips} pips, not {t.low}."))
                break
        wrong.append(("one-five-off", rounded + 5, f"{rounded + 5} is too far from {pips}."))
        if rounded >= 10:
            wrong.append(("one-five-off", rounded - 5, f"{rounded - 5} is too far from {pips}."))
        if len(tiles) > 1:
            t = max(tiles, key=lambda x: x.pips)
            wrong.append(("missed-tile", round_to_five(pips - t.pips), f"Don't forget {t}: {t.pips} pips."))
        choices, mistakes = number_choices(rounded, wrong, rng, slip_text="Count the pips again, tile by tile.",
                                           step=5, lean=CHOICE_LEAN if generator >= 2 else None)
        return {
            "layout": None, "hand": tuple(tiles),
            "question": "These tiles are left in a hand. How many pips, rounded to the nearest five? "
                        "How many points is that?",
            "answer": {"pips": pips, "rounded": rounded, "points": pts},
            "explanation": f"Pips: {add}. Rounded: {rounded}. Points: {pts}.",
            "choices": choices, "mistakes": mistakes,
            "steps": [Step(f"Add the pips: {add}."), Step(rounding_words(pips)),
                      Step(f"Points are the rounded pips ÷ 5: {rounded} ÷ 5 = {pts}.")],
            "trap": "round-up" if rem in (3, 4) else ("round-down" if rem else "exact"),
        }

    return find_position(stage, level, rng, accept, check_layout=False)


def judge_hand_rounding(p: Puzzle, response: Any) -> Verdict:
    """Right only with the rounded pips AND the points (the pips themselves are optional)."""
    ans = p.answer
    if not isinstance(response, dict):
        return Verdict(False, "Fill in the rounded pips and the points.", "unreadable", is_answer=False)
    given = {k: read_int(v) for k, v in response.items() if k in ans and v not in (None, "")}
    if any(v is None for v in given.values()):
        return Verdict(False, "Type whole numbers, like 15.", "unreadable", is_answer=False)
    if "rounded" not in given or "points" not in given:
        return Verdict(False, "Fill in the rounded pips and the points too.", "unreadable", is_answer=False)
    wrong = [k for k, v in given.items() if v != ans[k]]
    short = p.explanation
    if not wrong:
        return Verdict(True, say(p.level, ("Yes!", True), (short, True)), None)
    if "pips" in wrong:
        echo = f"You said {given['pips']} pips."
        return Verdict(False, say(p.level, (echo, True), (short, True)), "pip-count")
    if "rounded" in wrong:
        echo = f"You said {given['rounded']}."
        for key, name, text in p.mistakes:
            if key == str(given["rounded"]):
                return Verdict(False, say(p.level, (echo, False), (text, True), (short, False)), name)
        return Verdict(False, say(p.level, (echo, True), (short, True)), "rounding")
    return Verdict(False, say(p.level, (f"You said {given['points']} points.", True),
                              (f"Points are {ans['rounded']} ÷ 5 = {ans['points']}.", True)), "points")


def hand_rounding_words(p: Puzzle) -> str:
    a = p.answer
    return f"{a['pips']} pips, rounded to {a['rounded']}: {points_words(a['points'])}"

def misconceive_hand_rounding(p: Puzzle, trap: str) -> dict[str, int]:
    rounded = rounded_by(p.answer["pips"], trap)
    return {"pips": p.answer["pips"], "rounded": rounded, "points": rounded // 5}


def hand_rounding_explains(p: Puzzle, trap: str, response: Any) -> bool:
    if not isinstance(response, dict):
        return False
    rounded = read_int(response.get("rounded"))
    return rounded is not None and rounded != p.answer["rounded"] and rounded == rounded_by(p.answer["pips"], trap)


def hand_rounding_reason(p: Puzzle, trap: str) -> str:
    return rounding_reason(p.answer["pips"])


HAND_ROUNDING = register_kind(Kind(
    id="hand-rounding", number=2, title="How does this hand round?", short_title="Rounding",
    answer_shape=AnswerShape.ROUNDING, maker=make_hand_rounding, judge=judge_hand_rounding,
    answer_words=hand_rounding_words, time_bars=per_level(25, 30, 40), core=True,
    traps=("rounded-down", "rounded-up", "not-rounded", "points-not-rounded", "hand-double-once", "missed-tile",
           "pip-count", "rounding", "points", "one-five-off", *ROUNDING),
    mastery_traps=ROUNDING, misconceive=misconceive_hand_rounding, explains=hand_rounding_explains,
    trap_reason=hand_rounding_reason,
))
