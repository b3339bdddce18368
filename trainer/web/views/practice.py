"""Practice: one puzzle at a time, answered by typing or by tapping the picture."""

import dataclasses
import functools
from contextlib import nullcontext

import streamlit as st

from puzzles import KIND_TITLES, KINDS, STAGES, AnswerShape, Puzzle, kind, pictures, similar, worked
from trainer.learning.next_step import after_mastery
from trainer.learning.practice import COACH, CONTRAST, EXAMPLE, Practice, Teaching
from trainer.learning.states import ReviewMode
from trainer.web import answers, from_teacher, language, markup, next_step, pagestate, placement, session, sprintui, ui
from trainer.web.pagestate import PracticeState
from trainer.words import answering, said
from trainer.words import pages as page_words
from trainer.words import pictures as picture_words
from trainer.words import practice_page as words
from trainer.words import sprint as sprint_words
from trainer.words.plays import play_words

CHOOSER_KEYS = {"stage": "p_stage", "level": "p_level", "kind": "p_kind"}
"""The choosers' widget keys, by the field of :class:`PracticeState` each one sets."""
CHOOSERS_KEY = "p_choosers"
"""The folded choosers' own key: open (``True``) or not."""


def state() -> PracticeState:
    return pagestate.practice_page()


def fresh(step: bool = False) -> None:
    """A new puzzle from the choosers (or from the coach)."""
    s = state()
    s.notice = None
    pr = session.practice()
    if s.work is not None and from_teacher.next_puzzle(pr, s.work):  # the teacher's work, while the child does it
        return
    pr.new_puzzle(s.kind, s.stage, s.level)
    if step and pr.coached and not pr.review.is_follow_up:
        kinds = pr.coach_step()  # the coach steps to number facts first (before Muggins, after a trap)
        if kinds:
            pr.start_sprint(kinds, coached=True)


def take(name: str) -> bool:
    """Copy a chooser's widget into the page state; ``False`` if it came back empty or unchanged."""
    return pagestate.take(state(), name, CHOOSER_KEYS[name])


def choose(name: str) -> None:
    if take(name):
        state().work = None  # chosen by hand: the child's own practice
        fresh()


def choose_stage() -> None:
    if not take("stage"):
        return
    state().work = None
    if state().kind == COACH:
        session.practice().choose_stage(state().stage)  # a stage chosen by hand is where the coach works now (stored)
    fresh()


def give(response: object, shown: str = "") -> None:
    """Answer; a response that is not an answer (a mis-tap, junk) gets its reason and a new try."""
    pr = session.practice()
    code = pr.puzzle.code if pr.puzzle is not None else None
    verdict = pr.answer(response)
    state().say("" if verdict.is_answer else verdict.message, code)


def problem(code: str, text: str) -> None:
    """What is wrong with a typed answer or a choice, said next to the puzzle."""
    state().say(text, code)


def ask_hint() -> None:
    session.practice().hint()


def try_similar() -> None:
    state().notice = None
    session.practice().try_similar()


def teach_next(then_puzzle: bool) -> None:
    """The child has looked at the contrast pair or the worked example: on to the next step (the
    drill or the missed puzzle come as the next puzzle)."""
    pr = session.practice()
    pr.teach_next()
    state().example_step = 0
    if then_puzzle:
        fresh()


def example_step(delta: int) -> None:
    state().example_step += delta


def skip_example(code: str) -> None:
    state().examples_done.add(code)
    state().example_step = 0


