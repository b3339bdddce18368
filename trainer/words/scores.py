"""Scores: points, and what an open-end total scores.

>>> points_words(1), points_words(2)
('1 point', '2 points')
>>> score_words(15), score_words(0), score_words(12)
('15 → 3 points', 'nothing to score', 'not a multiple of five, so 0')
"""

from __future__ import annotations

from trainer.rules import play_points
from trainer.words import _, ngettext


def points_words(points: int) -> str:
    """``"1 point"``, ``"3 points"``."""
    return ngettext("{n} point", "{n} points", points).format(n=points)


def score_words(total: int) -> str:
    """``"15 → 3 points"``, ``"not a multiple of five, so 0"``, ``"nothing to score"``."""
    pts = play_points(total)
    if pts:
        return ngettext("{total} → {n} point", "{total} → {n} points", pts).format(total=total, n=pts)
    if total == 0:
        return _("nothing to score")
    return _("not a multiple of five, so 0")
