"""The store when things go wrong: rate limits on guessed codes (with a fake clock: nothing here
sleeps through a wait), PostgreSQL stopped mid-run, a SQLite file deleted or made read-only."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
import time
import uuid

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import event, select

from trainer.learning.assignment import Work
from trainer.learning.choice import StageChoice
from trainer.learning.placement import Placement
from trainer.learning.progress import Attempt
from trainer.learning.sprint import SprintAnswer
from trainer.learning.transfer import Decision
from trainer.store import LearnerGone, Store, StoreError, StoreUnavailable, TooManyTries, open_store
from trainer.store.codes import new_class_code, new_learner_code
from trainer.store.limits import ADDRESS, POLICIES, SESSION
from trainer.store.schema import guards
from trainer.store.tables import new_table_code

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CALM = "Saving is not working right now."


class Clock:
    """Seconds since the epoch, moved by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/fives.db"
    return request.getfixturevalue("postgres").new_database("t" + uuid.uuid4().hex[:12])


def attempt(i: int = 0) -> Attempt:
    return Attempt("open-total", "muggins", 1, i % 2 == 0, 2.0 + i, "CQT6-QX36")


def waited(call) -> int:
    with pytest.raises(TooManyTries) as err:
        call()
    n = err.value.wait_seconds
    how_long = f"{n} second{'s' if n > 1 else ''}" if n < 120 else f"{-(-n // 60)} minutes"
    assert str(err.value) == f"Too many tries. Wait {how_long}, then try again."
    return n


# ----- rate limits -----

def test_a_session_gets_a_few_free_misses_then_waits_that_grow(url):
    clock = Clock()
    a, b = open_store(url, clock=clock), open_store(url, clock=clock)  # two app processes, one database
    me = a.new_learner("Blue Fox")
    s = ("session:abc",)
    for _ in range(5):
        assert a.learner(new_learner_code(), clients=s) is None
    assert b.learner(new_learner_code(), clients=s) is None  # the sixth miss: a wait of 2 s
    assert waited(lambda: a.learner(me, clients=s)) == 2  # the right code is not even looked at
    assert a.learner(me).code == me  # without clients nothing is limited
    assert b.learner(me, clients=("session:other",)).code == me  # another session is not held up
    clock.now += 1.5
    assert waited(lambda: b.learner(me, clients=s)) == 1
    clock.now += 0.5
    assert b.learner(me, clients=s).code == me  # a right code costs nothing
    assert a.learner("banana", clients=s) is None  # malformed: a miss too
    assert waited(lambda: b.learner(me, clients=s)) == 4
    waits = []
    for _ in range(10):
        clock.now += 700
        a.learner(new_learner_code(), clients=s)
        waits.append(waited(lambda: a.learner(me, clients=s)))
    assert waits == [8, 16, 32, 64, 128, 256, 512, 600, 600, 600]
    clock.now += 600 + SESSION.forget_after  # quiet: the misses are forgotten
    for _ in range(5):
        assert a.learner(new_learner_code(), clients=s) is None
    assert a.learner(me, clients=s).code == me
    with a.engine.connect() as conn:  # clients are kept as hashes only
        assert all(len(k) == 64 and "abc" not in k for k in conn.execute(select(guards.c.client)).scalars())
    a.engine.dispose()
    b.engine.dispose()


def test_an_address_is_shared_by_a_classroom_so_it_gets_more_free_misses(url):
    clock = Clock()
    store = open_store(url, clock=clock)
    keys = store.create_class("Room 4")
    room = "address:10.1.2.3"
    for i in range(ADDRESS.free):  # a different child each time: their sessions never wait
        with pytest.raises(StoreError, match="no class"):
            store.join(new_class_code(), "Blue Fox", clients=(f"session:{i}", room))
    assert store.join(keys.code, "Blue Fox", clients=("session:new", room))
    with pytest.raises(StoreError, match="no class"):
        store.join(new_class_code(), "Blue Fox", clients=("session:last", room))
    assert waited(lambda: store.join(keys.code, "Red Panda", clients=("session:fresh", room))) == 2
    assert store.join(keys.code, "Red Panda", clients=("session:fresh", "address:10.9.9.9"))
    store.engine.dispose()


