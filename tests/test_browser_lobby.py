"""The live lesson's lobby in real browsers: a teacher opens the lobby on the projector, three children
join from their own browsers with the join link (the QR code's address) and their nicknames, the
projector lists all three, the teacher chooses a 30-second countdown and presses Start, the children see
the first puzzle (a tablet that gets it late gets the whole time, counted from its own screen), and an
answer that reaches the server after that tablet's time is refused kindly (the store decides, not the
child's browser). No step assumes how fast the machine is: the times waited for are read from the store.
Screenshots go to tests/artifacts/ and /tmp/lobby/."""

from __future__ import annotations

import os
import re
import tempfile
import time

import chromium
import pytest
from chromium import shot

from puzzles import generate
from trainer.store import open_store
from trainer.store.lobby import LATE_GRACE

pytestmark = [pytest.mark.browser, chromium.needs_chromium]
PROJECTOR = {"width": 1920, "height": 1080}
TABLET = {"width": 768, "height": 1024}
NAMES = ("Misty Owl", "Gold Lynx", "Red Panda")
PICTURES = "/tmp/lobby"


@pytest.fixture(scope="module")
def world():
    database = f"sqlite:///{tempfile.mkdtemp(prefix='fives-lobby-')}/fives.db"
    store = open_store(database)
    return {"database": database, "store": store}


@pytest.fixture(scope="module")
def database(world):
    return world["database"]


class SlowNetwork:
    """A tablet's connection that holds what it sends: while held, its timed polls are lost and a tap's
    message waits, then arrives late (after the countdown has ended on the server)."""

    def __init__(self) -> None:
        self.held = False
        self.waiting: list = []
        self.server = None

    def route(self, ws) -> None:
        self.server = ws.connect_to_server()
        self.server.on_message(ws.send)
        ws.on_message(self.from_page)

    def from_page(self, message) -> None:
        if not self.held or not isinstance(message, bytes):
            self.server.send(message)
            return
        from streamlit.proto.BackMsg_pb2 import BackMsg

        msg = BackMsg()
        msg.ParseFromString(message)
        if msg.WhichOneof("type") != "rerun_script":
            self.server.send(message)
        elif not msg.rerun_script.is_auto_rerun:  # a tap: it waits
            self.waiting.append(message)

    def release(self) -> None:
        self.held = False
        for message in self.waiting:
            self.server.send(message)
        self.waiting.clear()


def save(page, name: str) -> None:
    os.makedirs(PICTURES, exist_ok=True)
    page.screenshot(path=os.path.join(PICTURES, name))
    shot(page, name)


def join(browser, server: str, code: str, nickname: str, network: SlowNetwork | None = None):
    """A child's own browser opens the join link and joins with a typed nickname: their waiting screen.
    Gold Lynx's tablet asks for reduced motion."""
    motion = "reduce" if nickname == "Gold Lynx" else "no-preference"
    context = browser.new_context(viewport=TABLET, has_touch=True, reduced_motion=motion)
    if network is not None:
        context.route_web_socket("**/_stcore/stream", network.route)
    page = chromium.open_page(context, f"{server}/live?join={code}")
    page.get_by_text("Join the live lesson").first.wait_for(timeout=30000)
    page.get_by_role("textbox", name="Or type your own").fill(nickname)
    page.get_by_role("textbox", name="Or type your own").press("Tab")
    button = page.get_by_role("button", name="Join", exact=True)
    chromium.until_shown(page, lambda: button.click(), page.get_by_text(f"You're in, {nickname}!"))
    page.get_by_text("Waiting for your teacher to start").first.wait_for(timeout=30000)
    return context, page


def until(condition, timeout: float = 30.0) -> None:
    deadline = time.time() + timeout
    while not condition():
        if time.time() > deadline:
            raise AssertionError("the store never got there")
        time.sleep(0.2)


def answer(page, value: int) -> None:
    page.get_by_test_id("stTextInputField").first.fill(str(value))
    page.get_by_role("button", name="Send").click()


