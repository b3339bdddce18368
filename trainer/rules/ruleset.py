"""Rule options and the named presets.

A :class:`RuleSet` holds each option as its own type (a :class:`~trainer.rules.variants.Variant`,
the enums of :mod:`trainer.rules.options`, a number for each table size). :meth:`RuleSet.from_options`
is the one way to make one from the options as people write them (``unit="pips"``, ``hand_size=5``):
it turns each value into its type, or refuses it with a reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import TypeVar

from trainer.rules.errors import IllegalPlay
from trainer.rules.options import GameEnd, Lead, LeadAfterBlock, MugginsCall, MugginsCaller, Settlement, Unit
from trainer.rules.reasons import Reason
from trainer.rules.scoring import play_points
from trainer.rules.variants import Variant

PerCount = tuple[int, int, int]
"""An option with one number for each table size: (2 players, 3 players, 4 players)."""

_Choice = TypeVar("_Choice", bound=Enum)


def _per_count(value: object, name: str) -> PerCount:
    """Normalise a per-player-count option to (2 players, 3 players, 4 players)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return (value, value, value)
    if isinstance(value, Mapping):
        try:
            return (int(value[2]), int(value[3]), int(value[4]))
        except (KeyError, TypeError, ValueError):
            raise IllegalPlay.because(Reason.PER_COUNT_MAPPING, name=name) from None
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise IllegalPlay.because(Reason.PER_COUNT, name=name)
    try:
        items = [int(v) for v in value]
    except (TypeError, ValueError):
        raise IllegalPlay.because(Reason.PER_COUNT, name=name) from None
    if len(items) != 3:
        raise IllegalPlay.because(Reason.PER_COUNT_THREE, name=name)
    return (items[0], items[1], items[2])


def _choice(choices: type[_Choice], value: object, name: str) -> _Choice:
    """The member of ``choices`` a word names (a member is kept as it is)."""
    try:
        return choices(value)
    except ValueError:
        allowed = ", ".join(str(c.value) for c in choices)
        raise IllegalPlay.because(Reason.NOT_A_CHOICE, shown=f"'{value}'", name=name, allowed=allowed) from None


def _variant(value: object) -> Variant:
    return value if isinstance(value, Variant) else Variant.parse(str(value))


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise IllegalPlay.because(Reason.YES_OR_NO, name=name)
    return value


def _whole(value: object, reason: Reason) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalPlay.because(reason)
    return value


