"""The progress store: learners, classes, every answer, saved games and live lessons, in SQLite
(the default, one file) or PostgreSQL (many app servers share one database).

The only place that knows SQL. Small value types go in and out; every write is one transaction,
committed before the method returns. Every public method raises :class:`StoreUnavailable` (and
logs the real error) when the database cannot be reached or written, never a driver's exception.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import Row, Table, and_, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from trainer.learning.progress import Attempt
from trainer.learning.sprint import SprintAnswer
from trainer.store import codes, limits
from trainer.store.assignments import AssignmentStore
from trainer.store.base import STORE_ERRORS, _calm
from trainer.store.choices import ChoiceStore
from trainer.store.decisions import DecisionStore
from trainer.store.errors import LearnerGone, StoreError, TooManyTries, WrongTeacherKey
from trainer.store.lobby import LATE_GRACE, LobbyStore, last_end
from trainer.store.names import check_class_name, has_hidden
from trainer.store.nicknames import check_nickname
from trainer.store.once import UID_LENGTH, fit, is_uid, write_once
from trainer.store.passes import PassStore
from trainer.store.placements import PlacementStore
from trainer.store.preferences import Preferences
from trainer.store.schema import (
    TABLES,
    attempts,
    classes,
    decisions,
    game_tables,
    games,
    home_passes,
    learners,
    lesson_members,
    lessons,
    live_answers,
    placements,
    sprint_answers,
    stage_choices,
    table_moves,
    table_seats,
)
from trainer.store.tables import TableStore
from trainer.store.traps import with_traps
from trainer.store.values import ClassKeys, Learner, LessonState, ReportRow, Tally

log = logging.getLogger("fives_trainer")
KEY_BYTES = 16
"""Teacher keys carry 128 random bits."""
_NO_HASH = hashlib.sha256(b"no class has this key").hexdigest()


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


class Store(DecisionStore, Preferences, PlacementStore, ChoiceStore, TableStore, AssignmentStore, LobbyStore,
            PassStore):
    """Open with :func:`open_store`. Safe to share between threads; many processes may open the
    same database."""

    # ----- rate limits -----

    def _not_waiting(self, clients: tuple[str, ...]) -> None:
        """:class:`TooManyTries` if any of the clients must still wait."""
        if clients:
            with self._read() as conn:
                wait = limits.wait_seconds(conn, clients, self.clock())
            if wait:
                raise TooManyTries(wait)

    def _missed(self, clients: tuple[str, ...]) -> None:
        """A code or key that did not fit counts against every client."""
        if not clients:
            return
        now = self.clock()
        with self._tx() as conn:
            limits.count_miss(conn, clients, now)
        try:
            with self._tx() as conn:
                limits.forget_old(conn, now)
        except STORE_ERRORS as err:  # tidying up can wait for the next miss
            log.warning("old rate-limit rows were not removed: %s", err)

    # ----- learners -----

    @_calm
    def new_learner(self, nickname: str, *, clients: Sequence[str] = ()) -> str:
        """A learner with no class yet; returns their learner code. With ``clients``, how many
        learners one session or address may make is limited (:class:`TooManyTries`)."""
        name = check_nickname(nickname)
        made = limits.for_new_learners(clients)
        self._not_waiting(made)
        code = self._add_learner(name, None).code
        self._missed(made)
        return code

    def _add_learner(self, nickname: str, class_code: str | None) -> Learner:
        for _ in range(20):
            code = codes.new_learner_code()
            try:
                with self._tx() as conn:
                    conn.execute(insert(learners).values(code=code, nickname=nickname, class_code=class_code,
                                                         created=time.time()))
                return Learner(code, nickname, class_code)
            except IntegrityError:
                if class_code is not None and self._find_class(class_code) is None:
                    raise StoreError(codes.NO_CLASS) from None  # the class was deleted just now
                continue  # that code was taken: draw another
        raise RuntimeError("could not find a free learner code")

    @_calm
    def learner(self, code: object, *, clients: Sequence[str] = ()) -> Learner | None:
        """The learner a code names, or ``None`` (unknown or malformed: never an error). With
        ``clients``, a code that names no learner counts against them, and a client that must wait
        gets :class:`TooManyTries` before the code is looked at."""
        who = limits.as_clients(clients)
        self._not_waiting(who)
        found = self._find_learner(code)
        if found is None and not codes.is_blank(code):
            self._missed(who)
        return found

    def _find_learner(self, code: object) -> Learner | None:
        norm = codes.normalise(code)
        if norm is None:
            return None
        with self._read() as conn:
            row = conn.execute(select(learners.c.code, learners.c.nickname, learners.c.class_code)
                               .where(learners.c.code == norm)).first()
        return Learner(row.code, row.nickname, row.class_code) if row else None

    def _learner_or_gone(self, learner_code: object) -> Learner:
        me = self._find_learner(learner_code)
        if me is None:
            raise LearnerGone()
        return me

    @_calm
    def join(self, class_code: object, nickname: str, *, clients: Sequence[str] = ()) -> str:
        """A new learner in a class; returns their learner code. The nickname is checked first, so
        a real class code and a wrong one give the same answer to a nickname that does not work;
        then the class code, rate-limited like :meth:`learner` (:class:`StoreError`,
        :class:`TooManyTries`)."""
        name = check_nickname(nickname)
        made = limits.for_new_learners(clients)
        self._not_waiting(made)
        code = self._open_class(class_code, limits.as_clients(clients))
        learner = self._add_learner(name, code).code
        self._missed(made)  # every learner made counts toward the limit on making them
        return learner

    @_calm
    def move_to_class(self, learner_code: str, class_code: object, *, clients: Sequence[str] = ()) -> Learner:
        """A learner (and all their answers so far) joins a class (:class:`LearnerGone` when the
        learner code is no longer in use)."""
        me = self._learner_or_gone(learner_code)
        code = self._open_class(class_code, limits.as_clients(clients))
        with self._tx() as conn:
            if not conn.execute(update(learners).where(learners.c.code == me.code).values(class_code=code)).rowcount:
                raise LearnerGone()
        return Learner(me.code, me.nickname, code)

    def _open_class(self, class_code: object, clients: tuple[str, ...]) -> str:
        """The stored form of a class code that names a class, or :class:`StoreError` (the same
        words for a typo and for an unknown class)."""
        self._not_waiting(clients)
        code = codes.normalise_class(class_code)
        if code is not None and self._find_class(code) is not None:
            return code
        if not codes.is_blank(class_code):
            self._missed(clients)
        reason, fields = codes.class_code_problem(class_code)
        raise StoreError(reason, **fields)

    def _find_class(self, code: str) -> str | None:
        with self._read() as conn:
            return conn.execute(select(classes.c.name).where(classes.c.code == code)).scalar()

    # ----- answers -----

    @_calm
    def record(self, learner_code: str, attempt: Attempt, *, uid: str | None = None) -> None:
        """Keep an answer: committed when this returns. With ``uid``, an answer already kept under
        that uid for this learner is skipped, so sending it again after an outage keeps it once.
        :class:`LearnerGone` when the learner code is no longer in use."""
        self._record(learner_code, [attempt], None if uid is None else [uid])

    @_calm
    def record_many(self, learner_code: str, items: Sequence[Attempt], *,
                    uids: Sequence[str] | None = None) -> None:
        """Keep several answers in one transaction, in order (a guest's answers when they sign up,
        or answers kept on a device while saving was not working). ``uids``, one per answer, as in
        :meth:`record`."""
        self._record(learner_code, list(items), None if uids is None else list(uids))

    def _record(self, learner_code: str, items: list[Attempt], uids: list[str] | None) -> None:
        if uids is not None:
            if len(uids) != len(items):
                raise ValueError("give one uid for each answer")
            if not all(is_uid(u) for u in uids):
                raise ValueError(f"a uid is a string of 1 to {UID_LENGTH} characters")
        if codes.normalise(learner_code) is None:
            raise LearnerGone()
        if not items:
            return
        now = time.time()
        ids: list[str | None] = list(uids) if uids is not None else [None] * len(items)
        write_once(self._tx, learner_code, attempts, [_attempt_row(None, a, now, uid) for a, uid in zip(items, ids)])

    @_calm
    def attempts(self, learner_code: str) -> list[Attempt]:
        """A learner's answers in the order they were given."""
        code = codes.normalise(learner_code)
        if code is None:
            return []
        return [Attempt.from_row(r) for r in self._in_order(attempts, code)]

    def _in_order(self, table: Table, code: str) -> Sequence[Row[Any]]:
        """A learner's rows of ``table`` in the order they were kept."""
        with self._read() as conn:
            return conn.execute(select(table).where(table.c.learner_code == code).order_by(table.c.id)).all()

    # ----- the Fives Sprint -----

    @_calm
    def record_sprint(self, learner_code: str, answers: Sequence[SprintAnswer], *,
                      uids: Sequence[str] | None = None) -> None:
        """Keep sprint answers in one transaction, in order; an answer whose uid is already kept for
        the learner is skipped (as :meth:`record_many`). :class:`LearnerGone` for a learner no
        longer in the store."""
        items = list(answers)
        ids = list(uids) if uids is not None else [None] * len(items)
        if len(ids) != len(items) or not all(u is None or is_uid(u) for u in ids):
            raise ValueError(f"give one uid (1 to {UID_LENGTH} characters) for each answer")
        write_once(self._tx, learner_code, sprint_answers,
                   [fit(sprint_answers, {**a.to_row(), "uid": uid}) for a, uid in zip(items, ids)])

    @_calm
    def sprint_answers(self, learner_code: str) -> list[SprintAnswer]:
        """A learner's sprint answers in the order they were given."""
        code = codes.normalise(learner_code)
        if code is None:
            return []
        return [SprintAnswer.from_row(r) for r in self._in_order(sprint_answers, code)]

    # ----- classes -----

    @_calm
    def create_class(self, name: str) -> ClassKeys:
        """A new class: its code for the children and a secret key for the teacher. The name is
        kept as typed (surrounding spaces stripped); control and invisible characters are refused."""
        name = check_class_name(name)
        key = secrets.token_urlsafe(KEY_BYTES)
        for _ in range(20):
            code = codes.new_class_code()
            try:
                with self._tx() as conn:
                    conn.execute(insert(classes).values(code=code, name=name, key_hash=_hash(key),
                                                        created=time.time()))
                return ClassKeys(code, key)
            except IntegrityError:
                continue
        raise RuntimeError("could not find a free class code")

    @_calm
    def class_name(self, class_code: object) -> str | None:
        code = codes.normalise_class(class_code)
        return None if code is None else self._find_class(code)

    @_calm
    def check_teacher(self, class_code: object, teacher_key: object, *, clients: Sequence[str] = ()) -> bool:
        """Whether the key opens the class (compared in constant time). With ``clients``, a wrong
        pair counts against them and a client that must wait gets :class:`TooManyTries`; nothing
        else is raised for anything typed."""
        who = limits.as_clients(clients)
        self._not_waiting(who)
        code = codes.normalise_class(class_code)
        stored = None
        if code is not None:
            with self._read() as conn:
                stored = conn.execute(select(classes.c.key_hash).where(classes.c.code == code)).scalar()
        given = _hash(teacher_key) if isinstance(teacher_key, str) else _NO_HASH
        ok = hmac.compare_digest(stored or _NO_HASH, given) and stored is not None
        if not ok and not (codes.is_blank(class_code) and codes.is_blank(teacher_key)):
            self._missed(who)
        return ok

    def _teacher(self, class_code: object, teacher_key: object) -> str:
        if not self.check_teacher(class_code, teacher_key):
            raise WrongTeacherKey()
        code = codes.normalise_class(class_code)
        assert code is not None
        return code

    @_calm
    def set_class_language(self, class_code: str, teacher_key: str, language: str | None) -> None:
        """The language the class's learners read unless they choose their own (``None``: none)."""
        self._set_class_language(self._teacher(class_code, teacher_key), language)

    @_calm
    def class_report(self, class_code: str, teacher_key: str) -> list[ReportRow]:
        """Every learner of the class with their answers, in the order they joined."""
        code = self._teacher(class_code, teacher_key)
        with self._read() as conn:
            people = conn.execute(select(learners).where(learners.c.class_code == code)
                                  .order_by(learners.c.created, learners.c.code)).all()
            rows = conn.execute(select(attempts).join(learners, learners.c.code == attempts.c.learner_code)
                                .where(learners.c.class_code == code).order_by(attempts.c.id)).all()
        by_learner: dict[str, list[Attempt]] = {p.code: [] for p in people}
        for r in rows:
            by_learner[r.learner_code].append(Attempt.from_row(r))
        return [ReportRow(p.code, p.nickname, dt.datetime.fromtimestamp(p.created, dt.UTC), by_learner[p.code])
                for p in people]

    @_calm
    def remove_learner(self, class_code: str, teacher_key: str, learner_code: str) -> None:
        """A learner of the class and everything kept about them: gone."""
        code = self._teacher(class_code, teacher_key)
        with self._tx() as conn:
            found = conn.execute(select(learners.c.code).where(and_(learners.c.code == learner_code,
                                                                    learners.c.class_code == code))).scalar()
            if found is None:
                raise StoreError("not-in-class")
            self._forget_learner(conn, learner_code)
            for table in (live_answers, lesson_members, games, attempts, sprint_answers, decisions, placements,
                          stage_choices, table_seats, home_passes):
                conn.execute(delete(table).where(table.c.learner_code == learner_code))
            conn.execute(delete(learners).where(learners.c.code == learner_code))

    @_calm
    def delete_class(self, class_code: str, teacher_key: str) -> None:
        """The class, its learners and all their answers, games and lessons: nothing is left."""
        code = self._teacher(class_code, teacher_key)
        with self._tx() as conn:
            members = select(learners.c.code).where(learners.c.class_code == code).scalar_subquery()
            self._forget_class(conn, code)
            conn.execute(delete(live_answers).where(live_answers.c.class_code == code))
            conn.execute(delete(lesson_members).where(lesson_members.c.class_code == code))
            conn.execute(delete(lessons).where(lessons.c.class_code == code))
            conn.execute(delete(games).where(games.c.learner_code.in_(members)))
            conn.execute(delete(attempts).where(attempts.c.learner_code.in_(members)))
            conn.execute(delete(sprint_answers).where(sprint_answers.c.learner_code.in_(members)))
            conn.execute(delete(decisions).where(decisions.c.learner_code.in_(members)))
            conn.execute(delete(placements).where(placements.c.learner_code.in_(members)))
            conn.execute(delete(stage_choices).where(stage_choices.c.learner_code.in_(members)))
            conn.execute(delete(home_passes).where(home_passes.c.learner_code.in_(members)))
            conn.execute(delete(table_seats).where(table_seats.c.learner_code.in_(members)))
            ours = select(game_tables.c.code).where(game_tables.c.class_code == code).scalar_subquery()
            conn.execute(delete(table_moves).where(table_moves.c.table_code.in_(ours)))
            conn.execute(delete(table_seats).where(table_seats.c.table_code.in_(ours)))
            conn.execute(delete(game_tables).where(game_tables.c.class_code == code))
            conn.execute(delete(learners).where(learners.c.class_code == code))
            conn.execute(delete(classes).where(classes.c.code == code))

    @_calm
    def row_counts(self) -> dict[str, int]:
        """How many rows each table holds (for checking that a deletion left nothing)."""
        with self._read() as conn:
            return {t.name: conn.execute(select(func.count()).select_from(t)).scalar_one() for t in TABLES}

    # ----- a game in progress -----

    @_calm
    def save_game(self, learner_code: str, state: dict) -> None:
        """Keep the learner's current game (one per learner, replaced each time;
        :class:`LearnerGone` when the learner code is no longer in use)."""
        blob = json.dumps(state, separators=(",", ":"))
        code = codes.normalise(learner_code)
        if code is None:
            raise LearnerGone()
        with self._tx() as conn:
            if conn.execute(select(learners.c.code).where(learners.c.code == code)).first() is None:
                raise LearnerGone()
            done = conn.execute(update(games).where(games.c.learner_code == learner_code)
                                .values(state=blob, updated=time.time())).rowcount
            if not done:
                conn.execute(insert(games).values(learner_code=code, state=blob, updated=time.time()))

    @_calm
    def game(self, learner_code: str) -> dict | None:
        with self._read() as conn:
            blob = conn.execute(select(games.c.state).where(games.c.learner_code == learner_code)).scalar()
        try:
            return json.loads(blob) if blob else None
        except ValueError:
            return None

    @_calm
    def clear_game(self, learner_code: str) -> None:
        with self._tx() as conn:
            conn.execute(delete(games).where(games.c.learner_code == learner_code))

    # ----- live lessons -----

    @_calm
    def start_lesson(self, class_code: str, teacher_key: str, *, lobby: bool = False) -> LessonState:
        """A new live lesson for the class (any open one ends). With ``lobby``, it waits in its lobby
        (children join, no puzzle yet) until :meth:`begin_lesson`. The countdown and the sound the
        teacher chose for the class's last lesson are kept."""
        code = self._teacher(class_code, teacher_key)
        with self._tx() as conn:
            last = conn.execute(select(lessons.c.lesson).where(lessons.c.class_code == code)).scalar()
            values = {"lesson": (last or 0) + 1, "round": 0, "puzzle_code": "", "locked": False, "revealed": False,
                      "open": True, "started": time.time(), "begun": not lobby, "deadline": None}
            if last is None:
                conn.execute(insert(lessons).values(class_code=code, **values))
            else:
                conn.execute(update(lessons).where(lessons.c.class_code == code).values(**values))
        state = self.lesson(code)
        assert state is not None
        return state

    @_calm
    def show_puzzle(self, class_code: str, teacher_key: str, puzzle_code: str) -> int:
        """The class's devices show this puzzle: a new round, open for answers (until its deadline, by the
        store's clock, when the lesson has a countdown). The lesson has begun. Returns its number."""
        code = self._teacher(class_code, teacher_key)
        with self._tx() as conn:
            row = conn.execute(select(lessons.c.round, lessons.c.countdown)
                               .where(and_(lessons.c.class_code == code, lessons.c.open)).with_for_update()).first()
            if row is None:
                raise StoreError("no-live-lesson")
            shown = self.clock()
            deadline = shown + row.countdown if row.countdown else None
            conn.execute(update(lessons).where(lessons.c.class_code == code)
                         .values(round=row.round + 1, puzzle_code=puzzle_code, locked=False, revealed=False,
                                 begun=True, deadline=deadline, shown=shown))
        return row.round + 1

    @_calm
    def set_locked(self, class_code: str, teacher_key: str, locked: bool) -> None:
        """Stop answers, or open answering again (then with no countdown: the teacher gave more time)."""
        self._set(class_code, teacher_key, locked=bool(locked), **({} if locked else {"deadline": None}))

    @_calm
    def set_revealed(self, class_code: str, teacher_key: str, revealed: bool) -> None:
        """Reveal the answer (answering closes too) or hide it again."""
        self._set(class_code, teacher_key, revealed=bool(revealed), **({"locked": True} if revealed else {}))

    @_calm
    def end_lesson(self, class_code: str, teacher_key: str) -> None:
        self._set(class_code, teacher_key, open=False)

    def _set(self, class_code: str, teacher_key: str, **values: object) -> None:
        code = self._teacher(class_code, teacher_key)
        with self._tx() as conn:
            conn.execute(update(lessons).where(and_(lessons.c.class_code == code, lessons.c.open)).values(**values))

    @_calm
    def lesson(self, class_code: object) -> LessonState | None:
        """The class's open live lesson, or ``None``."""
        code = codes.normalise_class(class_code)
        if code is None:
            return None
        with self._read() as conn:
            row = conn.execute(select(lessons).where(and_(lessons.c.class_code == code, lessons.c.open))).first()
            if row is None:
                return None
            state = LessonState(row.lesson, row.round, row.puzzle_code, row.locked, row.revealed, row.started,
                                begun=row.begun, countdown=row.countdown, deadline=row.deadline, sound=row.sound,
                                shown=row.shown)
            if row.deadline is None or row.shown is None or row.locked:
                return state
            return replace(state, ends=last_end(conn, code, state))

    def _my_lesson(self, learner_code: str) -> tuple[Learner, LessonState] | None:
        """The learner and their class's open lesson, if both exist."""
        me = self._find_learner(learner_code)
        if me is None or me.class_code is None:
            return None
        state = self.lesson(me.class_code)
        return None if state is None else (me, state)

    @_calm
    def join_lesson(self, learner_code: str) -> LessonState | None:
        """A child's device opens the live lesson of their class: counted as joined. ``None`` when their
        class has no open lesson (or they have no class)."""
        found = self._my_lesson(learner_code)
        if found is None:
            return None
        me, state = found
        with self._tx() as conn:
            seen = conn.execute(select(func.count()).select_from(lesson_members).where(and_(
                lesson_members.c.class_code == me.class_code, lesson_members.c.lesson == state.lesson,
                lesson_members.c.learner_code == me.code))).scalar_one()
            if not seen:
                try:
                    with conn.begin_nested():
                        conn.execute(insert(lesson_members).values(class_code=me.class_code, lesson=state.lesson,
                                                                   learner_code=me.code, joined=self.clock()))
                except IntegrityError:
                    pass  # the same child on two devices at once
        return state

    @_calm
    def live_answer(self, learner_code: str, round_no: int, answer: str, correct: bool,
                    mistake: str | None, attempt: Attempt | None = None) -> bool:
        """A child's answer to the live round ``round_no``. ``False`` (nothing kept) when that round is
        not the current one, answering is locked, its countdown ended (by the store's clock, a moment's
        grace for the network), or the child has answered it already. With
        ``attempt``, the answer is also recorded as practice, in the same transaction.
        :class:`LearnerGone` when the learner code is no longer in use."""
        me = self._learner_or_gone(learner_code)
        if me.class_code is None:
            return False
        with self._tx() as conn:
            row = conn.execute(select(lessons).where(and_(lessons.c.class_code == me.class_code,
                                                          lessons.c.open))).first()
            if row is None or row.round != round_no or row.locked or round_no < 1:
                return False
            if row.deadline is not None:  # the child's own time, counted from when their device showed it
                seen = conn.execute(select(lesson_members.c.seen_at).where(and_(
                    lesson_members.c.class_code == me.class_code, lesson_members.c.lesson == row.lesson,
                    lesson_members.c.learner_code == me.code, lesson_members.c.seen_round == round_no))).scalar()
                now = self.clock()
                own = LessonState(row.lesson, row.round, row.puzzle_code, row.locked, row.revealed, row.started,
                                  countdown=row.countdown, deadline=row.deadline,
                                  shown=row.shown).deadline_for(now if seen is None else seen)
                if own is not None and now > own + LATE_GRACE:
                    return False
            try:
                with conn.begin_nested():
                    conn.execute(insert(live_answers).values(
                        class_code=me.class_code, lesson=row.lesson, round=round_no, learner_code=me.code,
                        answer=_visible(str(answer))[:80], correct=bool(correct), mistake=mistake))
            except IntegrityError:
                return False
            if attempt is not None:
                conn.execute(insert(attempts).values(_attempt_row(me.code, attempt, time.time())))
        return True

    @_calm
    def my_live_answer(self, learner_code: str, round_no: int) -> tuple[str, bool, str | None] | None:
        """What this child answered in the current lesson's round, if anything."""
        found = self._my_lesson(learner_code)
        if found is None:
            return None
        me, state = found
        with self._read() as conn:
            row = conn.execute(select(live_answers.c.answer, live_answers.c.correct, live_answers.c.mistake).where(
                and_(live_answers.c.class_code == me.class_code, live_answers.c.lesson == state.lesson,
                     live_answers.c.round == round_no, live_answers.c.learner_code == me.code))).first()
        return (row.answer, row.correct, row.mistake) if row else None

    @_calm
    def tally(self, class_code: object) -> Tally:
        """The current round's counts: how many joined, how many answered, and what they answered."""
        state = self.lesson(class_code)
        if state is None:
            return Tally(0, 0, [])
        code = codes.normalise_class(class_code)
        with self._read() as conn:
            joined = conn.execute(select(func.count()).select_from(lesson_members).where(and_(
                lesson_members.c.class_code == code, lesson_members.c.lesson == state.lesson))).scalar_one()
            rows = conn.execute(
                select(live_answers.c.answer, live_answers.c.correct, live_answers.c.mistake, func.count())
                .where(and_(live_answers.c.class_code == code, live_answers.c.lesson == state.lesson,
                            live_answers.c.round == state.round))
                .group_by(live_answers.c.answer, live_answers.c.correct, live_answers.c.mistake)).all()
        answers = [(r[0], bool(r[1]), r[2], int(r[3])) for r in rows]
        answered = sum(n for *_, n in answers)
        return Tally(max(joined, answered), answered, answers)


def _visible(text: str) -> str:
    """The text without control or invisible characters (PostgreSQL refuses NUL)."""
    return "".join(ch for ch in text if not has_hidden(ch))


def _attempt_row(learner_code: str | None, a: Attempt, at: float, uid: str | None = None) -> dict[str, object]:
    """An answer's row: its own values, the learner's code (``None``: :func:`~trainer.store.once.write_once`
    puts it in), its uid, ``at`` when the answer does not say when it was given, and its traps when it does not
    say which (:func:`~trainer.store.traps.with_traps`)."""
    row = {**with_traps(a).to_row(), "learner_code": learner_code, "uid": uid}
    if row["at"] is None:
        row["at"] = at
    return row
