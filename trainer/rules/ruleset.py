"""Rule options and the named presets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from trainer.rules.errors import IllegalPlay
from trainer.rules.options import Lead, LeadAfterBlock, MugginsCall, MugginsCaller, Settlement, Unit
from trainer.rules.reasons import Reason
from trainer.rules.scoring import play_points
from trainer.rules.variants import Variant

UNITS = tuple(u.value for u in Unit)
SETTLEMENTS = tuple(s.value for s in Settlement)
LEADS = tuple(x.value for x in Lead)
MUGGINS_CALLS = tuple(c.value for c in MugginsCall)
LEADS_AFTER_BLOCK = tuple(x.value for x in LeadAfterBlock)
MUGGINS_CALLERS = tuple(c.value for c in MugginsCaller)


def _per_count(value: Any, name: str) -> tuple[int, int, int]:
    """Normalise a per-player-count option to (2 players, 3 players, 4 players)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return (value, value, value)
    if isinstance(value, Mapping):
        try:
            return (int(value[2]), int(value[3]), int(value[4]))
        except (KeyError, TypeError, ValueError):
            raise IllegalPlay.because(Reason.PER_COUNT_MAPPING, name=name) from None
    try:
        items = tuple(int(v) for v in value)
    except (TypeError, ValueError):
        raise IllegalPlay.because(Reason.PER_COUNT, name=name) from None
    if len(items) != 3:
        raise IllegalPlay.because(Reason.PER_COUNT_THREE, name=name)
    return items  # type: ignore[return-value]


