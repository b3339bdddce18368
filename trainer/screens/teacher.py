"""My class: a teacher makes a class, sees each child's mastery, what the class gets wrong most,
and downloads or deletes the class's data. Everything needs the class's teacher key."""

from __future__ import annotations

import plotly.express as px
import streamlit as st

from puzzles import CORE_KINDS, KIND_TITLES, KINDS, STAGES
from trainer import classroom, session, ui
from trainer.progress import STEP_NAMES
from trainer.screens.my_progress import CHART, STEP_COLOURS, STEP_MARKS
from trainer.store import StoreError

SHORT_KINDS = {
    "open-total": "Total", "best-play": "Best play", "hand-rounding": "Rounding", "play-score": "Scores?",
    "counted-ends": "Ends", "nearest-five": "Nearest 5", "make-five": "Make 5",
}


def opened() -> tuple[str, str] | None:
    """The class this session's teacher has opened: (class code, teacher key)."""
    return st.session_state.get("teacher")


def open_class(code: str, key: str) -> bool:
    s = session.store()
    if s is not None and s.check_teacher(code, key):
        norm = code.strip().upper()
        st.session_state["teacher"] = (norm if "-" in norm else f"{norm[:3]}-{norm[3:]}", key.strip())
        return True
    st.session_state["t_problem"] = "That class code and teacher key don't match. Check your teacher link."
    return False


def open_typed() -> None:
    open_class(st.session_state.get("t_code") or "", st.session_state.get("t_key") or "")


def create() -> None:
    s = session.store()
    if s is None:
        st.session_state["t_problem"] = "The class list is not working right now. Try again in a minute."
        return
    try:
        keys = s.create_class(st.session_state.get("t_name") or "")
    except StoreError as err:
        st.session_state["t_problem"] = str(err)
        return
    st.session_state["teacher"] = (keys.code, keys.teacher_key)
    st.session_state["t_new"] = True


def close() -> None:
    st.session_state.pop("teacher", None)


def teacher_link(code: str, key: str) -> str:
    base = (st.context.url or "").split("?", 1)[0]
    return f"{base}?class={code}&key={key}"


def show() -> None:
    """Draw the page (called by trainer/views/teacher.py on every rerun)."""
    # a teacher link opens the class; the key then leaves the address (a projected address bar
    # must not show it)
    code, key = st.query_params.get("class"), st.query_params.get("key")
    if code and key:
        open_class(code, key)
        del st.query_params["key"]
        del st.query_params["class"]
    s = session.store()
    if s is None:
        st.title("My class")
        st.warning("The class list is not working right now. Try again in a minute.")
        return
    if opened() is None:
        closed_page()
        return
    code, key = opened()
    if not s.check_teacher(code, key):  # deleted meanwhile, or from another server
        close()
        st.title("My class")
        st.info("That class is gone. Make a new one below.")
        closed_page()
        return
    class_page(s, code, key)


def closed_page() -> None:
    st.title("My class")
    problem = st.session_state.pop("t_problem", None)
    if problem:
        st.warning(problem)
    left, right = st.columns(2)
    with left:
        st.subheader("Make a new class")
        st.text_input("Class name", key="t_name", max_chars=60, placeholder="e.g. Room 4")
        st.button("Make the class", type="primary", on_click=create, key="t_create")
        st.caption("Children join with a class code and a nickname: no accounts, no e-mail, no real names.")
    with right:
        st.subheader("Open my class")
        st.text_input("Class code", key="t_code", max_chars=16, placeholder="e.g. KQ7-MXR-4PD")
        st.text_input("Teacher key", key="t_key", type="password", max_chars=40)
        st.button("Open", on_click=open_typed, key="t_open")
        st.caption("Your teacher link opens the class in one click.")


