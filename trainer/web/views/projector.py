"""Projector: one big puzzle for the class; reveal the answer, then the next. Nothing is recorded.

In a live lesson (the side panel, once the teacher has opened their class on My class) the big screen
first shows the lobby (:mod:`trainer.web.lobby`): how to join, the children's nicknames as they come in,
and Start. Then each puzzle also goes to the children's devices, with a countdown if the teacher chose
one (a calm ring; the projector chimes when it ends unless the sound is off), and their answers come
back as a count and a chart, each wrong bar named by its mistake; no child's name is on the big screen
once the lesson has begun. The side panel also makes a printable worksheet for the stage and level on
screen."""

import streamlit as st

from puzzles import KIND_TITLES, KINDS, STAGES, AnswerShape, CodeError, Puzzle, Stage, from_code, generate, kind
from puzzles.elsewhere import contrast_elsewhere
from puzzles.pictures import big_screen_layout, contrast_side, number_line
from puzzles.registry import answer_words
from puzzles.traps import TRAPS
from puzzles.worksheet import MIX, address_problem, answer_key_pdf, build_pdf, make_sheet, worksheet_pdf
from trainer.classroom import report as classroom
from trainer.classroom.home_report import LOCAL_ADDRESS, app_address, is_local
from trainer.render import charts, render_hand
from trainer.store import LessonState, StoreError
from trainer.web import answers, countdown, device, lobby, markup, pagestate, session, teacher_class, ui
from trainer.web.pagestate import ProjectorState
from trainer.words import lobby as lobby_words
from trainer.words import pages as page_words
from trainer.words import pictures as picture_words
from trainer.words import projector as words

CHOOSER_KEYS = {"stage": "pj_stage", "kind": "pj_kind", "level": "pj_level"}
"""The side panel's choosers' widget keys, by the field of :class:`ProjectorState` each one sets."""
POLL_SECONDS = 1.0
"""How often the waiting projector reads the live lesson's count (only while answers come in)."""


def state() -> ProjectorState:
    return pagestate.projector()


# ----- the puzzle -----

@ui.guarded
def fresh() -> None:
    ps = state()
    ps.show(generate(ps.kind, stage=ps.stage, level=ps.level, seed=ps.rng.randrange(2**24)))


@ui.guarded
def choose(name: str) -> None:
    """A chooser in the side panel: a new puzzle of that choice; one that came back empty keeps the
    choice it showed and the puzzle stays."""
    if pagestate.take(state(), name, CHOOSER_KEYS[name]):
        fresh()


@ui.guarded
def reveal() -> None:
    ps = state()
    if ps.puzzle is not None and ps.step < answers.reveal_parts(ps.puzzle):  # a rounding answer: part by part
        ps.step += 1
        return
    ps.revealed = True


@ui.guarded
def open_typed_code() -> None:
    ps = state()
    try:
        ps.show(from_code(st.session_state.get("pj_code", "")))
    except CodeError as err:
        ps.notice = words.code_did_not_work(str(err))
    ps.blur = True


def follow_code(ps: ProjectorState) -> None:
    """A puzzle code in the address (a link, a reload) opens that puzzle once; the panel follows it."""
    code = st.query_params.get("code")
    if code and ps.opened_code != code:
        ps.opened_code = code
        try:
            shown = from_code(code)
            ps.show(shown)
            ps.stage, ps.kind, ps.level = shown.stage, shown.kind, shown.level  # the panel follows
            trap = st.query_params.get("contrast")
            ps.contrast = trap if trap in TRAPS else None
        except CodeError as err:
            ps.notice = words.code_did_not_work_fresh(str(err))


def sidebar(ps: ProjectorState) -> None:
    """The teacher's panel: stage, kind, level, a code to show, the worksheets and the live lesson."""
    pagestate.show_choices(ps, CHOOSER_KEYS)  # each chooser shows the page's choice (set before it is drawn)
    with st.sidebar:
        st.header(words.puzzle())
        st.segmented_control(
            words.stage(), STAGES, key="pj_stage", required=True, on_change=choose, args=("stage",),
            format_func=lambda s: ui.STAGE_LABELS[s],
        )
        # buttons, not a box: a box would keep the keys A and N after it is used
        st.pills(words.kind(), KINDS, key="pj_kind", required=True, on_change=choose, args=("kind",),
                 format_func=lambda k: KIND_TITLES[k])
        st.segmented_control(
            words.level(), [1, 2, 3], key="pj_level", required=True, on_change=choose, args=("level",),
            format_func=page_words.level,
        )
        st.text_input(
            words.show_by_code(),
            key="pj_code",
            placeholder=words.code_example(),
            on_change=open_typed_code,
        )
        st.caption(words.keys())
        st.caption(picture_words.last_played_legend())  # for the teacher to tell the class
        worksheet_panel(ps.stage, ps.level)
        live_sidebar()


