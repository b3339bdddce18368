"""The progress store: learners, classes, every answer, saved games and live lessons, in SQLite
(the default, one file) or PostgreSQL (many app servers share one database).

The only place that knows SQL. Small value types go in and out; every write is one transaction,
committed before the method returns.
"""

from __future__ import annotations

import datetime as dt
import fcntl
import hashlib
import hmac
import json
import os
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, and_, create_engine, delete, event, func, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from trainer.progress import Attempt
from trainer.store import codes
from trainer.store.errors import StoreError
from trainer.store.nicknames import check_nickname
from trainer.store.schema import TABLES, attempts, classes, games, learners, lesson_members, lessons, live_answers

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_FILE = os.path.join(ROOT, "data", "fives.db")
URL_VARIABLE = "FIVES_DATABASE_URL"
KEY_BYTES = 16
"""Teacher keys carry 128 random bits."""
_NO_HASH = hashlib.sha256(b"no class has this key").hexdigest()


def default_url() -> str:
    """``FIVES_DATABASE_URL`` if it is set, else the SQLite file ``data/fives.db`` in the project."""
    url = os.environ.get(URL_VARIABLE, "").strip()
    return url or f"sqlite:///{DEFAULT_FILE}"


@dataclass(frozen=True)
class ClassKeys:
    code: str
    """The class code children type to join (``"KQ7-MXR"``)."""
    teacher_key: str
    """The teacher's secret: whoever has it sees the class's report. Shown once, kept as a hash."""


@dataclass(frozen=True)
class Learner:
    code: str
    nickname: str
    class_code: str | None = None


@dataclass(frozen=True)
class ReportRow:
    """A learner of a class with all their answers (for the teacher only)."""

    code: str
    nickname: str
    joined: dt.datetime
    attempts: list[Attempt] = field(default_factory=list)

    @property
    def answers(self) -> int:
        return len(self.attempts)

    @property
    def right(self) -> int:
        return sum(a.correct for a in self.attempts)


@dataclass(frozen=True)
class LessonState:
    """The live lesson of a class, as the children's devices see it."""

    lesson: int
    """Counts the class's lessons: a new lesson starts its rounds afresh."""
    round: int
    """0 before the first puzzle, then 1, 2, …"""
    puzzle_code: str
    locked: bool
    revealed: bool
    started: float


@dataclass(frozen=True)
class Tally:
    """How a live round is going, for the projector: counts only, never names."""

    joined: int
    answered: int
    answers: list[tuple[str, bool, str | None, int]]
    """(answer, right, mistake, how many gave it)."""


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


