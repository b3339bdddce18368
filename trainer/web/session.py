"""Who is using this browser session, and the progress store behind them (the pages' glue to
:mod:`trainer.store`).

A signed-in learner's code rides in the address (``?me=KQ7M-XR4P``), so a reload, a new tab or a
shared puzzle link keeps them; their progress is rebuilt from the stored answers. The store's
engine is the only thing kept in ``st.cache_resource``; everything about a learner lives in
``st.session_state`` and the store: the learner under ``"me"``, their practice under ``"practice"``, and
the rest of the session in one :class:`~trainer.web.pagestate.SessionState` under ``"session"``.
"""

from __future__ import annotations

import json
import logging
import os
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

import streamlit as st

from puzzles import KINDS, STAGES
from trainer.learning.outbox import DecisionSaver, Outbox
from trainer.learning.practice import Practice
from trainer.learning.progress import Attempt, Progress
from trainer.learning.sprint import SprintAnswer
from trainer.learning.transfer import RealGames
from trainer.store import (
    Learner,
    Store,
    StoreError,
    StoreUnavailable,
    TooManyTries,
    default_url,
    open_store,
)
from trainer.store.codes import normalise
from trainer.web import pagestate
from trainer.web.pagestate import SessionState
from trainer.words import errors as error_words
from trainer.words import pages as words

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
class Saver(Outbox[tuple[str, Attempt]]):
    """Keeps each answer in the store as it is given (``Practice.on_attempt``): an outbox
    (:class:`trainer.learning.outbox.Outbox`) of answers, each with its id, also kept in the browser's own
    storage (:func:`outbox_on_device`) so a reload during an outage loses none of them."""

    store: Callable[[], Any] = field(default=lambda: store(), repr=False)
    what: ClassVar[str] = "answers"

    def __call__(self, attempt: Attempt) -> None:  # type: ignore[override]
        super().__call__((uuid.uuid4().hex, attempt))

    def write(self, s: Any, items: list[tuple[str, Attempt]]) -> None:
        s.record_many(self.code, [a for _, a in items], uids=[u for u, _ in items])

    def adopt(self, items: list[tuple[str, Attempt]]) -> int:
        """Take answers an earlier session left waiting (a reload during an outage); returns how many
        were new here."""
        known = {u for u, _ in self.pending}
        new = [(u, a) for u, a in items if u not in known]
        self.pending.extend(new)
        return len(new)


@dataclass
class FactSaver(Outbox[tuple[str, SprintAnswer]]):
    """Keeps each Fives Sprint answer in the store as it is given (``Practice.on_fact``), each with its id."""

    store: Callable[[], Any] = field(default=lambda: store(), repr=False)
    what: ClassVar[str] = "sprint answers"

    def __call__(self, answer: SprintAnswer) -> None:  # type: ignore[override]
        super().__call__((uuid.uuid4().hex, answer))

    def write(self, s: Any, items: list[tuple[str, SprintAnswer]]) -> None:
        s.record_sprint(self.code, [a for _, a in items], uids=[u for u, _ in items])


def learner_progress(s: Store, code: str) -> Progress:
    """A learner's progress rebuilt from their stored answers and Sprint answers."""
    return Progress.from_attempts(s.attempts(code), s.sprint_answers(code))


def saver() -> Saver | None:
    """The signed-in learner's outbox, if any."""
    found = getattr(st.session_state.get("practice"), "on_attempt", None)
    return found if isinstance(found, Saver) else None


def state() -> SessionState:
    """This session's record (changed only here, in :mod:`trainer.web.session`)."""
    return pagestate.session()


