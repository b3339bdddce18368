"""The rules for children, with pictures drawn from real layouts."""

import streamlit as st

from trainer import ui
from trainer.render import render_hand, render_layout
from trainer.rules import Layout, Play, play_points, round_to_five
from trainer.words import more_rules

MUGGINS_EXAMPLE = ("2-5", "3-5>2-5")
"""A play that scores, for the muggins call."""

# (record, variant, words); {working} and {score} come from the engine
LESSONS: dict[str, list[tuple[str, str, str]]] = {
    "1. Muggins — two ends": [
        ("2-5 3-5>2-5", "muggins", "The line has two open ends. Here they make {working}: {score}."),
        ("2-4 4-4>2-4", "muggins",
         "A **double** is laid crosswise. At the end of the line it counts **both halves**: here 4-4 "
         "counts 8, so the total is {working}: {score}."),
        ("2-4 4-4>2-4 4-6>4-4", "muggins",
         "Once a tile covers its other side, the double counts nothing: {working}."),
    ],
    "2. All Fives — one spinner": [
        ("1-4 1-1>1-4", "all-fives",
         "The **first double** played is the **spinner** (it has a green dot here). Like any double at an "
         "end it counts both halves while a side is free: {working}: {score}."),
        ("1-4 1-1>1-4 4-4>1-4 3-4>4-4 1-2>1-1", "all-fives",
         "When both of its sides are covered, the spinner **stops counting** — even though its ends are "
         "still open. The grey 0 shows an empty spinner end: {working}: {score}."),
        ("1-4 1-1>1-4 4-4>1-4 3-4>4-4 1-2>1-1 1-3>1-1 1-6>1-1", "all-fives",
         "Now tiles can go on the spinner's two ends: a **third and a fourth arm**. Every arm's end counts: "
         "{working}: {score}. Only the first double spins in All Fives."),
    ],
    "3. Five-Up — every double spins": [
        ("4-6 4-4>4-6 1-4>4-4 2-4>4-4", "five-up",
         "In Five-Up **every** double is a spinner, so arms can grow from each one. Here 4-4 has both "
         "sides covered and one end taken: {working}: {score}."),
    ],
    "4. Sniff — the first double is the sniff": [
        ("4-6 4-4>4-6 1-4^4-4", "sniff",
         "In **Sniff** the first double is the **sniff**. It lies in the line like any tile, so its free "
         "end counts one half. A tile may also go **beside** each of its long sides, and that tile's "
         "outer number counts until the hand ends: {working}: {score}."),
        ("4-4 4-6>4-4 1-4>4-4", "sniff-crosswise",
         "Some players lay the sniff **across** the line and let it spin. Its two short ends keep "
         "counting while nothing is on them, even after both sides are covered: {working}: {score}."),
    ],
}


def show() -> None:
    """Draw the page (on every rerun). It keeps no state."""
    st.title("How the Fives games work")
    st.markdown(
        "You lay dominoes in a line. The numbers on the **open ends** — the ends nothing is played on "
        "yet — add up to the **open-end total**. If the total is 5, 10, 15, 20… (a multiple of five), "
        "you score it! We show scores two ways: as the total (15) and as points, the total divided by 5 "
        "(15 → 3 points)."
    )
    for header, lessons in LESSONS.items():
        st.header(header)
        for record, variant, words in lessons:
            lay = Layout.from_record(record, variant=variant)
            st.markdown(words.format(working=lay.working, score=ui.both_ways(lay.total)))
            ui.picture(render_layout(lay, working=True))

    st.header("5. The end of a hand")
    left = ["3-4", "2-4"]
    pips = sum(int(a) + int(b) for a, b in (t.split("-") for t in left))
    st.markdown(
        "When someone plays their last tile (or nobody can play), the tiles left in hands are counted "
        f"and **rounded to the nearest five**: 1 or 2 round down, 3 or 4 round up. These tiles make {pips} "
        f"pips, which rounds to {round_to_five(pips)} → {play_points(round_to_five(pips))} points."
    )
    ui.picture(render_hand(left), max_width="10rem")
    st.markdown(
        "| pips | rounds to | points |\n|---|---|---|\n"
        + "\n".join(f"| {n} | {round_to_five(n)} | {play_points(round_to_five(n))} |" for n in (7, 8, 12, 13))
    )

    go_again()
    muggins_call()


def go_again() -> None:
    st.header(more_rules.go_again_header())
    st.markdown(more_rules.go_again_intro())
    steps = more_rules.go_again_example()
    st.markdown("\n".join(f"{i}. {words}" for i, (words, _lay, _again) in enumerate(steps, 1)))
    ui.picture(render_layout(steps[-1][1], working=True))
    st.markdown(more_rules.go_again_table())
    st.markdown(more_rules.horse_race_pagat())


def muggins_call() -> None:
    st.header(more_rules.muggins_header())
    st.markdown(more_rules.muggins_intro())
    st.markdown(more_rules.muggins_points())
    lay = Layout.from_record(" ".join(MUGGINS_EXAMPLE), variant="muggins")
    tile = Play.parse(MUGGINS_EXAMPLE[-1]).tile
    st.markdown(more_rules.muggins_example("Leo", str(tile), lay.working, play_points(lay.total, "pips"),
                                           play_points(lay.total, "points")))
    ui.picture(render_layout(lay, working=True))


ui.run_page("rules", show)
