"""Traps: the misconceptions a puzzle can expose, what a child who holds one answers, and why it is wrong.

A trap is a named misconception with a *model*: the answer a child who holds it gives. Each is one
frozen :class:`~puzzles.registry.Trap` record, declared a family to a module (:mod:`.counting`,
:mod:`.rounding`, :mod:`.spotting`) and registered once; everything else asks the registry
(:func:`~puzzles.registry.trap`). A puzzle exposes a trap exactly when that answer is wrong, so
:attr:`Puzzle.traps` is never a guess about the layout — it is measured. The same models diagnose
wrong answers (:func:`diagnose`): a wrong answer is filed under every trap whose answer it is, and
under none when no model gives it.

>>> from puzzles import generate
>>> p = generate("hand-rounding", stage="muggins", level=1, seed=3)
>>> all(misconceived(p, t) != p.answer for t in p.traps)
True
>>> trap("round-2").model.rounded(12), trap("round-2").stages
(15, ('muggins', 'all-fives', 'five-up'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from puzzles.registry import Scene, Trap, TrapFamily, TrapId, UnknownKind, all_traps, find_trap, kind, trap
from puzzles.stages import Stage
from puzzles.traps.counting import COUNTED_COVERED, COVERED_SPINNER, DOUBLE_ONCE, SPINNER_ONCE
from puzzles.traps.rounding import ROUND_1, ROUND_2, ROUND_3, ROUND_4
from puzzles.traps.spotting import MISSED_COMBINATION, MISSED_LOWERING, is_combination, is_lowering
from trainer.words.mistakes import mistake_name as other_mistake_name

if TYPE_CHECKING:
    from puzzles.puzzle import Puzzle


def _ids(family: TrapFamily) -> tuple[TrapId, ...]:
    return tuple(t.id for t in all_traps() if t.family is family)


COUNTING = _ids(TrapFamily.COUNTING)
"""The counting traps' ids."""
ROUNDING = _ids(TrapFamily.ROUNDING)
"""The rounding traps' ids."""
SPOTTING = _ids(TrapFamily.SPOTTING)
"""The spotting traps' ids."""
TRAPS: tuple[TrapId, ...] = tuple(t.id for t in all_traps())
"""Every modelled trap, in the order a puzzle lists them."""
TRAP_STAGES: Mapping[str, tuple[str, ...]] = MappingProxyType({t.id: t.stages for t in all_traps()})
"""The stages where a trap can happen at all (each record's :attr:`~puzzles.registry.Trap.stages`)."""


def mastery_traps(kind_id: str, stage: Stage) -> tuple[TrapId, ...]:
    """The traps a kind must have met, and answered right, before it is Mastered at ``stage``."""
    try:
        record = kind(kind_id)
    except UnknownKind:
        return ()
    return tuple(t for t in record.mastery_traps if stage in trap(t).stages)


def drill_kind(trap_id: str) -> str | None:
    """The kind whose puzzles are the number drill one step down for a trap (nearest five for
    rounding, adding the ends for counting); None for a mistake that names no trap."""
    record = find_trap(trap_id)
    return record.drill_kind if record is not None else None


# ----- what every kind shares -----


def exposed(p: Puzzle) -> tuple[str, ...]:
    """The traps ``p`` exposes: those whose model answer the puzzle marks wrong (at ``p``'s stage)."""
    record = kind(p.kind)
    if record.misconceive is None:
        return ()
    out = []
    for t in mastery_traps(p.kind, p.stage):
        got = record.misconceive(p, t)
        if got is not None and not record.judge(p, got).correct:
            out.append(t)
    return tuple(out)


def explaining(p: Puzzle, response: Any) -> tuple[str, ...]:
    """The traps whose answer ``response`` is (for a wrong response): the mistakes that explain it."""
    explains = kind(p.kind).explains
    return tuple(t for t in p.traps if explains is not None and explains(p, t, response))


def misconceived(p: Puzzle, trap_id: str) -> Any:
    """The answer a child who holds a trap gives to ``p`` (in the shape the page sends), or None
    when the trap plays no part in this kind."""
    record = kind(p.kind)
    if record.misconceive is None or trap_id not in record.mastery_traps:
        return None
    return record.misconceive(p, trap_id)


def reason(p: Puzzle, trap_id: str) -> str:
    """What a child who fell into a trap on ``p`` needs to hear, in one short sentence."""
    record = kind(p.kind)
    return record.trap_reason(p, trap_id) if record.trap_reason is not None else trap_words(trap_id)


def trap_words(trap_id: str) -> str:
    """A trap for a teacher, from its record: ``"counts a spinner whose sides are both covered"`` (an id the
    registry does not know is said as its words)."""
    found = find_trap(trap_id)
    return found.words if found is not None else trap_id.replace("-", " ")


def mistake_name(key: str | None) -> str:
    """A named mistake for a teacher: a trap's from its record (:attr:`~puzzles.registry.Trap.mistake`), any
    other from :mod:`trainer.words.mistakes` (``""`` for a right answer)."""
    found = find_trap(key)
    return found.mistake if found is not None else other_mistake_name(key)


@dataclass(frozen=True)
class Diagnosis:
    """A wrong answer explained: the traps it shows and the words that say why."""

    traps: tuple[str, ...]
    reasons: tuple[str, ...]
    """Why, one sentence per trap (the first is never cut from feedback)."""


def diagnose(p: Puzzle, response: Any) -> Diagnosis | None:
    """The traps that explain a wrong ``response`` and why; None when no trap explains it."""
    found = explaining(p, response)
    if not found:
        return None
    return Diagnosis(found, tuple(dict.fromkeys(reason(p, t) for t in found)))


__all__ = [
    "COUNTED_COVERED", "COUNTING", "COVERED_SPINNER", "DOUBLE_ONCE", "MISSED_COMBINATION", "MISSED_LOWERING",
    "ROUNDING", "ROUND_1", "ROUND_2", "ROUND_3", "ROUND_4", "SPINNER_ONCE", "SPOTTING", "TRAPS", "TRAP_STAGES",
    "Diagnosis", "Scene", "Trap", "TrapFamily", "TrapId", "diagnose", "drill_kind", "explaining", "exposed",
    "find_trap",
    "is_combination", "is_lowering", "mastery_traps", "mistake_name", "misconceived", "reason", "trap", "trap_words",
]