def test_every_code_and_key_check_counts_and_is_held_up(url):
    clock = Clock()
    store = open_store(url, clock=clock)
    keys = store.create_class("Room 4")
    me = store.new_learner("Blue Fox")
    misses = [
        lambda c: store.learner(new_learner_code(), clients=c),
        lambda c: pytest.raises(StoreError, store.join, new_class_code(), "Red Panda", clients=c),
        lambda c: pytest.raises(StoreError, store.join, "KQ7-MXR-4PX", "Red Panda", clients=c),  # a typo
        lambda c: pytest.raises(StoreError, store.move_to_class, me, new_class_code(), clients=c),
        lambda c: not store.check_teacher(keys.code, "a guess", clients=c) or pytest.fail("a wrong key opened"),
        lambda c: not store.check_teacher(new_class_code(), keys.teacher_key, clients=c) or pytest.fail("opened"),
    ]
    for i, miss in enumerate(misses):
        c = (f"session:{i}",)
        for _ in range(SESSION.free + 1):
            miss(c)
        held_up(store, keys.code, keys.teacher_key, me, c)
    calm = ("session:calm",)
    for _ in range(20):  # nothing typed, or a nickname that does not work: no guess at a code
        assert store.learner("", clients=calm) is None
        with pytest.raises(StoreError, match="Type your class code"):
            store.join(" ", "Red Panda", clients=calm)
        with pytest.raises(StoreError, match="at least"):
            store.join(new_class_code(), "x", clients=calm)
    assert store.check_teacher(keys.code, keys.teacher_key, clients=calm)
    for _ in range(50):  # no clients: never limited (and a wrong key is still just False)
        assert not store.check_teacher(keys.code, "a guess")
    assert store.check_teacher(keys.code, keys.teacher_key)
    store.engine.dispose()


def held_up(store: Store, code: str, key: str, me: str, clients: tuple[str, ...]) -> None:
    """Every check is refused for a client that must wait, even with the right code or key."""
    assert waited(lambda: store.check_teacher(code, key, clients=clients)) == 2
    assert waited(lambda: store.join(code, "Red Panda", clients=clients)) == 2
    assert waited(lambda: store.learner(me, clients=clients)) == 2
    assert waited(lambda: store.move_to_class(me, code, clients=clients)) == 2


@given(st.sampled_from(sorted(POLICIES)), st.integers(0, 10_000))
def test_waits_never_shrink_and_stop_at_the_longest(kind, misses):
    p = POLICIES[kind]
    assert (p.wait(misses) == 0) == (misses <= p.free)
    assert p.wait(misses) <= p.wait(misses + 1) <= p.longest_wait


# ----- the database away -----

