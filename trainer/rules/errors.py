"""The one error type the rules engine raises."""

from __future__ import annotations


class IllegalPlay(ValueError):
    """Raised for anything the rules do not allow, and for text that is not a tile or play.

    The message is written for a person: it says what was wrong in plain words. The fields say the
    same for a program, so a page can word it its own way without rewriting the text:

    >>> err = IllegalPlay("3-4 is not in player 0's hand.", why="not-in-hand", player=0, tile="3-4")
    >>> (err.why, err.player, err.tile, str(err))
    ('not-in-hand', 0, '3-4', "3-4 is not in player 0's hand.")
    """

    def __init__(self, message: str, *, why: str = "rule", player: int | None = None, tile: str | None = None,
                 turn_of: int | None = None) -> None:
        super().__init__(message)
        self.why = why
        """What kind of problem: ``"rule"`` (the default), ``"not-in-hand"``, ``"not-your-turn"`` …"""
        self.player = player
        """The seat the problem is about, if any."""
        self.tile = tile
        """The tile the problem is about, if any (``"3-4"``)."""
        self.turn_of = turn_of
        """For ``"not-your-turn"``: whose turn it is."""