def show() -> None:
    """Draw the page (on every rerun)."""
    pr = session.practice()

    ps = state()
    # a shared link (?code=…) opens exactly that puzzle, once
    code = st.query_params.get("code")
    if not (code and ps.opened_code != code) and placement.wanted(pr) and not from_teacher.open_work(pr):
        placement.show(pr)  # a new child: where do they start? (the teacher's work, if any, comes first)
        return
    if code and ps.opened_code != code:
        ps.opened_code = code
        problem = pr.open_code(code)
        if problem:
            fresh()
            ps.say(problem, pr.puzzle.code if pr.puzzle is not None else None)
        elif pr.puzzle is not None:  # the choosers follow the shared puzzle
            ps.kind, ps.stage, ps.level = pr.puzzle.kind, pr.puzzle.stage, pr.puzzle.level
    if pr.puzzle is None:
        fresh()
    p = pr.puzzle
    if p is None:  # the coach always finds a puzzle; this keeps a page that cannot from breaking
        st.warning(words.no_puzzle())
        return
    if st.query_params.get("code") != p.code:
        st.query_params["code"] = p.code
        ps.opened_code = p.code

    from_teacher.card(pr)  # the teacher's work first

    if pr.coached or ps.work is not None:  # the stage chooser shows where the coach (or the teacher's work) is
        ps.stage = p.stage
    # the choosers (and a first puzzle's worked example) fold away, so the puzzle and its answer fit a
    # tablet's screen; the label says what is chosen now
    label = answering.chosen_now(kind_named(pr, p), ui.STAGE_LABELS[ps.stage], page_words.level(p.level))
    facts_now = pr.sprint is not None and pr.sprint_coached and not pr.sprint_over  # the coach's number facts
    example = not facts_now and pr.first_time and not pr.answered and p.code not in ps.examples_done
    streak = pr.progress.streak if pr.progress.streak >= 2 else 0
    # a row only when the worked example or the streak sits beside the choosers (a row of one costs every run)
    row = example or streak > 0
    # the streak stays on the choosers' line (it wraps under them only beside the worked example too)
    with (st.container(horizontal=True, vertical_alignment="center", gap="small", wrap=bool(example)) if row
          else nullcontext()):
        # drawn only while open: most runs are an answer or a Next, and the choosers were a fifth of each
        tune = st.expander(label, icon=":material/tune:", key=CHOOSERS_KEY, on_change="rerun")
        with tune:
            if tune.open:
                choosers(pr, [COACH, *KINDS])
                puzzle_links(pr, p)
        if example:
            worked_example(p)
        if streak:
            st.markdown(answering.streak(streak), width="content")
    if facts_now and ps.notice_on(p.code):
        st.warning(ps.notice)  # a code that did not work, said above the coach's number facts
    if sprintui.coach_step(pr):
        return
    if pr.coached and pr.goal_done:
        st.success(sprint_words.goal_done() + " " + sprint_words.free_play())
    puzzle_area(pr)


HEAD_KEY = "practice-head"
FIT_CSS = ("<style>[data-testid='stMainBlockContainer']{padding-top:0.8rem;padding-left:1.5rem;"
           f"padding-right:1.5rem}}.st-key-{HEAD_KEY} h1{{font-size:1.5rem;padding:0}}"
           f".stApp:has([data-testid='stExpandSidebarButton']) .st-key-{HEAD_KEY} h1{{padding-left:2.75rem}}</style>")
"""Practice keeps less room above and beside the puzzle than other pages, and draws its heading small, so it
fits a tablet's screen. Its first line is then level with the side panel's opener (a tablet, a phone, a panel
closed): its heading starts after it (Streamlit's bar there lets it show, and takes no tap: ``static/page.css``)."""


def head() -> None:
    """The page's heading and who is practising. Drawn around the page's part (:func:`trainer.web.ui.page_part`),
    so an answer or a Next never draws it again: it changes only with a sign-in, which runs the whole page."""
    who = session.me()
    with st.container(horizontal=True, vertical_alignment="center", gap="medium", key=HEAD_KEY):
        st.markdown(f"# {words.title()}")  # the page's heading, drawn small (FIT_CSS)
        if who is None:  # a link that stays in this tab, so the guest's answers go with them
            st.page_link(ui.page_path("me"), label=words.as_guest(), icon=":material/person:")
        else:
            markup.show_html(words.as_learner(markup.literal(who.nickname)), css=ui.CAPTION_CSS)


LAYOUT_HEIGHT = "32vh"
"""The most of the screen's height a layout picture takes on Practice: with the question, the hand and
the answer it fits a tablet's screen."""


