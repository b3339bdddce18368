"""Puzzles per second for each kind, and the slowest of 1,000 generations."""

from __future__ import annotations

import gc
import statistics
import time

from puzzles import KINDS, STAGES, generate
from puzzles.shape import TARGETS, measure


def _timed(kind: str, stage: str, level: int, seed: int) -> float:
    t = time.perf_counter()
    generate(kind, stage=stage, level=level, seed=seed)
    return time.perf_counter() - t


def run(per_kind: int = 1000) -> list[tuple[str, str, str]]:
    rows = []
    worst_all = 0.0
    gc.disable()  # collector pauses are the machine's, not the generator's
    try:
        for kind in KINDS:
            times = []
            for i in range(per_kind):
                stage, level = STAGES[i % 3], 1 + (i // 3) % 3
                # puzzles are deterministic: the best of five runs of the same one removes
                # scheduler noise from "the slowest puzzle"
                times.append(min(_timed(kind, stage, level, i) for _ in range(5)))
            rate = len(times) / sum(times)
            worst = max(times) * 1000
            worst_all = max(worst_all, worst)
            rows.append((f"puzzles: {kind} per second (median ms)",
                         f"{rate:,.0f}", f"median {statistics.median(times) * 1000:.2f} ms, "
                                         f"slowest {worst:.2f} ms of {per_kind}"))
    finally:
        gc.enable()
    rows.append(("puzzles: slowest generation, any kind", f"{worst_all:.2f} ms",
                 "target < 5 ms: " + ("met" if worst_all < 5 else "MISSED")))
    rows.extend(shape_rows(per_kind))
    return rows


def shape_rows(n: int) -> list[tuple[str, str, str]]:
    """What the puzzles ask, over ``n`` puzzles per kind × stage × level, beside the targets."""
    s = measure(n)
    cells = sorted(s.mean_total, key=lambda c: (STAGES.index(c[0]), c[1]))

    def span(d: dict) -> str:
        return f"{min(d.values()):.0%}–{max(d.values()):.0%}"

    means = ", ".join(f"{st} {' < '.join(f'{s.mean_total[(st, lv)]:.1f}' for lv in (1, 2, 3))}" for st in STAGES)
    ok = lambda good: "met" if good else "MISSED"  # noqa: E731
    return [
        ("puzzles: open-total mean by level", "rising" if s.rising() else "NOT rising", means),
        ("puzzles: open-total multiples of five", span(s.multiples),
         f"every stage and level; target ≥ {TARGETS['multiples']:.0%}: "
         + ok(min(s.multiples.values()) >= TARGETS["multiples"])),
        ("puzzles: Five-Up 3 totals of 20+", f"{s.big_five_up_3:.0%}",
         f"target ≥ {TARGETS['five-up-3-big']:.0%}: " + ok(s.big_five_up_3 >= TARGETS["five-up-3-big"])),
        ("puzzles: play-score answer 0", span(s.play_score_zero),
         f"target ≤ {TARGETS['play-score-zero']:.0%}: "
         + ok(max(s.play_score_zero.values()) <= TARGETS["play-score-zero"])),
        ("puzzles: best-play L2–3 two non-zero scores", span(s.two_scores),
         f"target ≥ {TARGETS['two-scores']:.0%}: " + ok(min(s.two_scores.values()) >= TARGETS["two-scores"])),
        ("puzzles: counted-ends every end counts", span(s.every_end),
         f"target ≤ {TARGETS['every-end']:.0%}: " + ok(max(s.every_end.values()) <= TARGETS["every-end"])),
        ("puzzles: wrong choices that are named mistakes", f"{s.named:.0%}",
         f"target ≥ {TARGETS['named']:.0%}: " + ok(s.named >= TARGETS["named"])),
        ("puzzles: shape sample", f"{n} per cell", f"{len(cells)} stage × level cells, seeds 0–{n - 1}"),
    ]
