"""Practice: one puzzle at a time, answered by typing or by tapping the picture."""

import streamlit as st

from puzzles import KIND_TITLES, KINDS, STAGES, Puzzle, similar
from puzzles.words import read_typed_number
from trainer import session, ui
from trainer.practice import COACH, Practice

NUMBER_KINDS = ("open-total", "play-score", "nearest-five", "make-five")
NUMBER_LABELS = {
    "open-total": "Open-end total",
    "play-score": "Points (0 if it does not score)",
    "nearest-five": "Your answer",
    "make-five": "Your answer",
}


CHOOSERS = {"p_stage": STAGES[0], "p_level": 1, "p_kind": COACH}
"""The page's choosers, with the choice each starts on."""


def fresh() -> None:
    """A new puzzle from the choosers (or from the coach)."""
    if ui.lost_a_choice(CHOOSERS):
        return
    kind = st.session_state.get("p_kind") or COACH
    stage = st.session_state.get("p_stage") or STAGES[0]
    level = st.session_state.get("p_level") or 1
    ui.learner().new_puzzle(kind, stage, level)


def choose_stage() -> None:
    if ui.lost_a_choice(CHOOSERS):
        return
    chosen = st.session_state.get("p_stage")
    if chosen and st.session_state.get("p_kind") in (COACH, None):
        ui.learner().progress.coach_stage = chosen  # a stage chosen by hand is where the coach works now
    fresh()


def give(response: object) -> None:
    """Answer; a response that is not an answer (a mis-tap, junk) gets its reason and a new try."""
    verdict = ui.learner().answer(response)
    if not verdict.is_answer:
        st.session_state["p_notice"] = verdict.message


def answer_numbers(code: str, fields: tuple[str, ...]) -> None:
    """Check typed numbers: one box (a total, points, a number) or the boxes of hand-rounding."""
    given: dict[str, int] = {}
    for f in fields:
        text = st.session_state.get(f"{f}-{code}")
        if f == "pips" and not (text or "").strip():
            continue  # the pips box is there to help; the rounded pips and the points are the answer
        value, problem = read_typed_number(text)
        if value is None:
            name = {"n": "", "pips": "Pips: ", "rounded": "Rounded: ", "points": "Points: "}[f]
            st.session_state["p_notice"] = name + problem
            return
        given[f] = value
    give(given["n"] if fields == ("n",) else given)


def answer_ends(code: str) -> None:
    chosen = st.session_state.get(f"ends-{code}") or []
    if not chosen:
        st.session_state["p_notice"] = "Choose at least one."
        return
    give(list(chosen))


def ask_hint() -> None:
    ui.learner().hint()


def try_similar() -> None:
    ui.learner().try_similar()


def example_step(delta: int) -> None:
    st.session_state["p_example_step"] = st.session_state.get("p_example_step", 0) + delta


def skip_example(code: str) -> None:
    st.session_state.setdefault("p_examples_done", set()).add(code)
    st.session_state["p_example_step"] = 0


def show() -> None:
    """Draw the page (called by trainer/views/practice.py on every rerun)."""
    pr = ui.learner()
    kind_choices = [COACH, *KINDS]

    # a shared link (?code=…) opens exactly that puzzle, once
    code = st.query_params.get("code")
    if code and st.session_state.get("p_opened_code") != code:
        st.session_state["p_opened_code"] = code
        problem = pr.open_code(code)
        if problem:
            st.session_state["p_notice"] = problem
            fresh()
        else:  # the choosers follow the shared puzzle
            st.session_state["p_kind"] = pr.puzzle.kind
            st.session_state["p_stage"] = pr.puzzle.stage
            st.session_state["p_level"] = pr.puzzle.level
    if pr.puzzle is None:
        fresh()
    p = pr.puzzle
    assert p is not None
    if st.query_params.get("code") != p.code:
        st.query_params["code"] = p.code
        st.session_state["p_opened_code"] = p.code

    st.markdown("# Practice")
    who = session.me()
    if who is None:
        st.caption("Practising as a guest · [Sign in](me) and the trainer remembers your progress.")
    else:
        st.caption(f"Practising as **{session.safe(who.nickname)}** · your answers are saved.")
    celebrate(pr)

    for key, value in CHOOSERS.items():
        st.session_state.setdefault(key, value)
    if pr.coached:  # the stage chooser shows where the coach is
        st.session_state["p_stage"] = p.stage
    by_hand = st.session_state.get("p_kind") not in (COACH, None)  # the coach sets the level itself
    row = st.container(horizontal=True, vertical_alignment="bottom") if by_hand else st.container()
    with row:
        st.segmented_control(
            "Stage",
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
                "Level",
                [1, 2, 3],
                key="p_level",
                required=True,
                on_change=fresh,
                format_func=lambda n: f"Level {n}",
            )
    st.pills(
        "Puzzle",
        kind_choices,
        key="p_kind",
        required=True,
        on_change=fresh,
        format_func=lambda k: ":material/explore: Coach me" if k == COACH else KIND_TITLES[k],
    )
    ui.note_choices(CHOOSERS, ("p_stage", "p_kind", "p_level") if by_hand else ("p_stage", "p_kind"))

    if pr.first_time and not pr.answered and p.code not in st.session_state.get("p_examples_done", set()):
        worked_example(p)
    puzzle_area(pr)


