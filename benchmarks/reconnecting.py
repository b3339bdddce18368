"""Learners and a live lesson over the wire that behave as browsers do when their server goes away: the
websocket closes, the page reconnects (same cookies, same address: ``?me=`` names the learner) and runs
again on whichever server the balancer picks, and the learner carries on.

What they saw is kept in a :class:`Tally`: every answer the page acknowledged (its verdict shown), by
learner and puzzle code, to compare with what the store holds afterwards (:func:`lost_answers`); each
time a page went away and when it was served again; and anything a learner should never see.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from dataclasses import dataclass, field

import websockets
from streamlit.proto.Alert_pb2 import Alert

from benchmarks.wsclient import ProtocolError, Session
from puzzles import from_code

THINK = (0.5, 2.0)
OPEN_TOTAL = "What's the open-end total?"
OTHER = "Round to the nearest five"
GONE = (websockets.WebSocketException, ProtocolError, OSError, TimeoutError)
"""What a page that lost its server runs into."""
SENT = "look at the big screen"
"""What a child's Live lesson page says once their answer is in."""


@dataclass
class Outage:
    """One page that lost its server: when it noticed, which server it was on, when it was served again
    (``time.monotonic()``) and by which server."""

    name: str
    lost_at: float
    before: str
    back_at: float = 0.0
    after: str = ""


@dataclass
class Tally:
    acked: dict[str, list[str]] = field(default_factory=dict)
    """Acknowledged answers: learner code → puzzle codes, in order."""
    latency: list[float] = field(default_factory=list)
    """Seconds from sending an answer to its verdict on screen."""
    outages: list[Outage] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    """What no learner should see: an exception, an error message, a wrong verdict for a right answer."""
    refused: int = 0
    """Reconnects the balancer refused before one went through (a browser just tries again)."""
    log: list[str] = field(default_factory=list)
    """Each acknowledged answer: when, whose, which puzzle, which server (to explain a lost one)."""

    def ack(self, learner: str, puzzle: str, server: str = "") -> None:
        self.acked.setdefault(learner, []).append(puzzle)
        self.log.append(f"{time.monotonic():.2f} {learner} {puzzle} {server}")

    def answers(self) -> int:
        return sum(len(v) for v in self.acked.values())


class Browser:
    """A tab: a :class:`Session` that reconnects when its socket closes, as Streamlit's page does."""

    def __init__(self, session: Session, tally: Tally, name: str) -> None:
        self.s = session
        self.tally = tally
        self.name = name

    @property
    def server(self) -> str:
        ws = self.s.ws
        return ws.response.headers.get("X-Fives-Server", "") if ws is not None and ws.response else ""

    async def open(self) -> None:
        try:
            await self.s.connect(timeout=20)
        except GONE:
            await self.recover()
        self.check()

    async def recover(self) -> None:
        """Reconnect until a server runs the page again (backing off a little each time)."""
        outage = Outage(self.name, time.monotonic(), self.server)
        self.tally.outages.append(outage)
        wait = 0.1
        deadline = time.monotonic() + 60
        while True:
            try:
                await self.s.reconnect(timeout=10)
                break
            except websockets.InvalidStatus:
                self.tally.refused += 1
            except GONE:
                pass
            if time.monotonic() > deadline:
                raise ProtocolError(f"{self.name}: no server took the page back within a minute")
            await asyncio.sleep(wait)
            wait = min(1.0, wait * 1.5)
        outage.back_at, outage.after = time.monotonic(), self.server
        self.tally.log.append(f"{outage.lost_at:.2f} {self.name} lost {outage.before}, back on {outage.after} "
                              f"at {outage.back_at:.2f}")

    async def act(self, action) -> bool:
        """Do one thing on the page (a coroutine function of the session); ``False`` when the server went
        away meanwhile (the page is then back, on another server, and the thing undone)."""
        try:
            await action(self.s)
        except GONE:
            await self.recover()
            self.check()
            return False
        except AttributeError:  # a widget the page should have shown is missing
            self.check_shows("a widget it should have")
            return False
        self.check()
        return True

    async def think(self, seconds: float) -> None:
        """Wait as a learner thinks, noticing at once if the socket closes (a browser reconnects then, not
        at the next click)."""
        ws = self.s.ws
        closed = asyncio.ensure_future(ws.wait_closed())
        done, _ = await asyncio.wait({closed}, timeout=seconds)
        if not done:
            closed.cancel()
            return
        await self.recover()
        self.check()

    def check_shows(self, what: str) -> None:
        """The page lacks ``what``: an error, with what it shows instead."""
        shown = sorted({f"{e.type}:{e.label}" for e in self.s.elements.values() if e.widget_id})
        self.tally.errors.append(f"{self.name}: the page lacks {what}; it shows {shown} ({self.s.query_string})")
        self.tally.log.append(f"{time.monotonic():.2f} {self.name} error: the page lacks {what}")

    def check(self) -> None:
        """Nothing a learner should never see: an exception, or an error message of the page's own."""
        for text in self.s.exceptions:
            self.tally.errors.append(f"{self.name}: exception {text[:200]}")
        self.s.exceptions.clear()
        for fmt, body in self.s.alerts():
            if fmt == Alert.ERROR:
                self.tally.errors.append(f"{self.name}: error message {body[:200]}")

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self.s.close(), 5)
        except (*GONE, asyncio.CancelledError):
            pass


