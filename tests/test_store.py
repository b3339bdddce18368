"""The progress store, against SQLite and a real PostgreSQL server (skipped, with the reason, where
PostgreSQL's server is missing)."""

from __future__ import annotations

import datetime as dt
import os
import random
import signal
import subprocess
import sys
import time

import pytest
from alembic import command
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, insert, inspect, select

from puzzles.codes import ALPHABET
from trainer.learning.assignment import Work
from trainer.learning.choice import StageChoice
from trainer.learning.placement import Placement
from trainer.learning.practice import COACH, Practice
from trainer.learning.progress import Attempt, Progress
from trainer.learning.sprint import SprintAnswer
from trainer.learning.states import ReviewMode
from trainer.learning.transfer import Decision
from trainer.store import LearnerGone, StoreError, codes, default_url, open_store
from trainer.store.codes import new_class_code, new_learner_code, normalise, normalise_class
from trainer.store.names import check_class_name, has_hidden, strip_spaces
from trainer.store.nicknames import check_nickname, suggest
from trainer.store.opening import migrations
from trainer.store.schema import attempts, classes, learners, metadata
from trainer.store.store import _attempt_row, _hash
from trainer.store.traps import code_traps

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def store(url):
    s = open_store(url)
    yield s
    s.engine.dispose()


def attempt(i: int = 0, **kw) -> Attempt:
    base = dict(kind="open-total", stage="muggins", level=1 + i % 3, correct=i % 4 != 0, seconds=2.5 + i,
                code="CQT6-QX36", mistake=None if i % 4 else "missed-end", hinted=i % 5 == 0,
                review=(ReviewMode.NEW, ReviewMode.RETRY, ReviewMode.SIMILAR, ReviewMode.REVIEW)[i % 4],
                origin="HX7K-3MPA" if i % 4 else "")
    base.update(kw)
    return Attempt(**base)


def test_a_class_its_learners_and_their_answers(store):
    keys = store.create_class("Room 4")
    assert normalise_class(keys.code) == keys.code and len(keys.teacher_key) >= 22  # 128 bits
    me = store.learner(store.join(keys.code.lower().replace("-", " "), "  Blue   Fox "))
    assert me.nickname == "Blue Fox" and me.class_code == keys.code
    assert store.learner(me.code) == me and store.learner(me.code.lower()) == me
    items = [attempt(i) for i in range(9)]
    for a in items:
        store.record(me.code, a)
    assert store.attempts(me.code) == items  # every field, in order
    rows = store.class_report(keys.code, keys.teacher_key)
    assert [(r.code, r.nickname, r.answers, r.right) for r in rows] == [(me.code, "Blue Fox", 9, 6)]


def test_keys_and_codes_that_do_not_fit(store):
    keys = store.create_class("Room 4")
    other = store.create_class("Room 5")
    for key in ("", "wrong", other.teacher_key, None, 42, keys.teacher_key + "x"):
        assert not store.check_teacher(keys.code, key)
        with pytest.raises(PermissionError):
            store.class_report(keys.code, key)
        with pytest.raises(PermissionError):
            store.delete_class(keys.code, key)
    assert store.check_teacher(keys.code, keys.teacher_key)
    assert not store.check_teacher("ZZZ-ZZZ", keys.teacher_key)
    for junk in ("", "banana", "0O0-0O0", "A" * 500, None, 7, "'; DROP TABLE learners; --"):
        assert store.learner(junk) is None
        with pytest.raises(StoreError):
            store.join(junk, "Blue Fox")
    with pytest.raises(StoreError, match="no class"):
        store.join(new_class_code(), "Blue Fox")
    assert store.learner(new_learner_code()) is None
    with pytest.raises(StoreError):
        store.join(keys.code, "<b>x</b>")


