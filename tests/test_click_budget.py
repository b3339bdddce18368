"""What an answer and a Next on Practice cost, counted (benchmarks/clicks.py): the script runs, the messages to
the browser, the elements among them, the database statements, the calls from a run's thread to the event
loop and the writes to the socket. A change that makes a click cost more of any fails here; one that makes
it cost less lowers the budget with it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BUDGET = {
    "guest": {
        "answer": {"runs": 1, "messages": 14, "elements": 10, "statements": 1, "loop_calls": 3, "writes": 3},
        "next": {"runs": 1, "messages": 18, "elements": 13, "statements": 0, "loop_calls": 4, "writes": 3},
    },
    "signed in": {
        "answer": {"runs": 1, "messages": 14, "elements": 10, "statements": 4, "loop_calls": 5, "writes": 3},
        "next": {"runs": 1, "messages": 18, "elements": 13, "statements": 1, "loop_calls": 4, "writes": 4},
    },
}
"""The most each click may take, as counted today (a guest's answers are not stored; a signed-in learner's
are). ``loop_calls``: a run's thread calls the event loop for its start and end, not for each message;
``writes``: a run's messages reach the socket in a write or two, not one system call each."""


def counted(*args: str, **env: str) -> dict[str, dict[str, int]]:
    """The counts of ``python -m benchmarks.clicks``, in a process of its own (it serves the app in-process)."""
    done = subprocess.run([sys.executable, "-m", "benchmarks.clicks", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, env={**os.environ, "PYTHONPATH": ROOT, **env})
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def over(budget: dict[str, dict[str, int]], got: dict[str, dict[str, int]]) -> list[str]:
    return [f"{click} {kind}: {got[click][kind]} > {most}" for click, kinds in budget.items()
            for kind, most in kinds.items() if got[click][kind] > most]


@pytest.mark.parametrize("who", ["guest", "signed in"])
def test_an_answer_and_a_next_stay_within_their_budget(who):
    got = counted(*(["--signed-in"] if who == "signed in" else []))
    assert over(BUDGET[who], got) == [], f"a click costs more than its budget: {got}"


def test_the_budget_counts_what_the_runtime_patches_save():
    """Without the patches (Streamlit's own code, as when a guard falls back to it) each message calls the
    loop and goes down the socket in a write of its own: the counts see it."""
    got = counted(FIVES_PATCHES="off")
    assert over(BUDGET["guest"], got) != []
    assert got["next"]["loop_calls"] >= got["next"]["messages"] - 2
