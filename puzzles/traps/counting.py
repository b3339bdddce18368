"""The counting traps: a double with a free side counted once (an arm's double, or the spinner), a
spinner with both sides covered still counted, a covered end still counted. One :class:`Trap` record
each, with its model (the total such a child counts), its reason and its contrast pair."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzles.contrast import layout_of, lead_double, side_of, without
from puzzles.pair import Contrast
from puzzles.registry import Misbelief, Scene, Trap, TrapFamily, TrapId, register_trap
from puzzles.stages import Stage
from trainer.rules import EndKind, Layout, OpenEnd
from trainer.words import N_, _
from trainer.words import traps as reasons

if TYPE_CHECKING:
    from puzzles.puzzle import Puzzle

SPINNER_STAGES = (Stage.ALL_FIVES, Stage.FIVE_UP)
"""The stages with a spinner."""
ALL_STAGES = tuple(Stage)
ADDING = ("add",)
"""The Sprint's fact kind under every counting trap: counting the ends is adding them."""


def _before(after: Layout) -> Layout:
    return Layout.from_record(after.plays[:-1], variant=after.variant)


def _free_double(lay: Layout, spinner: bool) -> OpenEnd | None:
    """The first double at an open end with a free side: a spinner's, or an arm's."""
    return next((e for e in lay.open_ends if e.kind == EndKind.DOUBLE and lay.is_spinner(e.tile) == spinner), None)


# ----- a double with a free side counted once -----


@dataclass(frozen=True)
class HalfADouble(Misbelief):
    """Counts a double with a free side as one half (5-5 as 5): the spinner's (``spinner``), or an arm's."""

    spinner: bool

    def total(self, lay: Layout, before: Layout | None = None) -> int:
        ends = lay.open_ends
        return lay.total - sum(e.number for e in ends
                               if e.kind == EndKind.DOUBLE and lay.is_spinner(e.tile) == self.spinner)


def _half_a_double_reason(after: Layout, spinner: bool) -> str:
    d = _free_double(after, spinner)
    return reasons.half_a_double(str(d.tile) if d is not None else None, d.value if d is not None else 0,
                                 spinner=spinner)


def _half_a_double_pair(p: Puzzle, record: Trap) -> Contrast | None:
    model = record.model
    assert isinstance(model, HalfADouble)
    lay = layout_of(p, record)
    d = _free_double(lay, model.spinner)
    if d is None:
        return None
    place = next(pl for pl in lay.placements if pl.tile == d.tile)
    if not place.index:  # the lead: beside it, the same double with its sides covered
        return lead_double(lay, d, record.id)
    before = without(lay, place.index)
    return Contrast(record.id, side_of(before, _("Before {tile}: the end counts {number}").format(
                        tile=d.tile, number=d.number), ()),
                    side_of(lay, _("{tile} counts both halves: {value}").format(tile=d.tile, value=d.value),
                            (d.id,)),
                    _("A double with a free side counts both halves: {tile} counts {value}, not {number}.")
                    .format(tile=d.tile, value=d.value, number=d.number), str(d.tile),
                    reasons.you_counted_half(str(d.tile), d.number, d.value, spinner=model.spinner))


def _spinner_once_reason(scene: Scene) -> str:
    return _half_a_double_reason(scene.after, True)


def _double_once_reason(scene: Scene) -> str:
    return _half_a_double_reason(scene.after, False)


SPINNER_ONCE = register_trap(Trap(
    id=TrapId("spinner-once"), family=TrapFamily.COUNTING, stages=SPINNER_STAGES, model=HalfADouble(spinner=True),
    reason=_spinner_once_reason, contrast=_half_a_double_pair, drill_kind="open-total",
    named=N_("counted a spinner with a free side once"),
    summary=N_("counts a spinner with a free side once (5-5 as 5)"),
    said_to_child=N_("You counted a spinner with a free side once: it counts both halves."), facts=ADDING,
))
DOUBLE_ONCE = register_trap(Trap(
    id=TrapId("double-once"), family=TrapFamily.COUNTING,
    stages=(Stage.MUGGINS, Stage.ALL_FIVES),  # in Five-Up every double spins
    model=HalfADouble(spinner=False), reason=_double_once_reason, contrast=_half_a_double_pair,
    drill_kind="open-total", named=N_("counted a double at an arm end once"),
    summary=N_("counts a double at an arm end once (4-4 as 4)"),
    said_to_child=N_("You counted a double with a free side once: it counts both halves."), facts=ADDING,
))