def warming_up(pr: Practice) -> bool:
    """The puzzle on screen is the teaching's warm-up: a number drill of another kind than the one missed."""
    return pr.review is ReviewMode.DRILL


def kind_named(pr: Practice, p: Puzzle) -> str:
    """The kind the folded choosers' label names: the puzzle on screen (a warm-up's own kind, not the
    kind of the puzzle before it), or the coach when it chooses."""
    if state().kind == COACH and not warming_up(pr) and state().work is None:
        return words.coach_me()
    return KIND_TITLES[p.kind]


def puzzle_links(pr: Practice, p: Puzzle) -> None:
    """What the puzzle is, its code and link (the link never carries the learner's code: whoever it is
    shared with opens it as themselves), and the projector."""
    meta = words.puzzle_meta(ui.stage_label(p.stage), p.level, coached=pr.coached, streak=0)
    link = f"?code={p.code}{language.suffix()}"
    st.markdown(f":gray[{meta}]  \n:gray[{words.puzzle_code(p.code, link)}]")
    st.page_link(ui.page_path("projector"), label=words.on_the_projector(), icon=":material/co_present:",
                 query_params={"code": p.code})


def choosers(pr: Practice, kind_choices: list[str]) -> None:
    """The stage, level and puzzle choosers (the level only when a kind is chosen by hand)."""
    ps = state()
    by_hand = ps.kind != COACH  # the coach sets the level itself
    # each chooser on the page shows the page state (set before it is drawn); during a warm-up the kind
    # chooser shows the warm-up's kind, the puzzle on screen (the page keeps the kind chosen for after it)
    p = pr.puzzle
    shown = dataclasses.replace(ps, kind=p.kind) if p is not None and warming_up(pr) else ps
    pagestate.show_choices(shown, {n: k for n, k in CHOOSER_KEYS.items() if by_hand or n != "level"})
    row = st.container(horizontal=True, vertical_alignment="bottom") if by_hand else st.container()
    with row:
        st.segmented_control(
            words.stage(),
            STAGES,
            key="p_stage",
            required=True,  # a tap on the chosen stage keeps it
            on_change=choose_stage,
            format_func=lambda s: (
                (":material/check_circle: " if s in pr.progress.mastered else "") + ui.STAGE_LABELS[s]
            ),
        )
        if by_hand:
            st.segmented_control(
                words.level(),
                [1, 2, 3],
                key="p_level",
                required=True,
                on_change=choose,
                args=("level",),
                format_func=page_words.level,
            )
    st.pills(
        words.puzzle(),
        kind_choices,
        key="p_kind",
        required=True,
        on_change=choose,
        args=("kind",),
        format_func=lambda k: f":material/explore: {words.coach_me()}" if k == COACH else KIND_TITLES[k],
    )


def celebrate(pr: Practice) -> str:
    """Mastery news, said in the verdict's box where the child is looking (balloons rise too); "" for none."""
    out = pr.outcome
    if out is None or not pr.answered:
        return ""
    if out.mastered:
        st.balloons()
        unlocked = ui.STAGE_LABELS[out.unlocked] if out.unlocked else None
        return f":material/celebration: **{words.mastered(ui.STAGE_LABELS[out.mastered], unlocked)}**"
    if out.lost:
        return words.practise_more(ui.STAGE_LABELS[out.lost])
    if out.unlocked:  # looks mastered today: confirmed on a later day
        return sprint_words.looks_mastered(ui.STAGE_LABELS[out.unlocked])
    return ""