# ----- practice -----

async def practise(b: Browser, code: str, rng: random.Random, done: asyncio.Event) -> None:
    """Open-end totals, answered right, then Next, until ``done`` is set."""
    await b.open()
    while not done.is_set():
        if b.s.find("button", key_part="pc_skip") is not None:  # a new learner's placement check: skipped
            await b.act(lambda s: s.click(s.find("button", key_part="pc_skip")))
            continue
        if b.s.find("button", key_part="sp_choice0") is not None:  # the coach's round of number facts: tapped
            await asyncio.sleep(0.3)
            await b.act(lambda s: s.click(s.find("button", key_part="sp_choice0")))
            continue
        if not on_open_totals(b.s):
            # the coach picks the kind when a page lands on a new server and moves on: pick it again (by way
            # of another kind, as the chooser may still show this one)
            await b.act(lambda s: s.choose_puzzle(OTHER))
            await b.act(lambda s: s.choose_puzzle(OPEN_TOTAL))
            continue
        await b.think(rng.uniform(*THINK))
        if not on_open_totals(b.s):
            continue  # its server went away meanwhile, and the page came back showing something else
        if not await answer_right(b, code):
            continue
        outages = len(b.tally.outages)
        await b.think(rng.uniform(*THINK))
        if len(b.tally.outages) > outages:
            continue  # back on another server, which shows the puzzle unanswered: answered again there
        if b.s.find("button", label="Next puzzle") is None:
            b.check_shows("a Next puzzle button after a right answer")
            await b.act(lambda s: s.reconnect())  # a browser would reload the page
            continue
        await b.act(lambda s: s.click(s.find("button", label="Next puzzle")))


async def answer_right(b: Browser, learner: str) -> bool:
    """Type the right answer and Check; ``True`` once the page has said it is right (acknowledged)."""
    puzzle = b.s.param("code") or ""
    took: list[float] = []

    async def answer(s: Session) -> None:
        took.append(await s.rerun([*typed_answer(s, puzzle), (s.find("button", label="Check").widget_id,
                                                              "trigger_value", True)]))

    if not await b.act(answer):
        return False
    if not (b.s.said_right() and b.s.find("button", label="Next puzzle") is not None):
        b.check_shows(f"a right verdict for the right answer to {puzzle} (it says {b.s.alerts()}, "
                      f"{b.s.texts()[:300]!r})")
        return False
    b.tally.ack(learner, puzzle, b.server)
    b.tally.latency.append(took[0])
    return True


