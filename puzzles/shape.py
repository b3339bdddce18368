"""Measures of what the puzzles ask, so that sums grow with the level and answers cannot be guessed.

``measure(n)`` generates ``n`` puzzles per kind × stage × level (seeds 0…n-1) and returns the
figures the benchmark prints beside their targets; the tests check them on a smaller sample.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzles import STAGES, generate
from puzzles.kinds import blank
from trainer.rules import play_points

LEVELS = (1, 2, 3)

TARGETS = {
    "multiples": 0.35,        # open-total: share of totals that are multiples of five, every cell, at least
    "five-up-3-big": 0.30,    # open-total: Five-Up level 3 totals of 20 or more, at least
    "play-score-zero": 0.45,  # play-score: answer 0, at most
    "two-scores": 0.50,       # best-play levels 2–3: two plays with different non-zero scores, at least
    "every-end": 0.40,        # counted-ends: every end counts, at most
    "named": 0.80,            # wrong choices that are named mistakes with their own message, at least
}


@dataclass
class Shape:
    """The figures, per (stage, level) where they vary."""

    mean_total: dict[tuple[str, int], float] = field(default_factory=dict)
    multiples: dict[tuple[str, int], float] = field(default_factory=dict)
    big_five_up_3: float = 0.0
    play_score_zero: dict[tuple[str, int], float] = field(default_factory=dict)
    two_scores: dict[tuple[str, int], float] = field(default_factory=dict)
    every_end: dict[tuple[str, int], float] = field(default_factory=dict)
    named: float = 0.0

    def rising(self) -> bool:
        """Open-total means rise with the level inside every stage."""
        return all(self.mean_total[(s, 1)] < self.mean_total[(s, 2)] < self.mean_total[(s, 3)] for s in STAGES)

    def problems(self) -> list[str]:
        """Every target that is missed, in words (empty when all are met)."""
        out = []
        if not self.rising():
            out.append(f"open-total means do not rise with the level: {self.mean_total}")
        for cell, v in self.multiples.items():
            if v < TARGETS["multiples"]:
                out.append(f"multiples of five at {cell}: {v:.0%}")
        if self.big_five_up_3 < TARGETS["five-up-3-big"]:
            out.append(f"Five-Up 3 totals of 20+: {self.big_five_up_3:.0%}")
        for cell, v in self.play_score_zero.items():
            if v > TARGETS["play-score-zero"]:
                out.append(f"play-score answer 0 at {cell}: {v:.0%}")
        for cell, v in self.two_scores.items():
            if v < TARGETS["two-scores"]:
                out.append(f"best-play two non-zero scores at {cell}: {v:.0%}")
        for cell, v in self.every_end.items():
            if v > TARGETS["every-end"]:
                out.append(f"counted-ends every end at {cell}: {v:.0%}")
        if self.named < TARGETS["named"]:
            out.append(f"named wrong choices: {self.named:.0%}")
        return out


def measure(n: int, start: int = 0) -> Shape:
    shape = Shape()
    named = wrong = 0
    for stage in STAGES:
        for level in LEVELS:
            cell = (stage, level)
            seeds = range(start, start + n)
            totals = []
            for s in seeds:
                p = generate("open-total", stage=stage, level=level, seed=s)
                totals.append(p.answer)
                named += sum(m[1] != "adding" for m in p.mistakes)
                wrong += len(p.mistakes)
            shape.mean_total[cell] = sum(totals) / n
            shape.multiples[cell] = sum(t > 0 and t % 5 == 0 for t in totals) / n
            if cell == ("five-up", 3):
                shape.big_five_up_3 = sum(t >= 20 for t in totals) / n
            zero = 0
            for s in seeds:
                p = generate("play-score", stage=stage, level=level, seed=s)
                zero += p.answer == 0
                named += sum(m[1] != "adding" for m in p.mistakes)
                wrong += len(p.mistakes)
            shape.play_score_zero[cell] = zero / n
            if level >= 2:
                two = 0
                for s in seeds:
                    p = generate("best-play", stage=stage, level=level, seed=s)
                    lay = p.board
                    pts = {play_points(t) for _, t in lay.totals_after(list(p.hand))}
                    two += len(pts - {0}) >= 2
                shape.two_scores[cell] = two / n
            every = 0
            for s in seeds:
                p = generate("counted-ends", stage=stage, level=level, seed=s)
                blanks = {e.id for e in p.board.open_ends if blank(e)}
                every += {c.value for c in p.choices} - blanks == set(p.answer)
            shape.every_end[cell] = every / n
            for kind in ("hand-rounding", "nearest-five", "make-five"):
                for s in seeds:
                    p = generate(kind, stage=stage, level=level, seed=s)
                    named += sum(m[1] != "adding" for m in p.mistakes)
                    wrong += len(p.mistakes)
    shape.named = named / wrong if wrong else 1.0
    return shape
