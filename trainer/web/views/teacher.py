"""My class: a teacher makes a class, sees each child's mastery, what the class gets wrong most,
and downloads or deletes the class's data. Everything needs the class's teacher key."""

from __future__ import annotations

import datetime
import functools
import time

import streamlit as st

from puzzles import CORE_KINDS, KIND_TITLES, KINDS, STAGES, Stage, all_kinds
from puzzles.worksheet import MAX_ADDRESS, address_problem
from trainer.classroom import curves, evidence, home_report
from trainer.classroom import report as classroom
from trainer.classroom.assignments import csv_columns
from trainer.classroom.cards import teacher_card
from trainer.classroom.class_report_pdf import class_report_pdf
from trainer.classroom.evidence_numbers import skill_numbers
from trainer.classroom.home_report_pdf import home_report_pdf
from trainer.learning.sprint import SprintHistory, day_of
from trainer.render import charts
from trainer.store import ReportRow, Store, StoreError
from trainer.web import class_tables, device, language, markup, pagestate, session, set_work, spotted, ui
from trainer.web.fact_grid import class_fact_grid
from trainer.web.pagestate import ClassState
from trainer.web.ui import CHART, STEP_COLOURS, STEP_MARKS
from trainer.words import Said, speaking
from trainer.words import charts as chart_words
from trainer.words import class_report as class_report_words
from trainer.words import curves as curve_words
from trainer.words import evidence as evidence_words
from trainer.words import home_report as home_words
from trainer.words import language as language_now
from trainer.words import sprint as sprint_words
from trainer.words import teacher as words
from trainer.words.mastery import STEP_NAMES, needs_a_review

SHORT_KINDS = Said({k.id: k.short_title for k in all_kinds()})  # said in the reader's language
"""Each kind's column heading in the class grid (:attr:`puzzles.Kind.short_title`)."""


def state() -> ClassState:
    return pagestate.my_class()


def opened() -> tuple[str, str] | None:
    """The class this session's teacher has opened: (class code, teacher key)."""
    return session.opened_class()


def open_class(code: str, key: str, *, quiet: bool = False) -> bool:
    """Open the class if the key fits (the checks are rate-limited per session and address); the
    browser then keeps it open until the teacher closes it here."""
    s, login = session.store(), classroom.class_login(code, key)
    try:
        fits = s is not None and login is not None and s.check_teacher(*login, clients=session.clients())
    except StoreError as err:  # too many tries, or the store is away
        if not quiet:
            state().problem = str(err)
        return False
    if fits and login is not None:
        session.teach(*login)
        state().remember = True
        state().taught[login[0]] = login[1]
        return True
    if not quiet:
        state().problem = words.key_does_not_fit()
    return False


@ui.guarded
def open_typed() -> None:
    open_class(st.session_state.get("t_code") or "", st.session_state.get("t_key") or "")
    st.session_state.pop("t_key", None)  # the key box is emptied either way


@ui.guarded
def create() -> None:
    s = session.store()
    if s is None:
        state().problem = words.class_list_away()
        return
    try:
        keys = s.create_class(st.session_state.get("t_name") or "")
        language.class_made(keys.code, keys.teacher_key)
    except StoreError as err:
        state().problem = str(err)
        return
    session.teach(keys.code, keys.teacher_key)
    state().remember = True
    state().new = True
    state().taught[keys.code] = keys.teacher_key


def close() -> None:
    """Close the class on this device: this browser forgets it."""
    session.stop_teaching()
    state().forget = True
    state().taught.clear()


def choose_stage() -> None:
    pagestate.take(state(), "stage", "t_stage")


def follow_old_link() -> None:
    """An old teacher link (``?class=…&key=…``) still opens the class, once. In a browser the page took the
    class and key out of the address before anything loaded (:data:`trainer.serving.index.LINK_SCRIPT`)
    and hands them over once (:func:`trainer.web.device.kept_link`); where they still reach the app in its
    address, the browser replaces the address at once and the app's copy goes on the next run."""
    code, key = st.query_params.get("class"), st.query_params.get("key")
    if not (code or key):
        kept = device.kept_link()
        if kept is not None and state().link != kept:
            state().link = kept
            open_class(*kept)
        return
    if state().link == (code, key):
        for name in ("class", "key"):
            if name in st.query_params:
                del st.query_params[name]
        return
    state().link = (code, key)
    if code and key:
        open_class(code, key)
    device.clean_address(("class", "key"))


