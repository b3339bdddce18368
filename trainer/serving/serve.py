"""Serve a class: several Streamlit processes behind HAProxy, with sticky sessions.

``make serve`` runs ``python -m trainer.serving``: it starts N app processes (N defaults to the number
of cores) on private ports, writes an HAProxy configuration that sends each browser to one process
and keeps it there (a cookie, which the browser also sends when it opens the websocket), checks
each process's health, restarts a process that dies, and stops everything on Ctrl+C.

``python -m trainer.serving restart K`` restarts process K gracefully: HAProxy stops sending it new
browsers, it is restarted, and it takes browsers again once healthy; the other processes' sessions
go on untouched. ``python -m trainer.serving restart`` (or ``kill -HUP`` to the supervisor) restarts
every process that way, one at a time. The progress store (``FIVES_DATABASE_URL``) is the only state
the processes share, so the same app runs on several machines behind one balancer: a district
(:mod:`trainer.serving.district`, each machine's part in :mod:`trainer.serving.roles`).
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field

from trainer.serving.forwarded import BALANCERS, LOOPBACK, UVICORN_TRUSTS
from trainer.serving.index import inline_script_hashes

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APP = os.path.join(ROOT, "trainer", "web", "asgi.py")
COOKIE = "FIVESSRV"
DRAIN = 1.0
"""Seconds a process being restarted is given to finish the page requests already sent to it."""
HAPROXY_PATHS = ("/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy")


def haproxy_path() -> str | None:
    found = shutil.which("haproxy")
    return found or next((p for p in HAPROXY_PATHS if os.path.exists(p)), None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def healthy(port: int, timeout: float = 2.0, host: str = "127.0.0.1") -> bool:
    try:
        with urllib.request.urlopen(f"http://{host}:{port}/_stcore/health", timeout=timeout) as r:
            return r.read().decode().strip() == "ok"
    except OSError:
        return False


def app_command(port: int, host: str = "127.0.0.1") -> list[str]:
    """The command of one app process: Streamlit serving the app on ``host:port``."""
    return [sys.executable, "-m", "streamlit", "run", APP, "--server.headless", "true",
            "--server.address", host, "--server.port", str(port), "--browser.gatherUsageStats", "false"]


def app_environment(**env: str) -> dict[str, str]:
    """This process's environment with the project on the import path and ``env`` added. Streamlit's web
    server (uvicorn) is told to believe no ``X-Forwarded-For`` itself (it would from any process on this
    computer): the app decides whose to believe (:mod:`trainer.serving.forwarded`)."""
    return dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""),
                **{UVICORN_TRUSTS: ""}, **env)


def launch_app(port: int, *, quiet: bool = True, **env: str) -> subprocess.Popen:
    """One app process on a loopback port (``env``: extra environment variables, such as
    ``FIVES_DATABASE_URL``). It runs in its own process group, so a Ctrl+C meant for the
    supervisor reaches it only through the supervisor."""
    return subprocess.Popen(
        app_command(port), cwd=ROOT, env=app_environment(**env), stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL if quiet else None, start_new_session=True,
    )


def stop_process(proc: subprocess.Popen, timeout: float = 15.0) -> None:
    """Stop a process the way an update does: SIGTERM, waited for ``timeout`` seconds, then SIGKILL."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def content_security_policy() -> str:
    """What a page may load: only this server (scripts, styles, websocket, fonts), inline styles
    (Streamlit sets them everywhere), pictures also as ``data:``/``blob:``, Streamlit's inline
    scripts by their hashes, and no page of another site may frame ours. Scripts may also come as
    ``blob:`` (Streamlit loads our ``st.components.v2`` code as a module from one, made by its own
    script) and compile WebAssembly (``'wasm-unsafe-eval'``, used by Streamlit's page; no ``eval``)."""
    return "; ".join([
        "default-src 'self'",
        f"script-src 'self' blob: 'wasm-unsafe-eval' {' '.join(inline_script_hashes())}",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "media-src 'self' data: blob:",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
    ])


SECURITY_HEADERS = {
    "X-Frame-Options": "SAMEORIGIN",
    "X-Content-Type-Options": "nosniff",
    # addresses carry learner codes (?me=) and teacher keys (?key=): never pass them on
    "Referrer-Policy": "no-referrer",
}


