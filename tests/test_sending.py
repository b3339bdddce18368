"""Messages to the browsers sent from the sessions that queued some (trainer/web/sending.py): each session
marks itself as it queues, the runtime's loop visits the marked ones, and everything else is Streamlit's."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from unittest.mock import MagicMock

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.script_data import ScriptData
from streamlit.runtime.websocket_session_manager import WebsocketSessionManager

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


def test_only_the_runtimes_own_loop_sees_the_marked_sessions():
    sending.install()
    manager = WebsocketSessionManager(session_storage=MagicMock(), uploaded_file_manager=MagicMock(),
                                      script_cache=MagicMock(), message_enqueued_callback=None)
    manager._active_session_info_by_id = {"a": "info-a", "b": "info-b"}
    sending._take_waiting()
    sending._WAITING.add("b")
    assert sorted(manager.list_active_sessions()) == ["info-a", "info-b"]  # anyone else: every session

    async def on_loop() -> list[object]:
        sending._ON_LOOP.set(True)
        return manager.list_active_sessions()

    assert asyncio.run(on_loop()) == ["info-b"]
    assert sending._ON_LOOP.get() is False  # the loop's own task set it, for itself alone
    sending._take_waiting()