def show() -> None:
    """Draw the page (on every rerun)."""
    ps = state()
    teacher_class.find_class()
    follow_code(ps)
    sidebar(ps)
    if ps.puzzle is None:
        fresh()
    p = ps.puzzle
    assert p is not None  # fresh() always shows one
    if st.query_params.get("code") != p.code:
        st.query_params["code"] = p.code
        ps.opened_code = p.code

    notice, ps.notice = ps.notice, None  # said once, never left above the next puzzle
    if notice:
        st.warning(notice)
    if ps.blur:
        ps.blur = False
        ui.release_keys()  # the code box gives the keys A and N back
    lesson = live_lesson()
    if lesson is not None and not lesson.begun:
        lobby.show(lesson, on_start=begin)  # the puzzle waits for Start
        return
    big_screen(ps, p)


def big_screen(ps: ProjectorState, p: Puzzle) -> None:
    """The puzzle as the class sees it: the question, its code, the pictures, then the answer and its
    working after Reveal (beside the class's answers in a live lesson), and the two big buttons."""
    step = ps.step  # a rounding answer is revealed one part at a time
    revealed = ps.revealed
    lesson = sync(p, revealed) if is_live() else None
    live = lesson is not None
    st.html(FIT_CSS)
    question = f"# {answers.big_screen_question(p, step, revealed)}"
    if lesson is not None and not revealed:
        with st.container(horizontal=True, vertical_alignment="center"):
            st.markdown(question)
            timer(lesson)
    else:
        st.markdown(question)
    st.markdown(f"#### {words.puzzle_code(p.code)}")
    pair = ps.contrast is not None and not revealed
    if ps.contrast is not None and not revealed:
        contrast_pair(p, ps.contrast)
    beside = pictures(p, revealed, pair=pair)
    if not revealed:
        choices = answers.big_screen_choices(p, step)
        if choices:
            st.markdown(choices)
    else:
        # in a live lesson the class's answers stand beside the answer, on the same screen
        said, chart = st.columns(2) if live else (beside or st.container(), None)
        with said:
            st.markdown(f"# {markup.whole_tiles(words.answer(answer_words(p)))}")
            st.markdown(f"### {markup.whole_tiles(p.explanation)}")
        if chart is not None:
            with chart:
                status(revealed, lesson)

    if live and not revealed:
        status(revealed, lesson)
    cols = st.columns(2)
    label = answers.reveal_label(p, step)
    cols[0].button(label, type="primary", shortcut="A", on_click=reveal, disabled=revealed,
                   use_container_width=True, key="reveal")
    cols[1].button(words.next_puzzle(), shortcut="N", on_click=fresh, use_container_width=True, key="next")


# ----- the worksheet panel -----

@ui.guarded
def make_worksheet(stage: Stage, level: int) -> None:
    ws = state().worksheet
    base = (st.session_state.get("ws_base") or "").strip()
    # an address a QR code cannot carry: say why, and offer no sheet (not even an older one)
    ws.problem = address_problem(base)
    if ws.problem:
        ws.files = None
        return
    paper = st.session_state.get("ws_paper") or "a4"
    sheet = make_sheet(stage, level, count=int(st.session_state.get("ws_count") or 12), seed=ws.seed,
                       kind=st.session_state.get("ws_kind") or MIX)
    ws.files = {
        "code": sheet.code,
        "sheet": worksheet_pdf(sheet, paper=paper, base_url=base, key=False),
        "key": answer_key_pdf(sheet, paper=paper),
        "build": build_pdf(sheet, paper=paper),
    }
    ws.seed += 1  # the next sheet is a new one


