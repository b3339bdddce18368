"""The learner model: every answer, mastery of each stage, and the coach. Pure Python.

A stage is *mastered* when at least 8 of the last 10 answers at that stage are right and every
core kind has been answered right at least twice there. The coach picks the kind the learner is
weakest at, moves the level up after 3 right in a row and down after 2 wrong in a row, and
steps to the next stage once the current one is mastered.
"""

from __future__ import annotations

import csv
import io
import random
import statistics
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field

from puzzles import CORE_KINDS, KINDS, STAGES

MASTERY_WINDOW = 10
MASTERY_RIGHT = 8
CORE_RIGHT_NEEDED = 2
LEVEL_UP_AFTER = 3
LEVEL_DOWN_AFTER = 2


@dataclass(frozen=True)
class Attempt:
    """One answered puzzle."""

    kind: str
    stage: str
    level: int
    correct: bool
    seconds: float
    code: str = ""
    mistake: str | None = None


@dataclass(frozen=True)
class Outcome:
    """What recording an answer changed."""

    mastered: str | None = None
    """The stage this answer mastered (only the first time), if any."""
    unlocked: str | None = None
    """The stage that opened because of it, if any."""
    level_change: int = 0
    """+1 or -1 when the coach moved the level at this stage."""


@dataclass
class Progress:
    """One learner's answers and coach state (kept in the learner's own session)."""

    attempts: list[Attempt] = field(default_factory=list)
    coach_level: dict[str, int] = field(default_factory=lambda: {s: 1 for s in STAGES})
    coach_stage: str = STAGES[0]
    mastered: list[str] = field(default_factory=list)
    _run: int = 0  # +n: n right in a row at the coach's level; -n: n wrong in a row

    # ----- recording -----

    def record(self, attempt: Attempt) -> Outcome:
        """Add an answer; returns what changed (mastery, unlocking, a level step)."""
        if attempt.stage not in STAGES or attempt.kind not in KINDS or attempt.level not in (1, 2, 3):
            raise ValueError("That answer is for a puzzle this trainer does not know.")
        self.attempts.append(attempt)
        change = 0
        if attempt.stage == self.coach_stage:
            change = self._step_level(attempt)
        mastered = unlocked = None
        if attempt.stage not in self.mastered and self.is_mastered(attempt.stage):
            self.mastered.append(attempt.stage)
            mastered = attempt.stage
            nxt = self.next_stage(attempt.stage)
            if nxt is not None:
                unlocked = nxt
                if self.coach_stage == attempt.stage:
                    self.coach_stage = nxt
                    self._run = 0
        return Outcome(mastered, unlocked, change)

    def _step_level(self, a: Attempt) -> int:
        if a.correct:
            self._run = self._run + 1 if self._run > 0 else 1
        else:
            self._run = self._run - 1 if self._run < 0 else -1
        level = self.coach_level[a.stage]
        if self._run >= LEVEL_UP_AFTER and level < 3:
            self.coach_level[a.stage] = level + 1
            self._run = 0
            return 1
        if self._run <= -LEVEL_DOWN_AFTER and level > 1:
            self.coach_level[a.stage] = level - 1
            self._run = 0
            return -1
        return 0

    # ----- mastery -----

    def at_stage(self, stage: str) -> list[Attempt]:
        return [a for a in self.attempts if a.stage == stage]

    def is_mastered(self, stage: str) -> bool:
        """8 of the last 10 right at the stage, and each core kind right at least twice."""
        done = self.at_stage(stage)
        recent = done[-MASTERY_WINDOW:]
        if len(recent) < MASTERY_WINDOW or sum(a.correct for a in recent) < MASTERY_RIGHT:
            return False
        return all(sum(a.correct and a.kind == k for a in done) >= CORE_RIGHT_NEEDED for k in CORE_KINDS)

    def unlocked(self, stage: str) -> bool:
        """Whether the learning path has reached ``stage`` (any stage may still be chosen)."""
        i = STAGES.index(stage)
        return i == 0 or STAGES[i - 1] in self.mastered

    @staticmethod
    def next_stage(stage: str) -> str | None:
        i = STAGES.index(stage)
        return STAGES[i + 1] if i + 1 < len(STAGES) else None

    def mastery_report(self, stage: str) -> dict[str, object]:
        """What is still missing for ``stage``: recent right answers and core kinds."""
        done = self.at_stage(stage)
        recent = done[-MASTERY_WINDOW:]
        core = {k: sum(a.correct and a.kind == k for a in done) for k in CORE_KINDS}
        right = sum(a.correct for a in recent)
        # how far along: half for right answers (toward 8 of the last 10), half for the core kinds
        share = 1.0 if stage in self.mastered else (
            0.5 * min(1.0, right / MASTERY_RIGHT)
            + 0.5 * sum(min(v, CORE_RIGHT_NEEDED) for v in core.values()) / (CORE_RIGHT_NEEDED * len(CORE_KINDS))
        )
        return {"recent_right": right, "recent_count": len(recent), "core_right": core, "share": share}

    # ----- the coach -----

    def coach_pick(self, rng: random.Random) -> tuple[str, str, int]:
        """(kind, stage, level) for the next coached puzzle: the weakest kind at the coach's stage."""
        stage = self.coach_stage
        done = self.at_stage(stage)

        def weakness(kind: str) -> tuple[float, int, float]:
            mine = [a for a in done if a.kind == kind][-6:]
            if not mine:
                return (-1.0, 0, rng.random())  # never tried: first
            acc = sum(a.correct for a in mine) / len(mine)
            core_gap = max(0, CORE_RIGHT_NEEDED - sum(a.correct for a in done if a.kind == kind))
            return (acc - 0.5 * (kind in CORE_KINDS and core_gap > 0), len(mine), rng.random())

        kinds = sorted(KINDS, key=weakness)
        # never the same kind three times running, so practice stays varied
        last = [a.kind for a in self.attempts[-2:]]
        kind = kinds[0]
        if len(last) == 2 and last[0] == last[1] == kind and len(kinds) > 1:
            kind = kinds[1]
        return kind, stage, self.coach_level[stage]

    # ----- numbers for the progress page -----

    @property
    def answered(self) -> int:
        return len(self.attempts)

    @property
    def right(self) -> int:
        return sum(a.correct for a in self.attempts)

    @property
    def streak(self) -> int:
        """Right answers in a row, up to now."""
        n = 0
        for a in reversed(self.attempts):
            if not a.correct:
                break
            n += 1
        return n

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

    def rows(self) -> list[dict[str, object]]:
        """One dict per answer, numbered from 1."""
        return [{"number": i + 1, **asdict(a)} for i, a in enumerate(self.attempts)]

    def to_csv(self) -> str:
        out = io.StringIO()
        fields = ["number", "kind", "stage", "level", "correct", "seconds", "code", "mistake"]
        w = csv.DictWriter(out, fieldnames=fields)
        w.writeheader()
        for row in self.rows():
            w.writerow(row)
        return out.getvalue()

    def accuracy_by(self, keys: Iterable[str] = ("stage", "kind")) -> list[dict[str, object]]:
        """Right share per group, for charts."""
        groups: dict[tuple, list[Attempt]] = {}
        keys = tuple(keys)
        for a in self.attempts:
            groups.setdefault(tuple(getattr(a, k) for k in keys), []).append(a)
        return [
            {**dict(zip(keys, g)), "answered": len(v), "right": sum(a.correct for a in v),
             "accuracy": sum(a.correct for a in v) / len(v)}
            for g, v in sorted(groups.items())
        ]