def _seats(value: object) -> tuple[int, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise IllegalPlay.because(Reason.RULESET_PLAYERS)
    return tuple(value)


@dataclass(frozen=True)
class RuleSet:
    """Every rule option, each held as its own type. Make one with :meth:`from_options` (the words
    and numbers people write), or start from :data:`PRESETS`.

    >>> RuleSet.from_options(variant="muggins", unit="pips").hand_size_for(2)
    7
    """

    variant: Variant = Variant.FIVE_UP
    """Which doubles spin."""
    hand_size: PerCount = (7, 5, 5)
    """Tiles dealt to each player with 2, 3 and 4 players."""
    teams: bool = True
    """With four players, seats 0+2 and 1+3 play as partners."""
    lead: Lead = Lead.LOT
    """A :class:`Lead`: ``"lot"``, first hand by lot, then the last dominoer (by lot after a block);
    ``"highest-double"``, the holder of the highest double leads with it; ``"rotate"``, first hand by
    lot, then the lead passes to the next seat every hand."""
    scoring_lead: bool = False
    """The lead must be a double or a tile that scores by itself (0-5, 1-4, 2-3, 4-6, 5-5); a player
    without one passes the lead to the next player."""
    chain: bool = False
    """A player who scores, or plays a double, plays again at once while a tile fits; a play that
    neither scores nor is a double ends the turn."""
    seats: tuple[int, ...] = (2, 3, 4)
    """The numbers of players the rule set is for."""
    lead_after_block: LeadAfterBlock = LeadAfterBlock.LOT
    """A :class:`LeadAfterBlock`: who leads after a blocked hand (with ``lead="lot"``): ``"lot"``, a
    fresh draw; ``"winner"``, the blocked hand's winner (the draw only after a tie)."""
    voluntary_draw: bool = False
    """Whether a player may draw while holding a playable tile."""
    boneyard_reserve: int = 0
    """How many tiles at the bottom of the boneyard can never be drawn (0, 1 or 2)."""
    unit: Unit = Unit.POINTS
    """A :class:`Unit`: ``"pips"`` (a total of 15 scores 15) or ``"points"`` (15 scores 3)."""
    settlement: Settlement = Settlement.WINNER_TAKES_OPPONENTS
    """A :class:`Settlement`: how the tiles left in hands are scored when a hand ends."""
    muggins_call: MugginsCall = MugginsCall.OFF
    """A :class:`MugginsCall`: ``"off"``; ``"lose"``, unclaimed or wrongly claimed points are lost;
    ``"strict"``, the opponents take them."""
    muggins_caller: MugginsCaller = MugginsCaller.NEXT
    """A :class:`MugginsCaller`: under the strict muggins call, who may call "Muggins!"
    on a missed score: ``"next"``, the next player; ``"any"``, every opponent in turn until one calls."""
    round_each_player: bool = False
    """With ``each-subtracts-own`` and partners, each player's own tiles are rounded (and the team
    subtracts the sum), rather than the team's total."""
    target: PerCount = (61, 61, 61)
    """Score that ends the game, for 2, 3 and 4 players (in :attr:`unit`)."""
    exact_target: bool = False
    """Whether the target must be hit exactly (an overshooting score counts nothing)."""
    game_end: GameEnd = GameEnd.FINISH_HAND
    """A :class:`GameEnd`: ``"finish-hand"``, the hand in progress is finished once a side has reached
    the target; ``"at-target"``, the game ends the moment a side reaches it and leads alone."""
    name: str = field(default="custom", compare=False)
    """Preset id, or ``"custom"``."""

    def __post_init__(self) -> None:
        """Check the options together (each is already of its type: :meth:`from_options` converts)."""
        for name, kind in _TYPES:
            if not isinstance(getattr(self, name), kind):
                raise TypeError(f"RuleSet.{name} must be a {kind.__name__}: make rule sets with RuleSet.from_options")
        for name, per_count in (("Hand size", self.hand_size), ("The target", self.target)):
            if len(per_count) != 3:
                raise IllegalPlay.because(Reason.PER_COUNT_THREE, name=name)
        for n, size in zip((2, 3, 4), self.hand_size):
            if size < 1 or n * size > 28 - self.boneyard_reserve:
                raise IllegalPlay.because(Reason.TOO_MANY_TILES, players=n, size=size)
        if any(t < 1 for t in self.target):
            raise IllegalPlay.because(Reason.TARGET_POSITIVE)
        if self.boneyard_reserve not in (0, 1, 2):
            raise IllegalPlay.because(Reason.RESERVE)
        if not self.seats or any(n not in (2, 3, 4) for n in self.seats):
            raise IllegalPlay.because(Reason.RULESET_PLAYERS)

    @classmethod
    def from_options(cls, **options: object) -> RuleSet:
        """The one way to make a rule set: each option as people write it (``unit="pips"``,
        ``hand_size=5`` or ``(7, 5, 5)`` or ``{2: 7, 3: 5, 4: 5}``, ``variant="five-up"``) or already
        of its type, the rest at their defaults. A value that is not one of an option's choices is an
        :class:`IllegalPlay` that says which; a name that is no option, a ``TypeError``."""
        unknown = sorted(set(options) - set(_DEFAULTS))
        if unknown:
            raise TypeError(f"RuleSet has no option {unknown[0]!r}")
        given = {**_DEFAULTS, **options}
        return cls(
            variant=_variant(given["variant"]),
            hand_size=_per_count(given["hand_size"], "Hand size"),
            teams=_flag(given["teams"], "teams"),
            lead=_choice(Lead, given["lead"], "lead"),
            scoring_lead=_flag(given["scoring_lead"], "scoring_lead"),
            chain=_flag(given["chain"], "chain"),
            seats=_seats(given["seats"]),
            lead_after_block=_choice(LeadAfterBlock, given["lead_after_block"], "lead_after_block"),
            voluntary_draw=_flag(given["voluntary_draw"], "voluntary_draw"),
            boneyard_reserve=_whole(given["boneyard_reserve"], Reason.RESERVE),
            unit=_choice(Unit, given["unit"], "unit"),
            settlement=_choice(Settlement, given["settlement"], "settlement"),
            muggins_call=_choice(MugginsCall, given["muggins_call"], "muggins_call"),
            muggins_caller=_choice(MugginsCaller, given["muggins_caller"], "muggins_caller"),
            round_each_player=_flag(given["round_each_player"], "round_each_player"),
            target=_per_count(given["target"], "The target"),
            exact_target=_flag(given["exact_target"], "exact_target"),
            game_end=_choice(GameEnd, given["game_end"], "game_end"),
            name=str(given["name"]),
        )

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

    def with_options(self, **changes: object) -> RuleSet:
        """A copy with some options changed, as :meth:`from_options` takes them (checked again)."""
        current = {f.name: getattr(self, f.name) for f in fields(self)}
        return RuleSet.from_options(**{**current, "name": "custom", **changes})

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
            _TRAINER[v] = cls.from_options(variant=v, name=f"trainer-{v.value}")
        return _TRAINER[v]


_TRAINER: dict[Variant, RuleSet] = {}

_DEFAULTS: dict[str, object] = {f.name: f.default for f in fields(RuleSet)}
"""Each option's default, for :meth:`RuleSet.from_options`."""

_TYPES: tuple[tuple[str, type], ...] = (
    ("variant", Variant), ("hand_size", tuple), ("teams", bool), ("lead", Lead), ("scoring_lead", bool),
    ("chain", bool), ("seats", tuple), ("lead_after_block", LeadAfterBlock), ("voluntary_draw", bool),
    ("boneyard_reserve", int), ("unit", Unit), ("settlement", Settlement), ("muggins_call", MugginsCall),
    ("muggins_caller", MugginsCaller), ("round_each_player", bool), ("target", tuple), ("exact_target", bool),
    ("game_end", GameEnd), ("name", str),
)
"""The type each option holds (what :meth:`RuleSet.from_options` makes of it)."""


def _seat_index(players: int) -> int:
    if players not in (2, 3, 4):
        raise IllegalPlay.because(Reason.PLAYERS)
    return players - 2


PRESETS: dict[str, RuleSet] = {
    "five-up-armanino": RuleSet.from_options(
        variant=Variant.FIVE_UP, hand_size=5, teams=True, unit="points", target=61,
        settlement="winner-takes-opponents", game_end="at-target", name="five-up-armanino",
    ),
    "five-up-pagat": RuleSet.from_options(
        variant=Variant.FIVE_UP, hand_size=5, teams=True, unit="points", target=61,
        settlement="each-subtracts-own", round_each_player=True, name="five-up-pagat",
    ),
    "five-up-club": RuleSet.from_options(
        variant=Variant.FIVE_UP, hand_size=5, teams=False, unit="points", target=100,
        settlement="winner-takes-all", lead_after_block="winner", name="five-up-club",
    ),
    "all-fives": RuleSet.from_options(
        variant=Variant.ALL_FIVES, hand_size=(9, 7, 5), teams=True, unit="pips",
        target=(250, 200, 200), settlement="winner-takes-opponents", name="all-fives",
    ),
    "all-fives-tidwell": RuleSet.from_options(
        variant=Variant.ALL_FIVES, hand_size=5, teams=True, unit="pips", target=150,
        settlement="winner-takes-opponents", voluntary_draw=True, muggins_call="lose",
        name="all-fives-tidwell",
    ),
    "muggins": RuleSet.from_options(
        variant=Variant.MUGGINS, hand_size=(7, 5, 5), teams=True, unit="pips",
        target=(200, 150, 150), settlement="winner-takes-opponents", muggins_call="strict",
        name="muggins",
    ),
    # the first double is the sniff: in line (004's reading, and pagat's) or crosswise (Armanino)
    "sniff": RuleSet.from_options(
        variant=Variant.SNIFF, hand_size=(7, 6, 5), teams=True, unit="pips", target=(250, 200, 200),
        settlement="winner-takes-opponents", name="sniff",
    ),
    "sniff-crosswise": RuleSet.from_options(
        variant=Variant.SNIFF_CROSSWISE, hand_size=(7, 6, 5), teams=True, unit="pips",
        target=(250, 200, 200), settlement="winner-takes-opponents", name="sniff-crosswise",
    ),
    # four players, seven tiles each: no boneyard. The write-ups leave the end-of-hand count open:
    # the winner takes the opponents' tiles, as in All Fives.
    "seven-toed-pete": RuleSet.from_options(
        variant=Variant.ALL_FIVES, hand_size=7, teams=True, unit="points", target=61,
        settlement="winner-takes-opponents", lead="rotate", scoring_lead=True, chain=True, seats=(4,),
        name="seven-toed-pete",
    ),
    "horse-race": RuleSet.from_options(
        variant=Variant.FIVE_UP, hand_size=7, teams=True, unit="points", target=61,
        settlement="winner-takes-opponents", lead="rotate", scoring_lead=True, chain=True, seats=(4,),
        name="horse-race",
    ),
    # pagat's Horse Race: 2 to 4 players with a boneyard, any lead, the lead as in Five-Up; its
    # end-of-hand count is not in the write-ups we have: the winner takes the opponents' tiles
    "horse-race-pagat": RuleSet.from_options(
        variant=Variant.FIVE_UP, hand_size=(7, 6, 5), teams=True, unit="points", target=61,
        settlement="winner-takes-opponents", chain=True, name="horse-race-pagat",
    ),
}
"""The named presets (docs/rules.md)."""
