"""Answering a puzzle on Practice and in a live lesson: the words on and under the picture, the
feedback that names the mistake, and the mastery news."""

from __future__ import annotations

from trainer.words import _


def tap_ends() -> str:
    """Under a picture whose lettered ends (and covered places) are the choices."""
    return _("Tap every letter that counts, then press Check.")


def tap_ends_live() -> str:
    return _("Tap every letter that counts, then press Send.")


def chosen_ends() -> str:
    """The label of the letters as buttons: the same choice as the taps on the picture."""
    return _("Your letters (tap here or on the picture)")


def choose_one() -> str:
    return _("Tap at least one letter first.")


def choice(letter: str, text: str) -> str:
    """One choice of a puzzle about ends, named as the picture marks it: ``"A: the 5 on 5-6"``."""
    return _("{letter}: {text}").format(letter=letter, text=text)


def mistake_named(message: str, name: str) -> str:
    """Feedback on a wrong answer with the mistake named, as the projector names it."""
    return _("{message} ({name})").format(message=message, name=name)


def mastered(stage: str) -> str:
    return _("You mastered {stage}!").format(stage=stage)


def next_up(stage: str) -> str:
    return _("Next up: {stage}.").format(stage=stage)


def whole_path() -> str:
    return _("That's the whole path!")


def more_practice(stage: str) -> str:
    return _("Let's practise {stage} a little more.").format(stage=stage)


def choosers() -> str:
    """The expander that holds the stage, level and puzzle choosers on Practice."""
    return _("Choose a puzzle")


def coach_me() -> str:
    return _("Coach me")


def level(n: int) -> str:
    return _("Level {n}").format(n=n)


def chosen_now(kind: str, stage: str, level: str) -> str:
    """The expander's label: what is chosen now."""
    return _("{kind} · {stage} · {level}").format(kind=kind, stage=stage, level=level)
