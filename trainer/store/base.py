"""The store's footing: reaching the database, turning its failures into
:class:`StoreUnavailable`, and the health check."""

from __future__ import annotations

import functools
import logging
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import SQLAlchemyError

from trainer.store.errors import StoreError, StoreUnavailable
from trainer.store.files import DatabaseFile
from trainer.store.limits import Clock

try:
    import psycopg

    _DRIVER_ERRORS: tuple[type[BaseException], ...] = (sqlite3.Error, psycopg.Error)
except ImportError:  # pragma: no cover - psycopg is a dependency, but SQLite needs none
    _DRIVER_ERRORS = (sqlite3.Error,)

STORE_ERRORS: tuple[type[BaseException], ...] = (SQLAlchemyError, OSError, *_DRIVER_ERRORS)
"""What the database (or its file) raises when it is away, full or unwritable."""
log = logging.getLogger("fives_trainer")
HEALTH_SECONDS = 2.0
"""How long :meth:`StoreBase.health` keeps its answer."""
P = ParamSpec("P")
R = TypeVar("R")


def _calm(method: Callable[P, R]) -> Callable[P, R]:
    """A public method: the database's own errors become :class:`StoreUnavailable`, logged."""

    @functools.wraps(method)
    def calm(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except (StoreError, PermissionError):  # the store's own answers (a wrong teacher key)
            raise
        except STORE_ERRORS as err:
            store = args[0]
            assert isinstance(store, StoreBase)
            raise store._unavailable(method.__name__, err) from None

    return calm


class StoreBase:
    """The connection side of :class:`trainer.store.Store`."""

    def __init__(self, engine: Engine, *, clock: Clock = time.time) -> None:
        self.engine = engine
        self.clock = clock
        path = engine.url.database if engine.dialect.name == "sqlite" else None
        self._file = DatabaseFile(path) if path and path != ":memory:" else None
        self._health: tuple[float, str | None] | None = None
        self._answered: float | None = None
        """When a transaction or a read last went through (``None`` since a call failed): :meth:`health` asks
        the database itself only when it has not answered lately."""

    @property
    def url(self) -> str:
        return self.engine.url.render_as_string(hide_password=True)

    # ----- reaching the database -----

    def _file_ok(self, write: bool) -> None:
        problem = self._file.problem(write) if self._file else None
        if problem:
            raise OSError(f"the database file is {problem}")

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        """One transaction, committed at the end; on SQLite, the file must be the one opened, before
        and after (an answer written into a deleted file is never acknowledged)."""
        self._file_ok(write=True)
        with self.engine.begin() as conn:
            yield conn
        if self._file and self._file.problem(write=False) == "gone":
            raise OSError("the database file was deleted during a write")
        self._answered = self.clock()

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        self._file_ok(write=False)
        with self.engine.connect() as conn:
            yield conn
        self._answered = self.clock()

    @contextmanager
    def _alone(self) -> Iterator[Connection]:
        """PostgreSQL: a connection whose every statement commits by itself (autocommit), for a change made in one
        statement: no trip to begin it or commit it."""
        with self.engine.connect() as conn:
            yield conn.execution_options(isolation_level="AUTOCOMMIT")
        self._answered = self.clock()

    def _unavailable(self, what: str, err: BaseException) -> StoreUnavailable:
        log.error("the progress store is unavailable (%s): %s", what, err)
        self._health = self._answered = None  # the next health() looks again
        return StoreUnavailable()

    def health(self) -> str | None:
        """``None`` when the store works, else why not: ``"down"`` (the database cannot be reached),
        ``"gone"`` (the SQLite file was deleted or replaced) or ``"read-only"``. Cheap enough for
        every page run: the answer is kept for :data:`HEALTH_SECONDS`, and a database that answered a call within
        that time is not asked again (only a SQLite file is looked at)."""
        now = self.clock()
        cached = self._health
        if cached is not None and 0 <= now - cached[0] < HEALTH_SECONDS:
            return cached[1]
        answered = self._answered
        if answered is not None and 0 <= now - answered < HEALTH_SECONDS:
            reason = self._file.problem(write=True) if self._file else None
        else:
            reason = self._look()
        self._health = (now, reason)
        return reason

    def _look(self) -> str | None:
        problem = self._file.problem(write=True) if self._file else None
        if problem:
            return problem
        try:
            with self.engine.connect() as conn, conn.begin():
                if self.engine.dialect.name == "postgresql":
                    conn.execute(text("SET LOCAL statement_timeout = 2000"))
                conn.execute(text("SELECT version_num FROM alembic_version")).all()
        except STORE_ERRORS as err:
            log.warning("the progress store is down: %s", err)
            return "down"
        return None