def device_sync() -> None:
    """Keep this browser's memory of the open class in step with the page."""
    cs = state()
    if cs.forget:
        cs.forget = False
        device.forget_teacher()
    t = opened()
    if t is not None and cs.remember:
        cs.remember = False
        device.remember_teacher(*t)
    if t is None and not cs.device_tried:
        kept = device.remembered_teacher()
        if kept is not None:
            cs.device_tried = True
            if not open_class(*kept, quiet=True):
                device.forget_teacher()


def show() -> None:
    """Draw the page (on every rerun)."""
    follow_old_link()
    device_sync()
    s = session.store()
    if s is None:
        st.title(words.title())
        st.warning(words.class_list_away())
        return
    here = opened()
    if here is None:
        closed_page()
        return
    code, key = here
    try:
        still = s.check_teacher(code, key)
    except StoreError:
        st.title(words.title())
        st.info(words.class_back_soon())
        return
    if not still:  # deleted meanwhile
        close()
        st.title(words.title())
        st.info(words.class_gone())
        closed_page()
        return
    class_page(s, code, key)


def closed_page() -> None:
    st.title(words.title())
    problem, state().problem = state().problem, None
    if problem:
        st.warning(problem)
    left, right = st.columns(2)
    with left:
        st.subheader(words.make_a_class())
        st.text_input(words.class_name(), key="t_name", max_chars=60, placeholder=words.class_name_example())
        st.button(words.make_the_class(), type="primary", on_click=create, key="t_create")
        st.caption(words.no_accounts())
    with right:
        st.subheader(words.open_my_class())
        st.text_input(words.class_code(), key="t_code", max_chars=16, placeholder=words.class_code_example())
        st.text_input(words.teacher_key(), key="t_key", type="password", max_chars=40, help=words.teacher_key_help())
        st.button(words.open_(), on_click=open_typed, key="t_open")
        st.caption(words.shared_computer())