def class_page(s, code: str, key: str) -> None:
    name = s.class_name(code) or code
    st.title(session.safe(name))
    st.markdown(f"### Class code: `{code}`")
    st.caption("Children type it on the **Sign in** page, under *Join my class*.")
    link = teacher_link(code, key)
    if st.session_state.pop("t_new", False):
        st.success("Your class is ready. Bookmark your teacher link now: it is the only way back in.")
        st.code(link, language=None)
    else:
        with st.expander("My teacher link (keep it secret: it opens this page)"):
            st.code(link, language=None)
    with st.container(horizontal=True):
        st.page_link(ui.page_path("projector"), label="Start a live lesson on the Projector",
                     icon=":material/co_present:")
        st.button("Close this class on this device", on_click=close, key="t_close")

    rows = s.class_report(code, key)
    if not rows:
        st.info("No one has joined yet. Show the class code, and the children join on the Sign in page.")
        manage(s, code, key, rows)
        return

    st.subheader(f"The class: {len(rows)} {'child' if len(rows) == 1 else 'children'}")
    st.session_state.setdefault("t_stage", STAGES[0])
    st.segmented_control("Stage", STAGES, key="t_stage", required=True, format_func=lambda x: ui.STAGE_LABELS[x])
    stage = st.session_state.get("t_stage") or STAGES[0]
    st.markdown(grid_html(classroom.grid(rows), stage), unsafe_allow_html=True)
    st.caption("· Not started  ◔ Practised  ◑ Familiar  ◕ Proficient (right every time at level 3)  "
               "● Mastered (right and quick). ★ marks the main puzzles.")

    kinds = classroom.kind_summaries(rows)
    if kinds:
        st.subheader("Each kind of puzzle")
        data = [{"kind": SHORT_KINDS.get(k.kind, k.kind), "measure": m, "share": v}
                for k in kinds for m, v in (("right", k.accuracy), ("right and quick", k.fluency))]
        fig = px.bar(data, x="kind", y="share", color="measure", barmode="group",
                     color_discrete_sequence=["#0072B2", "#009E73"], labels={"share": "share of answers", "kind": ""})
        fig.update_yaxes(range=[0, 1.05], tickformat=".0%")
        fig.update_layout(legend={"orientation": "h", "y": -0.25, "title": ""})
        st.plotly_chart(fig, key="t_kinds", config=CHART)
        st.caption(" · ".join(f"{SHORT_KINDS.get(k.kind, k.kind)}: {k.answers} answers, median "
                              f"{k.median_seconds:.0f} s" for k in kinds))

    mistakes = classroom.common_mistakes(rows)
    st.subheader("What the class gets wrong most")
    if not mistakes:
        st.markdown("No named mistakes yet.")
    for m in mistakes:
        who = f"{m.children} {'child' if m.children == 1 else 'children'}"
        st.markdown(f"- **{m.name}** — {who} ({m.times} times) · in *{KIND_TITLES.get(m.kind, m.kind)}* · "
                    f"[show an example on the projector](projector?code={m.example})")

    st.download_button("Download all answers (CSV)", classroom.csv_text(rows), file_name=f"class-{code}.csv",
                       mime="text/csv", icon=":material/download:", key="t_csv")
    manage(s, code, key, rows)


def grid_html(grid: list[classroom.GridRow], stage: str) -> str:
    """Children × kinds for one stage, each cell a mastery step by mark and colour (names escaped)."""
    head = "".join(f"<th>{SHORT_KINDS[k]}{' ★' if k in CORE_KINDS else ''}</th>" for k in KINDS)
    head += "<th>Answers</th><th>Right</th>"  # over every stage
    body = []
    for row in grid:
        cells = []
        for kind in KINDS:
            step = row.steps[(kind, stage)]
            colour = "#ffffff" if step >= 3 else "#1F2933"
            cells.append(f'<td style="background:{STEP_COLOURS[step]};color:{colour}" data-step="{step}" '
                         f'title="{STEP_NAMES[step]}">{STEP_MARKS[step]}</td>')
        share = f"{round(100 * row.right / row.answers)}%" if row.answers else "—"
        cells.append(f"<td>{row.answers}</td><td>{share}</td>")
        done = " ✓" if stage in row.mastered else ""
        body.append(f"<tr><th scope='row'>{session.safe(row.nickname)}{done}</th>{''.join(cells)}</tr>")
    return ('<div style="overflow-x:auto"><table class="fives-class" style="border-collapse:collapse;'
            f'font-size:1rem"><thead><tr><th></th>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>'
            "<style>.fives-class td,.fives-class th{padding:0.3rem 0.6rem;border:1px solid #d8dee4;"
            "text-align:center}.fives-class th[scope=row]{text-align:left}</style>")


def remove(code: str, key: str) -> None:
    s = session.store()
    who = st.session_state.get("t_remove")
    if s is None or not who:
        return
    try:
        s.remove_learner(code, key, who)
        st.session_state["t_done"] = "Removed, with all their answers."
    except (StoreError, PermissionError) as err:
        st.session_state["t_problem"] = str(err)
    st.session_state.pop("t_remove", None)


def delete(code: str, key: str) -> None:
    s = session.store()
    if s is None:
        return
    name = s.class_name(code) or ""
    if (st.session_state.get("t_confirm") or "").strip() != name:
        st.session_state["t_problem"] = f"Type the class name, {name}, to delete it."
        return
    try:
        s.delete_class(code, key)
    except PermissionError as err:
        st.session_state["t_problem"] = str(err)
        return
    close()
    st.session_state["t_problem"] = f"{name} is deleted: its children, their answers and games are gone."


def manage(s, code: str, key: str, rows) -> None:
    done = st.session_state.pop("t_done", None)
    if done:
        st.success(done)
    problem = st.session_state.pop("t_problem", None)
    if problem:
        st.warning(problem)
    with st.expander("Remove a child or delete the class"):
        if rows:
            names = {r.code: f"{r.nickname} ({r.code})" for r in rows}
            st.selectbox("Child", list(names), format_func=names.get, index=None, key="t_remove",
                         placeholder="Choose a child")
            st.button("Remove this child and all their answers", on_click=remove, args=(code, key),
                      key="t_remove_go")
        st.text_input("To delete the whole class, type its name", key="t_confirm")
        st.button("Delete the class and everything in it", type="primary", on_click=delete, args=(code, key),
                  key="t_delete")
        st.caption("Deleting keeps nothing: the class, its children, their answers, games and lessons.")