def clients() -> tuple[str, ...]:
    """Who is asking, for the store's limits on code and key checks: this browser session and,
    where known, the client's address (behind ``make serve``'s HAProxy, the address it forwards)."""
    out = [f"session:{state().client}"]
    address = getattr(st.context, "ip_address", None)
    if address in ("127.0.0.1", "::1"):
        forwarded = (st.context.headers or {}).get("X-Forwarded-For") or ""
        address = forwarded.split(",")[-1].strip() or address
    if address:
        out.append(f"address:{address}")
    return tuple(out)


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
    signed-in session puts its code back in the address when a page change dropped it. While the
    store is away a well-formed code keeps the learner signed in (:func:`sign_in_waiting`)."""
    given = st.query_params.get("me")
    current = me()
    if given:
        if current is not None and normalise(given) == current.code:
            return
        if state().tried_code == given:
            return  # a code that did not work is reported once
        state().tried_code = given
        s = store()
        problem = error_words.code_did_not_work()
        try:
            if s is None:
                raise StoreUnavailable()
            found = s.learner(given, clients=clients())
        except TooManyTries as err:
            found, problem = None, str(err)
        except StoreError:
            code = normalise(given)
            if code is not None:
                sign_in_waiting(code)
                return
            found = None
        if found is not None:
            sign_in(found)
            return
        state().notice = problem
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
        raise StoreUnavailable("saving-off")
    guest = st.session_state.get("practice")
    outbox = Saver(learner.code)
    if carry_over and me() is None and guest is not None and guest.progress.attempts:
        outbox.adopt([(uuid.uuid4().hex, a) for a in guest.progress.attempts])
        if not outbox.flush(force=True):
            raise StoreUnavailable("saving-off")
    if carry_over and me() is None and guest is not None and guest.progress.facts.answers:
        FactSaver(learner.code, pending=[(uuid.uuid4().hex, f) for f in guest.progress.facts.answers]).flush()
    practice = Practice(progress=learner_progress(s, learner.code), on_attempt=outbox,
                        on_fact=FactSaver(learner.code))
    decided = DecisionSaver(learner.code, store)
    if carry_over and me() is None and guest is not None and guest.games.decisions:
        decided.pending.extend(guest.games.decisions)
        decided.flush(force=True)  # what could not be written yet waits in the outbox
    practice.games = RealGames.from_decisions(s.decisions(learner.code), s.game_puzzles_practised(learner.code))
    for d in decided.pending:
        practice.games.add(d)
    practice.on_decision = decided
    reset_learner()
    st.session_state["practice"] = practice
    st.session_state["me"] = learner
    state().tried_code = learner.code
    st.query_params["me"] = learner.code


def sign_in_kindly(learner: Learner) -> None:
    """:func:`sign_in` for a button: a store that is away gets a calm notice, never an error."""
    try:
        sign_in(learner)
    except StoreError as err:
        state().notice = str(err)


def sign_in_waiting(code: str) -> None:
    """Keep ``code`` signed in while the store cannot be asked (a reload during an outage): answers go
    to the outbox, and :func:`reconcile` checks the code and rebuilds the progress once the store is
    back."""
    known = state().device or {}
    nickname = known.get("nickname") if known.get("code") == code and isinstance(known.get("nickname"), str) else code
    reset_learner()
    st.session_state["practice"] = Practice(on_attempt=Saver(code), on_fact=FactSaver(code),
                                            on_decision=DecisionSaver(code, store))
    st.session_state["me"] = Learner(code, nickname)
    state().waiting = True
    state().tried_code = code
    st.query_params["me"] = code


def reset_learner() -> None:
    """Forget what belongs to this session's learner: the one place that does, on every sign-in and
    sign-out. The learner and their practice (with its outbox) go; every page record forgets its
    learner's part (the game and its saved-game bookkeeping, the live lesson, the outbox's copy on the
    browser, the outage state: see :func:`trainer.web.pagestate.forget_learner`)."""
    for key in pagestate.LEARNER_KEYS:
        st.session_state.pop(key, None)
    pagestate.forget_learner()


def sign_out() -> None:
    """This device forgets the learner (their answers stay in the store, under their code)."""
    reset_learner()
    here = state()
    here.tried_code = None
    here.device_saved = None
    here.device = {}
    here.device_forget = True
    if "me" in st.query_params:
        del st.query_params["me"]


def reconcile() -> None:
    """Once per page run: write answers waiting in the outbox, finish a sign-in that waited for the
    store, take answers an earlier session of this browser left waiting, and sign out kindly a
    learner the store no longer knows. Notices go to :attr:`SessionState.notice`."""
    current, out, here = me(), saver(), state()
    if current is None or out is None:
        return
    known = (remembered() or {}) if not here.outbox_adopted else {}
    if known.get("code") == current.code and not here.outbox_adopted:
        here.outbox_adopted = True
        out.adopt(outbox_from_device(known.get("outbox")))
    if here.waiting:
        s = store()
        if s is None or s.health() is not None:
            return
        try:
            found = s.learner(current.code)
        except StoreError:
            return
        if found is None:
            sign_out()
            here.notice = error_words.code_did_not_work()
            return
        st.session_state["me"] = found
        here.waiting = False
        if out.flush(force=True):
            try:
                st.session_state["practice"].progress = learner_progress(s, found.code)
                reload_games(st.session_state["practice"], s, found.code)
            except StoreError:
                pass
    had = bool(out.pending)
    if had and out.flush() and out.failed:
        here.saved_again = True
    decided = getattr(st.session_state.get("practice"), "on_decision", None)
    if isinstance(decided, DecisionSaver) and decided.pending:
        decided.flush()
    if out.gone:
        removed(current)


def reload_games(practice: Practice, s: Store, code: str) -> None:
    """The learner's decisions in real games as the store has them, with those made here meanwhile."""
    games = RealGames.from_decisions(s.decisions(code), s.game_puzzles_practised(code))
    for d in practice.games.decisions:
        games.add(d)
    games.served = {**practice.games.served, **games.served}
    practice.games = games


