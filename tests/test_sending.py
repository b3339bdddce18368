"""Messages to the browsers sent from the sessions that queued some (trainer/web/runtime/sending.py): each session
marks itself as it queues, the runtime's loop visits the marked ones, and everything else is Streamlit's."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any
from unittest.mock import MagicMock

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.script_data import ScriptData
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from trainer.serving.serve import free_port
from trainer.web.runtime import sending


@dataclass
class Manager:
    """What the loop asks of the session manager: the connected sessions, and every session it knows."""

    active: dict[str, object] = field(default_factory=dict)
    known: set[str] = field(default_factory=set)

    def get_active_session_info(self, session_id: str) -> object | None:
        return self.active.get(session_id)

    def get_session_info(self, session_id: str) -> object | None:
        return session_id if session_id in self.known | set(self.active) else None


def make_session(told: list[str]) -> AppSession:
    return AppSession(script_data=ScriptData("/nowhere/app.py", is_hello=False), uploaded_file_manager=MagicMock(),
                      script_cache=MagicMock(), message_enqueued_callback=lambda: told.append("woken"),
                      user_info={"email": "test@example.com"})


def test_a_session_that_queues_a_message_is_marked_then_wakes_the_loop():
    sending.install()

    async def run() -> None:  # a session is made on the server's event loop
        told: list[str] = []
        quiet, busy = make_session(told), make_session(told)
        try:
            sending._take_waiting()
            msg = ForwardMsg()
            msg.script_finished = ForwardMsg.FINISHED_SUCCESSFULLY
            busy._enqueue_forward_msg(msg)
            assert told == ["woken"]
            assert sending.waiting() == {busy.id}, "only the session that queued something"
            assert busy.flush_browser_queue() == [msg] and quiet.flush_browser_queue() == []
        finally:
            for s in (quiet, busy):
                s.shutdown()
            sending._take_waiting()

    asyncio.run(run())


def test_the_loop_visits_the_connected_sessions_that_queued_something():
    sending._take_waiting()
    manager = Manager(active={"here": "info-here", "idle": "info-idle"}, known={"away"})
    for session_id in ("here", "away", "closed"):
        sending._WAITING.add(session_id)
    assert sending._to_visit(manager) == ["info-here"]  # never the idle one
    # a session whose browser is away keeps what it queued until it is back; a closed one is forgotten
    assert sending.waiting() == {"away"}
    manager.active["away"] = "info-away"
    assert sending._to_visit(manager) == ["info-away"]
    assert sending.waiting() == frozenset()


def test_a_flush_sends_each_marked_sessions_messages_and_no_one_elses():
    sent: list[tuple[str, str]] = []
    flushed: list[str] = []

    @dataclass
    class Session:
        id: str
        queue: list[str]

        def flush_browser_queue(self) -> list[str]:
            out, self.queue = self.queue, []
            return out

        def on_flushed_messages_sent(self) -> None:
            flushed.append(self.id)

    @dataclass
    class Info:
        session: Session
        client: str = "browser"

    sessions = {name: Info(Session(name, [f"{name}-1", f"{name}-2"])) for name in ("a", "b", "c")}

    class Fake:
        _session_mgr = Manager(active=sessions)

        def _send_message(self, info: Info, msg: str) -> None:
            sent.append((info.session.id, msg))

    sending._take_waiting()
    sending._WAITING.update({"a", "c"})
    asyncio.run(sending._send_waiting(Fake()))
    assert sorted(sent) == [("a", "a-1"), ("a", "a-2"), ("c", "c-1"), ("c", "c-2")]  # b queued nothing new
    assert sorted(flushed) == ["a", "c"] and sending.waiting() == frozenset()
    assert sessions["b"].session.queue == ["b-1", "b-2"], "left for when b is marked"


def test_a_run_wakes_the_loop_once_for_its_messages():
    sending.install()
    from streamlit.runtime.runtime import Runtime

    class Objs:
        need_send_data = asyncio.Event()
        eventloop = MagicMock()

    class Fake:
        def _get_async_objs(self) -> Objs:
            return Objs

    wake = Runtime._enqueued_some_message
    wake(Fake())
    assert Objs.eventloop.call_soon_threadsafe.call_count == 1  # the flag was down: the loop is woken
    Objs.need_send_data.set()  # what the woken loop does first
    for _ in range(12):
        wake(Fake())
    assert Objs.eventloop.call_soon_threadsafe.call_count == 1, "woken already: no more writes to its pipe"
    Objs.need_send_data.clear()  # the loop takes the flag down before it takes the marked sessions
    wake(Fake())
    assert Objs.eventloop.call_soon_threadsafe.call_count == 2


def test_from_the_loop_itself_the_wake_is_put_up_directly():
    sending.install()
    from streamlit.runtime.runtime import Runtime

    async def run() -> None:
        loop = asyncio.get_running_loop()
        written = MagicMock(wraps=loop.call_soon_threadsafe)
        loop.call_soon_threadsafe = written  # type: ignore[method-assign]

        class Objs:
            need_send_data = asyncio.Event()
            eventloop = loop

        class Fake:
            def _get_async_objs(self) -> Objs:
                return Objs

        Runtime._enqueued_some_message(Fake())
        assert Objs.need_send_data.is_set() and written.call_count == 0, "no write to the loop's own pipe"
        Objs.need_send_data.clear()
        runner = threading.Thread(target=Runtime._enqueued_some_message, args=(Fake(),))  # a run's thread
        runner.start()
        runner.join()
        assert written.call_count == 1
        await asyncio.sleep(0)
        assert Objs.need_send_data.is_set()

    asyncio.run(run())


Event = sending.ScriptRunnerEvent


def _recording(session: AppSession) -> tuple[list[object], list[tuple[object, object]]]:
    """The session's calls to the loop (kept, to be run by the test) and the events it handles."""
    calls: list[object] = []
    handled: list[tuple[object, object]] = []
    session._call_soon_on_event_loop = calls.append  # type: ignore[method-assign]
    session._handle_scriptrunner_event_on_event_loop = (  # type: ignore[method-assign]
        lambda sender, event, **details: handled.append((event, details.get("forward_msg"))))
    return calls, handled