def class_page(s, code: str, key: str) -> None:
    name = s.class_name(code) or code
    markup.show_html(markup.literal(name), tag="h1")
    st.markdown(f"### {words.class_code_shown(code)}")
    st.caption(words.children_type_it())
    language.class_setting(code, key)
    card = teacher_card(name, code, key)
    new, state().new = state().new, False
    if new:
        st.success(words.class_ready())
        st.markdown(f"**{words.my_teacher_key()}**")  # what the long string below is, from the first sight
        st.code(key, language=None)
    else:
        with st.expander(words.my_teacher_key()):
            st.code(key, language=None)
    st.download_button(words.print_teacher_card(), data=card, file_name=f"fives-teacher-{code}.pdf",
                       mime="application/pdf", icon=":material/print:", key="t_card", on_click="ignore")
    with st.container(horizontal=True):
        st.page_link(ui.page_path("projector"), label=words.live_on_projector(), icon=":material/co_present:")
        st.button(words.close_class(), on_click=close, key="t_close", help=words.close_class_help())

    rows = s.class_report(code, key)
    if not rows:
        st.info(words.nobody_yet())
        set_work.panel(s, code, key, rows)
        manage(s, code, key, rows)
        return

    st.subheader(words.the_class(len(rows)))
    pagestate.show_choices(state(), {"stage": "t_stage"})
    st.segmented_control(words.stage(), STAGES, key="t_stage", required=True, format_func=lambda x: ui.STAGE_LABELS[x],
                         on_change=choose_stage)
    stage = state().stage
    st.markdown(grid_html(classroom.grid(rows), stage), unsafe_allow_html=True)
    st.caption(words.grid_legend())
    numbers_behind(s, rows)
    work = set_work.panel(s, code, key, rows)

    kinds = classroom.kind_summaries(rows)
    if kinds:
        st.subheader(chart_words.class_kinds_title())
        fig = charts.class_kinds([SHORT_KINDS.get(k.kind, k.kind) for k in kinds], [k.accuracy for k in kinds],
                                 [k.fluency for k in kinds])
        st.plotly_chart(fig, key="t_kinds", config=CHART)
        st.caption(" · ".join(words.kind_summary(SHORT_KINDS.get(k.kind, k.kind), k.answers, k.median_seconds or 0.0)
                              for k in kinds))

    st.subheader(sprint_words.class_grid_heading())
    st.caption(sprint_words.class_grid_caption())
    facts = [(r.nickname, SprintHistory.from_answers(s.sprint_answers(r.code))) for r in rows]
    st.markdown(class_fact_grid(facts, now=time.time()), unsafe_allow_html=True)

    mistakes = classroom.common_mistakes(rows)
    st.subheader(words.wrong_most())
    if not mistakes:
        st.markdown(words.no_mistakes_yet())
    for m in mistakes:  # the example opens in this tab, where the class is open
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            st.markdown("- " + words.mistake_line(m.name, m.children, m.times, KIND_TITLES.get(m.kind, m.kind)))
            st.page_link(ui.page_path("projector"), label=words.show_example(),
                         icon=":material/co_present:", query_params={"code": m.example})

    spotted.class_panel([(r.code, r.nickname) for r in rows], s.class_decisions(code, key))
    class_tables.section(s, code)

    stuck = classroom.stuck(rows)
    st.subheader(words.who_is_stuck())
    if not stuck:
        st.markdown(words.nobody_stuck())
    for x in stuck:  # the pair opens on the projector in this tab, where the class is open
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            line = words.stuck_line(markup.literal(x.nickname), markup.literal(x.words), x.wrong)
            markup.show_html(f"&#8226; {line}")
            st.page_link(ui.page_path("projector"), label=words.show_contrast(),
                         icon=":material/compare_arrows:", query_params={"code": x.puzzle, "contrast": x.trap})

    learning_curves(s, code, rows)
    home_reports(s, code, key, rows)

    st.download_button(words.download_answers(), classroom.csv_text(rows, csv_columns(work) if work else None),
                       file_name=f"class-{code}.csv",
                       mime="text/csv", icon=":material/download:", key="t_csv", on_click="ignore")
    st.download_button(evidence_words.download(), data=functools.partial(class_evidence_csv, s, rows, language_now()),
                       file_name=f"class-{code}-evidence.csv", mime="text/csv", icon=":material/download:",
                       key="t_evidence_csv", help=evidence_words.download_help(), on_click="ignore")
    manage(s, code, key, rows)


def numbers_behind(s: Store, rows: list[ReportRow]) -> None:
    """One click from the grid: a child's evidence, stage by stage in a sentence (the learner model's own fold
    replayed from the store), and under it the numbers it stands on: p(known) for every skill their answers
    were evidence for, and the answers that moved it."""
    with st.expander(evidence_words.teacher_heading()):
        names = {r.code: words.child_choice(r.nickname, r.code) for r in rows}
        who = st.selectbox(words.child(), list(names), format_func=names.__getitem__, index=None,
                           key="t_numbers_child", placeholder=words.choose_a_child())
        row = next((r for r in rows if r.code == who), None)
        if row is None:
            return
        st.caption(evidence_words.teacher_caption())
        for e in child_evidence(s, row):
            st.markdown(f"- **{ui.STAGE_LABELS[e.stage]}**: {evidence.for_teacher(e)}")
        st.markdown(f"**{evidence_words.numbers_subheading()}**")
        numbers = skill_numbers(row.attempts)
        if not numbers:
            st.markdown(curve_words.no_evidence())
            return
        st.caption(curve_words.numbers_caption())
        st.dataframe([{
            curve_words.column_skill(): f"{n.name} · {ui.STAGE_LABELS.get(n.stage, n.stage)}" if n.stage else n.name,
            curve_words.column_known(): f"{round(100 * n.known)}%",
            curve_words.column_answers(): n.answers, curve_words.column_right(): n.right,
            curve_words.column_moves(): " · ".join(curve_words.move(m.number, m.correct, round(100 * m.before),
                                                                    round(100 * m.after)) for m in n.moves),
        } for n in numbers], hide_index=True, key="t_numbers", column_config={  # the answers that moved it in full
            curve_words.column_moves(): st.column_config.TextColumn(width="large")})


