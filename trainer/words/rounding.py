"""Rounding to the nearest five, said for a child.

>>> rounding_words(13), rounding_words(11), rounding_words(15)
('13 is 2 from 15: it rounds up to 15.', '11 is 1 past 10: it rounds down to 10.', '15 is a multiple of five already.')
>>> rounding_reason(12)
'12 is 2 past 10: 1 and 2 past a five go down, to 10.'
"""

from __future__ import annotations

from trainer.rules import round_to_five
from trainer.words import _


def rounding_words(pips: int) -> str:
    """``"13 is 2 from 15: it rounds up to 15."``"""
    rem = pips % 5
    rounded = round_to_five(pips)
    if rem in (1, 2):
        return _("{pips} is {rem} past {rounded}: it rounds down to {rounded}.").format(
            pips=pips, rem=rem, rounded=rounded)
    if rem in (3, 4):
        return _("{pips} is {away} from {rounded}: it rounds up to {rounded}.").format(
            pips=pips, away=5 - rem, rounded=rounded)
    return _("{pips} is a multiple of five already.").format(pips=pips)


def rounding_reason(pips: int) -> str:
    """Why ``pips`` rounds the way it does, with the rule of 1 and 2, 3 and 4."""
    rem = pips % 5
    down = pips - rem
    if rem in (1, 2):
        return _("{pips} is {rem} past {down}: 1 and 2 past a five go down, to {down}.").format(
            pips=pips, rem=rem, down=down)
    return _("{pips} is {away} from {up}: 3 and 4 past a five go up, to {up}.").format(
        pips=pips, away=5 - rem, up=down + 5)
