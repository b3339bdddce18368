"""My progress: how practice is going, in numbers and charts."""

import time

import streamlit as st

from puzzles import CORE_KINDS, KIND_TITLES, KINDS, STAGES, all_kinds
from trainer.render import charts
from trainer.web import spotted, ui
from trainer.web.fact_grid import fact_grid
from trainer.web.ui import CHART, STEP_COLOURS, STEP_MARKS
from trainer.words import Said
from trainer.words import charts as chart_words
from trainer.words import progress_page as words
from trainer.words import sprint as sprint_words
from trainer.words.mastery import STEP_NAMES

SHORT_KINDS = Said({k.id: k.short_title for k in all_kinds()})  # said in the reader's language
"""Each kind's short name, under its bars."""


def show() -> None:
    """Draw the page (on every rerun). It keeps no state: it draws the learner's practice."""
    progress = ui.learner().progress
    st.title(words.title())

    if not progress.answered:
        st.info(words.nothing_yet())
        st.page_link(ui.page_path("practice"), label=words.go_to_practice(), icon=":material/edit:")
        if ui.learner().games.chances:
            spotted.learner_panel(ui.learner().games)
        st.stop()

    c = st.columns(4)
    c[0].metric(words.answered(), progress.answered)
    c[1].metric(words.right(), f"{round(100 * progress.right / progress.answered)}%")
    c[2].metric(words.best_streak(), progress.best_streak)
    c[3].metric(words.median_time(), words.seconds(progress.median_seconds or 0.0))  # answers exist here

    st.subheader(words.stages())
    for stage in STAGES:
        rep = progress.mastery_report(stage)
        name = ui.STAGE_LABELS[stage]
        if stage in progress.mastered:
            st.markdown(words.stage_mastered(name))
        else:
            st.markdown(words.stage_so_far(name, rep["core_mastered"], rep["core_count"]))
        st.progress(rep["share"])

    spotted.learner_panel(ui.learner().games)

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
        progress.to_csv(),
        file_name="fives-trainer-answers.csv",
        mime="text/csv",
        key="csv",
    )


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
            cells.append(f'<td style="background:{STEP_COLOURS[step]};color:{text}" data-step="{step}">'
                         f"{STEP_MARKS[step]} {STEP_NAMES[step]}</td>")
        body.append(f"<tr><th scope='row'>{KIND_TITLES[kind]}{star}</th>{''.join(cells)}</tr>")
    return ('<table class="fives-skills" style="border-collapse:collapse;width:100%;font-size:0.95rem">'
            f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
            "<style>.fives-skills td,.fives-skills th{padding:0.35rem 0.5rem;border:1px solid #d8dee4;"
            "text-align:left}</style>")


ui.run_page("my_progress", show)