def class_evidence_csv(s: Store, rows: list[ReportRow], language: str) -> str:
    """Every child's evidence, a row per stage, in the page's language (made when the teacher clicks, outside
    the page's run)."""
    with speaking(language):
        return evidence.evidence_csv([(r.nickname, child_evidence(s, r)) for r in rows])


def child_evidence(s: Store, row: ReportRow) -> list[evidence.StageEvidence]:
    """A child's evidence from everything the store keeps of them (while it cannot say, from their answers)."""
    try:
        facts, placed, chosen = s.sprint_answers(row.code), s.placement(row.code), s.stage_choices(row.code)
    except StoreError:
        facts, placed, chosen = [], None, []
    return evidence.evidence(row.attempts, facts, placement=placed, choices=chosen)


@ui.guarded
def add_class() -> None:
    """Another class of this teacher joins the learning curves (its key checked, as opening a class is)."""
    s, login = session.store(), classroom.class_login(st.session_state.get("t_more_code") or "",
                                                      st.session_state.get("t_more_key") or "")
    st.session_state.pop("t_more_key", None)  # the key box is emptied either way
    try:
        fits = s is not None and login is not None and s.check_teacher(*login, clients=session.clients())
    except StoreError as err:  # too many tries, or the store is away
        state().more_said = str(err)
        return
    if fits and login is not None:
        state().taught[login[0]] = login[1]
        state().more_said = curve_words.added()
    else:
        state().more_said = words.key_does_not_fit()


def learning_curves(s: Store, code: str, rows: list[ReportRow]) -> None:
    """The class's learning curves (or all the teacher's classes' opened in this session), kinds and traps,
    the flat traps with a contrast pair to project, and the points as a CSV."""
    st.subheader(curve_words.heading())
    st.caption(curve_words.caption())
    others = {c: k for c, k in state().taught.items() if c != code}
    learners = [r.attempts for r in rows]
    with st.expander(curve_words.add_class()):
        st.text_input(words.class_code(), key="t_more_code", max_chars=16, placeholder=words.class_code_example())
        st.text_input(words.teacher_key(), key="t_more_key", type="password", max_chars=40)
        st.button(curve_words.add(), on_click=add_class, key="t_more_add")
        said, state().more_said = state().more_said, None
        if said:
            st.caption(said)
    if others and st.toggle(curve_words.whole_school(len(others) + 1), key="t_curves_school",
                            help=curve_words.whole_school_help()):
        for other, key in others.items():
            try:
                learners += [r.attempts for r in s.class_report(other, key)]
            except (StoreError, PermissionError):  # deleted meanwhile, or the store away: this class alone
                continue
    found = curves.learning_curves(learners)
    if not found:
        st.info(curve_words.too_few())
        return
    for heading, what, chart_key in ((curve_words.kinds_heading(), curves.SkillKind.KIND, "t_curves_kinds"),
                                     (curve_words.traps_heading(), curves.SkillKind.TRAP, "t_curves_traps")):
        mine = [c for c in found if c.what is what]
        if not mine:
            continue
        st.markdown(f"**{heading}**")
        panels = [{"title": c.name, "flat": c.flat,
                   "points": [(p.opportunity, p.children, p.share_wrong, p.predicted) for p in c.points]}
                  for c in mine]
        st.plotly_chart(charts.learning_curves(panels), key=chart_key, config=CHART)
    flat = [c for c in found if c.what is curves.SkillKind.TRAP and c.flat]
    st.markdown(f"**{curve_words.flat_heading()}**")
    if not flat:
        st.markdown(curve_words.none_flat())
    for c in flat:  # the pair opens on the projector in this tab, as Who is stuck's does
        late = c.points[-2:]
        share = round(100 * sum(p.wrong for p in late) / max(1, sum(p.children for p in late)))
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            line = curve_words.flat_line(markup.literal(c.name), c.points[0].children, share)
            markup.show_html(f"&#8226; {line}")
            st.page_link(ui.page_path("projector"), label=words.show_contrast(),
                         icon=":material/compare_arrows:", query_params={"code": c.example, "contrast": c.skill})
    with st.container(horizontal=True, gap="small"):
        st.download_button(curve_words.download(), curves.curves_csv(found), file_name=f"class-{code}-curves.csv",
                           mime="text/csv", icon=":material/download:", key="t_curves_csv")
        name = s.class_name(code) or code
        st.download_button(class_report_words.download(), help=class_report_words.download_help(),
                           data=functools.partial(class_report_pdf, name, found, day=day_of(time.time()),
                                                  language=language_now()),
                           file_name=f"class-{code}-report.pdf", mime="application/pdf", icon=":material/print:",
                           key="t_class_pdf", on_click="ignore")  # made as it is fetched, in one click


