"""A live lesson's lobby on the projector: how to join (the address, the class code, a QR code of the
join link), the children's nicknames as they come in, the teacher's choice of a countdown and of the
sound, and **Start**. Puzzles go to the children's devices only after Start (see
:mod:`trainer.web.views.projector`); until then a child's device says the teacher will start soon."""

from __future__ import annotations

import html
from collections.abc import Callable

import streamlit as st

from puzzles.worksheet import address_problem
from trainer.classroom.joining import is_local, join_link, qr_data_uri, shown_address
from trainer.store import Countdown, LessonState, StoreError
from trainer.web import device, markup, pagestate, session, ui
from trainer.web.countdown import static_text
from trainer.words import lobby as words

STYLE = f"<style>{static_text('lobby.css')}</style>"
POLL_SECONDS = 1.0
"""How often the lobby reads who has joined."""
COUNTDOWNS = tuple(int(c) for c in Countdown)
"""The countdown's choices, in seconds (0: off)."""
ADDRESS_KEY = "pj_lobby_base"
"""The box for the address the children's tablets use (only when the projector runs on localhost)."""


def countdown_label(seconds: int) -> str:
    return words.countdown_off() if seconds == 0 else words.seconds(seconds)


@ui.guarded
def choose_countdown(key: str) -> None:
    t, s, seconds = session.opened_class(), session.store(), st.session_state.get(key)
    if t and s is not None and seconds is not None:
        s.set_countdown(*t, int(seconds))


@ui.guarded
def choose_sound(key: str) -> None:
    t, s = session.opened_class(), session.store()
    if t and s is not None:
        s.set_sound(*t, bool(st.session_state.get(key)))


def choices(lesson: LessonState, *, where: str) -> None:
    """The countdown and the sound switch, showing what the store holds (``where``: the widgets' key
    prefix, for the lobby or the side panel)."""
    time_key, sound_key = f"{where}_countdown", f"{where}_sound"
    st.session_state[time_key] = lesson.countdown if lesson.countdown in COUNTDOWNS else 0
    st.session_state[sound_key] = lesson.sound
    st.segmented_control(words.countdown(), COUNTDOWNS, key=time_key, required=True, format_func=countdown_label,
                         on_change=choose_countdown, args=(time_key,), help=words.countdown_help())
    st.toggle(words.sound(), key=sound_key, on_change=choose_sound, args=(sound_key,))


def keep_address() -> None:
    ps = pagestate.projector()
    ps.children_address, ps.address_typed = st.session_state.get(ADDRESS_KEY) or "", True


def address_box() -> None:
    """In the side panel while the lobby is open: the address the children's tablets use, for a projector
    that runs on this computer's own address (``localhost``); the join address and its QR code follow it.
    This browser keeps it for the next lesson, a reload or another day."""
    ps = pagestate.projector()
    kept = device.kept_children_address()
    if ps.address_typed and device.has_answered() and ps.children_address != (kept or ""):
        device.keep_children_address(ps.children_address)
    elif not ps.address_typed and kept:
        ps.children_address = kept  # as typed for an earlier lesson in this browser
    st.session_state[ADDRESS_KEY] = ps.children_address  # as typed for an earlier lesson
    st.text_input(words.children_address(), key=ADDRESS_KEY, placeholder="http://192.168.1.20:8501/",
                  on_change=keep_address)
    typed = ps.children_address.strip()
    problem = address_problem(typed) if typed else None
    if problem:  # the join address stays the page's own until this one can go in a QR code
        st.warning(problem, icon=":material/qr_code:")


def show(lesson: LessonState, on_start: Callable[[], None]) -> None:
    """The lobby, drawn instead of the puzzle until the teacher presses Start (``on_start``)."""
    t = session.opened_class()
    if t is None:
        return
    st.html(STYLE)
    link = join_link(st.context.url, t[0], pagestate.projector().children_address)
    left, right = st.columns([5, 3], vertical_alignment="center")
    with left:
        st.markdown(f"# {words.join_title()}")
        # a long address breaks after a slash or a colon, never inside a word
        address = words.go_to(markup.literal(shown_address(link)).replace("/", "/<wbr>").replace("&#58;", "&#58;<wbr>"))
        st.markdown(f'<p class="fives-lobby-address" data-testid="lobby-address">{address}</p>'
                    f'<p class="fives-lobby-label">{markup.literal(words.class_code())}</p>', unsafe_allow_html=True)
        st.markdown(f'<p class="fives-lobby-code" data-testid="lobby-code">{markup.literal(t[0])}</p>',
                    unsafe_allow_html=True)
    with right:
        st.markdown(f'<img class="fives-lobby-qr" src="{qr_data_uri(link)}" alt="{html.escape(words.qr_alt())}" '
                    f'data-testid="lobby-qr" data-link="{html.escape(link)}">', unsafe_allow_html=True)
        st.markdown(f'<p class="fives-lobby-scan">{html.escape(words.scan())}</p>', unsafe_allow_html=True)
    if is_local(link):
        st.caption(words.local_address())
    with st.container(horizontal=True, vertical_alignment="center", gap="large"):
        st.button(words.start(), type="primary", on_click=on_start, key="pj_lobby_go", icon=":material/play_arrow:")
        with st.container(width="content", gap="small"):  # the teacher's choices, one above the other
            choices(lesson, where="pj_lobby")
    st.caption(words.join_later())
    roster(t[0])


@st.fragment(run_every=POLL_SECONDS)
def roster(class_code: str) -> None:
    """Who has joined, as they come in; the whole page is drawn again once the lesson has begun (Start
    pressed on another screen) or ended."""
    t, s = session.opened_class(), session.store()
    if not t or s is None:
        return
    try:
        lesson = s.lesson(class_code)
        names = s.lesson_nicknames(*t) if lesson is not None else []
    except StoreError:
        st.caption(words.count_back_soon())
        return
    if lesson is None or lesson.begun:
        st.rerun(scope="app")
    st.markdown(f'<p class="fives-lobby-count" data-testid="lobby-count">{words.children_here(len(names))}</p>',
                unsafe_allow_html=True)
    if not names:
        st.markdown(f"### {words.nobody_yet()}")
        return
    items = "".join(f"<li>{markup.literal(n)}</li>" for n in names)
    st.markdown(f'<ul class="fives-lobby-names" data-testid="lobby-names">{items}</ul>', unsafe_allow_html=True)
