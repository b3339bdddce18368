"""The answer widgets: one per answer shape (:class:`puzzles.AnswerShape`), for Practice, the Live
lesson and the Projector. A worksheet's write-in boxes come from the same shapes
(:attr:`puzzles.AnswerShape.boxes`).

A page says where the widgets stand (a :class:`Spot`: their keys and words) and what to do with an
answer; the widgets read the boxes and hand over the response with how it is shown on the class's
chart, or say what is wrong with what was typed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from puzzles import AnswerShape, Puzzle, kind
from puzzles.words import read_typed_number
from trainer import ui

OnAnswer = Callable[[object, str], None]
"""Called with a response and how it is shown (``"15"``, ``"3-4 on end B"``, ``"A + C"``)."""
OnProblem = Callable[[str], None]
"""Called with what is wrong with a typed answer or a choice, in a child's words."""

BOX_LABELS = {"pips": "Pips (to help you)", "rounded": "Rounded to five", "points": "Points"}
BOX_NAMES = {"n": "", "pips": "Pips: ", "rounded": "Rounded: ", "points": "Points: "}
"""How a problem with a box names the box."""
ROUNDING_PARTS = (
    ("Add up the pips on these tiles. How many?", "Pips", "pips"),
    ("Round that to the nearest five.", "Rounded", "rounded"),
    ("How many points is that?", "Points", "points"),
)
"""A rounding answer on the big screen, one part at a time: (question, name, answer field)."""


@dataclass(frozen=True)
class Spot:
    """Where a puzzle's answer widgets stand on a page: how their keys are made, and their words."""

    prefix: str
    """Every widget key starts with it (``""`` in Practice, ``"live-"`` in a live lesson)."""
    tag: str
    """…and ends with it (the puzzle's code, or the lesson and round)."""
    send: str
    """The button's word (``"Check"``, ``"Send"``); its key is made of it too."""
    rounding: tuple[str, ...]
    """The boxes of a rounding answer (Practice adds a box for the pips, to help)."""
    kind_labels: bool
    """Whether a number box is labelled by its kind (``"Open-end total"``) or just "Your answer"."""
    name_boxes: bool
    """Whether a problem with a typed number says which box it is in."""
    play_prompt: str
    ends_prompt: str

    def key(self, name: str) -> str:
        return f"{self.prefix}{name}-{self.tag}"


def practice_spot(code: str) -> Spot:
    """The answer widgets of Practice (the picture takes taps too, so the choices come second)."""
    return Spot("", code, "Check", ("pips", "rounded", "points"), kind_labels=True, name_boxes=True,
                play_prompt="Or choose a play:", ends_prompt="Or choose the ones that count")


def live_spot(lesson: int, round_no: int) -> Spot:
    """The answer widgets of a live lesson on a child's device."""
    return Spot("live-", f"{lesson}-{round_no}", "Send", ("rounded", "points"), kind_labels=False,
                name_boxes=False, play_prompt="Which play scores most?", ends_prompt="Choose the ends that count")


def answer_widgets(p: Puzzle, spot: Spot, on_answer: OnAnswer, on_problem: OnProblem) -> None:
    """The widgets for the puzzle's answer shape. Answers go through callbacks, which run before
    the page is drawn: one run per answer."""
    shape = kind(p.kind).answer_shape
    if shape is AnswerShape.NUMBER:
        number_box(p, spot, on_answer, on_problem)
    elif shape is AnswerShape.ROUNDING:
        rounding_boxes(spot, on_answer, on_problem)
    elif shape is AnswerShape.PLAY and p.board:
        play_buttons(p, spot, on_answer)
    elif shape is AnswerShape.ENDS:
        end_pills(p, spot, on_answer, on_problem)


def number_box(p: Puzzle, spot: Spot, on_answer: OnAnswer, on_problem: OnProblem) -> None:
    label = kind(p.kind).answer_label if spot.kind_labels else "Your answer"
    with st.form(spot.key("f"), clear_on_submit=False, border=False):
        st.text_input(label, key=spot.key("n"), max_chars=6, placeholder="Type a number")
        st.form_submit_button(spot.send, type="primary", on_click=read_boxes,
                              args=(spot, ("n",), on_answer, on_problem))


def rounding_boxes(spot: Spot, on_answer: OnAnswer, on_problem: OnProblem) -> None:
    with st.form(spot.key("f"), border=False):
        for column, name in zip(st.columns(len(spot.rounding)), spot.rounding):
            column.text_input(BOX_LABELS[name], key=spot.key(name), max_chars=4)
        st.form_submit_button(spot.send, type="primary", on_click=read_boxes,
                              args=(spot, spot.rounding, on_answer, on_problem))