def test_deleting_a_class_leaves_nothing_of_it(store):
    keep = store.create_class("Room 5")
    kept = store.learner(store.join(keep.code, "Green Owl"))
    store.record(kept.code, attempt())
    keys = store.create_class("Room 4")
    for name in ("Blue Fox", "Red Panda"):
        me = store.learner(store.join(keys.code, name))
        for i in range(3):
            store.record(me.code, attempt(i))
        store.save_game(me.code, {"setup": {}, "moves": ["3-4"]})
        store.record_sprint(me.code, [SprintAnswer("make10:3", True, 2.0, 1.0, 4.0)])
        store.record_decision(me.code, Decision("g1-0", 1.0, "muggins", "muggins", "3-4", ("4-6", "2-3"),
                                                (("2-3>3-4", 2), ("4-6>3-4", 0)), "4-6>3-4", 0, 2))
        store.record_placement(me.code, Placement("all-fives", 1.0))
        store.record_stage_choices(me.code, [StageChoice("all-fives", 2.0)])
    store.start_lesson(keys.code, keys.teacher_key)
    store.join_lesson(me.code)
    rnd = store.show_puzzle(keys.code, keys.teacher_key, "CQT6-QX36")
    assert store.live_answer(me.code, rnd, "12", False, "missed-end")
    table = store.open_table({"game": "muggins", "seats": 2}, class_code=keys.code)
    store.sit(table, 2, learner_code=me.code, nickname="")
    store.sit(table, 2, learner_code=None, nickname="Guest")
    assert store.add_move(table, 0, 0, "start")
    store.record_placement(me.code, Placement("all-fives", 1_700_000_000.0))
    store.set_assignment(keys.code, keys.teacher_key, Work.PUZZLES, stages=("muggins",), kinds=("open-total",),
                         count=5, due=dt.date.today() + dt.timedelta(days=3), learners_chosen=[me.code])
    store.home_passes(keys.code, keys.teacher_key, [me.code])
    before = store.row_counts()
    assert all(before[t] for t in before)
    store.delete_class(keys.code, keys.teacher_key)
    after = store.row_counts()
    assert after == {"classes": 1, "learners": 1, "attempts": 1, "games": 0, "lessons": 0, "lesson_members": 0,
                     "live_answers": 0, "sprint_answers": 0, "decisions": 0, "placements": 0, "stage_choices": 0,
                     "game_tables": 0, "table_seats": 0, "table_moves": 0, "assignments": 0, "assignment_learners": 0,
                     "home_passes": 0}
    assert store.learner(me.code) is None and store.class_name(keys.code) is None
    assert store.attempts(kept.code) == [attempt()]


def test_removing_one_learner(store):
    keys = store.create_class("Room 4")
    a, b = store.learner(store.join(keys.code, "Blue Fox")), store.learner(store.join(keys.code, "Red Panda"))
    store.record(a.code, attempt())
    store.record(b.code, attempt(1))
    with pytest.raises(PermissionError):
        store.remove_learner(keys.code, "nope", a.code)
    store.remove_learner(keys.code, keys.teacher_key, a.code)
    assert store.learner(a.code) is None and store.attempts(a.code) == []
    assert [r.nickname for r in store.class_report(keys.code, keys.teacher_key)] == ["Red Panda"]
    with pytest.raises(StoreError):
        store.remove_learner(keys.code, keys.teacher_key, a.code)


def test_progress_rebuilt_from_the_store_is_the_progress_in_memory(store):
    me = store.learner(store.new_learner("Teal Otter"))
    rng = random.Random(3)
    clock = iter(range(0, 10**6, 4))
    pr = Practice(progress=Progress(), seed_source=random.Random(7), clock=lambda: float(next(clock)),
                  on_attempt=lambda a: store.record(me.code, a))
    for _ in range(120):
        p = pr.new_puzzle(COACH, "muggins", 1)
        pr.answer(p.answer if rng.random() < 0.85 else p.choices[-1].value)
    again = Progress.from_attempts(store.attempts(me.code))
    assert again.attempts == pr.progress.attempts
    assert again.mastered == pr.progress.mastered
    assert again.coach_stage == pr.progress.coach_stage
    assert again.skill_rows() == pr.progress.skill_rows()
    assert again.due_review() == pr.progress.due_review()


def test_a_game_in_progress(store):
    me = store.learner(store.new_learner("Gold Lynx"))
    assert store.game(me.code) is None
    store.save_game(me.code, {"setup": {"seed": 4}, "moves": []})
    store.save_game(me.code, {"setup": {"seed": 4}, "moves": ["3-4"]})
    assert store.game(me.code) == {"setup": {"seed": 4}, "moves": ["3-4"]}
    store.clear_game(me.code)
    assert store.game(me.code) is None


