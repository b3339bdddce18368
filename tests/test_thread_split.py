"""Where a server's CPU went, thread by thread (benchmarks/measuring.py): the main thread, the threads that ran
throughout, and those that came and went between two readings (a script run's thread, each)."""

from __future__ import annotations

import os
import threading
import time

from benchmarks.measuring import split, thread_cpu


def burn(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_the_cpu_of_a_thread_that_ran_throughout_and_of_one_that_came_and_went_are_told_apart():
    started, go, done = threading.Event(), threading.Event(), threading.Event()

    def driver() -> None:  # alive at both readings, as a driver or a listener is
        started.set()
        go.wait(10)
        burn(0.3)
        done.set()
        time.sleep(1)

    lasting = threading.Thread(target=driver, daemon=True)
    lasting.start()
    assert started.wait(10)
    before = thread_cpu([os.getpid()])
    go.set()
    assert done.wait(30)
    run = threading.Thread(target=burn, args=(0.3,))  # a script run's thread: it starts and ends between
    run.start()
    run.join()
    after = thread_cpu([os.getpid()])
    went = split(before, after)
    assert 0.25 <= went["others"] <= 0.45, went
    assert 0.25 <= went["runs"] <= 0.45, went
    assert went["main"] < 0.2, went  # this thread only waited
    assert abs(sum(went.values()) - (after["process"] - before["process"])) < 1e-9
    lasting.join(5)