def read_boxes(spot: Spot, fields: tuple[str, ...], on_answer: OnAnswer, on_problem: OnProblem) -> None:
    """Read typed numbers: one box (a total, points, a number) or the boxes of a rounding answer."""
    given: dict[str, int] = {}
    for f in fields:
        text = st.session_state.get(spot.key(f))
        if f == "pips" and not (text or "").strip():
            continue  # the pips box is there to help; the rounded pips and the points are the answer
        value, problem = read_typed_number(text)
        if value is None:
            on_problem((BOX_NAMES[f] if spot.name_boxes else "") + problem)
            return
        given[f] = value
    if fields == ("n",):
        on_answer(given["n"], str(given["n"]))
    else:
        on_answer(given, f"{given['rounded']} → {given['points']}")


def play_buttons(p: Puzzle, spot: Spot, on_answer: OnAnswer) -> None:
    st.write(spot.play_prompt)
    with st.container(horizontal=True):
        for c in p.choices:
            label = ui.play_label(p.board, c.value)
            st.button(label, key=f"{spot.key('play')}-{c.label}", on_click=on_answer, args=(c.value, label))


def end_pills(p: Puzzle, spot: Spot, on_answer: OnAnswer, on_problem: OnProblem) -> None:
    texts = {c.value: c.text for c in p.choices}
    letters = ui.end_letters(p.board)
    st.pills(spot.ends_prompt, list(texts), selection_mode="multi", key=spot.key("ends"),
             format_func=lambda x: f"End {letters[x]}: {texts[x]}" if x in letters else texts[x])
    st.button(spot.send, type="primary", key=spot.key(spot.send.lower()), on_click=read_ends,
              args=(p, spot, on_answer, on_problem))


def read_ends(p: Puzzle, spot: Spot, on_answer: OnAnswer, on_problem: OnProblem) -> None:
    chosen = st.session_state.get(spot.key("ends")) or []
    if not chosen:
        on_problem("Choose at least one.")
        return
    letters = ui.end_letters(p.board)
    on_answer(list(chosen), " + ".join(sorted(letters.get(c, "?") for c in chosen)))


# ----- the big screen -----

def reveal_parts(p: Puzzle) -> int:
    """How many parts of the answer the projector reveals one by one before the whole answer."""
    return len(ROUNDING_PARTS) - 1 if kind(p.kind).answer_shape is AnswerShape.ROUNDING else 0


def big_screen_question(p: Puzzle, step: int, revealed: bool) -> str:
    """The projector's heading: the question, or the part of a rounding answer being asked."""
    if reveal_parts(p) and not revealed:
        return ROUNDING_PARTS[min(step, len(ROUNDING_PARTS) - 1)][0]
    return p.question


def big_screen_choices(p: Puzzle, step: int) -> str:
    """What the class chooses from, on the projector, while the answer is hidden ("" for nothing)."""
    shape = kind(p.kind).answer_shape
    if shape is AnswerShape.PLAY and p.board:
        # many plays to choose from: one size smaller, so they stay on one screen with the buttons
        size = "###" if len(p.choices) <= 5 else "####"
        return f"{size} " + " · ".join(f"**{i}.** {ui.play_label(p.board, c.value)}"
                                       for i, c in enumerate(p.choices, start=1))
    if shape is AnswerShape.ROUNDING:
        done = [f"{ROUNDING_PARTS[i][1]}: **{p.answer[ROUNDING_PARTS[i][2]]}**" for i in range(step)]
        return "### " + " · ".join(done) if done else ""
    if shape is AnswerShape.ENDS:
        letters = ui.end_letters(p.board)
        return "### " + " · ".join(f"**{letters.get(c.value, str(i))}**: {c.text}"
                                   for i, c in enumerate(p.choices, start=1))
    if p.choices:
        return ("### Is it " + ", ".join(f"**{c.value}**" for c in p.choices[:-1])
                + f" or **{p.choices[-1].value}**?")
    return ""


def reveal_label(p: Puzzle, step: int) -> str:
    """The projector's reveal button: the next part of a rounding answer, or the whole answer."""
    if not reveal_parts(p) or step >= reveal_parts(p):
        return "Reveal the answer"
    return f"Reveal: {ROUNDING_PARTS[step][1].lower()}"
