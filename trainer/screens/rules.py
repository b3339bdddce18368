"""The rules for children, with pictures drawn from real layouts."""

import streamlit as st

from trainer import ui
from trainer.render import render_hand, render_layout
from trainer.rules import Layout, round_to_five


def show() -> None:
    """Draw the page (called by trainer/views/rules.py on every rerun)."""

    def example(record: str, variant: str) -> Layout:
        return Layout.from_record(record, variant=variant)

    st.title("How the Fives games work")
    st.markdown(
        "You lay dominoes in a line. The numbers on the **open ends** — the ends nothing is played on yet — "
        "add up to the **open-end total**. If the total is 5, 10, 15, 20… (a multiple of five), "
        "you score it! "
        "We show scores two ways: as the total (15) and as points, the total divided by 5 (15 → 3 points)."
    )

    st.header("1. Muggins — two ends")
    lay = example("2-5 3-5>2-5", "muggins")
    st.markdown(f"The line has two open ends. Here they make {lay.working}: {ui.both_ways(lay.total)}.")
    ui.picture(render_layout(lay, working=True), max_width="26rem")

    lay = example("2-4 4-4>2-4", "muggins")
    st.markdown(
        "A **double** is laid crosswise. At the end of the line it counts **both halves**: "
        f"here 4-4 counts 8, so the total is {lay.working}: {ui.both_ways(lay.total)}."
    )
    ui.picture(render_layout(lay, working=True), max_width="24rem")

    lay = example("2-4 4-4>2-4 4-6>4-4", "muggins")
    st.markdown(f"Once a tile covers its other side, the double counts nothing: {lay.working}.")
    ui.picture(render_layout(lay, working=True), max_width="34rem")

    st.header("2. All Fives — one spinner")
    lay = example("1-4 1-1>1-4", "all-fives")
    st.markdown(
        "The **first double** played is the **spinner** (it has a green dot here). Like any double at an end "
        f"it counts both halves while a side is free: {lay.working}: {ui.both_ways(lay.total)}."
    )
    ui.picture(render_layout(lay, working=True), max_width="24rem")
    lay = example("1-4 1-1>1-4 4-4>1-4 3-4>4-4 1-2>1-1", "all-fives")
    st.markdown(
        "When both of its sides are covered, the spinner **stops counting** — even though its ends are still "
        f"open. The grey 0 shows an empty spinner end: {lay.working}: {ui.both_ways(lay.total)}."
    )
    ui.picture(render_layout(lay, working=True), max_width="34rem")
    lay = example("1-4 1-1>1-4 4-4>1-4 3-4>4-4 1-2>1-1 1-3>1-1 1-6>1-1", "all-fives")
    st.markdown(
        "Now tiles can go on the spinner's two ends: a **third and a fourth arm**. Every arm's end counts: "
        f"{lay.working}: {ui.both_ways(lay.total)}. Only the first double spins in All Fives."
    )
    ui.picture(render_layout(lay, working=True), max_width="34rem")

    st.header("3. Five-Up — every double spins")
    lay = example("4-6 4-4>4-6 1-4>4-4 2-4>4-4", "five-up")
    st.markdown(
        "In Five-Up **every** double is a spinner, so arms can grow from each one. Here 4-4 has both sides "
        f"covered and one end taken: {lay.working}: {ui.both_ways(lay.total)}."
    )
    ui.picture(render_layout(lay, working=True), max_width="30rem")

    st.header("4. The end of a hand")
    left = ["3-4", "2-4"]
    pips = 7 + 6
    st.markdown(
        "When someone plays their last tile (or nobody can play), the tiles left in hands are counted and "
        f"**rounded to the nearest five**: 1 or 2 round down, 3 or 4 round up. These tiles make {pips} pips, "
        f"which rounds to {round_to_five(pips)} → {round_to_five(pips) // 5} points."
    )
    ui.picture(render_hand(left), max_width="10rem")
    st.markdown(
        "| pips | rounds to | points |\n|---|---|---|\n"
        + "\n".join(f"| {n} | {round_to_five(n)} | {round_to_five(n) // 5} |" for n in (7, 8, 12, 13))
    )
