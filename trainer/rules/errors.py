"""The one error type the rules engine raises."""

from __future__ import annotations


class IllegalPlay(ValueError):
    """Raised for anything the rules do not allow, and for text that is not a tile or play.

    The message is written for a person: it says what was wrong in plain words.
    """
