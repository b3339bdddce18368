"""Fives Sprint: a short daily round of number facts, tapped on big buttons or typed, each with its
time bar; a green light once today's round is done. The round and its facts live in the learner's
practice (:mod:`trainer.learning.sprint`); this page only draws them (the widgets: :mod:`trainer.web.sprintui`)."""

import streamlit as st

from trainer.learning.outbox import FactSaver
from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.sprint import AgeBand
from trainer.web import pagestate, session, sprintui, ui
from trainer.web.fact_grid import fact_grid
from trainer.words import sprint as words


def start() -> None:
    s = sprintui.state()
    s.said, s.notice = None, None
    session.practice().start_sprint()


def choose_band() -> None:
    pagestate.take(sprintui.state(), "band", "sp_band")


def band_chooser() -> None:
    """More time for each fact for the youngest (5 to 7), the usual time from 8: the child or the
    teacher chooses; the coach's number facts on Practice use it too."""
    pagestate.show_choices(sprintui.state(), {"band": "sp_band"})
    st.segmented_control(words.band_question(), [b.value for b in AgeBand], key="sp_band", required=True,
                         format_func=words.band_name, on_change=choose_band)


def light(done: bool, left: int, *, explain: bool = True) -> None:
    """The day's light: green once a whole round was answered today; ``explain``: with how it turns green
    (not during a round, where a phone needs the room for the fact and its answers)."""
    colour = "#0B7A4B" if done else "#D0D6DC"
    text = words.green_light() if done else words.not_yet_today(left)
    label = words.light_label(done)
    st.markdown(f'<div class="sp-light" data-green="{int(done)}">'
                f'<span class="lamp" role="img" style="background:{colour}" aria-label="{label}"></span>'
                f"<span>{text}</span></div>", unsafe_allow_html=True)
    if not done and explain:
        st.caption(words.light_how())


def show() -> None:
    """Draw the page (on every rerun)."""
    pr = session.practice()
    history = pr.progress.facts
    history.band = AgeBand(sprintui.state().band)  # the time bars of the facts still to come
    now = pr.clock()
    st.markdown(sprintui.CSS, unsafe_allow_html=True)
    st.title(words.title())
    round_ = pr.sprint if pr.sprint is not None and not pr.sprint_coached else None
    light(history.goal_done(now), history.left_today(now), explain=round_ is None or pr.sprint_over)
    waiting = pr.on_fact if isinstance(pr.on_fact, FactSaver) else None
    if waiting is not None and waiting.pending and not waiting.flush():
        st.info(words.saving_later())
    sprintui.last_said()
    if round_ is None or pr.sprint_over:
        if round_ is not None:
            st.subheader(words.round_over())
            st.markdown(words.round_summary(round_.right, len(round_.verdicts), round_.fluent))
        else:
            st.markdown(words.intro(DEFAULT_POLICY.round_facts, int(DEFAULT_POLICY.round_seconds // 60)))
        band_chooser()
        st.button(words.start() if round_ is None else words.start_again(), key="sp_start", on_click=start,
                  type="primary", use_container_width=True)
        quick, best = history.quick_on(now), history.best_round()
        if quick or best:  # a newcomer is not greeted with "Today: 0 quick answers"
            c = st.columns(2)
            if quick:
                c[0].markdown(words.today_quick(quick))
            if best:  # no "best day" until there is a day with a quick answer
                c[1].markdown(words.own_best(best))
        st.subheader(words.grid_heading())
        st.caption(words.grid_caption())
        st.markdown(fact_grid(history, now=now), unsafe_allow_html=True)
        return
    sprintui.fact_panel(round_, now)


ui.run_page("sprint", show)
