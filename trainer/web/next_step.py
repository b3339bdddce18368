"""What comes next after a mastery, on My progress and under Practice's mastery news: the next stage in a
child's words with one button that starts it (the coach, on Practice), or after the last stage, what to
keep doing with one button to a game against the computer."""

from __future__ import annotations

import streamlit as st

from puzzles import Stage
from trainer.learning.next_step import NextGoal, NextStep
from trainer.learning.practice import COACH
from trainer.web import pagestate, session, ui
from trainer.words import days as words


def coach_at(stage: Stage) -> None:
    """Practice's coach works at ``stage`` from now on, with a fresh puzzle there (as choosing the stage by
    hand with **Coach me** does)."""
    pr = session.practice()
    ps = pagestate.practice_page()
    ps.kind, ps.stage, ps.notice = COACH, stage, None
    pr.choose_stage(stage)  # an event, stored: a reload or another tablet carries on there
    pr.new_puzzle(COACH, stage, ps.level)


def show(step: NextStep, *, key: str, named: bool = False) -> None:
    """The words and the one button that goes there (``key``: the button's, unique on the page;
    ``named``: the next stage's name is said just above already, as in Practice's mastery news)."""
    if step.goal is NextGoal.STAGE and step.stage is not None:
        name = ui.STAGE_LABELS[step.stage]
        st.markdown(words.coach_will_start() if named else words.next_stage(name))
        if st.button(words.start_stage(name), type="primary", icon=":material/arrow_forward:", key=key,
                     on_click=coach_at, args=(step.stage,)):
            st.switch_page(ui.page_path("practice"))
        return
    st.markdown(words.keep_going())
    if st.button(words.play_a_game(), type="primary", icon=":material/casino:", key=key):
        st.switch_page(ui.page_path("play"))
