"""The store's side of tables of children playing each other: the tables, who sits where, and every
move under its number.

A move is kept only under the number after the last one kept: the primary key (table, number) lets
one move have each number, so two devices (or two app processes) sending a move for the same turn get
one kept and one refused, on SQLite and PostgreSQL alike. What the moves mean is not known here
(:mod:`trainer.games.table` checks them); this module keeps them in order and never loses one.

Table codes are two groups (``"KQ7M-XR4"``, seven characters with a check character), so a table code
never looks like a learner, class or puzzle code; a code that names no table counts against the
session and address like every other code (:mod:`trainer.store.limits`).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, and_, bindparam, delete, func, insert, or_, select, text, update
from sqlalchemy.exc import IntegrityError

from puzzles.codes import ALPHABET
from trainer.store import codes, limits
from trainer.store.base import StoreBase, _calm
from trainer.store.errors import LearnerGone, StoreError
from trainer.store.nicknames import check_nickname
from trainer.store.schema import game_tables, learners, table_moves, table_seats

TABLE_LENGTH = 7
"""Six random characters and a check character: 23**6, about 148 million codes."""
TOKEN_LENGTH = 40
KEY_LENGTH = 24
"""A seat's key: the device's own secret for finding its seat again after a reload."""
CHANNEL = "fives_tables"
"""PostgreSQL's channel for a table's news: every change a page shows is told there as ``"<code> <version>"``
when its transaction commits (:mod:`trainer.store.table_news` listens)."""


def new_table_code() -> str:
    """A fresh table code like ``"KQ7M-XR4"``."""
    body = "".join(secrets.choice(ALPHABET) for _ in range(TABLE_LENGTH - 1))
    plain = body + codes._check(body)
    return f"{plain[:4]}-{plain[4:]}"


def normalise_table(text: object) -> str | None:
    """A table code in its stored form from anything typed (case, spaces and dashes do not matter), or
    ``None`` if it cannot be one.

    >>> code = new_table_code()
    >>> normalise_table(code.lower().replace("-", " ")) == code
    True
    >>> normalise_table("KQ7M-XR4P") is None   # a learner code's length
    True
    """
    plain = codes._plain(text)
    if plain is None or len(plain) != TABLE_LENGTH or not codes._fits(plain):
        return None
    return f"{plain[:4]}-{plain[4:]}"


@dataclass(frozen=True)
class SeatRow:
    seat: int
    learner_code: str | None
    """``None`` for a seat taken on a shared tablet by a child without a learner code."""
    nickname: str
    seen: float


@dataclass(frozen=True)
class TableRow:
    code: str
    class_code: str | None
    setup: dict[str, Any]
    opened: float
    ended: float | None
    deal: str | None
    seats: tuple[SeatRow, ...]
    rematch: str | None = None
    """The table the same children went on to play at, once one of them asked for a rematch."""
    version: int = 0
    """Goes up with every change a page shows: a move, a seat taken or left, the end, a rematch."""

    def seat_of(self, learner_code: str | None) -> int | None:
        """The seat a learner holds here (``None``: none)."""
        if learner_code is None:
            return None
        return next((s.seat for s in self.seats if s.learner_code == learner_code), None)


@dataclass(frozen=True)
class MoveRow:
    number: int
    seat: int
    token: str
    by_computer: bool
    at: float


KEEP_MOVE = text("""
WITH t AS (
    SELECT ended, (SELECT count(*) FROM table_moves WHERE table_code = :code) AS kept
    FROM game_tables WHERE code = :code
), ins AS (
    INSERT INTO table_moves (table_code, number, seat, token, by_computer, at)
    SELECT :code, :number, :seat, :token, :by_computer, :at FROM t WHERE t.ended IS NULL AND t.kept = :number
    RETURNING number
), up AS (
    UPDATE game_tables SET version = version + 1 WHERE code = :code AND EXISTS (SELECT 1 FROM ins)
    RETURNING version
)
SELECT t.ended, t.kept, up.version,
       CASE WHEN up.version IS NOT NULL THEN
           pg_notify(CAST(:channel AS TEXT), CAST(:code AS TEXT) || ' ' || up.version || ' ' || CAST(:rest AS TEXT))
       END AS told
