"""Server time of practice interactions, beside a one-button Streamlit app (both via AppTest); and a child's
first page load under ``make serve`` in a real browser (:mod:`benchmarks.firstload`)."""

from __future__ import annotations

import os
import statistics
import time

from streamlit.testing.v1 import AppTest

from benchmarks import firstload

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP = os.path.join(ROOT, "trainer", "web", "app.py")
ONE_BUTTON = "import streamlit as st\nst.button('Next', key='next')\n"


def _timed(step) -> float:
    t = time.perf_counter()
    step()
    return time.perf_counter() - t


def run(cycles: int = 40, rounds: int = 7) -> list[tuple[str, str, str]]:
    simple = AppTest.from_string(ONE_BUTTON, default_timeout=30).run()
    practice = AppTest.from_file(APP, default_timeout=30).run()
    practice.pills(key="p_kind").set_value("open-total").run()  # typed answers, as a child types them

    def answer() -> None:
        puzzle = practice.session_state["practice"].puzzle
        practice.text_input(key=f"n-{puzzle.code}").set_value(str(puzzle.answer))
        practice.form_submit_button[0].click().run()

    def next_puzzle() -> None:
        practice.button(key="next").click().run()

    def click() -> None:
        simple.button(key="next").click().run()

    base, answers, nexts = [], [], []
    for _ in range(rounds):  # interleaved, so all see the same machine load
        b, a, n = [], [], []
        for _ in range(cycles):
            b.append(_timed(click))
            a.append(_timed(answer))
            n.append(_timed(next_puzzle))
            assert not practice.exception
        base.append(statistics.median(b))
        answers.append(statistics.median(a))
        nexts.append(statistics.median(n))
    # round by round, because the machine's speed drifts
    ratios = sorted((a + n) / (2 * b) for a, n, b in zip(answers, nexts, base))
    ratio = ratios[len(ratios) // 2]
    med = lambda xs: statistics.median(xs) * 1000  # noqa: E731
    return [
        ("app: one-button app, click → rerun (ms)", f"{med(base):.1f}", "AppTest, median"),
        ("app: practice, answer a puzzle (ms)", f"{med(answers):.1f}", "check, record, feedback and working"),
        ("app: practice, next puzzle (ms)", f"{med(nexts):.1f}", "new puzzle, its picture and widgets"),
        ("app: practice interaction ÷ one-button", f"{ratio:.2f}×",
         "mean of the two; target ≤ 3×: " + ("met" if ratio <= 3 else "MISSED")),
        *firstload.run(),
    ]
