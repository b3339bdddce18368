"""Traps: the misconceptions a puzzle can expose, what a child who holds one answers, and why it is wrong.

A trap is a named misconception with a *model*: the answer a child who holds it gives. A puzzle
exposes a trap exactly when that answer is wrong, so :attr:`Puzzle.traps` is never a guess about
the layout — it is measured. The same models diagnose wrong answers (:func:`diagnose`): a wrong
answer is filed under every trap whose answer it is, and under none when no model gives it.

>>> from puzzles import generate
>>> p = generate("hand-rounding", stage="muggins", level=1, seed=3)
>>> all(misconceived(p, t) != p.answer for t in p.traps)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from puzzles.registry import UnknownKind, all_kinds, kind
from trainer.rules import Layout, Play, play_points
from trainer.words import _
from trainer.words.mistakes import TRAP_WORDS, trap_words  # noqa: F401  (kept here for importers)
from trainer.words.plays import play_words
from trainer.words.rounding import rounding_reason  # noqa: F401  (kept here for importers)

if TYPE_CHECKING:
    from puzzles.puzzle import Puzzle

COUNTING = ("spinner-once", "double-once", "covered-spinner", "counted-covered")
ROUNDING = ("round-1", "round-2", "round-3", "round-4")
SPOTTING = ("missed-combination", "missed-lowering")
TRAPS: tuple[str, ...] = COUNTING + ROUNDING + SPOTTING
"""Every modelled trap, in the order a puzzle lists them."""

SPINNER_STAGES = ("all-fives", "five-up")
ALL_STAGES = ("muggins", "all-fives", "five-up")
TRAP_STAGES = {
    "spinner-once": SPINNER_STAGES, "covered-spinner": SPINNER_STAGES,
    "double-once": ("muggins", "all-fives"),  # in Five-Up every double spins
    "counted-covered": ALL_STAGES, **{t: ALL_STAGES for t in ROUNDING + SPOTTING},
}
"""The stages where a trap can happen at all."""

def mastery_traps(kind_id: str, stage: str) -> tuple[str, ...]:
    """The traps a kind must have met, and answered right, before it is Mastered at ``stage``."""
    try:
        record = kind(kind_id)
    except UnknownKind:
        return ()
    return tuple(t for t in record.mastery_traps if stage in TRAP_STAGES[t])


def drill_kind(trap: str) -> str | None:
    """The kind whose puzzles are the number drill one step down for ``trap`` (nearest five for
    rounding, adding the ends for counting)."""
    return next((k.id for k in all_kinds() if trap in k.drills), None)


def is_combination(after: Layout) -> bool:
    """A score with no 5 and no 0 end: the ends add up to a multiple of five, like 4 + 6."""
    return bool(play_points(after.total)) and all(e.number not in (0, 5) for e in after.open_ends)


def is_lowering(before: Layout, after: Layout) -> bool:
    """A score made by making the total smaller, e.g. by covering a double."""
    return bool(play_points(after.total)) and after.total < before.total




# ----- the models -----


def _before(after: Layout) -> Layout:
    return Layout.from_record(after.plays[:-1], variant=after.variant)


def counted_total(lay: Layout, trap: str, before: Layout | None = None) -> int:
    """The open-end total a child who holds ``trap`` counts on ``lay`` (``before``: the layout
    before its last play, for ``counted-covered``)."""
    total = lay.total
    ends = lay.open_ends
    if trap in ("spinner-once", "double-once"):
        spin = trap == "spinner-once"
        return total - sum(e.number for e in ends if e.kind == "double" and lay.is_spinner(e.tile) == spin)
    if trap == "covered-spinner":
        free = {e.tile for e in ends if e.kind == "double"}
        return total + sum(s.pips for s in lay.spinners if s not in free)
    if trap == "counted-covered" and len(lay) > 1:
        before = before if before is not None else _before(lay)
        placed = lay.placements[-1].tile
        return before.total + sum(e.value for e in ends if e.tile == placed)
    return total


def rounded_by(pips: int, trap: str) -> int:
    """How a child who holds a rounding trap rounds ``pips`` (``round-2``: 2 past a five goes up)."""
    rem = pips % 5
    down = pips - rem
    if trap in ROUNDING and rem == int(trap[-1]):
        return down + 5 if rem in (1, 2) else down
    return down + 5 if rem in (3, 4) else down


def believed_points(before: Layout, after: Layout, trap: str) -> int:
    """The points a child who holds ``trap`` thinks a play scores."""
    if trap == "missed-combination":
        return 0 if is_combination(after) else play_points(after.total)
    if trap == "missed-lowering":
        return 0 if is_lowering(before, after) else play_points(after.total)
    return play_points(counted_total(after, trap, before))


# ----- why, in a child's words (each at most 15 words) -----


def counting_reason(after: Layout, trap: str) -> str:
    """Why a counting trap is wrong on ``after`` (the layout whose ends the child counted)."""
    if trap == "counted-covered":
        last = after.placements[-1]
        return _("The {number} of {tile} is covered now: it adds nothing.").format(
            number=last.number, tile=after.tiles[last.target])
    if trap == "covered-spinner":
        free = {e.tile for e in after.open_ends if e.kind == "double"}
        s = next((s for s in after.spinners if s not in free), None)
        if s is None:
            return _("A covered spinner counts 0.")
        return _("The spinner {tile} has both sides covered: it counts 0.").format(tile=s)
    spin = trap == "spinner-once"
    d = next((e for e in after.open_ends if e.kind == "double" and after.is_spinner(e.tile) == spin), None)
    if d is None:
        return _("A double with a free side counts both halves.")
    if spin:
        return _("The spinner {tile} has a free side: it counts both halves, {value}.").format(
            tile=d.tile, value=d.value)
    return _("{tile} has a free side: it counts both halves, {value}.").format(tile=d.tile, value=d.value)


def spotting_reason(before: Layout, play: Play, trap: str) -> str:
    """Why a play that scores without a 5, or by lowering the total, was missed."""
    after = before.play(play)
    if trap == "missed-lowering":
        return _("{play} makes the total smaller, {before} → {after}: it scores.").format(
            play=play_words(play), before=before.total, after=after.total)
    return _("No 5 needed: {working} scores.").format(working=after.working)


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


def misconceived(p: Puzzle, trap: str) -> Any:
    """The answer a child who holds ``trap`` gives to ``p`` (in the shape the page sends), or None
    when the trap plays no part in this kind."""
    record = kind(p.kind)
    if record.misconceive is None or trap not in record.mastery_traps:
        return None
    return record.misconceive(p, trap)


def reason(p: Puzzle, trap: str) -> str:
    """What a child who fell into ``trap`` on ``p`` needs to hear, in one short sentence."""
    record = kind(p.kind)
    return record.trap_reason(p, trap) if record.trap_reason is not None else trap_words(trap)


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