def _message(n: int) -> ForwardMsg:
    msg = ForwardMsg()
    msg.metadata.delta_path[:] = [0, n]
    return msg


def in_a_session(body: Callable[[AppSession], Awaitable[None]]) -> None:
    """Run ``body`` with a session made on a running event loop, as the server makes them; shut down after."""
    sending.install()

    async def run() -> None:
        session = make_session([])
        try:
            await body(session)
        finally:
            session.shutdown()

    asyncio.run(run())


def test_a_run_calls_the_loop_for_its_start_and_end_and_its_messages_join_the_line():
    async def body(session: AppSession) -> None:
        calls, handled = _recording(session)
        msgs = [_message(n) for n in range(6)]
        session._on_scriptrunner_event(None, event=Event.SCRIPT_STARTED)
        for msg in msgs:
            session._on_scriptrunner_event(None, event=Event.ENQUEUE_FORWARD_MSG, forward_msg=msg)
        assert len(calls) == 1, "the messages join the line the loop is called to read"
        session._on_scriptrunner_event(None, event=Event.SCRIPT_STOPPED_WITH_SUCCESS)
        session._on_scriptrunner_event(None, event=Event.SHUTDOWN)
        assert len(calls) == 1, "a call on its way reads the run's end too"
        calls[0]()  # type: ignore[operator]
        assert handled == ([(Event.SCRIPT_STARTED, None)] + [(Event.ENQUEUE_FORWARD_MSG, m) for m in msgs]
                           + [(Event.SCRIPT_STOPPED_WITH_SUCCESS, None), (Event.SHUTDOWN, None)])
        session._on_scriptrunner_event(None, event=Event.SCRIPT_STARTED)
        assert len(calls) == 2, "once read, a run's start calls the loop at once"
        session._on_scriptrunner_event(None, event=Event.SCRIPT_STOPPED_WITH_SUCCESS)
        session._on_scriptrunner_event(None, event=Event.SHUTDOWN)
        assert len(calls) == 2, "a run's end and its runner's shutdown join the call on its way"
        calls[1]()  # type: ignore[operator]
        assert len(handled) == 12, "each event handled once"
        await asyncio.sleep(5 * sending._LOOK_AGAIN_SECS)  # the loop looks again, finds nothing
        events = session.__dict__[sending._EVENTS]
        assert not events.watched and not events.looking
        session._on_scriptrunner_event(None, event=Event.ENQUEUE_FORWARD_MSG, forward_msg=msgs[0])
        assert len(calls) == 3, "nobody watching: a message calls the loop"

    in_a_session(body)


