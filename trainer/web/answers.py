"""The answer widgets: one per answer shape (:class:`puzzles.AnswerShape`), for Practice, the Live
lesson and the Projector. A worksheet's write-in boxes come from the same shapes
(:attr:`puzzles.AnswerShape.boxes`).

A page says where the widgets stand (a :class:`Spot`: their keys and words) and what to do with an
answer; the widgets gather the taps and the typing, :mod:`puzzles.responses` reads them into the
response (with how it is shown on the class's chart) or says what is wrong with what was typed.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st

from puzzles import AnswerShape, Puzzle, kind
from puzzles.pictures import choice_letters
from puzzles.responses import ends_from_pick, ends_shown, play_label, read_typed, tapped_play
from trainer.render.taps import BoardMode
from trainer.web import ui
from trainer.words import answering, said
from trainer.words import pages as words

OnAnswer = Callable[[object, str], None]
"""Called with a response and how it is shown (``"15"``, ``"3-4 on end B"``, ``"A + C"``)."""
OnProblem = Callable[[str], None]
"""Called with what is wrong with a typed answer or a choice, in a child's words."""

ROUNDING_FIELDS = ("pips", "rounded", "points")
"""A rounding answer on the big screen, one part at a time (:func:`trainer.words.pages.rounding_parts`
gives each part's question and name)."""


@dataclass(frozen=True)
class Spot:
    """Where a puzzle's answer widgets stand on a page: how their keys are made, and their words."""

    prefix: str
    """Every widget key starts with it (``""`` in Practice, ``"live-"`` in a live lesson)."""
    tag: str
    """…and ends with it (the puzzle's code, or the lesson and round)."""
    send: str
    """The button: ``"check"`` or ``"send"`` (its key is made of it; its words come from
    :mod:`trainer.words.pages`)."""
    rounding: tuple[str, ...]
    """The boxes of a rounding answer (Practice adds a box for the pips, to help)."""
    kind_labels: bool
    """Whether a number box is labelled by its kind (``"Open-end total"``) or just "Your answer"."""
    name_boxes: bool
    """Whether a problem with a typed number says which box it is in."""
    live: bool
    """On a child's device in a live lesson (the choices are asked as questions)."""

    def key(self, name: str) -> str:
        return f"{self.prefix}{name}-{self.tag}"

    @property
    def send_words(self) -> str:
        return words.send() if self.send == "send" else words.check()

    @property
    def play_prompt(self) -> str:
        return words.which_play_scores_most() if self.live else words.or_choose_a_play()

    @property
    def ends_prompt(self) -> str:
        return answering.chosen_ends()  # the same selection as the taps on the picture


def practice_spot(code: str) -> Spot:
    """The answer widgets of Practice (the picture takes taps too, so the choices come second)."""
    return Spot("", code, "check", ("pips", "rounded", "points"), kind_labels=True, name_boxes=True, live=False)


def live_spot(lesson: int, round_no: int) -> Spot:
    """The answer widgets of a live lesson on a child's device (the picture takes taps too, as in
    Practice)."""
    return Spot("live-", f"{lesson}-{round_no}", "send", ("rounded", "points"), kind_labels=False,
                name_boxes=False, live=True)


def answer_widgets(p: Puzzle, spot: Spot, on_answer: OnAnswer, on_problem: OnProblem,
                   extra: Callable[[], None] | None = None) -> None:
    """The widgets for the puzzle's answer shape, in as few rows as they fit (so a puzzle and its
    answer fit a tablet's screen); ``extra`` draws another button beside the answer's own (Practice's
    Hint). Answers go through callbacks, which run before the page is drawn: one run per answer."""
    shape = kind(p.kind).answer_shape
    if shape is AnswerShape.ENDS:  # the letters wrap across the width, with their Check under them
        end_pills(p, spot)
    with st.container(horizontal=True, vertical_alignment="bottom", gap="small"):
        if shape is AnswerShape.NUMBER:
            number_box(p, spot, on_answer, on_problem)
        elif shape is AnswerShape.ROUNDING:
            rounding_boxes(spot, on_answer, on_problem)
        elif shape is AnswerShape.PLAY and p.board:
            play_buttons(p, spot, on_answer)
        elif shape is AnswerShape.ENDS:
            st.button(spot.send_words, type="primary", key=spot.key(spot.send), on_click=read_ends,
                      args=(p, spot, on_answer, on_problem))
        if extra is not None:
            extra()


def number_box(p: Puzzle, spot: Spot, on_answer: OnAnswer, on_problem: OnProblem) -> None:
    label = said(kind(p.kind).answer_label) if spot.kind_labels else words.your_answer()
    with st.form(spot.key("f"), clear_on_submit=False, border=False, width="content"):
        with st.container(horizontal=True, vertical_alignment="bottom", gap="small"):
            st.text_input(label, key=spot.key("n"), max_chars=6, placeholder=words.type_a_number(), width=220)
            st.form_submit_button(spot.send_words, type="primary", on_click=read_boxes,
                                  args=(spot, ("n",), on_answer, on_problem))


def rounding_boxes(spot: Spot, on_answer: OnAnswer, on_problem: OnProblem) -> None:
    with st.form(spot.key("f"), border=False, width="content"):
        with st.container(horizontal=True, vertical_alignment="bottom", gap="small"):
            for name in spot.rounding:
                st.text_input(words.box_label(name), key=spot.key(name), max_chars=4, width=150)
            st.form_submit_button(spot.send_words, type="primary", on_click=read_boxes,
                                  args=(spot, spot.rounding, on_answer, on_problem))


