"""What the benchmarks measure a server with: the CPU a family of processes spent on a load, with what they spend
doing nothing taken off, and percentiles. One module every benchmark imports (:mod:`benchmarks.classroom`,
:mod:`benchmarks.school`, :mod:`benchmarks.tables`, :mod:`benchmarks.onebutton`), importing none of them."""

from __future__ import annotations

import os
import time
from collections.abc import Callable


def _stat(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def cpu_seconds(pids: list[int]) -> float:
    """CPU time (user + system) of these processes and every process under them, the running ones
    and the finished ones their parents have waited for, in seconds."""
    parent: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if name.isdigit() and (fields := _stat(int(name))) is not None:
            parent[int(name)] = int(fields[1])
    family = set(pids)
    grew = True
    while grew:
        more = {p for p, pp in parent.items() if pp in family and p not in family}
        family |= more
        grew = bool(more)
    ticks = 0
    for pid in family:
        fields = _stat(pid)
        if fields is not None:
            ticks += sum(int(x) for x in fields[11:15])  # utime, stime, cutime, cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def measured(pids: list[int], run: Callable[[], object]) -> tuple[float, float]:
    """Run ``run`` and return the CPU seconds these processes spent on it and the seconds it took: what they
    burn doing nothing (timers, health checks) is measured for 3 s first and taken off."""
    idle_from, t0 = cpu_seconds(pids), time.perf_counter()
    time.sleep(3.0)
    idle_rate = (cpu_seconds(pids) - idle_from) / (time.perf_counter() - t0)
    before, t1 = cpu_seconds(pids), time.perf_counter()
    run()
    took = time.perf_counter() - t1
    return max(0.0, cpu_seconds(pids) - before - idle_rate * took), took


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]
