"""The live lesson's lobby and countdown: in the store (SQLite and a real PostgreSQL), and under AppTest
(the projector's lobby, children joining from the join link, Start, a countdown that locks answers by
the store's clock, and the chime the teacher can switch off)."""

from __future__ import annotations

import time

import pytest
from alembic import command
from apptest import app, make_class, texts
from sqlalchemy import create_engine, insert

from puzzles import generate
from trainer import words
from trainer.store import open_store
from trainer.store.lobby import LATE_GRACE
from trainer.store.opening import migrations
from trainer.store.schema import classes, lessons
from trainer.store.values import DELIVERY_ALLOWANCE
from trainer.web import session as session_module


class Clock:
    """The store's clock, moved by the test."""

    def __init__(self) -> None:
        self.t = time.time()

    def __call__(self) -> float:
        return self.t


# ----- the store -----

def test_a_lesson_waits_in_its_lobby_and_each_puzzle_gets_its_time(url):
    clock = Clock()
    s = open_store(url, clock=clock)
    keys = s.create_class("Room 4")
    fox, owl = (s.join(keys.code, n) for n in ("Blue Fox", "Misty Owl"))
    state = s.start_lesson(keys.code, keys.teacher_key, lobby=True)
    assert not state.begun and state.countdown == 0 and state.sound and state.deadline is None
    s.join_lesson(owl)
    clock.t += 1
    s.join_lesson(fox)
    s.join_lesson(owl)  # a second device of the same child: listed once
    assert s.lesson_nicknames(keys.code, keys.teacher_key) == ["Misty Owl", "Blue Fox"]
    with pytest.raises(PermissionError):
        s.lesson_nicknames(keys.code, "not the key")
    with pytest.raises(ValueError):
        s.set_countdown(keys.code, keys.teacher_key, 15)
    assert s.set_countdown(keys.code, keys.teacher_key, 10) and s.set_sound(keys.code, keys.teacher_key, False)
    assert s.begin_lesson(keys.code, keys.teacher_key) and s.lesson(keys.code).begun
    r = s.show_puzzle(keys.code, keys.teacher_key, "CQT6-QX36")
    assert s.saw_puzzle(owl, r) == s.saw_puzzle(fox, r) == pytest.approx(clock.t + 10)  # both tablets have it
    lesson = s.lesson(keys.code)
    assert lesson.deadline == pytest.approx(clock.t + 10) and lesson.seconds_left(clock.t) == pytest.approx(10)
    clock.t += 10 + LATE_GRACE / 2  # just after the end, within the network's moment
    assert lesson.time_up(clock.t) and s.live_answer(owl, r, "5", True, None)
    clock.t += LATE_GRACE
    assert not s.live_answer(fox, r, "5", True, None)  # too late: not kept
    assert s.tally(keys.code).answered == 1
    s.set_locked(keys.code, keys.teacher_key, False)  # the teacher gives more time: no countdown now
    assert s.lesson(keys.code).deadline is None and s.live_answer(fox, r, "5", True, None)
    s.set_countdown(keys.code, keys.teacher_key, 0)
    s.show_puzzle(keys.code, keys.teacher_key, "HX7K-3MPA")
    assert s.lesson(keys.code).deadline is None
    # the next lesson keeps the teacher's choices; a lesson without a lobby begins at once
    s.set_countdown(keys.code, keys.teacher_key, 30)
    again = s.start_lesson(keys.code, keys.teacher_key)
    assert again.begun and again.countdown == 30 and not again.sound and again.round == 0
    assert s.lesson_nicknames(keys.code, keys.teacher_key) == []
    s.end_lesson(keys.code, keys.teacher_key)
    assert not s.begin_lesson(keys.code, keys.teacher_key) and s.lesson_nicknames(keys.code, keys.teacher_key) == []
    s.engine.dispose()


