"""The spotting traps: a play that scores without a 5 on any end (4 + 6) missed, and a play that
scores by making the total smaller missed. One :class:`Trap` record each, with its model (the points
such a child thinks a play scores), its reason and its contrast pair (before and after the play)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzles.contrast import asked_play, side_of
from puzzles.pair import Contrast
from puzzles.registry import Misbelief, Scene, Trap, TrapFamily, TrapId, register_trap
from puzzles.stages import Stage
from trainer.rules import Layout, play_points
from trainer.words import N_, _
from trainer.words import traps as reasons
from trainer.words.plays import play_words

if TYPE_CHECKING:
    from puzzles.puzzle import Puzzle

ALL_STAGES = tuple(Stage)


def is_combination(after: Layout) -> bool:
    """A score with no 5 and no 0 end: the ends add up to a multiple of five, like 4 + 6."""
    return bool(play_points(after.total)) and all(e.number not in (0, 5) for e in after.open_ends)


def is_lowering(before: Layout, after: Layout) -> bool:
    """A score made by making the total smaller, e.g. by covering a double."""
    return bool(play_points(after.total)) and after.total < before.total


@dataclass(frozen=True)
class MissesScore(Misbelief):
    """Sees no score in a play that makes the total smaller (``lowering``), or in one whose ends make a
    five without a 5 on any of them."""

    lowering: bool

    def misses(self, before: Layout, after: Layout) -> bool:
        """Whether the play from ``before`` to ``after`` is one this child does not see scoring."""
        return is_lowering(before, after) if self.lowering else is_combination(after)

    def points(self, before: Layout, after: Layout) -> int:
        return 0 if self.misses(before, after) else play_points(after.total)


def _lowering_reason(scene: Scene) -> str:
    assert scene.before is not None and scene.play is not None
    return reasons.made_smaller(play_words(scene.play), scene.before.total, scene.after.total)


def _combination_reason(scene: Scene) -> str:
    return reasons.five_without_a_five(scene.after.working)


def _pair(p: Puzzle, record: Trap) -> Contrast:
    """The layout before and after the play asked about (or the best play)."""
    model = record.model
    assert isinstance(model, MissesScore)
    before = p.board
    token = asked_play(p)
    if token is None:
        return Contrast(record.id, side_of(before, _("Now")), side_of(before, _("Now")), _("Try every play."),
                        you=record.you_did)
    after = before.play(token)
    what = (_("{play} makes the total smaller, and it scores.").format(play=play_words(token))
            if model.lowering else
            _("No 5 on any end, but {working} scores.").format(working=after.working))
    you = (reasons.you_missed_lowering(play_words(token), before.total, after.total) if model.lowering else
           reasons.you_missed_combination(play_words(token), after.working))
    return Contrast(record.id, side_of(before, _("Before: {total}").format(total=before.total)),
                    side_of(after, _("After: {total}").format(total=after.total)), what,
                    str(token.tile), you)


MISSED_COMBINATION = register_trap(Trap(
    id=TrapId("missed-combination"), family=TrapFamily.SPOTTING, stages=ALL_STAGES, model=MissesScore(lowering=False),
    reason=_combination_reason, contrast=_pair, drill_kind="play-score",
    named=N_("missed a play that makes a five with the other ends"),
    summary=N_("misses a five made without a 5 (4 + 6)"),
    said_to_child=N_("You missed a play that scores with no 5 on any end, like 4 + 6."), facts=("make10",),
))
MISSED_LOWERING = register_trap(Trap(
    id=TrapId("missed-lowering"), family=TrapFamily.SPOTTING, stages=ALL_STAGES, model=MissesScore(lowering=True),
    reason=_lowering_reason, contrast=_pair, drill_kind="play-score",
    named=N_("missed a play that lowers the total to a five"),
    summary=N_("misses a play that scores by making the total smaller"),
    said_to_child=N_("You missed a play that scores by making the total smaller."), facts=("is5",),
))