class Store:
    """Open with :func:`open_store`. Safe to share between threads; many processes may open the
    same database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @property
    def url(self) -> str:
        return self.engine.url.render_as_string(hide_password=True)

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    # ----- learners -----

    def new_learner(self, nickname: str) -> str:
        """A learner with no class yet; returns their learner code."""
        return self._add_learner(check_nickname(nickname), None).code

    def _add_learner(self, nickname: str, class_code: str | None) -> Learner:
        for _ in range(20):
            code = codes.new_learner_code()
            try:
                with self._tx() as conn:
                    conn.execute(insert(learners).values(code=code, nickname=nickname, class_code=class_code,
                                                         created=time.time()))
                return Learner(code, nickname, class_code)
            except IntegrityError:
                continue  # that code was taken: draw another
        raise RuntimeError("could not find a free learner code")

    def learner(self, code: object) -> Learner | None:
        """The learner a code names, or ``None`` (unknown or malformed: never an error)."""
        norm = codes.normalise(code)
        if norm is None:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(select(learners.c.code, learners.c.nickname, learners.c.class_code)
                               .where(learners.c.code == norm)).first()
        return Learner(row.code, row.nickname, row.class_code) if row else None

    def join(self, class_code: object, nickname: str) -> str:
        """A new learner in a class; returns their learner code (:class:`StoreError` for a class code
        or a nickname that does not work). :meth:`learner` gives the rest."""
        code = self._class_code(class_code)
        name = check_nickname(nickname)
        return self._add_learner(name, code).code

    def move_to_class(self, learner_code: str, class_code: object) -> Learner:
        """A learner (and all their answers so far) joins a class."""
        code = self._class_code(class_code)
        me = self._learner_or_error(learner_code)
        with self._tx() as conn:
            conn.execute(update(learners).where(learners.c.code == me.code).values(class_code=code))
        return Learner(me.code, me.nickname, code)

    def _learner_or_error(self, learner_code: object) -> Learner:
        me = self.learner(learner_code)
        if me is None:
            raise StoreError("We couldn't find that learner code. Check it and try again.")
        return me

    def _class_code(self, class_code: object) -> str:
        code = codes.normalise(class_code, codes.CLASS_LENGTH)
        if code is None:
            raise StoreError(codes.class_code_problem(class_code))
        if self.class_name(code) is None:
            raise StoreError("There is no class with that code. Check the code on the board.")
        return code

    # ----- answers -----

    def record(self, learner_code: str, attempt: Attempt) -> None:
        """Keep an answer: committed when this returns."""
        with self._tx() as conn:
            conn.execute(insert(attempts).values(_attempt_row(learner_code, attempt, time.time())))

    def record_many(self, learner_code: str, items: list[Attempt]) -> None:
        """Keep several answers in one transaction (a guest's answers when they sign up)."""
        if not items:
            return
        now = time.time()
        with self._tx() as conn:
            conn.execute(insert(attempts), [_attempt_row(learner_code, a, now) for a in items])

    def attempts(self, learner_code: str) -> list[Attempt]:
        """A learner's answers in the order they were given."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(attempts).where(attempts.c.learner_code == learner_code)
                                .order_by(attempts.c.id)).all()
        return [_attempt(r) for r in rows]

    # ----- classes -----

    def create_class(self, name: str) -> ClassKeys:
        """A new class: its code for the children and a secret key for the teacher."""
        name = " ".join(str(name).split())[:60]
        if not name:
            raise StoreError("Give the class a name, like Room 4.")
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

    def class_name(self, class_code: object) -> str | None:
        code = codes.normalise(class_code, codes.CLASS_LENGTH)
        if code is None:
            return None
        with self.engine.connect() as conn:
            return conn.execute(select(classes.c.name).where(classes.c.code == code)).scalar()

    def check_teacher(self, class_code: object, teacher_key: object) -> bool:
        """Whether the key opens the class (compared in constant time; never raises)."""
        code = codes.normalise(class_code, codes.CLASS_LENGTH)
        stored = None
        if code is not None:
            with self.engine.connect() as conn:
                stored = conn.execute(select(classes.c.key_hash).where(classes.c.code == code)).scalar()
        given = _hash(teacher_key) if isinstance(teacher_key, str) else _NO_HASH
        return hmac.compare_digest(stored or _NO_HASH, given) and stored is not None

    def _teacher(self, class_code: object, teacher_key: object) -> str:
        if not self.check_teacher(class_code, teacher_key):
            raise PermissionError("That class code and teacher key do not match.")
        code = codes.normalise(class_code, codes.CLASS_LENGTH)
        assert code is not None
        return code

    def class_report(self, class_code: str, teacher_key: str) -> list[ReportRow]:
        """Every learner of the class with their answers, in the order they joined."""
        code = self._teacher(class_code, teacher_key)
        with self.engine.connect() as conn:
            people = conn.execute(select(learners).where(learners.c.class_code == code)
                                  .order_by(learners.c.created, learners.c.code)).all()
            rows = conn.execute(select(attempts).join(learners, learners.c.code == attempts.c.learner_code)
                                .where(learners.c.class_code == code).order_by(attempts.c.id)).all()
        by_learner: dict[str, list[Attempt]] = {p.code: [] for p in people}
        for r in rows:
            by_learner[r.learner_code].append(_attempt(r))
        return [ReportRow(p.code, p.nickname, dt.datetime.fromtimestamp(p.created, dt.UTC), by_learner[p.code])
                for p in people]

    def remove_learner(self, class_code: str, teacher_key: str, learner_code: str) -> None:
        """A learner of the class and everything kept about them: gone."""
        code = self._teacher(class_code, teacher_key)
        with self._tx() as conn:
            found = conn.execute(select(learners.c.code).where(and_(learners.c.code == learner_code,
                                                                    learners.c.class_code == code))).scalar()
            if found is None:
                raise StoreError("That learner is not in this class.")
            for table in (live_answers, lesson_members, games, attempts):
                conn.execute(delete(table).where(table.c.learner_code == learner_code))
            conn.execute(delete(learners).where(learners.c.code == learner_code))

    def delete_class(self, class_code: str, teacher_key: str) -> None:
        """The class, its learners and all their answers, games and lessons: nothing is left."""
        code = self._teacher(class_code, teacher_key)
        with self._tx() as conn:
            members = select(learners.c.code).where(learners.c.class_code == code).scalar_subquery()
            conn.execute(delete(live_answers).where(live_answers.c.class_code == code))
            conn.execute(delete(lesson_members).where(lesson_members.c.class_code == code))
            conn.execute(delete(lessons).where(lessons.c.class_code == code))
            conn.execute(delete(games).where(games.c.learner_code.in_(members)))
            conn.execute(delete(attempts).where(attempts.c.learner_code.in_(members)))
            conn.execute(delete(learners).where(learners.c.class_code == code))
            conn.execute(delete(classes).where(classes.c.code == code))

    def row_counts(self) -> dict[str, int]:
        """How many rows each table holds (for checking that a deletion left nothing)."""
        with self.engine.connect() as conn:
            return {t.name: conn.execute(select(func.count()).select_from(t)).scalar_one() for t in TABLES}

    # ----- a game in progress -----

    def save_game(self, learner_code: str, state: dict) -> None:
        """Keep the learner's current game (one per learner, replaced each time)."""
        blob = json.dumps(state, separators=(",", ":"))
        with self._tx() as conn:
            done = conn.execute(update(games).where(games.c.learner_code == learner_code)
                                .values(state=blob, updated=time.time())).rowcount
            if not done:
                conn.execute(insert(games).values(learner_code=learner_code, state=blob, updated=time.time()))

    def game(self, learner_code: str) -> dict | None:
        with self.engine.connect() as conn:
            blob = conn.execute(select(games.c.state).where(games.c.learner_code == learner_code)).scalar()
        try:
            return json.loads(blob) if blob else None
        except ValueError:
            return None

    def clear_game(self, learner_code: str) -> None:
        with self._tx() as conn:
            conn.execute(delete(games).where(games.c.learner_code == learner_code))

    # ----- live lessons -----

    def start_lesson(self, class_code: str, teacher_key: str) -> LessonState:
        """A new live lesson for the class (any open one ends)."""
        code = self._teacher(class_code, teacher_key)
        with self._tx() as conn:
            last = conn.execute(select(lessons.c.lesson).where(lessons.c.class_code == code)).scalar()
            values = {"lesson": (last or 0) + 1, "round": 0, "puzzle_code": "", "locked": False, "revealed": False,
                      "open": True, "started": time.time()}
            if last is None:
                conn.execute(insert(lessons).values(class_code=code, **values))
            else:
                conn.execute(update(lessons).where(lessons.c.class_code == code).values(**values))
        state = self.lesson(code)
        assert state is not None
        return state

    def show_puzzle(self, class_code: str, teacher_key: str, puzzle_code: str) -> int:
        """The class's devices show this puzzle: a new round, open for answers. Returns its number."""
        code = self._teacher(class_code, teacher_key)
        with self._tx() as conn:
            now = conn.execute(select(lessons.c.round).where(and_(lessons.c.class_code == code, lessons.c.open))
                               .with_for_update()).scalar()
            if now is None:
                raise StoreError("Start a live lesson first.")
            conn.execute(update(lessons).where(lessons.c.class_code == code)
                         .values(round=now + 1, puzzle_code=puzzle_code, locked=False, revealed=False))
        return now + 1

    def set_locked(self, class_code: str, teacher_key: str, locked: bool) -> None:
        self._set(class_code, teacher_key, locked=bool(locked))

    def set_revealed(self, class_code: str, teacher_key: str, revealed: bool) -> None:
        """Reveal the answer (answering closes too) or hide it again."""
        self._set(class_code, teacher_key, revealed=bool(revealed), **({"locked": True} if revealed else {}))

    def end_lesson(self, class_code: str, teacher_key: str) -> None:
        self._set(class_code, teacher_key, open=False)

    def _set(self, class_code: str, teacher_key: str, **values: bool) -> None:
        code = self._teacher(class_code, teacher_key)
        with self._tx() as conn:
            conn.execute(update(lessons).where(and_(lessons.c.class_code == code, lessons.c.open)).values(**values))

    def lesson(self, class_code: object) -> LessonState | None:
        """The class's open live lesson, or ``None``."""
        code = codes.normalise(class_code, codes.CLASS_LENGTH)
        if code is None:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(select(lessons).where(and_(lessons.c.class_code == code, lessons.c.open))).first()
        if row is None:
            return None
        return LessonState(row.lesson, row.round, row.puzzle_code, row.locked, row.revealed, row.started)

    def _my_lesson(self, learner_code: str) -> tuple[Learner, LessonState] | None:
        """The learner and their class's open lesson, if both exist."""
        me = self.learner(learner_code)
        if me is None or me.class_code is None:
            return None
        state = self.lesson(me.class_code)
        return None if state is None else (me, state)

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
                                                                   learner_code=me.code))
                except IntegrityError:
                    pass  # the same child on two devices at once
        return state

    def live_answer(self, learner_code: str, round_no: int, answer: str, correct: bool,
                    mistake: str | None, attempt: Attempt | None = None) -> bool:
        """A child's answer to the live round ``round_no``. ``False`` (nothing kept) when that round is
        not the current one, answering is locked, or the child has answered it already. With
        ``attempt``, the answer is also recorded as practice, in the same transaction."""
        me = self.learner(learner_code)
        if me is None or me.class_code is None:
            return False
        with self._tx() as conn:
            row = conn.execute(select(lessons).where(and_(lessons.c.class_code == me.class_code,
                                                          lessons.c.open))).first()
            if row is None or row.round != round_no or row.locked or round_no < 1:
                return False
            try:
                with conn.begin_nested():
                    conn.execute(insert(live_answers).values(
                        class_code=me.class_code, lesson=row.lesson, round=round_no, learner_code=me.code,
                        answer=str(answer)[:80], correct=bool(correct), mistake=mistake))
            except IntegrityError:
                return False
            if attempt is not None:
                conn.execute(insert(attempts).values(_attempt_row(me.code, attempt, time.time())))
        return True

    def my_live_answer(self, learner_code: str, round_no: int) -> tuple[str, bool, str | None] | None:
        """What this child answered in the current lesson's round, if anything."""
        found = self._my_lesson(learner_code)
        if found is None:
            return None
        me, state = found
        with self.engine.connect() as conn:
            row = conn.execute(select(live_answers.c.answer, live_answers.c.correct, live_answers.c.mistake).where(
                and_(live_answers.c.class_code == me.class_code, live_answers.c.lesson == state.lesson,
                     live_answers.c.round == round_no, live_answers.c.learner_code == me.code))).first()
        return (row.answer, row.correct, row.mistake) if row else None

    def tally(self, class_code: object) -> Tally:
        """The current round's counts: how many joined, how many answered, and what they answered."""
        state = self.lesson(class_code)
        if state is None:
            return Tally(0, 0, [])
        code = codes.normalise(class_code, codes.CLASS_LENGTH)
        with self.engine.connect() as conn:
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