@dataclass(frozen=True)
class RuleSet:
    """Every rule option. Build one with keywords, or start from :data:`PRESETS`.

    >>> RuleSet(variant="muggins").hand_size_for(2)
    7
    """

    variant: Variant = Variant.FIVE_UP
    """Which doubles spin."""
    hand_size: tuple[int, int, int] = (7, 5, 5)
    """Tiles dealt to each player with 2, 3 and 4 players."""
    teams: bool = True
    """With four players, seats 0+2 and 1+3 play as partners."""
    lead: Lead = Lead.LOT
    """A :class:`Lead` (or its word): ``"lot"``, first hand by lot, then the last dominoer (by lot
    after a block); ``"highest-double"``, the holder of the highest double leads with it;
    ``"rotate"``, first hand by lot, then the lead passes to the next seat every hand."""
    scoring_lead: bool = False
    """The lead must be a double or a tile that scores by itself (0-5, 1-4, 2-3, 4-6, 5-5); a player
    without one passes the lead to the next player."""
    chain: bool = False
    """A player who scores, or plays a double, plays again at once while a tile fits; a play that
    neither scores nor is a double ends the turn."""
    seats: tuple[int, ...] = (2, 3, 4)
    """The numbers of players the rule set is for."""
    lead_after_block: LeadAfterBlock = LeadAfterBlock.LOT
    """A :class:`LeadAfterBlock` (or its word): who leads after a blocked hand (with ``lead="lot"``):
    ``"lot"``, a fresh draw; ``"winner"``,
    the blocked hand's winner (the draw only after a tie)."""
    voluntary_draw: bool = False
    """Whether a player may draw while holding a playable tile."""
    boneyard_reserve: int = 0
    """How many tiles at the bottom of the boneyard can never be drawn (0, 1 or 2)."""
    unit: Unit = Unit.POINTS
    """A :class:`Unit` (or its word): ``"pips"`` (a total of 15 scores 15) or ``"points"`` (15 scores 3)."""
    settlement: Settlement = Settlement.WINNER_TAKES_OPPONENTS
    """A :class:`Settlement` (or its word): how the tiles left in hands are scored when a hand ends."""
    muggins_call: MugginsCall = MugginsCall.OFF
    """A :class:`MugginsCall` (or its word): ``"off"``; ``"lose"``, unclaimed or wrongly claimed
    points are lost; ``"strict"``, the opponents take them."""
    muggins_caller: MugginsCaller = MugginsCaller.NEXT
    """A :class:`MugginsCaller` (or its word): under the strict muggins call, who may call "Muggins!"
    on a missed score: ``"next"``, the next player; ``"any"``, every opponent in turn until one calls."""
    round_each_player: bool = False
    """With ``each-subtracts-own`` and partners, each player's own tiles are rounded (and the team
    subtracts the sum), rather than the team's total."""
    target: tuple[int, int, int] = (61, 61, 61)
    """Score that ends the game, for 2, 3 and 4 players (in :attr:`unit`)."""
    exact_target: bool = False
    """Whether the target must be hit exactly (an overshooting score counts nothing)."""
    name: str = field(default="custom", compare=False)
    """Preset id, or ``"custom"``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "variant", Variant.parse(self.variant))
        object.__setattr__(self, "hand_size", _per_count(self.hand_size, "Hand size"))
        object.__setattr__(self, "target", _per_count(self.target, "The target"))
        object.__setattr__(self, "seats", tuple(self.seats))
        for n, size in zip((2, 3, 4), self.hand_size):
            if size < 1 or n * size > 28 - self.boneyard_reserve:
                raise IllegalPlay.because(Reason.TOO_MANY_TILES, players=n, size=size)
        if any(t < 1 for t in self.target):
            raise IllegalPlay.because(Reason.TARGET_POSITIVE)
        for name, choices in _WORD_OPTIONS:  # the words (the old way to say them) become their enums
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, choices(value))
            except ValueError:
                allowed = ", ".join(c.value for c in choices)
                raise IllegalPlay.because(Reason.NOT_A_CHOICE, shown=f"'{value}'", name=name, allowed=allowed) from None
        if self.boneyard_reserve not in (0, 1, 2):
            raise IllegalPlay.because(Reason.RESERVE)
        if not self.seats or any(n not in (2, 3, 4) for n in self.seats):
            raise IllegalPlay.because(Reason.RULESET_PLAYERS)
        for flag in ("teams", "voluntary_draw", "exact_target", "round_each_player", "scoring_lead", "chain"):
            if not isinstance(getattr(self, flag), bool):
                raise IllegalPlay.because(Reason.YES_OR_NO, name=flag)

    def hand_size_for(self, players: int) -> int:
        """Tiles dealt to each of ``players`` players."""
        self.check_players(players)
        return self.hand_size[_seat_index(players)]

    def check_players(self, players: int) -> None:
        """:class:`IllegalPlay` unless the rule set is for ``players`` players."""
        if players not in self.seats:
            only = " or ".join(str(n) for n in self.seats)
            raise IllegalPlay.because(Reason.ONLY_FOR, only=only)

    def target_for(self, players: int) -> int:
        """The game's target for ``players`` players."""
        return self.target[_seat_index(players)]

    def uses_teams(self, players: int) -> bool:
        """Whether partners score together at this table."""
        return self.teams and players == 4

    def points(self, total: int) -> int:
        """What an open-end total scores in this rule set's unit (0 unless a positive multiple of 5)."""
        return play_points(total, self.unit)

    def with_options(self, **changes: Any) -> RuleSet:
        """A copy with some options changed (validated again)."""
        return replace(self, name="custom", **changes)

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """One of :data:`PRESETS`, by id."""
        try:
            return PRESETS[name]
        except KeyError:
            raise IllegalPlay.because(Reason.NOT_A_PRESET, shown=f"'{name}'", names=", ".join(PRESETS)) from None

    @classmethod
    def trainer(cls, variant: Variant | str) -> RuleSet:
        """The learning path's friendly default for a stage: 5-tile hands (7 with two
        players), points, winner takes the opponents' tiles, game to 61."""
        v = Variant.parse(variant)
        if v not in _TRAINER:
            _TRAINER[v] = cls(variant=v, name=f"trainer-{v.value}")
        return _TRAINER[v]