def test_a_live_lesson(store):
    keys = store.create_class("Room 4")
    kids = [store.learner(store.join(keys.code, n)) for n in ("Blue Fox", "Red Panda", "Gold Lynx")]
    loner = store.learner(store.new_learner("Pink Seal"))
    assert store.lesson(keys.code) is None and store.join_lesson(kids[0].code) is None
    with pytest.raises(PermissionError):
        store.start_lesson(keys.code, "nope")
    store.start_lesson(keys.code, keys.teacher_key)
    assert store.join_lesson(loner.code) is None
    for k in kids[:2]:
        assert store.join_lesson(k.code).round == 0
    assert not store.live_answer(kids[0].code, 0, "5", True, None)  # no puzzle yet
    r1 = store.show_puzzle(keys.code, keys.teacher_key, "CQT6-QX36")
    assert r1 == 1 and store.lesson(keys.code).puzzle_code == "CQT6-QX36"
    assert store.live_answer(kids[0].code, 1, "12", False, "missed-end")
    assert not store.live_answer(kids[0].code, 1, "15", True, None)  # one answer each
    assert store.my_live_answer(kids[0].code, 1) == ("12", False, "missed-end")
    store.set_locked(keys.code, keys.teacher_key, True)
    assert not store.live_answer(kids[1].code, 1, "15", True, None)
    store.set_locked(keys.code, keys.teacher_key, False)
    assert store.live_answer(kids[1].code, 1, "15", True, None)
    assert store.live_answer(kids[2].code, 1, "15", True, None)  # answering joins too
    t = store.tally(keys.code)
    assert (t.joined, t.answered) == (3, 3)
    assert sorted(t.answers) == [("12", False, "missed-end", 1), ("15", True, None, 2)]
    store.set_revealed(keys.code, keys.teacher_key, True)
    assert store.lesson(keys.code).revealed and store.lesson(keys.code).locked
    assert store.show_puzzle(keys.code, keys.teacher_key, "HX7K-3MPA") == 2
    assert not store.live_answer(kids[0].code, 1, "15", True, None)  # an old round
    assert store.tally(keys.code).answered == 0
    store.end_lesson(keys.code, keys.teacher_key)
    assert store.lesson(keys.code) is None and store.tally(keys.code).answered == 0
    again = store.start_lesson(keys.code, keys.teacher_key)
    assert (again.lesson, again.round) == (2, 0)


def test_two_stores_on_one_database_and_migrations_twice(url):
    a, b = open_store(url), open_store(url)
    me = a.learner(a.new_learner("Blue Fox"))
    b.record(me.code, attempt())
    assert a.attempts(me.code) == [attempt()]
    # the migrated schema is the one the code describes
    tables = set(inspect(a.engine).get_table_names()) - {"alembic_version"}
    assert tables == set(metadata.tables)
    for t in metadata.tables.values():
        got = {c["name"] for c in inspect(a.engine).get_columns(t.name)}
        assert got == {c.name for c in t.columns}, t.name
    a.engine.dispose()
    b.engine.dispose()


def test_default_url(monkeypatch):
    monkeypatch.delenv("FIVES_DATABASE_URL", raising=False)
    assert default_url().startswith("sqlite:///") and default_url().endswith(os.path.join("data", "fives.db"))
    monkeypatch.setenv("FIVES_DATABASE_URL", "postgresql+psycopg://fives@db:5432/fives")
    assert default_url() == "postgresql+psycopg://fives@db:5432/fives"


@pytest.mark.parametrize("text, reason", [
    ("", "Pick"), ("x", "at least"), ("A" * 21, "long"), ("12 34", "letters"), ("http://x.y", "letters, numbers"),
    ("Poo Head", "kinder"), ("sh1t", "kinder"), ("<script>", "letters, numbers"), ("Bob\u202e", "letters, numbers"),
])
def test_nicknames_that_do_not_pass(text, reason):
    with pytest.raises(StoreError, match=reason):
        check_nickname(text)


def test_suggested_nicknames_pass():
    names = suggest(random.Random(1), count=50)
    assert len(set(names)) == 50
    assert all(check_nickname(n) == n for n in names)
    assert check_nickname("Zoë O'Neil") == "Zoë O'Neil" and check_nickname("Class-mate 7") == "Class-mate 7"


@pytest.mark.parametrize("name", ["مرحبا", "שלום דן", "Дима", "明美", "नमस्ते", "Ngọc Ánh", "Ο Νίκος 7", "ÅsaØ"])
def test_nicknames_take_letters_of_every_script(store, name):
    keys = store.create_class("Room 4")
    assert check_nickname(name) == name
    assert store.learner(store.join(keys.code, name)).nickname == name