def on_open_totals(s: Session) -> bool:
    """The page shows an open-end total to answer."""
    code = s.param("code")
    try:
        right_kind = code is not None and from_code(code).kind == "open-total"
    except ValueError:
        return False
    return right_kind and s.find("text_input") is not None and s.find("button", label="Check") is not None


def typed_answer(s: Session, puzzle: str) -> list[tuple[str, str, object]]:
    """The right answer typed in the page's boxes: one number, or (a total the stage rounds) each of its
    parts in its own box."""
    p = from_code(puzzle)
    if isinstance(p.answer, dict):  # the boxes the page shows (a part it does not ask for has none)
        boxes = {name: s.find("text_input", key_part=f"{name}-{puzzle}") for name in p.answer}
        return [(box.widget_id, "string_value", str(p.answer[name])) for name, box in boxes.items() if box]
    return [(s.find("text_input").widget_id, "string_value", str(p.answer))]


# ----- a live lesson -----

@dataclass
class Lesson:
    """A teacher's projector and the children of one class (made in the store beforehand)."""

    teacher: Browser
    children: list[tuple[Browser, str]]
    """Each child's page and learner code."""
    store: object
    class_code: str
    rounds_done: int = 0
    counts: list[tuple[int, int]] = field(default_factory=list)
    """Per round: the count the projector showed, and the answers the store holds for it."""


async def open_lesson(url: str, allow: tuple[str, ...], store, children: int, tally: Tally) -> Lesson:
    """The class made, its teacher's projector started a live lesson (past the lobby), the children on
    their Live lesson page."""
    keys = store.create_class("District class")
    kids = [store.join(keys.code, f"Child {i}") for i in range(children)]
    # the teacher's browser keeps the class it opened (as the app asks it to), so the projector finds it
    # again when it lands on another server
    t = Browser(Session(url, page="teacher", query=f"class={keys.code}&key={keys.teacher_key}", allow=allow,
                        storage={}), tally, "projector")
    await t.open()
    t.s.page, t.s.query_string, t.s.page_hash = "projector", "", ""
    await t.s.rerun()
    await t.s.choose(t.s.find("button_group", label="Kind"), OPEN_TOTAL)
    await t.s.click(t.s.find("button", key_part="pj_live_start"))
    await t.s.click(t.s.find("button", key_part="pj_lobby_go"))
    pages = [(Browser(Session(url, page="live", query=f"me={k}", allow=allow), tally, f"child {i}"), k)
             for i, k in enumerate(kids)]
    await asyncio.gather(*(b.open() for b, _ in pages))
    return Lesson(t, pages, store, keys.code)


async def child_answers(b: Browser, code: str, lesson: Lesson, rng: random.Random) -> None:
    """One round for one child: wait for the puzzle (the page's own timer), think, send the answer."""
    outages = len(b.tally.outages)
    for _ in range(40):
        if b.s.find("text_input") is not None and b.s.find("button", label="Send") is not None:
            break
        if SENT in b.s.texts() and len(b.tally.outages) > outages:
            return  # its answer arrived just as its server went away: kept, but never acknowledged
        # the waiting page's own timer; a page drawn without one is run again as a whole
        await b.act(lambda s: s.tick() if s.auto else s.rerun())
        await asyncio.sleep(0.25)
    else:
        b.tally.errors.append(f"{b.name}: the puzzle never came")
        return
    await b.think(rng.uniform(*THINK))
    puzzle = lesson.store.lesson(lesson.class_code).puzzle_code
    took: list[float] = []

    async def send(s: Session) -> None:
        took.append(await s.type_and_submit(s.find("text_input"), str(from_code(puzzle).answer),
                                            s.find("button", label="Send")))

    for _ in range(3):
        if await b.act(send):
            break
        if SENT in b.s.texts():
            return  # it had arrived; the verdict did not (not acknowledged, and not sent twice)
    if SENT in b.s.texts():
        b.tally.ack(code, puzzle, b.server)
        b.tally.latency.append(took[-1])
    else:
        b.tally.errors.append(f"{b.name}: no 'sent' screen after answering")


