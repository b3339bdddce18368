"""Play a hand as a game that moves: the sound switch and each fresh score said in words (what the picture's
popping number shows, for everyone, and the only way it shows with motion reduced)."""

from __future__ import annotations

from trainer.rules import Unit
from trainer.words import _
from trainer.words.calls import amount


def sound() -> str:
    """The switch for the score sound."""
    return _("Sound")


def sound_help() -> str:
    return _("A short sound when someone scores.")


def scored(who: str, points: int, unit: Unit, *, you: bool) -> str:
    """A fresh score, as the line under the layout says it."""
    if you:
        return _("You scored {amount}!").format(amount=amount(points, unit))
    return _("{name} scored {amount}.").format(name=who, amount=amount(points, unit))


def pop(points: int) -> str:
    """The number that pops up over the layout for a moment (the same in every language)."""
    return f"+{points}"


__all__ = ["pop", "scored", "sound", "sound_help"]