def test_each_tablet_s_time_starts_when_the_puzzle_is_on_its_screen(url):
    """On a busy machine a tablet shows the puzzle seconds after the projector: its time counts from then
    (up to an allowance), the store refuses an answer after that tablet's own time, and the projector's
    "Time's up!" waits for the last tablet."""
    clock = Clock()
    s = open_store(url, clock=clock)
    keys = s.create_class("Room 4")
    owl, fox, lynx = (s.join(keys.code, n) for n in ("Misty Owl", "Blue Fox", "Gold Lynx"))
    s.start_lesson(keys.code, keys.teacher_key, lobby=True)
    for child in (owl, fox, lynx):
        s.join_lesson(child)
    s.set_countdown(keys.code, keys.teacher_key, 10)
    r = s.show_puzzle(keys.code, keys.teacher_key, "CQT6-QX36")
    shown = clock.t
    assert s.lesson(keys.code).shown == pytest.approx(shown)
    clock.t = shown + 1.9
    assert s.saw_puzzle(owl, r) == pytest.approx(shown + 11.9)
    clock.t = shown + 7.8  # the slowest tablet the teacher saw: 7.8 s late
    assert s.saw_puzzle(fox, r) == pytest.approx(shown + 17.8)
    clock.t = shown + 8.5
    assert s.saw_puzzle(fox, r) == pytest.approx(shown + 17.8)  # a redraw does not start it again
    clock.t = shown + 13.0  # the projector's ring is over, the last tablets' are not
    assert not s.lesson(keys.code).time_up(clock.t)
    assert not s.live_answer(owl, r, "5", True, None)  # past Misty Owl's own time and its grace
    clock.t = shown + 15.0
    assert s.live_answer(fox, r, "5", True, None)  # 7.2 s after it reached Blue Fox's screen: kept
    # a tablet the puzzle reaches very late still starts no later than the allowance after the projector
    clock.t = shown + DELIVERY_ALLOWANCE + 12.0
    assert s.saw_puzzle(lynx, r) == pytest.approx(shown + DELIVERY_ALLOWANCE + 10)
    assert not s.live_answer(lynx, r, "5", True, None)
    lesson = s.lesson(keys.code)
    assert lesson.ends == pytest.approx(shown + DELIVERY_ALLOWANCE + 10) and lesson.time_up(clock.t)
    assert s.tally(keys.code).answered == 1
    assert s.saw_puzzle(owl, r + 1) is None  # no such round
    s.engine.dispose()


def test_a_lesson_open_before_the_lobby_existed_goes_on(url):
    engine = create_engine(url)
    with engine.begin() as conn:
        command.upgrade(migrations(conn), "0005")
    old = {c.name for c in lessons.columns} - {"begun", "countdown", "deadline", "sound"}
    with engine.begin() as conn:
        conn.execute(insert(classes).values(code="F99-77C-A6M", name="Room 1", key_hash="x" * 64, created=1.0))
        conn.execute(insert(lessons).values(
            {k: v for k, v in dict(class_code="F99-77C-A6M", lesson=1, round=2, puzzle_code="CQT6-QX36", locked=False,
                                   revealed=False, open=True, started=1.0).items() if k in old}))
    engine.dispose()
    s = open_store(url)
    lesson = s.lesson("F99-77C-A6M")
    assert lesson.begun and lesson.round == 2 and lesson.countdown == 0 and lesson.deadline is None and lesson.sound
    s.engine.dispose()


# ----- the pages -----

def projector_lobby(teacher, p):
    """The teacher's projector with puzzle ``p``, a live lesson started: its lobby."""
    teacher.switch_page("views/projector.py").run()
    teacher.query_params["code"] = p.code
    teacher.run()
    teacher.button(key="pj_live_start").click().run()
    assert not teacher.exception, teacher.exception


def child_joins(code: str, nickname: str):
    """A child opens the join link (the QR code's address) and joins with a typed nickname."""
    child = app(page="live", join=code)
    assert "Join the live lesson" in texts(child) and code in texts(child) and child.button(key="live_join")
    child.text_input(key="live_typed").set_value(nickname).run()
    child.button(key="live_join").click().run()
    assert not child.exception, child.exception
    return child


def shown(at) -> str:
    return " ".join(m.value for m in at.markdown).replace("<b>", "").replace("</b>", "")


def html(at) -> str:
    return " ".join(h.proto.body for h in at.get("html"))


def chimes(at) -> list:
    return [c for c in at.get("bidi_component") if "chime" in str(getattr(c, "proto", ""))]