def removed(learner: Learner) -> None:
    """The store no longer knows the learner (their teacher removed them): they go on as a guest,
    keeping what is on screen, and are told why."""
    kept = st.session_state.get("practice")
    sign_out()
    if kept is not None:
        kept.on_attempt = kept.on_decision = None
        st.session_state["practice"] = kept
    state().notice = error_words.learner_removed(learner.code)


def clean_address(names: tuple[str, ...]) -> None:
    """Ask the browser to drop these parameters from its address in place (``history.replaceState``),
    so the entry it keeps in its history no longer holds them (a teacher key in an old link)."""
    device_component(data={"clean": " ".join(names)}, key="device-clean", on_cleaned_change=lambda: None)


def remember_teacher(code: str, key: str) -> None:
    """This browser keeps the teacher's class open (its own local storage) until they close it here."""
    device_component(data={"save_teacher": json.dumps({"code": code, "key": key})}, key=f"device-teacher-{code}")


def forget_teacher() -> None:
    here = state()
    here.device = {k: v for k, v in (here.device or {}).items() if k != "teacher"}
    here.teacher_forgets += 1
    device_component(data={"forget_teacher": True}, key=f"device-teacher-forget-{here.teacher_forgets}")


def opened_class() -> tuple[str, str] | None:
    """The class a teacher opened in this browser: (class code, teacher key)."""
    return state().teacher


def teach(code: str, key: str) -> None:
    """This session's teacher has opened the class (its key fitted)."""
    state().teacher = (code, key)


def stop_teaching() -> None:
    state().teacher = None


def remembered_teacher() -> tuple[str, str] | None:
    """The class this browser keeps open for its teacher, once the browser has said."""
    raw = (remembered() or {}).get("teacher")
    try:
        data = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        return None
    if isinstance(data, dict) and isinstance(data.get("code"), str) and isinstance(data.get("key"), str):
        return data["code"][:20], data["key"][:60]
    return None


def outbox_on_device(out: Saver) -> None:
    """This browser keeps a copy of the answers waiting in the outbox (its own local storage), so a
    reload during an outage loses none of them; the copy is cleared once they are saved."""
    here = state()
    items = [[u, asdict(a)] for u, a in out.pending]
    text = json.dumps({"code": out.code, "items": items}) if items else ""
    if text != here.outbox_sent:
        here.outbox_sent = text
        here.outbox_n += 1
        device_component(data={"outbox": text}, key=f"device-outbox-{here.outbox_n}")


