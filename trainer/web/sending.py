"""Messages to the browsers, sent from the sessions that have some.

Streamlit's runtime wakes whenever any session queues a message for its browser, then visits every open
session to send what each has queued. With a school's worth of children on one process, every click paid
for a visit to every other child's session: 800 open sessions added over 2 ms of server CPU to each
click. :func:`install` keeps the ids of the sessions that queued something, and on the runtime's own
loop the list of sessions to visit is those alone; the loop itself is Streamlit's, unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from contextvars import ContextVar
from typing import Any

from streamlit.runtime.app_session import AppSession
from streamlit.runtime.runtime import Runtime
from streamlit.runtime.session_manager import ActiveSessionInfo
from streamlit.runtime.websocket_session_manager import WebsocketSessionManager

_INSTALLED = "_fives_sending_installed"
_WAITING: set[str] = set()
"""Ids of the sessions that queued a message since the loop last visited them (``set.add`` and
``set.pop`` hold the interpreter's lock: the script threads add, the loop takes)."""
_ON_LOOP: ContextVar[bool] = ContextVar("fives_on_send_loop", default=False)
"""``True`` in the runtime's sending loop (its own task) and nowhere else."""


def waiting() -> frozenset[str]:
    """The sessions with something queued that the loop has not visited yet."""
    return frozenset(_WAITING)


def _take_waiting() -> list[str]:
    taken: list[str] = []
    while True:
        try:
            taken.append(_WAITING.pop())
        except KeyError:
            return taken


def _to_visit(manager: WebsocketSessionManager) -> list[ActiveSessionInfo]:
    """The connected sessions that queued something. A session whose browser is away (a reload, a lost
    network) keeps its place until it is back, when the loop sends what waited; a closed one is dropped."""
    found: list[ActiveSessionInfo] = []
    for session_id in _take_waiting():
        info = manager.get_active_session_info(session_id)
        if info is not None:
            found.append(info)
        elif manager.get_session_info(session_id) is not None:
            _WAITING.add(session_id)
    return found


def install() -> None:
    """Mark each session as it queues a message, and let the runtime's loop visit the marked ones (once
    per process; later calls do nothing). Before the runtime starts: its loop starts with it."""
    if getattr(Runtime, _INSTALLED, False):
        return
    made: Callable[..., None] = AppSession.__init__
    loop: Callable[[Runtime], Coroutine[Any, Any, None]] = Runtime._loop_coroutine
    listed: Callable[[WebsocketSessionManager], list[ActiveSessionInfo]] = \
        WebsocketSessionManager.list_active_sessions

    def session_made(self: AppSession, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        told = self._message_enqueued_callback
        if told is None:
            return
        session_id = self.id

        def queued() -> None:  # marked first: the loop wakes to find it
            _WAITING.add(session_id)
            told()

        self._message_enqueued_callback = queued

    async def sending_loop(self: Runtime) -> None:
        _ON_LOOP.set(True)  # this task's own context: other callers see every session as before
        await loop(self)

    def active_sessions(self: WebsocketSessionManager) -> list[ActiveSessionInfo]:
        return _to_visit(self) if _ON_LOOP.get() else listed(self)

    AppSession.__init__ = session_made  # type: ignore[method-assign]
    Runtime._loop_coroutine = sending_loop  # type: ignore[method-assign]
    WebsocketSessionManager.list_active_sessions = active_sessions  # type: ignore[method-assign]
    setattr(Runtime, _INSTALLED, True)
