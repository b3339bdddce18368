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

A run's thread also hands its events (its start, each message it queues, its end) to the event loop in
batches. Streamlit calls the loop once per event, a write to the loop's own pipe and a turn of the loop
each: a click's fifteen messages cost half a millisecond in writes alone. An event joins its session's
line; the loop is called for a run's start and end, and for a message only when nobody is watching the
line. While a run goes on, the loop looks at the line every few milliseconds by itself, so a long run's
messages (a spinner's, say) still reach the browser as they come. The loop handles the line in order, as
Streamlit would have one by one, and before a click's request to run again (which may stop the run and
start another). And the loop's wake for sending is put up directly when the loop itself
queues the message.

Last, the frames a turn of the loop sends down one websocket go out in one write (:func:`_send_frame`): the
server wrote each message to its socket by itself, a system call each, and a balancer in front read and
wrote each again. And a message the loop sends goes straight into its websocket's frames when nothing
waits before it (:func:`_write_forward_msg`): Streamlit put each message on a queue for a task that handed
it, one by one, through every layer of the web framework to the websocket.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime import runtime as streamlit_runtime
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.runtime import Runtime, RuntimeState
from streamlit.runtime.runtime_util import serialize_forward_msg
from streamlit.runtime.scriptrunner import ScriptRunnerEvent
from streamlit.runtime.session_manager import ActiveSessionInfo, SessionClientDisconnectedError, SessionManager
from streamlit.web.server.starlette.starlette_websocket import StarletteSessionClient
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

from trainer.web.runtime import guard

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
    """Streamlit's ``Runtime._loop_coroutine`` (1.67), with the flush of :func:`_send_waiting`, and no wait (two
    tasks made and one cancelled) when messages were queued during the pause after a flush."""
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
            if async_objs.need_send_data.is_set() and not async_objs.must_stop.is_set():
                continue  # messages came during the pause: sent at once, without the two tasks of a wait
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


