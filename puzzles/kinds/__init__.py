"""The kinds of puzzle, one module each; importing this package registers them all.

Each module makes its kind from a real position, judges answers, says the answer in words and
registers one :class:`puzzles.registry.Kind` record at its bottom. Every answer comes from the
engine (``Layout.total``, ``open_ends``, ``legal_plays``, ``round_to_five``); the mistake models
only change which ends are counted, to name the mistakes children really make.

To add a kind: copy a module, give its record the next ``number``, and import it below.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puzzles.kinds import (  # noqa: F401  (importing a kind's module registers it)
    best_play,
    counted_ends,
    hand_rounding,
    make_five,
    nearest_five,
    open_total,
    play_score,
)
from puzzles.kinds.counted_ends import blank
from puzzles.kinds.making import mistaken_totals
from puzzles.puzzle import Puzzle, Verdict
from puzzles.registry import all_kinds, kind
from puzzles.traps import is_combination, is_lowering
from trainer.words import Said

KINDS: tuple[str, ...] = tuple(k.id for k in all_kinds())
"""Every kind of puzzle, in code order (codes depend on it: new kinds go at the end)."""
CORE_KINDS: tuple[str, ...] = tuple(k.id for k in all_kinds() if k.core)
"""The kinds every stage must master."""
KIND_TITLES: Mapping[str, str] = Said({k.id: k.title for k in all_kinds()})
"""Each kind's title, by id (said in the reader's language)."""
SHORT_TITLES: Mapping[str, str] = Said({k.id: k.short_title for k in all_kinds()})
"""Each kind's column heading, by id (said in the reader's language)."""
MAKERS = {k.id: k.maker for k in all_kinds()}
"""Every kind's maker, in code order."""
MIX_ORDER: tuple[str, ...] = (
    open_total.OPEN_TOTAL.id, best_play.BEST_PLAY.id, hand_rounding.HAND_ROUNDING.id, nearest_five.NEAREST_FIVE.id,
    open_total.OPEN_TOTAL.id, best_play.BEST_PLAY.id, hand_rounding.HAND_ROUNDING.id, make_five.MAKE_FIVE.id,
    play_score.PLAY_SCORE.id, counted_ends.COUNTED_ENDS.id,
)
"""A mixed worksheet's kinds, over and over: like the coach's, the core kinds most often."""


def judge(p: Puzzle, response: Any) -> Verdict:
    """Judge a response with the puzzle's kind (as :meth:`Puzzle.check` does, without its guard)."""
    return kind(p.kind).judge(p, response)


__all__ = ["CORE_KINDS", "KINDS", "KIND_TITLES", "MAKERS", "MIX_ORDER", "SHORT_TITLES", "blank", "is_combination",
           "is_lowering", "judge", "mistaken_totals"]
