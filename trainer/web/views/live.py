"""Live lesson, a child's side: the teacher's puzzle shows up here as it changes; the child answers
once, then looks at the big screen. The page waits with a small fragment that reads the store and
redraws the page only when the teacher moves on.

Before the teacher presses Start the lesson is in its lobby: the child's nickname is on the big screen
and this page says the teacher will start soon. A join link (the QR code on the big screen,
``?join=<class code>``) opens a join form here for a child who is not signed in. With a countdown, a
calm ring shows the time left; when it ends answers close, and the store refuses one that arrives
later, which the child is told kindly."""

from __future__ import annotations

import functools
import random

import streamlit as st

from puzzles import CodeError, Puzzle, from_code, mistake_name, pictures
from puzzles.registry import answer_words
from trainer.store import Learner, LessonState, Store, StoreError
from trainer.store.nicknames import suggest
from trainer.web import answers, countdown, markup, pagestate, session, signin, ui
from trainer.web.pagestate import LiveState
from trainer.words import language
from trainer.words import live as words
from trainer.words import lobby as lobby_words
from trainer.words import sign_in as sign_in_words

POLL_SECONDS = 1.5
"""How often a waiting device asks the store whether the teacher has moved on."""
JOIN = "join"
"""The query parameter of a join link: the class code."""


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
        if not join_form():
            st.info(words.sign_in_first())
            st.page_link(ui.page_path("me"), label=words.sign_in(), icon=":material/person:")
        return
    if JOIN in st.query_params:
        del st.query_params[JOIN]  # joined, or already in a class: the address is the page's own again
    if not me.class_code:
        st.info(words.join_first())
        st.page_link(ui.page_path("me"), label=words.join_my_class(), icon=":material/person:")
        return
    ls = record()
    state = s.lesson(me.class_code)
    if state is not None and ls.joined != (me.class_code, state.lesson):
        state = s.join_lesson(me.code)  # counted once per lesson, not on every redraw
        ls.joined = (me.class_code, state.lesson) if state is not None else None
    seen = moment(s, state)
    if state is None:
        st.markdown(f"### {words.waiting()}")
        st.caption(words.stay_here())
    elif not state.begun:
        markup.show_html(lobby_words.in_lobby(markup.literal(me.nickname)), tag="h2")
        st.markdown(f"### {lobby_words.waiting_start()}")
        st.caption(lobby_words.look_for_your_name())
    elif state.round == 0:
        st.markdown(f"### {words.get_ready()}")
    else:
        puzzle_screen(s, me, state, ls)
    watch(me.class_code, seen)


def moment(s: Store, state: LessonState | None) -> tuple | None:
    """What the page shows of the lesson: it is drawn again when this changes (a new round, Start,
    locked, revealed, this device's time up)."""
    if state is None:
        return None
    return state.lesson, state.round, state.begun, state.locked, state.revealed, my_time_up(s, state)


def my_end(state: LessonState) -> float | None:
    """This device's own end of time for the round on screen (``None``: no countdown, or not shown yet)."""
    if state.deadline is None:
        return None
    return record().ends.get((state.lesson, state.round))


def my_time_up(s: Store, state: LessonState) -> bool:
    end = my_end(state)
    return end is not None and s.clock() >= end


def saw(s: Store, me: Learner, state: LessonState) -> None:
    """The puzzle is on this device's screen: its time starts now, by the store's clock (once a round)."""
    ls, round_key = record(), (state.lesson, state.round)
    if round_key in ls.ends:
        return
    try:
        ls.ends[round_key] = s.saw_puzzle(me.code, state.round)
    except StoreError:  # asked again on the next run; the store still allows for it
        return