def worked_example(p: Puzzle) -> None:
    """The first puzzle of a kind at a stage opens with a worked example, one step at a time. It stays
    folded, so the puzzle stays on the first screen, and is made only once the child opens it (making an
    example like the puzzle can take as long as the rest of the page)."""
    # folded, so the puzzle stays on the first screen; the child opens it to watch
    folded = st.expander(words.watch_first(), icon=":material/school:", key=f"ex-{p.code}", on_change="rerun")
    with folded:
        if not folded.open:
            return
        example = similar(p, 0)
        steps = example.steps
        at = max(0, min(state().example_step, len(steps) - 1))
        st.caption(words.example_step(at + 1, len(steps)))
        st.markdown(f"*{example.question}*")
        shown = steps[: at + 1]
        marks = tuple(e for s in shown for e in s.ends)
        layout_svg, hand_svg = pictures.puzzle_pictures(example, working=False, highlight=marks)
        line = pictures.number_line(example, reveal=True) if at == len(steps) - 1 else ""
        parts = [ui.picture_html(svg) for svg in (layout_svg, line) if svg]
        if hand_svg:
            parts.append(ui.picture_html(hand_svg, max_width=f"{pictures.hand_width(len(example.hand))}px"))
        ui.pictures(*parts)
        st.markdown("\n".join(f"- {s.text}" for s in shown))
        with st.container(horizontal=True):
            if at < len(steps) - 1:
                st.button(words.next_step(), type="primary", key=f"ex-next-{p.code}", on_click=example_step, args=(1,))
            st.button(words.my_turn(), key=f"ex-done-{p.code}", on_click=skip_example, args=(p.code,))


def puzzle_area(pr: Practice) -> None:
    """The puzzle, its answer widgets and the feedback."""
    p = pr.puzzle
    assert p is not None
    why = f"\n\n**{pr.notice}**" if pr.notice and not pr.answered else ""
    question = f"{why}\n\n#### {p.question}" if why else f"#### {p.question}"
    speak = ui.spoken(p.question + (" " + pr.verdict.message if pr.verdict else ""))

    k = kind(p.kind)
    lay = p.board if p.board else None
    after = None
    shown_play = k.working_after(p, pr.response) if pr.answered and lay is not None else None
    if shown_play and lay is not None:  # the working is shown on the layout after the play in question
        after = lay.play(shown_play)
    hint = p.hint if pr.hinted and not pr.answered else None
    marks = hint.ends if hint else ()
    named = pictures.named_ends(p) if not pr.answered and hint is None else ()  # "the 3 on 2-3" ringed
    layout_svg, hand_svg = pictures.puzzle_pictures(p, working=pr.answered, layout=after or lay, highlight=marks,
                                                    ringed=named)
    # the question is sent once its pictures are drawn, so the two reach the page together
    st.markdown(question)
    wrong_play = pr.verdict is not None and not pr.verdict.correct and k.answer_shape is AnswerShape.PLAY
    if shown_play is not None and wrong_play:  # the picture is not of the play the child chose: say whose it is
        st.caption(picture_words.best_play_shown(play_words(shown_play)))
    if hint is not None:
        st.info(f":material/lightbulb: {words.hint(hint.text)}")
    notice = state().notice_on(p.code) if not pr.answered else None
    if notice:  # next to the puzzle, where the child is looking
        st.warning(notice)

    # the pictures and the speaker button in one element; tiles and ends are tapped on it
    clickable = not pr.answered and k.clickable and lay is not None
    caption = said(k.hand_caption) if k.hand_caption else ""
    answers.answer_board(p, answers.practice_spot(p.code), give, layout_svg, hand_svg, clickable=clickable,
                         key=f"board-{p.code}-{pr.answered}",
                         layout_width=ui.natural_width(layout_svg) if layout_svg else "",
                         extra=pictures.number_line(p, reveal=pr.answered), speak=speak,
                         hand_width=f"{pictures.hand_width(len(p.hand))}px", layout_height=LAYOUT_HEIGHT,
                         hand_caption=caption if not clickable else "")
    if not pr.answered:
        answer_widgets(pr, p)
    else:
        feedback(pr, p)
    shown = after or lay
    if shown is not None and len(shown) > 1:  # under everything the child acts on: it never pushes them down
        st.caption(picture_words.last_played_legend())


