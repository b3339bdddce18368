"""The app started for real-browser and over-the-wire tests: one ``streamlit run`` on a free
loopback port, waited for until healthy, stopped afterwards."""

from __future__ import annotations

import subprocess
import time
from dataclasses import dataclass

from trainer.serving.serve import free_port, healthy, launch_app


@dataclass
class AppServer:
    proc: subprocess.Popen
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def start(**env: str) -> AppServer:
    """Start the app (extra environment variables as keywords); ``RuntimeError`` if it does not come up."""
    port = free_port()
    proc = launch_app(port, **env)
    deadline = time.time() + 60
    while time.time() < deadline:
        if healthy(port):
            return AppServer(proc, port)
        if proc.poll() is not None:
            break
        time.sleep(0.3)
    proc.kill()
    raise RuntimeError("the app did not start")


def past_worked_example(page, timeout: float = 90.0) -> None:
    """Press "My turn!" on a first puzzle's worked example if it is open, once the page has settled,
    and wait until the example has gone (a folded example is left folded). On a very busy machine a
    press can go unanswered: if the page has settled and the example is still there, it is pressed again, as a
    child would (moving past an example twice is the same as once)."""
    button = page.get_by_role("button", name="My turn!")
    example = page.get_by_text("Watch how it works first").first
    settled(page, timeout * 1000)
    if not button.first.is_visible():  # folded beside the choosers: it does not stand in the way
        return
    deadline = time.time() + timeout
    while True:
        settled(page, timeout * 1000)
        if not example.count():
            return
        if time.time() > deadline:
            raise AssertionError("the worked example did not go away after pressing My turn!")
        button.first.click()
        try:
            example.wait_for(state="detached", timeout=20000)
        except Exception:
            continue  # unanswered: press again once the page has settled


def settled(page, timeout: float = 30000, quiet: float = 0.8) -> None:
    """Wait until the page's script has finished, nothing on it is left over from before, and it
    stays so for ``quiet`` seconds (a component that reports on mounting reruns the page once more)."""
    check = ("() => !document.querySelector('[data-stale=\"true\"]') && "
             "!document.querySelector('[data-test-script-state=\"running\"]')")
    deadline = time.time() + timeout / 1000
    while True:
        page.wait_for_function(check, timeout=max(1000.0, (deadline - time.time()) * 1000))
        time.sleep(quiet)
        if page.evaluate(check) or time.time() > deadline:
            return


def until_shown(page, act, shown, *, tries: int = 3, wait: float = 20000) -> None:
    """Do ``act`` (taps on the page) once the page has settled, until ``shown`` appears. On a very
    busy machine a tap can go unanswered; then, with the page settled again, it is done again, as
    a child would tap again."""
    for attempt in range(tries):
        settled(page, 60000)
        if attempt and shown.count():
            return
        act()
        try:
            shown.wait_for(timeout=wait)
            return
        except Exception:
            if attempt == tries - 1:
                raise


CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium: the browser the real-browser tests drive (never a downloaded one)."""


def launch_browser(pw):
    """Chromium for a test, through Playwright's ``sync_playwright()`` object ``pw``."""
    return pw.chromium.launch(executable_path=CHROMIUM,
                              args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])

