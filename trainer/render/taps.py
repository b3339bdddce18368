"""How a picture on a page takes taps: the board component's modes (``static/board.js`` reads the value)."""

from __future__ import annotations

from enum import StrEnum


class BoardMode(StrEnum):
    """What a tap on the board picture means."""

    PLAY = "play"
    """A tile of the hand, then a lettered end: a play."""
    LEAD = "lead"
    """A tile of the hand on an empty layout: the lead."""
    ENDS = "ends"
    """Lettered ends, chosen and unchosen: a selection of ends."""
    VIEW = "view"
    """Nothing: the picture is only shown."""
