"""Signing a learner in and out of this session, and keeping it matched to the address (``?me=``), the store
and what the browser remembers: the one place that does, on every page run (:func:`follow_address` and
:func:`reconcile`, called by the entry and :func:`trainer.web.ui.run_page`)."""

from __future__ import annotations

import uuid

import streamlit as st

from trainer.learning.outbox import AnswerSaver, ChoiceSaver, DecisionSaver, FactSaver, Outbox
from trainer.learning.practice import Practice
from trainer.learning.transfer import RealGames
from trainer.store import Learner, Store, StoreError, StoreUnavailable, TooManyTries
from trainer.store.codes import normalise
from trainer.web import device, language, pagestate, session
from trainer.web.markup import literal, show_html
from trainer.words import errors as error_words
from trainer.words import pages as words


def _store() -> Store | None:
    """The store as :func:`trainer.web.session.store` gives it when an outbox writes (asked each time)."""
    return session.store()


def follow_address() -> None:
    """Match the session to the address: ``?me=`` signs that learner in (a reload, a new tab); a
    signed-in session puts its code back in the address when a page change dropped it. While the
    store is away a well-formed code keeps the learner signed in (:func:`sign_in_waiting`)."""
    given = st.query_params.get("me")
    current = session.me()
    printed = st.query_params.get("pass")
    if printed and not given:
        follow_pass(printed)
        return
    if given:
        if current is not None and normalise(given) == current.code:
            return
        if session.state().tried_code == given:
            return  # a code that did not work is reported once
        session.state().tried_code = given
        s = session.store()
        problem = error_words.code_did_not_work()
        try:
            if s is None:
                raise StoreUnavailable()
            found = s.learner(given, clients=session.clients())
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
        session.state().notice = problem
        del st.query_params["me"]
        if current is not None:
            st.query_params["me"] = current.code
    elif current is not None and (printed_by := session.state().home_pass) is not None:
        st.query_params["pass"] = printed_by
    elif current is not None:
        st.query_params["me"] = current.code


def follow_pass(token: str) -> None:
    """``?pass=`` (the QR code of a printed report): that token's child signs in, to their own pages only
    (:data:`PASS_PAGES`). A token that does not sign in (expired, switched off by the teacher) is said once,
    and leaves the address."""
    here, current = session.state(), session.me()
    if current is not None and here.home_pass == token:
        return
    if here.tried_pass == token:
        return
    here.tried_pass = token
    s = session.store()
    problem = error_words.pass_did_not_work()
    try:
        found = s.pass_learner(token, clients=session.clients()) if s is not None else None
    except TooManyTries as err:
        found, problem = None, str(err)
    except StoreError as err:
        found, problem = None, str(err)
    if found is not None:
        try:
            sign_in(found, home_pass=token)
            return
        except StoreError as err:
            problem = str(err)
    here.notice = problem
    del st.query_params["pass"]
    if current is not None:
        st.query_params["pass" if here.home_pass else "me"] = here.home_pass or current.code


PASS_PAGES = frozenset({"practice", "sprint", "play", "my_progress", "me", "rules"})
"""The pages a child signed in with a printed token may use: their own practice, games and progress. Not
a table's seat, the live lesson, moving class, or the learner code itself (the sign-in page says so)."""


def limited() -> bool:
    """Whether this session's learner signed in with a printed token (:data:`PASS_PAGES` only)."""
    return session.me() is not None and session.state().home_pass is not None


def sign_in(learner: Learner, *, carry_over: bool = False, home_pass: str | None = None) -> None:
    """Make ``learner`` this session's learner; their progress comes from the store. With
    ``carry_over`` (a learner just made) the answers given so far as a guest are kept as theirs, and so is
    the language the guest chose. With ``home_pass`` they signed in with a printed token: the address carries
    it (``?pass=``), never the learner code."""
    s = session.store()
    if s is None:
        raise StoreUnavailable("saving-off")
    guest = st.session_state.get("practice")
    outbox = AnswerSaver(learner.code, _store)
    if carry_over and session.me() is None and guest is not None and guest.progress.attempts:
        outbox.adopt([(uuid.uuid4().hex, a) for a in guest.progress.attempts])
        if not outbox.flush(force=True):
            raise StoreUnavailable("saving-off")
    if carry_over and session.me() is None and guest is not None and guest.progress.facts.answers:
        FactSaver(learner.code, _store, pending=[(uuid.uuid4().hex, f) for f in guest.progress.facts.answers]).flush()
    if carry_over and session.me() is None:
        language.keep_for(learner.code)
    practice = Practice(progress=session.learner_progress(s, learner.code), on_attempt=outbox,
                        on_fact=FactSaver(learner.code, _store), on_choice=ChoiceSaver(learner.code, _store))
    decided = DecisionSaver(learner.code, _store)
    if carry_over and session.me() is None and guest is not None and guest.games.decisions:
        decided.pending.extend(guest.games.decisions)
        decided.flush(force=True)  # what could not be written yet waits in the outbox
    practice.games = RealGames.from_decisions(s.decisions(learner.code), s.game_puzzles_practised(learner.code))
    for d in decided.pending:
        practice.games.add(d)
    practice.on_decision = decided
    reset_learner()
    st.session_state["practice"] = practice
    st.session_state["me"] = learner
    session.state().tried_code = learner.code
    session.state().home_pass = home_pass
    if home_pass is not None:
        session.state().tried_pass = home_pass
        st.query_params.pop("me", None)
        st.query_params["pass"] = home_pass
    else:
        st.query_params.pop("pass", None)
        st.query_params["me"] = learner.code


