"""A 40-puzzle worksheet with its answer key, as a PDF."""

from __future__ import annotations

import time

from puzzles.worksheet import make_sheet, worksheet_pdf


def run() -> list[tuple[str, str, str]]:
    times = []
    for seed in range(3):
        t = time.perf_counter()
        worksheet_pdf(make_sheet("five-up", 2, count=40, seed=seed))
        times.append(time.perf_counter() - t)
    worst = max(times)
    return [("worksheet: 40 puzzles with the answer key", f"{worst:.2f} s",
             f"slowest of 3 sheets; target < 2 s: {'met' if worst < 2 else 'MISSED'}")]
