"""Answering a puzzle on Practice and in a live lesson: the words under the picture and its letter
buttons, and the folded choosers' label."""

from __future__ import annotations

from trainer.words import _, ngettext


def tap_ends_live() -> str:
    """Under a live lesson's picture whose letters are the choices (Practice's says "Check")."""
    return _("Tap every letter that counts, then press Send.")


def chosen_ends() -> str:
    """The label of the letters as buttons: the same choice as the taps on the picture."""
    return _("Your letters (tap here or on the picture)")


def chosen_now(kind: str, stage: str, level: str) -> str:
    """The folded choosers' label: what is chosen now."""
    return _("{kind} · {stage} · {level}").format(kind=kind, stage=stage, level=level)


def streak(n: int) -> str:
    return ":material/local_fire_department: " + ngettext("{n} right in a row", "{n} right in a row", n).format(n=n)