@pytest.mark.parametrize("text", [
    "Fox מרים",  # left-to-right and right-to-left letters mixed: a teacher could read another order
    "Bob\u202eFox", "Bo\u200db", "Bo\u2066b",  # direction overrides and isolates, joiners: invisible
    "e\u0301\u0301\u0301\u0301x",  # a stack of accents
    "\u0301ab", "Bob😀", "Bo_b", "٫٫٫",  # a mark with no letter, a picture, punctuation
])
def test_nicknames_still_refuse_tricks_in_any_script(text):
    with pytest.raises(StoreError, match="letters, numbers and spaces"):
        check_nickname(text)


def test_codes_catch_typos():
    code = new_learner_code()
    assert normalise(code) == code
    plain = code.replace("-", "")
    for i in range(8):
        for ch in "ACDEFGHJKMNPQRTWXY34679":
            typo = plain[:i] + ch + plain[i + 1:]
            if typo != plain:
                assert normalise(typo) is None, typo


WRITER = """
import sys
from trainer.learning.progress import Attempt
from trainer.store import open_store
store = open_store(sys.argv[1])
me, tag, log = sys.argv[2], sys.argv[3], open(sys.argv[4], "a")
for i in range(100000):
    store.record(me, Attempt("open-total", "muggins", 1, True, 1.0, f"{tag}-{i}"))
    log.write(f"{i}\\n")
    log.flush()
"""


def test_answers_survive_writers_killed_mid_way(url, tmp_path):
    """Writers record answers in a loop and are killed (SIGKILL) mid-way: every answer whose
    ``record`` had returned is in the store."""
    store = open_store(url)
    learners = [store.learner(store.new_learner(f"Writer {i}")) for i in range(3)]
    env = dict(os.environ, PYTHONPATH=ROOT)
    logs = [tmp_path / f"writer{i}.log" for i in range(3)]
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, url, me.code, f"w{i}", str(logs[i])], env=env)
             for i, me in enumerate(learners)]

    def written(path) -> int:
        return path.read_text().count("\n") if path.exists() else 0

    # kill them once each has recorded a good number (however slowly a busy machine starts them)
    deadline = time.time() + 90
    while time.time() < deadline and min(written(p) for p in logs) < 30:
        time.sleep(0.1)
    for p in procs:
        p.send_signal(signal.SIGKILL)
    for i, (p, me) in enumerate(zip(procs, learners)):
        p.wait(timeout=30)
        returned = [int(line) for line in logs[i].read_text().split()]
        assert len(returned) >= 30, "a writer recorded too little before the deadline"
        kept = {a.code for a in store.attempts(me.code)}
        assert {f"w{i}-{n}" for n in returned} <= kept
        assert len(kept) <= len(returned) + 1  # at most the one in flight when it was killed
    store.engine.dispose()


# ----- class codes, names, joining -----

def old_class_code(rng: random.Random) -> str:
    """A class code of the first kind: five random characters and a check character."""
    body = "".join(rng.choice(ALPHABET) for _ in range(5))
    plain = body + codes._check(body)
    return f"{plain[:3]}-{plain[3:]}"


def test_class_codes_old_and_new_open_their_classes(store):
    keys = store.create_class("Room 4")
    assert len(keys.code) == 11 and keys.code[3] == keys.code[7] == "-" and normalise(keys.code) is None
    old = old_class_code(random.Random(4))
    with store.engine.begin() as conn:
        conn.execute(insert(classes).values(code=old, name="Room 1", key_hash=_hash("old key"), created=1.0))
    for code, name, key in ((keys.code, "Room 4", keys.teacher_key), (old, "Room 1", "old key")):
        for typed in (code, code.lower(), code.replace("-", ""), " ".join(code.replace("-", "")), f" {code} "):
            assert store.class_name(typed) == name
            assert store.check_teacher(typed, key)
        me = store.learner(store.join(code.lower().replace("-", " "), "Blue Fox"))
        assert me.class_code == code
        assert [r.nickname for r in store.class_report(code, key)] == ["Blue Fox"]
        store.start_lesson(code, key)
        assert store.lesson(code.lower()).round == 0