def worksheet_panel(stage: Stage, level: int) -> None:
    """Choose, make and download a worksheet, its answer key and its build-it sheet."""
    ws = state().worksheet
    with st.expander(words.print_worksheet(), icon=":material/print:"):
        st.selectbox(words.puzzles(), [MIX, *KINDS], key="ws_kind",
                     format_func=lambda k: words.a_mix() if k == MIX else KIND_TITLES[k])
        st.number_input(words.how_many(), min_value=1, max_value=60, value=12, step=1, key="ws_count")
        paper_names = words.paper_names()
        st.segmented_control(words.paper(), ["a4", "letter"], key="ws_paper", default="a4", required=True,
                             format_func=paper_names.__getitem__)
        if "ws_base" not in st.session_state:  # the address this browser uses, as the report for home does
            st.session_state["ws_base"] = app_address(st.context.url, "projector")
        st.text_input(words.app_address(), key="ws_base", help=words.app_address_help())
        address = (st.session_state.get("ws_base") or "").strip()
        if not address_problem(address):  # what the QR codes will open, read before printing
            st.caption(words.qr_codes_open(markup.literal(address or LOCAL_ADDRESS)), unsafe_allow_html=True)
            if is_local(address):
                st.info(words.local_sheet_address(), icon=":material/qr_code:")
        st.button(words.make_worksheet(), key="ws_make", on_click=make_worksheet, args=(stage, level))
        if ws.problem:
            st.warning(ws.problem, icon=":material/qr_code:")
        files = ws.files
        if files:
            st.caption(words.sheet(files["code"]))
            st.download_button(words.worksheet_pdf(), files["sheet"], file_name=f"worksheet-{files['code']}.pdf",
                               mime="application/pdf", key="ws_dl_sheet", on_click="ignore")
            st.download_button(words.answer_key_pdf(), files["key"], file_name=f"answers-{files['code']}.pdf",
                               mime="application/pdf", key="ws_dl_key", on_click="ignore")
            st.download_button(words.build_pdf(), files["build"],
                               file_name=f"build-{files['code']}.pdf", mime="application/pdf", key="ws_dl_build",
                               on_click="ignore")


# ----- the live panel: the class's live lesson -----

def live_lesson() -> LessonState | None:
    """The class's open lesson while this projector runs it, else ``None``."""
    t, s = session.opened_class(), session.store()
    if not (t and s is not None and state().live):
        return None
    return s.lesson(t[0])


def is_live() -> bool:
    return live_lesson() is not None


@ui.guarded
def start_live() -> None:
    """A new lesson, in its lobby until the teacher presses Start there."""
    t, s = session.opened_class(), session.store()
    if t and s is not None:
        s.start_lesson(*t, lobby=True)
        state().live = True


@ui.guarded
def begin() -> None:
    """The lobby's Start: the lesson begins with the puzzle on screen, or a fresh one if this one's answer
    is already showing."""
    t, s = session.opened_class(), session.store()
    if t and s is not None and s.begin_lesson(*t) and state().revealed:
        fresh()


def resume_live() -> None:
    state().live = True


@ui.guarded
def end_live() -> None:
    t, s = session.opened_class(), session.store()
    if t and s is not None:
        s.end_lesson(*t)
    state().live = False


@ui.guarded
def set_locked(locked: bool) -> None:
    t, s = session.opened_class(), session.store()
    if t and s is not None:
        s.set_locked(*t, locked)


def live_sidebar() -> None:
    """Start or end a live lesson for the class this teacher has opened."""
    st.header(words.live_lesson())
    t, s = session.opened_class(), session.store()
    if s is None:
        st.caption(words.live_not_working())
        return
    if t is None and not device.has_answered():  # the browser's answer (a class it keeps) comes with the next run
        st.caption(words.finding_class())
        return
    if t is None:
        st.caption(words.open_class_first())
        st.page_link(ui.page_path("teacher"), label=words.my_class(), icon=":material/school:")
        return
    name = markup.literal(s.class_name(t[0]) or t[0])
    lesson = live_lesson()
    if lesson is not None:
        markup.show_html(words.live_with(name))
        if lesson.begun:  # in the lobby these choices stand beside Start
            lobby.choices(lesson, where="pj")
        else:
            lobby.address_box()
        st.button(words.end_live(), on_click=end_live, key="pj_live_end")
    elif s.lesson(t[0]) is not None:  # this projector was reloaded during a lesson
        st.button(words.go_on_live(name), type="primary", on_click=resume_live,
                  key="pj_live_resume")
        st.button(words.start_new_live(), on_click=start_live, key="pj_live_start")
    else:
        st.button(words.start_live(name), type="primary", on_click=start_live, key="pj_live_start")


