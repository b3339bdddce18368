"""My progress: how practice is going, in numbers and charts."""

import plotly.express as px
import streamlit as st

from puzzles import CORE_KINDS, KIND_TITLES, KINDS, STAGES
from trainer import ui
from trainer.progress import STEP_NAMES
from trainer.ui import CHART, STEP_COLOURS, STEP_MARKS
from trainer.words import progress_page as words


def show() -> None:
    """Draw the page (on every rerun). It keeps no state: it draws the learner's practice."""
    progress = ui.learner().progress
    st.title(words.title())

    if not progress.answered:
        st.info(words.nothing_yet())
        st.page_link(ui.page_path("practice"), label=words.go_to_practice(), icon=":material/edit:")
        st.stop()

    c = st.columns(4)
    c[0].metric(words.answered(), progress.answered)
    c[1].metric(words.right(), f"{round(100 * progress.right / progress.answered)}%")
    c[2].metric(words.best_streak(), progress.best_streak)
    c[3].metric(words.median_time(), words.seconds(progress.median_seconds))

    st.subheader(words.stages())
    for stage in STAGES:
        rep = progress.mastery_report(stage)
        name = ui.STAGE_LABELS[stage]
        if stage in progress.mastered:
            st.markdown(words.stage_mastered(name))
        else:
            st.markdown(words.stage_so_far(name, rep["core_mastered"], rep["core_count"]))
        st.progress(rep["share"])

    st.subheader(words.each_kind())
    st.caption(words.steps_legend())
    st.markdown(skill_grid(progress), unsafe_allow_html=True)

    rows = progress.rows()
    overall, last_five = words.overall(), words.last_five()
    running, right = [], 0
    for i, r in enumerate(rows, start=1):
        right += bool(r["correct"])
        window = rows[max(0, i - 5) : i]
        running.append(
            {
                "answer": i,
                overall: right / i,
                last_five: sum(bool(w["correct"]) for w in window) / len(window),
            }
        )

    st.subheader(words.right_over_time())
    fig = px.line(
        running,
        x="answer",
        y=[overall, last_five],
        markers=True,
        labels={"value": words.share_right(), "answer": words.answer_number(), "variable": ""},
    )
    fig.update_yaxes(range=[0, 1.05], tickformat=".0%")
    fig.update_xaxes(tickmode="linear", tick0=1, dtick=max(1, len(rows) // 10))  # answers are whole numbers
    fig.update_layout(legend={"orientation": "h", "y": -0.25})
    st.plotly_chart(fig, key="accuracy", config=CHART)

    st.subheader(words.by_kind_and_stage())
    acc = progress.accuracy_by(["stage", "kind"])
    for a in acc:
        a["kind"] = KIND_TITLES[a["kind"]]
        a["stage"] = ui.STAGE_LABELS[a["stage"]]
    fig2 = px.bar(
        acc,
        x="kind",
        y="accuracy",
        color="stage",
        barmode="group",
        hover_data=["answered", "right"],
        color_discrete_sequence=["#0072B2", "#E69F00", "#009E73"],
        labels={"accuracy": words.share_right(), "kind": "", "answered": words.hover_answered(),
                "right": words.hover_right()},
    )
    fig2.update_yaxes(range=[0, 1.05], tickformat=".0%")
    st.plotly_chart(fig2, key="mastery", config=CHART)

    st.subheader(words.time_to_answer())
    yes, no = words.right_dot(), words.not_right_dot()
    timed = [{**r, "answer": yes if r["correct"] else no} for r in rows]
    fig3 = px.scatter(
        timed,
        x="number",
        y="seconds",
        color="answer",
        symbol="answer",
        color_discrete_map={yes: "#009E73", no: "#D55E00"},
        labels={"number": words.answer_number(), "seconds": words.seconds_axis(), "answer": ""},
    )
    fig3.update_xaxes(tickmode="linear", tick0=1, dtick=max(1, len(rows) // 10))
    fig3.update_layout(legend={"orientation": "h", "y": -0.25})
    st.plotly_chart(fig3, key="time", config=CHART)

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
