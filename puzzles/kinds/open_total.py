"""``open-total``: what is the open-end total of this layout? Answer: ``int``."""

from __future__ import annotations

import random
from typing import Any

from puzzles.kinds.judging import judge_number, number_explains
from puzzles.kinds.making import (
    TOTAL_MISTAKES,
    Wants,
    end_steps,
    find_position,
    first_trap,
    mistaken_totals,
    number_choices,
)
from puzzles.puzzle import Fields, Puzzle, Step, Verdict
from puzzles.registry import AnswerShape, Kind, Scene, per_level, register_kind, trap
from puzzles.stages import Position, Stage
from puzzles.traps import COVERED_SPINNER, DOUBLE_ONCE, SPINNER_ONCE
from trainer.words import N_, _

TOTAL_RANGE = {1: (1, 12), 2: (5, 20), 3: (10, 80)}
"""The open-end totals a level prefers: sums grow with the level."""
MULTIPLE_SHARE = 0.45
"""How often a position is asked to have a total that scores."""
ABOVE_FIVE_SHARE = {1: 0.5, 2: 0.7, 3: 0.7}
"""Generator 3 on: how often a total that scores is asked to be 10 or more, per level (5 is the smallest
multiple of five a choice can be, so "the smallest choice that is a multiple of five" finds it whenever it is
the answer; at level 1, where totals stop at 12, a total that scores is otherwise asked to be 5)."""


def total_fits(total: int, level: int, stage: Stage, want_multiple: bool, want_big: bool,
               above_five: bool | None = None) -> bool:
    low, high = TOTAL_RANGE[level]
    if not low <= total <= high:
        return False
    if want_big and total < 20 or above_five is not None and want_multiple and (total == 5) != (not above_five):
        return False
    return (total > 0 and total % 5 == 0) == want_multiple


def make_open_total(stage: Stage, level: int, rng: random.Random, generator: int) -> Fields:
    wants = Wants(25)
    want_multiple = rng.random() < MULTIPLE_SHARE
    want_big = stage == "five-up" and level == 3 and rng.random() < 0.5
    above_five = rng.random() < ABOVE_FIVE_SHARE[level] if generator >= 3 else None
    if above_five is False and level > 1:
        above_five = None  # 5 or any other total that scores

    def accept(pos: Position, want_trap: bool) -> Fields | None:
        lay = pos.layout
        if wants.tick() and not total_fits(lay.total, level, stage, want_multiple, want_big, above_five):
            return None
        choices, mistakes = number_choices(lay.total, mistaken_totals(lay), rng,
                                           slip_text=_("Add the open ends one at a time."), fives=generator >= 3)
        counted = tuple(e.id for e in lay.open_ends if e.value)
        return {
            "layout": lay, "hand": (),
            "question": _("What's the open-end total?"),
            "answer": lay.total,
            "explanation": _("The ends make {working}.").format(working=lay.working),
            "choices": choices, "mistakes": mistakes,
            "steps": [Step(_("Find every open end. Which ones count?"), counted)] + end_steps(lay),
            "trap": first_trap(lay),
        }

    return find_position(stage, level, rng, accept)


def judge_open_total(p: Puzzle, response: Any) -> Verdict:
    return judge_number(p, response, p.answer, p.explanation)


def open_total_words(p: Puzzle) -> str:
    """``"13 (4 + 6 + 3)"``: the total and the ends that make it."""
    working = p.board.working
    return f"{p.answer} ({working.split(' = ')[0]})" if "+" in working else str(p.answer)

def misconceive_open_total(p: Puzzle, trap_id: str) -> int:
    return trap(trap_id).model.total(p.board)


def open_total_reason(p: Puzzle, trap_id: str) -> str:
    return trap(trap_id).reason(Scene(p.board))


OPEN_TOTAL = register_kind(Kind(
    id="open-total", number=0, title=N_("What's the open-end total?"), short_title=N_("Total"),
    answer_shape=AnswerShape.NUMBER, maker=make_open_total, judge=judge_open_total, answer_words=open_total_words,
    time_bars=per_level(15, 20, 30), traps=(*TOTAL_MISTAKES, SPINNER_ONCE.id), core=True,
    answer_label=N_("Open-end total"),
    mastery_traps=(SPINNER_ONCE.id, DOUBLE_ONCE.id, COVERED_SPINNER.id), misconceive=misconceive_open_total,
    explains=number_explains(misconceive_open_total), trap_reason=open_total_reason,
))
