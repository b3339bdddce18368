"""The yardstick of the school's figures: a one-button Streamlit app served by plain ``streamlit run`` (none of
the app's patches; the server settings of the app's ``.streamlit/config.toml``, :data:`SETTINGS`), clicked over
the wire as the school's learners click, its server CPU a click measured as the school's is
(:func:`benchmarks.measuring.measured`, idle CPU taken off). A figure of this machine divided by another of the
same machine, in the same run, carries from one machine to another; the absolute one does not."""

from __future__ import annotations

import asyncio
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

from benchmarks.measuring import measured
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


def rerun_cpu(sessions: int = 10, clicks: int = 30, batches: int = BATCHES) -> float:
    """Server CPU seconds of one click on the one-button app (``sessions`` pages open, each clicked ``clicks``
    times, one click after another), the median of ``batches`` such rounds."""
    folder = tempfile.mkdtemp(prefix="fives-one-button-")
    script = os.path.join(folder, "one_button.py")
    with open(script, "w") as f:
        f.write(ONE_BUTTON)
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", script, "--server.headless", "true", "--server.address",
         "127.0.0.1", "--server.port", str(port), "--browser.gatherUsageStats", "false", *SETTINGS],
        cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.time() + 60
        while time.time() < deadline and not healthy(port):
            time.sleep(0.3)
        url = f"http://127.0.0.1:{port}"
        pages: list[Session] = []
        done = 0

        async def open_all() -> None:
            for _ in range(sessions):
                pages.append(Session(url))
                await pages[-1].connect()

        async def click_all() -> None:
            nonlocal done
            for _ in range(clicks):
                for s in pages:
                    button = s.find("button", label="Next")
                    if button is None:
                        raise RuntimeError("the one-button app has no button")
                    await s.click(button)
                    done += 1

        async def close_all() -> None:
            for s in pages:
                await s.close()

        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(open_all())
            loop.run_until_complete(click_all())  # the first clicks warm the process
            each = []
            for _ in range(batches):
                done = 0
                busy, _ = measured([proc.pid], lambda: loop.run_until_complete(click_all()))
                each.append(busy / max(1, done))
        finally:
            loop.run_until_complete(close_all())
            loop.close()
        return statistics.median(each)
    finally:
        stop_process(proc, timeout=20)