# ----- a spinner with both sides covered still counted -----


@dataclass(frozen=True)
class CoveredSpinner(Misbelief):
    """Counts a spinner whose sides are both covered (its pips) as if it were still open."""

    def total(self, lay: Layout, before: Layout | None = None) -> int:
        free = {e.tile for e in lay.open_ends if e.kind == EndKind.DOUBLE}
        return lay.total + sum(s.pips for s in lay.spinners if s not in free)


def _covered_spinner_reason(scene: Scene) -> str:
    after = scene.after
    free = {e.tile for e in after.open_ends if e.kind == EndKind.DOUBLE}
    s = next((s for s in after.spinners if s not in free), None)
    return reasons.covered_spinner(str(s) if s is not None else None)


def _covered_spinner_pair(p: Puzzle, record: Trap) -> Contrast | None:
    lay = layout_of(p, record)
    free = {e.tile for e in lay.open_ends if e.kind == EndKind.DOUBLE}
    spin = next((s for s in lay.spinners if s not in free), None)
    sides = [pl for pl in lay.placements if spin is not None and pl.target >= 0
             and lay.tiles[pl.target] == spin and pl.via == "side"]
    if spin is None or not sides:
        return None
    open_ = without(lay, sides[-1].index)
    return Contrast(record.id, side_of(open_, _("One side free: {tile} counts {pips}").format(
        tile=spin, pips=spin.pips)),
                    side_of(lay, _("Both sides covered: {tile} counts 0").format(tile=spin)),
                    _("Once both sides of the spinner {tile} are covered, it counts nothing.").format(
                        tile=spin),
                    str(spin), reasons.you_counted_covered_spinner(str(spin), spin.pips))


COVERED_SPINNER = register_trap(Trap(
    id=TrapId("covered-spinner"), family=TrapFamily.COUNTING, stages=SPINNER_STAGES, model=CoveredSpinner(),
    reason=_covered_spinner_reason, contrast=_covered_spinner_pair, drill_kind="open-total",
    named=N_("counted a covered spinner"), summary=N_("counts a spinner whose sides are both covered"),
    said_to_child=N_("You counted a spinner whose sides are both covered: it counts 0."), facts=ADDING,
))


# ----- a covered end still counted -----


@dataclass(frozen=True)
class CoveredEnd(Misbelief):
    """Keeps counting the end the last tile was played on (``before``: the layout before that play)."""

    def total(self, lay: Layout, before: Layout | None = None) -> int:
        if len(lay) <= 1:
            return lay.total
        before = before if before is not None else _before(lay)
        placed = lay.placements[-1].tile
        return before.total + sum(e.value for e in lay.open_ends if e.tile == placed)


def _covered_end_reason(scene: Scene) -> str:
    after = scene.after
    last = after.placements[-1]
    return reasons.covered_end(last.number, str(after.tiles[last.target]))


def _covered_end_pair(p: Puzzle, record: Trap) -> Contrast | None:
    lay = layout_of(p, record)
    if len(lay) <= 1:
        return None
    last = lay.placements[-1]
    before = without(lay, last.index)
    target = lay.tiles[last.target]
    return Contrast(record.id, side_of(before, _("Before: the {number} on {tile} counts").format(
                        number=last.number, tile=target)),
                    side_of(lay, _("After {tile}: it is covered, it adds nothing").format(tile=last.tile)),
                    _("When {tile} is set on the {number} of {target}, that {number} stops counting.").format(
                        tile=last.tile, number=last.number, target=target), str(last.tile),
                    reasons.you_counted_covered(last.number, str(target), str(last.tile), double=target.is_double))


COUNTED_COVERED = register_trap(Trap(
    id=TrapId("counted-covered"), family=TrapFamily.COUNTING, stages=ALL_STAGES, model=CoveredEnd(),
    reason=_covered_end_reason, contrast=_covered_end_pair, drill_kind="counted-ends",
    named=N_("counted a covered end"), summary=N_("keeps counting the end a tile was played on"),
    said_to_child=N_("You counted an end a tile covers now: it adds nothing."), facts=ADDING,
))

