"""The yardstick of the school's figures: a one-button Streamlit app served by plain ``streamlit run`` (none of
the app's patches; the server settings of the app's ``.streamlit/config.toml``, :data:`SETTINGS`), clicked over
the wire as the school's learners click, its server CPU a click measured as the school's is (idle CPU
measured first and taken off, as :func:`benchmarks.measuring.measured` does). A figure of this machine
divided by another of the same machine, in the same run, carries from one machine to another; the absolute
one does not."""

from __future__ import annotations

import asyncio
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

from benchmarks.measuring import cpu_seconds
from benchmarks.wsclient import Session
from trainer.serving.serve import free_port, healthy, stop_process

ONE_BUTTON = "import streamlit as st\nst.button('Next', key='next')\n"
"""The app: one button, whose click reruns it."""
SETTINGS = ("--server.fileWatcherType", "none", "--runner.postScriptGC", "false", "--runner.magicEnabled", "false")
"""The settings of the app's own config that change what a rerun costs (Streamlit's defaults watch the source
files and collect all garbage after every run, some 50 ms a click on a two-core machine)."""


def machine() -> str:
    """This machine, as the figures name it: its cores, its CPU's model and its load before the run."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), model)
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{os.cpu_count()} cores, {model}, load average {load:.1f}"


BATCHES = 7
"""Batches of clicks measured; the yardstick is their median (one batch takes a second or two, and on a virtual
machine the same batch measured 1.7–2.3 ms a click back to back: a school's five minutes average that out, one
batch does not)."""


class OneButton:
    """The one-button app served by plain ``streamlit run`` on a free port, with pages open on it, clicked in
    batches: :meth:`batch` gives a batch's server CPU a click. Used as a context manager, it stops the
    process at the end."""

    def __init__(self) -> None:
        folder = tempfile.mkdtemp(prefix="fives-one-button-")
        script = os.path.join(folder, "one_button.py")
        with open(script, "w") as f:
            f.write(ONE_BUTTON)
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", script, "--server.headless", "true", "--server.address",
             "127.0.0.1", "--server.port", str(self.port), "--browser.gatherUsageStats", "false", *SETTINGS],
            cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        self.pages: list[Session] = []
        self.idle_rate = 0.0
        """CPU seconds a second the process burns with nothing to do (:meth:`idle`)."""
        deadline = time.time() + 60
        while time.time() < deadline and not healthy(self.port):
            time.sleep(0.3)

    def __enter__(self) -> OneButton:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    async def open(self, sessions: int) -> None:
        """``sessions`` pages opened on it, each clicked once (the first clicks warm the process)."""
        for _ in range(sessions):
            self.pages.append(Session(f"http://127.0.0.1:{self.port}"))
            await self.pages[-1].connect()
        await self.clicks(1)

    async def clicks(self, clicks: int) -> int:
        """Every page clicked ``clicks`` times, one click after another; how many clicks were made."""
        done = 0
        for _ in range(clicks):
            for s in self.pages:
                button = s.find("button", label="Next")
                if button is None:
                    raise RuntimeError("the one-button app has no button")
                await s.click(button)
                done += 1
        return done

    async def idle(self, seconds: float = 3.0) -> None:
        """Measure what the process burns doing nothing, over ``seconds``, to be taken off :meth:`batch`'s."""
        before, t0 = cpu_seconds([self.proc.pid]), time.perf_counter()
        await asyncio.sleep(seconds)
        self.idle_rate = (cpu_seconds([self.proc.pid]) - before) / (time.perf_counter() - t0)

    async def batch(self, clicks: int) -> float:
        """Server CPU seconds a click over one batch (every page clicked ``clicks`` times), idle CPU taken off."""
        before, t0 = cpu_seconds([self.proc.pid]), time.perf_counter()
        done = await self.clicks(clicks)
        busy = cpu_seconds([self.proc.pid]) - before - self.idle_rate * (time.perf_counter() - t0)
        return max(0.0, busy) / max(1, done)

    async def close(self) -> None:
        for s in self.pages:
            await s.close()
        self.pages.clear()

    def stop(self) -> None:
        stop_process(self.proc, timeout=20)


def rerun_cpu(sessions: int = 10, clicks: int = 30, batches: int = BATCHES) -> float:
    """Server CPU seconds of one click on the one-button app (``sessions`` pages open, each clicked ``clicks``
    times, one click after another), the median of ``batches`` such rounds, each with its own measure of the
    idle CPU taken just before it (:meth:`OneButton.idle`)."""

    async def measure(app: OneButton) -> list[float]:
        try:
            await app.open(sessions)
            await app.clicks(clicks)  # the first clicks warm the process
            each = []
            for _ in range(batches):
                await app.idle()
                each.append(await app.batch(clicks))
            return each
        finally:
            await app.close()

    with OneButton() as app:
        return statistics.median(asyncio.run(measure(app)))
