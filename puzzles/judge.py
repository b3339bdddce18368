"""Judging an answer to a puzzle: its kind's judge (:attr:`~puzzles.registry.Kind.judge`), then, for a wrong
answer, the traps whose models give it (:func:`puzzles.traps.diagnose`), named with their reasons.

A function over the value (:class:`~puzzles.puzzle.Puzzle` holds what a puzzle is and asks nothing of the
registries), so the puzzle, the registries and the traps import one way.

>>> from puzzles import generate
>>> p = generate("open-total", stage="muggins", level=1, seed=11)
>>> judge(p, p.answer).correct, judge(p, "banana").is_answer
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from puzzles.puzzle import Puzzle, Verdict
from puzzles.registry import kind
from puzzles.traps import TRAPS, diagnose
from puzzles.traps import reason as trap_reason
from trainer.rules import IllegalPlay
from trainer.words import _
from trainer.words.feedback import echo_of, say

Rank = Callable[[tuple[str, ...]], tuple[str, ...]]
"""Given the traps a wrong answer fits, the same traps in the order to name them (the likeliest first)."""


def judge(p: Puzzle, response: Any, rank: Rank | None = None) -> Verdict:
    """Judge an answer to ``p``. Junk is not an answer (``is_answer`` False), never an exception.

    When a wrong answer fits several traps, ``rank`` puts the one this child most likely holds first: the
    feedback says its reason first."""
    try:
        verdict = kind(p.kind).judge(p, response)
    except IllegalPlay:  # text that does not parse as a tile or a play
        return Verdict(False, _("That answer could not be read. Try again!"), "unreadable", is_answer=False)
    if verdict.correct or not verdict.is_answer:
        return verdict
    return _diagnosed(p, verdict, response, rank)


def is_right(p: Puzzle, response: Any) -> bool:
    """Whether ``response`` is a right answer to ``p``."""
    return judge(p, response).correct


def _diagnosed(p: Puzzle, verdict: Verdict, response: Any, rank: Rank | None = None) -> Verdict:
    """File a wrong answer under the traps that explain it, and say why first (never cut)."""
    found = diagnose(p, response)
    message = verdict.message
    echo = echo_of(message)
    if found is not None:
        traps, reasons = found.traps, found.reasons
        if rank is not None and len(traps) > 1:
            traps = rank(traps)
            reasons = tuple(dict.fromkeys(trap_reason(p, t) for t in traps))
        more = [(r, False) for r in reasons[1:]]
        text = say(p.level, (echo, False), (reasons[0], True), *more, (p.explanation, False))
        return Verdict(False, text, traps[0], traps=traps)
    record = kind(p.kind)
    explains = record.explains
    wider = tuple(t for t in dict.fromkeys((verdict.mistake, *record.traps))
                  if t in TRAPS and explains is not None and explains(p, t, response)) if explains else ()
    if wider and rank is not None:
        wider = rank(wider)
    if wider:  # a trap the puzzle is not built around, but its model gives this answer: say why
        text = say(p.level, (echo, False), (trap_reason(p, wider[0]), True), (p.explanation, False))
        return Verdict(False, text, wider[0], traps=wider)
    if verdict.mistake in TRAPS:  # a value a trap's total gives by chance: no trap explains it
        text = say(p.level, (echo, True), (p.explanation, False))
        return Verdict(False, text or _("Not quite."), "other")
    return verdict