def outbox_from_device(value: object) -> list[tuple[str, Attempt]]:
    """Answers this browser kept (see :func:`outbox_on_device`); anything malformed is left out."""
    out: list[tuple[str, Attempt]] = []
    try:
        data = json.loads(value) if isinstance(value, str) and value else {}
        items = data.get("items") if isinstance(data, dict) else None
        for uid, fields in items if isinstance(items, list) else []:
            attempt = attempt_from_dict(fields)
            if isinstance(uid, str) and 8 <= len(uid) <= 40 and attempt is not None:
                out.append((uid, attempt))
    except (ValueError, TypeError):
        return out
    return out


def attempt_from_dict(fields: object) -> Attempt | None:
    """An :class:`Attempt` from stored fields, checked field by field (``None`` if anything is off)."""
    if not isinstance(fields, dict):
        return None
    types = {"kind": str, "stage": str, "level": int, "correct": bool, "seconds": (int, float), "code": str,
             "mistake": (str, type(None)), "hinted": bool, "review": str, "origin": str,
             "at": (int, float, type(None))}
    if set(fields) - set(types) or any(k not in fields for k in ("kind", "stage", "level", "correct", "seconds")):
        return None
    if not all(isinstance(v, types[k]) for k, v in fields.items()):
        return None
    if fields["kind"] not in KINDS or fields["stage"] not in STAGES or fields["level"] not in (1, 2, 3):
        return None
    if any(len(v) > 40 for v in fields.values() if isinstance(v, str)):
        return None
    return Attempt(**fields)


def remember_on_device() -> None:
    """This browser keeps the signed-in learner's code and nickname (its own local storage), so the
    next visit can ask "Continue as Blue Fox?"; after a sign-out it forgets them."""
    current, here = me(), state()
    if here.device_forget:
        here.device_forget = False
        device_component(data={"forget": True}, key="device-forget")
        return
    if current is not None and here.device_saved != current.code:
        here.device_saved = current.code
        device_component(data={"save_code": current.code, "save_nickname": current.nickname},
                         key=f"device-save-{current.code}")


def remembered() -> dict | None:
    """What this browser remembers (``{"code", "nickname"}``), once it has said; asks it otherwise."""
    here = state()
    if here.device is not None:
        return here.device or None
    # a browser answers at once; one that has not after a few runs is not asked again (each ask
    # is a component on the page)
    if here.device_asks >= DEVICE_ASKS:
        return None
    here.device_asks += 1
    result = device_component(data={"read": True}, key="device-read", on_remembered_change=lambda: None)
    value = getattr(result, "remembered", None) if result is not None else None
    if isinstance(value, dict):
        here.device = value
        return value or None
    return None


def continue_prompt() -> None:
    """A guest on a device that remembers a learner: "Continue as Blue Fox?"."""
    if me() is not None or state().device_declined:
        return
    known = remembered()
    if not known or not isinstance(known.get("code"), str):
        return
    s = store()
    try:
        learner = s.learner(known["code"], clients=clients()) if s is not None else None
    except TooManyTries:
        return
    except StoreError:
        return  # asked again on a later run, once the store is back
    if learner is None:
        state().device = {}
        return
    with st.container(border=True, horizontal=True, vertical_alignment="center"):
        show_html(words.continue_as(literal(learner.nickname)))
        st.button(words.yes_thats_me(), type="primary", key="continue-yes", on_click=sign_in_kindly, args=(learner,))
        st.button(words.someone_else(), key="continue-no", on_click=decline)


def decline() -> None:
    here = state()
    here.device_declined = True
    here.device = {}
    here.device_forget = True


def take_notices() -> tuple[str | None, bool]:
    """The notice for whoever is here, and whether answers were saved again after an outage: each
    said once."""
    here = state()
    said = here.notice, here.saved_again
    here.notice, here.saved_again = None, False
    return said


def say(text: str) -> None:
    """A notice for the top of the next page drawn (a widget callback that went wrong says so)."""
    state().notice = text


def practice() -> Practice:
    """This session's practice state: the signed-in learner's, or a guest's (app.py has matched the
    session to the address's ``?me=`` before any page runs)."""
    if "practice" not in st.session_state:
        st.session_state["practice"] = Practice()
    return st.session_state["practice"]
