"""Work for the class, on My class: each piece of work the teacher set (close it, delete it), every child's
progress on each in a grid, and the form that sets new work (what, how much, for whom, the due day)."""

from __future__ import annotations

import datetime as dt
import html
import time
from collections.abc import Callable, Sequence

import streamlit as st

from puzzles import KIND_TITLES, KINDS, STAGES, TRAPS, trap_words
from puzzles.stages import STAGE_LABELS
from trainer.classroom import assignments as work_report
from trainer.classroom.assignments import WorkRow
from trainer.learning.assignment import MOST_PUZZLES, Assignment, Status, Work, this_friday
from trainer.learning.sprint import day_of
from trainer.store import Store, StoreError
from trainer.store.values import ReportRow
from trainer.web import markup, pagestate, session, ui
from trainer.words import assignments as words

STATUS_LOOK = {
    Status.DONE: ("#1B7F3B", "#ffffff", "✓"),
    Status.IN_PROGRESS: ("#FCE588", "#1F2933", "◐"),
    Status.NOT_STARTED: ("#ffffff", "#1F2933", "○"),
    Status.STUCK: ("#C62828", "#ffffff", "!"),
}
"""Each standing's cell in the grid: its background, its text colour and a mark (never the colour alone)."""
DEFAULT_COUNT = 10


def panel(s: Store, code: str, key: str, rows: Sequence[ReportRow]) -> list[WorkRow]:
    """The whole section; gives every child's standing on every piece of work (for the CSV)."""
    cs = pagestate.my_class()
    st.subheader(words.heading())
    said, cs.work_said = cs.work_said, None
    if said:
        st.success(said)
    try:
        works = s.class_assignments(code, key)
        needs_sprint = any(w.work is Work.SPRINT for w in works)
        sprint = {r.code: s.sprint_answers(r.code) for r in rows} if needs_sprint else {}
    except (StoreError, PermissionError) as err:
        st.warning(str(err))
        return []
    now = time.time()
    table = work_report.class_work(works, rows, sprint, now)
    if not works:
        st.markdown(words.none_yet())
    for i, w in enumerate(works):
        work_line(code, key, w, now, i)
    if works and rows:
        st.markdown(grid_html(table, rows), unsafe_allow_html=True)
        st.caption(words.grid_legend())
    form(s, code, key, rows)
    return table


def work_line(code: str, key: str, w: Assignment, now: float, number: int) -> None:
    """One piece of work: what, for whom, its due day; Close (while open) and Delete."""
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        head = f":blue-background[**{number_mark(number)}**] **{work_report.summary(w)}** · {work_report.for_whom(w)}"
        st.markdown(f"{head} · {work_report.state_words(w, now)}", width="content")
        if not w.closed:
            st.button(words.close(), key=f"ta_close_{w.id}", on_click=close, args=(code, key, w.id),
                      help=words.close_help(), icon=":material/lock:")
        if pagestate.my_class().deleting == w.id:  # asked once: delete for good, or keep it
            st.button(words.delete_for_good(), type="primary", key=f"ta_delete_{w.id}", on_click=delete,
                      args=(code, key, w.id), icon=":material/delete_forever:")
            st.button(words.keep_it(), key=f"ta_keep_{w.id}", on_click=keep)
        else:
            st.button(words.delete(), key=f"ta_ask_{w.id}", on_click=ask_delete, args=(w.id,),
                      icon=":material/delete:")


def number_mark(i: int) -> str:
    """The grid's column heading for a piece of work, and the same mark beside its line: A, B, C …"""
    return chr(ord("A") + i % 26)


def grid_html(table: list[WorkRow], rows: Sequence[ReportRow]) -> str:
    """Children × work, each cell a standing in words, by mark and colour (names escaped)."""
    head = "".join(f"<th title='{html.escape(work_report.summary(r.work))}'>{number_mark(i)}</th>"
                   for i, r in enumerate(table))
    body = []
    for child in rows:
        cells = []
        for r in table:
            st_ = r.standings.get(child.code)
            if st_ is None:
                cells.append(f"<td data-status='none'>{words.not_for_them()}</td>")
                continue
            back, fore, mark = STATUS_LOOK[st_.status]
            text = html.escape(work_report.status_words(st_, r.work))  # our own words (a nickname is made literal)
            cells.append(f"<td data-status='{st_.status.value}' style='background:{back};color:{fore}'>"
                         f"{mark} {text}</td>")
        body.append(f"<tr><th scope='row'>{markup.literal(child.nickname)}</th>{''.join(cells)}</tr>")
    return ('<div tabindex="0" style="overflow-x:auto"><table class="fives-work" style="border-collapse:collapse;'
            f'font-size:1rem"><thead><tr><th></th>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>'
            "<style>.fives-work td,.fives-work th{padding:0.3rem 0.6rem;border:1px solid #d8dee4;"
            "text-align:left}</style>")


