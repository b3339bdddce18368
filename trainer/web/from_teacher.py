""""From your teacher" on the child's Practice page: the work their teacher set, first, with its countdown,
its due day and one big button; and the next puzzle of that work while the child does it.

Progress is read from the child's answers each time (:func:`trainer.learning.assignment.standing`); the
page keeps only which work the child is doing (:attr:`~trainer.web.pagestate.PracticeState.work`)."""

from __future__ import annotations

import streamlit as st

from puzzles import generate_for
from trainer.classroom.assignments import all_done_words, finished_words, left_words, summary
from trainer.learning.assignment import Assignment, Standing, Work, next_pick, standing
from trainer.learning.practice import Practice
from trainer.learning.sprint import day_of
from trainer.store import StoreError
from trainer.web import pagestate, session, ui
from trainer.words import assignments as words

CARD_CSS = ("<style>.st-key-from-teacher{background:#FFF8E1;border:2px solid #F0B429;border-radius:0.8rem;"
            "padding:0.8rem 1rem}.st-key-from-teacher h3{padding:0 0 0.2rem 0}"
            ".st-key-from-teacher [data-testid=stBaseButton-primary]{min-height:3.2rem;padding:0.5rem 0.8rem}"
            ".st-key-from-teacher [data-testid=stBaseButton-primary] p{font-size:1.2rem;font-weight:600;"
            "white-space:normal;text-overflow:clip;overflow:visible}</style>")
"""The card stands out from the puzzle below it: a warm yellow, a strong border (text stays dark on it), and
its button is big enough for a small finger."""


def open_work(pr: Practice) -> list[Assignment]:
    """The signed-in child's open work (none for a guest, a child without a class, or the store away)."""
    me, s = session.me(), session.store()
    if me is None or me.class_code is None or s is None:
        return []
    try:
        found = s.assignments_for(me.code)
    except StoreError:  # the store is away: practice goes on without the card
        return []
    return [w for w in found if w.is_open(pr.clock())]


def standing_of(pr: Practice, work: Assignment) -> Standing:
    p = pr.progress
    return standing(work, p.attempts, p.facts.answers, parked=p.parked(day_of(pr.clock())), now=pr.clock())


def start(work: Assignment) -> None:
    """The big button: the child's next puzzles are the work's."""
    ps = pagestate.practice_page()
    ps.work, ps.finished = work, None
    ps.notice = None
    next_puzzle(session.practice(), ps.work)


def stop() -> None:
    """Back to the child's own practice (the card offers the work again)."""
    ps = pagestate.practice_page()
    ps.work = None
    session.practice().new_puzzle(ps.kind, ps.stage, ps.level)


def next_puzzle(pr: Practice, work: Assignment) -> bool:
    """Put the work's next puzzle up (a mistake being taught comes first, as always); ``False`` when the work
    is done or has nothing to make, and the page goes back to the child's own practice."""
    ps = pagestate.practice_page()
    if standing_of(pr, work).finished:
        ps.work, ps.finished = None, work.id
        return False
    pick = next_pick(work, pr.progress.attempts, pr.progress.coach_level, pr.seed_source)
    if pick is None:
        ps.work = None
        return False
    if pr.plan or pick.trap is None:
        pr.new_puzzle(pick.kind, pick.stage, pick.level)
    else:
        seed = pr.seed_source.randrange(2**24)
        pr.show(generate_for(pick.kind, stage=pick.stage, level=pick.level, trap=pick.trap, seed=seed), coached=False)
    return True


def card(pr: Practice) -> None:
    """The card at the top of Practice: each piece of open work, or a line while the child does one."""
    ps = pagestate.practice_page()
    works = open_work(pr)
    if ps.work is not None and all(w.id != ps.work.id for w in works):
        ps.work = None  # closed or deleted by the teacher meanwhile
    doing = ps.work
    if doing is not None and standing_of(pr, doing).finished:
        ps.work, ps.finished = None, doing.id  # the last puzzle was just answered
    finished, ps.finished = ps.finished, None
    done = next((w for w in works if w.id == finished), None)
    if done is not None:  # what was done and how it went: finishing is not succeeding
        now = standing_of(pr, done)
        if now.all_right:
            st.success(f":material/celebration: **{finished_words(done, now)}**")
        else:
            st.info(f":material/assignment_turned_in: **{finished_words(done, now)}**")
    if not works:
        return
    if ps.work is not None:
        doing = next(w for w in works if w.id == ps.work.id)
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            st.markdown(f":material/assignment: **{words.working_on(left_words(doing, standing_of(pr, doing)))}**",
                        width="content")
            st.button(words.back_to_mine(), key="ft_stop", on_click=stop)
        return
    st.html(CARD_CSS)
    with st.container(key="from-teacher"):
        st.markdown(f"### :material/assignment: {words.from_teacher()}")
        for w in works:
            one(pr, w)


def one(pr: Practice, work: Assignment) -> None:
    """One piece of work on the card, on one line from a tablet up: what it is and its due day, how much is
    left, and its button."""
    now = standing_of(pr, work)
    due = words.due_on(work.due, day_of(pr.clock()))
    what, left, go = st.columns([4, 3, 3], vertical_alignment="center")
    what.markdown(f"**{summary(work)}**  \n{due}")
    if now.finished:
        icon = ":material/check_circle:" if now.all_right else ":material/assignment_turned_in:"
        left.markdown(f"{icon} **{all_done_words(work, now)}**")
        return
    if work.work is Work.SPRINT:  # today's green light big, the days done under it
        left.markdown(f"#### {words.sprint_today(now.today)}\n{words.sprint_days(now.done, now.total)}")
    else:
        left.markdown(f"#### {left_words(work, now)}")
    if work.work is Work.SPRINT:
        if not now.today and go.button(words.start_sprint(), type="primary", key=f"ft_go_{work.id}",
                                       icon=":material/bolt:", width="stretch"):
            st.switch_page(ui.page_path("sprint"))
        return
    label = words.keep_going() if now.done else words.start()
    go.button(label, type="primary", key=f"ft_go_{work.id}", on_click=start, args=(work,),
              icon=":material/play_arrow:", width="stretch")