def read_boxes(spot: Spot, fields: tuple[str, ...], on_answer: OnAnswer, on_problem: OnProblem) -> None:
    """Read typed numbers (:func:`puzzles.responses.read_typed`): one box or the boxes of a rounding answer."""
    typed = read_typed(fields, {f: st.session_state.get(spot.key(f)) for f in fields})
    if typed.problem:
        on_problem(words.box_problem(typed.box, typed.problem) if spot.name_boxes else typed.problem)
        return
    on_answer(typed.response, typed.shown)


def play_buttons(p: Puzzle, spot: Spot, on_answer: OnAnswer) -> None:
    st.markdown(spot.play_prompt, width="content")
    with st.container(horizontal=True, gap="small", width="content"):
        for c in p.choices:
            label = play_label(p.board, c.value)
            st.button(label, key=f"{spot.key('play')}-{c.label}", on_click=on_answer, args=(c.value, label))


def end_pills(p: Puzzle, spot: Spot) -> None:
    """The letters as buttons: the same selection as the taps on the picture (:func:`answer_board`),
    each named as the picture marks it; one button (:func:`read_ends`) checks them."""
    texts = {c.value: c.text for c in p.choices}
    letters = choice_letters(p)
    st.pills(spot.ends_prompt, list(texts), selection_mode="multi", key=spot.key("ends"),
             format_func=lambda x: words.end_choice(letters.get(x, "?"), texts[x]))


def read_ends(p: Puzzle, spot: Spot, on_answer: OnAnswer, on_problem: OnProblem) -> None:
    chosen = st.session_state.get(spot.key("ends")) or []
    if not chosen:
        on_problem(words.choose_at_least_one())
        return
    on_answer(list(chosen), ends_shown(p, chosen))


def answer_board(p: Puzzle, spot: Spot, on_answer: OnAnswer, layout_svg: str, hand_svg: str | None, *,
                 clickable: bool, key: str, **shown: Any) -> None:
    """The puzzle's picture, tapped as an answer where the kind allows (Practice and a live lesson
    alike): a tile then a lettered end answers a play at once; taps on letters choose ends, the same
    selection as the letter buttons under it (their Check answers). ``shown``: :func:`trainer.web.ui.board`'s
    other words. A tap is taken before the run it starts, as a button's click is, so that run draws the answer."""
    k = kind(p.kind)
    mode = k.board_mode if clickable and k.clickable and p.board else BoardMode.VIEW
    ends_key = spot.key("ends")
    hint = ""
    if mode is BoardMode.ENDS:
        hint = answering.tap_ends_live() if spot.live else ""  # Practice's is the board's own
    ui.board(layout_svg, hand_svg, mode=mode, key=key, hint=hint,
             chosen=list(st.session_state.get(ends_key) or []) if mode is BoardMode.ENDS else None,
             on_pick=functools.partial(board_tapped, p, ends_key, on_answer) if mode is not BoardMode.VIEW else None,
             **shown)


def board_tapped(p: Puzzle, ends_key: str, on_answer: OnAnswer, pick: dict[str, Any]) -> None:
    """A tap on the puzzle's picture, before the run it starts (:func:`answer_board`)."""
    if "ends" in pick:  # the selection, kept where the letter buttons read it (they are drawn in the run)
        st.session_state[ends_key] = ends_from_pick(p, pick.get("ends") or [])
        return
    tapped = tapped_play(p, pick)  # a play that is not legal: the judge says why, and nothing is recorded
    if tapped is not None:
        on_answer(*tapped)


# ----- the big screen -----

def reveal_parts(p: Puzzle) -> int:
    """How many parts of the answer the projector reveals one by one before the whole answer."""
    return len(ROUNDING_FIELDS) - 1 if kind(p.kind).answer_shape is AnswerShape.ROUNDING else 0


def big_screen_question(p: Puzzle, step: int, revealed: bool) -> str:
    """The projector's heading: the question, or the part of a rounding answer being asked."""
    if reveal_parts(p) and not revealed:
        return words.rounding_parts()[min(step, len(ROUNDING_FIELDS) - 1)][0]
    return p.question


def big_screen_choices(p: Puzzle, step: int) -> str:
    """What the class chooses from, on the projector, while the answer is hidden ("" for nothing)."""
    shape = kind(p.kind).answer_shape
    if shape is AnswerShape.PLAY and p.board:
        # many plays to choose from: one size smaller, so they stay on one screen with the buttons
        size = "###" if len(p.choices) <= 5 else "####"
        return f"{size} " + " · ".join(f"**{i}.** {play_label(p.board, c.value)}"
                                       for i, c in enumerate(p.choices, start=1))
    if shape is AnswerShape.ROUNDING:
        parts = words.rounding_parts()
        done = [words.part_shown(parts[i][1], p.answer[parts[i][2]]) for i in range(step)]
        return "### " + " · ".join(done) if done else ""
    if shape is AnswerShape.ENDS:
        letters = choice_letters(p)  # every choice named as the picture marks it
        return "### " + " · ".join(words.end_choice(f"**{letters.get(c.value, '?')}**", c.text)
                                   for c in p.choices)
    if p.choices:
        return "### " + words.is_it([str(c.value) for c in p.choices])
    return ""


def reveal_label(p: Puzzle, step: int) -> str:
    """The projector's reveal button: the next part of a rounding answer, or the whole answer."""
    if not reveal_parts(p) or step >= reveal_parts(p):
        return words.reveal_the_answer()
    return words.reveal_part(ROUNDING_FIELDS[step])
