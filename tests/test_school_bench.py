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
    """A real one-button app, clicked batch by batch; each batch's CPU comes from the stand-in process clock
    below (read before and after the batch's clicks), and the yardstick is their median, not one batch's figure."""
    from benchmarks import onebutton

    # the process's CPU seconds, read before and after each batch of 2 pages × 2 clicks: 7.5, 0.5, 1 ms a click
    clock = iter([0.0, 0.030, 0.0, 0.002, 0.0, 0.004])
    idled = []

    async def idle(self, seconds: float = 3.0) -> None:  # nothing burnt while idle (and no 3 s wait)
        idled.append(seconds)

    monkeypatch.setattr(onebutton, "cpu_seconds", lambda pids: next(clock))
    monkeypatch.setattr(onebutton.OneButton, "idle", idle)
    assert onebutton.rerun_cpu(sessions=2, clicks=2, batches=3) == 0.004 / 4
    assert len(idled) == 3  # the idle CPU is measured again before each batch