def test_typed_class_codes_are_normalised():
    code = new_class_code()
    plain = code.replace("-", "")
    assert normalise_class(plain.lower()) == code and normalise_class(" - ".join(plain)) == code
    assert normalise_class("eng 6xt") == "ENG-6XT" == normalise_class("E-N-G-6-X-T")
    for junk in ("", "eng 6x", "eng 6xtt", "ENG-6XU", None, 7, "A" * 500, code + "A", "ÉNG-6XT"):
        assert normalise_class(junk) is None
    for i in range(9):  # any one character changed is caught
        for ch in ALPHABET:
            typo = plain[:i] + ch + plain[i + 1:]
            if typo != plain:
                assert normalise_class(typo) is None, typo


@given(st.text(max_size=30), st.sampled_from([5, 8]), st.randoms(use_true_random=False))
@settings(max_examples=300, deadline=None)
def test_any_text_is_a_class_code_or_none(text, length, rng):
    got = normalise_class(text)
    assert got is None or normalise_class(got) == got
    body = "".join(rng.choice(ALPHABET) for _ in range(length))
    plain = body + codes._check(body)
    canonical = normalise_class(plain)
    assert canonical is not None and canonical.replace("-", "") == plain
    typed = "".join(rng.choice(["", " ", "-"]) + (ch.lower() if rng.random() < 0.5 else ch) for ch in plain)
    assert normalise_class(typed) == canonical


def test_join_checks_the_nickname_before_the_class_code(store):
    keys = store.create_class("Room 4")
    said = set()
    for code in (keys.code, new_class_code(), "KQ7-MXR-4PX"):
        with pytest.raises(StoreError) as err:
            store.join(code, "x")
        said.add(str(err.value))
    assert said == {"A nickname needs at least 2 letters."}
    typo = keys.code[:-1] + next(ch for ch in ALPHABET if ch != keys.code[-1])
    for wrong in (typo, new_class_code(), old_class_code(random.Random(1))):
        with pytest.raises(StoreError) as err:
            store.join(wrong, "Blue Fox")
        assert str(err.value) == "There is no class with that code. Check the code on the board."


HIDDEN = ["\x00", "\u202e", "\u200b", "\n", "\t", "\x7f", "\u2028", "\u2029", "\ue000", "\ud800", "\u0378", "\ufeff"]
KEPT = [("O'Neil Fox", "O'Neil Fox"), ("$x^2$", "$x^2$"), (":smile:", ":smile:"), ("  Room  4 ", "Room  4"),
        ("<b>6B</b> & co", "<b>6B</b> & co"), ("Zoë's 5°", "Zoë's 5°"), ("\u00a0Room 4\u3000", "Room 4")]


def test_names_with_hidden_characters_are_refused_and_the_rest_kept_as_typed(store):
    keys = store.create_class("Room 4")
    for ch in HIDDEN:  # NUL, right-to-left override, zero-width space, controls, separators, …
        for name in (f"Room{ch}4", f"{ch}Room 4", f"Room 4{ch}"):
            with pytest.raises(StoreError, match="letters, numbers and spaces"):
                store.create_class(name)
            with pytest.raises(StoreError, match="letters, numbers and spaces"):
                store.join(keys.code, name.replace("Room", "Blue Fox"))
    assert store.row_counts()["classes"] == 1 and store.row_counts()["learners"] == 0
    for typed, kept in KEPT:
        assert store.class_name(store.create_class(typed).code) == kept
    for typed in ("", "   ", "x" * 61, None):
        with pytest.raises(StoreError):
            store.create_class(typed)


@given(st.text(max_size=70))
@settings(max_examples=200, deadline=None)
def test_any_class_name_is_kept_exactly_or_refused_kindly(text):
    try:
        name = check_class_name(text)
    except StoreError as err:
        assert str(err) and "Traceback" not in str(err)
        return
    assert name == strip_spaces(text) and not has_hidden(name) and 0 < len(name) <= 60


# ----- answers with a uid; learners who are gone -----

