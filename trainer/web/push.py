"""Moves pushed to the pages that show a table, not polled by them: one watcher a process.

A page that shows a table (a child's seat, the projector) says so at the end of its run (:func:`follow`),
with the table's version it drew. The process's watcher (:class:`~trainer.store.table_news.TableNews`:
PostgreSQL's ``LISTEN``, or one small read of SQLite a few times a second) hears of every change to a table,
from any process; the pages showing that table, and only those, run again (:mod:`trainer.web.waking`). The
same watcher wakes the process's driver of the computer players (:class:`~trainer.games.driver.StandIns`),
so a table moves whether or not a tablet watches it. And every few seconds the seats of the pages this
process has open are marked seen in one write: a child whose tablet is open is here, without their page
running.

A page whose only change at a move is one element (a child waiting at a table: :mod:`trainer.web.table_sheet`)
says how to draw that element again (:class:`Repaint`): the watcher reads the table for the news in its own
thread, and the element goes out again with its new text, without a run of the page
(:func:`~trainer.web.runtime.waking.repaint`); where the move changed more, the page is woken and runs.

A page still looks by itself now and then (:func:`follow` says how often): slowly while the push works, in
case a wake was lost, and every few seconds when it does not (the watcher down, or Streamlit not one
:mod:`waking` knows), as it did before the push. Then the page itself also moves for the computer players if
this process has no driver. When the watcher goes down, or comes back, every page this process shows a table
on is woken as a whole page, so that it looks as often as it now must (:meth:`Push.look_live`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from trainer.games.driver import StandIns
from trainer.store import Store, StoreError
from trainer.store.table_news import TableNews
from trainer.web.runtime import waking

log = logging.getLogger("fives_trainer")

GUARD_EVERY = 60.0
"""While the push works, how often a page looks by itself (a wake lost is made up for within this; the watcher
going down wakes the pages at once: :meth:`Push.look_live`)."""
POLL_EVERY = 2.0
"""While it does not, how often a page asks the store whether its table moved on."""
SEEN_EVERY = 10.0
"""How often the seats of the pages open in this process are marked seen."""
LIVE_EVERY = 2.0
"""How often the process looks whether its watcher's news is still fresh (:meth:`Push.look_live`)."""


@dataclass(frozen=True)
class Repaint:
    """How a page's one changed element is drawn again after news of its table, without a run of the page."""

    message: ForwardMsg
    """The message the element last went out in (:func:`~trainer.web.runtime.waking.kept_message`)."""
    read: Callable[[int], Any]
    """In the watcher's thread, told the table's version heard: what :attr:`draw` needs from the store."""
    draw: Callable[[Any], tuple[str, int] | None]
    """On the event loop, while the session runs nothing, given what :attr:`read` gave: the element's new text and
    the table's version it shows; ``None`` when the page must run to show what changed."""


@dataclass
class Shown:
    """A page showing a table."""

    place: waking.Place
    code: str
    version: int
    """The table's version the page drew."""
    seats: tuple[int, ...]
    """The seats this page plays (none on the projector): marked seen while its browser is connected."""
    repaint: Repaint | None = None
    """How the page is drawn again without a run, where it can be."""


