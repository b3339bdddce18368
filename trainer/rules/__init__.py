"""The shared rules engine of the Fives family: Muggins, All Fives and Five-Up.

>>> from trainer.rules import Layout, round_to_five
>>> lay = Layout.from_record("1-4 1-1>1-4 4-4>1-4 3-4>4-4 1-2>1-1", variant="all-fives")
>>> lay.total, lay.working
(5, '3 + 2 = 5')
>>> round_to_five(13)
15
"""

from trainer.rules.actions import (
    DRAW,
    LET_GO,
    MUGGINS,
    PASS,
    Action,
    Claim,
    Draw,
    Event,
    Muggins,
    Pass,
    parse_action,
)
from trainer.rules.errors import IllegalPlay
from trainer.rules.game import Game
from trainer.rules.hand import HandState, PlayerView, lead_by_lot
from trainer.rules.layout import Layout, OpenEnd, Placement, Play
from trainer.rules.ruleset import PRESETS, RuleSet
from trainer.rules.scoring import is_scoring_total, play_points, round_to_five
from trainer.rules.settlement import HandResult, settle
from trainer.rules.tiles import TILES, Tile, TileLike, heaviest, parse_tiles
from trainer.rules.variants import Variant

__all__ = [
    "DRAW", "LET_GO", "MUGGINS", "PASS", "PRESETS", "TILES", "Action", "Claim", "Draw", "Event", "Game", "HandResult",
    "HandState", "IllegalPlay", "Layout", "Muggins", "OpenEnd", "Pass", "Placement", "Play", "PlayerView",
    "RuleSet", "Tile", "TileLike", "Variant", "heaviest", "is_scoring_total", "lead_by_lot", "parse_action",
    "parse_tiles", "play_points", "round_to_five", "settle",
]
