"""``hand-rounding``: how do these tiles left in a hand round, and how many points is that?
Answer: ``{"pips": int, "rounded": int, "points": int}`` (points = rounded ÷ 5)."""

from __future__ import annotations

import random
from typing import Any

from puzzles.kinds.judging import read_int
from puzzles.kinds.making import Wants, find_position, number_choices
from puzzles.puzzle import Fields, Puzzle, Step, Verdict
from puzzles.registry import AnswerShape, Kind, Scene, per_level, register_kind, trap
from puzzles.stages import Position, Stage
from puzzles.traps import ROUNDING
from trainer.rules import play_points, round_to_five
from trainer.words import N_, _, ngettext
from trainer.words.feedback import say
from trainer.words.rounding import rounding_words
from trainer.words.scores import points_words

ROUND_SIZES = {1: (1, 2), 2: (2, 3), 3: (3, 5)}
ROUNDED_PATIENCE = 40
"""Generator 3 on: hands with the remainder wished for looked at for the rounded number wished for."""
EXACT_SHARE = 0.04
"""How often the tiles add up to a multiple of five already."""


FIRST_ROUNDED = {0: 0.13, 5: 0.12, 10: 0.25, 15: 0.25, 20: 0.25}
"""Generator 3 on: how often each rounded number is asked for at level 1 (left alone, 5 and 10 come most, and
5, the smallest multiple of five a choice can be, is found by "the smallest choice that is a multiple of five")."""
CHOICE_LEAN = (1.1, 0.95, 1.0, 0.8)
"""Generator 2 on: a big rounded number is often the largest choice by force, so the others lean lower."""


def make_hand_rounding(stage: Stage, level: int, rng: random.Random, generator: int) -> Fields:
    low, high = ROUND_SIZES[level]
    tries = [0]
    # every remainder as often as the others (1 and 2 round down, 3 and 4 up), now and then a five
    want_rem = 0 if rng.random() < EXACT_SHARE else rng.choice((1, 2, 3, 4))
    rounded_wants = Wants(ROUNDED_PATIENCE)
    want_rounded = rng.choices(list(FIRST_ROUNDED), weights=list(FIRST_ROUNDED.values()))[0] \
        if generator >= 3 and level == 1 else None
    if want_rounded == 0 and want_rem not in (0, 1, 2):
        want_rem = rng.choice((1, 2))  # 0 is 0, 1 or 2 pips

    def accept(pos: Position, want_trap: bool) -> Fields | None:
        tries[0] += 1
        relax = tries[0] > (60 if want_rounded is None else 60 + ROUNDED_PATIENCE * 4)
        hands = [h for h in pos.leftovers if low <= len(h) <= high]
        if not hands:
            return None
        tiles = sorted(rng.choice(hands))
        pips = sum(t.pips for t in tiles)
        rem = pips % 5
        if not relax and rem != want_rem:
            return None
        rounded = round_to_five(pips)
        if want_rounded is not None and rounded != want_rounded and not relax and rounded_wants.tick():
            return None
        pts = play_points(rounded)
        sums = " + ".join(str(t.pips) for t in tiles)
        add = f"{sums} = {pips}" if len(tiles) > 1 else str(pips)
        down = pips - rem
        up = down + 5
        wrong = []
        if rem in (3, 4):
            wrong.append(("rounded-down", down, _("{pips} rounds up: 3 and 4 past a five go up.").format(pips=pips)))
        if rem in (1, 2):
            wrong.append(("rounded-up", up, _("{pips} rounds down: 1 and 2 past a five go down.").format(pips=pips)))
        if rem:
            wrong.append(("not-rounded", pips, _("{pips} is the pips: round it to the nearest five.").format(
                pips=pips)))
        if pts and pts not in (rounded, down, up, pips):
            wrong.append(("points-not-rounded", pts,
                          _("{points} is the points; the rounded pips are {rounded}.").format(
                              points=pts, rounded=rounded)))
        for t in tiles:
            if t.is_double and t.low:
                miss = round_to_five(pips - t.low)
                wrong.append(("hand-double-once", miss, _("{tile} has {pips} pips, not {low}.").format(
                    tile=t, pips=t.pips, low=t.low)))
                break
        wrong.append(("one-five-off", rounded + 5, _("{far} is too far from {pips}.").format(
            far=rounded + 5, pips=pips)))
        if rounded >= 10:
            wrong.append(("one-five-off", rounded - 5, _("{far} is too far from {pips}.").format(
                far=rounded - 5, pips=pips)))
        if len(tiles) > 1:
            t = max(tiles, key=lambda x: x.pips)
            wrong.append(("missed-tile", round_to_five(pips - t.pips), _("Don't forget {tile}: {pips} pips.").format(
                tile=t, pips=t.pips)))
        choices, mistakes = number_choices(rounded, wrong, rng, slip_text=_("Count the pips again, tile by tile."),
                                           step=5, lean=CHOICE_LEAN if generator >= 2 else None)
        return {
            "layout": None, "hand": tuple(tiles),
            "question": _("These tiles are left in a hand. How many pips, rounded to the nearest five? "
                          "How many points is that?"),
            "answer": {"pips": pips, "rounded": rounded, "points": pts},
            "explanation": _("Pips: {add}. Rounded: {rounded}. Points: {points}.").format(
                add=add, rounded=rounded, points=pts),
            "choices": choices, "mistakes": mistakes,
            "steps": [Step(_("Add the pips: {add}.").format(add=add)), Step(rounding_words(pips)),
                      Step(_("Points are the rounded pips ÷ 5: {rounded} ÷ 5 = {points}.").format(
                          rounded=rounded, points=pts))],
            "trap": "round-up" if rem in (3, 4) else ("round-down" if rem else "exact"),
        }

    return find_position(stage, level, rng, accept, check_layout=False)


