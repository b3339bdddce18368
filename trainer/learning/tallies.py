"""The numbers of a learner's answers that the progress page shows: how many, how many right, the streaks, the
median time, and the right share by group. Pure Python; :class:`~trainer.learning.progress.Progress` has them."""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from typing import Any

from trainer.learning.attempt import Attempt


class Tallies:
    """Counts over :attr:`attempts`, the learner's answers in order."""

    attempts: list[Attempt]

    @property
    def answered(self) -> int:
        return len(self.attempts)

    @property
    def right(self) -> int:
        return sum(a.correct for a in self.attempts)

    @property
    def streak(self) -> int:
        """Right answers in a row, up to now."""
        wrong = [i for i, a in enumerate(self.attempts) if not a.correct]
        return len(self.attempts) - (wrong[-1] + 1 if wrong else 0)

    @property
    def best_streak(self) -> int:
        best = run = 0
        for a in self.attempts:
            run = run + 1 if a.correct else 0
            best = max(best, run)
        return best

    @property
    def median_seconds(self) -> float | None:
        if not self.attempts:
            return None
        return statistics.median(a.seconds for a in self.attempts)

    def accuracy_by(self, keys: Iterable[str] = ("stage", "kind")) -> list[dict[str, Any]]:
        """Right share per group, for charts: each group's values by ``keys``, then ``answered``,
        ``right`` and ``accuracy``."""
        groups: dict[tuple[object, ...], list[Attempt]] = {}
        keys = tuple(keys)
        for a in self.attempts:
            groups.setdefault(tuple(getattr(a, k) for k in keys), []).append(a)
        return [
            {**dict(zip(keys, g)), "answered": len(v), "right": sum(a.correct for a in v),
             "accuracy": sum(a.correct for a in v) / len(v)}
            for g, v in sorted(groups.items())
        ]