def sync(p: Puzzle, revealed: bool) -> LessonState | None:
    """Send the projector's puzzle (a new round) and its reveal to the children's devices; gives the
    lesson as it then is."""
    t, s = session.opened_class(), session.store()
    if not t or s is None:
        return None
    lesson = s.lesson(t[0])
    if lesson is None:
        return None
    if lesson.puzzle_code != p.code or lesson.round == 0:
        s.show_puzzle(*t, p.code)
    elif revealed and not lesson.revealed:
        s.set_revealed(*t, True)
    else:
        return lesson
    return s.lesson(t[0])


def timer(lesson: LessonState) -> None:
    """Beside the question: the ring while the countdown runs (from when the projector showed the puzzle);
    the chime (unless the sound is off) just after the last child's time ends (each device counts from when
    the puzzle reached it)."""
    s = session.store()
    if s is None or lesson.deadline is None or lesson.locked:  # answers stopped by hand: no ring, no chime
        return
    now = s.clock()
    left = lesson.seconds_left(now)
    if left:
        countdown.show_ring(left, lesson.countdown, size="8.5rem")
    elif lesson.time_up(now) and countdown.should_chime(now - (lesson.ends or lesson.deadline), lesson.sound):
        countdown.chime(f"{lesson.lesson}-{lesson.round}")  # every child's time is over, not just the ring


def status(revealed: bool, lesson: LessonState | None) -> None:
    """Under the puzzle: the count while answers come in, the spread of answers after the reveal."""
    t, s = session.opened_class(), session.store()
    if not t:
        return
    if revealed:
        if s is not None:
            spread(s.tally(t[0]))
    else:
        up = lesson is not None and s is not None and lesson.time_up(s.clock()) and not lesson.locked
        waiting(t[0], up)


@st.fragment(run_every=POLL_SECONDS)
def waiting(class_code: str, time_was_up: bool) -> None:
    """The count while answers come in; the whole page is drawn again when the countdown ends (the
    ring gives way to the chime and the words)."""
    s = session.store()
    try:
        lesson = s.lesson(class_code) if s is not None else None
        tally = s.tally(class_code) if s is not None and lesson is not None else None
    except StoreError:
        st.caption(words.count_back_soon())
        return
    if lesson is None or tally is None or s is None:
        return
    up = lesson.time_up(s.clock()) and not lesson.locked
    if up != time_was_up and not lesson.revealed:
        st.rerun(scope="app")
    with st.container(horizontal=True, vertical_alignment="center"):
        count = words.answered_of(tally.answered, tally.joined)
        st.markdown(f'<p style="font-size:2.6rem;margin:0" data-testid="live-count">{count}</p>',
                    unsafe_allow_html=True)
        if up:
            st.markdown(f'<p style="font-size:2.2rem;margin:0" data-testid="time-up">'
                        f'{lobby_words.time_up_teacher()}</p>', unsafe_allow_html=True)
            st.button(words.open_answering(), on_click=set_locked, args=(False,), key="pj_unlock")
        elif lesson.locked:
            st.button(words.open_answering(), on_click=set_locked, args=(False,), key="pj_unlock")
        else:
            st.button(words.stop_answers(), on_click=set_locked, args=(True,), key="pj_lock")


def spread(tally) -> None:
    bars = classroom.answer_bars(tally.answers)
    if not bars:
        st.markdown(f"### {words.nobody_answered()}")
        return
    fig = charts.answer_spread([b.label for b in bars], [b.count for b in bars], [b.correct for b in bars])
    st.markdown(f"### {words.answered(tally.answered)}")
    st.plotly_chart(fig, key="pj_spread", config={"displayModeBar": False, "staticPlot": True})


# ----- the pictures -----

