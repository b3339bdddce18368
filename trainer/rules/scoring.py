"""Arithmetic of scoring: multiples of five and rounding."""

from __future__ import annotations

from trainer.rules.options import Unit


def round_to_five(pips: int) -> int:
    """Round to the nearest multiple of five: remainders 1–2 go down, 3–4 go up.

    >>> [round_to_five(n) for n in (12, 13, 7, 8, 0)]
    [10, 15, 5, 10, 0]
    """
    if pips < 0:
        return -round_to_five(-pips)
    return ((pips + 2) // 5) * 5


def is_scoring_total(total: int) -> bool:
    """Whether an open-end total scores: a positive multiple of five."""
    return total > 0 and total % 5 == 0


def play_points(total: int, unit: Unit = Unit.POINTS) -> int:
    """What leaving ``total`` on the open ends scores: nothing unless it is a positive multiple
    of five; then the total itself in pips, or the total ÷ 5 in points.

    >>> play_points(15), play_points(15, Unit.PIPS), play_points(17)
    (3, 15, 0)
    """
    if total <= 0 or total % 5:
        return 0
    return total if unit == Unit.PIPS else total // 5