def judge_hand_rounding(p: Puzzle, response: Any) -> Verdict:
    """Right only with the rounded pips AND the points (the pips themselves are optional)."""
    ans = p.answer
    if not isinstance(response, dict):
        return Verdict(False, _("Fill in the rounded pips and the points."), "unreadable", is_answer=False)
    read = {k: read_int(v) for k, v in response.items() if k in ans and v not in (None, "")}
    given = {k: v for k, v in read.items() if v is not None}
    if len(given) < len(read):
        return Verdict(False, _("Type whole numbers, like 15."), "unreadable", is_answer=False)
    if "rounded" not in given or "points" not in given:
        return Verdict(False, _("Fill in the rounded pips and the points too."), "unreadable", is_answer=False)
    wrong = [k for k, v in given.items() if v != ans[k]]
    short = p.explanation
    if not wrong:
        return Verdict(True, say(p.level, (_("Yes!"), True), (short, True)), None)
    if "pips" in wrong:
        echo = ngettext("You said {n} pip.", "You said {n} pips.", given["pips"]).format(n=given["pips"])
        return Verdict(False, say(p.level, (echo, True), (short, True)), "pip-count")
    if "rounded" in wrong:
        echo = _("You said {value}.").format(value=given["rounded"])
        for key, name, text in p.mistakes:
            if key == str(given["rounded"]):
                return Verdict(False, say(p.level, (echo, False), (text, True), (short, False)), name)
        return Verdict(False, say(p.level, (echo, True), (short, True)), "rounding")
    return Verdict(False, say(p.level, (ngettext("You said {n} point.", "You said {n} points.", given["points"]).format(
        n=given["points"]), True), (_("Points are {rounded} ÷ 5 = {points}.").format(
            rounded=ans["rounded"], points=ans["points"]), True)), "points")


def hand_rounding_words(p: Puzzle) -> str:
    a = p.answer
    return _("{pips} pips, rounded to {rounded}: {points}").format(
        pips=a["pips"], rounded=a["rounded"], points=points_words(a["points"]))

def misconceive_hand_rounding(p: Puzzle, trap_id: str) -> dict[str, int]:
    rounded = trap(trap_id).model.rounded(p.answer["pips"])
    return {"pips": p.answer["pips"], "rounded": rounded, "points": rounded // 5}


def hand_rounding_explains(p: Puzzle, trap_id: str, response: Any) -> bool:
    if not isinstance(response, dict):
        return False
    rounded = read_int(response.get("rounded"))
    return rounded is not None and rounded != p.answer["rounded"] and \
        rounded == trap(trap_id).model.rounded(p.answer["pips"])


def hand_rounding_reason(p: Puzzle, trap_id: str) -> str:
    return trap(trap_id).reason(Scene(number=p.answer["pips"]))


HAND_ROUNDING = register_kind(Kind(
    id="hand-rounding", number=2, title=N_("How does this hand round?"), short_title=N_("Rounding"),
    answer_shape=AnswerShape.ROUNDING, maker=make_hand_rounding, judge=judge_hand_rounding,
    answer_words=hand_rounding_words, time_bars=per_level(25, 30, 40), core=True,
    traps=("rounded-down", "rounded-up", "not-rounded", "points-not-rounded", "hand-double-once", "missed-tile",
           "pip-count", "rounding", "points", "one-five-off", *ROUNDING),
    mastery_traps=ROUNDING, misconceive=misconceive_hand_rounding, explains=hand_rounding_explains,
    trap_reason=hand_rounding_reason,
))