def puzzle_screen(s: Store, me: Learner, state: LessonState, ls: LiveState) -> None:
    """The teacher's puzzle: the ring while time runs, the answer once, then the verdict on reveal."""
    try:
        p = from_code(state.puzzle_code)
    except CodeError:
        st.warning(words.puzzle_broken())
        return
    started = ls.seen.setdefault((state.lesson, state.round), session.practice().clock())
    saw(s, me, state)
    mine = s.my_live_answer(me.code, state.round)
    now = s.clock()
    time_up = my_time_up(s, state)
    open_to_answer = mine is None and not state.locked and not state.revealed and not time_up
    end = my_end(state)
    left = None if end is None else max(0.0, end - now)
    if open_to_answer and left:
        with st.container(horizontal=True, vertical_alignment="center"):
            st.markdown(f"## {p.question}")
            countdown.show_ring(left, state.countdown, size="5.5rem")
    else:
        st.markdown(f"## {p.question}")
    layout_svg, hand_svg = pictures.puzzle_pictures(p, working=state.revealed,
                                                    ringed=() if state.revealed else pictures.named_ends(p))
    # the same picture as in Practice: a tile then a lettered end answers, letters choose ends
    on_answer = functools.partial(send, lesson=state.lesson, round_no=state.round, started=started)
    answers.answer_board(p, answers.live_spot(state.lesson, state.round), on_answer, layout_svg, hand_svg,
                         clickable=open_to_answer,
                         key=f"live-board-{state.lesson}-{state.round}-{state.revealed}-{mine is None}",
                         layout_width=ui.natural_width(layout_svg) if layout_svg else "",
                         extra=pictures.number_line(p, reveal=state.revealed), speak=ui.spoken(p.question),
                         hand_width=f"{pictures.hand_width(len(p.hand))}px")
    notice, ls.notice = ls.notice, None
    if notice:
        st.warning(notice)
    if open_to_answer:
        answer_widgets(p, state.lesson, state.round, started)
    elif mine is None and time_up and not state.revealed and not state.locked:
        st.info(lobby_words.time_up_child())
    elif mine is None:
        st.info(words.answers_closed_watch())
    elif not state.revealed:
        st.success(words.sent(mine[0]))
    else:
        verdict(p, mine, ls.verdicts.get((state.lesson, state.round)))


def verdict(p: Puzzle, mine: tuple[str, bool, str | None], message: str | None) -> None:
    if mine[1]:
        st.success(message or words.right(answer_words(p)))
    else:
        named = mistake_name(mine[2]) if mine[2] not in (None, "other") else ""
        st.error(message or words.not_this_time(answer_words(p), named))


@st.fragment(run_every=POLL_SECONDS)
def watch(class_code: str, seen: tuple | None) -> None:
    """Ask the store whether the lesson moved on; redraw the page only when it did."""
    s = session.store()
    try:
        state = s.lesson(class_code) if s is not None else None
    except StoreError:
        return  # asked again in a moment; the page says the store is away
    if s is not None and moment(s, state) != seen:
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
        late = my_time_up(s, state) and not state.locked
        notice(lobby_words.too_late() if late else words.answers_closed())
        return
    record().verdicts[(lesson, round_no)] = verdict.message
    practice.record_live(attempt)


def notice(text: str) -> None:
    record().notice = text


def answer_widgets(p: Puzzle, lesson: int, round_no: int, started: float) -> None:
    on_answer = functools.partial(send, lesson=lesson, round_no=round_no, started=started)
    answers.answer_widgets(p, answers.live_spot(lesson, round_no), on_answer, notice)


# ----- joining from the big screen's QR code -----

def join_form() -> bool:
    """A join link's form for a child who is not signed in: a nickname, then Join. ``False`` when the
    address holds no join link (the page then says how to sign in)."""
    code = st.query_params.get(JOIN)
    if not code:
        return False
    # the class is looked up only on Join, where wrong codes count against the asker (the store's limits)
    st.markdown(f"## {lobby_words.join_lesson()}")
    markup.show_html(lobby_words.with_code(markup.literal(code[:16])))
    problem, record().notice = record().notice, None
    if problem:
        st.warning(problem)
    ls = record()
    if not ls.names:
        ls.names = suggest(random.Random(), language=language())
    st.pills(sign_in_words.pick_a_nickname(), ls.names, key="live_pick")
    st.text_input(sign_in_words.type_your_own(), key="live_typed", max_chars=20,
                  placeholder=sign_in_words.nickname_example(), help=sign_in_words.no_real_names())
    st.button(sign_in_words.join(), type="primary", on_click=join, args=(code,), key="live_join")
    return True


@ui.guarded
def join(code: str) -> None:
    s = session.store()
    typed = (st.session_state.get("live_typed") or "").strip()
    nickname = typed or (st.session_state.get("live_pick") or "")
    if s is None:
        notice(words.not_working())
        return
    try:
        learner = s.learner(s.join(code, nickname, clients=session.clients()))
    except StoreError as err:
        notice(str(err))
        return
    if learner is not None:
        signin.sign_in(learner, carry_over=True)


ui.run_page("live", show)