def contrast_pair(p: Puzzle, trap: str) -> None:
    """A contrast pair above the puzzle: two pictures that differ in just what the trap gets wrong, made from
    another puzzle that sets the same trap (made from this one, it said the answer: "19 rounds to 20" over
    "What is 19 rounded…?"), in one row with what differs and **Hide the pair**, so the puzzle, its choices
    and its buttons stay on one 1920×1080 screen."""
    pair = contrast_elsewhere(p, trap)
    left, right, said = st.columns([3, 3, 4], vertical_alignment="center")
    for column, side in ((left, pair.left), (right, pair.right)):
        with column:
            st.markdown(ui.fit_picture(contrast_side(side, style="projector"), height="15vh"),
                        unsafe_allow_html=True)
            st.markdown(f"#### {side.caption}")
    with said:
        st.markdown(f"### {pair.differs}")
        st.button(words.hide_pair(), key="pj_contrast_hide", on_click=hide_contrast)


def hide_contrast() -> None:
    state().contrast = None


FIT_CSS = ("<style>[data-testid='stMainBlockContainer']{padding-top:2rem}"
           ".st-key-reveal button,.st-key-next button{min-height:64px;padding-top:0.3rem;padding-bottom:0.3rem}"
           ".st-key-reveal button p,.st-key-next button p{font-size:32px;line-height:1.25}</style>")
"""The projector keeps little room above the puzzle: the puzzle, its answer and the buttons fit one screen.
Reveal and Next are big, to be found and read from the back of the room."""
SIDE_BY_SIDE = 2.6
"""A layout at most this many times as wide as it is tall (a cross, a spinner's arms) takes the
screen's height, with the hand (and after Reveal the answer) beside it; a longer line spans the width."""


def pictures(p: Puzzle, revealed: bool, *, pair: bool = False):
    """The puzzle as big as one projector screen allows, never below the fold: a long line across the
    screen with the tiles under it; a cross (a spinner's arms) as tall as it can be, with the tiles and,
    once revealed, the answer beside it. On reveal the answer is marked: the working (after the best
    play), letters kept. With a contrast pair above it (``pair``) the puzzle gives the pair its room.
    Gives the column beside the layout (for the answer), or ``None``."""
    shape = kind(p.kind).answer_shape
    layout_svg = big_screen_layout(p, revealed=revealed)
    tiles = list(p.hand)  # a puzzle about one play holds just that play's tile
    hand = ui.fit_picture(render_hand(tiles, style="projector"), height="14vh" if pair else "20vh") if tiles else ""
    line = ui.fit_picture(number_line(p, reveal=revealed, style="projector"), height="12vh" if pair else "16vh") \
        if p.number is not None else ""
    many = shape is AnswerShape.PLAY and len(p.choices) > 5
    w, h = ui.view_size(layout_svg) if layout_svg else (0.0, 0.0)
    if layout_svg and h and w / h <= SIDE_BY_SIDE and not (hand or line or revealed):
        # a cross with nothing beside it until Reveal: the whole width is its own, so its tiles come out
        # as big as the screen's height allows (a Five-Up cross's pips read from the back of the room)
        tall = "34vh" if pair else "50vh" if many else "58vh" if is_live() else "62vh"  # (live: the count under it)
        ui.pictures(ui.fit_picture(layout_svg, height=tall))
        return None
    if layout_svg and h and w / h <= SIDE_BY_SIDE:
        left, right = st.columns([3, 2], vertical_alignment="center")
        with left:
            tall = "62vh" if revealed else "50vh" if many else "58vh"  # after Reveal the choices are gone
            if pair:
                tall = "30vh" if many else "34vh"
            ui.pictures(ui.fit_picture(layout_svg, height=tall))
        with right:
            if hand or line:
                ui.pictures(hand, line)
        return right
    parts = []
    if layout_svg:
        # a long list of plays to choose from takes a second line, and the answer its lines: the
        # layout gives them the room
        tall = "30vh" if revealed else "38vh" if many else "42vh"
        if pair:
            tall = "20vh" if many else "24vh"
        parts.append(ui.fit_picture(layout_svg, height=tall))
    if line:
        parts.append(line)
    if hand:
        parts.append(hand.replace("height:20vh", "height:15vh") if revealed else hand)
    ui.pictures(*parts)
    return None


ui.run_page("projector", show, for_learner=False)