def _on_the_loop(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:  # a thread with no loop running
        return False


def _enqueued_some_message(self: Runtime) -> None:
    """Wake the loop, unless it is already woken. From the loop itself (where a run's messages are queued)
    the flag is put up directly; from another thread, through the loop's own pipe. The loop takes its flag
    down before it takes the marked sessions, so a session marked while the flag is up is visited either
    way."""
    objs = self._get_async_objs()
    if objs.need_send_data.is_set():
        return
    if _on_the_loop(objs.eventloop):
        objs.need_send_data.set()
    else:
        objs.eventloop.call_soon_threadsafe(objs.need_send_data.set)


_LOOK_AGAIN_SECS = 0.01
"""While a run goes on, how often the loop looks at its session's line unasked: a run's messages reach the
browser within this, and its end at once."""


class _Events:
    """One session's line of events from its runs, waiting for the event loop (``deque.append`` and
    ``popleft`` hold the interpreter's lock: a run's thread appends, the loop takes)."""

    __slots__ = ("line", "watched", "looking", "called")

    def __init__(self) -> None:
        self.line: deque[tuple[Any, ScriptRunnerEvent, dict[str, Any]]] = deque()
        self.watched = False
        """The loop will look at the line again unasked (set by a run's thread as it calls the loop, taken
        down by the loop when a look finds the line empty)."""
        self.looking = False
        """A look is due on the loop (the loop's own)."""
        self.called = False
        """A call to the loop is on its way (set by a run's thread as it calls, taken down by the call before
        it reads the line): an event that joins the line meanwhile is read by that call."""


_EVENTS = "_fives_events"


def _events(session: AppSession) -> _Events:
    """The session's line (made with its first event)."""
    found: _Events | None = session.__dict__.get(_EVENTS)
    return found if found is not None else session.__dict__.setdefault(_EVENTS, _Events())


def _on_scriptrunner_event(self: AppSession, sender: Any, event: ScriptRunnerEvent, **details: Any) -> None:
    """Streamlit's ``AppSession._on_scriptrunner_event``, the loop called for a run's start and end and not for
    each message between: the event joins the session's line, and the loop is called when the line is not
    watched, or for any event but a message unless a call is already on its way (a run's end and its
    runner's shutdown come together: one call reads both)."""
    events = _events(self)
    events.line.append((sender, event, details))
    if events.watched and (event == ScriptRunnerEvent.ENQUEUE_FORWARD_MSG or events.called):
        return
    events.watched = True
    events.called = True
    self._call_soon_on_event_loop(lambda: _take_events(self, events))


def _take_all(session: AppSession, events: _Events) -> bool:
    line = events.line
    took = bool(line)
    while line:
        sender, event, details = line.popleft()
        session._handle_scriptrunner_event_on_event_loop(sender, event, **details)
    return took


_request_rerun: Callable[..., None] = AppSession.request_rerun


def _request_rerun_after_the_line(self: AppSession, client_state: Any) -> None:
    """Streamlit's ``request_rerun``, after the events its run has sent so far are handled: a click that stops
    a run (and starts another, with a new runner) would otherwise find them still in the line, and the new
    runner's session would drop them as another runner's."""
    if _on_the_loop(self._event_loop):
        _take_all(self, _events(self))
    _request_rerun(self, client_state)


def _take_events(session: AppSession, events: _Events) -> None:
    """On the loop, called: every event in the line, in order, then a look again in a moment. The call is
    taken down first: an event that joins the line after this read calls the loop again."""
    events.called = False
    _take_all(session, events)
    if not events.looking:
        _look_soon(session, events)


def _look_soon(session: AppSession, events: _Events) -> None:
    events.looking = True
    asyncio.get_running_loop().call_later(_LOOK_AGAIN_SECS, _look_again, session, events)


def _look_again(session: AppSession, events: _Events) -> None:
    """On the loop, unasked: the messages that joined since, and another look while they come. A look that
    finds the line empty takes the watch down, then reads the line once more: an event that joined before
    its thread saw the watch down is read here, and one after calls the loop."""
    events.looking = False
    if _take_all(session, events):
        _look_soon(session, events)
        return
    events.watched = False
    _take_all(session, events)


_WRITE_DUE = "_fives_write_due"
_PROTOCOL = "fives.websocket"
"""Where a websocket's connection keeps a weak reference to itself in the request's scope (for
:func:`_write_forward_msg`; weak, as the connection holds the scope: a closed one goes with its last use)."""
_send_one: Callable[..., Any] = WebSocketsSansIOProtocol.send
_queue_message: Callable[..., None] = StarletteSessionClient.write_forward_msg


async def _send_frame(self: WebSocketsSansIOProtocol, message: Any) -> None:
    """uvicorn's ``send`` for a message on an open websocket: the frame joins the connection's outgoing bytes,
    and one write at the end of this turn of the loop sends every frame that joined. Anything else (the
    handshake, a close) is uvicorn's own, and its write takes the frames waiting before it, in order: every
    write takes all the connection's outgoing bytes. Once the handshake is accepted, the connection keeps
    itself in the request's scope, where :func:`_write_forward_msg` finds it."""
    if (message["type"] != "websocket.send" or not self.handshake_complete or self.close_sent
            or self.initial_response is not None):
        await _send_one(self, message)
        if message["type"] == "websocket.accept" and self.handshake_complete:
            self.scope[_PROTOCOL] = weakref.ref(self)  # type: ignore[literal-required]
        return
    await self.writable.wait()
    if self.disconnected:
        raise ClientDisconnected()
    try:
        data = message.get("bytes")
        if data is not None:
            self.conn.send_binary(data)
        else:
            self.conn.send_text((message.get("text") or "").encode())
    except InvalidState:
        raise ClientDisconnected() from None
    _write_soon(self)


def _write_soon(protocol: WebSocketsSansIOProtocol) -> None:
    if not protocol.__dict__.get(_WRITE_DUE):
        protocol.__dict__[_WRITE_DUE] = True
        protocol.loop.call_soon(_write_frames, protocol)


def _open_for_frames(protocol: WebSocketsSansIOProtocol) -> bool:
    """Whether a frame may join the connection's bytes now: open, accepted, not closing, and not holding back
    for a slow reader (uvicorn's own flow control)."""
    return (protocol.handshake_complete and not protocol.close_sent and protocol.initial_response is None
            and not protocol.disconnected and protocol.writable.is_set())


def _write_forward_msg(self: StarletteSessionClient, msg: ForwardMsg) -> None:
    """Streamlit's ``write_forward_msg``, the message going straight into the websocket's frames when the queue
    before the socket is empty and the connection is open for frames (:func:`_open_for_frames`); otherwise it
    waits in that queue as Streamlit's does, and whatever waits there goes first."""
    found: weakref.ref[WebSocketsSansIOProtocol] | None = self._websocket.scope.get(_PROTOCOL)
    protocol = found() if found is not None else None
    if protocol is None or self._closed.is_set() or not self._send_queue.empty() or not _open_for_frames(protocol):
        _queue_message(self, msg)
        return
    try:
        protocol.conn.send_binary(serialize_forward_msg(msg))
    except InvalidState:  # the connection closed under us: as the queue's sender finds it
        self._closed.set()
        raise SessionClientDisconnectedError from None
    _write_soon(protocol)


def _write_frames(protocol: WebSocketsSansIOProtocol) -> None:
    protocol.__dict__[_WRITE_DUE] = False
    output = protocol.conn.data_to_send()
    if output:
        protocol.transport.write(b"".join(output))


WRITTEN = guard.Written(
    name="sending",
    versions={"streamlit": "1.67.0", "uvicorn": "0.54.0", "websockets": "17.4"},
    sources={
        "streamlit.runtime.app_session:AppSession.__init__": "a91a6923e3793fd7",
        "streamlit.runtime.app_session:AppSession._on_scriptrunner_event": "ad85d5ec989dc8a6",
        "streamlit.runtime.app_session:AppSession._handle_scriptrunner_event_on_event_loop": "595154772c71b329",
        "streamlit.runtime.app_session:AppSession._call_soon_on_event_loop": "f814f6d09f885356",
        "streamlit.runtime.app_session:AppSession.request_rerun": "4cb6506c80c5701a",
        "streamlit.runtime.app_session:AppSession.flush_browser_queue": "eab2bfd86e2a9360",
        "streamlit.runtime.runtime:Runtime._loop_coroutine": "f2bf0cf6b7bd78b7",
        "streamlit.runtime.runtime:Runtime._enqueued_some_message": "bb83a3758a4e237c",
        "streamlit.runtime.runtime:Runtime._send_message": "e763de1c9f3297c1",
        "streamlit.web.server.starlette.starlette_websocket:StarletteSessionClient.__init__": "9c7a50f495d328e5",
        "streamlit.web.server.starlette.starlette_websocket:StarletteSessionClient.write_forward_msg":
            "1f93296eb31104ab",
        "uvicorn.protocols.websockets.websockets_sansio_impl:WebSocketsSansIOProtocol.send": "560baa5c639d3a4c",
    },
    names=("streamlit.runtime.runtime:MESSAGE_FLUSH_INTERVAL_SECS", "streamlit.runtime.runtime:_SIGNAL_CHECK_INTERVAL"),
)
"""What this module was written from: Streamlit 1.67's loop, session and websocket client, uvicorn's websocket
``send`` (:mod:`trainer.web.runtime.guard`)."""

_REPLACED = (
    "streamlit.runtime.app_session:AppSession.__init__",
    "streamlit.runtime.runtime:Runtime._loop_coroutine",
    "streamlit.runtime.runtime:Runtime._enqueued_some_message",
    "streamlit.runtime.app_session:AppSession._on_scriptrunner_event",
    "streamlit.runtime.app_session:AppSession.request_rerun",
    "uvicorn.protocols.websockets.websockets_sansio_impl:WebSocketsSansIOProtocol.send",
    "streamlit.web.server.starlette.starlette_websocket:StarletteSessionClient.write_forward_msg",
)


def installed() -> bool:
    """Whether this process runs the loop, the line of events and the websocket's writes of this module."""
    return bool(getattr(Runtime, _INSTALLED, False))


def install() -> None:
    """Mark each session as it queues a message, and give the runtime its loop (once per process; later calls
    do nothing). Before the runtime starts: its loop starts with it. Nothing is changed, and one warning is
    logged, when the installed libraries differ from :data:`WRITTEN`."""
    if installed() or not guard.may_install(WRITTEN):
        return
    for path in _REPLACED:
        guard.keep_original(path)
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
    AppSession._on_scriptrunner_event = _on_scriptrunner_event  # type: ignore[method-assign,assignment]
    AppSession.request_rerun = _request_rerun_after_the_line  # type: ignore[method-assign]
    WebSocketsSansIOProtocol.send = _send_frame  # type: ignore[method-assign]
    StarletteSessionClient.write_forward_msg = _write_forward_msg  # type: ignore[method-assign]
    setattr(Runtime, _INSTALLED, True)
