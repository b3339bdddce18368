"""The end of a hand: what the tiles left in hands are worth, by the rule set's method."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from trainer.rules.errors import IllegalPlay
from trainer.rules.options import Settlement, Unit
from trainer.rules.reasons import Reason
from trainer.rules.ruleset import RuleSet
from trainer.rules.tiles import Tile, TileLike


class Ending(StrEnum):
    """How a hand ended (each equals its word: ``Ending.DOMINOED == "dominoed"``)."""

    DOMINOED = "dominoed"
    """A player played their last tile."""
    BLOCKED = "blocked"
    """Nobody could play and nothing could be drawn."""
    TARGET = "target"
    """With an exact target, a side landed on it mid-hand."""


DOMINOED, BLOCKED, TARGET = Ending.DOMINOED, Ending.BLOCKED, Ending.TARGET


class HandResult(NamedTuple):
    """How a finished hand came out (an immutable record)."""

    ending: Ending
    """``"dominoed"``, ``"blocked"``, or ``"target"`` (an exact target was hit mid-hand), as an :class:`Ending`."""
    winner: int | None
    """The player who dominoed, or who holds the fewest pips after a block (``None`` on a tie)."""
    winning_side: int | None
    """The side (team or player) that won the hand, or ``None`` on a tie."""
    sides: tuple[tuple[int, ...], ...]
    """The players of each side: ``((0, 2), (1, 3))`` with teams, ``((0,), (1,))`` without."""
    hands: tuple[tuple[Tile, ...], ...]
    """The tiles left in each player's hand."""
    pips: tuple[int, ...]
    """Pips left in each player's hand."""
    side_pips: tuple[int, ...]
    """Pips left on each side."""
    rounded: tuple[int, ...]
    """Each side's pips rounded to the nearest five."""
    tied: tuple[int, ...]
    """Sides tied for the fewest pips after a block (empty otherwise)."""
    play_scores: tuple[int, ...]
    """What each side scored from plays during the hand."""
    settlement: tuple[int, ...]
    """What each side scores (or loses) for the tiles left in hands."""
    unit: Unit
    """``"pips"`` or ``"points"`` (a :class:`~trainer.rules.options.Unit`)."""
    method: Settlement
    """The settlement method used."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's whole score for the hand."""
        return tuple(a + b for a, b in zip(self.play_scores, self.settlement))

    @property
    def dominoed(self) -> bool:
        """Whether a player went out."""
        return self.ending == DOMINOED

    @property
    def blocked(self) -> bool:
        """Whether nobody could play."""
        return self.ending == BLOCKED


def settle(
    rules: RuleSet,
    hands: Sequence[Sequence[TileLike]],
    *,
    ending: Ending | str,
    dominoer: int | None = None,
    play_scores: Sequence[int] | None = None,
    start_scores: Sequence[int] | None = None,
) -> HandResult:
    """Score the tiles left in hands under ``rules.settlement``.

    ``ending`` is ``"dominoed"`` (``dominoer`` went out), ``"blocked"``, or ``"target"``.
    """
    left = tuple(tuple(Tile.parse(t) for t in h) for h in hands)
    try:
        how = Ending(ending)
    except ValueError:
        raise IllegalPlay.because(Reason.NOT_AN_ENDING, shown=f"'{ending}'") from None
    return _settle(rules, left, how, dominoer, play_scores, start_scores)


# the options read on every settled hand, as plain names (a member looked up on its enum class is slow
# in Python 3.11, and every simulated hand ends here)
_PIPS, _EACH_SUBTRACTS_OWN, _TO_THE_WINNER = Unit.PIPS, Settlement.EACH_SUBTRACTS_OWN, Settlement.WINNER_TAKES_OPPONENTS

_result = tuple.__new__  # builds a HandResult without NamedTuple's keyword handling (every simulated hand ends here)

_TEAMS = ((0, 2), (1, 3))
_ALONE = {n: tuple((p,) for p in range(n)) for n in (2, 3, 4)}
"""The players of each side: two teams at a table of four that plays in teams, else each alone."""


def _settle(
    rules: RuleSet,
    left: tuple[tuple[Tile, ...], ...],
    ending: Ending,
    dominoer: int | None,
    play_scores: Sequence[int] | None,
    start_scores: Sequence[int] | None,
    pips: tuple[int, ...] | None = None,
) -> HandResult:
    """The count itself; ``pips`` (each hand's pips) may be given when already known. Every
    simulated hand ends here, so the common cases are worked out without comprehensions, and
    rounding is :func:`~trainer.rules.scoring.round_to_five` inline (pips are never negative)."""
    n = len(left)
    if pips is None:
        pips = tuple([sum([t.low + t.high for t in h]) for h in left])
    teams = n == 4 and rules.teams
    sides: tuple[tuple[int, ...], ...] = _TEAMS if teams else _ALONE[n]
    side_pips: tuple[int, ...] = (pips[0] + pips[2], pips[1] + pips[3]) if teams else pips
    n_sides = len(sides)
    method = rules.settlement
    if rules.round_each_player and method is _EACH_SUBTRACTS_OWN:
        rounded = tuple([sum([(pips[p] + 2) // 5 * 5 for p in s]) for s in sides])
    elif n_sides == 2:
        rounded = ((side_pips[0] + 2) // 5 * 5, (side_pips[1] + 2) // 5 * 5)
    else:
        rounded = tuple([(x + 2) // 5 * 5 for x in side_pips])
    plays = tuple(play_scores) if play_scores is not None else (0,) * n_sides
    unit = rules.unit
    div = 1 if unit is _PIPS else 5  # what one point is worth in pips

    winner: int | None = None
    win_side: int | None = None
    tied: tuple[int, ...] = ()
    if ending == DOMINOED:
        if dominoer is None:
            raise IllegalPlay.because(Reason.DOMINO_NEEDS_PLAYER)
        winner = dominoer
        win_side = dominoer % 2 if n_sides == 2 and n == 4 else dominoer
    elif ending == BLOCKED:
        low = min(side_pips)
        lows = tuple([i for i, x in enumerate(side_pips) if x == low])
        if len(lows) == 1:
            win_side = lows[0]
            members = sides[win_side]
            winner = min(members, key=lambda p: (pips[p], p))
        else:
            tied = lows
    elif ending != TARGET:
        raise IllegalPlay.because(Reason.NOT_AN_ENDING, shown=f"'{ending}'")

    award = [0] * n_sides
    if ending != TARGET:
        if method is _EACH_SUBTRACTS_OWN:
            award = [-(r // div) for r in rounded]
        else:
            pot = sum(side_pips)
            if method is _TO_THE_WINNER:  # the pips of the sides that did not win (nor tie)
                if win_side is not None:
                    pot -= side_pips[win_side]
                for i in tied:
                    pot -= side_pips[i]
            pot = (pot + 2) // 5 * 5
            if win_side is not None:
                award[win_side] = pot // div
            elif len(tied) == 2 and n_sides == 3:
                share = (pot // 10) * 5 // div
                for i in tied:
                    award[i] = share
        if rules.exact_target:
            start = tuple(start_scores) if start_scores is not None else (0,) * n_sides
            target = rules.target_for(n)
            for i in range(n_sides):
                if award[i] > 0 and start[i] + plays[i] + award[i] > target:
                    award[i] = 0
    return _result(HandResult, (ending, winner, win_side, sides, left, pips, side_pips, rounded, tied, plays,
                                tuple(award), unit, method))