def _attempt_row(learner_code: str, a: Attempt, at: float) -> dict:
    return {"learner_code": learner_code, "kind": a.kind, "stage": a.stage, "level": int(a.level),
            "correct": bool(a.correct), "seconds": float(a.seconds), "code": a.code or "", "mistake": a.mistake,
            "hinted": bool(a.hinted), "review": a.review or "", "origin": a.origin or "", "at": at}


def _attempt(r) -> Attempt:
    return Attempt(kind=r.kind, stage=r.stage, level=r.level, correct=bool(r.correct), seconds=r.seconds,
                   code=r.code, mistake=r.mistake, hinted=bool(r.hinted), review=r.review, origin=r.origin)


# ----- opening -----

def open_store(url: str | None = None) -> Store:
    """Open (and if needed create or upgrade) the store at ``url`` (default: :func:`default_url`)."""
    url = url or default_url()
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)) or ".", exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 10})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record) -> None:  # every connection: write-ahead log, wait when busy
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA busy_timeout=10000")
            cur.execute("PRAGMA foreign_keys=ON")
            # with the write-ahead log, NORMAL keeps every committed answer through a crash of the
            # process (a test kills writers mid-way); only a power cut may lose the last moments
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()
    else:
        engine = create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)
    migrate(engine)
    return Store(engine)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration. Two processes starting at once take turns."""
    cfg = Config()
    cfg.set_main_option("script_location", os.path.join(HERE, "migrations"))
    if engine.dialect.name == "sqlite":
        path = engine.url.database or ""
        lock_path = (os.path.abspath(path) + ".migrate-lock") if path and path != ":memory:" else None
        with _file_lock(lock_path), engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
    else:
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(5555)"))  # one migrator at a time
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")


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
