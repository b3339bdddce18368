"""The app started for real-browser and over-the-wire tests: one ``streamlit run`` on a free
loopback port, waited for until healthy, stopped afterwards."""

from __future__ import annotations

import subprocess
import tempfile
import time
from dataclasses import dataclass

from trainer.serving.serve import free_port, healthy, launch_app, stop_process


@dataclass
class AppServer:
    proc: subprocess.Popen
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        stop_process(self.proc)


def fresh_database(name: str) -> str:
    """An empty SQLite store of a test file's own (``name`` marks its folder)."""
    return f"sqlite:///{tempfile.mkdtemp(prefix=f'fives-{name}-')}/fives.db"


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