_TRAINER: dict[Variant, RuleSet] = {}

_WORD_OPTIONS = (
    ("unit", Unit), ("settlement", Settlement), ("lead", Lead), ("muggins_call", MugginsCall),
    ("lead_after_block", LeadAfterBlock), ("muggins_caller", MugginsCaller),
)
"""The options whose choices are words, and the enum of each."""


def _seat_index(players: int) -> int:
    if players not in (2, 3, 4):
        raise IllegalPlay.because(Reason.PLAYERS)
    return players - 2


PRESETS: dict[str, RuleSet] = {
    "five-up-armanino": RuleSet(
        variant=Variant.FIVE_UP, hand_size=5, teams=True, unit="points", target=61,
        settlement="winner-takes-opponents", name="five-up-armanino",
    ),
    "five-up-pagat": RuleSet(
        variant=Variant.FIVE_UP, hand_size=5, teams=True, unit="points", target=61,
        settlement="each-subtracts-own", round_each_player=True, name="five-up-pagat",
    ),
    "five-up-club": RuleSet(
        variant=Variant.FIVE_UP, hand_size=5, teams=False, unit="points", target=100,
        settlement="winner-takes-all", lead_after_block="winner", name="five-up-club",
    ),
    "all-fives": RuleSet(
        variant=Variant.ALL_FIVES, hand_size=(9, 7, 5), teams=True, unit="pips",
        target=(250, 200, 200), settlement="winner-takes-opponents", name="all-fives",
    ),
    "all-fives-tidwell": RuleSet(
        variant=Variant.ALL_FIVES, hand_size=5, teams=True, unit="pips", target=150,
        settlement="winner-takes-opponents", voluntary_draw=True, muggins_call="lose",
        name="all-fives-tidwell",
    ),
    "muggins": RuleSet(
        variant=Variant.MUGGINS, hand_size=(7, 5, 5), teams=True, unit="pips",
        target=(200, 150, 150), settlement="winner-takes-opponents", muggins_call="strict",
        name="muggins",
    ),
    # the first double is the sniff: in line (004's reading, and pagat's) or crosswise (Armanino)
    "sniff": RuleSet(
        variant=Variant.SNIFF, hand_size=(7, 6, 5), teams=True, unit="pips", target=(250, 200, 200),
        settlement="winner-takes-opponents", name="sniff",
    ),
    "sniff-crosswise": RuleSet(
        variant=Variant.SNIFF_CROSSWISE, hand_size=(7, 6, 5), teams=True, unit="pips",
        target=(250, 200, 200), settlement="winner-takes-opponents", name="sniff-crosswise",
    ),
    # four players, seven tiles each: no boneyard. The write-ups leave the end-of-hand count open:
    # the winner takes the opponents' tiles, as in All Fives.
    "seven-toed-pete": RuleSet(
        variant=Variant.ALL_FIVES, hand_size=7, teams=True, unit="points", target=61,
        settlement="winner-takes-opponents", lead="rotate", scoring_lead=True, chain=True, seats=(4,),
        name="seven-toed-pete",
    ),
    "horse-race": RuleSet(
        variant=Variant.FIVE_UP, hand_size=7, teams=True, unit="points", target=61,
        settlement="winner-takes-opponents", lead="rotate", scoring_lead=True, chain=True, seats=(4,),
        name="horse-race",
    ),
    # pagat's Horse Race: 2 to 4 players with a boneyard, any lead, the lead as in Five-Up; its
    # end-of-hand count is not in the write-ups we have: the winner takes the opponents' tiles
    "horse-race-pagat": RuleSet(
        variant=Variant.FIVE_UP, hand_size=(7, 6, 5), teams=True, unit="points", target=61,
        settlement="winner-takes-opponents", chain=True, name="horse-race-pagat",
    ),
}
"""The named presets (docs/rules.md)."""
