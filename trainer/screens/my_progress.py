"""My progress: how practice is going, in numbers and charts."""

import plotly.express as px
import streamlit as st

from puzzles import KIND_TITLES, STAGES
from trainer import ui
from trainer.progress import MASTERY_RIGHT, MASTERY_WINDOW


def show() -> None:
    """Draw the page (called by trainer/views/my_progress.py on every rerun)."""
    progress = ui.learner().progress
    st.title("My progress")

    if not progress.answered:
        st.info("Nothing here yet: answer a few puzzles on **Practice** and your progress shows up here.")
        st.page_link(ui.page_path("practice"), label="Go to Practice", icon=":material/edit:")
        st.stop()

    c = st.columns(4)
    c[0].metric("Answered", progress.answered)
    c[1].metric("Right", f"{round(100 * progress.right / progress.answered)}%")
    c[2].metric("Best streak", progress.best_streak)
    c[3].metric("Median time", f"{progress.median_seconds:.0f} s")

    st.subheader("Stages")
    for stage in STAGES:
        rep = progress.mastery_report(stage)
        name = f"**{ui.STAGE_LABELS[stage]}** — "
        if stage in progress.mastered:
            st.markdown(name + "mastered :material/check_circle:")
        elif not rep["recent_count"]:
            st.markdown(name + "not started yet")
        else:
            cores = ", ".join(f"{KIND_TITLES[k]} {min(v, 2)}/2" for k, v in rep["core_right"].items())
            st.markdown(name + f"{rep['recent_right']} of the last {rep['recent_count']} right (mastery needs "
                        f"{MASTERY_RIGHT} of {MASTERY_WINDOW}); right twice each: {cores}")
        st.progress(rep["share"])

    rows = progress.rows()
    running, right = [], 0
    for i, r in enumerate(rows, start=1):
        right += bool(r["correct"])
        window = rows[max(0, i - 5) : i]
        running.append(
            {
                "answer": i,
                "overall": right / i,
                "last five": sum(bool(w["correct"]) for w in window) / len(window),
            }
        )

    st.subheader("Right answers over time")
    fig = px.line(
        running,
        x="answer",
        y=["overall", "last five"],
        markers=True,
        labels={"value": "share right", "answer": "answer number", "variable": ""},
    )
    fig.update_yaxes(range=[0, 1.05], tickformat=".0%")
    fig.update_xaxes(dtick=1 if len(rows) <= 20 else None)  # answers are whole numbers
    st.plotly_chart(fig, key="accuracy")

    st.subheader("Mastery by kind and stage")
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
        labels={"accuracy": "share right", "kind": ""},
    )
    fig2.update_yaxes(range=[0, 1.05], tickformat=".0%")
    st.plotly_chart(fig2, key="mastery")

    st.subheader("Time to answer")
    fig3 = px.scatter(
        rows,
        x="number",
        y="seconds",
        color="correct",
        symbol="correct",
        color_discrete_map={True: "#009E73", False: "#D55E00"},
        labels={"number": "answer number", "seconds": "seconds", "correct": "right"},
    )
    st.plotly_chart(fig3, key="time")

    st.download_button(
        "Download my answers (CSV)",
        progress.to_csv(),
        file_name="fives-trainer-answers.csv",
        mime="text/csv",
        key="csv",
    )