FROM t LEFT JOIN up ON TRUE
""")
"""PostgreSQL: a move kept in one statement. It reads the table as :meth:`TableStore.keep_move` does (ended? how
many moves kept?), inserts the move only where it is the next one of a table still open, puts the version up
only where it did, and tells the news (:func:`news_of`, the version put in between the code and the move) only
then. Two processes keeping the same move number: the second is refused by the primary key."""


def news_of(code: str, version: int, move: MoveRow | None = None) -> str:
    """A change's news as :data:`CHANNEL` tells it: the table's code and new version, then, for a move, the
    move (its number, seat, whether a computer made it, when, and last its token, which may have spaces).

    >>> news_of("KQ7M-XR4", 8, MoveRow(7, 2, "let it go", False, 12.5))
    'KQ7M-XR4 8 7 2 0 12.5 let it go'
    >>> read_news(news_of("KQ7M-XR4", 8, MoveRow(7, 2, "let it go", False, 12.5)))
    ('KQ7M-XR4', 8, MoveRow(number=7, seat=2, token='let it go', by_computer=False, at=12.5))
    >>> read_news("KQ7M-XR4 -1")
    ('KQ7M-XR4', -1, None)
    """
    told = f"{code} {version}"
    if move is None:
        return told
    return f"{told} {move.number} {move.seat} {int(move.by_computer)} {move.at!r} {move.token}"


def read_news(news: str) -> tuple[str, int, MoveRow | None]:
    """:func:`news_of` read back (:class:`ValueError` for news that is not)."""
    parts = news.split(" ", 6)
    if len(parts) == 2:
        return parts[0], int(parts[1]), None
    if len(parts) != 7 or parts[4] not in ("0", "1"):
        raise ValueError(f"not the news of a table: {news!r}")
    return parts[0], int(parts[1]), MoveRow(int(parts[2]), int(parts[3]), parts[6], parts[4] == "1", float(parts[5]))


class TableStore(StoreBase):
    """Tables, seats and moves (mixed into :class:`trainer.store.Store`)."""

    @_calm
    def open_table(self, setup: dict[str, Any], *, class_code: str | None = None, deal: str | None = None) -> str:
        """A new table with no one seated; returns its code. ``class_code`` lists it on the class's
        page; ``deal`` groups the tables opened together with one deal."""
        record = json.dumps(setup, sort_keys=True)
        for _ in range(20):
            code = new_table_code()
            try:
                with self._tx() as conn:
                    conn.execute(insert(game_tables).values(code=code, class_code=class_code, setup=record,
                                                            opened=self.clock(), ended=None, deal=deal))
                return code
            except IntegrityError:
                if class_code is not None and self._class_gone(class_code):
                    raise StoreError(codes.NO_CLASS) from None
                continue
        raise RuntimeError("could not find a free table code")

    def _class_gone(self, class_code: str) -> bool:
        from trainer.store.schema import classes
        with self._read() as conn:
            return conn.execute(select(classes.c.code).where(classes.c.code == class_code)).first() is None

    @_calm
    def find_table(self, text: object, *, clients: Sequence[str] = ()) -> TableRow:
        """The table a typed code names; :class:`StoreError` ("no-table") otherwise, counted against the
        clients like a wrong class code (:class:`TooManyTries` once they must wait)."""
        who = limits.as_clients(clients)
        self._not_waiting(who)  # type: ignore[attr-defined]
        code = normalise_table(text)
        found = self.table(code) if code is not None else None
        if found is None:
            if not codes.is_blank(text):
                self._missed(who)  # type: ignore[attr-defined]
            raise StoreError("no-table")
        return found

    @_calm
    def table(self, code: str) -> TableRow | None:
        """A table and its seats, or ``None``."""
        with self._read() as conn:
            row = conn.execute(select(game_tables).where(game_tables.c.code == code)).first()
            if row is None:
                return None
            seats = self._seats(conn, [code]).get(code, ())
        return _table_row(row, seats)

    @_calm
    def table_and_moves(self, code: str, *, since: int = 0) -> tuple[TableRow | None, list[MoveRow]]:
        """A table with its seats, and its moves from number ``since`` on, in one visit to the database (a
        table page's run reads both); ``(None, [])`` when there is no such table. The moves are read after the
        table: they hold at least every move of the table's version as read."""
        with self._read() as conn:
            row = conn.execute(select(game_tables).where(game_tables.c.code == code)).first()
            if row is None:
                return None, []
            seats = self._seats(conn, [code]).get(code, ())
            moves = conn.execute(select(table_moves).where(and_(table_moves.c.table_code == code,
                                                                table_moves.c.number >= since))
                                 .order_by(table_moves.c.number)).all()
        return (_table_row(row, seats),
                [MoveRow(m.number, m.seat, m.token, m.by_computer, m.at) for m in moves])

    @_calm
    def class_tables(self, class_code: str, *, since: float = 0.0) -> list[TableRow]:
        """The class's tables opened since ``since``, newest first (ended ones too)."""
        with self._read() as conn:
            rows = conn.execute(select(game_tables).where(and_(game_tables.c.class_code == class_code,
                                                               game_tables.c.opened >= since))
                                .order_by(game_tables.c.opened.desc())).all()
            seats = self._seats(conn, [r.code for r in rows])
        return [_table_row(r, seats.get(r.code, ())) for r in rows]

    @staticmethod
    def _seats(conn: Connection, codes_: Sequence[str]) -> dict[str, tuple[SeatRow, ...]]:
        if not codes_:
            return {}
        out: dict[str, list[SeatRow]] = {}
        for r in conn.execute(select(table_seats).where(table_seats.c.table_code.in_(list(codes_)))
                              .order_by(table_seats.c.seat)):
            out.setdefault(r.table_code, []).append(SeatRow(r.seat, r.learner_code, r.nickname, r.seen))
        return {k: tuple(v) for k, v in out.items()}

    @_calm
    def sit(self, code: str, seats: int, *, learner_code: str | None, nickname: str, key: str | None = None,
            guests: bool = True) -> int:
        """Seat a child at the first free seat and return it; a learner already seated gets their own
        seat back (a reload, or the same learner code on another device). ``key`` is the device's own
        secret for the seat: with it, :meth:`seats_held` finds the seat again after a reload, for a child
        without a learner code too. ``guests=False``: a class's table seats only that class's learners
        (a child of another class is refused "table-class", one without a learner code "table-class-guest";
        a table of no class seats anyone). :class:`StoreError`: "table-full", "table-ended", "no-table",
        "table-class", "table-class-guest"; :class:`LearnerGone` for a learner code not in use."""
        name = check_nickname(nickname) if learner_code is None else nickname
        for _ in range(5):
            table = self.table(code)
            if table is None:
                raise StoreError("no-table")
            if table.ended is not None:
                raise StoreError("table-ended")
            mine = table.seat_of(learner_code)
            if mine is not None:
                self.seen(code, mine)
                return mine
            if not guests and table.class_code is not None and learner_code is None:
                raise StoreError("table-class-guest")
            taken = {s.seat for s in table.seats}
            free = [s for s in range(seats) if s not in taken]
            if not free:
                raise StoreError("table-full")
            try:
                with self._tx() as conn:
                    if learner_code is not None:
                        row = conn.execute(select(learners.c.nickname, learners.c.class_code)
                                           .where(learners.c.code == learner_code)).first()
                        if row is None:
                            raise LearnerGone()
                        if not guests and table.class_code is not None and row.class_code != table.class_code:
                            raise StoreError("table-class")
                        name = row.nickname
                    conn.execute(insert(table_seats).values(table_code=code, seat=free[0], learner_code=learner_code,
                                                            nickname=name, seen=self.clock(), key=key))
                    self._changed(conn, code)
                return free[0]
            except IntegrityError:  # another child took that seat at the same moment: look again
                continue
        raise StoreError("table-full")

    @_calm
    def open_seat_of(self, learner_code: str) -> tuple[str, int] | None:
        """The table (code) and seat a learner holds at a table still open, the newest if several: the
        same learner code on another device goes back there."""
        with self._read() as conn:
            row = conn.execute(select(table_seats.c.table_code, table_seats.c.seat)
                               .join(game_tables, game_tables.c.code == table_seats.c.table_code)
                               .where(and_(table_seats.c.learner_code == learner_code, game_tables.c.ended.is_(None)))
                               .order_by(game_tables.c.opened.desc())).first()
        return (row.table_code, row.seat) if row is not None else None

    @_calm
    def ended_seat_of(self, learner_code: str, *, since: float) -> tuple[str, int] | None:
        """The table (code) and seat of the newest table that ended at ``since`` or later with the learner in a
        seat: a child back after every tablet at it was closed hears how it ended."""
        with self._read() as conn:
            row = conn.execute(select(table_seats.c.table_code, table_seats.c.seat)
                               .join(game_tables, game_tables.c.code == table_seats.c.table_code)
                               .where(and_(table_seats.c.learner_code == learner_code, game_tables.c.ended >= since))
                               .order_by(game_tables.c.ended.desc())).first()
        return (row.table_code, row.seat) if row is not None else None

    @_calm
    def seats_held(self, code: str, key: str) -> tuple[int, ...]:
        """The seats at the table that the device holding ``key`` sat down in (none for a wrong key)."""
        if not key or len(key) > KEY_LENGTH:
            return ()
        with self._read() as conn:
            rows = conn.execute(select(table_seats.c.seat, table_seats.c.key)
                                .where(table_seats.c.table_code == code).order_by(table_seats.c.seat)).all()
        return tuple(r.seat for r in rows if r.key is not None and secrets.compare_digest(r.key, key))

    @_calm
    def seen(self, code: str, seat: int) -> None:
        """The seat's device is here now (a seat not seen for a minute is played by a computer player)."""
        with self._tx() as conn:
            conn.execute(update(table_seats).where(and_(table_seats.c.table_code == code, table_seats.c.seat == seat))
                         .values(seen=self.clock()))

    @_calm
    def seen_all(self, seats: Sequence[tuple[str, int]]) -> None:
        """Many seats' devices are here now, in one transaction (the pages a server process has open)."""
        if not seats:
            return
        now = self.clock()
        with self._tx() as conn:  # one statement for them all (executemany), not one round of SQLAlchemy's each
            conn.execute(update(table_seats).where(and_(table_seats.c.table_code == bindparam("seat_table"),
                                                        table_seats.c.seat == bindparam("seat_number")))
                         .values(seen=now),
                         [{"seat_table": code, "seat_number": seat} for code, seat in sorted(set(seats))])

    @_calm
    def leave(self, code: str, seat: int) -> None:
        """The child left on purpose: in a game under way the computer player takes the seat at once (it stays
        theirs to come back to); before the game starts the seat is free again, for another child or, at the
        start, the computer (nobody is sent back to a table they left before it began)."""
        where = and_(table_seats.c.table_code == code, table_seats.c.seat == seat)
        with self._tx() as conn:
            started = conn.execute(select(table_moves.c.number).where(table_moves.c.table_code == code)
                                   .limit(1)).first() is not None
            if started:
                conn.execute(update(table_seats).where(where).values(seen=0.0))
            else:
                conn.execute(delete(table_seats).where(where))
            self._changed(conn, code)

    @_calm
    def table_moves(self, code: str, *, since: int = 0) -> list[MoveRow]:
        """The moves from number ``since`` on, in order."""
        with self._read() as conn:
            rows = conn.execute(select(table_moves).where(and_(table_moves.c.table_code == code,
                                                               table_moves.c.number >= since))
                                .order_by(table_moves.c.number)).all()
        return [MoveRow(r.number, r.seat, r.token, r.by_computer, r.at) for r in rows]

    def add_move(self, code: str, number: int, seat: int, token: str, *, by_computer: bool = False) -> bool:
        """Keep a move under ``number`` if no move has that number yet and the one before it is kept;
        ``False`` when another move got there first. :class:`StoreError` "table-ended" once the table
        has ended, "no-table" when it is gone."""
        return self.keep_move(code, number, seat, token, by_computer=by_computer) is not None

    @_calm
    def keep_move(self, code: str, number: int, seat: int, token: str, *, by_computer: bool = False) -> int | None:
        """:meth:`add_move`, giving the table's version the move made (``None``: not kept). On PostgreSQL the
        news of it carries the move, so that every app process can bring its copy of the table up to date
        without reading it (:func:`news_of`)."""
        if not 0 < len(token) <= TOKEN_LENGTH or number < 0:
            raise ValueError("a move is a token of 1 to 40 characters under a number from 0")
        try:
            if self.engine.dialect.name == "postgresql":  # one statement, one trip to the server
                with self._alone() as conn:
                    return self._keep_move_at_once(conn, code, MoveRow(number, seat, token, by_computer, self.clock()))
            with self._tx() as conn:
                count = (select(func.count()).select_from(table_moves).where(table_moves.c.table_code == code)
                         .scalar_subquery())
                row = conn.execute(select(game_tables.c.ended, count.label("kept"))
                                   .where(game_tables.c.code == code)).first()
                if row is None:
                    raise StoreError("no-table")
                if row.ended is not None:
                    raise StoreError("table-ended")
                if row.kept != number:
                    return None
                move = MoveRow(number, seat, token, by_computer, self.clock())
                conn.execute(insert(table_moves).values(table_code=code, number=number, seat=seat, token=token,
                                                        by_computer=by_computer, at=move.at))
                version = self._changed(conn, code, move)
            return version
        except IntegrityError:
            return None

    def _keep_move_at_once(self, conn: Connection, code: str, move: MoveRow) -> int | None:
        """PostgreSQL: :meth:`keep_move` as one statement (:data:`KEEP_MOVE`): the same checks, the move, the
        version up and the news told, in one trip to the server rather than five; ``conn`` commits it by itself
        (:meth:`_alone`)."""
        row = conn.execute(KEEP_MOVE, {
            "code": code, "number": move.number, "seat": move.seat, "token": move.token,
            "by_computer": move.by_computer, "at": move.at, "channel": CHANNEL,
            "rest": news_of(code, 0, move).split(" ", 2)[2]}).first()
        if row is None:
            raise StoreError("no-table")
        if row.ended is not None:
            raise StoreError("table-ended")
        if row.kept != move.number or row.version is None:
            return None
        return int(row.version)

    @_calm
    def end_table(self, code: str) -> None:
        """The table ends (the teacher ended it, or its game is over): no move is kept after this."""
        with self._tx() as conn:
            ended = conn.execute(update(game_tables).where(and_(game_tables.c.code == code,
                                                                game_tables.c.ended.is_(None)))
                                 .values(ended=self.clock())).rowcount
            if ended:
                self._changed(conn, code)

    @_calm
    def rematch(self, code: str, setup: dict[str, Any]) -> str:
        """The table the same children play their next game at, with ``setup`` (a new deal): made by the
        first child to ask, with everyone in the same seat; the others are sent to the same one.
        :class:`StoreError` "no-table" when the table is gone."""
        old = self.table(code)
        if old is None:
            raise StoreError("no-table")
        if old.rematch is not None:
            return old.rematch
        self.end_table(code)
        fresh = self.open_table(setup, class_code=old.class_code)
        with self._tx() as conn:
            won = conn.execute(update(game_tables).where(and_(game_tables.c.code == code,
                                                              game_tables.c.rematch.is_(None)))
                               .values(rematch=fresh)).rowcount
            if won:
                self._changed(conn, code)
                keys = {r.seat: r.key for r in conn.execute(select(table_seats.c.seat, table_seats.c.key)
                                                             .where(table_seats.c.table_code == code))}
                for s in old.seats:
                    conn.execute(insert(table_seats).values(table_code=fresh, seat=s.seat, learner_code=s.learner_code,
                                                            nickname=s.nickname, seen=self.clock(),
                                                            key=keys.get(s.seat)))
        if won:
            return fresh
        self.delete_table(fresh)  # another child asked at the same moment: theirs is the one
        again = self.table(code)
        assert again is not None and again.rematch is not None
        return again.rematch

    @_calm
    def delete_table(self, code: str) -> None:
        with self._tx() as conn:
            conn.execute(delete(game_tables).where(game_tables.c.code == code))
            self._tell(conn, code, -1)

    # ----- news of the tables, and the computer players' turns -----

    def _changed(self, conn: Connection, code: str, move: MoveRow | None = None) -> int:
        """In a change's own transaction: the table's version goes up, and on PostgreSQL the news is told
        on :data:`CHANNEL` as the transaction commits (never for one rolled back), with the ``move`` that
        made the change, if one did. Returns the new version."""
        up = update(game_tables).where(game_tables.c.code == code).values(version=game_tables.c.version + 1)
        if conn.dialect.update_returning:  # one statement where the database gives the new version back
            version = conn.execute(up.returning(game_tables.c.version)).scalar()
        else:
            conn.execute(up)
            version = conn.execute(select(game_tables.c.version).where(game_tables.c.code == code)).scalar()
        told = int(version) if version is not None else -1
        self._tell(conn, code, told, move)
        return told

    def _tell(self, conn: Connection, code: str, version: int, move: MoveRow | None = None) -> None:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_notify(:channel, :news)"),
                         {"channel": CHANNEL, "news": news_of(code, version, move)})

    @_calm
    def table_versions(self, *, since: float = 0.0) -> dict[str, int]:
        """Every table still open (or ended in the last two minutes) opened since ``since``, with its version:
        one small read, however many pages show them."""
        now = self.clock()
        with self._read() as conn:
            rows = conn.execute(select(game_tables.c.code, game_tables.c.version)
                                .where(and_(game_tables.c.opened >= since,
                                            or_(game_tables.c.ended.is_(None), game_tables.c.ended > now - 120.0))))
            return {r.code: r.version for r in rows}

    @_calm
    def claim_turn(self, code: str, number: int, *, hold: float = 10.0) -> bool:
        """Claim the move ``number`` of a table for a computer player: ``True`` for the one server process
        that gets it (a claim not followed by its move within ``hold`` seconds may be claimed again)."""
        now = self.clock()
        with self._tx() as conn:
            won = conn.execute(update(game_tables)
                               .where(and_(game_tables.c.code == code, game_tables.c.ended.is_(None),
                                           or_(game_tables.c.claim < number, game_tables.c.claimed_at < now - hold)))
                               .values(claim=number, claimed_at=now)).rowcount
        return bool(won)


def _table_row(row: Any, seats: tuple[SeatRow, ...]) -> TableRow:
    try:
        setup = json.loads(row.setup)
    except ValueError:
        setup = {}
    return TableRow(row.code, row.class_code, setup if isinstance(setup, dict) else {}, row.opened, row.ended,
                    row.deal, seats, row.rematch, row.version)
