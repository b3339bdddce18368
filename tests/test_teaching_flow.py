"""AppTest: a wrong answer that teaches — the same mistake twice brings a contrast pair, a worked
example, the matching number drill and the missed puzzle again, each answered before moving on."""

from __future__ import annotations

from apptest import app, make_class

from puzzles import generate_for
from puzzles.judge import judge


def rounding_wrong(at, p) -> None:
    at.text_input(key=f"rounded-{p.code}").set_value(str(p.answer["rounded"] + 5))
    at.text_input(key=f"points-{p.code}").set_value(str(p.answer["points"] + 1))
    at.form_submit_button[0].click().run()
    assert not at.exception, at.exception


def answer_right(at) -> None:
    p = at.session_state["practice"].puzzle
    if isinstance(p.answer, dict):
        at.text_input(key=f"rounded-{p.code}").set_value(str(p.answer["rounded"]))
        at.text_input(key=f"points-{p.code}").set_value(str(p.answer["points"]))
    else:
        at.text_input(key=f"n-{p.code}").set_value(str(p.answer))
    at.form_submit_button[0].click().run()
    assert not at.exception, at.exception


def test_the_same_mistake_twice_is_taught_step_by_step():
    first, second = (generate_for("hand-rounding", stage="muggins", level=1, trap="round-2", seed=s) for s in (0, 1))
    at = app(code=first.code)
    rounding_wrong(at, first)
    assert "1 and 2 past a five go down" in at.error[0].value  # the reason, named at once
    assert at.button(key="similar")
    at.query_params["code"] = second.code
    at.run()
    rounding_wrong(at, second)
    pr = at.session_state["practice"]
    assert pr.teaching is not None and pr.teaching.step == "contrast"
    # 1. the contrast pair: two pictures side by side and what differs
    assert "Let's look at this together" in " ".join(m.value for m in at.markdown)
    assert any("1 and 2 past a five go down" in i.value for i in at.info)
    assert not [b for b in at.button if b.key in ("next", "similar")]  # no way past it but through it
    at.button(key="teach-contrast").click().run()
    # 2. the worked example
    assert "Watch how it works" in " ".join(m.value for m in at.markdown)
    at.button(key="teach-example").click().run()
    # 3. the number drill, answered until right
    drill = at.session_state["practice"].puzzle
    assert at.session_state["practice"].must_answer and drill.code != second.code
    p = drill
    if isinstance(p.answer, dict):
        rounding_wrong(at, p)
    else:
        at.text_input(key=f"n-{p.code}").set_value(str(p.answer + 5))
        at.form_submit_button[0].click().run()
    assert at.button(key="again") and not [b for b in at.button if b.key in ("next", "similar")]
    at.button(key="again").click().run()
    assert at.session_state["practice"].puzzle.code == drill.code
    answer_right(at)
    at.button(key="next").click().run()
    # 4. back up: the missed puzzle, until right; then practice goes on
    assert at.session_state["practice"].puzzle.code == second.code
    answer_right(at)
    assert at.session_state["practice"].teaching is None
    at.button(key="next").click().run()
    assert not at.exception


def test_the_teacher_sees_who_is_stuck_and_projects_a_contrast_pair():
    from trainer.learning.progress import Attempt
    from trainer.store import open_store

    store = open_store()
    teacher, code, key = make_class("Room 11")
    me = store.join(code, "Rose Crab")
    for seed in range(3):
        p = generate_for("hand-rounding", stage="muggins", level=1, trap="round-2", seed=seed)
        store.record(me, Attempt(p.kind, p.stage, p.level, False, 6.0, p.code, "round-2"))
    teacher.run()
    said = " ".join(m.value for m in teacher.markdown)
    assert "Who is stuck" in " ".join(h.value for h in teacher.subheader)
    assert "Rose Crab" in said and "stuck on a trap" in said
    link = next(x for x in teacher.get("page_link") if "contrast pair" in x.proto.label)
    assert link.proto.page.endswith("projector")
    stuck = __import__("trainer.classroom.report", fromlist=["stuck"]).stuck(store.class_report(code, key))[0]
    projector = app(page="projector", code=stuck.puzzle, contrast=stuck.trap)
    shown = " ".join(m.value for m in projector.markdown)
    assert "1 and 2 past a five go down" in shown and projector.button(key="pj_contrast_hide")
    projector.button(key="pj_contrast_hide").click().run()
    headings = " ".join(m.value for m in projector.markdown if m.value.startswith("## "))
    assert "1 and 2 past a five go down" not in headings


