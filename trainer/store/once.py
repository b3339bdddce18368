"""Writing an outbox once: every learner's outbox (answers, Sprint answers, decisions in real games)
may be sent again after an outage, so each item carries a uid, and a row whose uid the learner's rows
already hold is skipped. One insert for all of them, the same on SQLite and PostgreSQL: a plain
``SELECT`` of the uids kept, then one ``INSERT`` of the rest, in one transaction; a unique index on
(learner, uid) settles two writers racing with the same items (the loser tries again and skips them)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager

from sqlalchemy import Connection, String, Table, and_, insert, select
from sqlalchemy.exc import IntegrityError

from trainer.store import codes
from trainer.store.errors import LearnerGone, StoreUnavailable
from trainer.store.schema import learners

log = logging.getLogger("fives_trainer")
UID_LENGTH = 40
"""An item's uid: up to 40 characters (a UUID's 32 hex digits fit)."""
TRIES = 3
"""How often a write that met the same uids written elsewhere at the same moment is tried again."""


def is_uid(uid: object) -> bool:
    """A string of 1 to :data:`UID_LENGTH` characters."""
    return isinstance(uid, str) and 0 < len(uid) <= UID_LENGTH


def fit(table: Table, row: Mapping[str, object]) -> dict[str, object]:
    """The row's texts cut to their columns' widths (what a real learner sends never reaches them)."""
    out = dict(row)
    for name, value in row.items():
        column = table.c.get(name)
        if isinstance(value, str) and column is not None and isinstance(column.type, String) and column.type.length:
            out[name] = value[:column.type.length]
    return out


def write_once(begin: Callable[[], AbstractContextManager[Connection]], learner_code: object, table: Table,
               rows: Iterable[Mapping[str, object]]) -> None:
    """Keep ``rows`` (each with its ``"uid"``, or ``None`` for an item kept each time it is sent) as the
    learner's rows of ``table``, in order, in one transaction opened by ``begin`` (the store's ``_tx``).
    A row whose uid the learner's rows hold already, or which came earlier in ``rows``, is skipped.
    :class:`LearnerGone` when the learner code is no longer in use; :class:`StoreUnavailable` when
    the same items were written elsewhere at the same moment :data:`TRIES` times running."""
    code = codes.normalise(learner_code)
    if code is None:
        raise LearnerGone()
    items = [dict(r) for r in rows]
    for _ in range(TRIES):
        try:
            with begin() as conn:
                _insert_once(conn, table, code, items)
            return
        except IntegrityError:  # the learner was removed, or the same uid kept, just now: look again
            continue
    log.error("%s could not be kept: the same items kept elsewhere at the same moment, %d times", table.name, TRIES)
    raise StoreUnavailable()


def _insert_once(conn: Connection, table: Table, code: str, rows: Sequence[dict[str, object]]) -> None:
    if conn.execute(select(learners.c.code).where(learners.c.code == code)).first() is None:
        raise LearnerGone()
    seen = kept_uids(conn, table, code, [str(r["uid"]) for r in rows if r.get("uid") is not None])
    fresh = []
    for row in rows:
        uid = row.get("uid")
        if uid is not None:
            if uid in seen:
                continue
            seen.add(str(uid))
        fresh.append({**row, "learner_code": code})
    if fresh:
        conn.execute(insert(table), fresh)


def kept_uids(conn: Connection, table: Table, code: str, uids: Sequence[str]) -> set[str]:
    """Which of these uids the learner's rows of ``table`` hold already."""
    if not uids:
        return set()
    return set(conn.execute(select(table.c.uid).where(and_(table.c.learner_code == code,
                                                           table.c.uid.in_(set(uids))))).scalars())
