"""A throwaway PostgreSQL server for the tests: Debian's PostgreSQL, started in a temporary folder
as the ``postgres`` user (it refuses to run as root), stopped at the end."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass

from trainer.serving.serve import free_port


def pg_bin() -> str | None:
    """The folder of PostgreSQL's server programs, or ``None``."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


def why_not() -> str | None:
    """Why a PostgreSQL server cannot be started here (``None`` when it can)."""
    if pg_bin() is None:
        return "PostgreSQL's server is not installed (apt-get install postgresql)"
    if os.geteuid() != 0 or shutil.which("runuser") is None:
        return "starting PostgreSQL as the postgres user needs root and runuser"
    try:
        import pwd

        pwd.getpwnam("postgres")
    except KeyError:
        return "there is no postgres user"
    return None


@dataclass
class PgServer:
    folder: str
    port: int

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://fives@127.0.0.1:{self.port}/fives"

    def new_database(self, name: str) -> str:
        """A fresh, empty database on this server; returns its URL."""
        self._as_postgres(os.path.join(pg_bin() or "", "createdb"), "-h", "127.0.0.1", "-p", str(self.port),
                          "-U", "fives", name)
        return f"postgresql+psycopg://fives@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        self.halt()
        shutil.rmtree(self.folder, ignore_errors=True)

    def halt(self) -> None:
        """Stop the server at once (as a crash or a pulled cable would), keeping its data."""
        self._as_postgres(os.path.join(pg_bin() or "", "pg_ctl"), "-D", self.data, "-m", "immediate", "-w", "stop",
                          check=False)

    def resume(self) -> None:
        """Start the server again on the same port, with the same data."""
        self._as_postgres(os.path.join(pg_bin() or "", "pg_ctl"), "-D", self.data, "-l",
                          os.path.join(self.folder, "log"), "-o", self._options, "-w", "-t", "170", "start")

    @property
    def _options(self) -> str:
        return f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=on"

    @property
    def data(self) -> str:
        return os.path.join(self.folder, "data")

    @staticmethod
    def _as_postgres(*args: str, check: bool = True) -> None:
        # generous: a start after an immediate stop recovers first, which is slow on a busy machine
        subprocess.run(["runuser", "-u", "postgres", "--", *args], check=check, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, timeout=180)


def start() -> PgServer:
    """Start a server with a ``fives`` database (trust authentication, loopback only)."""
    bin_dir = pg_bin()
    assert bin_dir is not None
    folder = tempfile.mkdtemp(prefix="fives-pg-")
    os.chmod(folder, 0o755)
    shutil.chown(folder, "postgres")
    server = PgServer(folder, free_port())
    server._as_postgres(os.path.join(bin_dir, "initdb"), "-D", server.data, "-A", "trust", "-U", "fives")
    server.resume()
    server.new_database("fives")
    return server
