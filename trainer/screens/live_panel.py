"""The projector's live lesson: the teacher's puzzle goes to every joined child's device; the big
screen shows how many have answered and, on reveal, how the answers spread, each wrong bar named by
its mistake. No child's name is ever on the big screen."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from puzzles import Puzzle
from trainer import classroom, session, ui
from trainer.store import StoreError

POLL_SECONDS = 1.0
"""How often the waiting projector reads the count (only while answers come in)."""


def teacher() -> tuple[str, str] | None:
    return st.session_state.get("teacher")


def is_live() -> bool:
    t, s = teacher(), session.store()
    return bool(t and s is not None and st.session_state.get("pj_live") and s.lesson(t[0]) is not None)


@ui.guarded
def start() -> None:
    t, s = teacher(), session.store()
    if t and s is not None:
        s.start_lesson(*t)
        st.session_state["pj_live"] = True


def resume() -> None:
    st.session_state["pj_live"] = True


@ui.guarded
def end() -> None:
    t, s = teacher(), session.store()
    if t and s is not None:
        s.end_lesson(*t)
    st.session_state["pj_live"] = False


@ui.guarded
def set_locked(locked: bool) -> None:
    t, s = teacher(), session.store()
    if t and s is not None:
        s.set_locked(*t, locked)


def sidebar() -> None:
    """Start or end a live lesson for the class this teacher has opened."""
    st.header("Live lesson")
    t, s = teacher(), session.store()
    if s is None:
        st.caption("Live lessons are not working right now.")
        return
    if t is None:
        st.caption("Open your class on **My class** first; then start a live lesson here.")
        st.page_link(ui.page_path("teacher"), label="My class", icon=":material/school:")
        return
    name = session.literal(s.class_name(t[0]) or t[0])
    if is_live():
        session.show_html(f"Live with <b>{name}</b>. Children follow on the <i>Live lesson</i> page.")
        st.button("End the live lesson", on_click=end, key="pj_live_end")
    elif s.lesson(t[0]) is not None:  # this projector was reloaded during a lesson
        st.button(f"Go on with the live lesson of {name}", type="primary", on_click=resume, key="pj_live_resume")
        st.button("Start a new live lesson", on_click=start, key="pj_live_start")
    else:
        st.button(f"Start a live lesson with {name}", type="primary", on_click=start, key="pj_live_start")


def sync(p: Puzzle, revealed: bool) -> None:
    """Send the projector's puzzle (a new round) and its reveal to the children's devices."""
    t, s = teacher(), session.store()
    if not t or s is None:
        return
    state = s.lesson(t[0])
    if state is None:
        return
    if state.puzzle_code != p.code or state.round == 0:
        s.show_puzzle(*t, p.code)
    elif revealed and not state.revealed:
        s.set_revealed(*t, True)


def status(revealed: bool) -> None:
    """Under the puzzle: the count while answers come in, the spread of answers after the reveal."""
    t = teacher()
    if not t:
        return
    if revealed:
        s = session.store()
        if s is not None:
            spread(s.tally(t[0]))
    else:
        waiting(t[0])


@st.fragment(run_every=POLL_SECONDS)
def waiting(class_code: str) -> None:
    s = session.store()
    try:
        state = s.lesson(class_code) if s is not None else None
        tally = s.tally(class_code) if s is not None and state is not None else None
    except StoreError:
        st.caption("The answer count comes back as soon as the class list does.")
        return
    if state is None or tally is None:
        return
    with st.container(horizontal=True, vertical_alignment="center"):
        st.markdown(f'<p style="font-size:2.6rem;margin:0" data-testid="live-count"><b>{tally.answered}</b> of '
                    f"<b>{tally.joined}</b> answered</p>", unsafe_allow_html=True)
        if state.locked:
            st.button("Open answering again", on_click=set_locked, args=(False,), key="pj_unlock")
        else:
            st.button("Stop answers", on_click=set_locked, args=(True,), key="pj_lock")


def spread(tally) -> None:
    bars = classroom.answer_bars(tally.answers)
    if not bars:
        st.markdown("### Nobody answered this one.")
        return
    fig = go.Figure(go.Bar(
        x=[b.label for b in bars], y=[b.count for b in bars], text=[b.count for b in bars], textposition="outside",
        marker_color=["#009E73" if b.correct else "#D55E00" for b in bars],
    ))
    fig.update_layout(height=240, margin={"t": 30, "b": 0, "l": 0, "r": 0}, font={"size": 20},
                      yaxis={"visible": False, "range": [0, max(b.count for b in bars) * 1.25]},
                      xaxis={"tickfont": {"size": 18}})
    st.markdown(f"### {tally.answered} answered")
    st.plotly_chart(fig, key="pj_spread", config={"displayModeBar": False, "staticPlot": True})
