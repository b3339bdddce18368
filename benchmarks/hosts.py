"""A district (:mod:`trainer.serving.district`) on this one machine, each host its own network namespace:
PostgreSQL on one, an app process on each app host, HAProxy on another, all on a private bridge
(``10.77.N.0/24``, N free on this machine), the client in the root namespace talking to the balancer
over the bridge as a browser in the classroom would.

Each host runs exactly what the layout says (:meth:`District.command`, :meth:`District.environment`),
so the test and the benchmark exercise the deployment's own commands. A host can be cut off the network
and its processes killed (a machine that dies), or stopped and started again (a rolling update).
Everything is made with names unique to this run and removed by :meth:`HostedDistrict.stop`, even after
a failure. Needs root, ``ip``, HAProxy and PostgreSQL's server (:func:`why_not`).
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

from trainer.serving.district import District, Host, Role
from trainer.serving.roles import ServerState, set_state
from trainer.serving.serve import ROOT, haproxy_path, healthy, server_status, stop_process

PREFIX = "fvd"
"""Every namespace, bridge and veth this harness makes starts with this (and a tag unique to the run)."""


def pg_bin() -> str | None:
    import glob

    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


def why_not() -> str | None:
    """Why a district cannot be made here (``None`` when it can)."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    if shutil.which("ip") is None:
        return "the ip command is missing (apt-get install iproute2)"
    if haproxy_path() is None:
        return "HAProxy is not installed (apt-get install haproxy)"
    if pg_bin() is None or shutil.which("runuser") is None:
        return "PostgreSQL's server is not installed (apt-get install postgresql)"
    try:
        import pwd

        pwd.getpwnam("postgres")
    except KeyError:
        return "there is no postgres user"
    probe = f"{PREFIX}probe{os.getpid()}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        return f"cannot make a network namespace: {made.stderr.strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


def ip(*args: str, ns: str | None = None) -> None:
    argv = ["ip", *args] if ns is None else ["ip", "netns", "exec", ns, "ip", *args]
    subprocess.run(argv, check=True, capture_output=True, text=True)


def free_subnet() -> str:
    """A ``10.77.N`` prefix no route on this machine uses yet (another run's bridge, say)."""
    routes = subprocess.run(["ip", "-4", "route"], capture_output=True, text=True).stdout
    for n in [*range(os.getpid() % 200 + 20, 250), *range(20, 250)]:
        if f"10.77.{n}." not in routes:
            return f"10.77.{n}"
    raise RuntimeError("no free 10.77.N.0/24 subnet")


@dataclass
class Network:
    """A bridge in the root namespace and a namespace per host, joined to it by a veth pair."""

    names: list[str]
    tag: str = field(default_factory=lambda: secrets.token_hex(3))
    subnet: str = field(default_factory=free_subnet)
    made: list[str] = field(default_factory=list)
    """The namespaces made so far (all removed by :meth:`down`)."""

    @property
    def bridge(self) -> str:
        return f"{PREFIX}{self.tag}br"

    def ns(self, name: str) -> str:
        return f"{PREFIX}{self.tag}-{name}"

    def veth(self, name: str) -> str:
        return f"{PREFIX}{self.tag}{self.names.index(name)}"  # at most 15 characters

    def address(self, name: str) -> str:
        return f"{self.subnet}.{10 + self.names.index(name)}"

    @property
    def addresses(self) -> dict[str, str]:
        return {n: self.address(n) for n in self.names}

    def up(self) -> None:
        ip("link", "add", self.bridge, "type", "bridge")
        ip("addr", "add", f"{self.subnet}.1/24", "dev", self.bridge)
        ip("link", "set", self.bridge, "up")
        for name in self.names:
            ns = self.ns(name)
            ip("netns", "add", ns)
            self.made.append(ns)
            ip("link", "add", self.veth(name), "type", "veth", "peer", "name", "eth0", "netns", ns)
            ip("link", "set", self.veth(name), "master", self.bridge, "up")
            ip("addr", "add", f"{self.address(name)}/24", "dev", "eth0", ns=ns)
            ip("link", "set", "eth0", "up", ns=ns)
            ip("link", "set", "lo", "up", ns=ns)

    def cut(self, name: str) -> None:
        """Take the host off the network: nothing it sends arrives any more (no reset, no goodbye)."""
        ip("link", "set", self.veth(name), "down")

    def mend(self, name: str) -> None:
        ip("link", "set", self.veth(name), "up")

    def kill_all(self, name: str) -> None:
        """Kill every process in that host's namespace at once, as a power cut would."""
        found = subprocess.run(["ip", "netns", "pids", self.ns(name)], capture_output=True, text=True).stdout
        for pid in (int(p) for p in found.split()):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def down(self) -> None:
        for ns in self.made:
            self.kill_all(ns.removeprefix(f"{PREFIX}{self.tag}-"))
        for name in self.names:
            # the pair goes at once (a namespace outlives its name while sockets of a killed host linger)
            subprocess.run(["ip", "link", "del", self.veth(name)], capture_output=True)
        for ns in self.made:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)
        subprocess.run(["ip", "link", "del", self.bridge], capture_output=True)
        self.made.clear()