def celebrate(pr: Practice) -> None:
    """Mastery news first, above everything (balloons rise from the bottom of the screen)."""
    out = pr.outcome
    if out is None or not pr.answered:
        return
    if out.mastered:
        st.balloons()
        nxt = f" Next up: {ui.STAGE_LABELS[out.unlocked]}." if out.unlocked else " That's the whole path!"
        st.success(f":material/celebration: You mastered {ui.STAGE_LABELS[out.mastered]}!{nxt}")
    elif out.lost:
        st.info(f"Let's practise {ui.STAGE_LABELS[out.lost]} a little more.")


def worked_example(p: Puzzle) -> None:
    """The first puzzle of a kind at a stage opens with a worked example, one step at a time."""
    example = similar(p, 0)
    steps = example.steps
    at = min(st.session_state.get("p_example_step", 0), len(steps) - 1)
    with st.container(border=True):
        st.markdown(f"**Watch how it works first** · step {at + 1} of {len(steps)}")
        st.markdown(f"*{example.question}*")
        shown = steps[: at + 1]
        marks = tuple(e for s in shown for e in s.ends)
        layout_svg, hand_svg = ui.puzzle_pictures(example, working=False, highlight=marks)
        line = ui.number_line(example, reveal=True) if at == len(steps) - 1 else ""
        parts = [ui.picture_html(svg) for svg in (layout_svg, line) if svg]
        if hand_svg:
            parts.append(ui.picture_html(hand_svg, max_width=f"{ui.hand_width(len(example.hand))}px"))
        ui.pictures(*parts)
        st.markdown("\n".join(f"- {s.text}" for s in shown))
        with st.container(horizontal=True):
            if at < len(steps) - 1:
                st.button("Next step", type="primary", key=f"ex-next-{p.code}", on_click=example_step, args=(1,))
            st.button("My turn!", key=f"ex-done-{p.code}", on_click=skip_example, args=(p.code,))