def test_an_answer_with_a_uid_is_kept_once(store):
    me = store.new_learner("Blue Fox")
    store.record(me, attempt(0), uid="u0")
    store.record(me, attempt(0), uid="u0")  # sent again after an outage
    store.record_many(me, [attempt(0), attempt(1), attempt(2)], uids=["u0", "u1", "u2"])
    store.record_many(me, [attempt(1), attempt(3), attempt(3)], uids=["u1", "u3", "u3"])
    store.record(me, attempt(4))
    store.record(me, attempt(4))  # no uid: kept each time, as before
    assert store.attempts(me) == [attempt(0), attempt(1), attempt(2), attempt(3), attempt(4), attempt(4)]
    other = store.new_learner("Red Panda")
    store.record(other, attempt(5), uid="u0")  # a uid is the learner's own
    assert store.attempts(other) == [attempt(5)]
    with pytest.raises(ValueError):
        store.record_many(me, [attempt(1)], uids=["a", "b"])
    with pytest.raises(ValueError):
        store.record(me, attempt(1), uid="x" * 41)


def test_an_outbox_sent_again_and_again_keeps_each_answer_once_in_order(store):
    me = store.new_learner("Blue Fox")
    outbox = [(f"uid-{i}", attempt(i)) for i in range(12)]
    rng = random.Random(5)
    for _ in range(6):  # each try got some of the answers through before the outcome was lost
        cut = rng.randrange(len(outbox) + 1)
        store.record_many(me, [a for _, a in outbox[:cut]], uids=[u for u, _ in outbox[:cut]])
        for u, a in outbox[:cut]:
            store.record(me, a, uid=u)
    store.record_many(me, [a for _, a in outbox], uids=[u for u, _ in outbox])
    assert store.attempts(me) == [a for _, a in outbox]


def test_a_removed_learner_is_told_kindly(store):
    keys = store.create_class("Room 4")
    other = store.create_class("Room 5")
    a, b = store.join(keys.code, "Blue Fox"), store.join(keys.code, "Red Panda")
    store.start_lesson(keys.code, keys.teacher_key)
    rnd = store.show_puzzle(keys.code, keys.teacher_key, "CQT6-QX36")
    store.remove_learner(keys.code, keys.teacher_key, a)
    store.delete_class(keys.code, keys.teacher_key)
    calls = [("record", (attempt(),), {}), ("record", (attempt(),), {"uid": "u"}), ("record_many", ([attempt()],), {}),
             ("save_game", ({"moves": []},), {}), ("live_answer", (rnd, "12", False, None), {}),
             ("move_to_class", (other.code,), {})]
    for gone in (a, b, new_learner_code(), "banana"):
        for name, args, kw in calls:
            with pytest.raises(LearnerGone, match="no longer in use"):
                getattr(store, name)(gone, *args, **kw)
    assert store.row_counts()["attempts"] == 0 and store.row_counts()["games"] == 0


def test_an_old_database_is_upgraded(url):
    engine = create_engine(url)
    with engine.begin() as conn:
        command.upgrade(migrations(conn), "0001")
    old, me = old_class_code(random.Random(2)), new_learner_code()
    row = {k: v for k, v in _attempt_row(me, attempt(), 1.0).items() if k not in ("uid", "traps")}  # (later)
    with engine.begin() as conn:
        conn.execute(insert(classes).values(code=old, name="Room 1", key_hash=_hash("old key"), created=1.0))
        conn.execute(insert(learners).values(code=me, nickname="Blue Fox", class_code=old, created=1.0))
        conn.execute(insert(attempts).values(row))
    engine.dispose()
    store = open_store(url)
    assert store.attempts(me) == [attempt()] and store.class_name(old.replace("-", "")) == "Room 1"
    assert store.attempts(me)[0].traps == code_traps("open-total", "muggins", "CQT6-QX36")  # filled in, once
    store.record(me, attempt(1), uid="u1")
    store.record(me, attempt(1), uid="u1")
    with store.engine.connect() as conn:
        assert [r.uid for r in conn.execute(select(attempts.c.uid).order_by(attempts.c.id))] == [None, "u1"]
    new = store.create_class("Room 2")
    assert store.learner(store.join(new.code, "Red Panda")).class_code == new.code
    store.engine.dispose()


