"""A table as one page of this process read it last, for the other pages the same news wakes.

A move at a table wakes every page that shows it, on every app process: each would read the same table from the
store within a few milliseconds of the others. The first to read keeps what it read here (:func:`keep_read`), and
a page woken by news of a version that read holds takes it (:func:`kept_read`), or waits for the read under way
(:func:`read_once`), instead of visiting the store. Moves never change once kept; a table's row (its seats, when
each child was last seen) is taken only within :data:`READ_FOR` seconds of its reading. The driver of the
computer players takes a read's moves, or makes the read for the pages, but never a page's seats: it decides
who is away on the seats as the store has them now.

A move this process keeps, or hears of with the news (PostgreSQL's carries the move), brings the kept read one
version on (:func:`advance`) when nothing else can have changed since it was read: the read is at the version
just before, and holds every move up to this one. The pages woken by that news, and the driver, then take it
without visiting the store at all; the seats it carries are still those of its reading.
Thread-safe: the pages' runs read from their own threads.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace

from trainer.store import Store
from trainer.store.tables import MoveRow, TableRow

READ_FOR = 30.0
"""Seconds a table as read by one page of a process serves the other pages of that process woken by news
(:func:`kept_read`), brought on by the moves since (:func:`advance`): the seats' last-seen times it carries are
never older than this. A child is away after a minute unseen, and a tablet open says so every ten seconds
(:data:`trainer.web.push.SEEN_EVERY`): seats as old as this (40 s at the most) never show a child here as away.
A child who did go away is shown so from the computer's first move for them: that move is never added to a
kept read (:func:`advance`), so the pages it wakes read the seats as the store has them."""
READS_KEPT = 256
"""Tables whose last read a process keeps."""
MOVES_KEPT = 64
"""The most recent moves kept with a table's read."""


@dataclass(frozen=True)
class Read:
    at: float
    row: TableRow
    first: int
    """The number of the first move in :attr:`moves`."""
    moves: tuple[MoveRow, ...]


_READS: OrderedDict[tuple[int, str], Read] = OrderedDict()
_READS_LOCK = threading.Lock()
_READING: dict[tuple[int, str], threading.Event] = {}
"""Tables being read from the store now, by one reader that the others woken by the same news wait for."""
WAIT_FOR = 0.5
"""The most a reader waits for another's read of the same table before it reads the store itself (seconds)."""


def read_once(store: object, code: str, since: int, heard: int | None,
              read: Callable[[int], tuple[TableRow | None, list[MoveRow]]]) -> tuple[TableRow, list[MoveRow]] | None:
    """The table ``code`` and its moves from ``since`` on (perhaps from earlier: a copy of the game skips the
    moves it holds), ``None`` when there is no such table. ``heard``: the version the news told, which woke
    this reader (``None``: not woken by news, as after the reader's own move: it reads the store). A reader
    woken by news takes a read kept for it (:func:`kept_read`), or waits for the read of that table under way
    in another thread, and reads the store itself (``read(from_number)``) only when neither holds what the news
    told; what it reads is kept for the others."""
    key = (id(store), code)
    waited = False
    mine: threading.Event | None = None  # set when this reader's read is the one the others wait for
    while True:
        now = time.monotonic()
        with _READS_LOCK:
            if heard is not None:
                found = _kept(key, since, heard, now)
                if found is not None:
                    return found
            under_way = _READING.get(key)
            if under_way is None or heard is None or waited:
                start = min(since, _until(key, since))
                if under_way is None:
                    mine = _READING[key] = threading.Event()
                break
        under_way.wait(WAIT_FOR)
        waited = True
    try:
        row, moves = read(start)
        if row is not None:
            keep_read(store, start, row, moves, now)
    finally:
        if mine is not None:
            with _READS_LOCK:
                _READING.pop(key, None)
            mine.set()
    return None if row is None else (row, moves)



