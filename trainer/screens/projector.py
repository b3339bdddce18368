"""Projector: one big puzzle for the class; reveal the answer, then the next. Nothing is recorded."""

import random

import streamlit as st

from puzzles import KIND_TITLES, KINDS, STAGES, CodeError, Puzzle, from_code, generate
from trainer import ui
from trainer.screens.worksheet_panel import worksheet_panel
from trainer.rules import Layout


def show() -> None:
    """Draw the page (called by trainer/views/projector.py on every rerun)."""

    def state() -> dict:
        if "projector" not in st.session_state:
            st.session_state["projector"] = {"puzzle": None, "revealed": False, "rng": random.Random()}
        return st.session_state["projector"]

    S = state()

    def show(p: Puzzle) -> None:
        S["puzzle"] = p
        S["revealed"] = False

    def fresh() -> None:
        kind = st.session_state.get("pj_kind") or KINDS[0]
        stage = st.session_state.get("pj_stage") or STAGES[0]
        level = st.session_state.get("pj_level") or 1
        show(generate(kind, stage=stage, level=level, seed=S["rng"].randrange(2**24)))

    def reveal() -> None:
        S["revealed"] = True

    def open_typed_code() -> None:
        text = st.session_state.get("pj_code", "")
        try:
            show(from_code(text))
            st.session_state["pj_notice"] = None
        except CodeError as err:
            st.session_state["pj_notice"] = f"That code didn't work: {err}"

    code = st.query_params.get("code")
    if code and st.session_state.get("pj_opened_code") != code:
        st.session_state["pj_opened_code"] = code
        try:
            show(from_code(code))
            # the side panel follows the shared puzzle
            st.session_state["pj_stage"] = S["puzzle"].stage
            st.session_state["pj_kind"] = S["puzzle"].kind
            st.session_state["pj_level"] = S["puzzle"].level
        except CodeError as err:
            st.session_state["pj_notice"] = f"That code didn't work: {err} Here is a fresh puzzle instead."
    for key, value in (("pj_stage", STAGES[0]), ("pj_level", 1)):
        st.session_state.setdefault(key, value)
    with st.sidebar:
        st.header("Puzzle")
        st.segmented_control(
            "Stage", STAGES, key="pj_stage", on_change=fresh, format_func=lambda s: ui.STAGE_LABELS[s]
        )
        st.selectbox("Kind", KINDS, key="pj_kind", on_change=fresh, format_func=lambda k: KIND_TITLES[k])
        st.segmented_control(
            "Level", [1, 2, 3], key="pj_level", on_change=fresh, format_func=lambda n: f"Level {n}"
        )
        st.text_input(
            "Show a puzzle by its code",
            key="pj_code",
            placeholder="e.g. HX7K-3MPA",
            on_change=open_typed_code,
        )
        st.caption("Keys: A reveals the answer, N shows the next puzzle.")
        worksheet_panel(st.session_state["pj_stage"], st.session_state["pj_level"])

    if S["puzzle"] is None:
        fresh()
    p: Puzzle = S["puzzle"]
    if st.query_params.get("code") != p.code:
        st.query_params["code"] = p.code
        st.session_state["pj_opened_code"] = p.code

    notice = st.session_state.get("pj_notice")
    if notice:
        st.warning(notice)

    st.markdown(f"# {p.question}")
    st.markdown(f"### Puzzle code: `{p.code}`")
    layout_svg, hand_svg = ui.puzzle_pictures(p, working=S["revealed"], style="projector")
    if layout_svg:
        ui.picture(layout_svg, max_width=ui.natural_width(layout_svg, scale=4.0))  # big, for the back row
    if hand_svg:
        ui.picture(hand_svg, max_width=f"{ui.hand_width(len(p.hand)) * 1.5:.0f}px")
    if p.kind == "best-play" and not S["revealed"] and p.layout:
        lay = Layout.from_record(p.layout, variant=p.variant)
        st.markdown("### " + " · ".join(f"{c.label}: {ui.play_label(lay, c.value)}" for c in p.choices))
    elif p.kind in ("open-total", "play-score", "hand-rounding") and p.choices and not S["revealed"]:
        st.markdown(
            "### Is it "
            + ", ".join(f"**{c.value}**" for c in p.choices[:-1])
            + f" or **{p.choices[-1].value}**?"
        )

    if S["revealed"]:
        ans = p.answer
        if isinstance(ans, tuple):
            shown = " or ".join(ans)
        elif isinstance(ans, dict):
            shown = f"{ans['pips']} pips → rounds to {ans['rounded']} → {ans['points']} points"
        else:
            shown = str(ans)
        st.markdown(f"# Answer: {shown}")
        st.markdown(f"### {p.explanation}")

    cols = st.columns(2)
    cols[0].button(
        "Reveal the answer",
        type="primary",
        shortcut="A",
        on_click=reveal,
        disabled=S["revealed"],
        use_container_width=True,
        key="reveal",
    )
    cols[1].button("Next puzzle", shortcut="N", on_click=fresh, use_container_width=True, key="next")