def open_lobby(page, name: str) -> None:
    """The projector's Start for the class: its button is drawn once the browser has said which class it
    keeps (a run after the page's first), so it is waited for first, however busy the machine."""
    button = page.get_by_role("button", name=re.compile(f"^Start a (live lesson with {name}|new live lesson)$"))
    button.first.wait_for(timeout=60000)
    chromium.until_shown(page, lambda: button.first.click(), page.get_by_test_id("lobby-code"))


def test_three_children_join_the_lobby_start_sends_the_puzzle_and_a_late_answer_is_refused(browser, server, world):
    store = world["store"]
    keys = store.create_class("Room 4")  # a class of its own: a second try never meets the first one's lesson
    p = generate("open-total", stage="muggins", level=1, seed=41)
    context = browser.new_context(viewport=PROJECTOR)
    teacher = context.new_page()
    chromium.follow_old_teacher_link(teacher, f"{server}/teacher?class={keys.code}&key={keys.teacher_key}",
                                     keys.code)
    chromium.goto(teacher, f"{server}/projector?code={p.code}")
    open_lobby(teacher, "Room 4")
    assert keys.code in teacher.get_by_test_id("lobby-code").inner_text()
    qr = teacher.get_by_test_id("lobby-qr")
    assert qr.get_attribute("data-link") == f"{server}/live?join={keys.code}"
    assert qr.evaluate("img => img.complete && img.naturalWidth > 0") and qr.bounding_box()["height"] >= 300
    code_size = teacher.get_by_test_id("lobby-code").evaluate("p => parseFloat(getComputedStyle(p).fontSize)")
    assert code_size >= 96, f"the class code is {code_size:.0f} px: too small to read at 8 m"
    assert store.lesson(keys.code).round == 0

    slow = SlowNetwork()
    children = [join(browser, server, keys.code, name, slow if name == "Red Panda" else None) for name in NAMES]
    teacher.wait_for_function(
        "names => { const l = document.querySelector(\"[data-testid='lobby-names']\");"
        " return !!l && names.every(n => l.innerText.includes(n)); }", arg=list(NAMES), timeout=30000)
    teacher.get_by_test_id("lobby-count").filter(has_text="3 children here").wait_for(timeout=30000)
    chromium.settled(teacher, 60000)
    save(teacher, "lobby-projector-1920.png")
    save(children[0][1], "lobby-child-waiting-768.png")
    assert p.question not in children[0][1].locator("[data-testid='stMain']").inner_text()

    # 30 s: a test that waits for pages on a busy machine still answers in time; the timing that matters is
    # read from the store (each tablet's own end of time), never assumed
    thirty = teacher.locator(".st-key-pj_lobby_countdown button", has_text="30 s").first
    with chromium.rerun(teacher):
        thirty.click()
    until(lambda: store.lesson(keys.code).countdown == 30)
    late = children[2][1]
    chromium.settled(late, 60000)
    slow.held = True  # Red Panda's tablet hears nothing for a while: the puzzle reaches it late
    go = teacher.locator(".st-key-pj_lobby_go button").first
    chromium.until_shown(teacher, lambda: go.click(), teacher.get_by_test_id("live-count"))
    lesson = store.lesson(keys.code)
    assert lesson.begun and lesson.round == 1 and lesson.deadline is not None and lesson.shown is not None
    for (_, child), name in zip(children[:2], NAMES):
        child.get_by_text(p.question).first.wait_for(timeout=30000)
        child.get_by_test_id("countdown").wait_for(timeout=30000)
        timing = child.locator(".fives-countdown .fives-ring").first.evaluate(
            "e => getComputedStyle(e).animationTimingFunction")
        assert timing.startswith("steps(") == (name == "Gold Lynx"), (name, timing)  # calm: no sweep
    teacher.get_by_test_id("countdown").wait_for(timeout=30000)  # the ring on the big screen too
    save(teacher, "lobby-projector-countdown-1920.png")

    quick = children[0][1]
    chromium.settled(quick, 60000)
    answer(quick, p.answer)
    quick.get_by_text("look at the big screen").first.wait_for(timeout=30000)

    # the late tablet: its time starts when the puzzle is on its screen, not on the projector's
    late.wait_for_function(f"() => Date.now() / 1000 > {lesson.shown + 4}", timeout=60000, polling=200)
    slow.release()
    late.get_by_text(p.question).first.wait_for(timeout=30000)
    ring = late.get_by_test_id("countdown")
    ring.wait_for(timeout=30000)
    late_code = store.learner(late.evaluate("() => new URLSearchParams(location.search).get('me')")).code
    own = store.saw_puzzle(late_code, 1)  # asked again: the same end, counted from its first showing
    assert own is not None and own - 30 >= lesson.shown + 4, (own, lesson.shown)
    assert int(ring.get_attribute("data-left")) >= 29  # the whole time, not what the projector has left
    save(late, "lobby-child-late-puzzle-768.png")
    chromium.settled(late, 60000)
    slow.held = True  # the tablet's messages stop getting through: its tap waits in the network
    answer(late, p.answer)
    late.wait_for_function(f"() => Date.now() / 1000 > {own + LATE_GRACE + 0.5}", timeout=90000, polling=200)
    slow.release()
    late.get_by_text("doesn't count").first.wait_for(timeout=30000)
    late.get_by_text("Time's up for this one").first.wait_for(timeout=30000)
    assert not late.get_by_role("button", name="Send").count()
    assert store.tally(keys.code).answered == 1 and store.my_live_answer(late_code, 1) is None
    save(late, "lobby-child-too-late-768.png")

    teacher.get_by_test_id("time-up").wait_for(timeout=30000)
    assert "1 of 3" in teacher.get_by_test_id("live-count").inner_text()
    teacher.wait_for_function("() => (window.__fivesChimes || 0) >= 1", timeout=30000)  # the sound is on
    save(teacher, "lobby-projector-time-up-1920.png")
    for child_context, _ in children:
        child_context.close()
    context.close()


