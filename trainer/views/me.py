"""Sign in: a nickname and a learner code, so the trainer remembers a child's progress on any
device; joining a class; a printable card with the code and a QR code."""

from __future__ import annotations

import random

import streamlit as st

from trainer import pagestate, session, ui
from trainer.card import card_link_problem, learner_card, learner_link
from trainer.pagestate import SignInState
from trainer.store import StoreError
from trainer.store.nicknames import suggest

WAYS = ("new", "code", "class")
WAY_TITLES = {"new": "I'm new", "code": "I have a code", "class": "Join my class"}


def state() -> SignInState:
    return pagestate.sign_in()


def names() -> list[str]:
    if not state().names:
        state().names = suggest(random.Random())
    return state().names


def other_names() -> None:
    state().names = suggest(random.Random())
    st.session_state.pop("me_pick", None)


def choose_way() -> None:
    pagestate.take(state(), "way", "me_way")


def chosen_nickname() -> str:
    typed = (st.session_state.get("me_typed") or "").strip()
    return typed or (st.session_state.get("me_pick") or "")


def attempt(action) -> None:
    """Run a sign-in step; a code or nickname that does not fit gets its reason, never an error."""
    try:
        action()
    except StoreError as err:
        state().problem = str(err)


@ui.guarded
def start_new() -> None:
    def go() -> None:
        s = store_or_error()
        session.sign_in(s.learner(s.new_learner(chosen_nickname(), clients=session.clients())), carry_over=True)
        state().welcome = True
    attempt(go)


@ui.guarded
def use_code() -> None:
    def go() -> None:
        s = store_or_error()
        found = s.learner(st.session_state.get("me_code") or "", clients=session.clients())
        if found is None:
            raise StoreError("That code didn't work. It looks like KQ7M-XR4P: check each letter on your card.")
        session.sign_in(found)
    attempt(go)


@ui.guarded
def join_class() -> None:
    def go() -> None:
        s = store_or_error()
        current = session.me()
        if current is not None:
            session.sign_in(s.move_to_class(current.code, st.session_state.get("me_class") or "",
                                            clients=session.clients()))
        else:
            code = s.join(st.session_state.get("me_class") or "", chosen_nickname(), clients=session.clients())
            session.sign_in(s.learner(code), carry_over=True)
            state().welcome = True
    attempt(go)


def store_or_error():
    s = session.store()
    if s is None:
        raise StoreError("Saving progress is not working right now. You can still practise as a guest.")
    return s


def nickname_chooser() -> None:
    st.pills("Pick a nickname", names(), key="me_pick")
    st.button("Other names", icon=":material/refresh:", on_click=other_names, key="me_other")
    st.text_input("Or type your own", key="me_typed", max_chars=20, placeholder="e.g. Sunny Otter",
                  help="No real names, please: a nickname is all the trainer needs.")


def show() -> None:
    """Draw the page (on every rerun)."""
    current = session.me()
    problem, state().problem = state().problem, None
    if current is None:
        signed_out(problem)
    else:
        signed_in(current, problem)


def signed_out(problem: str | None) -> None:
    st.title("Who's practising?")
    st.markdown("Sign in and the trainer remembers your progress, on this tablet or any other.")
    pagestate.show_choices(state(), {"way": "me_way"})
    st.segmented_control("How", WAYS, key="me_way", required=True, format_func=WAY_TITLES.get,
                         label_visibility="collapsed", on_change=choose_way)
    if problem:
        st.warning(problem)
    way = state().way
    if way == "new":
        nickname_chooser()
        st.button("Start", type="primary", on_click=start_new, key="me_start")
    elif way == "code":
        st.text_input("My code", key="me_code", max_chars=12, placeholder="e.g. KQ7M-XR4P")
        st.button("Continue", type="primary", on_click=use_code, key="me_continue")
    else:
        st.text_input("Class code", key="me_class", max_chars=16, placeholder="e.g. KQ7-MXR-4PD",
                      help="Your teacher shows it on the board.")
        nickname_chooser()
        st.button("Join", type="primary", on_click=join_class, key="me_join")


def signed_in(current, problem: str | None) -> None:
    session.show_html(f"Hi, {session.literal(current.nickname)}!", tag="h1")
    welcome, state().welcome = state().welcome, False
    if welcome:
        st.success("You're signed in. Your answers are saved from now on.")
    st.markdown("Your code signs you in on any tablet. Keep it safe, like a key.")
    st.markdown(f"## `{current.code}`")
    link = learner_link(st.context.url, current.code)
    st.download_button("Print my card", data=learner_card(current.nickname, current.code, link),
                       file_name=f"fives-card-{current.code}.pdf", mime="application/pdf",
                       icon=":material/print:", key="me_card")
    if card_link_problem(link):
        st.caption("The card has no QR code (this page's address is too long for one): the code on it "
                   "signs in all the same.")
    s = session.store()
    if current.class_code:
        name = s.class_name(current.class_code) if s is not None else None
        session.show_html(f"You are in the class <b>{session.literal(name or current.class_code)}</b>.")
        st.page_link(ui.page_path("live"), label="Join the live lesson", icon=":material/cast_for_education:")
    else:
        with st.expander("Join my class"):
            if problem:
                st.warning(problem)
            st.text_input("Class code", key="me_class", max_chars=16, placeholder="e.g. KQ7-MXR-4PD")
            st.button("Join", type="primary", on_click=join_class, key="me_join")
    st.divider()
    st.button("This is not me: sign out", on_click=session.sign_out, key="me_out",
              help="This tablet forgets you. Your answers stay saved under your code.")


ui.run_page("me", show)