def form(s: Store, code: str, key: str, rows: Sequence[ReportRow]) -> None:
    """The form that sets new work. What and for whom come first (they decide what else the form asks);
    the rest is sent at once with **Set the work**."""
    cs = pagestate.my_class()
    problem, cs.work_problem = cs.work_problem, None
    today = day_of(time.time())
    with st.expander(words.set_heading(), icon=":material/add_task:", expanded=bool(problem)):
        work = Work(st.segmented_control(words.what(), list(Work), key="ta_work", default=Work.PUZZLES, required=True,
                                         format_func=lambda w: words.WORK_NAMES[w.value]) or Work.PUZZLES)
        who = {"all": words.whole_class(), "some": words.some_children()}
        some = st.radio(words.for_whom(), list(who), key="ta_who", format_func=who.__getitem__,
                        horizontal=True) == "some"
        with st.form("ta_form", border=False):
            stages: Sequence[str] = ()
            kinds: Sequence[str] = ()
            trap, count = None, 0
            if work is not Work.SPRINT:
                stages = st.pills(words.stages(), STAGES, key="ta_stages", selection_mode="multi",
                                  format_func=lambda s: STAGE_LABELS[s])
            if work is Work.PUZZLES:
                kinds = st.multiselect(words.kinds(), KINDS, key="ta_kinds", placeholder=words.every_kind(),
                                       format_func=lambda k: KIND_TITLES[k])
            if work is Work.TRAP:
                trap = st.selectbox(words.trap(), TRAPS, key="ta_trap", index=None, placeholder=words.choose_trap(),
                                    format_func=trap_words)
            if work is not Work.SPRINT:
                count = st.number_input(words.how_many(), min_value=0, max_value=MOST_PUZZLES * 5,
                                        value=DEFAULT_COUNT, step=1, key="ta_count", width=240)
            due = st.date_input(words.due(), value=this_friday(today), key="ta_due", width=240,
                                format=words.date_format())
            names = cs.roster if cs.roster is not None else {r.code: r.nickname for r in rows}
            cs.roster = {r.code: r.nickname for r in rows}  # offered from the next run on
            chosen = st.multiselect(words.children(), list(names), key="ta_children", format_func=names.__getitem__,
                                    placeholder=words.choose_children()) if some else None
            sent = st.form_submit_button(words.set_it(), type="primary", key="ta_set", icon=":material/send:")
        if problem:
            st.warning(problem)
    if sent:
        day = due if isinstance(due, dt.date) else this_friday(today)
        set_it(lambda: s.set_assignment(code, key, work, stages=tuple(stages or ()), kinds=tuple(kinds or ()),
                                        trap=trap, count=int(count or 0), due=day,
                                        learners_chosen=None if chosen is None else tuple(chosen)))
        st.rerun()  # the new work (or the reason it was not set) shows in its place


def set_it(setting: Callable[[], object]) -> None:
    """Set the work as the teacher sent it (``setting`` asks the store); a reason it cannot be set is kept for
    the form to say."""
    cs = pagestate.my_class()
    try:
        setting()
    except (StoreError, PermissionError) as err:
        cs.work_problem = str(err)
        return
    cs.work_said = words.was_set()


@ui.guarded
def close(code: str, key: str, work_id: int) -> None:
    _change(code, key, work_id, closing=True)


def ask_delete(work_id: int) -> None:
    pagestate.my_class().deleting = work_id


def keep() -> None:
    pagestate.my_class().deleting = None


@ui.guarded
def delete(code: str, key: str, work_id: int) -> None:
    pagestate.my_class().deleting = None
    _change(code, key, work_id, closing=False)


def _change(code: str, key: str, work_id: int, *, closing: bool) -> None:
    cs, s = pagestate.my_class(), session.store()
    if s is None:
        return
    try:
        if closing:
            s.close_assignment(code, key, work_id)
        else:
            s.delete_assignment(code, key, work_id)
    except (StoreError, PermissionError) as err:
        cs.work_problem = str(err)
        return
    cs.work_said = words.closed_now() if closing else words.deleted_now()