def test_the_lobby_lists_the_children_as_they_join_and_start_sends_the_first_puzzle(store):
    teacher, code, key = make_class("Room 5")
    p = generate("open-total", stage="muggins", level=1, seed=31)
    projector_lobby(teacher, p)
    lesson = store.lesson(code)
    assert not lesson.begun and lesson.round == 0  # no puzzle before Start
    page = shown(teacher)
    assert code in page and "Go to" in page and "0 children here" in page and "Nobody here yet" in page
    qr = next(m.value for m in teacher.markdown if "lobby-qr" in m.value)
    assert f"/live?join={code}" in qr and 'alt="QR code' in qr and "data:image/svg+xml" in qr
    assert p.question not in page

    kids = [child_joins(code, name) for name in ("Misty Owl", "Gold Lynx", "Red Panda")]
    for kid, name in zip(kids, ("Misty Owl", "Gold Lynx", "Red Panda")):
        assert kid.session_state["me"].nickname == name and kid.session_state["me"].class_code == code
        assert f"You're in, {name}!" in shown(kid) and "Waiting for your teacher to start" in shown(kid)
        assert "join" not in kid.query_params and p.question not in texts(kid)
    teacher.run()
    page = shown(teacher)
    assert "3 children here" in page
    assert page.index("Misty Owl") < page.index("Gold Lynx") < page.index("Red Panda")

    teacher.button(key="pj_lobby_go").click().run()
    assert not teacher.exception, teacher.exception
    lesson = store.lesson(code)
    assert lesson.begun and lesson.round == 1 and lesson.puzzle_code == p.code and lesson.deadline is None
    assert "0 of 3 answered" in shown(teacher) and "Red Panda" not in shown(teacher)
    for kid in kids:
        kid.run()
        assert p.question in texts(kid) and "countdown" not in html(kid)  # no countdown: off by default


def test_a_join_link_that_opens_no_class_says_so_kindly_on_join():
    at = app(page="live", join="NOPE-NOPE")
    assert "Join the live lesson" in texts(at) and "NOPE-NOPE" in texts(at)
    at.text_input(key="live_typed").set_value("Pink Seal").run()
    at.button(key="live_join").click().run()
    assert not at.exception and "me" not in at.session_state and at.button(key="live_join")
    assert "class code" in texts(at).lower()  # the store's own words for a code that opens no class
    at = app(page="live", join=make_class("Room 6")[1])
    at.button(key="live_join").click().run()  # no nickname picked or typed
    assert not at.exception and "me" not in at.session_state and "nickname" in texts(at).lower()


def test_a_countdown_locks_answers_by_the_stores_clock_and_the_chime_follows_the_switch(monkeypatch):
    clock = Clock()
    s = open_store(clock=clock)
    monkeypatch.setattr(session_module, "store", lambda: s)
    teacher, code, key = make_class("Room 7")
    p = generate("open-total", stage="muggins", level=1, seed=33)
    projector_lobby(teacher, p)
    quick, slow = child_joins(code, "Sunny Otter"), child_joins(code, "Teal Heron")
    teacher.segmented_control(key="pj_lobby_countdown").set_value(10).run()
    assert s.lesson(code).countdown == 10 and teacher.toggle(key="pj_lobby_sound").value
    teacher.button(key="pj_lobby_go").click().run()
    assert 'data-left="10"' in html(teacher) and not chimes(teacher)  # the ring on the big screen
    tag = f"{s.lesson(code).lesson}-{s.lesson(code).round}"
    for kid in (quick, slow):
        kid.run()
        assert 'data-testid="countdown"' in html(kid) and 'data-left="10"' in html(kid)
    clock.t += 4
    quick.text_input(key=f"live-n-{tag}").set_value(str(p.answer))
    quick.form_submit_button[0].click().run()
    assert "look at the big screen" in texts(quick)

    clock.t += 6 + LATE_GRACE + 0.5  # the slow child's page still shows the box: the store decides
    slow.text_input(key=f"live-n-{tag}").set_value(str(p.answer))
    slow.form_submit_button[0].click().run()
    assert not slow.exception
    assert "doesn't count" in texts(slow) and "Time's up for this one" in texts(slow)
    assert not slow.text_input and s.tally(code).answered == 1
    assert slow.session_state["practice"].progress.answered == 0  # not counted as practice either
    teacher.run()
    assert "Time's up!" in shown(teacher) and "countdown" not in html(teacher) and len(chimes(teacher)) == 1
    assert "1 of 2 answered" in shown(teacher)

    # the sound off: the next end of time is silent; the countdown is chosen in the side panel too
    teacher.toggle(key="pj_sound").set_value(False).run()
    teacher.segmented_control(key="pj_countdown").set_value(20).run()
    assert not s.lesson(code).sound and s.lesson(code).countdown == 20
    teacher.button(key="next").click().run()
    assert 'data-left="20"' in html(teacher)
    teacher.button(key="pj_lock").click().run()  # answers stopped by hand: the ring goes
    assert "countdown" not in html(teacher) and s.lesson(code).locked
    teacher.button(key="pj_unlock").click().run()
    teacher.button(key="next").click().run()
    assert 'data-left="20"' in html(teacher)
    for kid in (quick, slow):  # each tablet's time starts when the puzzle is on its screen
        kid.run()
    clock.t += 21
    teacher.run()
    assert "Time's up!" in shown(teacher) and not chimes(teacher)
    teacher.button(key="pj_unlock").click().run()  # more time: answering opens again, with no countdown
    assert s.lesson(code).deadline is None and "Time's up!" not in shown(teacher)
    slow.run()
    assert slow.text_input and "Time's up" not in texts(slow)