def test_sprint_answers_are_kept_in_order_once_and_go_with_their_learner(store):
    keys = store.create_class("Room 2")
    me = store.join(keys.code, "Coral Seal")
    first = [SprintAnswer("make10:3", True, 2.0, 10.0, 4.0), SprintAnswer("near:13", False, 5.5, 11.0, 4.0)]
    store.record_sprint(me, first, uids=["a1", "a2"])
    store.record_sprint(me, [*first, SprintAnswer("is5:35", True, 1.0, 12.0, 3.0)], uids=["a1", "a2", "a3"])
    got = store.sprint_answers(me)
    assert [a.fact for a in got] == ["make10:3", "near:13", "is5:35"] and got[1] == first[1]
    assert store.sprint_answers("nonsense") == []
    store.remove_learner(keys.code, keys.teacher_key, me)
    assert store.row_counts()["sprint_answers"] == 0
    with pytest.raises(LearnerGone):
        store.record_sprint(me, first)



# ----- decisions in real games -----

def decision(i: int, at: float = 1.0) -> Decision:
    return Decision(f"g{i}", at + i, "muggins", "muggins", "3-4 4-4>3-4", ("1-4", "2-3", "4-6"),
                    (("1-4>4-4", 0), ("2-3>3-4", 2), ("4-6>4-4", 0)), ("4-6>4-4", "2-3>3-4")[i % 2], 2 * (i % 2), 2)


def test_decisions_are_kept_in_order_once_and_go_with_their_learner(store):
    keys = store.create_class("Room 3")
    me = store.join(keys.code, "Coral Seal")
    other = store.join(keys.code, "Red Panda")
    first = [decision(i) for i in range(3)]
    store.record_decisions(me, first)
    store.record_decisions(me, [*first, decision(3)])  # an outbox sent again
    store.record_decision(other, decision(0))
    assert store.decisions(me) == [*first, decision(3)] and store.decisions("nonsense") == []
    by_child = store.class_decisions(keys.code, keys.teacher_key)
    assert by_child == {me: [*first, decision(3)], other: [decision(0)]}
    with pytest.raises(PermissionError):
        store.class_decisions(keys.code, "wrong")
    store.remove_learner(keys.code, keys.teacher_key, me)
    assert store.row_counts()["decisions"] == 1
    with pytest.raises(LearnerGone):
        store.record_decisions(me, first)


def test_puzzles_from_games_have_long_codes_that_the_store_keeps(store):
    code = decision(0).puzzle().code
    assert len(code) > 12
    me = store.learner(store.new_learner("Blue Fox")).code
    a = attempt(1, code=code, origin=code, review=ReviewMode.GAME)
    store.record(me, a, uid="long")
    assert store.attempts(me) == [a]
    practised = store.game_puzzles_practised(me)
    assert list(practised) == [code] and practised[code] > 0
    keys = store.create_class("Room 9")
    store.start_lesson(keys.code, keys.teacher_key)
    store.show_puzzle(keys.code, keys.teacher_key, code)
    assert store.lesson(keys.code).puzzle_code == code


DECIDER = """
import sys
from trainer.store import open_store
from trainer.learning.transfer import Decision
store = open_store(sys.argv[1])
me, log = sys.argv[2], open(sys.argv[3], "a")
for i in range(100000):
    d = Decision(f"k{i}", float(i), "muggins", "muggins", "3-4", ("4-6",), (("4-6>3-4", 0),), "4-6>3-4", 0, 0)
    store.record_decision(me, d)
    log.write(f"{i}\\n")
    log.flush()
"""


def test_decisions_survive_a_writer_killed_mid_way(url, tmp_path):
    """A writer keeps decisions in a loop and is killed (SIGKILL): every one whose write returned is kept,
    once; sent again, none is doubled."""
    store = open_store(url)
    me = store.new_learner("Writer")
    log = tmp_path / "decider.log"
    proc = subprocess.Popen([sys.executable, "-c", DECIDER, url, me, str(log)], env=dict(os.environ, PYTHONPATH=ROOT))
    deadline = time.time() + 90
    while time.time() < deadline and (not log.exists() or log.read_text().count("\n") < 30):
        time.sleep(0.1)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    returned = [int(line) for line in log.read_text().split()]
    assert len(returned) >= 30
    kept = [d.uid for d in store.decisions(me)]
    assert {f"k{n}" for n in returned} <= set(kept) and len(kept) == len(set(kept)) <= len(returned) + 1
    again = [Decision(f"k{n}", float(n), "muggins", "muggins", "3-4", ("4-6",), (("4-6>3-4", 0),), "4-6>3-4", 0, 0)
             for n in returned]
    store.record_decisions(me, again)
    assert [d.uid for d in store.decisions(me)] == kept
    store.engine.dispose()
