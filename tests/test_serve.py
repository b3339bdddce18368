"""``make serve``: two app processes behind HAProxy. Each browser session sticks to one process
across reruns and reconnects; restarting one process leaves the other's sessions running; a process
that dies comes back; a rolling restart of all of them never leaves the balancer without a server."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import pytest

from benchmarks.wsclient import Session
from puzzles import from_code
from trainer.serving.forwarded import LOOPBACK
from trainer.serving.serve import (
    COOKIE,
    FORWARDED,
    admin,
    app_command,
    app_environment,
    free_port,
    haproxy_config,
    haproxy_path,
    healthy,
    server_status,
    stop_process,
)
from trainer.store.limits import ADDRESS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pytestmark = [
    pytest.mark.skipif(haproxy_path() is None, reason="HAProxy is not installed (apt-get install haproxy)"),
    pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed"),
]


def wait_started(proc: subprocess.Popen, port: int, marker: str, what: str) -> str:
    """Wait (90 s at most) until the balancer started by ``proc`` answers on ``port`` and has written its run
    folder's path to ``marker``; that path."""
    deadline = time.time() + 90
    while time.time() < deadline and not (os.path.exists(marker) and healthy(port)):
        if proc.poll() is not None:
            pytest.fail(f"{what} stopped while starting")
        time.sleep(0.3)
    with open(marker) as f:
        return f.read().strip()