async def lesson_round(lesson: Lesson, rng: random.Random) -> None:
    """Every child answers; the projector's count catches up; Reveal; Next puzzle."""
    round_no = lesson.store.lesson(lesson.class_code).round
    await asyncio.gather(*(child_answers(b, k, lesson, rng) for b, k in lesson.children))
    over = asyncio.Event()  # an answered child's page waits for the next puzzle, and notices a lost server at once
    watching = [asyncio.ensure_future(watch(b, over)) for b, _ in lesson.children]
    try:
        await _projector_round(lesson, round_no)
    finally:
        over.set()
        await asyncio.gather(*watching, return_exceptions=True)


async def watch(b: Browser, over: asyncio.Event) -> None:
    """Until ``over``: a page that waits, as a browser's does, reconnecting as soon as its socket closes."""
    while not over.is_set():
        ws = b.s.ws
        closed = asyncio.ensure_future(ws.wait_closed())
        ended = asyncio.ensure_future(over.wait())
        done, _ = await asyncio.wait({closed, ended}, return_when=asyncio.FIRST_COMPLETED)
        for f in (closed, ended):
            f.cancel()
        if closed in done and not over.is_set():
            await b.recover()
            b.check()


async def _projector_round(lesson: Lesson, round_no: int) -> None:
    """The projector's part of a round: its count catches up, then Reveal and Next puzzle."""
    # what the lesson holds: every acknowledged answer, and any that arrived as its server went away
    held = sum(lesson.store.my_live_answer(k, round_no) is not None for _, k in lesson.children)
    t = lesson.teacher
    shown = -1
    for _ in range(40):
        await go_on(t)
        shown = projector_count(t.s.texts())
        if shown >= held:
            break
        await asyncio.sleep(0.25)
        if t.s.auto:
            await t.act(lambda s: s.tick())
    lesson.counts.append((shown, held))
    await go_on(t)
    await t.act(lambda s: s.click(s.find("button", key_part="reveal")))
    await t.act(lambda s: s.click(s.find("button", key_part="next")))
    lesson.rounds_done += 1


async def go_on(t: Browser) -> None:
    """A projector that came back on another server found its class again, and offers to go on with the
    lesson: the teacher does."""
    if t.s.find("button", key_part="pj_live_resume") is not None:
        await t.act(lambda s: s.click(s.find("button", key_part="pj_live_resume")))


def projector_count(text: str) -> int:
    """How many answers the projector says have come in (``<b>N</b> of …``), or -1."""
    import re

    found = re.search(r"<b>(\d+)</b> of", text)
    return int(found.group(1)) if found else -1


# ----- afterwards -----

def lost_answers(tally: Tally, store) -> tuple[list[str], int]:
    """Acknowledged answers the store does not hold (learner and puzzle; none is the target), and how many
    it holds that were never acknowledged (sent as a server went away: kept, though the learner did not
    see the verdict)."""
    lost: list[str] = []
    extra = 0
    for learner, puzzles in tally.acked.items():
        stored = Counter(a.code for a in store.attempts(learner))
        seen = Counter(puzzles)
        lost += [f"{learner} {puzzle}" for puzzle in (seen - stored).elements()]
        extra += sum((stored - seen).values())
    return lost, extra


def back_within(tally: Tally, since: float, server: str, *, who: str = "") -> list[float]:
    """Seconds from ``since`` until each page (of ``who``, or every page) that was on ``server`` and lost it
    then was served again."""
    return [o.back_at - since for o in tally.outages
            if o.before == server and o.lost_at >= since and o.back_at and o.name.startswith(who)]