def test_a_long_runs_messages_reach_the_loop_before_it_ends():
    async def body(session: AppSession) -> None:
        calls, handled = _recording(session)
        session._on_scriptrunner_event(None, event=Event.SCRIPT_STARTED)
        calls.pop()()  # type: ignore[operator]
        spinner = _message(1)
        session._on_scriptrunner_event(None, event=Event.ENQUEUE_FORWARD_MSG, forward_msg=spinner)
        assert calls == []
        await asyncio.sleep(5 * sending._LOOK_AGAIN_SECS)  # the run goes on, and ends nowhere here
        assert handled[-1] == (Event.ENQUEUE_FORWARD_MSG, spinner)

    in_a_session(body)


def test_every_event_from_a_run_thread_is_handled_once_and_in_order():
    """A run's thread and the loop at once, at random pace: no event is lost, doubled or reordered, and the
    line ends unwatched."""
    async def body(session: AppSession) -> None:
        handled: list[int] = []
        session._call_soon_on_event_loop = asyncio.get_running_loop().call_soon_threadsafe  # type: ignore[method-assign]
        session._handle_scriptrunner_event_on_event_loop = (  # type: ignore[method-assign]
            lambda sender, event, **details: handled.append(details["forward_msg"].metadata.delta_path[1]))
        pace = random.Random(34)
        waits = [pace.choice((0.0, 0.0, 0.0001, 0.002, 0.015)) for _ in range(400)]

        def thread() -> None:
            for n, wait in enumerate(waits):
                session._on_scriptrunner_event(None, event=Event.ENQUEUE_FORWARD_MSG, forward_msg=_message(n))
                time.sleep(wait)

        runner = threading.Thread(target=thread)
        runner.start()
        deadline = time.monotonic() + 60
        while (runner.is_alive() or len(handled) < len(waits)) and time.monotonic() < deadline:
            await asyncio.sleep(0.005)
        await asyncio.sleep(5 * sending._LOOK_AGAIN_SECS)
        assert handled == list(range(len(waits)))
        events = session.__dict__[sending._EVENTS]
        assert not events.watched and not events.looking and not events.line

    in_a_session(body)


@asynccontextmanager
async def talking_to(app: Callable) -> AsyncIterator[Any]:
    """A real uvicorn server running ``app`` (its sans-I/O websocket, as Streamlit serves), and a websocket to
    it that has said hello; the server stops after."""
    import uvicorn
    import websockets

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, ws="websockets-sansio",
                                           log_level="warning", lifespan="off"))
    serving = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/") as ws:
            await ws.send(b"hello")
            yield ws
    finally:
        server.should_exit = True
        await serving


def test_the_frames_of_a_turn_go_down_the_socket_in_one_write_in_order():
    """A real server (uvicorn's websocket, as Streamlit serves) sends 30 messages in one turn: the browser gets
    30 frames in order, written to the socket at once; a close after them still comes after them."""
    import websockets

    sending.install()
    writes: list[int] = []
    made = WebSocketsSansIOProtocol.connection_made

    def connection_made(self: WebSocketsSansIOProtocol, transport: asyncio.Transport) -> None:
        made(self, transport)
        real = transport.write

        def write(data: bytes) -> None:
            writes.append(len(data))
            real(data)

        transport.write = write  # type: ignore[method-assign]

    async def app(scope: dict, receive: Callable, send: Callable) -> None:
        assert scope["type"] == "websocket"
        await receive()  # connect
        await send({"type": "websocket.accept"})
        await receive()  # the browser's first message
        writes.clear()
        for n in range(30):
            await send({"type": "websocket.send", "bytes": n.to_bytes(2, "big") * 50})
        await send({"type": "websocket.send", "text": "last"})
        await asyncio.sleep(0.05)
        await send({"type": "websocket.close", "code": 1000})

    async def run() -> None:
        async with talking_to(app) as ws:
            got = [await ws.recv() for _ in range(31)]
            assert got[:30] == [n.to_bytes(2, "big") * 50 for n in range(30)] and got[30] == "last"
            with pytest.raises(websockets.ConnectionClosedOK):
                await ws.recv()
        assert len(writes) == 2, f"the 31 frames in one write, then the close: {writes}"

    WebSocketsSansIOProtocol.connection_made = connection_made  # type: ignore[method-assign]
    try:
        asyncio.run(run())
    finally:
        WebSocketsSansIOProtocol.connection_made = made  # type: ignore[method-assign]


