"""The rounding traps: 1 or 2 past a five rounded up, 3 or 4 past a five rounded down. One
:class:`Trap` record each, with its model (how such a child rounds), its reason and its contrast pair
(two numbers on the number line, the same distance either side of a five)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzles.pair import Contrast, Side
from puzzles.registry import Misbelief, Scene, Trap, TrapFamily, TrapId, register_trap
from puzzles.stages import Stage
from trainer.rules import round_to_five
from trainer.words import N_, _
from trainer.words.rounding import rounding_reason
from trainer.words.traps import you_rounded

if TYPE_CHECKING:
    from puzzles.puzzle import Puzzle

ALL_STAGES = tuple(Stage)


@dataclass(frozen=True)
class RoundsWrong(Misbelief):
    """Rounds a number ``past`` (1 to 4) past a five the wrong way: 1 and 2 up, 3 and 4 down."""

    past: int

    def rounded(self, pips: int) -> int:
        rem = pips % 5
        if rem != self.past:
            return super().rounded(pips)
        down = pips - rem
        return down + 5 if rem in (1, 2) else down


def _reason(scene: Scene) -> str:
    return rounding_reason(scene.number)


def _pair(p: Puzzle, record: Trap) -> Contrast:
    """Two numbers as far past a five as the trap's and as far before the next: one rounds down, one up."""
    model = record.model
    assert isinstance(model, RoundsWrong)
    past = model.past
    n = p.answer["pips"] if isinstance(p.answer, dict) else (p.number or 0)
    down = n - n % 5
    a, b = down + past, down + 5 - past
    left = Side(_("{n} rounds to {rounded}").format(n=a, rounded=round_to_five(a)), number=a,
                total=round_to_five(a))
    right = Side(_("{n} rounds to {rounded}").format(n=b, rounded=round_to_five(b)), number=b,
                 total=round_to_five(b))
    if past in (1, 2):
        why = _("{n} is {away} from a five: it goes down. 1 and 2 past a five go down; 3 and 4 go up.")
    else:
        why = _("{n} is {away} from a five: it goes up. 1 and 2 past a five go down; 3 and 4 go up.")
    return Contrast(record.id, left, right, why.format(n=a, away=min(past, 5 - past)),
                    you=you_rounded(a, model.rounded(a), round_to_five(a)))


_WORDS = {
    1: (N_("rounded 1 past a five up"), N_("rounds 1 past a five up (11 → 15)"),
        N_("You rounded 1 past a five up: 1 and 2 past a five go down.")),
    2: (N_("rounded 2 past a five up"), N_("rounds 2 past a five up (12 → 15)"),
        N_("You rounded 2 past a five up: 1 and 2 past a five go down.")),
    3: (N_("rounded 3 past a five down"), N_("rounds 3 past a five down (13 → 10)"),
        N_("You rounded 3 past a five down: 3 and 4 past a five go up.")),
    4: (N_("rounded 4 past a five down"), N_("rounds 4 past a five down (14 → 10)"),
        N_("You rounded 4 past a five down: 3 and 4 past a five go up.")),
}
"""Each rounding trap's words: its name for a teacher's report, what it is, and what the child did."""


def _rounding_trap(past: int) -> Trap:
    """Rounding a number ``past`` past a five the wrong way (``round-1`` … ``round-4``), registered."""
    named, summary, said_to_child = _WORDS[past]
    return register_trap(Trap(
        id=TrapId(f"round-{past}"), family=TrapFamily.ROUNDING, stages=ALL_STAGES, model=RoundsWrong(past=past),
        reason=_reason, contrast=_pair, drill_kind="nearest-five", named=named, summary=summary,
        said_to_child=said_to_child, facts=("near",),  # the remainder is the nearest five
    ))


ROUND_1, ROUND_2, ROUND_3, ROUND_4 = (_rounding_trap(past) for past in (1, 2, 3, 4))
