"""``play-score``: how many points does this play score? Answer: ``int`` (0 when it does not score)."""

from __future__ import annotations

import random
from typing import Any

from puzzles.kinds.judging import judge_number, number_explains
from puzzles.kinds.making import (
    TOTAL_MISTAKES,
    Wants,
    find_position,
    first_trap,
    mistaken_totals,
    number_choices,
    play_outcomes,
)
from puzzles.puzzle import Fields, Puzzle, Step, Verdict
from puzzles.registry import AnswerShape, Kind, Scene, per_level, register_kind, trap
from puzzles.stages import Position, Stage
from puzzles.traps import (
    COUNTED_COVERED,
    COVERED_SPINNER,
    DOUBLE_ONCE,
    MISSED_COMBINATION,
    MISSED_LOWERING,
    SPINNER_ONCE,
    SPOTTING,
)
from trainer.rules import Play, play_points
from trainer.words import N_, _
from trainer.words.feedback import sentence
from trainer.words.plays import play_words
from trainer.words.scores import points_words, score_words

SCORING_SHARE = 0.9
"""How often play-score asks about a play that scores."""
CHOICE_LEAN = (0.7, 0.85, 0.95, 3.0)
"""Generator 2 on: small scores are often the smallest choice by force, so the others lean higher."""
POINT_WEIGHTS = {1: (0.16, 0.24, 0.3, 0.3), 2: (0.13, 0.19, 0.22, 0.23, 0.23), 3: (0.1, 0.18, 0.18, 0.18, 0.18, 0.18)}
"""Generator 3 on: how often each score (0, 1, 2 … points) is asked for, per level, so that no answer given
every time ("always 2") is right much more than one time in four; higher levels reach higher scores (Muggins,
with two ends, a point less at levels 2 and 3)."""
POINTS_PATIENCE = 60
"""Generator 3 on: positions looked at for the score wished for before a smaller one is wished for."""
LATER_LEAN = (0.15, 0.5, 1.2, 2.0)
"""Generator 3 on: 0 and 1 point are the smallest choices by force, so bigger scores lean high."""