def test_a_message_goes_straight_into_the_websockets_frames_and_after_whatever_waits_before_it():
    """Streamlit's client on a real websocket: messages go straight into the frames while nothing waits; while
    the connection holds back for a slow reader they wait in the queue, and the ones after them wait too, so
    the browser gets all of them in order."""
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket

    sending.install()
    through_the_queue: list[int] = []
    queued = sending._queue_message

    def counted(self: object, msg: ForwardMsg) -> None:
        through_the_queue.append(msg.metadata.delta_path[1])
        queued(self, msg)

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        await websocket.receive_bytes()
        client = sending.StarletteSessionClient(websocket)
        protocol = websocket.scope[sending._PROTOCOL]()
        for n in range(10):
            client.write_forward_msg(_message(n))
        protocol.writable.clear()  # the browser reads slowly: the connection holds back
        for n in range(10, 20):
            client.write_forward_msg(_message(n))
        protocol.writable.set()
        for n in range(20, 30):  # the queue is not empty yet: these wait behind it
            client.write_forward_msg(_message(n))
        await asyncio.sleep(0.2)
        client.write_forward_msg(_message(30))  # the queue is empty again: straight in
        await asyncio.sleep(0.2)
        await client.aclose()
        await websocket.close()

    async def run() -> None:
        async with talking_to(Starlette(routes=[WebSocketRoute("/", endpoint)])) as ws:
            got = []
            for _ in range(31):
                msg = ForwardMsg()
                msg.ParseFromString(await ws.recv())
                got.append(msg.metadata.delta_path[1])
            assert got == list(range(31))

    sending._queue_message = counted
    try:
        asyncio.run(run())
    finally:
        sending._queue_message = queued
    assert through_the_queue == list(range(10, 30)), "only what waited behind the held-back connection"


def test_a_click_that_stops_a_run_comes_after_what_the_run_has_sent():
    """A click during a run may stop it and start another with a new runner, whose session drops the old
    runner's events: the ones already in the line are handled before the click's request."""
    async def body(session: AppSession) -> None:
        calls, handled = _recording(session)
        session._on_scriptrunner_event(None, event=Event.SCRIPT_STARTED)
        calls.pop()()  # type: ignore[operator]
        for n in range(3):  # the run goes on: its messages wait in the line
            session._on_scriptrunner_event(None, event=Event.ENQUEUE_FORWARD_MSG, forward_msg=_message(n))
        seen_at_the_click: list[int] = []
        real = sending._request_rerun
        sending._request_rerun = lambda self, client_state: seen_at_the_click.append(len(handled))
        try:
            session.request_rerun(None)
        finally:
            sending._request_rerun = real
        assert seen_at_the_click == [4], "the run's start and its three messages, before the click"

    in_a_session(body)


def test_a_runs_end_never_waits_for_the_loops_look(monkeypatch):
    """The loop's look comes only every so often (here: never): a run's messages, its end and its runner's
    shutdown reach the loop with the calls for its start and its end, however the thread and the loop
    interleave, so the browser's 'finished' never waits for a timer."""
    monkeypatch.setattr(sending, "_LOOK_AGAIN_SECS", 3600.0)

    async def body(session: AppSession) -> None:
        handled: list[object] = []
        session._call_soon_on_event_loop = asyncio.get_running_loop().call_soon_threadsafe  # type: ignore[method-assign]
        session._handle_scriptrunner_event_on_event_loop = (  # type: ignore[method-assign]
            lambda sender, event, **details: handled.append(event))
        pace = random.Random(47)
        for _ in range(30):  # runs one after another, the loop turning while the thread sends
            handled.clear()

            def run() -> None:
                session._on_scriptrunner_event(None, event=Event.SCRIPT_STARTED)
                for n in range(8):
                    session._on_scriptrunner_event(None, event=Event.ENQUEUE_FORWARD_MSG, forward_msg=_message(n))
                    if pace.random() < 0.3:
                        time.sleep(0.001)
                session._on_scriptrunner_event(None, event=Event.SCRIPT_STOPPED_WITH_SUCCESS)
                session._on_scriptrunner_event(None, event=Event.SHUTDOWN)

            runner = threading.Thread(target=run)
            runner.start()
            while runner.is_alive():
                await asyncio.sleep(0)
            for _ in range(5):  # the calls the thread made are due now: no timer needed
                await asyncio.sleep(0)
            assert handled == ([Event.SCRIPT_STARTED] + [Event.ENQUEUE_FORWARD_MSG] * 8
                               + [Event.SCRIPT_STOPPED_WITH_SUCCESS, Event.SHUTDOWN])
            events = session.__dict__[sending._EVENTS]
            events.watched = events.looking = False  # as the look would find it, an hour on

    in_a_session(body)