@dataclass
class HostedDistrict:
    """The district's hosts, running: the layout's commands in their namespaces."""

    apps: int = 3
    logs: str = field(default_factory=lambda: tempfile.mkdtemp(prefix="fives-district-"))
    secret: str = field(default_factory=lambda: secrets.token_hex(16))
    network: Network = field(init=False)
    layout: District = field(init=False)
    procs: dict[str, subprocess.Popen] = field(default_factory=dict)
    pg_folder: str = ""

    def __post_init__(self) -> None:
        names = District(apps=self.apps).hosts
        self.network = Network([h.name for h in names])
        self.layout = District(apps=self.apps, addresses=self.network.addresses,
                               balancer_run_dir=os.path.join(self.logs, "balancer"))

    # ----- the whole district -----

    def start(self) -> None:
        """Network, database (migrated), app hosts, balancer; each waited for. On any failure
        everything made so far is removed before the error goes on."""
        try:
            self.network.up()
            self.start_database()
            from trainer.store import open_store

            open_store(self.layout.database_url).engine.dispose()  # migrated once, before the apps
            for h in self.layout.of(Role.APP):
                self.start_host(h)
            self.start_host(self.layout.host("balancer"))
            for h in self.layout.of(Role.APP):
                self.wait_healthy(h)
            for i in range(1, self.apps + 1):
                self.wait_status(i, "UP")
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        for p in self.procs.values():
            if p.poll() is None:
                p.kill()
        self.network.down()  # kills whatever else runs in the namespaces (PostgreSQL's processes)
        for p in self.procs.values():
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        shutil.rmtree(self.logs, ignore_errors=True)
        if self.pg_folder:
            shutil.rmtree(self.pg_folder, ignore_errors=True)

    @property
    def url(self) -> str:
        """The balancer's address, as the classroom's browsers use it."""
        return f"http://{self.address('balancer')}:{self.layout.balancer_port}"

    @property
    def allow(self) -> tuple[str, ...]:
        """The private addresses a load client may talk to (:attr:`benchmarks.wsclient.Session.allow`)."""
        return (self.address("balancer"),)

    def address(self, name: str) -> str:
        return self.network.address(name)

    def app_host(self, index: int) -> Host:
        return self.layout.host(f"app{index}")

    # ----- one host -----

    def start_host(self, host: Host) -> None:
        """Run the layout's command for ``host`` in its namespace, with the layout's environment."""
        command = self.layout.command(host)
        argv = [sys.executable if command[0] == "python" else command[0], *command[1:]]
        env = dict(os.environ, **self.layout.environment(host, secret=self.secret),
                   PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
        log = open(os.path.join(self.logs, f"{host.name}.log"), "ab")
        self.procs[host.name] = subprocess.Popen(["ip", "netns", "exec", self.network.ns(host.name), *argv],
                                                 cwd=ROOT, env=env, stdout=log, stderr=log)
        log.close()

    def wait_healthy(self, host: Host, timeout: float = 90.0) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            if healthy(self.layout.app_port, host=self.address(host.name), timeout=1.0):
                return
            p = self.procs.get(host.name)
            if p is not None and p.poll() is not None:
                raise RuntimeError(f"{host.name} stopped while starting: {self.log(host.name)[-2000:]}")
            time.sleep(0.2)
        raise RuntimeError(f"{host.name} did not start")

    def log(self, name: str) -> str:
        try:
            with open(os.path.join(self.logs, f"{name}.log"), errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def stop_app(self, index: int) -> None:
        """Stop app host ``index`` the way an update does (SIGTERM, then waited for)."""
        p = self.procs.pop(f"app{index}", None)
        if p is not None:
            stop_process(p)

    def kill_app(self, index: int) -> None:
        """App host ``index`` dies: off the network, then every process on it killed."""
        name = f"app{index}"
        self.network.cut(name)
        self.network.kill_all(name)
        p = self.procs.pop(name, None)
        if p is not None:
            p.wait(timeout=10)

    def revive_app(self, index: int) -> None:
        """A dead app host back on the network with its app running and in service."""
        self.network.mend(f"app{index}")
        self.start_host(self.app_host(index))
        self.wait_healthy(self.app_host(index))
        self.wait_status(index, "UP")

    # ----- the balancer's view -----

    def set_state(self, index: int, state: ServerState) -> None:
        answer = set_state(self.layout.balancer_run_dir, index, state)
        if answer:
            raise RuntimeError(answer)

    def status(self, index: int) -> str:
        try:
            return server_status(self.layout.balancer_run_dir, index)
        except OSError:
            return ""

    def wait_status(self, index: int, want: str, timeout: float = 60.0) -> float:
        """Wait until HAProxy reports app ``index`` as ``want`` (``UP``, ``DOWN``…); returns the seconds it took."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            if self.status(index).startswith(want):
                return time.monotonic() - start
            time.sleep(0.1)
        raise RuntimeError(f"app{index} is {self.status(index)!r}, not {want}")

    def cookies(self) -> dict[str, int]:
        """Each app host's sticky-cookie value (what ``X-Fives-Server`` says), to its number."""
        found = {}
        with open(os.path.join(self.layout.balancer_run_dir, "haproxy.cfg")) as f:
            for line in f:
                words = line.split()
                if words[:1] == ["server"] and "cookie" in words:
                    found[words[words.index("cookie") + 1]] = int(words[1].removeprefix("app"))
        return found

    # ----- the database host -----

    def start_database(self) -> None:
        """PostgreSQL on the database host, as the ``postgres`` user, listening on its address only, trusting
        the district's subnet (the app hosts and this client)."""
        bin_dir = pg_bin() or ""
        self.pg_folder = tempfile.mkdtemp(prefix="fives-district-pg-")
        os.chmod(self.pg_folder, 0o755)
        shutil.chown(self.pg_folder, "postgres")
        data = os.path.join(self.pg_folder, "data")
        ns = self.network.ns("db")
        as_postgres = ["ip", "netns", "exec", ns, "runuser", "-u", "postgres", "--"]
        subprocess.run([*as_postgres, os.path.join(bin_dir, "initdb"), "-D", data, "-A", "trust", "-U", "fives"],
                       check=True, capture_output=True, timeout=120)
        with open(os.path.join(data, "pg_hba.conf"), "a") as f:
            f.write(f"host all all {self.network.subnet}.0/24 trust\n")
        options = (f"-p {self.layout.db_port} -k {self.pg_folder} -c listen_addresses={self.address('db')} "
                   "-c max_connections=200")
        subprocess.run([*as_postgres, os.path.join(bin_dir, "pg_ctl"), "-D", data, "-l",
                        os.path.join(self.pg_folder, "log"), "-o", options, "-w", "-t", "120", "start"],
                       check=True, capture_output=True, timeout=150)
        subprocess.run([*as_postgres, os.path.join(bin_dir, "createdb"), "-h", self.address("db"), "-p",
                        str(self.layout.db_port), "-U", "fives", "fives"], check=True, capture_output=True,
                       timeout=60)
