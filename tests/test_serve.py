"""``make serve``: two app processes behind HAProxy. Each browser session sticks to one process
across reruns and reconnects; restarting one process leaves the other's sessions running; a process
that dies comes back; a rolling restart of all of them never leaves the balancer without a server."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

import pytest

from benchmarks.wsclient import Session
from puzzles import from_code
from trainer.serve import free_port, haproxy_path, healthy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pytestmark = [
    pytest.mark.skipif(haproxy_path() is None, reason="HAProxy is not installed (apt-get install haproxy)"),
    pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed"),
]


@pytest.fixture(scope="module")
def served():
    port = free_port()
    marker = os.path.join(tempfile.mkdtemp(), "run-dir")
    # exactly what a teacher types, with two processes
    proc = subprocess.Popen(["make", "-s", "serve", "N=2", f"PORT={port}"], cwd=ROOT,
                            env=dict(os.environ, HOST="127.0.0.1", FIVES_SERVE_RUN_DIR_FILE=marker),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.time() + 90
    while time.time() < deadline and not (os.path.exists(marker) and healthy(port)):
        if proc.poll() is not None:
            pytest.fail("make serve stopped while starting")
        time.sleep(0.3)
    with open(marker) as f:
        run_dir = f.read().strip()
    yield port, run_dir
    os.killpg(proc.pid, signal.SIGTERM)  # Ctrl+C's cousin, to make and everything under it
    proc.wait(timeout=30)


def cookie_for(port: int) -> str:
    """A first visit: HAProxy picks a process and names it in a cookie."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as r:
        header = r.headers.get("Set-Cookie", "")
    return header.split(";", 1)[0]


def pids(run_dir: str) -> dict[str, int]:
    with open(os.path.join(run_dir, "state.json")) as f:
        return {k: v["pid"] for k, v in json.load(f)["processes"].items()}


async def answer_and_next(s: Session, right: bool = True) -> str:
    """Answer (right, or five too many), then go on; returns the page's text just after the answer."""
    p = from_code(s.param("code"))
    await s.type_and_submit(s.find("text_input"), str(p.answer if right else p.answer + 5),
                            s.find("button", label="Check"))
    assert s.said_right() == right, s.alerts()
    page = s.texts()
    await s.click(s.find("button", label="Next puzzle"))
    return page


def served_by(s: Session) -> str:
    return s.ws.response.headers.get("X-Fives-Server", "")


def test_sessions_stick_to_their_process_survive_restarts_and_the_class_always_has_a_server(served):
    port, run_dir = served
    cookies = {}
    for _ in range(6):
        c = cookie_for(port)
        cookies.setdefault(c.split("=", 1)[1], c)
    assert set(cookies) == {"app1", "app2"}  # visits are spread over both processes

    async def scenario() -> None:
        url = f"http://127.0.0.1:{port}"
        a = Session(url, cookies=cookies["app1"])
        b = Session(url, cookies=cookies["app2"])
        for s in (a, b):
            await s.connect()
            await s.choose(s.find("button_group", label="Puzzle"), "What's the open-end total?")
        assert (served_by(a), served_by(b)) == ("app1", "app2")
        await answer_and_next(a, right=False)  # the client tells a wrong verdict from a right one
        for _ in range(3):
            await answer_and_next(a)
            await answer_and_next(b)
        # a reconnect with the cookie (a reload) goes back to the same process
        again = Session(url, cookies=cookies["app1"])
        await again.connect()
        assert served_by(again) == "app1"
        await again.close()

        before = pids(run_dir)
        # the documented command: python -m trainer.serve restart 1
        subprocess.run([sys.executable, "-m", "trainer.serve", "restart", "1", "--run-dir", run_dir], cwd=ROOT,
                       check=True, timeout=30)
        answered = 3
        deadline = time.time() + 60
        while time.time() < deadline and pids(run_dir)["1"] == before["1"]:
            await answer_and_next(b)  # the other process's session goes on all the while
            answered += 1
            await asyncio.sleep(0.2)
        assert pids(run_dir)["1"] != before["1"] and pids(run_dir)["2"] == before["2"]
        page = await answer_and_next(b)
        answered += 1
        # b's session kept everything: its streak counts every answer since it began
        assert f"{answered} right in a row" in page, page
        # the restarted process takes its browsers again
        fresh = Session(url, cookies=cookies["app1"])
        await fresh.connect()
        assert served_by(fresh) == "app1"
        await fresh.choose(fresh.find("button_group", label="Puzzle"), "What's the open-end total?")
        await answer_and_next(fresh)
        for s in (a, b, fresh):
            await s.close()

    asyncio.run(asyncio.wait_for(scenario(), 150))
    # one test, one pair of processes (the suite runs on two workers)
    a_process_that_dies_comes_back_and_a_rolling_restart_never_leaves_the_class_without_a_server(port, run_dir)


def a_process_that_dies_comes_back_and_a_rolling_restart_never_leaves_the_class_without_a_server(port, run_dir):
    url = f"http://127.0.0.1:{port}"
    before = pids(run_dir)
    os.kill(before["1"], signal.SIGKILL)
    deadline = time.time() + 60
    while time.time() < deadline and pids(run_dir)["1"] == before["1"]:
        time.sleep(0.3)
    assert pids(run_dir)["1"] != before["1"] and pids(run_dir)["2"] == before["2"]

    async def lands_on(cookie: str) -> str:
        s = Session(url, cookies=cookie)
        await s.connect()
        await s.choose(s.find("button_group", label="Puzzle"), "What's the open-end total?")
        await answer_and_next(s)
        await s.close()
        return served_by(s)

    assert asyncio.run(asyncio.wait_for(lands_on("FIVESSRV=app1"), 60)) == "app1"

    # every process in turn (what SIGHUP does); the balancer answers throughout
    before = pids(run_dir)
    subprocess.run([sys.executable, "-m", "trainer.serve", "restart", "--run-dir", run_dir], cwd=ROOT,
                   check=True, timeout=30)
    checks, down = 0, 0
    deadline = time.time() + 90
    while time.time() < deadline and any(pids(run_dir)[k] == before[k] for k in before):
        checks += 1
        down += not healthy(port)
        time.sleep(0.1)
    after = pids(run_dir)
    assert after["1"] != before["1"] and after["2"] != before["2"]
    assert checks >= 5 and down == 0
    for k in ("1", "2"):
        assert asyncio.run(asyncio.wait_for(lands_on(f"FIVESSRV=app{k}"), 60)) == f"app{k}"