def home_reports(s: Store, code: str, key: str, rows: list[ReportRow]) -> None:
    """A report for home for each child, and the class's in one PDF: made when its button is clicked (a page
    each, in each child's language), so drawing My class stays quick."""
    st.subheader(home_words.reports_heading())
    st.caption(home_words.reports_caption())
    address = st.text_input(home_words.home_address(), value=home_report.app_address(st.context.url, "teacher"),
                            key="t_home_address", max_chars=MAX_ADDRESS,
                            help=home_words.home_address_help()).strip()
    problem = address_problem(address)
    if problem:
        st.warning(problem)
    elif home_report.is_local(address):
        st.info(home_words.local_address())
    made = functools.partial(home_pdf, s, code, key, language=language_now(), day=day_of(time.time()),
                             address=address)
    st.download_button(home_words.whole_class(), data=functools.partial(made, rows), file_name=f"fives-home-{code}.pdf",
                       mime="application/pdf", icon=":material/print:", key="t_home_all", disabled=bool(problem),
                       on_click="ignore")  # no rerun: the file is made as it is fetched, in one click
    st.caption(home_words.one_child())
    with st.container(horizontal=True, gap="small"):
        for r in rows:
            st.download_button(markup.literal(r.nickname), data=functools.partial(made, [r]),
                               file_name=f"fives-home-{r.code}.pdf", mime="application/pdf",
                               icon=":material/description:", key=f"t_home_{r.code}",
                               disabled=bool(problem), on_click="ignore")


def home_pdf(s: Store, code: str, key: str, rows: list[ReportRow], *, language: str, day: datetime.date,
             address: str) -> bytes:
    """The reports of ``rows``, one page each (run when the teacher clicks, outside the page's run), each QR
    code carrying a new sign-in token of its child's (never the learner code); while the store cannot make
    them, the pages come without QR codes."""
    try:
        made = s.home_passes(code, key, [r.code for r in rows])
    except (StoreError, PermissionError):
        made = {}
    sign_ins = {c: (p.token, day_of(p.expires)) for c, p in made.items()}
    return home_report_pdf(home_report.class_reports(s, rows, language=language, day=day, app_address=address,
                                                     sign_ins=sign_ins))


def grid_html(grid: list[classroom.GridRow], stage: Stage) -> str:
    """Children × kinds for one stage, each cell a mastery step by mark and colour (names escaped)."""
    head = "".join(f"<th>{SHORT_KINDS[k]}{' ★' if k in CORE_KINDS else ''}</th>" for k in KINDS)
    head += f"<th>{words.grid_answers()}</th><th>{words.grid_right()}</th>"  # over every stage
    body = []
    for row in grid:
        cells = []
        for kind in KINDS:
            step = row.steps[(kind, stage)]
            colour = "#ffffff" if step >= 3 else "#1F2933"
            again = (kind, stage) in row.review  # taken back from Mastered: its review answers failed
            title = f"{STEP_NAMES[step]}, {needs_a_review()}" if again else STEP_NAMES[step]
            cells.append(f'<td style="background:{STEP_COLOURS[step]};color:{colour}" data-step="{step}"'
                         f'{" data-review" if again else ""} title="{title}">{STEP_MARKS[step]}'
                         f'{" ↺" if again else ""}</td>')
        share = f"{round(100 * row.right / row.answers)}%" if row.answers else "—"
        cells.append(f"<td>{row.answers}</td><td>{share}</td>")
        done = " ✓" if stage in row.mastered else ""
        body.append(f"<tr><th scope='row'>{markup.literal(row.nickname)}{done}</th>{''.join(cells)}</tr>")
    return ('<div tabindex="0" style="overflow-x:auto"><table class="fives-class" style="border-collapse:collapse;'
            f'font-size:1rem"><thead><tr><th></th>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>'
            "<style>.fives-class td,.fives-class th{padding:0.3rem 0.6rem;border:1px solid #d8dee4;"
            "text-align:center}.fives-class th[scope=row]{text-align:left}</style>")


