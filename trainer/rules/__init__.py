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
    EventKind,
    Muggins,
    Pass,
    parse_action,
)
from trainer.rules.errors import IllegalPlay
from trainer.rules.game import Game
from trainer.rules.hand import HandState, PlayerView
from trainer.rules.layout import EndKind, Layout, OpenEnd, Placement, Play, end_letters, first_free_letter
from trainer.rules.options import GameEnd, Lead, LeadAfterBlock, MugginsCall, MugginsCaller, Settlement, Unit
from trainer.rules.reasons import Reason, say
from trainer.rules.ruleset import PRESETS, RuleSet
from trainer.rules.scoring import is_scoring_total, play_points, round_to_five
from trainer.rules.settlement import Ending, HandResult, settle
from trainer.rules.tiles import TILES, Tile, TileLike, heaviest, parse_tiles
from trainer.rules.turns import Phase, lead_by_lot
from trainer.rules.variants import Variant

__all__ = [
    "DRAW", "LET_GO", "MUGGINS", "PASS", "PRESETS", "TILES", "Action", "Claim", "Draw", "EndKind", "Ending", "Event",
    "EventKind",
    "Game",
    "GameEnd", "HandResult", "HandState", "IllegalPlay", "Layout", "Lead", "LeadAfterBlock", "Muggins",
    "MugginsCall", "MugginsCaller", "OpenEnd", "Pass", "Phase", "Placement", "Play", "PlayerView", "Reason", "RuleSet",
    "Settlement", "Tile", "TileLike", "Unit", "Variant", "end_letters", "first_free_letter", "heaviest",
    "is_scoring_total", "lead_by_lot",
    "parse_action", "parse_tiles", "play_points", "round_to_five", "say", "settle",
]