def sign_in_kindly(learner: Learner) -> None:
    """:func:`sign_in` for a button: a store that is away gets a calm notice, never an error."""
    try:
        sign_in(learner)
    except StoreError as err:
        session.state().notice = str(err)


def sign_in_waiting(code: str) -> None:
    """Keep ``code`` signed in while the store cannot be asked (a reload during an outage): answers go
    to the outbox, and :func:`reconcile` checks the code and rebuilds the progress once the store is
    back."""
    known = session.state().device or {}
    kept = known.get("nickname")
    nickname = kept if known.get("code") == code and isinstance(kept, str) else code
    reset_learner()
    st.session_state["practice"] = Practice(on_attempt=AnswerSaver(code, _store), on_fact=FactSaver(code, _store),
                                            on_decision=DecisionSaver(code, _store),
                                            on_choice=ChoiceSaver(code, _store))
    st.session_state["me"] = Learner(code, nickname)
    session.state().waiting = True
    session.state().tried_code = code
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
    here = session.state()
    was_printed = here.home_pass is not None
    here.tried_code = None
    here.home_pass = here.tried_pass = None
    here.device_saved = None
    if not was_printed:  # the browser never kept a learner who came by a printed token
        here.device = {}
        here.device_forget = True
    for name in ("me", "pass"):
        if name in st.query_params:
            del st.query_params[name]


def reconcile() -> None:
    """Once per page run: write answers waiting in the outbox, finish a sign-in that waited for the
    store, take answers an earlier session of this browser left waiting, and sign out kindly a
    learner the store no longer knows. Notices go to :attr:`SessionState.notice`."""
    current, out, here = session.me(), session.saver(), session.state()
    if current is None or out is None:
        return
    known = (device.remembered() or {}) if not here.outbox_adopted else {}
    if known.get("code") == current.code and not here.outbox_adopted:
        here.outbox_adopted = True
        device.adopt_kept(st.session_state["practice"], known.get("outbox"))
    if here.waiting:
        s = session.store()
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
                st.session_state["practice"].progress = session.learner_progress(s, found.code)
                reload_games(st.session_state["practice"], s, found.code)
            except StoreError:
                pass
    had = bool(out.pending)
    if had and out.flush() and out.failed:
        here.saved_again = True
    practice = st.session_state.get("practice")
    decided = getattr(practice, "on_decision", None)
    if isinstance(decided, DecisionSaver) and decided.pending:
        decided.flush()
    facts = getattr(practice, "on_fact", None)
    if isinstance(facts, FactSaver) and facts.pending:
        facts.flush()  # Sprint answers waiting from an outage are written from any page, not only the Sprint
    chosen = getattr(practice, "on_choice", None)
    if isinstance(chosen, ChoiceSaver) and chosen.pending:
        chosen.flush()
    # any outbox may be the first to learn it (a Sprint answer, a move in a game): the learner is told at once
    if any(isinstance(box, Outbox) and box.gone for box in (out, decided, facts)):
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
        kept.on_attempt = kept.on_decision = kept.on_fact = kept.on_choice = None
        st.session_state["practice"] = kept
    session.state().notice = error_words.learner_removed(learner.code)


def continue_prompt() -> None:
    """A guest on a device that remembers a learner: "Continue as Blue Fox?"."""
    if session.me() is not None or session.state().device_declined:
        return
    known = device.remembered()
    if not known or not isinstance(known.get("code"), str):
        return
    s = session.store()
    try:
        learner = s.learner(known["code"], clients=session.clients()) if s is not None else None
    except TooManyTries:
        return
    except StoreError:
        return  # asked again on a later run, once the store is back
    if learner is None:
        session.state().device = {}
        return
    with st.container(border=True, horizontal=True, vertical_alignment="center"):
        show_html(words.continue_as(literal(learner.nickname)))
        st.button(words.yes_thats_me(), type="primary", key="continue-yes", on_click=sign_in_kindly, args=(learner,))
        st.button(words.someone_else(), key="continue-no", on_click=decline)


def decline() -> None:
    here = session.state()
    here.device_declined = True
    here.device = {}
    here.device_forget = True