def answer_widgets(pr: Practice, p: Puzzle) -> None:
    # answers go through callbacks, which run before the page is drawn: one run per answer
    def hint_button() -> None:  # beside the answer's own button
        if not pr.hinted:
            st.button(words.hint_button(), icon=":material/lightbulb:", key=f"hint-{p.code}", on_click=ask_hint,
                      help=words.hint_help())

    answers.answer_widgets(p, answers.practice_spot(p.code), give, functools.partial(problem, p.code),
                           extra=hint_button)


def feedback(pr: Practice, p: Puzzle) -> None:
    v = pr.verdict
    assert v is not None
    news = celebrate(pr)  # in the verdict's own box, right under the puzzle
    (st.success if v.correct else st.error)(f"{v.message}\n\n{news}" if news else v.message)
    if pr.outcome is not None and pr.outcome.mastered:  # what comes next, with the one button that goes there
        next_step.show(after_mastery(pr.outcome.mastered, pr.progress.mastered), key="whats_next", named=True)
    if pr.hinted:
        st.caption(words.hinted())
    gave_up = not v.correct and not pr.must_answer and pr.review in (ReviewMode.DRILL, ReviewMode.RETEACH)
    # tried enough at a teaching puzzle: the working, open; drawn only while open (most answers never open it)
    steps = st.expander(words.every_step(), expanded=gave_up, key=f"steps-{p.code}-{gave_up:d}", on_change="rerun")
    with steps:
        if steps.open:
            st.markdown("\n".join(f"- {s.text}" for s in p.steps))
    out = pr.outcome
    if out is not None and out.level_change and pr.coached:
        st.info(words.level_up() if out.level_change > 0 else words.easier())
    t = pr.teaching
    if not v.correct and pr.must_answer:  # a teaching puzzle: answered until right
        st.button(words.try_again(), type="primary", on_click=fresh, key="again")  # N is "Next puzzle"'s key
        return
    if t is not None and t.step in (CONTRAST, EXAMPLE):  # a mistake made again: it is taught now
        teach(pr, t)
        return
    if v.correct:
        st.button(words.next_puzzle(), type="primary", shortcut="N", on_click=fresh, args=(True,), key="next")
        return
    with st.container(horizontal=True):
        st.button(words.next_puzzle(), type="primary", shortcut="N", on_click=fresh, args=(True,), key="next")
        st.button(words.similar(), key="similar", shortcut="S", on_click=try_similar)


def teach(pr: Practice, t: Teaching) -> None:
    """The teaching after the same mistake twice (or four wrong in a row): a contrast pair, then the
    worked example; the drill and the missed puzzle follow as puzzles, answered until right."""
    with st.container(border=True):
        if t.step == CONTRAST and t.pair is not None:
            # what the child just did, said to them with the missed puzzle's numbers (never the trap's name)
            st.markdown(f"### {words.look_together()}\n{t.words}" if t.words else f"### {words.look_together()}")
            left, right = st.columns(2)
            for column, side in ((left, t.pair.left), (right, t.pair.right)):
                with column:
                    ui.picture(pictures.contrast_side(side), caption=side.caption)
            st.info(t.pair.differs, icon=":material/compare_arrows:")
            st.button(words.i_see(), type="primary", key="teach-contrast", on_click=teach_next, args=(False,))
            return
        example = t.example if t.example is not None else t.missed
        st.markdown(f"### {words.watch()}")
        st.markdown(f"*{example.question}*")
        layout_svg, hand_svg = pictures.puzzle_pictures(example, working=True)
        parts = [ui.picture_html(svg) for svg in (layout_svg, pictures.number_line(example, reveal=True)) if svg]
        if hand_svg:
            parts.append(ui.picture_html(hand_svg, max_width=f"{pictures.hand_width(len(example.hand))}px"))
        ui.pictures(*parts)
        bites = worked.point(example, t.trap).text if t.trap is not None else None  # the step where the trap bites
        st.markdown("\n".join(f"- **{s.text}**" if s.text == bites else f"- {s.text}" for s in example.steps))
        st.button(words.my_turn(), type="primary", key="teach-example", on_click=teach_next, args=(True,))





ui.run_page("practice", show, part=True, css=FIT_CSS, head=head)
