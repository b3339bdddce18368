"""Where the coach asks a trap: a puzzle's setting (what leads its layout, how big its number is), where a child
got each trap wrong lately, and, while a stage is being confirmed, the puzzle that asks the traps still
wanted where they bite (docs/learner-model.md, "A stage is mastered")."""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Sequence

from puzzles import CodeError, Puzzle, Stage, from_code, generate, generate_for, mastery_traps
from puzzles.found import SEEDS
from trainer.learning.attempt import Attempt


class Setting(enum.StrEnum):
    """Where a puzzle sets its traps: what leads its layout, and how big its number is."""

    SPINNER = "spinner"
    DOUBLE = "double"
    PLAIN = "plain"
    UNDER_TEN = "under-10"
    TEN_OR_MORE = "10-or-more"


LEAD = frozenset({Setting.SPINNER, Setting.DOUBLE, Setting.PLAIN})
"""The settings that say what leads a layout."""
SIZE = frozenset({Setting.UNDER_TEN, Setting.TEN_OR_MORE})
"""The settings that say how big a puzzle's number is."""


def setting(p: Puzzle) -> tuple[Setting, ...]:
    """Where a puzzle sets its traps, in the ways a misconception can hang on: what leads the layout (a
    spinner, another double, a plain tile) and how big its number is (under 10, or 10 and more). A stage's
    confirmation asks each trap in its settings in turn."""
    out: list[Setting] = []
    plays = p.board.plays if p.board else ()
    if plays:
        lead = plays[0].tile
        out.append(Setting.SPINNER if p.board.is_spinner(lead) else Setting.DOUBLE if lead.is_double
                   else Setting.PLAIN)
    number = p.answer.get("pips") if isinstance(p.answer, dict) else p.number
    if isinstance(number, int):
        out.append(Setting.UNDER_TEN if number < 10 else Setting.TEN_OR_MORE)
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def setting_of(code: str) -> tuple[Setting, ...]:
    """The setting of the puzzle a code makes (``()`` for a code that makes none)."""
    try:
        return setting(from_code(code))
    except CodeError:
        return ()


def sits(where: tuple[Setting, ...], missed: dict[Setting, float]) -> bool:
    """Whether a puzzle in setting ``where`` sits where a trap was missed (``missed``: the share of its misses
    in each setting, within its way of telling one): in each way a setting is told (what leads, how big the
    number is), the puzzle's is one that at least :data:`MISSED_SHARE` of the misses had, wherever the misses
    say anything of that way (a slip now and then elsewhere does not count as missed there)."""
    for part in where:
        group = LEAD if part in LEAD else SIZE
        if group & missed.keys() and missed.get(part, 0.0) < MISSED_SHARE:
            return False
    return True


MISSED_PATTERN = 3
"""A trap missed this many times lately (in one way of telling a setting) says where the child gets it wrong;
fewer misses are taken for slips, and the trap is asked anywhere."""
MISSED_SHARE = 0.2
"""The share of a trap's misses a setting must have had to count as one where the child got it wrong."""
MISSED_REACH = 200
"""How far back (in answers) the coach looks for where a child got a trap wrong, to confirm it there."""
MISSED_WEIGHT = 2.0
"""While confirming, how much a puzzle that sets a trap where the child got it wrong counts, beside asking
about one more wanted trap (1) in a setting not yet asked today."""
MISSED_TRIES = 4
"""Puzzles made for each missed trap, when none of the coach's puzzles sets it where it was missed."""


def confirming_puzzle(kind: str, stage: Stage, level: int, trap: str | None, wanted: dict[str, int], *,
                      asked: dict[tuple[str, tuple[Setting, ...]], int], missed: dict[str, dict[Setting, float]],
                      choices: int, seeds: random.Random) -> Puzzle:
    """While a stage is being confirmed: of a few puzzles at ``level``, the one that asks about the most
    traps still wanted (so a confirmation takes a few puzzles, not one per trap), each in a setting it was
    asked in least today (:func:`setting`); one that exposes ``trap`` (made for it) when none of them asks
    about any. ``asked``: how often each trap was asked in each setting today; ``missed``: where the child got
    each trap wrong (:func:`missed_where`); ``choices``: puzzles made to choose from
    (:attr:`~trainer.learning.policy.Policy.confirm_choices`).

    A trap this child got wrong lately (:func:`missed_where`) is asked only where they got it wrong: a
    misconception that shows only when the spinner leads, or only on big numbers, is not confirmed by
    right answers where it never bites. A puzzle that sets such a trap elsewhere would count a right
    answer for it all the same, so it is passed over; when none of the puzzles made sets a missed trap
    where it was missed, puzzles made for each such trap are tried too."""
    def worth(p: Puzzle) -> float:
        where = setting(p)
        total = 0.0
        for t in wanted.keys() & set(p.traps):
            if t in missed and not sits(where, missed[t]):
                total -= 1  # a right answer here would count, and says nothing of where it was missed
            else:
                total += 1 / (1 + asked.get((t, where), 0)) + (MISSED_WEIGHT if t in missed else 0.0)
        return total

    def where_missed(p: Puzzle) -> bool:
        return any(t in missed and sits(setting(p), missed[t]) for t in wanted.keys() & set(p.traps))

    made = [generate(kind, stage=stage, level=level, seed=seeds.randrange(2**24))
            for _ in range(choices)]
    if wanted.keys() & missed.keys() and not any(map(where_missed, made)):
        made += [generate_for(kind, stage=stage, level=level, trap=t, seed=seeds.randrange(SEEDS))
                 for t in sorted(wanted.keys() & missed.keys() & set(mastery_traps(kind, stage)))
                 for _ in range(MISSED_TRIES)]
    best = max(made, key=worth)  # the first of the best
    if trap is not None and not wanted.keys() & set(best.traps):
        made_for = generate_for(kind, stage=stage, level=level, trap=trap, seed=seeds.randrange(SEEDS))
        if worth(made_for) >= 0:
            return made_for
    return best


def missed_where(attempts: Sequence[Attempt], stage: Stage) -> dict[str, dict[Setting, float]]:
    """Where a child got each trap wrong at ``stage`` lately (its last :data:`MISSED_REACH` answers,
    unhinted, the trap named as the mistake): for each trap missed at least :data:`MISSED_PATTERN` times,
    the share of those misses in each setting, within its way of telling a setting (what led the layout,
    how big the number was)."""
    counts: dict[str, dict[Setting, int]] = {}
    for a in attempts[-MISSED_REACH:]:
        if a.stage != stage or a.correct or a.hinted or not a.mistake or not a.code:
            continue
        into = counts.setdefault(a.mistake, {})
        for w in setting_of(a.code):
            into[w] = into.get(w, 0) + 1
    out: dict[str, dict[Setting, float]] = {}
    for t, by in counts.items():
        totals = {g: sum(n for w, n in by.items() if w in g) for g in (LEAD, SIZE)}
        if max(totals.values()) < MISSED_PATTERN:
            continue  # a slip or two says nothing yet of where the child gets it wrong
        out[t] = {w: n / totals[LEAD if w in LEAD else SIZE] for w, n in by.items()}
    return out