@pytest.fixture(scope="module")
def served():
    port = free_port()
    folder = tempfile.mkdtemp()
    marker = os.path.join(folder, "run-dir")
    # exactly what a teacher types, with two processes (on a store of this module's own: the misses counted
    # against this computer's address are this module's alone, whatever else runs beside it)
    proc = subprocess.Popen(["make", "-s", "serve", "N=2", f"PORT={port}"], cwd=ROOT,
                            env=dict(os.environ, HOST="127.0.0.1", FIVES_SERVE_RUN_DIR_FILE=marker,
                                     FIVES_DATABASE_URL=f"sqlite:///{folder}/fives.db"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    run_dir = wait_started(proc, port, marker, "make serve")
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


def process_cookies(run_dir: str) -> dict[str, str]:
    """Each process's sticky-cookie value (opaque: it names no backend), by process number."""
    with open(os.path.join(run_dir, "state.json")) as f:
        return {k: v["cookie"] for k, v in json.load(f)["processes"].items()}


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
    """The process that answered the websocket, by its cookie value (``X-Fives-Server``)."""
    return f"{COOKIE}={s.ws.response.headers.get('X-Fives-Server', '')}"


def test_sessions_stick_to_their_process_survive_restarts_and_the_class_always_has_a_server(served):
    port, run_dir = served
    named = process_cookies(run_dir)
    assert all(re.fullmatch(r"[0-9a-f]{16}", v) for v in named.values())  # random, not "app1"
    cookies = {}
    for _ in range(6):
        c = cookie_for(port)
        value = c.split("=", 1)[1]
        cookies.setdefault(next(f"app{k}" for k, v in named.items() if v == value), c)
    assert set(cookies) == {"app1", "app2"}  # visits are spread over both processes
    name = {f"{COOKIE}={v}": f"app{k}" for k, v in named.items()}

    async def scenario() -> None:
        url = f"http://127.0.0.1:{port}"
        a = Session(url, cookies=cookies["app1"])
        b = Session(url, cookies=cookies["app2"])
        for s in (a, b):
            await s.connect()
            await s.choose_puzzle("What's the open-end total?")
        assert (name[served_by(a)], name[served_by(b)]) == ("app1", "app2")
        await answer_and_next(a, right=False)  # the client tells a wrong verdict from a right one
        for _ in range(3):
            await answer_and_next(a)
            await answer_and_next(b)
        # a reconnect with the cookie (a reload) goes back to the same process
        again = Session(url, cookies=cookies["app1"])
        await again.connect()
        assert name[served_by(again)] == "app1"
        await again.close()

        before = pids(run_dir)
        # the documented command: python -m trainer.serving restart 1
        subprocess.run([sys.executable, "-m", "trainer.serving", "restart", "1", "--run-dir", run_dir], cwd=ROOT,
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
        assert name[served_by(fresh)] == "app1"
        await fresh.choose_puzzle("What's the open-end total?")
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
        await s.choose_puzzle("What's the open-end total?")
        await answer_and_next(s)
        await s.close()
        return served_by(s)

    cookie = {k: f"{COOKIE}={v}" for k, v in process_cookies(run_dir).items()}
    assert asyncio.run(asyncio.wait_for(lands_on(cookie["1"]), 60)) == cookie["1"]

    # every process in turn (what SIGHUP does); the balancer answers throughout
    before = pids(run_dir)
    subprocess.run([sys.executable, "-m", "trainer.serving", "restart", "--run-dir", run_dir], cwd=ROOT,
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
        assert asyncio.run(asyncio.wait_for(lands_on(cookie[k]), 60)) == cookie[k]


def test_guessing_codes_from_one_address_is_refused_through_the_balancer(served):
    """Every guess from a new session (so the session's own limit never trips): the address HAProxy
    forwards is what the store counts, so one address is refused after its free misses, on whichever
    process it lands; a client's own X-Forwarded-For changes nothing."""
    port, _ = served
    url = f"http://127.0.0.1:{port}"
    letters = "ABCDEFGHJKMNPQRSTVWXYZ23456789"
    free = ADDRESS.free

    async def guess(i: int, spoof: bool) -> bool:
        code = "".join(letters[(i * 7 + j * 3) % len(letters)] for j in range(8))
        s = Session(url, query=f"me={code[:4]}-{code[4:]}",
                    headers={"X-Forwarded-For": f"10.9.{i % 250}.{i % 200}"} if spoof else None)
        await s.connect()
        said = " ".join(text for _, text in s.alerts()) + s.texts()
        await s.close()
        return "Too many tries" in said

    async def scenario() -> list[bool]:
        return [await guess(i, spoof=i % 2 == 1) for i in range(free + 4)]

    refused = asyncio.run(asyncio.wait_for(scenario(), 240))
    assert not any(refused[:free]), refused  # a classroom's worth of honest misses goes through
    assert any(refused[free:]), refused  # then the address waits, spoofed header or not


def outward_address() -> str | None:
    """This computer's own address on its network (not loopback), or ``None`` if it has none."""
    for far in ("10.254.254.254", "198.51.100.1"):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                s.connect((far, 9))  # no packet is sent: the route names the address
            except OSError:
                continue
            found = s.getsockname()[0]
            if not found.startswith("127.") and found != "0.0.0.0":
                return found
    return None


def test_straight_to_an_app_port_a_forged_x_forwarded_for_is_not_believed(tmp_path):
    """An app process that listens on every interface, as a district's do, reached straight on its port and
    not through the balancer: every guess comes with a new session and a new forged X-Forwarded-For, and the
    address it really comes from is counted all the same, so it waits after its free misses."""
    here = outward_address()
    if here is None:
        pytest.skip("this computer has no address but loopback")
    port = free_port()
    proc = subprocess.Popen(app_command(port, host="0.0.0.0"), cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True,
                            env=app_environment(**{FORWARDED: LOOPBACK,  # the balancer: this computer only
                                                   "FIVES_DATABASE_URL": f"sqlite:///{tmp_path / 'fives.db'}"}))
    try:
        deadline = time.time() + 90
        while time.time() < deadline and not healthy(port):
            time.sleep(0.3)
        url = f"http://{here}:{port}"
        letters = "ABCDEFGHJKMNPQRSTVWXYZ23456789"

        async def guess(i: int) -> bool:
            code = "".join(letters[(i * 5 + j * 7) % len(letters)] for j in range(8))
            s = Session(url, query=f"me={code[:4]}-{code[4:]}", headers={"X-Forwarded-For": f"10.8.{i}.{i + 1}"},
                        allow=(here,))  # this computer, by its own address
            await s.connect()
            said = " ".join(text for _, text in s.alerts()) + s.texts()
            await s.close()
            return "Too many tries" in said

        async def scenario() -> list[bool]:
            return [await guess(i) for i in range(ADDRESS.free + 3)]

        refused = asyncio.run(asyncio.wait_for(scenario(), 240))
        assert not any(refused[:ADDRESS.free]), refused
        assert all(refused[ADDRESS.free + 1:]), refused  # forged headers or not: this one address waits
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


def start_supervisor(processes: int, out_dir: str) -> tuple[subprocess.Popen, int, str]:
    """``python -m trainer.serving`` on its own, started with SIGINT ignored, its output (and so
    HAProxy's and the app processes') captured in ``out_dir``; returns it, its port and its run
    folder once it answers."""
    port = free_port()
    marker = os.path.join(out_dir, "run-dir")
    with open(os.path.join(out_dir, "stdout"), "wb") as out, open(os.path.join(out_dir, "stderr"), "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "trainer.serving", "--processes", str(processes),
                                 "--port", str(port), "--host", "127.0.0.1", "--run-dir-file", marker],
                                cwd=ROOT, stdout=out, stderr=err, start_new_session=True,
                                env=dict(os.environ, FIVES_DATABASE_URL=f"sqlite:///{out_dir}/fives.db"),
                                # as a shell starts a background job (`make serve &`): SIGINT ignored
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    return proc, port, wait_started(proc, port, marker, "trainer.serving")


def alive(pid: int) -> bool:
    """Running (a zombie, dead but not yet reaped by its parent, counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def children_of(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except OSError:
                continue
    return found


def test_headers_on_every_answer_no_addresses_in_any_output_and_sigint_to_the_supervisor_stops_all():
    out_dir = tempfile.mkdtemp()
    proc, port, run_dir = start_supervisor(2, out_dir)
    try:
        slow = socket.create_connection(("127.0.0.1", port), timeout=30)
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # a request that never ends: HAProxy's 408
        every_answer_has_the_security_headers_and_names_no_backend(port, run_dir)
        balancer_pages_have_the_security_headers(port, slow)
        no_address_with_its_query_reaches_any_output(port, out_dir)
        workers = children_of(proc.pid)
        assert len(workers) == 3  # two app processes and HAProxy
        workers += [c for w in workers for c in children_of(w)]  # HAProxy's worker
    finally:
        # SIGINT to the supervisor alone, not its process group (as `kill -INT <pid>` does)
        os.kill(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            for p in children_of(proc.pid):
                os.kill(p, signal.SIGKILL)
            pytest.fail("the supervisor did not stop on SIGINT")
    deadline = time.time() + 5
    while time.time() < deadline and any(alive(p) for p in workers):
        time.sleep(0.1)
    assert not [p for p in workers if alive(p)], "processes left running after SIGINT"
    assert not os.path.exists(run_dir)


def every_answer_has_the_security_headers_and_names_no_backend(port: int, run_dir: str) -> None:
    url = f"http://127.0.0.1:{port}"
    with urllib.request.urlopen(url + "/", timeout=10) as r:
        page = r.read().decode()
    script = re.search(r'src="\./(static/js/index\.[^"]+\.js)"', page).group(1)
    cookies = set(process_cookies(run_dir).values())
    for path in ("/", "/projector", "/play?code=X", f"/{script}", "/favicon.png", "/_stcore/health",
                 "/_stcore/no-such-thing"):
        try:
            r = urllib.request.urlopen(url + path, timeout=10)
        except urllib.error.HTTPError as err:  # an error page must carry them too
            r = err
        with r:
            h = r.headers
            csp = h.get("Content-Security-Policy", "")
            assert "default-src 'self'" in csp and "frame-ancestors 'self'" in csp, (path, csp)
            assert "connect-src 'self'" in csp and "img-src 'self' data: blob:" in csp
            assert h.get("X-Frame-Options") == "SAMEORIGIN", path
            assert h.get("X-Content-Type-Options") == "nosniff", path
            assert h.get("Referrer-Policy") == "no-referrer", path
            assert h.get("Server") is None, (path, h.get("Server"))  # not uvicorn's, not HAProxy's
            sticky = [c.split(";", 1)[0] for c in h.get_all("Set-Cookie") or [] if c.startswith(f"{COOKIE}=")]
            value = sticky[0].partition("=")[2] if sticky else ""
            assert value in cookies and not re.search(r"app\d", value), (path, value)
            assert h.get("X-Fives-Server") in cookies


def raw_answer(sock: socket.socket) -> str:
    """Everything the balancer sends on a socket until it closes it."""
    got = b""
    while chunk := sock.recv(65536):
        got += chunk
    sock.close()
    return got.decode("utf-8", "replace")


def balancer_pages_have_the_security_headers(port: int, slow: socket.socket) -> None:
    """No answer of HAProxy's own goes out without the security headers: a request it cannot read (400) or
    one that never finished (408) gets the connection closed with no answer at all (its built-in pages for
    these carry no headers), and the pages it makes after reading a request carry them."""
    bad = socket.create_connection(("127.0.0.1", port), timeout=10)
    bad.sendall(b"NOT AN HTTP REQUEST\r\n\r\n")
    assert raw_answer(bad) == ""
    assert raw_answer(slow) == ""


def lone_balancer(tmp_path, **config) -> tuple[subprocess.Popen, int]:
    """HAProxy started alone on a free port, its one app process not there; returns it and its port once it
    answers on its runtime socket (so the port is its own: a port another test's process took between
    :func:`free_port` and HAProxy's bind makes HAProxy stop, and the start is tried again on new ports)."""
    for _ in range(5):
        port = free_port()
        conf = tmp_path / "haproxy.cfg"
        conf.write_text(haproxy_config(host="127.0.0.1", port=port, backends=[free_port()], run_dir=str(tmp_path),
                                       **config))
        balancer = subprocess.Popen([haproxy_path(), "-db", "-f", str(conf)], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while balancer.poll() is None and time.time() < deadline:
            try:
                if "Name: HAProxy" in admin(str(tmp_path), "show info"):
                    return balancer, port
            except OSError:
                pass
            time.sleep(0.05)
        stop_process(balancer)
    raise AssertionError("HAProxy did not start on any of five free ports")


def test_the_balancer_s_own_pages_carry_the_security_headers(tmp_path):
    """HAProxy alone, its one app process down: the 503 it makes carries every security header, and a
    request it cannot read gets no answer (no page without them)."""
    balancer, port = lone_balancer(tmp_path, csp="default-src 'self'")
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(b"GET /?me=XXXX-XXXX HTTP/1.1\r\nHost: x\r\n\r\n")
        head = raw_answer(sock).split("\r\n\r\n", 1)[0].lower()
        assert head.startswith("http/1.1 503"), head
        for header in ("content-security-policy: default-src 'self'", "x-frame-options: sameorigin",
                       "x-content-type-options: nosniff", "referrer-policy: no-referrer"):
            assert header in head, (header, head)
        assert "server:" not in head
        bad = socket.create_connection(("127.0.0.1", port), timeout=10)
        bad.sendall(b"NOT AN HTTP REQUEST\r\n\r\n")
        assert raw_answer(bad) == ""
    finally:
        stop_process(balancer)


def no_address_with_its_query_reaches_any_output(port: int, out_dir: str) -> None:
    """A learner code and a teacher key in the address go to the pages, HAProxy and the app
    processes, through plain requests and a page run over the websocket, and appear nowhere in
    what the supervisor, HAProxy or the app processes write."""
    url = f"http://127.0.0.1:{port}"
    query = "me=XXXX-XXXX&key=SECRET-TEACHER-KEY"
    for path in (f"/?{query}", f"/teacher?{query}", f"/_stcore/no-such-thing?{query}", f"/static/none.js?{query}"):
        try:
            urllib.request.urlopen(url + path, timeout=10).close()
        except urllib.error.HTTPError:
            pass

    async def visit(page: str) -> None:
        s = Session(url, cookies=cookie_for(port), page=page, query=query)
        await s.connect()
        await s.close()

    for page in ("", "teacher", "me"):
        asyncio.run(asyncio.wait_for(visit(page), 60))
    time.sleep(1.5)  # fixed on purpose: nothing is written, and an absence gives no condition to wait on
    for name in ("stdout", "stderr"):
        with open(os.path.join(out_dir, name), "rb") as f:
            text = f.read().decode(errors="replace")
        assert "SECRET" not in text and "XXXX-XXXX" not in text and "me=" not in text, (name, text)


CSP_WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
  e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
"""


@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists("/usr/bin/chromium"), reason="Debian's chromium is not installed")
def test_the_app_works_in_a_real_browser_under_the_content_security_policy():
    import chromium
    from playwright.sync_api import sync_playwright

    from puzzles import generate

    out_dir = tempfile.mkdtemp()
    proc, port, _run_dir = start_supervisor(1, out_dir)
    url = f"http://127.0.0.1:{port}"
    p = generate("open-total", stage="all-fives", level=2, seed=3)
    try:
        with sync_playwright() as pw:
            browser = chromium.launch_browser(pw)
            for path in (f"/?code={p.code}", f"/projector?code={p.code}", "/play", "/my_progress", "/me", "/rules"):
                page = browser.new_page(viewport={"width": 1200, "height": 1400})
                page.add_init_script(CSP_WATCH)
                problems = []
                page.on("console", lambda m, problems=problems: m.type == "error" and problems.append(m.text))
                page.on("response", lambda r, problems=problems: r.status >= 400 and problems.append(r.url))
                chromium.goto(page, url + path, settle=False)
                assert page.evaluate("document.cookie").find(COOKIE) == -1  # HttpOnly
                if path.startswith("/?"):
                    chromium.past_worked_example(page)
                if "code=" in path:  # the board picture, drawn by our component
                    layout = page.locator("svg.fives-layout:visible").first
                    layout.wait_for(state="visible", timeout=30000)
                    assert layout.bounding_box()["width"] > 200
                chromium.settled(page, 60000)
                assert page.evaluate("window.__csp") == [], path
                assert problems == [], (path, problems)
                page.close()
            browser.close()
    finally:
        os.kill(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


def test_a_school_load_runs_through_the_balancer_and_counts_what_the_benchmark_prints(served, monkeypatch):
    """``python -m benchmarks classroom --learners N``, small: every learner opens the page, opens the choosers,
    chooses the open-end total and answers and goes on four times; the counts and the printed rows follow."""
    from benchmarks import onebutton, school

    port, run_dir = served
    monkeypatch.setattr(school, "THINK", (0.05, 0.2))
    apps = list(pids(run_dir).values())

    class Server:
        url = f"http://127.0.0.1:{port}"
        app_pids = apps
        pids = apps

    monkeypatch.setattr(school, "YARDSTICK_EVERY", 0.3)
    monkeypatch.setattr(school, "YARDSTICK_PAGES", 2)
    with onebutton.OneButton() as yardstick:  # a real one-button app, clicked in batches while the school runs
        load = school.school(Server(), 6, 1.0, yardstick)
    assert len(load.one_button_during) >= 2 and all(0 < c < 0.5 for c in load.one_button_during)
    during = load.one_button_during
    assert not load.errors and load.wrong == 0, load.errors
    assert len(load.opens) == 6 and len(load.answers) == 6 * 2 * school.ROUNDS
    assert load.requests == 6 * (3 + 2 * school.ROUNDS) and load.peak_open >= 1 and load.rss_base > 0
    rows = dict((name, (result, note)) for name, result, note in school.rows(load))
    errors = next(v for k, v in rows.items() if k.endswith("errors / wrong verdicts"))
    assert errors[0] == "0 / 0" and errors[1].endswith("target 0: met")
    opened = next(v for k, v in rows.items() if "page open" in k)
    assert "target p95 ≤ 2 s" in opened[1]  # a ramp of a second is a burst of openings
    ratio = next(v for k, v in rows.items() if k.endswith("÷ a one-button app's click"))
    assert f"the median of {len(during)} batches clicked while the school ran" in ratio[1]
    assert not any("measured after" in k for k in rows)  # no yardstick measured after: no second ratio
    load.cpu_per_request, load.one_button_during, load.one_button = 0.012, [0.004, 0.002, 0.003], 0.006
    rows = dict((n, (r, t)) for n, r, t in school.rows(load))
    ratio = next(v for k, v in rows.items() if k.endswith("÷ a one-button app's click"))
    assert ratio[0] == "4.00×" and "12.0 ms ÷ 3.00 ms" in ratio[1] and "2.00–4.00 ms" in ratio[1]
    assert "cores" in ratio[1] and ": MISSED" in ratio[1]
    after = next(v for k, v in rows.items() if k.endswith("click measured after"))
    assert after[0] == "2.00×" and "12.0 ms ÷ 6.00 ms" in after[1] and "target" not in after[1]


SLOW_HEALTH = """
import http.server, sys, time
class Slow(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        time.sleep(float(sys.argv[2]))  # a process whose event loop is busy with a bell's openings
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"ok")
    def log_message(self, *args):
        pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Slow).serve_forever()
"""


def test_a_busy_process_stays_in_service_and_a_dead_one_is_taken_out(tmp_path):
    """A process that answers its health checks 3 s late (busy, not dead) keeps its place and its sessions; one
    that is gone is out of service within a few seconds."""
    port, busy, gone = free_port(), free_port(), free_port()
    slow = subprocess.Popen([sys.executable, "-c", SLOW_HEALTH, str(busy), "3"])
    listening = time.time() + 30
    while time.time() < listening:  # the busy process is up before the balancer first checks it (on a loaded
        try:  # machine its start alone can outlast the checks that take a process that is not there out)
            socket.create_connection(("127.0.0.1", busy), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    conf = tmp_path / "haproxy.cfg"
    conf.write_text(haproxy_config(host="127.0.0.1", port=port, backends=[busy, gone], run_dir=str(tmp_path)))
    balancer = subprocess.Popen([haproxy_path(), "-db", "-f", str(conf)], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
    try:
        seen: dict[int, set[str]] = {1: set(), 2: set()}
        started = time.time()
        while time.time() - started < 12:
            if os.path.exists(tmp_path / "haproxy.sock"):  # the balancer has started
                for index in seen:
                    seen[index].add(server_status(str(tmp_path), index).split(" ")[0])
            time.sleep(0.2)
        assert "DOWN" not in seen[1], seen  # never out: its sessions are never closed
        assert "DOWN" in seen[2], seen
    finally:
        stop_process(balancer)
        stop_process(slow)
