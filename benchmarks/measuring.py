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


def _ticks(path: str) -> int | None:
    try:
        with open(path) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime, stime
    except (OSError, IndexError, ValueError):
        return None


def thread_cpu(pids: list[int]) -> dict[str, float]:
    """What these (Python app) processes and each of their threads running now spent so far, in seconds:
    ``"process"`` all of it (the finished threads too), ``"main <pid>"`` a main thread (the event loop, which
    sends every message), ``"<pid>/<tid>"`` another thread. :func:`split` turns two readings into where a load's
    CPU went."""
    out = {"process": 0.0}
    hz = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        whole = _ticks(f"/proc/{pid}/stat")
        if whole is None:
            continue
        out["process"] += whole / hz
        try:
            tids = [int(t) for t in os.listdir(f"/proc/{pid}/task")]
        except OSError:
            continue
        for tid in tids:
            ticks = _ticks(f"/proc/{pid}/task/{tid}/stat")
            if ticks is not None:
                out[f"main {pid}" if tid == pid else f"{pid}/{tid}"] = ticks / hz
    return out


def split(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    """Where the CPU between two :func:`thread_cpu` readings went: ``"main"``, the main threads; ``"others"``, the
    threads running at both readings (a driver, a listener); ``"runs"``, the rest: the threads that came between
    (a script run's thread, each: Streamlit starts one a run)."""
    main = sum(v - before.get(k, 0.0) for k, v in after.items() if k.startswith("main "))
    others = sum(v - before[k] for k, v in after.items() if "/" in k and k in before)
    whole = after["process"] - before["process"]
    return {"main": main, "others": others, "runs": max(0.0, whole - main - others)}


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
