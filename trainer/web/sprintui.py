"""The Fives Sprint's widgets, shared by its own page and the coach's step on Practice: a fact in big
type, its time bar, big buttons to tap and a box to type in, and what the last answer got."""

from __future__ import annotations

import streamlit as st

from trainer.learning.practice import Practice
from trainer.learning.sprint import AgeBand, Fact, FactVerdict, SprintRound
from trainer.render.taps import BoardMode
from trainer.web import pagestate, session, ui
from trainer.web.pagestate import SprintState
from trainer.words import sprint as words
from trainer.words.numbers import read_typed_number

CSS = """<style>
[class*="st-key-sp_choice"] button{min-height:5.5rem;border-radius:1rem}
[class*="st-key-sp_choice"] button p{font-size:2.6rem;font-weight:700}
[class*="st-key-sp_start"] button{min-height:4rem}
[class*="st-key-sp_start"] button p{font-size:1.6rem;font-weight:700}
.sp-question{font-size:3rem;font-weight:700;text-align:center;margin:0.6rem 0 0.4rem 0;line-height:1.2}
.sp-bar{height:1.1rem;background:#EEF3F7;border-radius:0.6rem;overflow:hidden;border:1px solid #9AA5B1}
.sp-bar div{height:100%;width:100%;background:#0072B2}
.sp-light{display:flex;align-items:center;gap:0.8rem;font-size:1.3rem;font-weight:600;margin:0.2rem 0 0.8rem 0}
.sp-light span.lamp{width:2.4rem;height:2.4rem;flex:none;border-radius:50%;display:inline-block;
border:3px solid #52606D}
.sp-said{font-size:1.5rem;font-weight:600;text-align:center;padding:0.4rem;border-radius:0.6rem}
.st-key-sp_choices{display:grid;grid-auto-flow:column;grid-auto-columns:minmax(0,1fr);gap:0.6rem}
@media (max-width:640px){
.st-key-sp_choices{grid-auto-flow:row;grid-template-columns:repeat(2,minmax(0,1fr));gap:0.5rem}
[class*="st-key-sp_choice"] button{min-height:4.2rem}
[class*="st-key-sp_choice"] button p{font-size:2.2rem}
.sp-light{font-size:1.05rem;gap:0.6rem;margin:0 0 0.4rem 0}
.sp-light span.lamp{width:1.9rem;height:1.9rem}
.sp-question{font-size:2rem;margin:0.2rem 0;line-height:1.15}
.sp-said{font-size:1.1rem;padding:0.25rem;line-height:1.35}
}
</style>"""
"""On a phone the four answers stand two by two (one per row they did not fit the screen), and the question,
its time bar and the last answer's verdict stay on the screen with them."""


def state() -> SprintState:
    return pagestate.sprint()


def give(value: object) -> None:
    """Answer the fact on screen with a tapped or typed value."""
    pr = session.practice()
    s = state()
    fact = pr.sprint.current if pr.sprint is not None else None
    verdict = pr.answer_fact(value)
    s.notice = None
    s.typed += 1
    if verdict is None or fact is None:
        s.said, s.good = words.time_up(), False
        return
    s.said, s.good = said(verdict), verdict.correct


def said(v: FactVerdict) -> str:
    if v.fluent:
        return words.right_quick()
    if v.correct:
        return words.right_slow()
    return words.wrong(v.fact.kind.prefix, v.fact.numbers, v.fact.answer)


def shown(value: int | bool) -> str:
    return words.yes_no(value) if isinstance(value, bool) else str(value)


def typed() -> None:
    """Read the answer box: a whole number (or yes/no); anything else gets a friendly word, not an answer."""
    s = state()
    pr = session.practice()
    text = str(st.session_state.get(f"sp_typed_{s.typed}") or "").strip()
    fact = pr.sprint.current if pr.sprint is not None else None
    if fact is None:
        return
    if isinstance(fact.answer, bool):
        value: object = {"yes": True, "y": True, "no": False, "n": False}.get(text.lower())
        if value is None:
            s.notice = words.not_yes_no()
            return
    else:
        number, problem = read_typed_number(text)  # the one reader of every number box
        if number is None:
            s.notice = problem
            return
        value = number
    give(value)


def time_bar(index: int, seconds: float) -> None:
    """A bar that empties over the fact's time bar; a new animation name per fact restarts it. The time
    that counts is measured on the server from when the fact was shown."""
    st.markdown(f"<style>@keyframes sp-shrink-{index}{{from{{width:100%}}to{{width:0%}}}}</style>"
                f'<div class="sp-bar" title="{words.time_bar_label(seconds)}" data-seconds="{seconds:g}">'
                f'<div style="animation:sp-shrink-{index} {seconds:g}s linear forwards"></div></div>',
                unsafe_allow_html=True)
    st.caption(words.time_bar_label(seconds))


def fact_panel(round_: SprintRound, now: float) -> None:
    """The fact on screen, its time bar and its answer buttons; its clock starts now, as the page draws
    it (not when the round was started or the last fact answered, before this page was drawn)."""
    fact = round_.current
    assert fact is not None
    round_.show(now)
    _fact_panel(fact, round_.at, len(round_.facts), round_.time_bar())


def _fact_panel(fact: Fact, index: int, count: int, bar: float) -> None:
    s = state()
    st.caption(words.fact_counter(index + 1, count))
    st.markdown(f'<div class="sp-question" data-fact="{fact.id}" data-at="{index}">{fact.question}</div>',
                unsafe_allow_html=True)
    # "Read it to me", as on every puzzle: the browser's own voice reads the fact
    ui.board("", None, mode=BoardMode.VIEW, key=f"sp_speak_{index}", speak=ui.spoken(fact.question))
    time_bar(index, bar)
    with st.container(key="sp_choices"):  # in a row, or two by two on a phone (CSS)
        for i, choice in enumerate(fact.choices):
            st.button(shown(choice), key=f"sp_choice{i}", on_click=give, args=(choice,), use_container_width=True)
    with st.form(key="sp_form", border=False):
        c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
        c1.text_input(words.type_here(), key=f"sp_typed_{s.typed}", max_chars=12)
        c2.form_submit_button(words.check(), on_click=typed, use_container_width=True)
    if s.notice:
        st.warning(s.notice)


def last_said() -> None:
    """What the last answer got, in a coloured band."""
    s = state()
    if s.said:
        bg = "#E3F4EA" if s.good else "#FDECEA"
        st.markdown(f'<div class="sp-said" style="background:{bg}">{s.said}</div>', unsafe_allow_html=True)


def coach_step(pr: Practice) -> bool:
    """The coach's short round of number facts on Practice; ``True`` while it is on (the puzzle waits)."""
    round_ = pr.sprint
    if round_ is None or not pr.sprint_coached:
        return False
    round_.band = AgeBand(state().band)  # the time bar the child chose on the Sprint page
    if pr.sprint_over:
        pr.end_sprint()
        state().said = None
        st.success(words.coach_step_done())
        return False
    st.markdown(CSS, unsafe_allow_html=True)
    st.subheader(words.coach_step_heading())
    kinds = list(dict.fromkeys(f.kind.prefix for f in round_.facts))
    st.markdown(words.coach_step(kinds, len(round_.facts)))
    last_said()
    fact_panel(round_, pr.clock())
    return True
