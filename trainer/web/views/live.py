"""Live lesson, a child's side: the teacher's puzzle shows up here as it changes; the child answers
once, then looks at the big screen. The page waits with a small fragment that reads the store and
redraws the page only when the teacher moves on."""

from __future__ import annotations

import functools

import streamlit as st

from puzzles import CodeError, Puzzle, from_code, pictures
from puzzles.registry import answer_words
from trainer.store import StoreError
from trainer.web import answers, pagestate, session, ui
from trainer.web.pagestate import LiveState
from trainer.words import live as words
from trainer.words.mistakes import mistake_name

POLL_SECONDS = 1.5
"""How often a waiting device asks the store whether the teacher has moved on."""


def record() -> LiveState:
    return pagestate.live()


def show() -> None:
    """Draw the page (on every rerun)."""
    st.title(words.title())
    me, s = session.me(), session.store()
    if s is None or session.state().waiting:  # signed in while the store is away: its class is not known yet
        st.warning(words.not_working())
        return
    if me is None:
        st.info(words.sign_in_first())
        st.page_link(ui.page_path("me"), label=words.sign_in(), icon=":material/person:")
        return
    if not me.class_code:
        st.info(words.join_first())
        st.page_link(ui.page_path("me"), label=words.join_my_class(), icon=":material/person:")
        return
    ls = record()
    state = s.lesson(me.class_code)
    if state is not None and ls.joined != (me.class_code, state.lesson):
        state = s.join_lesson(me.code)  # counted once per lesson, not on every redraw
        ls.joined = (me.class_code, state.lesson) if state is not None else None
    seen = None if state is None else (state.lesson, state.round, state.locked, state.revealed)
    if state is None:
        st.markdown(f"### {words.waiting()}")
        st.caption(words.stay_here())
        watch(me.class_code, seen)
        return
    if state.round == 0:
        st.markdown(f"### {words.get_ready()}")
        watch(me.class_code, seen)
        return
    try:
        p = from_code(state.puzzle_code)
    except CodeError:
        st.warning(words.puzzle_broken())
        watch(me.class_code, seen)
        return
    started = ls.seen.setdefault((state.lesson, state.round), session.practice().clock())
    st.markdown(f"## {p.question}")
    mine = s.my_live_answer(me.code, state.round)
    open_to_answer = mine is None and not state.locked and not state.revealed
    layout_svg, hand_svg = pictures.puzzle_pictures(p, working=state.revealed,
                                                    ringed=() if state.revealed else pictures.named_ends(p))
    # the same picture as in Practice: a tile then a lettered end answers, letters choose ends
    on_answer = functools.partial(send, lesson=state.lesson, round_no=state.round, started=started)
    if answers.answer_board(p, answers.live_spot(state.lesson, state.round), on_answer, layout_svg, hand_svg,
                            clickable=open_to_answer,
                            key=f"live-board-{state.lesson}-{state.round}-{state.revealed}-{mine is None}",
                            layout_width=ui.natural_width(layout_svg) if layout_svg else "",
                            extra=pictures.number_line(p, reveal=state.revealed), speak=ui.spoken(p.question),
                            hand_width=f"{pictures.hand_width(len(p.hand))}px"):
        st.rerun()
    notice, ls.notice = ls.notice, None
    if notice:
        st.warning(notice)
    if mine is None and not state.locked:
        answer_widgets(p, state.lesson, state.round, started)
    elif mine is None:
        st.info(words.answers_closed_watch())
    elif not state.revealed:
        st.success(words.sent(mine[0]))
    else:
        message = ls.verdicts.get((state.lesson, state.round))
        if mine[1]:
            st.success(message or words.right(answer_words(p)))
        else:
            named = mistake_name(mine[2]) if mine[2] not in (None, "other") else ""
            st.error(message or words.not_this_time(answer_words(p), named))
    watch(me.class_code, seen)


@st.fragment(run_every=POLL_SECONDS)
def watch(class_code: str, seen: tuple | None) -> None:
    """Ask the store whether the lesson moved on; redraw the page only when it did."""
    s = session.store()
    try:
        state = s.lesson(class_code) if s is not None else None
    except StoreError:
        return  # asked again in a moment; the page says the store is away
    now = None if state is None else (state.lesson, state.round, state.locked, state.revealed)
    if now != seen:
        st.rerun(scope="app")


@ui.guarded
def send(response: object, shown: str, lesson: int, round_no: int, started: float) -> None:
    """A child's answer: checked, kept for the class's chart, and recorded as practice."""
    me, s = session.me(), session.store()
    state = s.lesson(me.class_code) if (me is not None and s is not None and me.class_code) else None
    if me is None or s is None or state is None or (state.lesson, state.round) != (lesson, round_no):
        notice(words.moved_on())
        return
    practice = session.practice()
    verdict, attempt = practice.judge_live(from_code(state.puzzle_code), response, started)
    if attempt is None:
        notice(verdict.message)
        return
    # the class's answer and the child's practice answer are kept together, in one transaction
    if not s.live_answer(me.code, round_no, shown, verdict.correct, verdict.mistake, attempt=attempt):
        notice(words.answers_closed())
        return
    record().verdicts[(lesson, round_no)] = verdict.message
    practice.record_live(attempt)


def notice(text: str) -> None:
    record().notice = text


def answer_widgets(p: Puzzle, lesson: int, round_no: int, started: float) -> None:
    on_answer = functools.partial(send, lesson=lesson, round_no=round_no, started=started)
    answers.answer_widgets(p, answers.live_spot(lesson, round_no), on_answer, notice)


ui.run_page("live", show)