def test_start_on_a_revealed_puzzle_begins_with_a_fresh_one_and_a_late_joiner_gets_it(store):
    teacher, code, key = make_class("Room 8")
    p = generate("open-total", stage="muggins", level=1, seed=35)
    teacher.switch_page("views/projector.py").run()
    teacher.query_params["code"] = p.code
    teacher.run()
    teacher.button(key="reveal").click().run()  # the answer is showing when the lesson starts
    teacher.button(key="pj_live_start").click().run()
    assert "Join the lesson!" in shown(teacher) and not store.lesson(code).begun
    teacher.button(key="pj_lobby_go").click().run()
    lesson = store.lesson(code)
    assert lesson.begun and lesson.round == 1 and lesson.puzzle_code != p.code and not lesson.revealed
    assert teacher.button(key="reveal").proto.disabled is False
    late = child_joins(code, "Coral Robin")  # after Start: straight to the puzzle under way
    assert store.lesson_nicknames(code, key) == ["Coral Robin"]
    assert teacher.session_state["projector"].puzzle.question in texts(late)


def test_the_lobby_and_the_waiting_screen_in_spanish(store):
    keys = store.create_class("Aula 2")
    code = keys.code
    teacher = app(page="teacher", lang="es")
    teacher.text_input(key="t_code").set_value(code).run()
    teacher.text_input(key="t_key").set_value(keys.teacher_key).run()
    teacher.button(key="t_open").click().run()
    teacher.switch_page("views/projector.py").run()
    with words.speaking("es"):  # the widgets' values are said as the page says them
        teacher.button(key="pj_live_start").click().run()
    assert not teacher.exception, teacher.exception
    child = app(page="live", join=code, lang="es")
    assert "Unirme a la clase en vivo" in shown(child)
    child.text_input(key="live_typed").set_value("Zorro Azul").run()
    child.button(key="live_join").click().run()
    assert "¡Ya estás dentro, Zorro Azul!" in shown(child) and "Esperando a que tu maestro empiece" in shown(child)
    with words.speaking("es"):
        teacher.run()
    page = shown(teacher)
    assert "¡Únete a la clase!" in page and "1 niño aquí" in page and "Zorro Azul" in page
    assert teacher.segmented_control(key="pj_lobby_countdown").label == "Tiempo para cada reto"


def test_the_teacher_types_the_address_the_tablets_use_and_the_qr_code_follows(store):
    teacher, code, key = make_class("Room 9")
    projector_lobby(teacher, generate("open-total", stage="muggins", level=1, seed=37))
    assert "works only on this computer" in texts(teacher)  # AppTest's page is on localhost
    teacher.text_input(key="pj_lobby_base").set_value("school.example").run()
    assert "must start with http://" in texts(teacher) and "localhost:8501/live" in shown(teacher)
    teacher.text_input(key="pj_lobby_base").set_value("http://192.168.1.20:8501/").run()
    qr = next(m.value for m in teacher.markdown if "lobby-qr" in m.value)
    assert f'data-link="http://192.168.1.20:8501/live?join={code}"' in qr and "192.168.1.20:8501/live" in shown(teacher)
    # a reload of the projector in the lobby goes back to the lobby, and nothing has gone to the devices
    again = app(page="projector")
    again.session_state["session"].teacher = (code, key)
    again.run()
    again.button(key="pj_live_resume").click().run()
    assert not again.exception and "Join the lesson!" in shown(again) and store.lesson(code).round == 0
    # the typed address stays for the class's next lesson
    teacher.button(key="pj_lobby_go").click().run()
    teacher.button(key="pj_live_end").click().run()
    teacher.button(key="pj_live_start").click().run()
    assert "192.168.1.20:8501/live" in shown(teacher) and "works only on this computer" not in texts(teacher)