FORWARDED = BALANCERS
"""Set in the environment of the app processes :class:`Cluster` starts to the balancer's own addresses (HAProxy
on this computer: :data:`~trainer.serving.forwarded.LOOPBACK`). The balancer replaces any ``X-Forwarded-For``
a client sends with the address it sees, so the app believes that header for its limits on code and key
checks (:func:`trainer.web.session.clients`), but only on a connection from one of those addresses: a
client that reaches an app port some other way could write anything there (:mod:`trainer.serving.forwarded`)."""

ERROR_PAGES = {403: "Forbidden", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
               504: "Gateway Timeout"}
"""The answers HAProxy makes itself once it has read a request; each is written as a whole HTTP response
carrying the security headers (:func:`error_page`)."""
SILENT = (400, 408)
"""A request HAProxy cannot read (400) or that never finished (408): its HAProxy (2.6) answers these with
built-in pages before any rule or error file of ours could add a header (fixed only in HAProxy 3.2), so the
balancer closes such a connection without an answer instead: no page ever leaves it without its headers."""


def error_page(status: int, headers: dict[str, str]) -> str:
    """One of HAProxy's own answers, as the raw response it sends, with the security headers every answer
    of the app carries."""
    reason = ERROR_PAGES[status]
    body = f"<!doctype html><title>{status} {reason}</title><p>{reason}.</p>\n"
    lines = [f"HTTP/1.1 {status} {reason}", "Content-Type: text/html; charset=utf-8", "Cache-Control: no-cache",
             "Connection: close", f"Content-Length: {len(body.encode())}",
             *(f"{k}: {v}" for k, v in headers.items())]
    return "\r\n".join(lines) + "\r\n\r\n" + body


def write_error_pages(run_dir: str, headers: dict[str, str]) -> dict[int, str]:
    """HAProxy's own answers as files in ``run_dir`` (an empty file for :data:`SILENT`: no answer at all);
    returns their paths by status."""
    pages = {**{status: "" for status in SILENT}, **{s: error_page(s, headers) for s in ERROR_PAGES}}
    paths = {}
    for status, text in sorted(pages.items()):
        path = os.path.join(run_dir, f"error-{status}.http")
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        paths[status] = path
    return paths


def backend_address(backend: int | str) -> str:
    """A backend as HAProxy's ``server`` line names it: a loopback port (``make serve``), or a
    ``host:port`` address on another machine (a district, :mod:`trainer.serving.district`)."""
    if isinstance(backend, int):
        return f"127.0.0.1:{backend}"
    host, sep, port = backend.rpartition(":")
    if not (sep and host and port.isdigit()):
        raise ValueError(f"a backend is host:port, not {backend!r}")
    return backend


def is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


HEALTH = "inter 500ms fastinter 250ms downinter 1s fall 3 rise 1"
"""How HAProxy watches each app process: twice a second, every quarter second once a check has failed, out
of service after three failures, back after one success. A check's connection waits at most ``inter`` (a
machine that is gone never answers it), so a dead machine is out within about two seconds. A busy process
(connected, its event loop behind a bell's openings) has ``timeout check`` (:data:`CHECK_ANSWER`) to answer:
taking it out would close all its sessions and send them to the other processes, which are just as busy."""
CHECK_ANSWER = "5s"
"""How long a connected health check waits for its answer."""


