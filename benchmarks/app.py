"""Server time of one practice interaction, beside a one-button Streamlit app (both via AppTest)."""

from __future__ import annotations

import os
import statistics
import time

from streamlit.testing.v1 import AppTest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP = os.path.join(ROOT, "trainer", "app.py")
ONE_BUTTON = "import streamlit as st\nst.button('Next', key='next')\n"


def _median_click(at: AppTest, rounds: int, prepare=None) -> float:
    times = []
    for _ in range(rounds):
        if prepare is not None:
            prepare(at)
        t = time.perf_counter()
        at.button(key="next").click().run()
        times.append(time.perf_counter() - t)
        assert not at.exception
    return statistics.median(times)


def run(rounds: int = 40) -> list[tuple[str, str, str]]:
    simple = AppTest.from_string(ONE_BUTTON, default_timeout=30).run()
    practice = AppTest.from_file(APP, default_timeout=30).run()

    def answer(at: AppTest) -> None:
        pr = at.session_state["practice"]
        pr.answer(pr.puzzle.answer)  # answered, so "Next puzzle" is on the page
        at.run()

    base, ours = [], []
    for _ in range(5):  # interleaved, so both see the same machine load
        base.append(_median_click(simple, rounds))
        ours.append(_median_click(practice, rounds // 2, prepare=answer))
    b, o = min(base), min(ours)
    ratio = o / b
    return [
        ("app: one-button app, click → rerun (ms)", f"{b * 1000:.1f}", "AppTest, median"),
        ("app: practice 'Next puzzle' → rerun (ms)", f"{o * 1000:.1f}", "new puzzle, picture, widgets"),
        ("app: practice ÷ one-button", f"{ratio:.2f}×", "target ≤ 3×: " + ("met" if ratio <= 3 else "MISSED")),
    ]
