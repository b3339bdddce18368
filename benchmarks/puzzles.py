"""Puzzles per second for each kind, and the slowest of 1,000 generations."""

from __future__ import annotations

import gc
import statistics
import time

from puzzles import KINDS, STAGES, generate


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
    return rows