def public_calls(store: Store, code: str, key: str, me: str) -> dict:
    """Every public method of the store, with arguments."""
    calls = {
        "new_learner": lambda: store.new_learner("Red Panda"),
        "learner": lambda: store.learner(me, clients=("session:x",)),
        "join": lambda: store.join(code, "Red Panda", clients=("session:x",)),
        "move_to_class": lambda: store.move_to_class(me, code),
        "record": lambda: store.record(me, attempt(), uid="u1"),
        "record_many": lambda: store.record_many(me, [attempt()]),
        "attempts": lambda: store.attempts(me),
        "record_sprint": lambda: store.record_sprint(me, [SprintAnswer("make5:2", True, 1.0, 1.0, 3.0)], uids=["s1"]),
        "sprint_answers": lambda: store.sprint_answers(me),
        "record_decision": lambda: store.record_decision(me, DECISION),
        "record_decisions": lambda: store.record_decisions(me, [DECISION]),
        "decisions": lambda: store.decisions(me),
        "class_decisions": lambda: store.class_decisions(code, key),
        "game_puzzles_practised": lambda: store.game_puzzles_practised(me),
        "record_placement": lambda: store.record_placement(me, Placement("all-fives", 1.0)),
        "placement": lambda: store.placement(me),
        "record_stage_choices": lambda: store.record_stage_choices(me, [StageChoice("all-fives", 1.0)]),
        "stage_choices": lambda: store.stage_choices(me),
        "language": lambda: store.language(me),
        "set_language": lambda: store.set_language(me, "es"),
        "class_language": lambda: store.class_language(code),
        "set_class_language": lambda: store.set_class_language(code, key, "es"),
        "create_class": lambda: store.create_class("Room 9"),
        "class_name": lambda: store.class_name(code),
        "check_teacher": lambda: store.check_teacher(code, key, clients=("session:x",)),
        "class_report": lambda: store.class_report(code, key),
        "remove_learner": lambda: store.remove_learner(code, key, me),
        "delete_class": lambda: store.delete_class(code, key),
        "row_counts": store.row_counts,
        "save_game": lambda: store.save_game(me, {"moves": []}),
        "game": lambda: store.game(me),
        "clear_game": lambda: store.clear_game(me),
        "start_lesson": lambda: store.start_lesson(code, key),
        "show_puzzle": lambda: store.show_puzzle(code, key, "CQT6-QX36"),
        "set_locked": lambda: store.set_locked(code, key, True),
        "set_revealed": lambda: store.set_revealed(code, key, True),
        "end_lesson": lambda: store.end_lesson(code, key),
        "lesson": lambda: store.lesson(code),
        "join_lesson": lambda: store.join_lesson(me),
        "live_answer": lambda: store.live_answer(me, 1, "5", True, None),
        "my_live_answer": lambda: store.my_live_answer(me, 1),
        "tally": lambda: store.tally(code),
        "set_assignment": lambda: store.set_assignment(code, key, Work.SPRINT, due=dt.date(2026, 11, 27)),
        "class_assignments": lambda: store.class_assignments(code, key),
        "assignments_for": lambda: store.assignments_for(me),
        "close_assignment": lambda: store.close_assignment(code, key, 1),
        "delete_assignment": lambda: store.delete_assignment(code, key, 1),
        "assignment_counts": store.assignment_counts,
        "open_table": lambda: store.open_table({"game": "muggins", "seats": 2}),
        "find_table": lambda: store.find_table(TABLE_CODE),
        "table": lambda: store.table("KQ7M-XR4"),
        "class_tables": lambda: store.class_tables(code),
        "sit": lambda: store.sit("KQ7M-XR4", 2, learner_code=me, nickname=""),
        "seen": lambda: store.seen("KQ7M-XR4", 0),
        "leave": lambda: store.leave("KQ7M-XR4", 0),
        "table_moves": lambda: store.table_moves("KQ7M-XR4"),
        "table_and_moves": lambda: store.table_and_moves("KQ7M-XR4"),
        "add_move": lambda: store.add_move("KQ7M-XR4", 0, 0, "start"),
        "keep_move": lambda: store.keep_move("KQ7M-XR4", 0, 0, "start"),
        "end_table": lambda: store.end_table("KQ7M-XR4"),
        "rematch": lambda: store.rematch("KQ7M-XR4", {"game": "muggins", "seats": 2}),
        "delete_table": lambda: store.delete_table("KQ7M-XR4"),
        "seats_held": lambda: store.seats_held("KQ7M-XR4", "a-key"),
        "open_seat_of": lambda: store.open_seat_of(me),
        "ended_seat_of": lambda: store.ended_seat_of(me, since=0.0),
        "begin_lesson": lambda: store.begin_lesson(code, key),
        "set_countdown": lambda: store.set_countdown(code, key, 10),
        "set_sound": lambda: store.set_sound(code, key, False),
        "lesson_nicknames": lambda: store.lesson_nicknames(code, key),
        "saw_puzzle": lambda: store.saw_puzzle(me, 1),
        "claim_turn": lambda: store.claim_turn("KQ7M-XR4", 0),
        "table_versions": lambda: store.table_versions(),
        "seen_all": lambda: store.seen_all([("KQ7M-XR4", 0)]),
        "home_pass": lambda: store.home_pass(me),
        "home_passes": lambda: store.home_passes(code, key, [me]),
        "pass_learner": lambda: store.pass_learner("pQ3xTok3n_abcdefg", clients=("session:x",)),
        "pass_expires": lambda: store.pass_expires("pQ3xTok3n_abcdefg"),
        "passes_out": lambda: store.passes_out(code, key),
        "switch_off_passes": lambda: store.switch_off_passes(code, key, me),
        "new_learner_code": lambda: store.new_learner_code(code, key, me),
    }
    public = {n for n in dir(Store) if not n.startswith("_") and callable(getattr(Store, n))} - {"health"}
    assert public == set(calls), "a public method the outage tests do not call"
    return calls


TABLE_CODE = new_table_code()
"""A table code that passes its check character, so looking it up reaches the database."""
DECISION = Decision("d1", 1.0, "muggins", "muggins", "3-4", ("4-6",), (("4-6>3-4", 0),), "4-6>3-4", 0, 0)


def all_calm(store: Store, code: str, key: str, me: str, words: tuple[str, ...]) -> None:
    for name, call in public_calls(store, code, key, me).items():
        with pytest.raises(StoreUnavailable) as err:
            call()
        assert str(err.value) == CALM, name
        assert not any(w in str(err.value) for w in words), name


