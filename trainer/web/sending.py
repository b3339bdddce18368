"""Messages to the browsers, sent from the sessions that have some, a session's at a time.

Streamlit's runtime wakes whenever any session queues a message for its browser, then visits every open
session to send what each has queued, and hands the event loop on after every single message. With a
school's worth of children on one process, every click paid for a visit to every other child's session
(800 open sessions added over 2 ms of server CPU to each click), and a click's dozen messages took two
turns of the event loop each. :func:`install` gives the runtime its loop with two changes, and nothing
else changed:

- each session marks itself as it queues a message, and the loop visits the marked sessions alone;
- the loop hands the event loop on after each session's messages, not after each message, so the socket's
  sender takes a run's messages in one turn.

A run's thread also wakes the loop only when it is not woken already (a run's messages wake it once).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from streamlit.runtime import runtime as streamlit_runtime
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.runtime import Runtime, RuntimeState
from streamlit.runtime.session_manager import ActiveSessionInfo, SessionClientDisconnectedError, SessionManager

log = logging.getLogger("fives_trainer")
_INSTALLED = "_fives_sending_installed"
_WAITING: set[str] = set()
"""Ids of the sessions that queued a message since the loop last visited them (``set.add`` and
``set.pop`` hold the interpreter's lock: the script threads add, the loop takes)."""


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


def _to_visit(manager: SessionManager) -> list[ActiveSessionInfo]:
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


async def _send_waiting(runtime: Runtime) -> None:
    """One flush: every marked session's messages to its browser (Streamlit's own flush, from the marked
    sessions, handing the event loop on once per session)."""
    for info in _to_visit(runtime._session_mgr):
        for msg in info.session.flush_browser_queue():
            try:
                runtime._send_message(info, msg)
            except SessionClientDisconnectedError:
                # only if the session is still bound to this (now gone) client: a reconnect during the
                # flush may have given it a new one
                runtime.disconnect_session(info.session.id, client=info.client)
        info.session.on_flushed_messages_sent()
        await asyncio.sleep(0)


async def _loop_coroutine(self: Runtime) -> None:
    """Streamlit's ``Runtime._loop_coroutine`` (1.67), with the flush of :func:`_send_waiting`."""
    async_objs = self._get_async_objs()
    signal_check = streamlit_runtime._SIGNAL_CHECK_INTERVAL
    try:
        if self._state == RuntimeState.INITIAL:
            self._set_state(RuntimeState.NO_SESSIONS_CONNECTED)
        elif self._state != RuntimeState.ONE_OR_MORE_SESSIONS_CONNECTED:
            raise RuntimeError(f"Bad Runtime state at start: {self._state}")  # noqa: TRY301
        async_objs.started.set_result(None)  # started: sessions may connect

        while not async_objs.must_stop.is_set():
            if self._state == RuntimeState.NO_SESSIONS_CONNECTED:
                done, pending = await asyncio.wait(
                    (asyncio.create_task(async_objs.must_stop.wait()),
                     asyncio.create_task(async_objs.has_connection.wait())),
                    return_when=asyncio.FIRST_COMPLETED, timeout=signal_check)
                for task in pending:
                    task.cancel()
                if not done and signal_check is not None:
                    continue
            elif self._state == RuntimeState.ONE_OR_MORE_SESSIONS_CONNECTED:
                # down before the marked sessions are taken: a session marked from here on wakes the next flush
                async_objs.need_send_data.clear()
                await _send_waiting(self)
                await asyncio.sleep(streamlit_runtime.MESSAGE_FLUSH_INTERVAL_SECS)
            else:
                break
            done, pending = await asyncio.wait(
                (asyncio.create_task(async_objs.must_stop.wait()),
                 asyncio.create_task(async_objs.need_send_data.wait())),
                return_when=asyncio.FIRST_COMPLETED, timeout=signal_check)
            for task in pending:  # one waiting task per flush would stay behind otherwise
                task.cancel()
            if not done and signal_check is not None:
                continue

        for session_info in self._session_mgr.list_sessions():
            self._session_mgr.close_session(session_info.session.id)
        self._set_state(RuntimeState.STOPPED)
        async_objs.stopped.set_result(None)
    except Exception as e:  # as Streamlit's loop does: the runtime's stop reports it
        async_objs.stopped.set_exception(e)
        log.exception("the runtime's sending loop stopped")


def _enqueued_some_message(self: Runtime) -> None:
    """Wake the loop, unless it is already woken (each wake is a write to the loop's own pipe from the run's
    thread). The loop takes its flag down before it takes the marked sessions, so a session marked while the
    flag is up is visited either way."""
    objs = self._get_async_objs()
    if not objs.need_send_data.is_set():
        objs.eventloop.call_soon_threadsafe(objs.need_send_data.set)


def install() -> None:
    """Mark each session as it queues a message, and give the runtime its loop (once per process; later calls
    do nothing). Before the runtime starts: its loop starts with it."""
    if getattr(Runtime, _INSTALLED, False):
        return
    made: Callable[..., None] = AppSession.__init__

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

    AppSession.__init__ = session_made  # type: ignore[method-assign]
    Runtime._loop_coroutine = _loop_coroutine  # type: ignore[method-assign]
    Runtime._enqueued_some_message = _enqueued_some_message  # type: ignore[method-assign]
    setattr(Runtime, _INSTALLED, True)
