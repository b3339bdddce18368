"""The placement check on Practice: the offer to a new child, one puzzle at a time with a line that says how
far along it is, and the end screen that says where they start. The rule and what is recorded are
:mod:`trainer.learning.placement`'s; this module draws it and keeps the result in the store."""

from __future__ import annotations

import streamlit as st

from puzzles import STAGES, kind, pictures
from trainer.learning.attempt import Attempt
from trainer.learning.placement import CHECK_LENGTH, Placement
from trainer.learning.practice import COACH, Practice
from trainer.store import StoreError
from trainer.web import answers, pagestate, session, ui
from trainer.words import placement as words

BIG_BUTTONS = ("<style>.st-key-pc_start button,.st-key-pc_skip button,.st-key-pc_go button{min-height:3.6rem;"
               "font-size:1.3rem;padding:0.6rem 1.6rem}.st-key-pc_start p,.st-key-pc_skip p,.st-key-pc_go p"
               "{font-size:1.3rem}</style>")
"""The offer's and the end screen's buttons, big enough for a small finger on a tablet."""
LINE_CSS = ("<style>[data-testid='stProgress'] p{font-size:1.2rem;font-weight:600}"
            "[data-testid='stProgress'] [role='progressbar']{height:0.7rem}</style>")
"""The line that says how far along the check is, read at a glance."""


def wanted(pr: Practice) -> bool:
    """The check (or its end screen) is what Practice shows now: a signed-in child not placed yet who has
    answered nothing but the check, and has no puzzle open (a shared puzzle link, say, stays up). A guest has
    nowhere to keep the result, and is not offered it; nor is a child signed in while the store is away (their
    answers are not known yet)."""
    if pagestate.practice_page().welcome is not None:
        return True
    if session.me() is None or session.state().waiting:
        return False
    return pr.check_offered and (pr.check is not None or pr.puzzle is None)


def spot(code: str) -> answers.Spot:
    """The check's answer widgets: Practice's, under keys of their own."""
    return answers.Spot("pc-", code, "check", ("pips", "rounded", "points"), kind_labels=True, name_boxes=True,
                        live=False)


# ----- what the buttons do (callbacks: they run before the page is drawn) -----

def begin() -> None:
    session.practice().start_check()


def skip() -> None:
    """Skipped: the child starts at the beginning, as before the check existed, and is not offered it again."""
    pr = session.practice()
    settle(pr, Placement(STAGES[0], pr.clock(), skipped=True), welcome=False)


def stop() -> None:
    """Stopped part-way: the child starts where the answers so far show."""
    pr = session.practice()
    settle(pr, pr.start_check().result())


def give(response: object, shown: str = "") -> None:
    """An answer to the check's puzzle: recorded, and the next puzzle (or the end screen) comes; a mis-tap or
    junk gets its reason and a new try, and nothing is recorded."""
    pr = session.practice()
    check = pr.start_check()
    code = check.puzzle.code if check.puzzle is not None else None
    verdict, attempt = check.answer(response)
    if attempt is None:
        pagestate.practice_page().say(verdict.message, code)
        return
    after(pr, attempt)


def dont_know() -> None:
    pr = session.practice()
    after(pr, pr.start_check().dont_know())


def problem(code: str, text: str) -> None:
    pagestate.practice_page().say(text, code)


def after(pr: Practice, attempt: Attempt | None) -> None:
    """A check answer recorded; when it ended the check, the child is placed."""
    pr.record_check(attempt)
    check = pr.start_check()
    if check.is_over:
        settle(pr, check.result())


def settle(pr: Practice, placement: Placement, *, welcome: bool = True) -> None:
    """Keep the placement (the first one kept stands, from any device) and start the coach from it."""
    s, who = session.store(), session.me()
    if s is not None and who is not None:
        try:
            placement = s.record_placement(who.code, placement)
        except StoreError:
            session.say(words.not_saved())
    pr.place(placement)
    ps = pagestate.practice_page()
    ps.kind, ps.stage = COACH, pr.progress.coach_stage
    ps.welcome = placement.start if welcome else None


def go_on() -> None:
    pagestate.practice_page().welcome = None


# ----- the screens -----

def show(pr: Practice) -> None:
    """The offer, a puzzle of the check, or the end screen, under Practice's heading and the line that says who
    is practising (the page's head)."""
    ps = pagestate.practice_page()
    if ps.welcome is not None:
        end_screen(ps.welcome)
        return
    if pr.check is None and not pr.progress.attempts:
        offer(pr)
        return
    check = pr.start_check()  # begun, or taken up again where the stored answers left it
    if check.is_over:  # finished before a reload that came before its result was kept
        settle(pr, check.result())
        end_screen(pagestate.practice_page().welcome or STAGES[0])
        return
    question(pr)


def offer(pr: Practice) -> None:
    st.html(BIG_BUTTONS)
    st.markdown(f"# {words.offer_title()}")
    st.markdown(f"### {words.offer_text(CHECK_LENGTH)}")
    with st.container(horizontal=True, gap="large"):
        st.button(words.start_check(), type="primary", key="pc_start", on_click=begin, icon=":material/flag:",
                  width="stretch")
        st.button(words.skip(), key="pc_skip", on_click=skip, help=words.skip_help(),
                  icon=":material/skip_next:", width="stretch")


def question(pr: Practice) -> None:
    """One puzzle of the check, the line that says how far along it is, and its buttons."""
    check = pr.start_check()
    p = check.ask()
    assert p is not None
    ps = pagestate.practice_page()
    line = words.question_of(check.number, check.about)
    st.html(LINE_CSS)
    st.markdown(f"### {words.check_title()}")
    where = words.stage_now(ui.STAGE_LABELS[p.stage])
    st.progress(min(1.0, (check.number - 1) / check.about), text=f"{line} · {where}")
    st.markdown(f"#### {p.question}")
    k = kind(p.kind)
    lay = p.board if p.board else None
    layout_svg, hand_svg = pictures.puzzle_pictures(p, working=False, ringed=pictures.named_ends(p))
    notice = ps.notice_on(p.code)
    if notice:
        st.warning(notice)
    answers.answer_board(p, spot(p.code), give, layout_svg, hand_svg, clickable=k.clickable and lay is not None,
                         key=f"pc-board-{p.code}", layout_width=ui.natural_width(layout_svg) if layout_svg else "",
                         extra=pictures.number_line(p, reveal=False), speak=ui.spoken(p.question),
                         hand_width=f"{pictures.hand_width(len(p.hand))}px", layout_height="32vh")

    def not_sure() -> None:
        st.button(words.dont_know(), key=f"pc-dont-{p.code}", on_click=dont_know, icon=":material/help:")

    answers.answer_widgets(p, spot(p.code), give, lambda text: problem(p.code, text), extra=not_sure)
    st.button(words.stop_here(), key="pc_stop", on_click=stop, help=words.stop_help(), type="tertiary",
              icon=":material/stop_circle:")


def end_screen(start: str) -> None:
    """Where the child starts, said big, with one button to go on."""
    st.html(BIG_BUTTONS)
    placed = [ui.STAGE_LABELS[s] for s in STAGES[: STAGES.index(start)]]
    st.markdown(f"## :material/celebration: {words.well_done()}")
    st.markdown(f"# {words.start_at(ui.STAGE_LABELS[start])}")
    st.markdown(f"### {words.placed_note(placed)}")
    st.button(words.go_on(), type="primary", key="pc_go", on_click=go_on, icon=":material/arrow_forward:")
