"""News of the tables: which tables changed, told within a moment to whatever in this process listens (the
pages that show a table, the computer players' driver), one watcher a process however many pages are open.

Every change a page shows puts a table's version up in its own transaction (:mod:`trainer.store.tables`).
On PostgreSQL the watcher holds one connection that ``LISTEN``s on :data:`~trainer.store.tables.CHANNEL`,
where each change is told as its transaction commits, from any process; it also reads every open table's
version every few seconds, to catch up after a lost connection. On SQLite the watcher reads the versions
(one small query) a few times a second. Either way a change is told to the listeners once, as
``{code: version}`` (version ``-1``: the table is gone). On PostgreSQL the news of a move carries the move
(:func:`~trainer.store.tables.news_of`), and those listening for moves (:meth:`TableNews.listen_moves`) hear it
first: a process brings its copy of the table up to date without reading it.

:attr:`TableNews.alive` says whether the news is fresh: a page that cannot count on it asks the store by
itself, slowly.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from trainer.store.base import STORE_ERRORS
from trainer.store.errors import StoreError
from trainer.store.store import Store
from trainer.store.tables import CHANNEL, MoveRow, read_news

log = logging.getLogger("fives_trainer")

LOOK_EVERY = 0.25
"""SQLite: how often the watcher reads the tables' versions."""
CATCH_UP_EVERY = 5.0
"""PostgreSQL: how often the watcher reads every version besides listening (news lost with a connection)."""
LISTEN_ROUND = 1.0
"""PostgreSQL: how long the watcher listens at a time before it looks whether it should stop."""
RECENT_SECONDS = 12 * 3600.0
"""Tables opened longer ago than this are not watched (a school day)."""
Listener = Callable[[dict[str, int]], None]
MoveListener = Callable[[str, int, MoveRow], None]
_TROUBLE: tuple[type[BaseException], ...] = (StoreError, *STORE_ERRORS)
"""The store away: the watcher tries again in a moment."""


class TableNews:
    """One process's watcher of the tables' versions (:meth:`start` runs it in a thread of its own)."""

    def __init__(self, store: Store, *, look_every: float = LOOK_EVERY, catch_up_every: float = CATCH_UP_EVERY,
                 clock: Callable[[], float] | None = None) -> None:
        self.store = store
        self.clock = clock or store.clock
        self.listening = store.engine.dialect.name == "postgresql"
        """Told by PostgreSQL (``LISTEN``), not reading by itself."""
        self.look_every = catch_up_every if self.listening else look_every
        self.versions: dict[str, int] = {}
        self._listeners: list[Listener] = []
        self._move_listeners: list[MoveListener] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._heard = 0.0
        """When the store last answered (``time.monotonic()``)."""
        self._connected = False

    # ----- who listens -----

    def listen(self, listener: Listener) -> None:
        """Call ``listener`` (in the watcher's thread: it must be quick) with every change from now on."""
        with self._lock:
            self._listeners.append(listener)

    def listen_moves(self, listener: MoveListener) -> None:
        """Call ``listener`` (in the watcher's thread: it must be quick) with every move the news carries, as
        ``(code, version, move)``, before the change is told to the other listeners."""
        with self._lock:
            self._move_listeners.append(listener)

    def version(self, code: str) -> int | None:
        """The table's version as the watcher last heard it (``None``: not heard of)."""
        return self.versions.get(code)

    @property
    def alive(self) -> bool:
        """The news is fresh: the watcher runs and the store answered it lately."""
        if self._thread is None or not self._thread.is_alive():
            return False
        if self.listening and not self._connected:
            return False
        return time.monotonic() - self._heard < max(5.0, 3 * self.look_every)

    # ----- running -----

    def start(self) -> TableNews:
        if self._thread is None or not self._thread.is_alive():
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="fives-table-news", daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)

    def look(self) -> dict[str, int]:
        """Read every watched table's version once and tell the changes; returns them."""
        found = self.store.table_versions(since=self.clock() - RECENT_SECONDS)
        self._heard = time.monotonic()
        changed = {code: v for code, v in found.items() if self.versions.get(code) != v}
        for code in [c for c in self.versions if c not in found]:  # ended long ago: no longer watched
            self.versions.pop(code, None)
        self._tell(changed)
        return changed

    def heard(self, code: str, version: int, move: MoveRow | None = None) -> None:
        """A change told by the store (a notification), with the move that made it, if one did."""
        self._heard = time.monotonic()
        if move is not None:
            with self._lock:
                listeners = list(self._move_listeners)
            for listener in listeners:
                try:
                    listener(code, version, move)
                except Exception:  # one listener's fault never stops the news
                    log.exception("a listener to the tables' moves failed")
        if self.versions.get(code, -2) < version or version < 0:
            self._tell({code: version})

    def _tell(self, changed: dict[str, int]) -> None:
        if not changed:
            return
        for code, version in changed.items():
            if version < 0:
                self.versions.pop(code, None)
            else:
                self.versions[code] = max(version, self.versions.get(code, version))
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(changed)
            except Exception:  # one listener's fault never stops the news
                log.exception("a listener to the tables' news failed")

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                if self.listening:
                    self._listen()
                else:
                    self.look()
                    self._stop.wait(self.look_every)
            except _TROUBLE as err:
                self._connected = False
                log.warning("the tables' news is interrupted: %s", err)
                self._stop.wait(1.0)
            except Exception:
                self._connected = False
                log.exception("the tables' news failed")
                self._stop.wait(1.0)

    def _listen(self) -> None:
        """PostgreSQL: one connection of its own, listening, and a full look every few seconds."""
        import psycopg

        url = self.store.engine.url.set(drivername="postgresql")
        with psycopg.connect(url.render_as_string(hide_password=False), autocommit=True, connect_timeout=5,
                             keepalives=1, keepalives_idle=10, keepalives_interval=3, keepalives_count=3) as conn:
            conn.execute(f"LISTEN {CHANNEL}")
            self._connected = True
            try:
                self.look()  # what changed while nobody listened
                looked = time.monotonic()
                while not self._stop.is_set():
                    for note in conn.notifies(timeout=LISTEN_ROUND):
                        try:
                            code, version, move = read_news(note.payload)
                        except ValueError:
                            continue
                        self.heard(code, version, move)
                        if self._stop.is_set():
                            break
                    if time.monotonic() - looked >= self.look_every:
                        conn.execute("SELECT 1")  # the connection still answers
                        self.look()
                        looked = time.monotonic()
            finally:
                self._connected = False


__all__ = ["TableNews"]