def make_play_score(stage: Stage, level: int, rng: random.Random, generator: int) -> Fields:
    wants = Wants()
    want_scoring = rng.random() < SCORING_SHARE
    want_big = rng.random() < 0.95
    if generator >= 3:
        weights = POINT_WEIGHTS[level][:-1] if stage == "muggins" and level >= 2 else POINT_WEIGHTS[level]
        wish = [rng.choices(range(len(weights)), weights=weights)[0]]
        want_scoring, want_big = wish[0] != 0, False
        wants.patience = POINTS_PATIENCE
    else:
        wish = []

    def accept(pos: Position, want_trap: bool) -> Fields | None:
        keen = wants.tick()
        lay = pos.layout
        if wish and not any(play_points(t) == wish[0] for _, t in lay.totals_after(pos.hand)) and \
                (keen or wish[0] > 1):  # cheap totals first: no play scores what is wished for
            if not keen:  # this score is rare here: wish for a smaller one
                wish[0] = rng.randint(max(1, wish[0] - 2), wish[0] - 1)
                wants.tries = 0
            return None
        outcomes = play_outcomes(lay, pos.hand)
        if not outcomes:
            return None
        scoring = [o for o in outcomes if play_points(o[1].total)]
        if (keen or wish) and want_scoring and not scoring:
            return None
        pool = scoring if scoring and want_scoring else outcomes
        big = [o for o in pool if play_points(o[1].total) >= 2]
        if keen and want_scoring and want_big and not big:
            return None  # sums of 10 and more, when the level's positions have them
        if want_big and big:
            pool = big
        if wish:
            exact = [o for o in pool if play_points(o[1].total) == wish[0]]
            if not exact and (keen or wish[0] > 1):
                if not keen:  # this score is rare here: wish for a smaller one
                    wish[0] = rng.randint(max(1, wish[0] - 2), wish[0] - 1)
                    wants.tries = 0
                return None
            pool = exact or pool
        play, after = rng.choice(pool)
        right = play_points(after.total)
        wrong = []
        if right:
            wrong.append(("pips-not-points", after.total,
                          _("{total} is the total; in points it is {total} ÷ 5 = {points}.").format(
                              total=after.total, points=right)))
            wrong.append(("tens-not-fives", after.total // 10,
                          _("Points count fives, not tens: {total} ÷ 5 = {points}.").format(
                              total=after.total, points=right)))
            wrong.append(("one-five-off", right + 1,
                          _("{more} points would be {pips}, not {total}.").format(more=right + 1, pips=5 * right + 5,
                                                                                  total=after.total)))
        else:
            if after.total > 5:
                wrong.append(("not-multiple", after.total // 5,
                              _("{total} is not a multiple of five, so it scores 0.").format(total=after.total)))
        before = play_points(lay.total)
        if before != right:
            wrong.append(("before-play", before, _("That is the score before the play.")))
        for name, value, text in mistaken_totals(after):
            pts = play_points(value)
            if pts != right:
                wrong.append((name, pts, text))
        lean = LATER_LEAN if generator >= 3 else CHOICE_LEAN if generator >= 2 else None
        choices, mistakes = number_choices(right, wrong, rng, slip_text=_("Points are the total ÷ 5."), lean=lean)
        word = (_("The ends make {working}: {score}.").format(working=after.working, score=score_words(after.total))
                if right else _("The ends make {working}: no score.").format(working=after.working))
        return {
            "layout": lay, "hand": (play.tile,), "play": play,
            "question": _("Play {play}. How many points does it score? (0 if none)").format(play=play_words(play)),
            "answer": right,
            "explanation": word,
            "choices": choices, "mistakes": mistakes,
            "steps": [Step(_("Before the play the ends make {working}.").format(working=lay.working),
                           tuple(e.id for e in lay.open_ends if e.value)),
                      Step(_("{tile} covers the {number} of {target}.").format(
                          tile=play.tile, number=after.placements[-1].number, target=play.target)),
                      Step(_("After it the ends make {working}.").format(working=after.working)),
                      Step(sentence(score_words(after.total)) + ".")],
            "trap": first_trap(after) or ("scores" if right else "no-score"),
        }

    return find_position(stage, level, rng, accept)


def judge_play_score(p: Puzzle, response: Any) -> Verdict:
    return judge_number(p, response, p.answer, p.explanation)


def play_score_words(p: Puzzle) -> str:
    return points_words(p.answer) if p.answer else _("0 points (no score)")


def the_play(p: Puzzle, response: Any = None) -> Play | None:
    """The working is shown on the layout after the play asked about."""
    return p.the_play

def misconceive_play_score(p: Puzzle, trap_id: str) -> int:
    lay = p.board
    return trap(trap_id).model.points(lay, lay.play(_asked(p)))


def play_score_reason(p: Puzzle, trap_id: str) -> str:
    return trap(trap_id).reason(Scene(p.board, _asked(p)))


def _asked(p: Puzzle) -> Play:
    assert p.the_play is not None  # a play-score puzzle always asks about a play
    return p.the_play


MASTERY_TRAPS = (SPINNER_ONCE.id, DOUBLE_ONCE.id, COVERED_SPINNER.id, COUNTED_COVERED.id, MISSED_COMBINATION.id,
                 MISSED_LOWERING.id)
"""The traps a child must be past to master this kind, listed by hand: a trap registered later joins them only
when it is written here, so it never becomes a requirement for learners who have mastered the kind already."""


PLAY_SCORE = register_kind(Kind(
    id="play-score", number=3, title=N_("Does this play score?"), short_title=N_("Scores?"),
    answer_shape=AnswerShape.NUMBER, maker=make_play_score, judge=judge_play_score, answer_words=play_score_words,
    time_bars=per_level(20, 25, 35), answer_label=N_("Points (0 if it does not score)"),
    hand_caption=N_("The tile to play"), working_after=the_play,
    mastery_traps=MASTERY_TRAPS, misconceive=misconceive_play_score,
    explains=number_explains(misconceive_play_score), trap_reason=play_score_reason,
    traps=("pips-not-points", "tens-not-fives", "one-five-off", "not-multiple", "before-play", *TOTAL_MISTAKES,
           SPINNER_ONCE.id, *SPOTTING),
))
