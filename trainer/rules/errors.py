"""The one error type the rules engine raises."""

from __future__ import annotations

from typing import Any

from trainer.rules.reasons import Reason, say


class IllegalPlay(ValueError):
    """Raised for anything the rules do not allow, and for text that is not a tile or play.

    The message is written for a person: it says what was wrong in plain words. The fields say the
    same for a program, so a page can word it its own way without rewriting the text:

    >>> err = IllegalPlay("3-4 is not in player 0's hand.", why="not-in-hand", player=0, tile="3-4")
    >>> (err.why, err.player, err.tile, str(err))
    ('not-in-hand', 0, '3-4', "3-4 is not in player 0's hand.")

    The turn rules raise theirs with :meth:`because`: a :class:`~trainer.rules.reasons.Reason` and
    its fields, phrased by :func:`~trainer.rules.reasons.say`:

    >>> err = IllegalPlay.because(Reason.NOT_A_SCORE, points=41)
    >>> (err.why, err.fields, str(err))
    ('not-a-score', {'points': 41}, '41 is not a score a play can make.')
    """

    def __init__(self, message: str, *, why: str = "rule", player: int | None = None, tile: str | None = None,
                 turn_of: int | None = None, fields: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.why = why
        """What kind of problem, as a code: ``"rule"`` (the default), ``"not-in-hand"``,
        ``"not-your-turn"`` … (the values of :class:`~trainer.rules.reasons.Reason`)."""
        self.player = player
        """The seat the problem is about, if any."""
        self.tile = tile
        """The tile the problem is about, if any (``"3-4"``)."""
        self.turn_of = turn_of
        """For ``"not-your-turn"``: whose turn it is."""
        self.fields: dict[str, Any] = dict(fields) if fields else {}
        """Everything the message says, by name (for :meth:`because`: the reason's fields)."""

    @classmethod
    def because(cls, reason: Reason, **fields: Any) -> IllegalPlay:
        """The error for ``reason``, its message said by :func:`~trainer.rules.reasons.say`."""
        tile = fields.get("tile")
        return cls(say(reason, **fields), why=reason.value, player=fields.get("player"),
                   tile=None if tile is None else str(tile), turn_of=fields.get("turn_of"), fields=fields)

    @property
    def reason(self) -> Reason:
        """:attr:`why` as a :class:`~trainer.rules.reasons.Reason` (``Reason.RULE`` for a code it
        does not know)."""
        try:
            return Reason(self.why)
        except ValueError:
            return Reason.RULE
