"""Sign-in tokens for printed matter (a report for home): the QR code on paper carries one of these, never the
child's learner code. A token signs in one child, to that child's own pages only; it expires after a term
(:data:`TERM_DAYS`) and the teacher can switch off every token of a child at once. Kept only as a SHA-256
hash. A child whose code itself went astray gets a new learner code from the teacher that keeps every answer
(:meth:`PassStore.new_learner_code`)."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, Row, and_, delete, func, insert, select, update

from trainer.store import codes, limits
from trainer.store.base import StoreBase, _calm
from trainer.store.errors import LearnerGone, StoreError
from trainer.store.schema import (
    assignment_learners,
    attempts,
    decisions,
    games,
    home_passes,
    learners,
    lesson_members,
    live_answers,
    placements,
    sprint_answers,
    table_seats,
)
from trainer.store.values import HomePass, Learner

TERM_DAYS = 120
"""How long a printed token signs in: a school term, about four months."""
TOKEN_BYTES = 12
"""96 random bits (16 characters in the address), checked against the same rate limits as learner codes."""
LONGEST_TOKEN = 40
LEARNER_TABLES = (attempts, games, lesson_members, live_answers, sprint_answers, decisions, placements, table_seats,
                  assignment_learners, home_passes)
"""Every table whose rows belong to a learner by their code: a new code takes them all."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class PassStore(StoreBase):
    """Sign-in tokens for printed reports, and new learner codes."""

    def _issue(self, conn: Connection, learner_code: str, now: float) -> HomePass:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        expires = now + TERM_DAYS * 86400
        conn.execute(insert(home_passes).values(token_hash=_hash(token), learner_code=learner_code, made=now,
                                                expires=expires))
        conn.execute(delete(home_passes).where(home_passes.c.expires < now))  # expired ones are tidied away
        return HomePass(token, expires)

    @_calm
    def home_pass(self, learner_code: str) -> HomePass:
        """A new token for a report the child prints themselves (:class:`LearnerGone` for a code no longer in
        use). Only a session signed in with the learner code asks: a token never makes another token."""
        code = codes.normalise(learner_code)
        now = self.clock()
        with self._tx() as conn:
            if code is None or conn.execute(select(learners.c.code).where(learners.c.code == code)).first() is None:
                raise LearnerGone()
            return self._issue(conn, code, now)

    @_calm
    def home_passes(self, class_code: str, teacher_key: str, learner_codes: Sequence[str]) -> dict[str, HomePass]:
        """A new token for each of these children of the class (the teacher prints their reports); a child
        no longer in the class gets none."""
        code = self._teacher(class_code, teacher_key)  # type: ignore[attr-defined]
        now = self.clock()
        with self._tx() as conn:
            members = set(conn.execute(select(learners.c.code).where(and_(
                learners.c.class_code == code, learners.c.code.in_(list(learner_codes))))).scalars())
            return {c: self._issue(conn, c, now) for c in learner_codes if c in members}

    @_calm
    def pass_learner(self, token: object, *, clients: Sequence[str] = ()) -> Learner | None:
        """The child a token signs in, or ``None`` (unknown, expired, switched off, malformed: never an error).
        With ``clients``, a token that signs nobody in counts against them, as a learner code does."""
        who = limits.as_clients(clients)
        self._not_waiting(who)  # type: ignore[attr-defined]
        found = None
        if isinstance(token, str) and 0 < len(token.strip()) <= LONGEST_TOKEN:
            with self._read() as conn:
                row = conn.execute(
                    select(learners.c.code, learners.c.nickname, learners.c.class_code)
                    .join(home_passes, home_passes.c.learner_code == learners.c.code)
                    .where(and_(home_passes.c.token_hash == _hash(token.strip()),
                                home_passes.c.expires > self.clock()))).first()
            found = Learner(row.code, row.nickname, row.class_code) if row else None
        if found is None and not codes.is_blank(token):
            self._missed(who)  # type: ignore[attr-defined]
        return found

    @_calm
    def pass_expires(self, token: object) -> float | None:
        """When a token stops signing in (``None``: it does not now)."""
        if not isinstance(token, str) or len(token) > LONGEST_TOKEN:
            return None
        with self._read() as conn:
            return conn.execute(select(home_passes.c.expires).where(and_(
                home_passes.c.token_hash == _hash(token.strip()), home_passes.c.expires > self.clock()))).scalar()

    @_calm
    def passes_out(self, class_code: str, teacher_key: str) -> dict[str, int]:
        """How many printed tokens of each child of the class still sign in (children with none left out)."""
        code = self._teacher(class_code, teacher_key)  # type: ignore[attr-defined]
        with self._read() as conn:
            rows = conn.execute(select(home_passes.c.learner_code, func.count())
                                .join(learners, learners.c.code == home_passes.c.learner_code)
                                .where(and_(learners.c.class_code == code, home_passes.c.expires > self.clock()))
                                .group_by(home_passes.c.learner_code)).all()
        return {r[0]: int(r[1]) for r in rows}

    @_calm
    def switch_off_passes(self, class_code: str, teacher_key: str, learner_code: str) -> int:
        """Every printed token of a child of the class stops signing in at once; returns how many there were."""
        code = self._teacher(class_code, teacher_key)  # type: ignore[attr-defined]
        with self._tx() as conn:
            self._in_class(conn, code, learner_code)
            return int(conn.execute(delete(home_passes).where(home_passes.c.learner_code == learner_code)).rowcount)

    @_calm
    def new_learner_code(self, class_code: str, teacher_key: str, learner_code: str) -> str:
        """A child of the class gets a new learner code, and the old one stops working: every answer, game,
        seat and setting goes with them; their printed tokens are switched off too (a new report gives a new
        one). Returns the new code."""
        code = self._teacher(class_code, teacher_key)  # type: ignore[attr-defined]
        for _ in range(20):
            new = codes.new_learner_code()
            with self._tx() as conn:
                row = self._in_class(conn, code, learner_code)
                if conn.execute(select(learners.c.code).where(learners.c.code == new)).first() is not None:
                    continue  # that code was taken: draw another
                conn.execute(insert(learners).values(**{**row._asdict(), "code": new}))
                conn.execute(delete(home_passes).where(home_passes.c.learner_code == learner_code))
                for table in LEARNER_TABLES:
                    conn.execute(update(table).where(table.c.learner_code == learner_code).values(learner_code=new))
                conn.execute(delete(learners).where(learners.c.code == learner_code))
                return new
        raise RuntimeError("could not find a free learner code")

    @staticmethod
    def _in_class(conn: Connection, class_code: str, learner_code: str) -> Row[Any]:
        """The learner's row, when they are in the class (:class:`StoreError` otherwise)."""
        row = conn.execute(select(learners).where(and_(learners.c.code == learner_code,
                                                       learners.c.class_code == class_code))).first()
        if row is None:
            raise StoreError("not-in-class")
        return row
