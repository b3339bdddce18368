"""The app started for real-browser and over-the-wire tests: one ``streamlit run`` on a free
loopback port, waited for until healthy, stopped afterwards."""

from __future__ import annotations

import subprocess
import time
from dataclasses import dataclass

from trainer.serve import free_port, healthy, launch_app


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


def past_worked_example(page, timeout: float = 60.0) -> None:
    """Press "My turn!" on a first puzzle's worked example until the example has gone.

    A click that lands while the page is still drawing can be lost on a busy machine, so the
    button is pressed again (it only ever moves past the example) until the example is gone.
    """
    example = page.get_by_text("Watch how it works first")
    button = page.get_by_role("button", name="My turn!")
    button.first.wait_for(timeout=timeout * 1000)
    deadline = time.time() + timeout
    while time.time() < deadline:
        if button.count():
            try:
                button.first.click(timeout=5000)
            except Exception:  # drawn away between the count and the click
                pass
        try:
            example.first.wait_for(state="detached", timeout=8000)
            settled(page)
            return
        except Exception:
            continue
    raise AssertionError("the worked example did not go away after pressing My turn!")


def settled(page, timeout: float = 30000) -> None:
    """Wait until the page's script has finished and nothing on it is left over from before."""
    page.wait_for_function(
        "() => !document.querySelector('[data-stale=\"true\"]') && "
        "!document.querySelector('[data-test-script-state=\"running\"]')",
        timeout=timeout,
    )
