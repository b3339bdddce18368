"""Waking a session's page from another thread: the one place that uses Streamlit's runtime from outside a
page's run, for :mod:`trainer.web.push`.

Streamlit runs a page when its browser asks; it has no public way for the server to run a page again by
itself. It does so in one case, a source file saved while an app runs, and :func:`wake` does what that does:
on the runtime's event loop, once the session has no run going, it starts a run of the page the session
shows, with the address it shows and its widgets as they are, as ``st.rerun()`` from the page would. A
session that is running a page is not disturbed (a click's run is never cut short): the wake waits until it
is done. A session whose browser is away, or that went to another page, is left alone.

A page that draws what it shows inside a part of its own (an ``st.fragment``: :func:`trainer.web.ui.page_part`)
is woken to run that part alone, as a click in it would: not the app's menu, sign-in and language chooser
around it. Where the session no longer holds that part (a whole run since dropped it), the whole page runs.

A page whose change is one element's, with nothing else on it to change (a child waiting at a table: the table's
one sheet above the Leave button), need not run at all: :func:`kept_message` keeps a copy of the message that
element went out in, and :func:`repaint` sends it again with the element's new text, on the event loop, while
the session has no run going, in the place of the old one (the browser puts an element where its message says,
in a run or out of one). A repaint the page cannot have (its drawing says no, or a run is going) is a wake.

This leans on names Streamlit keeps to itself (``Runtime._session_mgr``, ``AppSession._scriptrunner``,
``AppSession._client_state``, ``AppSession._create_scriptrunner``, ``AppSession.has_fragment``, ``RerunData``,
``ThreadState`` for the part a run is in; ``ScriptRunContext.enqueue``, ``AppSession._enqueue_forward_msg`` and
``populate_hash_if_needed`` for a repaint); :func:`supported` is
``True`` only where the installed Streamlit is the one they were read from (:data:`WRITTEN`, checked as every
module of :mod:`trainer.web.runtime` checks its own), and only with the runtime running (a page under AppTest
has none): elsewhere the pages ask the store by themselves, slowly, as before.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime import Runtime
from streamlit.runtime.app_session import AppSession, AppSessionState
from streamlit.runtime.forward_msg_cache import populate_hash_if_needed
from streamlit.runtime.runtime import RuntimeState
from streamlit.runtime.scriptrunner import get_script_run_ctx
from streamlit.runtime.scriptrunner_utils.script_requests import RerunData
from streamlit.runtime.scriptrunner_utils.script_run_context import ThreadState

from trainer.web.runtime import guard

log = logging.getLogger("fives_trainer")
T = TypeVar("T")

WRITTEN = guard.Written(
    name="waking",
    versions={"streamlit": "1.67.0"},
    sources={"streamlit.runtime.app_session:AppSession._create_scriptrunner": "b9faa35f48cbc177",
             "streamlit.runtime.scriptrunner_utils.script_requests:RerunData": "9c18f36eb57a9198",
             "streamlit.runtime.scriptrunner_utils.script_run_context:ScriptRunContext.enqueue": "c21a2957375e89cd",
             "streamlit.runtime.app_session:AppSession._enqueue_forward_msg": "036c935c2804003e",
             "streamlit.runtime.forward_msg_cache:populate_hash_if_needed": "c46a67ffbde728a9"},
    names=("streamlit.runtime.app_session:AppSession.request_rerun",
           "streamlit.runtime.app_session:AppSession.has_fragment",
           "streamlit.runtime.runtime:Runtime._get_async_objs",
           "streamlit.runtime.scriptrunner_utils.script_run_context:ThreadState"),
)
"""What this module was read from: Streamlit 1.67's way to start a session's run (:mod:`trainer.web.runtime.guard`)."""
_RUNNING = (RuntimeState.NO_SESSIONS_CONNECTED, RuntimeState.ONE_OR_MORE_SESSIONS_CONNECTED)
BUSY_RETRY = 0.05
"""How often a wake looks again while the session is running a page (seconds)."""
BUSY_TRIES = 200
"""How many times it looks (ten seconds) before it leaves the wake to the page's own slow look."""


def supported() -> bool:
    """Pages can be woken here: a Streamlit version this module knows, with its runtime running (a page under
    AppTest runs with a stand-in for the runtime, which is not)."""
    if not _matches() or not Runtime.exists():
        return False
    runtime = Runtime.instance()
    return type(runtime) is Runtime and runtime._state in _RUNNING


@functools.cache
def _matches() -> bool:
    """The installed Streamlit is the one this module was read from (one warning, once, where it is not)."""
    return guard.may_install(WRITTEN)


@dataclass(frozen=True)
class Place:
    """A session and the page it showed when it asked to be woken."""

    session_id: str
    page: str
    """The page's script hash (a session that went to another page is not woken)."""
    part: str = ""
    """The page's part (``st.fragment``) that drew it, if any: the wake runs that part alone."""


def here() -> Place | None:
    """This run's session, page and the part of the page the caller is in (``None`` outside a page's run)."""
    ctx = get_script_run_ctx()
    if ctx is None:
        return None
    try:
        part = ThreadState.get().fragment_id or ""
    except RuntimeError:  # no part known on this thread: the whole page is woken
        part = ""
    return Place(ctx.session_id, ctx.page_script_hash, part)


def showing(place: Place) -> bool:
    """The session's browser is connected and its last run was of the page of ``place`` (any thread)."""
    if not supported():
        return False
    info = Runtime.instance()._session_mgr.get_active_session_info(place.session_id)
    return info is not None and info.session._client_state.page_script_hash == place.page


