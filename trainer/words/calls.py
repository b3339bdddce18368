"""Scores on the Play page, always with the game's unit, and the muggins call.

A game counts its scores in pips (a total of 15 scores 15) or in points (a total of 15 scores 3);
every score a player reads says which:

>>> amount(10, "pips"), amount(1, "points")
('10 pips', '1 point')
>>> made(15, 3, "points"), made(15, 15, "pips"), made(7, 0, "pips")
('a multiple of five — 15 → 3 points', 'a multiple of five — 15 pips', 'not a multiple of five, no score')
"""

from __future__ import annotations

from trainer.rules import Unit
from trainer.words import _, ngettext


def amount(n: int, unit: Unit) -> str:
    """A score with its unit: ``"15 pips"`` or ``"3 points"``."""
    if unit == Unit.PIPS:
        return ngettext("{n} pip", "{n} pips", n).format(n=n)
    return ngettext("{n} point", "{n} points", n).format(n=n)


def made(total: int, score: int, unit: Unit) -> str:
    """What an open-end total scored, for the story of a play. In points the total is shown too
    (``15 → 3 points``), so the child sees the division by five."""
    if score:
        if unit == Unit.PIPS:
            return _("a multiple of five — {amount}").format(amount=amount(score, unit))
        return ngettext("a multiple of five — {total} → {n} point", "a multiple of five — {total} → {n} points",
                        score).format(total=total, n=score)
    return _("not a multiple of five, no score") if total else _("nothing to score")


def called(who: str, score: int, unit: Unit, *, you: bool = False) -> str:
    """A call that was right (``you``: the reader's own, said in the second person where a language
    conjugates it)."""
    if you:
        return _("You called {amount}.").format(amount=amount(score, unit))
    return _("{who} called {amount}.").format(who=who, amount=amount(score, unit))


def called_only(who: str, score: int, unit: Unit) -> str:
    """What a player called, told without what the play made (the learner is to judge it)."""
    return called(who, score, unit) if score else said_none(who)


def said_none(who: str, *, you: bool = False) -> str:
    """A call of no score on a play that scored nothing: right, and told as a right call is."""
    if you:
        return _("You said no score.")
    return _("{who} said no score.").format(who=who)


def learner_said_no_score(made_score: int, unit: Unit) -> str:
    """The learner pressed "No score" after a play that scored."""
    return _("You said no score, but your play made {amount}.").format(amount=amount(made_score, unit))


def said_no_score(who: str, made_score: int, unit: Unit) -> str:
    """Another player said "no score" (or a computer player called nothing) after a play that scored."""
    return _("{who} said no score, but the play made {amount}.").format(who=who, amount=amount(made_score, unit))


def called_wrong(who: str, said: int, made_score: int, unit: Unit, *, you: bool = False) -> str:
    """A call that was not what the play made (a play that made nothing is said to make no score)."""
    if not made_score:
        if you:
            return _("You called {said}, but your play made no score.").format(said=amount(said, unit))
        return _("{who} called {said}, but the play made no score.").format(who=who, said=amount(said, unit))
    if you:
        return _("You called {said}, but your play made {made}.").format(
            said=amount(said, unit), made=amount(made_score, unit))
    return _("{who} called {said}, but the play made {made}.").format(
        who=who, said=amount(said, unit), made=amount(made_score, unit))


def may_call(caller: str) -> str:
    """While an opponent may call Muggins! on the last call (told then, never after)."""
    return _("{who} may call Muggins!").format(who=caller)


def did_not_call(who: str, *, you: bool = False) -> str:
    """An opponent let a missed score go, told without the score (another opponent may still call)."""
    if you:
        return _("You let it go without calling Muggins!")
    return _("{who} let it go without calling Muggins!").format(who=who)


def took(who: str, score: int, unit: Unit, *, you: bool = False) -> str:
    if you:
        return _("You called Muggins! and took {amount}.").format(amount=amount(score, unit))
    return _("{who} called Muggins! and took {amount}.").format(who=who, amount=amount(score, unit))


def let_go(who: str, score: int, unit: Unit, *, you: bool = False) -> str:
    if you:
        return _("You let the missed {amount} go.").format(amount=amount(score, unit))
    return _("{who} let the missed {amount} go.").format(who=who, amount=amount(score, unit))