@ui.guarded
def remove(code: str, key: str) -> None:
    s = session.store()
    who = st.session_state.get("t_remove")
    if s is None or not who:
        return
    try:
        s.remove_learner(code, key, who)
        state().done = words.removed()
    except (StoreError, PermissionError) as err:
        state().problem = str(err)
    st.session_state.pop("t_remove", None)


@ui.guarded
def switch_off(code: str, key: str) -> None:
    """Every printed sign-in of the chosen child stops working (their learner code still does)."""
    s, who = session.store(), st.session_state.get("t_trust")
    if s is None or not who:
        state().problem = words.choose_a_child_first() if s is not None else None
        return
    try:
        state().done = words.switched_off(s.switch_off_passes(code, key, who))
    except (StoreError, PermissionError) as err:
        state().problem = str(err)


@ui.guarded
def new_code(code: str, key: str) -> None:
    """The chosen child gets a new learner code that keeps every answer; the old one and their printed
    sign-ins stop working."""
    s, who = session.store(), st.session_state.get("t_trust")
    if s is None or not who:
        state().problem = words.choose_a_child_first() if s is not None else None
        return
    try:
        found = s.learner(who)
        state().done = words.new_code_given(found.nickname if found else "", s.new_learner_code(code, key, who))
    except (StoreError, PermissionError) as err:
        state().problem = str(err)
    st.session_state.pop("t_trust", None)


@ui.guarded
def delete(code: str, key: str) -> None:
    s = session.store()
    if s is None:
        return
    try:
        name = s.class_name(code) or ""
        if (st.session_state.get("t_confirm") or "").strip() != name:
            state().problem = words.type_name_to_delete()
            return
        s.delete_class(code, key)
    except (StoreError, PermissionError) as err:
        state().problem = str(err)
        return
    close()
    state().problem = words.deleted()


def manage(s, code: str, key: str, rows) -> None:
    cs = state()
    done, problem, cs.done, cs.problem = cs.done, cs.problem, None, None
    if done:
        st.success(done)
    if problem:
        st.warning(problem)
    if rows:
        with st.expander(words.lost_page_or_code()):
            try:
                out = s.passes_out(code, key)
            except (StoreError, PermissionError):
                out = {}
            names = {r.code: words.child_with_passes(r.nickname, r.code, out.get(r.code, 0)) for r in rows}
            st.selectbox(words.child(), list(names), format_func=names.__getitem__, index=None, key="t_trust",
                         placeholder=words.choose_a_child())
            st.caption(words.lost_page_or_code_help())
            with st.container(horizontal=True):
                st.button(words.switch_off_printed(), on_click=switch_off, args=(code, key), key="t_switch_off",
                          icon=":material/link_off:")
                st.button(words.new_code(), on_click=new_code, args=(code, key), key="t_new_code",
                          icon=":material/key:")
    with st.expander(words.remove_or_delete()):
        if rows:
            names = {r.code: words.child_choice(r.nickname, r.code) for r in rows}
            st.selectbox(words.child(), list(names), format_func=names.__getitem__, index=None, key="t_remove",
                         placeholder=words.choose_a_child())
            st.button(words.remove_child(), on_click=remove, args=(code, key), key="t_remove_go")
        st.text_input(words.type_its_name(), key="t_confirm")
        st.button(words.delete_class(), type="primary", on_click=delete, args=(code, key), key="t_delete")
        st.caption(words.deleting_keeps_nothing())


ui.run_page("teacher", show, for_learner=False)
