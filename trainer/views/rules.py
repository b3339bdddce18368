"""The rules for children, with pictures drawn from real layouts."""

import streamlit as st

from trainer import ui
from trainer.render import render_hand, render_layout
from trainer.rules import Layout, play_points, round_to_five
from trainer.words import rules_page as words


def show() -> None:
    """Draw the page (on every rerun). It keeps no state."""
    st.title(words.title())
    st.markdown(words.opening())
    for header, lessons in words.lessons():
        st.header(header)
        for record, variant, text in lessons:
            lay = Layout.from_record(record, variant=variant)
            st.markdown(text.format(working=lay.working, score=ui.both_ways(lay.total)))
            ui.picture(render_layout(lay, working=True))

    st.header(words.end_of_hand())
    left = ["3-4", "2-4"]
    pips = sum(int(a) + int(b) for a, b in (t.split("-") for t in left))
    st.markdown(words.rounding(pips, round_to_five(pips), play_points(round_to_five(pips))))
    ui.picture(render_hand(left), max_width="10rem")
    st.markdown(
        "| {} | {} | {} |\n|---|---|---|\n".format(*words.table_head())
        + "\n".join(f"| {n} | {round_to_five(n)} | {play_points(round_to_five(n))} |" for n in (7, 8, 12, 13))
    )


ui.run_page("rules", show)
