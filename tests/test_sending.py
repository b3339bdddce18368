"""Messages to the browsers sent from the sessions that queued some (trainer/web/sending.py): each session
marks itself as it queues, the runtime's loop visits the marked ones, and everything else is Streamlit's."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from unittest.mock import MagicMock

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.script_data import ScriptData

from trainer.web import sending


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
