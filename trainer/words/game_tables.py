"""Tables of children playing each other: every sentence of the Tables page and of a table on My class
and the projector."""

from __future__ import annotations

from trainer.words import _


def seat_label(seat: int) -> str:
    """A seat no child has named yet: ``"Seat 2"`` (seats counted from 1)."""
    return _("Seat {n}").format(n=seat + 1)
