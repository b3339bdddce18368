"""The choices of the rule options that are words: each an enum whose values are the words.

:meth:`RuleSet.from_options <trainer.rules.ruleset.RuleSet.from_options>` turns the words into these
(``unit="pips"`` gives ``Unit.PIPS``), and each member still equals its word, the form people write
and records keep (``Unit.PIPS == "pips"``).

>>> Unit("pips") is Unit.PIPS, Unit.PIPS == "pips", f"{Settlement.WINNER_TAKES_ALL}"
(True, True, 'winner-takes-all')
"""

from __future__ import annotations

from enum import StrEnum


class Unit(StrEnum):
    """What a score is counted in."""

    PIPS = "pips"
    """A total of 15 scores 15."""
    POINTS = "points"
    """A total of 15 scores 3 (the pips divided by five)."""


class Settlement(StrEnum):
    """How the tiles left in hands are scored when a hand ends."""

    WINNER_TAKES_OPPONENTS = "winner-takes-opponents"
    """The winner scores the rounded pips left in the opponents' hands."""
    WINNER_TAKES_ALL = "winner-takes-all"
    """The winner scores the rounded pips left in every hand, their own included."""
    EACH_SUBTRACTS_OWN = "each-subtracts-own"
    """Every side loses its own rounded pips."""


class Lead(StrEnum):
    """Who leads a hand."""

    LOT = "lot"
    """The first hand by lot, then the last dominoer (by lot after a block)."""
    HIGHEST_DOUBLE = "highest-double"
    """The holder of the highest double leads with it."""
    ROTATE = "rotate"
    """The first hand by lot, then the next seat every hand."""


class LeadAfterBlock(StrEnum):
    """Who leads after a blocked hand (with :attr:`Lead.LOT`)."""

    LOT = "lot"
    """A fresh draw."""
    WINNER = "winner"
    """The blocked hand's winner (a draw only after a tie)."""


class MugginsCall(StrEnum):
    """Whether players announce the score of their own plays."""

    OFF = "off"
    """No announcing: every score counts."""
    LOSE = "lose"
    """Points not announced, or announced wrong, are lost."""
    STRICT = "strict"
    """An opponent may call "Muggins!" and take them."""


class MugginsCaller(StrEnum):
    """Under the strict muggins call, who may call."""

    NEXT = "next"
    """The next player."""
    ANY = "any"
    """Every opponent in turn, until one calls."""


class GameEnd(StrEnum):
    """When a game ends once a side has reached the target."""

    FINISH_HAND = "finish-hand"
    """The hand in progress is finished first; then the highest score wins."""
    AT_TARGET = "at-target"
    """The game ends the moment a side reaches the target and leads alone, in the middle of a hand
    (as a cribbage board's game ends when a peg goes out)."""
