"""The games of the family differ in how doubles are laid: which spin, and the sniff."""

from __future__ import annotations

from enum import Enum

from trainer.rules.errors import IllegalPlay
from trainer.rules.reasons import Reason


class Variant(str, Enum):
    """Which doubles are spinners, and whether the first double is the sniff (laid in line or crosswise)."""

    MUGGINS = "muggins"
    """No spinner: the layout is one line with two ends."""
    ALL_FIVES = "all-fives"
    """The first double played, lead or not, is the one spinner."""
    FIVE_UP = "five-up"
    """Every double is a spinner."""
    SNIFF = "sniff"
    """The first double, the sniff, is laid in line and takes one tile on each long side."""
    SNIFF_CROSSWISE = "sniff-crosswise"
    """The first double, the sniff, spins, and its short ends count while they are free."""

    @classmethod
    def parse(cls, value: Variant | str) -> Variant:
        """Accept a variant or its id (``"muggins"``, ``"all-fives"``, ``"five-up"``, ``"sniff"``,
        ``"sniff-crosswise"``)."""
        if isinstance(value, Variant):
            return value
        try:
            return cls(str(value).strip().lower())
        except ValueError:
            names = ", ".join(v.value for v in cls)
            raise IllegalPlay.because(Reason.UNKNOWN_GAME, shown=f"'{value}'", names=names) from None

    @property
    def spin_rule(self) -> int:
        """0: no spinners; 1: the first double spins; 2: every double spins; 3: an in-line
        sniff; 4: a crosswise sniff (see :mod:`trainer.rules.board`)."""
        return _SPIN[self]

    def __str__(self) -> str:
        return self.value


_SPIN = {Variant.MUGGINS: 0, Variant.ALL_FIVES: 1, Variant.FIVE_UP: 2, Variant.SNIFF: 3, Variant.SNIFF_CROSSWISE: 4}