def haproxy_config(*, host: str, port: int, backends: list[int] | list[str] | list[int | str], run_dir: str,
                   cookies: list[str] | None = None, csp: str | None = None) -> str:
    """The balancer: sticky by cookie, health-checked, websockets kept open for a lesson's length,
    security headers on every answer (HAProxy's own error pages too, written to ``run_dir``), no
    ``Server`` header, the client's address passed on in ``X-Forwarded-For`` (whatever the client sent
    there is dropped first), an opaque cookie per process (``cookies``; random ones when not given), text
    gzipped, and Streamlit's hashed bundle kept in memory (a first page load: docs/serving.md).

    ``backends``: loopback ports, or ``host:port`` addresses of app processes on other machines. A browser
    whose cookie names a process that is gone is sent to a live one (``option redispatch``), a process
    found dead has its websockets closed at once so its browsers reconnect elsewhere
    (``on-marked-down shutdown-sessions``), and one may be drained or put back on the runtime socket
    (``set server app/app2 state drain|ready|maint``, :func:`admin`). Host names are looked up again
    while running (a container that restarts with a new address)."""
    cookies = cookies or [secrets.token_hex(8) for _ in backends]
    addresses = [backend_address(b) for b in backends]
    by_name = any(not is_ip(a.rpartition(":")[0]) for a in addresses)
    dns = " resolvers dns init-addr last,libc,none" if by_name else ""
    servers = "\n".join(
        f"    server app{i} {a} id {i} check cookie {c}{dns}"
        for i, (a, c) in enumerate(zip(addresses, cookies), start=1)
    )
    resolvers = "\nresolvers dns\n    parse-resolv-conf\n    hold valid 10s\n" if by_name else ""
    # which process answered, named by its opaque cookie (the browser is told it anyway)
    served_by = "\n".join(
        f"    http-response set-header X-Fives-Server {c} if {{ srv_id {i} }}"
        for i, c in enumerate(cookies, start=1)
    )
    headers = {"Content-Security-Policy": csp or content_security_policy(), **SECURITY_HEADERS}
    set_headers = "\n".join(f'    http-after-response set-header {k} "{v}"' for k, v in headers.items())
    pages = write_error_pages(run_dir, headers)
    errorfiles = "\n".join(f"    errorfile {status} {path}" for status, path in pages.items())
    return f"""global
    maxconn 4096
    stats socket {run_dir}/haproxy.sock mode 600 level admin
    # HAProxy's own warnings only (a process down, a bad config): no request is ever logged, so no
    # address with its ?me= learner code or ?key= teacher key reaches a log
    log stdout format raw local0 warning

defaults
    mode http
    # a browser sent to a process that is gone (its cookie names it, or it died a moment ago) is sent
    # to another one at the first retry instead of getting an error
    option redispatch 1
    retries 2
    timeout connect 5s
    timeout check {CHECK_ANSWER}
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h
    timeout http-request 10s
{errorfiles}

frontend fives
    bind {host}:{port}
    # the address the balancer sees, and only that: a client's own X-Forwarded-For is dropped
    http-request del-header X-Forwarded-For
    option forwardfor
    default_backend app
{set_headers}
    http-after-response del-header Server

backend app
    balance roundrobin
    cookie {COOKIE} insert indirect nocache httponly
    option httpchk GET /_stcore/health
    http-check expect string ok
    default-server {HEALTH} on-marked-down shutdown-sessions
    # a first page load: text gzipped here (Streamlit sends its bundle uncompressed, 3.3 MB of it), and
    # Streamlit's content-hashed bundle (/static/, 88 files for the home page) served from memory once one
    # process has sent it, for browsers that already carry their process's cookie (one without it goes to a
    # process, which names itself); stored before any header of a process's is added
    compression algo gzip
    compression type text/html text/css text/javascript application/javascript application/json image/svg+xml
    http-request set-var(txn.bundle) bool(true) if {{ path_beg /static/ }} {{ req.cook({COOKIE}) -m found }}
    http-request cache-use bundle if {{ var(txn.bundle) -m bool }}
    http-response cache-store bundle if {{ var(txn.bundle) -m bool }}
{served_by}
{servers}

cache bundle
    total-max-size 64
    max-object-size 4194304
    max-age 86400
{resolvers}"""


def admin(run_dir: str, command: str) -> str:
    """A command on the runtime socket of the HAProxy whose run folder is ``run_dir`` (``set server
    app/app2 state drain``, ``show stat``…); returns its answer."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(5)
        s.connect(os.path.join(run_dir, "haproxy.sock"))
        s.sendall((command + "\n").encode())
        chunks = []
        while data := s.recv(65536):
            chunks.append(data)
    return b"".join(chunks).decode()


def server_status(run_dir: str, index: int) -> str:
    """What that HAProxy thinks of app process ``index``: ``UP``, ``DOWN``, ``MAINT``, ``DRAIN``…"""
    lines = admin(run_dir, "show stat").splitlines()
    if not lines:
        return ""
    head = lines[0].lstrip("# ").split(",")
    for line in lines[1:]:
        row = dict(zip(head, line.split(",")))
        if row.get("pxname") == "app" and row.get("svname") == f"app{index}":
            return row.get("status", "")
    return ""


@dataclass
class Process:
    index: int
    port: int
    cookie: str = field(default_factory=lambda: secrets.token_hex(8))
    """The value of HAProxy's sticky cookie for this process: random, so it names no backend."""
    proc: subprocess.Popen | None = None
    started: float = 0.0


