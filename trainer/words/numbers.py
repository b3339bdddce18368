"""A number typed in a box, read as a tablet keyboard gives it, and what to say when it is not one."""

from __future__ import annotations

import unicodedata

from trainer.words import _

MINUS_SIGNS = "-\u2212\u2013\u2014\ufe63\uff0d"
"""What a tablet keyboard may give for a minus sign."""


def read_typed_number(text: object) -> tuple[int | None, str]:
    """A number typed in a box: ``(value, "")``, or ``(None, what is wrong)`` in a child's words.

    Digits come as a tablet keyboard gives them: full-width (``"１５"``), superscript or circled
    (``"²"``, ``"①"``) and other scripts' decimal digits read as the digits they are.

    >>> read_typed_number("１５"), read_typed_number("²"), read_typed_number(" 7 ")
    ((15, ''), (2, ''), (7, ''))
    >>> read_typed_number("½")[0] is None and read_typed_number("3.5")[1].startswith("Use a whole")
    True
    """
    raw = "" if text is None else unicodedata.normalize("NFKC", str(text)).strip()
    if not raw:
        return None, _("Type a number first.")
    if raw[0] in MINUS_SIGNS and raw[1:].strip().isdecimal():
        return None, _("Scores are never below zero: type 0 or more.")
    if raw.replace(".", "", 1).replace(",", "", 1).isdecimal() and ("." in raw or "," in raw):
        return None, _("Use a whole number, like 15 — no dots or commas.")
    if not raw.isdecimal():
        shown = "".join(ch for ch in raw[:12] if ch.isprintable())
        if shown:
            return None, _("“{shown}” is not a number. Type digits, like 15.").format(shown=shown)
        return None, _("Type digits, like 15.")
    value = int(raw) if len(raw) <= 6 else 1000  # a very long text never reaches int()
    if value > 999:
        return None, _("That number is too big for a domino puzzle. Try again!")
    return value, ""
