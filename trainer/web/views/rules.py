"""The rules for children, with pictures drawn from real layouts."""

import streamlit as st

from trainer.render import render_hand, render_layout
from trainer.rules import Layout, Play, Unit, play_points, round_to_five
from trainer.web import markup, ui
from trainer.words import more_rules
from trainer.words import rules_page as words

MUGGINS_EXAMPLE = ("2-5", "3-5>2-5")
"""A play that scores, for the muggins call."""


def said(text: str) -> None:
    """A paragraph of the page, its tiles' names never broken at the hyphen on a phone."""
    st.markdown(markup.whole_tiles(text))


def show() -> None:
    """Draw the page (on every rerun). It keeps no state."""
    st.title(words.title())
    said(words.opening())
    for header, lessons in words.lessons():
        st.header(header)
        for record, variant, text in lessons:
            lay = Layout.from_record(record, variant=variant)
            said(text.format(working=lay.working, score=ui.both_ways(lay.total)))
            ui.picture(render_layout(lay, working=True))

    st.header(words.end_of_hand())
    left = ["3-4", "2-4"]
    pips = sum(int(a) + int(b) for a, b in (t.split("-") for t in left))
    said(words.rounding(pips, round_to_five(pips), play_points(round_to_five(pips))))
    ui.picture(render_hand(left), max_width="10rem")
    said(
        "| {} | {} | {} |\n|---|---|---|\n".format(*words.table_head())
        + "\n".join(f"| {n} | {round_to_five(n)} | {play_points(round_to_five(n))} |" for n in (7, 8, 12, 13))
    )

    go_again()
    muggins_call()


def go_again() -> None:
    st.header(more_rules.go_again_header())
    said(more_rules.go_again_intro())
    steps = more_rules.go_again_example()
    said("\n".join(f"{i}. {text}" for i, (text, _lay, _again) in enumerate(steps, 1)))
    ui.picture(render_layout(steps[-1][1], working=True))
    said(more_rules.go_again_table())
    said(more_rules.horse_race_pagat())


def muggins_call() -> None:
    st.header(more_rules.muggins_header())
    said(more_rules.muggins_intro())
    said(more_rules.muggins_points())
    lay = Layout.from_record(" ".join(MUGGINS_EXAMPLE), variant="muggins")
    tile = Play.parse(MUGGINS_EXAMPLE[-1]).tile
    said(more_rules.muggins_example("Leo", str(tile), lay.working, play_points(lay.total, Unit.PIPS),
                                           play_points(lay.total, Unit.POINTS)))
    ui.picture(render_layout(lay, working=True))


ui.run_page("rules", show)