class Push:
    """One process's pages, its watcher and its driver, for one store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.news = TableNews(store)
        self.driver = StandIns(store, self.news)
        self.woken = 0
        """Pages woken so far, or drawn again without a run (for the benchmarks)."""
        self.repainted = 0
        """Of those, the ones whose element was sent to be drawn again without a run."""
        self._shown: dict[str, Shown] = {}
        """By session id: a session shows one table at a time."""
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._seen_thread: threading.Thread | None = None
        self._was_live: bool | None = None
        self.news.listen(self._told)

    def start(self) -> Push:
        self.news.start()
        self.driver.start()
        if self._seen_thread is None or not self._seen_thread.is_alive():
            self._seen_thread = threading.Thread(target=self._keep_seen, name="fives-table-seen", daemon=True)
            self._seen_thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self.driver.stop()
        self.news.stop()

    @property
    def live(self) -> bool:
        """Pages are pushed to: the watcher's news is fresh."""
        return self.news.alive

    # ----- the pages -----

    def show(self, place: waking.Place, code: str, version: int, seats: tuple[int, ...] = (),
             repaint: Repaint | None = None) -> None:
        """The page at ``place`` drew ``code`` at ``version``: wake it (or draw it again, by ``repaint``) when the
        table changes (at once, if it already has)."""
        shown = Shown(place, code, version, seats, repaint)
        with self._lock:
            self._shown[place.session_id] = shown
        if self.behind(code, version):
            self._wake(shown)

    def hide(self, session_id: str) -> None:
        with self._lock:
            self._shown.pop(session_id, None)

    def behind(self, code: str, version: int) -> bool:
        """The table changed since the page drew it at ``version``, as far as the watcher heard."""
        heard = self.news.version(code)
        return heard is not None and (heard > version or heard < 0)

    def showing(self, code: str) -> int:
        """How many pages of this process show the table."""
        with self._lock:
            return sum(1 for s in self._shown.values() if s.code == code)

    def _told(self, changed: dict[str, int]) -> None:
        """News (in the watcher's thread): wake the pages that show a changed table, and only those."""
        with self._lock:
            due = [s for s in self._shown.values()
                   if s.code in changed and (changed[s.code] > s.version or changed[s.code] < 0)]
        for shown in due:
            if shown.repaint is not None and changed[shown.code] >= 0:
                self._repaint(shown, changed[shown.code])
            else:
                self._wake(shown)

    def _wanted(self, shown: Shown) -> Callable[[], bool]:
        def wanted() -> bool:  # on the event loop, just before: the page may have drawn it by now
            with self._lock:
                now = self._shown.get(shown.place.session_id)
            return now is not None and now.code == shown.code and self.behind(now.code, now.version)

        return wanted

    def _wake(self, shown: Shown) -> None:
        self.woken += 1
        waking.wake(shown.place, self._wanted(shown))

    def _repaint(self, shown: Shown, heard: int) -> None:
        """The page's element drawn again for the news (the table read here, in the watcher's thread); woken
        where it cannot be."""
        repaint = shown.repaint
        assert repaint is not None
        try:
            got = repaint.read(heard)
        except Exception:  # the store away, say: the woken page reads and says so
            self._wake(shown)
            return

        def draw() -> str | None:  # on the event loop, while the session runs nothing
            with self._lock:
                if self._shown.get(shown.place.session_id) is not shown:
                    return None  # the page ran since and drew another: it is woken as that one says
            drawn = repaint.draw(got)
            if drawn is None:
                return None
            body, version = drawn
            with self._lock:
                shown.version = version
            return body

        self.woken += 1
        self.repainted += 1
        waking.repaint(shown.place, repaint.message, draw, self._wanted(shown))

    # ----- who is here -----

    def _keep_seen(self) -> None:
        marked = time.monotonic()
        while not self._stop.wait(LIVE_EVERY):
            try:
                self.look_live()
            except Exception:
                log.exception("the pages could not be told the tables' news changed")
            if time.monotonic() - marked < SEEN_EVERY:
                continue
            marked = time.monotonic()
            try:
                self.mark_seen()
            except StoreError:
                continue  # the store is away: the next round marks them
            except Exception:
                log.exception("the tables' seats could not be marked seen")

    def look_live(self) -> int:
        """When the watcher's news went stale, or fresh again, since the last look: every page this process
        shows a table on runs again as a whole page, and so looks by itself as often as it now must (every
        :data:`POLL_EVERY` seconds without the news, every :data:`GUARD_EVERY` with it). Returns the pages woken."""
        live = self.live
        was, self._was_live = self._was_live, live
        if was is None or was == live:
            return 0
        with self._lock:
            shown = list(self._shown.values())
        for s in shown:
            waking.wake(waking.Place(s.place.session_id, s.place.page), lambda: True)
        return len(shown)

    def mark_seen(self) -> int:
        """Mark seen every seat whose page is open with its browser connected; forget closed sessions.
        Returns how many seats were marked."""
        with self._lock:
            shown = list(self._shown.values())
        here: list[tuple[str, int]] = []
        for s in shown:
            if waking.showing(s.place):  # connected, and still on the table's page
                here += [(s.code, seat) for seat in s.seats]
            elif waking.gone(s.place.session_id):
                self.hide(s.place.session_id)
        self.store.seen_all(here)
        return len(here)


_PUSHES: dict[int, Push] = {}
_STARTING = threading.Lock()


def of(store: Store | None) -> Push | None:
    """This process's push for the store, started on first use; ``None`` where pages cannot be woken (no
    runtime, as under AppTest, or a Streamlit this app does not know): the pages poll, as before."""
    if store is None or not waking.supported():
        return None
    found = _PUSHES.get(id(store))
    if found is not None and found.store is store:
        return found
    with _STARTING:
        found = _PUSHES.get(id(store))
        if found is None or found.store is not store:
            found = _PUSHES[id(store)] = Push(store).start()
    return found


def follow(store: Store | None, code: str, version: int, seats: tuple[int, ...] = (),
           repaint: Repaint | None = None) -> float:
    """The end of a page's run that shows table ``code`` at ``version``: it is woken (or drawn again by
    ``repaint``) when the table changes. Returns how often the page should still look by itself
    (:data:`GUARD_EVERY` or :data:`POLL_EVERY`)."""
    push = of(store)
    place = waking.here()
    if push is None or place is None:
        return POLL_EVERY
    push.show(place, code, version, seats, repaint)
    return GUARD_EVERY if push.live else POLL_EVERY


def unfollow(store: Store | None) -> None:
    """This run's page shows no table (yet): its session is not woken, nor its seats marked seen, until
    it says again which it shows (:func:`follow`, which wakes it at once if the table changed meanwhile)."""
    push = of(store)
    place = waking.here()
    if push is not None and place is not None:
        push.hide(place.session_id)


def live(store: Store | None) -> bool:
    """Pages showing the store's tables are pushed to now (and their seats marked seen by this process)."""
    push = of(store)
    return push is not None and push.live


def driven(store: Store | None) -> bool:
    """This process moves the computer players of the store's tables by itself (a page need not)."""
    push = of(store)
    return push is not None and push.driver.running


__all__ = ["GUARD_EVERY", "POLL_EVERY", "Push", "Repaint", "driven", "follow", "live", "of", "unfollow"]
