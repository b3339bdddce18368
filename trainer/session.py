"""Who is using this browser session, and the progress store behind them (the pages' glue to
:mod:`trainer.store`).

A signed-in learner's code rides in the address (``?me=KQ7M-XR4P``), so a reload, a new tab or a
shared puzzle link keeps them; their progress is rebuilt from the stored answers. The store's
engine is the only thing kept in ``st.cache_resource``; everything about a learner lives in
``st.session_state`` and the store.
"""

from __future__ import annotations

import html
import logging
import os
from dataclasses import dataclass

import streamlit as st

from trainer.practice import Practice
from trainer.progress import Attempt, Progress
from trainer.store import Learner, Store, StoreError, default_url, open_store

log = logging.getLogger("fives_trainer")
STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
with open(os.path.join(STATIC, "device.js"), encoding="utf-8") as _f:
    device_component = st.components.v2.component("fives_device", js=_f.read())


DEVICE_ASKS = 3
"""How many runs a page asks the browser what it remembers before giving up."""


@st.cache_resource(show_spinner=False)
def _open(url: str) -> Store:
    return open_store(url)


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


@dataclass
class Saver:
    """Keeps each answer in the store as it is given (``Practice.on_attempt``). If the database is
    away, the answer stays in the session and the page says it was not saved."""

    code: str
    failed: int = 0

    def __call__(self, attempt: Attempt) -> None:
        s = store()
        try:
            if s is None:
                raise RuntimeError("no store")
            s.record(self.code, attempt)
        except Exception:
            if os.environ.get("FIVES_STRICT"):
                raise
            log.exception("an answer could not be saved")
            self.failed += 1


def me() -> Learner | None:
    """The signed-in learner of this session, if any."""
    return st.session_state.get("me")


_LITERAL = {ord(ch): f"&#{ord(ch)};" for ch in "&<>\"'`*_{}[]()#+!|~:$=\\"}


def literal(text: str) -> str:
    """Stored text (a nickname, a class name) as HTML that shows exactly what was typed: no
    entities, no Markdown, no math, no icons or emoji short codes. For :func:`show_html` and
    widget labels only.

    >>> literal("O'Neil $x^2$ :smile:")
    'O&#39;Neil &#36;x^2&#36; &#58;smile&#58;'
    """
    return str(text).translate(_LITERAL)


def show_html(html_text: str, *, tag: str = "div", css: str = "") -> None:
    """A line of our own HTML (with names made :func:`literal`) as one block, never read as Markdown."""
    style = f' style="{css}"' if css else ""
    st.markdown(f"<{tag}{style}>{html_text}</{tag}>", unsafe_allow_html=True)


def follow_address() -> None:
    """Match the session to the address: ``?me=`` signs that learner in (a reload, a new tab); a
    signed-in session puts its code back in the address when a page change dropped it."""
    given = st.query_params.get("me")
    current = me()
    if given:
        if current is not None and given.upper().replace(" ", "") == current.code:
            return
        if st.session_state.get("_me_tried") == given:
            return  # a code that did not work is reported once
        st.session_state["_me_tried"] = given
        s = store()
        try:
            found = s.learner(given) if s is not None else None
            if found is not None:
                sign_in(found)
                return
        except Exception:
            if os.environ.get("FIVES_STRICT"):
                raise
            log.exception("a learner could not be signed in")
            found = None
        if found is None:
            st.session_state["me_notice"] = ("That learner code didn't work. Check it on your card, or sign in "
                                             "again on the Sign in page.")
            del st.query_params["me"]
            if current is not None:
                st.query_params["me"] = current.code
    elif current is not None:
        st.query_params["me"] = current.code


def sign_in(learner: Learner, *, carry_over: bool = False) -> None:
    """Make ``learner`` this session's learner; their progress comes from the store. With
    ``carry_over`` the answers given so far as a guest are kept as theirs."""
    s = store()
    if s is None:
        raise StoreError("Saving progress is not working right now. You can still practise.")
    guest = st.session_state.get("practice")
    if carry_over and me() is None and guest is not None and guest.progress.attempts:
        s.record_many(learner.code, guest.progress.attempts)
    practice = Practice(progress=Progress.from_attempts(s.attempts(learner.code)), on_attempt=Saver(learner.code))
    st.session_state["practice"] = practice
    st.session_state["me"] = learner
    st.session_state["_me_tried"] = learner.code
    st.session_state.pop("guided", None)  # their own saved game (if any) opens on Play
    st.session_state.pop("_game_saved", None)
    st.session_state.pop("_game_checked", None)
    st.query_params["me"] = learner.code


def sign_out() -> None:
    """This device forgets the learner (their answers stay in the store, under their code)."""
    for key in ("me", "practice", "guided", "_game_saved", "_game_checked", "_me_tried", "_device_saved"):
        st.session_state.pop(key, None)
    st.session_state["_device"] = {}
    st.session_state["_device_forget"] = True
    if "me" in st.query_params:
        del st.query_params["me"]


def remember_on_device() -> None:
    """This browser keeps the signed-in learner's code and nickname (its own local storage), so the
    next visit can ask "Continue as Blue Fox?"; after a sign-out it forgets them."""
    current = me()
    if st.session_state.pop("_device_forget", False):
        device_component(data={"forget": True}, key="device-forget")
        return
    if current is not None and st.session_state.get("_device_saved") != current.code:
        st.session_state["_device_saved"] = current.code
        device_component(data={"save_code": current.code, "save_nickname": current.nickname},
                         key=f"device-save-{current.code}")


def remembered() -> dict | None:
    """What this browser remembers (``{"code", "nickname"}``), once it has said; asks it otherwise."""
    if "_device" in st.session_state:
        return st.session_state["_device"] or None
    # a browser answers at once; one that has not after a few runs is not asked again (each ask
    # is a component on the page)
    asks = st.session_state.get("_device_asks", 0)
    if asks >= DEVICE_ASKS:
        return None
    st.session_state["_device_asks"] = asks + 1
    result = device_component(data={"read": True}, key="device-read", on_remembered_change=lambda: None)
    value = getattr(result, "remembered", None) if result is not None else None
    if isinstance(value, dict):
        st.session_state["_device"] = value
        return value or None
    return None


def continue_prompt() -> None:
    """A guest on a device that remembers a learner: "Continue as Blue Fox?"."""
    if me() is not None or st.session_state.get("_device_declined"):
        return
    known = remembered()
    if not known or not isinstance(known.get("code"), str):
        return
    s = store()
    learner = s.learner(known["code"]) if s is not None else None
    if learner is None:
        st.session_state["_device"] = {}
        return
    with st.container(border=True, horizontal=True, vertical_alignment="center"):
        show_html(f"<b>Continue as {literal(learner.nickname)}?</b>")
        st.button("Yes, that's me", type="primary", key="continue-yes", on_click=sign_in, args=(learner,))
        st.button("No, I'm someone else", key="continue-no", on_click=decline)


def decline() -> None:
    st.session_state["_device_declined"] = True
    st.session_state["_device"] = {}
    st.session_state["_device_forget"] = True


def practice() -> Practice:
    """This session's practice state: the signed-in learner's, or a guest's (app.py has matched the
    session to the address's ``?me=`` before any page runs)."""
    if "practice" not in st.session_state:
        st.session_state["practice"] = Practice()
    return st.session_state["practice"]