def test_postgres_stopped_mid_run_then_back(postgres):
    url = postgres.new_database("t" + uuid.uuid4().hex[:12])
    clock = Clock()
    store = open_store(url, clock=clock)
    keys = store.create_class("Room 4")
    me = store.join(keys.code, "Blue Fox")
    store.record(me, attempt(0), uid="u0")
    assert store.health() is None
    postgres.halt()
    try:
        assert store.health() is None  # the last answer is kept for two seconds…
        clock.now += 2
        assert store.health() == "down"
        started = time.monotonic()
        all_calm(store, keys.code, keys.teacher_key, me, (str(postgres.port), "127.0.0.1", "SELECT", "INSERT"))
        assert time.monotonic() - started < 60  # each fails fast
        with pytest.raises(StoreUnavailable):
            open_store(url)
    finally:
        postgres.resume()
    assert store.health() is None  # a failed call had it look again: back at once
    store.record_many(me, [attempt(0), attempt(1)], uids=["u0", "u1"])  # the outbox, sent again
    assert store.attempts(me) == [attempt(0), attempt(1)]
    store.engine.dispose()


def test_health_asks_the_database_only_when_no_call_went_through_lately(tmp_path):
    clock = Clock()
    store = open_store(f"sqlite:///{tmp_path}/fives.db", clock=clock)
    keys = store.create_class("Room 4")
    me = store.join(keys.code, "Blue Fox")
    asked: list[str] = []
    event.listen(store.engine, "before_cursor_execute", lambda _c, _cur, sql, *_a: asked.append(sql))
    store.record(me, attempt(0))  # a call that went through: the database answers
    asked.clear()
    assert store.health() is None and asked == []
    clock.now += 2  # the answer kept no longer, and no call since: the database is asked
    assert store.health() is None and asked == ["SELECT version_num FROM alembic_version"]
    clock.now += 1
    store.attempts(me)  # a read that went through
    clock.now += 1.5
    asked.clear()
    assert store.health() is None and asked == []
    clock.now += 1
    store.attempts(me)
    store.engine.dispose()
    asked.clear()
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(f"{tmp_path}/fives.db{suffix}"):
            os.remove(f"{tmp_path}/fives.db{suffix}")
    clock.now += 1.5
    assert store.health() == "gone" and asked == []  # the file is looked at every time
    with pytest.raises(StoreUnavailable):
        store.attempts(me)
    assert store.health() == "gone"  # a failed call: looked at again at once
    store.engine.dispose()


def test_an_unreachable_server_is_given_up_quickly():
    started = time.monotonic()
    with pytest.raises(StoreUnavailable) as err:
        open_store("postgresql+psycopg://fives@192.0.2.1:5432/fives")  # an address nobody answers
    assert time.monotonic() - started < 15 and str(err.value) == CALM


def test_a_deleted_sqlite_file_is_noticed(tmp_path):
    path = tmp_path / "fives.db"
    clock = Clock()
    store = open_store(f"sqlite:///{path}", clock=clock)
    keys = store.create_class("Room 4")
    me = store.join(keys.code, "Blue Fox")
    store.record(me, attempt(0))
    assert store.health() is None

    # deleted while an answer is being written: the answer went into the deleted file, so it is
    # never acknowledged
    @event.listens_for(store.engine, "commit")
    def delete_files(_conn) -> None:
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(f"{path}{suffix}"):
                os.remove(f"{path}{suffix}")

    with pytest.raises(StoreUnavailable):
        store.record(me, attempt(1))
    event.remove(store.engine, "commit", delete_files)
    all_calm(store, keys.code, keys.teacher_key, me, (str(tmp_path),))
    clock.now += 2
    assert store.health() == "gone"
    assert not path.exists()  # no empty database made in its place
    store.engine.dispose()