def test_the_lobby_keeps_the_children_s_address_for_the_next_lesson(browser, server, world):
    """The address the children use, typed once in the lobby's side panel, is the next lesson's too: after the
    lesson ends, and after the projector is loaded again (a new session: the browser keeps it)."""
    keys = world["store"].create_class("Room 5")
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    chromium.follow_old_teacher_link(page, f"{server}/teacher?class={keys.code}&key={keys.teacher_key}", keys.code)
    chromium.goto(page, f"{server}/projector")
    children = "http://192.168.1.20:8501/"
    qr = page.get_by_test_id("lobby-qr")

    def lobby_opened() -> None:
        open_lobby(page, "Room 5")

    lobby_opened()
    box = page.get_by_role("textbox", name="Address for the children")

    def box_filled() -> None:  # the box's own value is drawn a render or two after the page's text
        page.wait_for_function("([box, value]) => box.value === value", arg=[box.element_handle(), children],
                               timeout=10000)

    with chromium.rerun(page):
        box.fill(children)
        box.press("Enter")
    page.wait_for_function(f"() => document.querySelector(\"[data-testid='lobby-qr']\")?.dataset.link"
                           f" === '{children}live?join={keys.code}'", timeout=30000)
    end = page.get_by_role("button", name="End the live lesson")
    chromium.until_shown(page, lambda: end.click(), page.get_by_role("button", name="Start a live lesson with Room 5"))
    lobby_opened()  # the next lesson, in the same session
    assert qr.get_attribute("data-link") == f"{children}live?join={keys.code}"
    box_filled()
    chromium.until_shown(page, lambda: end.click(), page.get_by_role("button", name="Start a live lesson with Room 5"))
    chromium.goto(page, f"{server}/projector")  # another day: a new session in the same browser
    lobby_opened()
    page.wait_for_function(f"() => document.querySelector(\"[data-testid='lobby-qr']\")?.dataset.link"
                           f" === '{children}live?join={keys.code}'", timeout=30000)
    box_filled()
    assert "192.168.1.20" in page.get_by_test_id("lobby-address").inner_text()
    save(page, "lobby-children-address-kept.png")
    chromium.until_shown(page, lambda: end.click(), page.get_by_role("button", name="Start a live lesson with Room 5"))
    context.close()
