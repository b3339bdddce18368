"""Opening the store: the engine (SQLite's pragmas, PostgreSQL's timeouts) and the migrations."""

from __future__ import annotations

import fcntl
import logging
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.exc import DisconnectionError

from trainer.store.errors import StoreUnavailable
from trainer.store.files import DatabaseFile
from trainer.store.limits import Clock
from trainer.store.store import STORE_ERRORS, Store

log = logging.getLogger("fives_trainer")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_FILE = os.path.join(ROOT, "data", "fives.db")
URL_VARIABLE = "FIVES_DATABASE_URL"
CONNECT_TIMEOUT = 3
"""Seconds PostgreSQL gets to accept a connection: a server that is away is reported quickly."""


def default_url() -> str:
    """``FIVES_DATABASE_URL`` if it is set, else the SQLite file ``data/fives.db`` in the project."""
    url = os.environ.get(URL_VARIABLE, "").strip()
    return url or f"sqlite:///{DEFAULT_FILE}"


def open_store(url: str | None = None, *, clock: Clock = time.time) -> Store:
    """Open (and if needed create or upgrade) the store at ``url`` (default: :func:`default_url`).
    ``clock`` (seconds since the epoch) times the rate limits and the health check.
    :class:`StoreUnavailable` when the database cannot be reached or written."""
    url = url or default_url()
    path = _sqlite_path(url)
    if path and os.path.exists(path) and DatabaseFile(path).problem():
        log.error("the progress store could not be opened: %s is not writable", path)
        raise StoreUnavailable()
    try:
        engine = _sqlite_engine(url) if url.startswith("sqlite") else _server_engine(url)
        migrate(engine)
    except STORE_ERRORS as err:
        log.error("the progress store could not be opened: %s", err)
        raise StoreUnavailable() from None
    return Store(engine, clock=clock)


def _sqlite_path(url: str) -> str | None:
    """The database file of a SQLite URL (``None``: not SQLite, or in memory)."""
    if not url.startswith("sqlite"):
        return None
    path = url.split("///", 1)[1] if "///" in url else ""
    return path if path and path != ":memory:" else None


def _sqlite_engine(url: str) -> Engine:
    path = _sqlite_path(url)
    if path:
        os.makedirs(os.path.dirname(os.path.abspath(path)) or ".", exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": 10}, hide_parameters=True)

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn, _record) -> None:  # every connection: write-ahead log, wait when busy
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA busy_timeout=10000")
        cur.execute("PRAGMA foreign_keys=ON")
        # with the write-ahead log, NORMAL keeps every committed answer through a crash of the
        # process (a test kills writers mid-way); only a power cut may lose the last moments
        cur.execute("PRAGMA synchronous=NORMAL")
        # never map the database file into memory: a mapped page of a file that is truncated or
        # made read-only kills the process with SIGBUS (see trainer/store/files.py)
        cur.execute("PRAGMA mmap_size=0")
        cur.close()
    return engine


PING_AFTER = 1.0
"""Seconds a pooled PostgreSQL connection may rest and still be handed out without a ping first."""


def _server_engine(url: str) -> Engine:
    """PostgreSQL's engine. A connection that has rested in the pool is pinged before it is handed out (one that
    no longer answers, after a restart of the server say, is replaced); one back in the pool within the last
    :data:`PING_AFTER` seconds is handed out as it is, since it has just answered: a click that keeps a move makes
    one trip to the server, not two. The pool hands out the connection back last (last in, first out): the one
    that has just answered, so that the few a process keeps busy rest least and are seldom pinged, and the others
    rest (and are pinged when a rush calls on them)."""
    args = {"connect_timeout": CONNECT_TIMEOUT, "keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 3,
            "keepalives_count": 3}
    engine = create_engine(url, pool_size=5, max_overflow=10, pool_timeout=10, pool_use_lifo=True,
                           hide_parameters=True, connect_args=args)

    @event.listens_for(engine, "checkin")
    def _rested_from(_dbapi_conn, record) -> None:
        if record is not None:
            record.info["back"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _answers(dbapi_conn, record, _proxy) -> None:
        back = record.info.get("back")
        if back is not None and time.monotonic() - back < PING_AFTER:
            return
        try:
            engine.dialect.do_ping(dbapi_conn)
        except engine.dialect.loaded_dbapi.Error as err:  # the pool replaces it (up to three times)
            raise DisconnectionError() from err

    return engine


def migrations(conn: Connection) -> Config:
    """The store's migrations, to run on ``conn`` (``alembic.command.upgrade(migrations(conn), "head")``)."""
    cfg = Config()
    cfg.set_main_option("script_location", os.path.join(HERE, "migrations"))
    cfg.attributes["connection"] = conn
    return cfg


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration. Two processes starting at once take turns."""
    if engine.dialect.name == "sqlite":
        path = engine.url.database or ""
        lock_path = (os.path.abspath(path) + ".migrate-lock") if path and path != ":memory:" else None
        with _file_lock(lock_path), engine.begin() as conn:
            command.upgrade(migrations(conn), "head")
    else:
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(5555)"))  # one migrator at a time
            command.upgrade(migrations(conn), "head")


@contextmanager
def _file_lock(path: str | None) -> Iterator[None]:
    if path is None:
        yield
        return
    with open(path, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)
