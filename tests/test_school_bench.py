"""The school benchmark's rerun measure (benchmarks/school.py) on one app process: it opens the idle pages,
answers and presses Next right, batch by batch, and counts what it did."""

from __future__ import annotations

import tempfile

from benchmarks import classroom, school
from trainer.store import open_store


def test_reruns_among_open_pages_are_counted_batch_by_batch(monkeypatch):
    monkeypatch.setattr(school, "RERUN_BATCHES", 2)
    monkeypatch.setattr(school, "measured", lambda pids, run: (run(), (0.002, 1.0))[1])  # no idle wait here
    db = f"sqlite:///{tempfile.mkdtemp(prefix='fives-school-')}/fives.db"
    open_store(db).engine.dispose()
    server = classroom.OneServer(db)
    try:
        r = school.reruns(server, open_sessions=3, learners=2, rounds=2)
    finally:
        server.stop()
    assert r.errors == []
    assert r.clicks == 2 * 2 * 2 * 2  # batches × rounds × learners × (answer + Next)
    assert r.batches == [0.002 / 8, 0.002 / 8] and r.cpu_per_rerun == 0.002 / 8
    row = school.rerun_rows(r)[0]
    assert row[0] == "school: server CPU per rerun among 3 open pages (ms)" and row[1] == "0.2" and ": met" in row[2]


def test_the_one_button_yardstick_is_the_median_of_its_batches(monkeypatch):
    """A real one-button app, clicked batch by batch; each batch's CPU comes from the stand-in measure below,
    and the yardstick is their median, not one batch's figure."""
    from benchmarks import onebutton

    busy = iter([0.030, 0.002, 0.004])  # seconds of CPU per batch of 2 pages × 2 clicks: 7.5, 0.5, 1 ms a click
    monkeypatch.setattr(onebutton, "measured", lambda pids, run: (run(), (next(busy), 1.0))[1])
    assert onebutton.rerun_cpu(sessions=2, clicks=2, batches=3) == 0.004 / 4