def covered_end_totals(count: int):
    """Open-end totals a child answers by still counting the end the last tile covers (the model's
    answer is filed under that trap): the mistake made twice teaches it."""
    from puzzles import generate
    from puzzles.worked import trapped_answer

    found = []
    for seed in range(300):
        p = generate("open-total", stage="muggins", level=1, seed=seed)
        wrong = trapped_answer(p, "counted-covered")
        if wrong != p.answer and "counted-covered" in judge(p, wrong).traps:
            found.append((p, wrong))
            if len(found) == count:
                return found
    raise AssertionError("no open-end totals with a covered end to count")


def test_a_covered_end_counted_twice_is_taught_in_the_childs_words():
    from apptest import answer, texts

    from puzzles.worked import bites
    from trainer.learning import ReviewMode

    (first, wrong1), (second, wrong2) = covered_end_totals(2)
    at = app(code=first.code)
    answer(at, wrong1)
    at.query_params["code"] = second.code
    at.run()
    answer(at, wrong2)
    pr = at.session_state["practice"]
    assert pr.teaching is not None and pr.teaching.step == "contrast" and pr.teaching.trap == "counted-covered"
    # 1. the contrast card: what the child did, with the missed puzzle's numbers, not the teacher's name for it
    last = second.board.placements[-1]
    card = texts(at)
    assert (f"You counted the {last.number} on {second.board.tiles[last.target]}, but {last.tile} covers it now"
            in card), card
    assert "keeps counting" not in card.lower()
    at.button(key="teach-contrast").click().run()
    # 2. the worked example: the same trap, where it really changes the answer, its step saying so
    example = at.session_state["practice"].teaching.example
    assert example.kind == "open-total" and example.code != second.code and bites(example, "counted-covered")
    shown = texts(at)
    assert "Watch how it works" in shown and "is covered now" in shown
    assert any(m.value.count("- **Watch out! ") == 1 for m in at.markdown)  # the step where the trap bites, strongest
    at.button(key="teach-example").click().run()
    # 3. the warm-up: a puzzle of another kind, and the choosers name it, not the puzzle before it
    pr = at.session_state["practice"]
    assert pr.review is ReviewMode.DRILL and pr.puzzle.kind == "counted-ends"
    assert at.expander[0].label.startswith("Which ends count?"), at.expander[0].label
    assert not at.exception


def test_the_contrast_card_speaks_spanish():
    from apptest import answer, texts

    (first, wrong1), (second, wrong2) = covered_end_totals(2)
    at = app(code=first.code, lang="es")
    answer(at, wrong1)
    at.query_params["code"] = second.code
    at.run()
    answer(at, wrong2)
    last = second.board.placements[-1]
    card = texts(at)
    assert f"Contaste el {last.number} de {second.board.tiles[last.target]}, pero ahora {last.tile} lo tapa" in card
    at.button(key="teach-contrast").click().run()
    assert "¡Ojo!" in texts(at)


def test_a_child_who_cannot_get_the_warm_up_is_shown_the_working_and_goes_on():
    """Never locked in: three tries at the warm-up, then its working opens and Next puzzle is there."""
    first, second = (generate_for("hand-rounding", stage="muggins", level=1, trap="round-2", seed=s) for s in (0, 1))
    at = app(code=first.code)
    rounding_wrong(at, first)
    at.query_params["code"] = second.code
    at.run()
    rounding_wrong(at, second)
    at.button(key="teach-contrast").click().run()
    at.button(key="teach-example").click().run()
    drill = at.session_state["practice"].puzzle
    for attempt in range(3):
        assert at.session_state["practice"].puzzle.code == drill.code
        if isinstance(drill.answer, dict):
            rounding_wrong(at, drill)
        else:
            at.text_input(key=f"n-{drill.code}").set_value(str(drill.answer + 5))
            at.form_submit_button[0].click().run()
        if attempt < 2:
            assert at.button(key="again") and not [b for b in at.button if b.key == "next"]
            at.button(key="again").click().run()
    assert not at.exception
    assert at.button(key="next") and not [b for b in at.button if b.key == "again"]
    assert any(e.proto.expanded for e in at.expander)  # the working, open
    at.button(key="next").click().run()
    assert at.session_state["practice"].puzzle.code == second.code  # then the missed puzzle, once more