def table_once(store: Store, code: str, since: int, heard: int | None) -> tuple[TableRow, list[MoveRow]] | None:
    """:func:`read_once` of the table and its moves as the store has them (:meth:`Store.table_and_moves`): what a
    woken page and the computer players' driver each ask for."""
    return read_once(store, code, since, heard, lambda start: store.table_and_moves(code, since=start))

def kept_read(store: object, code: str, since: int, heard: int | None,
              now: float) -> tuple[TableRow, list[MoveRow]] | None:
    """The table ``code`` and its moves from ``since`` on, as a page of this process read it within
    :data:`READ_FOR` seconds, if that read holds at least the version the process's watcher heard of
    (``heard``) and every move from ``since`` on that it read; ``None``: read the store. Moves never change
    once kept, so a later page of the same table takes the read as it is."""
    if heard is None:
        return None
    with _READS_LOCK:
        return _kept((id(store), code), since, heard, now)


def _kept(key: tuple[int, str], since: int, heard: int, now: float) -> tuple[TableRow, list[MoveRow]] | None:
    got = _READS.get(key)
    if heard < 0 or got is None or got.row.version < heard or not 0 <= now - got.at <= READ_FOR:
        return None
    if not got.first <= since <= got.first + len(got.moves):
        return None
    return got.row, list(got.moves[since - got.first:])


def _until(key: tuple[int, str], since: int) -> int:
    got = _READS.get(key)
    return since if got is None else got.first + len(got.moves)


def keep_read(store: object, since: int, row: TableRow, moves: list[MoveRow], now: float) -> None:
    """A page's read of a table from the store (its moves from ``since`` on), for the process's other pages."""
    key = (id(store), row.code)
    with _READS_LOCK:
        got = _READS.get(key)
        if got is not None and got.row.version > row.version:
            return  # a newer read is kept
        if got is not None and got.first <= since <= got.first + len(got.moves):
            first, kept = got.first, (*got.moves[:since - got.first], *moves)
        else:
            first, kept = since, tuple(moves)
        _keep(key, Read(now, row, first, kept))


def _keep(key: tuple[int, str], read: Read) -> None:
    """Keep ``read`` (its last :data:`MOVES_KEPT` moves), the most recent of :data:`READS_KEPT` (under the lock)."""
    if len(read.moves) > MOVES_KEPT:
        read = replace(read, first=read.first + len(read.moves) - MOVES_KEPT, moves=read.moves[-MOVES_KEPT:])
    _READS[key] = read
    _READS.move_to_end(key)
    while len(_READS) > READS_KEPT:
        _READS.popitem(last=False)


def advance(store: object, code: str, version: int, move: MoveRow) -> bool:
    """The move that put table ``code`` at ``version`` (kept by this process, or told by the news) added to the
    kept read, when the read is at the version just before and holds every move before this one: nothing else
    can have changed (every change puts the version up by one). ``True`` when it was added. A child's move marks
    their seat seen at the move's time (they are here: a child back from away is not shown away); a computer's
    move for a seat a child holds is never added: the child is away, and the pages read the seats that say so."""
    key = (id(store), code)
    with _READS_LOCK:
        got = _READS.get(key)
        if got is None or got.row.version != version - 1 or got.first + len(got.moves) != move.number:
            return False
        if move.by_computer and any(held.seat == move.seat for held in got.row.seats):
            _READS.pop(key)  # read again by the first page it wakes: the seats as the store has them now
            return False
        seats = tuple(replace(held, seen=max(held.seen, move.at)) if held.seat == move.seat else held
                      for held in got.row.seats)  # a child who has just moved is here (a computer's: no child's seat)
        _keep(key, Read(got.at, replace(got.row, version=version, seats=seats), got.first, (*got.moves, move)))
    return True


__all__ = ["READ_FOR", "WAIT_FOR", "advance", "keep_read", "kept_read", "read_once", "table_once"]
