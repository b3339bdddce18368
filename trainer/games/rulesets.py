"""Which rule set a game's id names, for every game of the app (Play a hand's and a table's): one place.

A game's id is a stage (``"muggins"``, ``"all-fives"``, ``"five-up"``: the learning rules) or a preset of
docs/rules.md as ``"preset:<id>"`` (a bare preset id that is not a stage works too).
"""

from __future__ import annotations

from puzzles import STAGES
from trainer.rules import PRESETS, RuleSet
from trainer.words import _


def base_rules(game: str) -> RuleSet:
    """The rule set ``game`` names, before the table's own options (partners, the muggins call);
    ``ValueError``, in a child's words, for a game we do not know.

    >>> base_rules("all-fives").variant == base_rules("preset:all-fives").variant
    True
    """
    if game in STAGES:
        return RuleSet.trainer(game)
    preset = game.removeprefix("preset:")
    if preset in PRESETS:
        return PRESETS[preset]
    raise ValueError(_("'{game}' is not a game we know.").format(game=game))


__all__ = ["base_rules"]
