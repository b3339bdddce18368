"""My progress: how practice is going, in numbers and charts."""

import functools
import time
from collections.abc import Callable

import streamlit as st

from puzzles import CORE_KINDS, KIND_TITLES, KINDS, STAGES, all_kinds
from trainer.classroom import evidence
from trainer.classroom.home_report import HomeReport, app_address, report_of
from trainer.classroom.home_report_pdf import home_report_pdf
from trainer.classroom.report import learner_csv
from trainer.learning.days import month_calendar, practice_days, previous_month
from trainer.learning.next_step import latest
from trainer.learning.progress import Progress
from trainer.learning.sprint import day_of
from trainer.render import charts
from trainer.store import Store, StoreError
from trainer.web import next_step, session, spotted, ui
from trainer.web.day_calendar import day_calendar
from trainer.web.fact_grid import fact_grid
from trainer.web.ui import CHART, STEP_COLOURS, STEP_MARKS
from trainer.words import Said, language
from trainer.words import charts as chart_words
from trainer.words import days as day_words
from trainer.words import home_report as home_words
from trainer.words import progress_page as words
from trainer.words import sprint as sprint_words
from trainer.words.mastery import STEP_NAMES, needs_a_review

SHORT_KINDS = Said({k.id: k.short_title for k in all_kinds()})  # said in the reader's language
"""Each kind's short name, under its bars."""


def show() -> None:
    """Draw the page (on every rerun). It keeps no state: it draws the learner's practice."""
    progress = session.practice().progress
    st.title(words.title())

    if not progress.answered:
        st.info(words.nothing_yet())
        st.page_link(ui.page_path("practice"), label=words.go_to_practice(), icon=":material/edit:")
        my_days(progress)
        if session.practice().games.chances:
            spotted.learner_panel(session.practice().games)
        return  # (not st.stop(): the page's own scripts after it, the side panel's mending, still come)

    c = st.columns(4)
    c[0].metric(words.answered(), progress.answered)
    c[1].metric(words.right(), f"{round(100 * progress.right / progress.answered)}%")
    c[2].metric(words.best_streak(), progress.best_streak)
    c[3].metric(words.median_time(), words.seconds(progress.median_seconds or 0.0))  # answers exist here

    st.subheader(words.stages())
    why = {e.stage: e for e in evidence.of_progress(progress)}  # the same fold, replayed: it says why
    for stage in STAGES:
        rep = progress.mastery_report(stage)
        name = ui.STAGE_LABELS[stage]
        if stage in progress.mastered:
            st.markdown(words.stage_mastered(name))
        else:
            st.markdown(words.stage_so_far(name, rep["core_mastered"], rep["core_count"]))
        st.progress(rep["share"])
        st.caption(evidence.for_child(why[stage]))
    whats_next(progress)

    my_days(progress)

    spotted.learner_panel(session.practice().games)

    st.subheader(words.each_kind())
    st.caption(words.steps_legend())
    st.markdown(skill_grid(progress), unsafe_allow_html=True)

    st.subheader(sprint_words.grid_heading())
    st.caption(sprint_words.grid_caption())
    if progress.facts.answers:
        st.markdown(fact_grid(progress.facts, now=time.time()), unsafe_allow_html=True)
    else:
        st.markdown(sprint_words.grid_empty())

    correct = [a.correct for a in progress.attempts]
    st.subheader(chart_words.over_time_title())
    st.plotly_chart(charts.right_over_time(correct), key="accuracy", config=CHART)

    st.subheader(chart_words.by_kind_and_stage_title())
    acc = [{**a, "kind": SHORT_KINDS[a["kind"]], "title": KIND_TITLES[a["kind"]], "stage": ui.STAGE_LABELS[a["stage"]]}
           for a in sorted(progress.accuracy_by(["stage", "kind"]), key=lambda a: KINDS.index(a["kind"]))]
    st.plotly_chart(charts.right_by_kind_and_stage(acc, [ui.STAGE_LABELS[s] for s in STAGES]), key="mastery",
                    config=CHART)

    st.subheader(chart_words.time_title())
    st.plotly_chart(charts.time_to_answer([a.seconds for a in progress.attempts], correct), key="time", config=CHART)

    st.download_button(
        words.download(),
        learner_csv(progress),
        file_name="fives-trainer-answers.csv",
        mime="text/csv",
        key="csv",
        on_click="ignore",
    )
    report_for_home(progress)


