"""The computer players of every table, moved by the server: one driver a process, in a thread of its own.

A table moves whether or not a tablet is watching it: the teacher's Start on a table nobody sits at, or a
table whose children all closed their tablets, is played by its computer players to the end. The driver
hears of every change to a table (:class:`~trainer.store.table_news.TableNews`) and looks at that table:
when a computer player is to move (an empty seat, a child away, the next hand with everyone away), it
claims the move's number in the store first (:meth:`Store.claim_turn`), so that of two processes
looking at once one alone works the move out and keeps it; and the store refuses a second move for one
number anyway. A child who stops being seen is looked at again when their minute runs out.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from trainer.games.reads import advance, table_once
from trainer.games.seating import MOST_STAND_IN_MOVES, Seating
from trainer.games.table import TableGame
from trainer.store import Store, StoreError
from trainer.store.table_news import TableNews
from trainer.store.tables import MoveRow, TableRow

log = logging.getLogger("fives_trainer")

TICK = 0.5
"""How often the driver looks at the tables whose time has come (news wakes it at once)."""
CLAIM_HOLD = 10.0
"""A move claimed by a process that did not make it may be claimed again after this (it may have died)."""


class StandIns:
    """One process's driver of the computer players."""

    def __init__(self, store: Store, news: TableNews | None = None, *, clock: Callable[[], float] | None = None,
                 tick: float = TICK) -> None:
        self.clock = clock or store.clock
        self.seating = Seating(store, clock=self.clock, quiet=True)
        self.tick = tick
        self.made = 0
        """Moves this driver kept, all told."""
        self._news = news
        self._due: dict[str, float] = {}
        """Tables to look at again at a time (a child's minute running out; another process's claim)."""
        self._told: dict[str, int] = {}
        """Tables told of since the last look, with their versions."""
        self._rows: dict[str, tuple[TableRow, int]] = {}
        """Each table's row as last read, with the number of moves the driver knew of then."""
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if news is not None:
            news.listen_moves(self.moved)  # heard before the change is told
            news.listen(self.told)

    def moved(self, code: str, version: int, move: MoveRow) -> None:
        """A move the news carries (from the news's thread): the process's kept read of the table brought on by
        it (:func:`~trainer.games.reads.advance`), for the driver and the pages the news wakes."""
        advance(self.seating.store, code, version, move)

    def told(self, changed: dict[str, int]) -> None:
        """News of tables (called from the news's thread): they are looked at soon."""
        with self._lock:
            self._told.update(changed)
        self._wake.set()

    def start(self) -> StandIns:
        if self._thread is None or not self._thread.is_alive():
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="fives-stand-ins", daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=10)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(self.tick)
            self._wake.clear()
            try:
                self.step()
            except Exception:  # the driver never stops for one table
                log.exception("the computer players' driver failed")

    def step(self) -> int:
        """Look at every table told of, and every table whose time has come; returns the moves kept."""
        now = self.clock()
        with self._lock:
            told = dict(self._told)
            self._told.clear()
        codes = set(told) | {code for code, at in self._due.items() if at <= now}
        made = 0
        for code in sorted(codes):
            made += self.drive(code, told.get(code))
        self.made += made
        return made

    def drive(self, code: str, version: int | None = None) -> int:
        """The computer players' moves at one table, until a child is to move; returns the moves kept.
        ``version``: the table's as the news told it (when only moves were kept since the driver last read
        the table's seats, it does not read them again to see that a child is to move)."""
        self._due.pop(code, None)
        made = 0
        try:
            for turn in range(MOST_STAND_IN_MOVES):
                game = self._game(code, version if turn == 0 else None)
                row, fresh = self._row(code, version if turn == 0 else None, game.number)
                if row.ended is not None or game.is_over:
                    if row.ended is None:
                        self.seating.close_finished(code, game)
                    self.forget(code)
                    return made
                move = self.seating.stand_in_move(row, game)
                if move is not None and not fresh:  # a child's last seen as read before: read it again
                    row, fresh = self._row(code, None, game.number)
                    move = self.seating.stand_in_move(row, game)
                if move is None:  # a child is to move: looked at again when their minute runs out
                    at = self.seating.next_look(row, game)
                    if at is not None:
                        self._due[code] = at + 0.1
                    return made
                if not self.seating.store.claim_turn(code, move.number, hold=CLAIM_HOLD):
                    self._due[code] = self.clock() + CLAIM_HOLD  # another process's: again, if it did not move
                    return made
                if self.seating.store.add_move(code, move.number, move.seat, move.token, by_computer=True):
                    made += 1
        except StoreError as err:
            if err.reason == "no-table":
                self.forget(code)
            else:
                self._due[code] = self.clock() + 1.0  # the store is away: again in a moment
        except ValueError:  # a table whose setup or moves cannot be read: nothing to play
            self.forget(code)
        return made

    def _game(self, code: str, heard: int | None) -> TableGame:
        """The table's game, brought up to date. Woken by news of version ``heard``, the driver takes the moves
        from the read this process's pages make for the same news, or makes it for them
        (:func:`~trainer.games.reads.table_once`): moves never change once kept. The seats it judges a child
        away on are its own reading (:meth:`_row`), never a page's."""
        if heard is None:
            return self.seating.game(code)
        read = table_once(self.seating.store, code, self.seating.known(code), heard)
        if read is None:
            raise StoreError("no-table")
        return self.seating.game(code, read=read)

    def _row(self, code: str, version: int | None, moves: int) -> tuple[TableRow, bool]:
        """The table's row, and whether it was read just now. Every change to a table puts its version up by
        one, so a version that went up by exactly the moves kept since the row was read says that nothing
        else changed (no seat taken or left, no end): the row read then still tells who sits where, and a
        child seen then has been seen at least as lately since (a seat's time seen only grows, but for
        leaving, which changes the version)."""
        kept = self._rows.get(code)
        if kept is not None and version is not None and version - kept[0].version == moves - kept[1]:
            return kept[0], False
        row = self.seating.row(code)
        self._rows[code] = (row, moves)
        return row, True

    def forget(self, code: str) -> None:
        self.seating.forget(code)
        self._rows.pop(code, None)


__all__ = ["StandIns"]