def test_a_learner_removed_while_the_database_is_fine_is_not_unavailable(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/fives.db")
    keys = store.create_class("Room 4")
    me = store.join(keys.code, "Blue Fox")
    store.delete_class(keys.code, keys.teacher_key)
    with pytest.raises(LearnerGone):
        store.record(me, attempt(), uid="u")
    assert store.health() is None
    store.engine.dispose()


READ_ONLY = r"""
import os, subprocess, sys
from trainer.learning.progress import Attempt
from trainer.store import StoreUnavailable, open_store

path, how = sys.argv[1], sys.argv[2]
files = [path, path + "-wal", path + "-shm"]
ticks = iter(range(0, 10**6, 10))


def lock(on):
    for f in files:
        if how == "chattr":
            subprocess.run(["chattr", "+i" if on else "-i", f], check=True)
        else:
            os.chmod(f, 0o444 if on else 0o644)


a = Attempt("open-total", "muggins", 1, True, 1.0, "CQT6-QX36")
store = open_store("sqlite:///" + path, clock=lambda: float(next(ticks)))
me = store.new_learner("Blue Fox")
for _ in range(20):
    store.record(me, a)
assert all(os.path.exists(f) for f in files)
lock(True)
try:
    for call in (lambda: store.record(me, a), lambda: store.attempts(me), lambda: store.learner(me),
                 lambda: store.save_game(me, {}), lambda: store.record_many(me, [a] * 50)):
        try:
            call()
            print("no error")
        except StoreUnavailable as err:
            print("unavailable:", err)
    print("health:", store.health())
    try:
        open_store("sqlite:///" + path)
        print("opened")
    except StoreUnavailable:
        print("open: unavailable")
finally:
    lock(False)
store.record(me, a)
print("health:", store.health())
print("answers:", len(store.attempts(me)))
"""


def _read_only_by(tmp_path) -> str:
    """How this test makes files read-only: permissions, or (for root, who ignores them) the
    immutable flag, which is also what turns SQLite's memory-mapped -shm into a SIGBUS."""
    if os.geteuid() != 0:
        return "chmod"
    probe = tmp_path / "probe"
    probe.write_text("x")
    done = subprocess.run(["chattr", "+i", str(probe)], capture_output=True).returncode == 0
    if not done:
        pytest.skip("running as root where chattr +i does not work: cannot make a file read-only")
    subprocess.run(["chattr", "-i", str(probe)], check=True)
    return "chattr"


def test_read_only_sqlite_files_are_unavailable_not_a_crash(tmp_path):
    how = _read_only_by(tmp_path)
    path = tmp_path / "fives.db"
    env = dict(os.environ, PYTHONPATH=ROOT)
    run = subprocess.run([sys.executable, "-c", READ_ONLY, str(path), how], env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, f"the process died (signal {-run.returncode})" if run.returncode < 0 else run.stderr
    assert run.stdout.splitlines() == [f"unavailable: {CALM}"] * 5 + [
        "health: read-only", "open: unavailable", "health: None", "answers: 21"]


def test_making_learners_is_limited_per_session_and_address(tmp_path):
    now = [1000.0]
    s = open_store(f"sqlite:///{tmp_path}/fives.db", clock=lambda: now[0])
    keys = s.create_class("Room 4")
    me = ("session:spam", "address:10.9.8.7")
    for i in range(3):
        s.join(keys.code, f"Fox {'abc'[i]}", clients=me)
    with pytest.raises(TooManyTries) as err:
        s.new_learner("Fox D", clients=me)
    assert err.value.wait_seconds > 0
    # another session from the same address (a classroom) goes on
    for i in range(10):
        s.join(keys.code, "Owl", clients=(f"session:child{i}", "address:10.9.8.7"))
    now[0] += 3600 * 2
    assert s.new_learner("Fox E", clients=me)


def test_a_pooled_connection_is_pinged_after_a_rest_and_one_that_stopped_answering_is_replaced(postgres, monkeypatch):
    """A connection just back in the pool is handed out as it is; one that rested is asked first, and one
    whose server end was closed meanwhile (a restart, say) is replaced without the caller seeing it."""
    from trainer.store import opening

    store = open_store(postgres.new_database("t" + uuid.uuid4().hex[:12]))
    pings: list[float] = []
    ping = store.engine.dialect.do_ping
    monkeypatch.setattr(store.engine.dialect, "do_ping", lambda conn: pings.append(time.monotonic()) or ping(conn))
    try:
        keys = store.create_class("Room 4")
        store.class_name(keys.code)
        asked = len(pings)
        for _ in range(5):  # one after another: each time just back in the pool
            assert store.class_name(keys.code) == "Room 4"
        assert len(pings) == asked
        with store.engine.connect() as first, store.engine.connect() as second:  # two at once: two in the pool
            pids = [c.exec_driver_sql("SELECT pg_backend_pid()").scalar() for c in (first, second)]
        # the second went back first, the first last: the first goes out next (the one that has just answered)
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("SELECT pg_backend_pid()").scalar() == pids[0] != pids[1]
        monkeypatch.setattr(opening, "PING_AFTER", 0.0)  # as if every connection had rested
        with store.engine.connect() as conn:
            pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar()
        import psycopg

        url = store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(url, autocommit=True) as other:  # from outside the pool, as a restart would
            assert other.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone()[0]
        for _ in range(3):
            assert store.class_name(keys.code) == "Room 4"
        assert len(pings) > asked
    finally:
        store.engine.dispose()