def puzzle_area(pr: Practice) -> None:
    """The puzzle, its answer widgets and the feedback."""
    p = pr.puzzle
    assert p is not None
    streak = pr.progress.streak
    meta = (
        f"{ui.stage_label(p.stage)} · level {p.level}"
        + (" · chosen by your coach" if pr.coached else "")
        + (f" · :material/local_fire_department: {streak} right in a row" if streak >= 2 else "")
    )
    why = f"\n\n**{pr.notice}**" if pr.notice and not pr.answered else ""
    me = session.me()
    mine = f"&me={me.code}" if me is not None else ""  # a new tab keeps the learner
    links = (f"Puzzle code **{p.code}** · [link to this puzzle](?code={p.code}{mine}) · "
             f"[show it on the projector](projector?code={p.code})")
    st.markdown(f":gray[{meta}]  \n:gray[{links}]{why}\n\n## {p.question}")
    speak = ui.spoken(p.question + (" " + pr.verdict.message if pr.verdict else ""))

    lay = p.board if p.layout else None
    after = None
    if pr.answered and lay is not None and p.kind in ("best-play", "play-score"):
        # the working is shown on the layout after the play in question
        after = lay.play(p.answer[0] if p.kind == "best-play" else p.play)
    hint = p.hint if pr.hinted and not pr.answered else None
    layout_svg, hand_svg = ui.puzzle_pictures(p, working=pr.answered, layout=after or lay,
                                              highlight=hint.ends if hint else ())
    if hint is not None:
        st.info(f":material/lightbulb: **Hint:** {hint.text}")
    notice = st.session_state.pop("p_notice", None)
    if notice:  # next to the puzzle, where the child is looking
        st.warning(notice)

    # the pictures and the speaker button in one element; tiles and ends are tapped on it
    clickable = not pr.answered and p.kind in ("best-play", "counted-ends") and lay is not None
    mode = ("play" if p.kind == "best-play" else "ends") if clickable else "view"
    caption = "The tile to play" if p.kind == "play-score" else ("The tiles" if p.kind != "best-play" else "")
    pick = ui.board(layout_svg, hand_svg, mode=mode, key=f"board-{p.code}-{pr.answered}",
                    layout_width=ui.natural_width(layout_svg) if layout_svg else "",
                    extra=ui.number_line(p, reveal=pr.answered), speak=speak,
                    hand_width=f"{ui.hand_width(len(p.hand))}px", hand_caption=caption if mode == "view" else "")
    if pick and clickable:
        if "ends" in pick:
            give(list(pick["ends"]))
        else:
            token = ui.play_from_pick(pick)
            if token:
                give(token)
        st.rerun()

    if not pr.answered:
        answer_widgets(pr, p, lay)
    else:
        feedback(pr, p)



def answer_widgets(pr: Practice, p: Puzzle, lay) -> None:
    # answers go through callbacks, which run before the page is drawn: one run per answer
    if p.kind in NUMBER_KINDS:
        with st.form(f"f-{p.code}", clear_on_submit=False, border=False):
            st.text_input(NUMBER_LABELS[p.kind], key=f"n-{p.code}", max_chars=6, placeholder="Type a number")
            st.form_submit_button("Check", type="primary", on_click=answer_numbers, args=(p.code, ("n",)))
    elif p.kind == "hand-rounding":
        with st.form(f"f-{p.code}", border=False):
            c1, c2, c3 = st.columns(3)
            c1.text_input("Pips (to help you)", key=f"pips-{p.code}", max_chars=4)
            c2.text_input("Rounded to five", key=f"rounded-{p.code}", max_chars=4)
            c3.text_input("Points", key=f"points-{p.code}", max_chars=4)
            st.form_submit_button(
                "Check", type="primary", on_click=answer_numbers, args=(p.code, ("pips", "rounded", "points"))
            )
    elif p.kind == "best-play" and lay is not None:
        st.write("Or choose a play:")
        with st.container(horizontal=True):
            for c in p.choices:
                st.button(ui.play_label(lay, c.value), key=f"play-{p.code}-{c.label}", on_click=give,
                          args=(c.value,))
    elif p.kind == "counted-ends":
        texts = {c.value: c.text for c in p.choices}
        letters = ui.end_letters(p.board)
        st.pills(
            "Or choose the ones that count",
            list(texts),
            selection_mode="multi",
            key=f"ends-{p.code}",
            format_func=lambda x: f"End {letters[x]}: {texts[x]}" if x in letters else texts[x],
        )
        st.button("Check", type="primary", key=f"check-{p.code}", on_click=answer_ends, args=(p.code,))
    if not pr.hinted:
        st.button("Hint", icon=":material/lightbulb:", key=f"hint-{p.code}", on_click=ask_hint,
                  help="Shows the first step. A hinted answer does not count toward mastery.")


def feedback(pr: Practice, p: Puzzle) -> None:
    v = pr.verdict
    assert v is not None
    (st.success if v.correct else st.error)(v.message)
    if pr.hinted:
        st.caption("You used a hint: this one does not count toward mastery.")
    with st.expander("Show every step"):
        st.markdown("\n".join(f"- {s.text}" for s in p.steps))
    out = pr.outcome
    if out is not None and out.level_change and pr.coached:
        st.info("Great run — level up!" if out.level_change > 0 else "Let's try an easier one.")
    if v.correct:
        st.button("Next puzzle", type="primary", shortcut="N", on_click=fresh, key="next")
        return
    with st.container(horizontal=True):
        st.button("Next puzzle", type="primary", shortcut="N", on_click=fresh, key="next")
        st.button("Try a similar one", key="similar", shortcut="S", on_click=try_similar)
