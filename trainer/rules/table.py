"""What a rule set comes to at a table of 2, 3 or 4 players, worked out once per rule set and size.

Dealing is part of every simulation: the turn core (:mod:`trainer.rules.turns`) reads a new hand's
settings from :func:`table_for`, which keeps them for each rule set and table size, rather than
working them out on every deal.
"""

from __future__ import annotations

from typing import NamedTuple

from trainer.rules.actions import Claim
from trainer.rules.options import GameEnd, MugginsCall, Unit
from trainer.rules.ruleset import RuleSet
from trainer.rules.tiles import PIPS

MAX_TOTAL = sum(PIPS)
"""No open-end total can be more than every pip of the set (168)."""

SIDE_OF = {(n, teams): tuple(p % 2 if teams else p for p in range(n)) for n in (2, 3, 4) for teams in (False, True)}
"""The side each seat scores for, by (players, teams)."""
NEXT_SEAT = {n: tuple((p + 1) % n for p in range(n)) for n in (2, 3, 4)}
"""The seat after each seat, by players."""

SCORE_OF = {
    Unit.PIPS: tuple(t if t % 5 == 0 else 0 for t in range(MAX_TOTAL + 1)),
    Unit.POINTS: tuple(t // 5 if t % 5 == 0 else 0 for t in range(MAX_TOTAL + 1)),
}
"""What a play scores, by the open-end total it leaves, in each unit."""


def _claim_values(unit: Unit) -> tuple[int, ...]:
    step = 5 if unit is Unit.PIPS else 1
    return tuple(range(0, 40 * step + 1, step))


CLAIMS = {unit: tuple(Claim(v) for v in _claim_values(unit)) for unit in Unit}
"""Every score a player may announce, in each unit."""


class Settings(NamedTuple):
    """A hand's fields that follow from the rule set and the number of players: the fields of
    :class:`~trainer.rules.turns.TurnCore` named in :data:`SETTING_SLOTS`, in that order (the core
    unpacks them as it sets a hand up)."""

    rules: RuleSet
    n: int
    teams: bool
    n_sides: int
    target: int
    unit: Unit
    score_of: tuple[int, ...]
    reserve: int
    calls: bool
    exact: bool
    stop: bool
    """The hand stops the moment a side reaches the target and leads alone (:attr:`GameEnd.AT_TARGET`)."""
    chain: bool
    voluntary: bool
    plain: bool
    side_of: tuple[int, ...]
    next_seat: tuple[int, ...]


SETTING_SLOTS = (
    "rules", "n", "teams", "n_sides", "target", "_unit", "_score_of", "_reserve", "_calls", "_exact",
    "_stop", "_chain", "_voluntary", "_plain", "_side_of", "_next_seat",
)
"""The :class:`~trainer.rules.turns.TurnCore` field that holds each of :class:`Settings`, in order."""
assert [name.lstrip("_") for name in SETTING_SLOTS] == list(Settings._fields)


class Table(NamedTuple):
    """A new hand's board rule and settings."""

    spin_rule: int
    """Which doubles spin (:attr:`Variant.spin_rule <trainer.rules.variants.Variant.spin_rule>`)."""
    settings: Settings
    hand_size: int
    """Tiles dealt to each player (0: the rule set is not for this many players)."""


_TABLES: dict[tuple[int, int], tuple[RuleSet, Table]] = {}


def table_for(rules: RuleSet, n: int) -> Table:
    """A new hand's settings for ``rules`` with ``n`` players (kept: the same objects every time).
    :class:`IllegalPlay` for fewer than 2 or more than 4 players."""
    hit = _TABLES.get((id(rules), n))
    if hit is not None and hit[0] is rules:
        return hit[1]
    if n not in (2, 3, 4):
        rules.check_players(n)  # refuses it, as for any count the rule set is not for
    teams = rules.uses_teams(n)
    calls, exact, chain = rules.muggins_call is not MugginsCall.OFF, rules.exact_target, rules.chain
    stop = rules.game_end is GameEnd.AT_TARGET
    settings = Settings(
        rules=rules,
        n=n,
        teams=teams,
        n_sides=2 if teams else n,
        target=rules.target_for(n),
        unit=rules.unit,
        score_of=SCORE_OF[rules.unit],  # what a play scores, by the open-end total it makes
        reserve=rules.boneyard_reserve,
        calls=calls,
        exact=exact,
        stop=stop,
        chain=chain,
        voluntary=rules.voluntary_draw,
        plain=not (calls or exact or chain),  # the common case, in short (a game end at the target included)
        side_of=SIDE_OF[(n, teams)],
        next_seat=NEXT_SEAT[n],
    )
    if len(_TABLES) > 256:
        _TABLES.clear()
    table = Table(rules.variant.spin_rule, settings, rules.hand_size_for(n) if n in rules.seats else 0)
    _TABLES[(id(rules), n)] = (rules, table)
    return table
