"""Projector: one big puzzle for the class; reveal the answer, then the next. In a live lesson the
puzzle also goes to the children's devices, and their answers come back as a count and a chart."""

import random

import streamlit as st

from puzzles import KIND_TITLES, KINDS, STAGES, AnswerShape, CodeError, Puzzle, from_code, generate, kind
from puzzles.words import answer_words
from trainer import answers, ui
from trainer.answers import ROUNDING_PARTS  # noqa: F401  (kept importable from here)
from trainer.render import render_hand, render_layout
from trainer.screens import live_panel
from trainer.screens.worksheet_panel import worksheet_panel


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
        S["step"] = 0

    @ui.guarded
    def fresh() -> None:
        if ui.lost_a_choice(CHOOSERS):
            return
        kind = st.session_state.get("pj_kind") or KINDS[0]
        stage = st.session_state.get("pj_stage") or STAGES[0]
        level = st.session_state.get("pj_level") or 1
        show(generate(kind, stage=stage, level=level, seed=S["rng"].randrange(2**24)))

    @ui.guarded
    def reveal() -> None:
        p = S["puzzle"]
        if p is not None and S.get("step", 0) < answers.reveal_parts(p):  # a rounding answer: part by part
            S["step"] = S.get("step", 0) + 1
            return
        S["revealed"] = True

    @ui.guarded
    def open_typed_code() -> None:
        text = st.session_state.get("pj_code", "")
        try:
            show(from_code(text))
        except CodeError as err:
            st.session_state["pj_notice"] = f"That code didn't work: {err}"
        st.session_state["pj_blur"] = True

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
    for key, value in CHOOSERS.items():
        st.session_state.setdefault(key, value)
    with st.sidebar:
        st.header("Puzzle")
        st.segmented_control(
            "Stage", STAGES, key="pj_stage", required=True, on_change=fresh,
            format_func=lambda s: ui.STAGE_LABELS[s],
        )
        # buttons, not a box: a box would keep the keys A and N after it is used
        st.pills("Kind", KINDS, key="pj_kind", required=True, on_change=fresh, format_func=lambda k: KIND_TITLES[k])
        st.segmented_control(
            "Level", [1, 2, 3], key="pj_level", required=True, on_change=fresh, format_func=lambda n: f"Level {n}"
        )
        ui.note_choices(CHOOSERS)
        st.text_input(
            "Show a puzzle by its code",
            key="pj_code",
            placeholder="e.g. HX7K-3MPA",
            on_change=open_typed_code,
        )
        st.caption("Keys: A reveals the answer, N shows the next puzzle.")
        worksheet_panel(st.session_state["pj_stage"], st.session_state["pj_level"])
        live_panel.sidebar()

    if S["puzzle"] is None:
        fresh()
    p: Puzzle = S["puzzle"]
    if st.query_params.get("code") != p.code:
        st.query_params["code"] = p.code
        st.session_state["pj_opened_code"] = p.code

    notice = st.session_state.pop("pj_notice", None)  # said once, never left above the next puzzle
    if notice:
        st.warning(notice)
    if st.session_state.pop("pj_blur", False):
        ui.release_keys()  # the code box gives the keys A and N back

    step = S.get("step", 0)  # a rounding answer is revealed one part at a time
    revealed = S["revealed"]
    live = live_panel.is_live()
    if live:
        live_panel.sync(p, revealed)
    st.markdown(f"# {answers.big_screen_question(p, step, revealed)}")
    st.markdown(f"### Puzzle code: `{p.code}`")
    pictures(p, revealed)
    if not revealed:
        choices = answers.big_screen_choices(p, step)
        if choices:
            st.markdown(choices)
    else:
        # in a live lesson the class's answers stand beside the answer, on the same screen
        words, chart = st.columns(2) if live else (st.container(), None)
        with words:
            st.markdown(f"# Answer: {answer_words(p)}")
            st.markdown(f"### {p.explanation}")
        if chart is not None:
            with chart:
                live_panel.status(revealed)

    if live and not revealed:
        live_panel.status(revealed)
    cols = st.columns(2)
    label = answers.reveal_label(p, step)
    cols[0].button(label, type="primary", shortcut="A", on_click=reveal, disabled=revealed,
                   use_container_width=True, key="reveal")
    cols[1].button("Next puzzle", shortcut="N", on_click=fresh, use_container_width=True, key="next")


CHOOSERS = {"pj_stage": STAGES[0], "pj_level": 1, "pj_kind": KINDS[0]}
"""The side panel's choosers, with the choice each starts on."""


def pictures(p: Puzzle, revealed: bool) -> None:
    """The puzzle as big as one projector screen allows: the layout, then the tiles, never below the
    fold. On reveal the answer is marked: the working (after the best play), letters kept."""
    layout_svg = ""
    shape = kind(p.kind).answer_shape
    if p.layout:
        after_best = revealed and shape is AnswerShape.PLAY
        shown = p.board.play(p.answer[0]) if after_best else p.board
        letters: bool | dict[str, str] = shape.clickable
        if letters and after_best:  # the ends still open keep their letters
            still = {e.id for e in shown.open_ends}
            letters = {i: x for i, x in ui.end_letters(p.board).items() if i in still}
        marks = p.answer if revealed and shape is AnswerShape.ENDS else ()
        layout_svg = render_layout(shown, working=revealed, letters=letters, style="projector",
                                   highlight=tuple(marks))
    tiles = list(p.hand)  # a puzzle about one play holds just that play's tile
    parts = []
    if layout_svg:
        parts.append(ui.fit_picture(layout_svg, height="42vh"))
    if p.number is not None:
        parts.append(ui.fit_picture(ui.number_line(p, reveal=revealed, style="projector"), height="16vh"))
    if tiles:
        parts.append(ui.fit_picture(render_hand(tiles, style="projector"), height="20vh"))
    ui.pictures(*parts)