@dataclass
class Cluster:
    """The app processes and the balancer in front of them."""

    count: int
    port: int
    host: str = "0.0.0.0"
    run_dir: str = field(default_factory=lambda: tempfile.mkdtemp(prefix="fives-serve-"))
    processes: list[Process] = field(default_factory=list)
    balancer: subprocess.Popen | None = None
    secret: str = field(default_factory=lambda: secrets.token_hex(16))
    quiet: bool = False

    def start(self) -> None:
        haproxy = haproxy_path()
        if haproxy is None:
            raise SystemExit("make serve needs HAProxy: apt-get install haproxy")
        self.processes = [Process(i, free_port()) for i in range(1, self.count + 1)]
        for p in self.processes:
            self._launch(p)
        for p in self.processes:
            self._wait_healthy(p)
        conf = os.path.join(self.run_dir, "haproxy.cfg")
        with open(conf, "w") as f:
            f.write(haproxy_config(host=self.host, port=self.port, backends=[p.port for p in self.processes],
                                   run_dir=self.run_dir, cookies=[p.cookie for p in self.processes]))
        self.balancer = subprocess.Popen([haproxy, "-W", "-db", "-f", conf], stdout=self._out(), stderr=self._out())
        self._write_state()
        deadline = time.time() + 20
        while time.time() < deadline and not healthy(self.port):
            time.sleep(0.2)
        if not healthy(self.port):
            self.stop()
            raise SystemExit("HAProxy did not start (is the port free?)")

    def _out(self):
        return subprocess.DEVNULL if self.quiet else None

    def _launch(self, p: Process) -> None:
        p.proc = launch_app(p.port, quiet=self.quiet, STREAMLIT_SERVER_COOKIE_SECRET=self.secret,
                            **{FORWARDED: LOOPBACK})
        p.started = time.time()

    def _wait_healthy(self, p: Process, timeout: float = 60.0) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            if healthy(p.port):
                return
            if p.proc is not None and p.proc.poll() is not None:
                raise SystemExit(f"app process {p.index} stopped while starting")
            time.sleep(0.2)
        raise SystemExit(f"app process {p.index} did not start")

    def _write_state(self) -> None:
        state = {"supervisor": os.getpid(), "port": self.port, "run_dir": self.run_dir,
                 "processes": {str(p.index): {"port": p.port, "pid": p.proc.pid if p.proc else None, "cookie": p.cookie}
                               for p in self.processes}}
        path = os.path.join(self.run_dir, "state.json")
        with open(path + ".new", "w") as f:
            json.dump(state, f)
        os.replace(path + ".new", path)  # readers never see half a file

    def admin(self, command: str) -> str:
        """A command on HAProxy's runtime socket (``disable server app/app1``…)."""
        return admin(self.run_dir, command)

    def restart(self, index: int) -> None:
        """Restart one process: no new browsers while it restarts; the others carry on."""
        p = self.processes[index - 1]
        self.admin(f"disable server app/app{index}")
        time.sleep(DRAIN)
        if p.proc is not None:
            stop_process(p.proc)
        self._launch(p)
        self._wait_healthy(p)
        self.admin(f"enable server app/app{index}")
        self._wait_in_service(index)
        self._write_state()

    def status(self, index: int) -> str:
        """What HAProxy thinks of process ``index``: ``UP``, ``DOWN``, ``MAINT``…"""
        return server_status(self.run_dir, index)

    def _wait_in_service(self, index: int, timeout: float = 15.0) -> None:
        """Until HAProxy's own health check has passed again (so browsers are sent there)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.status(index) == "UP":
                return
            time.sleep(0.1)
        raise SystemExit(f"app process {index} is running but HAProxy does not send it browsers")

    def supervise(self) -> None:
        """Keep every process running until asked to stop. SIGUSR1 (with the process numbers in the
        run folder's ``restart`` file) restarts those processes; SIGHUP restarts them all, one at a
        time, each back in service before the next one goes."""
        wanted: list[int] = []

        def on_usr1(*_args) -> None:
            path = os.path.join(self.run_dir, "restart")
            try:
                with open(path) as f:
                    wanted.extend(int(x) for x in f.read().split())
                os.remove(path)
            except (OSError, ValueError):
                pass

        def on_hup(*_args) -> None:
            wanted.extend(p.index for p in self.processes)

        signal.signal(signal.SIGUSR1, on_usr1)
        signal.signal(signal.SIGHUP, on_hup)
        retry_at: dict[int, float] = {}
        while True:
            while wanted:
                index = wanted.pop(0)
                if 1 <= index <= len(self.processes):
                    self._restart_or_retry(index, retry_at)
            for p in self.processes:
                dead = p.proc is not None and p.proc.poll() is not None
                if dead and time.time() >= retry_at.get(p.index, 0.0):  # it died: bring it back
                    self._say(f"app process {p.index} stopped; starting it again")
                    self._restart_or_retry(p.index, retry_at)
            if self.balancer is not None and self.balancer.poll() is not None:
                raise SystemExit("HAProxy stopped")
            time.sleep(0.5)

    def _restart_or_retry(self, index: int, retry_at: dict[int, float]) -> None:
        """Restart one process; if it does not come back, it stays out of service and is tried
        again a few seconds later (the others keep serving)."""
        try:
            self.restart(index)
            retry_at.pop(index, None)
        except SystemExit as err:
            self._say(f"{err}; trying again in 5 s")
            p = self.processes[index - 1]
            if p.proc is not None and p.proc.poll() is None:
                p.proc.kill()
                p.proc.wait()
            retry_at[index] = time.time() + 5

    def _say(self, text: str) -> None:
        if not self.quiet:
            print(text, file=sys.stderr, flush=True)

    def stop(self) -> None:
        """Stop every app process and HAProxy: asked to stop, and killed if they have not within
        a few seconds (all together, not one after another)."""
        procs = [p for p in (*(p.proc for p in self.processes), self.balancer) if p is not None]
        for p in procs:
            if p.poll() is None:
                p.terminate()
        deadline = time.time() + 10
        for p in procs:
            try:
                p.wait(timeout=max(0.1, deadline - time.time()))
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        shutil.rmtree(self.run_dir, ignore_errors=True)


def request_restart(run_dir: str, index: int | None = None) -> None:
    """Ask a running ``trainer.serving`` (by its run folder) to restart process ``index``, or every
    process one after another when ``index`` is None."""
    with open(os.path.join(run_dir, "state.json")) as f:
        state = json.load(f)
    if index is None:
        os.kill(int(state["supervisor"]), signal.SIGHUP)
        return
    with open(os.path.join(run_dir, "restart"), "w") as f:
        f.write(str(index))
    os.kill(int(state["supervisor"]), signal.SIGUSR1)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m trainer.serving", description=__doc__.split("\n\n")[0],
        epilog="One machine of a district: python -m trainer.serving app|balancer|state --help")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="start the processes and the balancer (the default)")
    r = sub.add_parser("restart", help="restart one process of a running server (all, one at a time, without K)")
    r.add_argument("index", type=int, nargs="?")
    r.add_argument("--run-dir", default=os.environ.get("FIVES_SERVE_DIR", ""))
    parser.add_argument("--processes", "-n", type=int, default=int(os.environ.get("N", "0") or 0) or cores())
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8501")))
    parser.add_argument("--host", default=os.environ.get("HOST", "0.0.0.0"))
    parser.add_argument("--run-dir-file", default=os.environ.get("FIVES_SERVE_RUN_DIR_FILE", ""),
                        help="write the run folder's path here (for tools that restart a process)")
    args = parser.parse_args(argv)
    if args.command == "restart":
        try:
            request_restart(args.run_dir or _last_run_dir(), args.index)
        except (OSError, ValueError, KeyError):
            raise SystemExit("No make serve is running here (or give its folder with --run-dir).") from None
        return
    cluster = Cluster(count=max(1, args.processes or 1), port=args.port, host=args.host)
    stopping = False

    def on_stop(*_args) -> None:
        """Ctrl+C, or SIGINT/SIGTERM sent to this process alone: stop everything, once (a second
        signal while stopping does not cut the stopping short)."""
        nonlocal stopping
        if not stopping:
            stopping = True
            raise KeyboardInterrupt

    # set SIGINT too: a shell that starts `make serve &` starts it with SIGINT ignored, and Python
    # then leaves it ignored
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, on_stop)
    try:
        cluster.start()
        with open(os.path.join(tempfile.gettempdir(), "fives-serve-last"), "w") as f:
            f.write(cluster.run_dir)
        if args.run_dir_file:
            with open(args.run_dir_file, "w") as f:
                f.write(cluster.run_dir)
        shown = "localhost" if args.host in ("0.0.0.0", "") else args.host
        print(f"Fives Trainer: {cluster.count} processes behind http://{shown}:{args.port} (Ctrl+C stops)",
              flush=True)
        cluster.supervise()
    except KeyboardInterrupt:
        pass
    finally:
        cluster.stop()


def cores() -> int:
    """The cores this process may use (what ``nproc`` says)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _last_run_dir() -> str:
    with open(os.path.join(tempfile.gettempdir(), "fives-serve-last")) as f:
        return f.read().strip()


if __name__ == "__main__":
    main()
