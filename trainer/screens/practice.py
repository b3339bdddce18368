"""Practice: one puzzle at a time, answered by typing or by tapping the picture."""

import streamlit as st

from puzzles import KIND_TITLES, KINDS, STAGES
from trainer import ui
from trainer.practice import COACH, Practice


def fresh() -> None:
    """A new puzzle from the choosers (or from the coach)."""
    kind = st.session_state.get("p_kind") or COACH
    stage = st.session_state.get("p_stage") or STAGES[0]
    level = st.session_state.get("p_level") or 1
    ui.learner().new_puzzle(kind, stage, level)


def choose_stage() -> None:
    chosen = st.session_state.get("p_stage")
    if chosen and st.session_state.get("p_kind") in (COACH, None):
        ui.learner().progress.coach_stage = chosen  # a stage chosen by hand is where the coach works now
    fresh()


def answer_numbers(code: str, fields: tuple[str, ...]) -> None:
    """Check typed numbers: one field (a total or points) or the three of hand-rounding."""
    values = {f: st.session_state.get(f"{f}-{code}") for f in fields}
    given = {f: int(v) for f, v in values.items() if v is not None}
    if not given:
        one = len(fields) == 1
        st.session_state["p_notice"] = "Type a number first." if one else "Fill in at least the rounded pips."
        return
    ui.learner().answer(given["n"] if fields == ("n",) else given)


def answer_ends(code: str, letters: dict[str, str]) -> None:
    chosen = st.session_state.get(f"ends-{code}") or []
    if not chosen:
        st.session_state["p_notice"] = "Choose at least one end."
        return
    ui.learner().answer([letters[x] for x in chosen])


def show() -> None:
    """Draw the page (called by trainer/views/practice.py on every rerun)."""
    pr = ui.learner()
    KIND_CHOICES = [COACH, *KINDS]

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
    notice = st.session_state.pop("p_notice", None)
    if notice:
        st.warning(notice)

    for key, value in (("p_stage", STAGES[0]), ("p_level", 1), ("p_kind", COACH)):
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
                on_change=fresh,
                format_func=lambda n: f"Level {n}",
            )
    st.pills(
        "Puzzle",
        KIND_CHOICES,
        key="p_kind",
        on_change=fresh,
        format_func=lambda k: ":material/explore: Coach me" if k == COACH else KIND_TITLES[k],
    )

    puzzle_area(pr)


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
    st.markdown(f":gray[{meta}]\n\n## {p.question}")

    lay = p.board if p.layout else None
    after = None
    if pr.answered and lay is not None and p.kind in ("best-play", "play-score"):
        # the working is shown on the layout after the play in question
        after = lay.play(p.answer[0] if p.kind == "best-play" else p.play)
    layout_svg, hand_svg = ui.puzzle_pictures(p, working=pr.answered, layout=after or lay)

    if not pr.answered and p.kind in ("best-play", "counted-ends") and lay is not None:
        mode = "play" if p.kind == "best-play" else "ends"
        pick = ui.board(layout_svg, hand_svg, mode=mode, key=f"board-{p.code}")
        if pick:
            if "ends" in pick:
                pr.answer(list(pick["ends"]))
            else:
                token = ui.play_from_pick(pick)
                if token:
                    pr.answer(token)
            st.rerun()
    else:
        parts = [ui.picture_html(layout_svg)] if layout_svg else []
        if hand_svg:
            caption = "The tile to play" if p.kind == "play-score" else "The hand"
            parts.append(ui.picture_html(hand_svg, max_width=f"{ui.hand_width(len(p.hand))}px", caption=caption))
        ui.pictures(*parts)

    if not pr.answered:
        # answers go through callbacks, which run before the page is drawn: one run per answer
        if p.kind in ("open-total", "play-score"):
            with st.form(f"f-{p.code}", clear_on_submit=False, border=False):
                label = "Open-end total" if p.kind == "open-total" else "Points (0 if it does not score)"
                st.number_input(label, min_value=0, max_value=300, value=None, step=1, key=f"n-{p.code}")
                st.form_submit_button("Check", type="primary", on_click=answer_numbers, args=(p.code, ("n",)))
        elif p.kind == "hand-rounding":
            with st.form(f"f-{p.code}", border=False):
                c1, c2, c3 = st.columns(3)
                c1.number_input("Pips", min_value=0, max_value=200, value=None, step=1, key=f"pips-{p.code}")
                c2.number_input(
                    "Rounded to five", min_value=0, max_value=200, value=None, step=1, key=f"rounded-{p.code}"
                )
                c3.number_input("Points", min_value=0, max_value=40, value=None, step=1, key=f"points-{p.code}")
                st.form_submit_button(
                    "Check", type="primary", on_click=answer_numbers, args=(p.code, ("pips", "rounded", "points"))
                )
        elif p.kind == "best-play" and lay is not None:
            st.write("Or choose a play:")
            with st.container(horizontal=True):
                for c in p.choices:
                    st.button(ui.play_label(lay, c.value), key=f"play-{p.code}-{c.label}", on_click=pr.answer,
                              args=(c.value,))
        elif p.kind == "counted-ends":
            letters = {c.label: c.value for c in p.choices}
            st.pills(
                "Or choose the ends that count",
                list(letters),
                selection_mode="multi",
                key=f"ends-{p.code}",
                format_func=lambda x: f"End {x}",
            )
            st.button("Check", type="primary", key=f"check-{p.code}", on_click=answer_ends, args=(p.code, letters))
    else:
        v = pr.verdict
        assert v is not None
        (st.success if v.correct else st.error)(v.message)
        if lay is not None and p.kind in ("open-total", "counted-ends"):
            st.markdown(f"**Open-end total:** {lay.working} — {ui.both_ways(lay.total)}")
        if after is not None and after.last_play is not None:
            words = f"{after.last_play.tile} on {after.last_play.target}"
            best = "the best play, " if p.kind == "best-play" else ""
            st.markdown(f"**After {best}{words}:** {after.working} — {ui.both_ways(after.total)}")
        with st.expander("How it works", expanded=not v.correct):
            st.write(p.explanation)
        out = pr.outcome
        if out is not None and out.mastered:
            st.balloons()
            nxt = (
                f" {ui.STAGE_LABELS[out.unlocked]} is open now!"
                if out.unlocked
                else " That's the whole path!"
            )
            st.success(f":material/celebration: You mastered {ui.STAGE_LABELS[out.mastered]}!{nxt}")
        elif out is not None and out.level_change and pr.coached:
            st.info("Great run — level up!" if out.level_change > 0 else "Let's try an easier one.")
        st.button("Next puzzle", type="primary", shortcut="N", on_click=fresh, key="next")

    st.markdown(
        "---\n\n"
        f"Puzzle code **{p.code}** · [link to this puzzle](?code={p.code}) · "
        f"[show it on the projector](projector?code={p.code})"
    )
