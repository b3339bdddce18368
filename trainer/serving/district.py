"""A district: the app served from several machines, described once.

One machine runs PostgreSQL (``db``), a few run one app process each (``app1``, ``app2``…), and one runs
HAProxy in front of them (``balancer``), sticky by cookie. The database is the only state the app
machines share, so any of them can serve any browser; a learner's page rebuilds itself from the store
when it lands on another one (``?me=`` in the address).

This module only describes that layout (no side effects): which machines, what each runs and the
environment variables it gets. The deployment files (``deploy/compose.yaml``), the test that runs a
district in network namespaces (``tests/test_district.py``) and its benchmark (``benchmarks/district.py``)
all follow it, and ``tests/test_deploy.py`` checks the compose file against it.

>>> d = District(apps=2)
>>> [h.name for h in d.hosts]
['db', 'app1', 'app2', 'balancer']
>>> d.command(d.host("balancer"))
['python', '-m', 'trainer.serving', 'balancer', '--run-dir', '/run/fives-balancer', '--backend', 'app1:8501', \
'--backend', 'app2:8501']
>>> d.environment(d.host("app1"), secret="s")["FIVES_DATABASE_URL"]
'postgresql+psycopg://fives@db:5432/fives'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from trainer.serving.roles import RUN_DIR
from trainer.serving.serve import FORWARDED

DATABASE_URL = "FIVES_DATABASE_URL"
COOKIE_SECRET = "STREAMLIT_SERVER_COOKIE_SECRET"
PORT = "PORT"
HOST = "HOST"
APP_VARIABLES = (DATABASE_URL, COOKIE_SECRET, FORWARDED, PORT, HOST)
"""Every app machine's environment, by name (:meth:`District.environment`)."""
BALANCER_VARIABLES = (PORT, HOST)
DATABASE_USER = "fives"
DATABASE_NAME = "fives"
DATABASE_VARIABLES = ("POSTGRES_USER", "POSTGRES_DB", "POSTGRES_HOST_AUTH_METHOD")
"""The database machine's environment (the ``postgres`` image's names)."""


class Role(enum.Enum):
    """What one machine of the district does."""

    DATABASE = "database"
    APP = "app"
    BALANCER = "balancer"


@dataclass(frozen=True)
class Host:
    """One machine: its name (the compose service's, and how the others address it unless told
    otherwise) and its role."""

    name: str
    role: Role


@dataclass(frozen=True)
class District:
    """The layout: ``apps`` app machines, one balancer, one database, and the ports they use."""

    apps: int = 3
    app_port: int = 8501
    """Each app machine's port (the same on every one: they are different machines)."""
    balancer_port: int = 8501
    """The one port browsers use."""
    db_port: int = 5432
    addresses: Mapping[str, str] = field(default_factory=dict)
    """How the machines reach each other, by host name; a name not here is its own address (a container
    network's DNS)."""
    balancer_run_dir: str = RUN_DIR

    @property
    def hosts(self) -> list[Host]:
        return [Host("db", Role.DATABASE), *(Host(f"app{i}", Role.APP) for i in range(1, self.apps + 1)),
                Host("balancer", Role.BALANCER)]

    def host(self, name: str) -> Host:
        return next(h for h in self.hosts if h.name == name)

    def of(self, role: Role) -> list[Host]:
        return [h for h in self.hosts if h.role is role]

    def address(self, host: Host) -> str:
        return self.addresses.get(host.name, host.name)

    @property
    def database_url(self) -> str:
        db = self.address(self.of(Role.DATABASE)[0])
        return f"postgresql+psycopg://{DATABASE_USER}@{db}:{self.db_port}/{DATABASE_NAME}"

    @property
    def balancer_address(self) -> str:
        """The balancer as the app machines see it: the one address whose ``X-Forwarded-For`` they believe
        (:mod:`trainer.serving.forwarded`; a host name is looked up by them)."""
        return self.address(self.of(Role.BALANCER)[0])

    @property
    def backends(self) -> list[str]:
        """The app machines as the balancer names them, in order (``app1`` is HAProxy's ``app/app1``)."""
        return [f"{self.address(h)}:{self.app_port}" for h in self.of(Role.APP)]

    def command(self, host: Host) -> list[str]:
        """What ``host`` runs (``python`` is the Python the app is installed in); the database machine runs
        PostgreSQL's own server, so it has no command of ours (an empty list)."""
        if host.role is Role.APP:
            return ["python", "-m", "trainer.serving", "app"]
        if host.role is Role.BALANCER:
            backends = [arg for b in self.backends for arg in ("--backend", b)]
            return ["python", "-m", "trainer.serving", "balancer", "--run-dir", self.balancer_run_dir, *backends]
        return []

    def environment(self, host: Host, *, secret: str) -> dict[str, str]:
        """The environment variables ``host`` gets (``secret``: the cookie secret every app machine shares)."""
        if host.role is Role.APP:
            return {DATABASE_URL: self.database_url, COOKIE_SECRET: secret, FORWARDED: self.balancer_address,
                    PORT: str(self.app_port), HOST: "0.0.0.0"}
        if host.role is Role.BALANCER:
            return {PORT: str(self.balancer_port), HOST: "0.0.0.0"}
        # only the app machines reach it, on the district's private network
        return {"POSTGRES_USER": DATABASE_USER, "POSTGRES_DB": DATABASE_NAME, "POSTGRES_HOST_AUTH_METHOD": "trust"}