def report_for_home(progress: Progress) -> None:
    """A signed-in child's report for home (a guest has no code for its QR code to sign in with)."""
    me = session.me()
    if me is None:
        return
    report = functools.partial(report_of, progress, me.nickname, me.code, language=language(), day=day_of(time.time()),
                               app_address=app_address(st.context.url, "my_progress"))
    made = functools.partial(my_report_pdf, session.store(), me.code, session.state().home_pass, report)
    st.download_button(home_words.my_report(), data=made, file_name="fives-home.pdf", mime="application/pdf",
                       icon=":material/print:", help=home_words.my_report_help(), key="mp_home",
                       on_click="ignore")


def my_report_pdf(s: Store | None, code: str, printed: str | None, report: Callable[..., HomeReport]) -> bytes:
    """The child's report for home, made when they click (outside the page's run). Its QR code carries a new
    sign-in token of theirs, or, for a child who signed in from a printed page, that page's own token (a
    token never makes another: it ends when its term does); while the store cannot say, no QR code."""
    sign_in = None
    try:
        if s is not None and printed is None:
            made = s.home_pass(code)
            sign_in = (made.token, day_of(made.expires))
        elif s is not None and printed is not None:
            until = s.pass_expires(printed)
            sign_in = (printed, day_of(until)) if until is not None else None
    except StoreError:
        sign_in = None
    return home_report_pdf([report(sign_in=sign_in)])


def whats_next(progress: Progress) -> None:
    """After a mastery: what comes next, with the one button that goes there."""
    step = latest(progress)
    if step is None:
        return
    st.markdown(f"#### :material/celebration: {day_words.whats_next()}")
    st.markdown(day_words.mastered_stage(ui.STAGE_LABELS[step.mastered]))
    next_step.show(step, key="mp_next")


def my_days(progress: Progress) -> None:
    """The calendar of this month's days (the month before folded under it), with the count in words."""
    today = day_of(time.time())
    days = practice_days(progress.attempts, progress.facts.answers, policy=progress.policy)
    st.subheader(day_words.heading())
    st.caption(day_words.legend())
    this = month_calendar(days, today.year, today.month, today=today)
    st.markdown(day_calendar(this), unsafe_allow_html=True)
    st.markdown(day_words.month_count(this.practised, this.green, this_month=True) if this.practised
                else day_words.nothing_this_month())
    year, month = previous_month(today.year, today.month)
    before = month_calendar(days, year, month, today=today)
    with st.expander(day_words.last_month(year, month), icon=":material/calendar_month:"):
        st.markdown(day_calendar(before), unsafe_allow_html=True)
        st.markdown(day_words.month_count(before.practised, before.green, this_month=False))


def skill_grid(progress) -> str:
    """A table of kinds × stages, each cell its mastery step in words, mark and colour."""
    head = "".join(f"<th>{ui.STAGE_LABELS[s]}</th>" for s in STAGES)
    body = []
    for kind in KINDS:
        star = " ★" if kind in CORE_KINDS else ""
        cells = []
        for stage in STAGES:
            step = progress.step(kind, stage)
            text = "#ffffff" if step >= 3 else "#1F2933"
            again = f" — {needs_a_review()}" if progress.needs_review(kind, stage) else ""  # taken back: forgotten
            cells.append(f'<td style="background:{STEP_COLOURS[step]};color:{text}" data-step="{step}"'
                         f'{" data-review" if again else ""}>{STEP_MARKS[step]} {STEP_NAMES[step]}{again}</td>')
        body.append(f"<tr><th scope='row'>{KIND_TITLES[kind]}{star}</th>{''.join(cells)}</tr>")
    return ('<table class="fives-skills" style="border-collapse:collapse;width:100%;font-size:0.95rem">'
            f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
            "<style>.fives-skills td,.fives-skills th{padding:0.35rem 0.5rem;border:1px solid #d8dee4;"
            "text-align:left}</style>")


ui.run_page("my_progress", show)
