"""What an answer and a Next on Practice cost, counted (benchmarks/clicks.py): the script runs, the messages to
the browser, the elements among them and the database statements, each held to a budget; the calls from a
run's thread to the event loop and the writes to the socket, held to a share of the messages. A change that
makes a click cost more fails here; one that makes it cost less lowers the budget with it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BUDGET = {
    "guest": {
        "answer": {"runs": 1, "messages": 16, "elements": 12, "statements": 1},
        "next": {"runs": 1, "messages": 19, "elements": 14, "statements": 1},
    },
    "signed in": {
        "answer": {"runs": 1, "messages": 15, "elements": 11, "statements": 4},
        "next": {"runs": 1, "messages": 19, "elements": 14, "statements": 1},
    },
}
"""The most each click may take, as counted today (a guest's answers are not stored; a signed-in learner's
are, three statements; the page also asks the store whether it is back, now and then: one more). One element
and its message of each are the slot where a session's first pictures are drawn before the board's script
has run (``ui.first_paint``): kept, empty, in later runs so that nothing below it is sent again. A guest's answer
sends one element and message more: the tab's copy of their answers (``trainer.web.device.keep_guest``), which
a reload of the tab picks up."""
PER_MESSAGE = 0.5
"""The most calls from a run's thread to the event loop, and writes to the socket, a click may take for each
message it sends. How many there are depends on timing (a run's start and end call the loop, and a message
that comes while nobody watches the line; a turn of the loop writes what it has), so they are held to a
share of the messages: Streamlit's own code takes one of each for every message."""


def counted(*args: str, **env: str) -> dict[str, Any]:
    """The counts of ``python -m benchmarks.clicks``, in a process of its own (it serves the app in-process)."""
    done = subprocess.run([sys.executable, "-m", "benchmarks.clicks", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, env={**os.environ, "PYTHONPATH": ROOT, **env})
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def over(budget: dict[str, dict[str, int]], got: dict[str, dict[str, int]]) -> list[str]:
    counts = [f"{click} {kind}: {got[click][kind]} > {most}" for click, kinds in budget.items()
              for kind, most in kinds.items() if got[click][kind] > most]
    shares = [f"{click} {kind}: {got[click][kind]} > {PER_MESSAGE:g} × {got[click]['messages']} messages"
              for click in budget for kind in ("loop_calls", "writes")
              if got[click][kind] > PER_MESSAGE * got[click]["messages"]]
    return counts + shares


@pytest.mark.parametrize("who", ["guest", "signed in"])
def test_an_answer_and_a_next_stay_within_their_budget(who):
    got = counted(*(["--signed-in"] if who == "signed in" else []))
    assert over(BUDGET[who], got) == [], f"a click costs more than its budget: {got}"


def test_the_budget_counts_what_the_runtime_patches_save():
    """Without the patches (Streamlit's own code, as when a guard falls back to it) the same runs, messages
    and elements reach the browser, but each message calls the loop and goes down the socket in a write of
    its own: the counts see it."""
    got = counted(FIVES_PATCHES="off")
    assert over(BUDGET["guest"], got) != []
    for click in ("answer", "next"):  # the same page reaches the browser
        assert [got[click][k] for k in ("runs", "messages", "elements")] == [
            BUDGET["guest"][click][k] for k in ("runs", "messages", "elements")]
    assert got["next"]["loop_calls"] >= got["next"]["messages"] - 2 and got["next"]["writes"] >= got["next"]["messages"]


def test_each_kind_of_run_a_learner_makes_is_timed_on_its_own():
    """``python -m benchmarks.clicks --runs N`` (docs/benchmarks.md, "Where a click's CPU goes"): the script's
    CPU for each run of a learner's morning, an opening's three and a click's two, every one of them seen."""
    got = counted("--runs", "3")
    assert list(got) == ["first", "unfold", "choose", "answer", "next"]
    assert all(isinstance(ms, float) and 0 < ms < 1000 for ms in got.values()), got
