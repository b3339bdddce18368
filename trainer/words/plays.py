"""Plays, as a child reads them: ``"4-6 on 2-6"``, or a lead, the tile alone.

>>> from trainer.rules import Play
>>> play_words(Play.parse("4-6>2-6")), play_words(Play.parse("3-4"))
('4-6 on 2-6', '3-4')
"""

from __future__ import annotations

from trainer.rules import Play
from trainer.words import _


def play_words(play: Play) -> str:
    """A play: the tile on the tile it goes on, or the tile alone for a lead."""
    if play.target is None:
        return str(play.tile)
    return _("{tile} on {target}").format(tile=play.tile, target=play.target)
