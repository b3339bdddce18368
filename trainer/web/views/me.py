"""Sign in: a nickname and a learner code, so the trainer remembers a child's progress on any
device; joining a class; a printable card with the code and a QR code."""

from __future__ import annotations

import random

import streamlit as st

from trainer.classroom.cards import card_link_problem, learner_card, learner_link
from trainer.learning.sprint import day_of
from trainer.store import StoreError, StoreUnavailable
from trainer.store.nicknames import suggest
from trainer.web import markup, pagestate, session, signin, ui
from trainer.web.pagestate import SignInState
from trainer.words import language
from trainer.words import sign_in as words
from trainer.words.home_report import long_date

WAYS = ("new", "code", "class")


def state() -> SignInState:
    return pagestate.sign_in()


def names() -> list[str]:
    lang = language()
    if not state().names or state().names_language != lang:
        state().names, state().names_language = suggest(random.Random(), language=lang), lang
    return state().names


def other_names() -> None:
    state().names = suggest(random.Random(), language=language())
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
        signin.sign_in(s.learner(s.new_learner(chosen_nickname(), clients=session.clients())), carry_over=True)
        state().welcome = True
    attempt(go)


@ui.guarded
def use_code() -> None:
    def go() -> None:
        s = store_or_error()
        found = s.learner(st.session_state.get("me_code") or "", clients=session.clients())
        if found is None:
            raise StoreError("learner-code-unknown")
        signin.sign_in(found)
    attempt(go)


@ui.guarded
def join_class() -> None:
    def go() -> None:
        s = store_or_error()
        current = session.me()
        if current is not None:
            signin.sign_in(s.move_to_class(current.code, st.session_state.get("me_class") or "",
                                            clients=session.clients()))
        else:
            code = s.join(st.session_state.get("me_class") or "", chosen_nickname(), clients=session.clients())
            signin.sign_in(s.learner(code), carry_over=True)
            state().welcome = True
    attempt(go)


def store_or_error():
    s = session.store()
    if s is None:
        raise StoreUnavailable("saving-off-guest")
    return s


def nickname_chooser() -> None:
    st.pills(words.pick_a_nickname(), names(), key="me_pick")
    st.button(words.other_names(), icon=":material/refresh:", on_click=other_names, key="me_other")
    st.text_input(words.type_your_own(), key="me_typed", max_chars=20, placeholder=words.nickname_example(),
                  help=words.no_real_names())


def show() -> None:
    """Draw the page (on every rerun)."""
    current = session.me()
    problem, state().problem = state().problem, None
    if current is None:
        signed_out(problem)
    else:
        signed_in(current, problem)


def signed_out(problem: str | None) -> None:
    st.title(words.title())
    st.markdown(words.why_sign_in())
    pagestate.show_choices(state(), {"way": "me_way"})
    st.segmented_control(words.how(), WAYS, key="me_way", required=True, format_func=words.way_titles().__getitem__,
                         label_visibility="collapsed", on_change=choose_way)
    if problem:
        st.warning(problem)
    way = state().way
    if way == "new":
        nickname_chooser()
        st.button(words.start(), type="primary", on_click=start_new, key="me_start")
    elif way == "code":
        st.text_input(words.my_code(), key="me_code", max_chars=12, placeholder=words.code_example())
        st.button(words.continue_(), type="primary", on_click=use_code, key="me_continue")
    else:
        st.text_input(words.class_code(), key="me_class", max_chars=16, placeholder=words.class_code_example(),
                      help=words.teacher_shows_it())
        nickname_chooser()
        st.button(words.join(), type="primary", on_click=join_class, key="me_join")


def signed_in_printed(current) -> None:
    """Signed in from a printed report's token: no learner code, no card, no class to join (the code does
    those); how long the printed page signs in, and the way out."""
    markup.show_html(words.hello(markup.literal(current.nickname)), tag="h1")
    s = session.store()
    try:
        until = s.pass_expires(session.state().home_pass) if s is not None else None
    except StoreError:
        until = None
    st.markdown(words.signed_in_from_paper(long_date(day_of(until)) if until else None))
    st.divider()
    st.button(words.sign_out(), on_click=signin.sign_out, key="me_out", help=words.sign_out_help())


def signed_in(current, problem: str | None) -> None:
    if signin.limited():
        signed_in_printed(current)
        return
    markup.show_html(words.hello(markup.literal(current.nickname)), tag="h1")
    welcome, state().welcome = state().welcome, False
    if welcome:
        st.success(words.signed_in_now())
    st.markdown(words.keep_your_code())
    st.markdown(f"## `{current.code}`")
    link = learner_link(st.context.url, current.code)
    st.download_button(words.print_my_card(), data=learner_card(current.nickname, current.code, link),
                       file_name=f"fives-card-{current.code}.pdf", mime="application/pdf",
                       icon=":material/print:", key="me_card", on_click="ignore")
    if card_link_problem(link):
        st.caption(words.card_without_qr())
    s = session.store()
    if current.class_code:
        name = s.class_name(current.class_code) if s is not None else None
        markup.show_html(words.in_class(markup.literal(name or current.class_code)))
        st.page_link(ui.page_path("live"), label=words.join_the_live_lesson(), icon=":material/cast_for_education:")
    else:
        with st.expander(words.join_my_class()):
            if problem:
                st.warning(problem)
            st.text_input(words.class_code(), key="me_class", max_chars=16, placeholder=words.class_code_example())
            st.button(words.join(), type="primary", on_click=join_class, key="me_join")
    st.divider()
    st.button(words.sign_out(), on_click=signin.sign_out, key="me_out", help=words.sign_out_help())


ui.run_page("me", show)
