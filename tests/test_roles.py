"""One machine's part of a district, as its command line runs it: ``python -m trainer.serving balancer``
is HAProxy in the foreground in front of ``host:port`` backends, ``python -m trainer.serving state K
drain|ready|maint`` changes what it does with app machine K, and SIGTERM stops it. (The whole district,
app machines included, is ``tests/test_district.py``.)"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from trainer.serving.serve import admin, free_port, haproxy_path, server_status

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pytestmark = pytest.mark.skipif(haproxy_path() is None, reason="HAProxy is not installed (apt-get install haproxy)")


DRAINING = 0x08
"""HAProxy's ``srv_admin_state`` bit for a server drained from the runtime socket."""


def admin_state(run_dir: str, server: str) -> int:
    """A server's administrative state, as HAProxy's ``show servers state`` gives it."""
    lines = admin(run_dir, "show servers state app").splitlines()
    head = lines[1].lstrip("# ").split()
    rows = [dict(zip(head, line.split())) for line in lines[2:] if line.strip()]
    return int(next(r for r in rows if r["srv_name"] == server)["srv_admin_state"])


def serving(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "trainer.serving", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=30, **kw)


def test_the_balancer_runs_in_the_foreground_and_drains_and_readies_a_backend(tmp_path):
    run_dir = str(tmp_path / "balancer")
    backends = [f"127.0.0.1:{free_port()}", f"127.0.0.1:{free_port()}"]  # nobody there: both DOWN
    proc = subprocess.Popen([sys.executable, "-m", "trainer.serving", "balancer", "--port", str(free_port()),
                             "--host", "127.0.0.1", "--run-dir", run_dir,
                             *(arg for b in backends for arg in ("--backend", b))],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 20
        while not os.path.exists(os.path.join(run_dir, "haproxy.sock")) or not server_status(run_dir, 2):
            assert time.time() < deadline and proc.poll() is None, "the balancer did not start"
            time.sleep(0.1)
        with open(os.path.join(run_dir, "haproxy.cfg")) as f:
            config = f.read()
        assert f"server app1 {backends[0]} " in config and f"server app2 {backends[1]} " in config
        assert "option redispatch" in config and "on-marked-down shutdown-sessions" in config
        assert serving("state", "2", "drain", "--run-dir", run_dir).returncode == 0
        assert admin_state(run_dir, "app2") & DRAINING
        assert serving("state", "2", "maint", "--run-dir", run_dir).returncode == 0
        assert server_status(run_dir, 2) == "MAINT"
        assert serving("state", "2", "ready", "--run-dir", run_dir).returncode == 0
        assert server_status(run_dir, 2) != "MAINT"
        assert serving("state", "7", "drain", "--run-dir", run_dir).returncode != 0  # no such machine: said
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)
    assert proc.returncode is not None


def test_an_app_machine_s_command_is_streamlit_on_its_port_and_host():
    answer = serving("app", "--help")
    assert answer.returncode == 0 and "--port" in answer.stdout and "--host" in answer.stdout
    assert serving("balancer").returncode != 0  # a balancer needs its backends
