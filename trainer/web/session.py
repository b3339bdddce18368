"""Who is using this browser session, and the progress store behind them: the store (one per process),
the session's record, the signed-in learner and their practice, the class a teacher
opened, and the notices every page shows. Signing in and out is :mod:`trainer.web.signin`; what the browser
itself keeps is :mod:`trainer.web.device`.

A signed-in learner's code rides in the address (``?me=KQ7M-XR4P``), so a reload, a new tab or a shared puzzle
link keeps them; their progress is rebuilt from the stored answers. Everything about a learner lives in
``st.session_state`` and the store: the learner under ``"me"``, their practice under ``"practice"``, and the
rest of the session in one :class:`~trainer.web.pagestate.SessionState` under ``"session"``.
"""

from __future__ import annotations

import logging
import os
import threading

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from trainer.learning.outbox import AnswerSaver
from trainer.learning.practice import Practice
from trainer.learning.progress import Progress
from trainer.serving.forwarded import client_address
from trainer.serving.serve import FORWARDED
from trainer.store import Learner, Store, default_url, open_store
from trainer.web import pagestate
from trainer.web.pagestate import SessionState

log = logging.getLogger("fives_trainer")


_STORES: dict[str, Store] = {}
_OPENING = threading.Lock()


def _open(url: str) -> Store:
    """One store per address for the whole process, shared by every session (a plain dictionary: a
    resource cache would hash the address again on every call, several times a click)."""
    found = _STORES.get(url)
    if found is None:
        with _OPENING:
            found = _STORES.get(url)
            if found is None:
                found = _STORES[url] = open_store(url)
    return found


def store() -> Store | None:
    """The progress store, or ``None`` if it cannot be opened (the app then works without saving,
    and says so)."""
    try:
        return _open(default_url())
    except Exception:
        if os.environ.get("FIVES_STRICT"):
            raise
        log.exception("the progress store could not be opened")
        return None


def learner_progress(s: Store, code: str) -> Progress:
    """A learner's progress rebuilt from their stored answers, Sprint answers, placement check and the coach's
    stages chosen by hand."""
    return Progress.from_attempts(s.attempts(code), s.sprint_answers(code), placement=s.placement(code),
                                  choices=s.stage_choices(code))


def saver() -> AnswerSaver | None:
    """The signed-in learner's outbox, if any."""
    found = getattr(st.session_state.get("practice"), "on_attempt", None)
    return found if isinstance(found, AnswerSaver) else None


def state() -> SessionState:
    """This session's record (changed only here, in :mod:`trainer.web.session`)."""
    return pagestate.session()


def clients() -> tuple[str, ...]:
    """Who is asking, for the store's limits on code and key checks: this browser session and,
    where known, the client's address. Behind the balancer every connection comes from it, so the address
    is the one it forwards (``X-Forwarded-For``, which it sets itself: see
    :data:`trainer.serving.serve.FORWARDED`); on a connection from any other address that header is the
    client's to write, so it is never believed (:func:`trainer.serving.forwarded.client_address`)."""
    out = [f"session:{state().client}"]
    address = getattr(st.context, "ip_address", None)
    balancers = os.environ.get(FORWARDED, "")
    if balancers:
        headers = st.context.headers
        address = client_address(address, headers.get("X-Forwarded-For") if headers else None, balancers)
    if address:
        out.append(f"address:{address}")
    return tuple(out)


def me() -> Learner | None:
    """The signed-in learner of this session, if any."""
    return st.session_state.get("me")


def opened_class() -> tuple[str, str] | None:
    """The class a teacher opened in this browser: (class code, teacher key)."""
    return state().teacher


def teach(code: str, key: str) -> None:
    """This session's teacher has opened the class (its key fitted)."""
    state().teacher = (code, key)


def stop_teaching() -> None:
    state().teacher = None


def take_notices() -> tuple[str | None, bool]:
    """The notice for whoever is here, and whether answers were saved again after an outage: each
    said once."""
    here = state()
    said = here.notice, here.saved_again
    here.notice, here.saved_again = None, False
    return said


def take_notice() -> str | None:
    """A callback's notice alone (:func:`take_notices`), for a part of a page that runs by itself."""
    here = state()
    notice, here.notice = here.notice, None
    return notice


def say(text: str) -> None:
    """A notice for the top of the next page drawn (a widget callback that went wrong says so)."""
    state().notice = text


def practice() -> Practice:
    """This session's practice state: the signed-in learner's, or a guest's (app.py has matched the
    session to the address's ``?me=`` before any page runs)."""
    if "practice" not in st.session_state:
        st.session_state["practice"] = Practice()
    return st.session_state["practice"]


def session_id() -> str:
    """This browser session's id (a reload, or a reconnect to another app process, is another session)."""
    ctx = get_script_run_ctx(suppress_warning=True)
    return ctx.session_id if ctx is not None else ""