def gone(session_id: str) -> bool:
    """The session is closed for good (its browser will not come back to it)."""
    if not supported():
        return True
    return Runtime.instance()._session_mgr.get_session_info(session_id) is None


def wake(place: Place, wanted: Callable[[], bool]) -> None:
    """From any thread: run the page of ``place`` again (its part alone, where it has one), once the session is
    not running one, if ``wanted()`` still says so then (it is asked on the event loop, just before)."""
    _on_the_loop(_wake, place, wanted, 0)


def _on_the_loop(task: Callable[..., None], *args: object) -> None:
    """``task(runtime, loop, *args)`` on the runtime's event loop, from any thread (nothing once it is closed)."""
    if not supported():
        return
    runtime = Runtime.instance()
    loop = runtime._get_async_objs().eventloop
    try:
        loop.call_soon_threadsafe(task, runtime, loop, *args)
    except RuntimeError:  # the loop is closed: the server is stopping
        pass


def _session(runtime: Runtime, place: Place, wanted: Callable[[], bool]) -> AppSession | None:
    """On the loop: the session of ``place``, if ``wanted()`` still and its browser is here (one that is away
    runs the page itself when it is back)."""
    if not wanted():
        return None
    info = runtime._session_mgr.get_active_session_info(place.session_id)
    return None if info is None else info.session


def _wake(runtime: Runtime, loop: asyncio.AbstractEventLoop, place: Place, wanted: Callable[[], bool],
          tries: int) -> None:
    session = _session(runtime, place, wanted)
    if session is None or session._state == AppSessionState.SHUTDOWN_REQUESTED:
        return
    if session._scriptrunner is not None:  # a run is going: never cut it short
        if tries < BUSY_TRIES:
            loop.call_later(BUSY_RETRY, _wake, runtime, loop, place, wanted, tries + 1)
        return
    last = session._client_state
    if last.page_script_hash != place.page:
        return  # the child went to another page
    part = [place.part] if place.part and session.has_fragment(place.part) else []
    try:
        session._create_scriptrunner(RerunData(
            query_string=last.query_string, page_script_hash=last.page_script_hash,
            fragment_id_queue=part, is_fragment_scoped_rerun=bool(part),
            context_info=last.context_info if last.HasField("context_info") else None))
    except Exception:  # a session that cannot be woken asks by itself, slowly
        log.exception("a page could not be woken")


def kept_message(send: Callable[[], T]) -> tuple[T, ForwardMsg | None]:
    """In a page's run: ``send()`` (one element put on the page) and a copy of the message it went out in, for
    :func:`repaint` (``None`` when it was not exactly one element's new message, or outside a run)."""
    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None or not supported():
        return send(), None
    sent: list[ForwardMsg] = []
    enqueue = ctx.enqueue

    def keeping(msg: ForwardMsg) -> None:
        enqueue(msg)  # Streamlit's own: the part's id, the page's hash and the message's hash are set in it
        kept = ForwardMsg()
        kept.CopyFrom(msg)
        sent.append(kept)

    ctx.enqueue = keeping  # type: ignore[method-assign]
    try:
        got = send()
    finally:
        del ctx.enqueue
    one = sent[0] if len(sent) == 1 else None
    if one is None or one.WhichOneof("type") != "delta" or one.delta.WhichOneof("type") != "new_element":
        return got, None
    return got, one


def markdown_again(message: ForwardMsg, body: str) -> ForwardMsg:
    """The markdown element's message of :func:`kept_message` with a new text (and its own hash)."""
    msg = ForwardMsg()
    msg.CopyFrom(message)
    msg.delta.new_element.markdown.body = body
    msg.hash = ""
    msg.metadata.cacheable = False
    populate_hash_if_needed(msg)
    return msg


def repaint(place: Place, message: ForwardMsg, draw: Callable[[], str | None], wanted: Callable[[], bool]) -> None:
    """From any thread: send the markdown element of ``message`` (:func:`kept_message`) again with the text
    ``draw()`` gives, on the event loop, while the session of ``place`` runs nothing and still shows its page and
    part; where ``draw()`` gives ``None`` (the page must run to show what changed), or a run is going, the page is
    woken instead (:func:`wake`). While a run is going, it waits for its end, as a wake does (the run may have drawn
    the change itself, or another page: ``wanted()`` and ``draw()`` are asked after it)."""
    _on_the_loop(_repaint, place, message, draw, wanted, 0)


def _repaint(runtime: Runtime, loop: asyncio.AbstractEventLoop, place: Place, message: ForwardMsg,
             draw: Callable[[], str | None], wanted: Callable[[], bool], tries: int) -> None:
    session = _session(runtime, place, wanted)
    if session is None:
        return
    if session._scriptrunner is not None and tries < BUSY_TRIES:  # a run going (or just ending): after it
        loop.call_later(BUSY_RETRY, _repaint, runtime, loop, place, message, draw, wanted, tries + 1)
        return
    if (session._state == AppSessionState.SHUTDOWN_REQUESTED or session._scriptrunner is not None
            or session._client_state.page_script_hash != place.page
            or not (place.part and session.has_fragment(place.part))):
        _wake(runtime, loop, place, wanted, 0)  # a run going, or the page is not as it was drawn: it runs
        return
    try:
        body = draw()
    except Exception:
        log.exception("a page could not be drawn again without a run")
        body = None
    if body is None:
        _wake(runtime, loop, place, wanted, 0)
        return
    session._enqueue_forward_msg(markdown_again(message, body))
