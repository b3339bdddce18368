"""A class's learning curves (trainer/classroom/curves.py): the points against a hand count on a small
class, the model's curve, the CSV, the chart, and My class showing them."""

from __future__ import annotations

import csv
import io

import pytest
from apptest import make_class

from puzzles import generate_for
from trainer.classroom import curves
from trainer.learning.attempt import Attempt, attempt_traps
from trainer.learning.bkt import TOP_LEVEL, BktParams, general_skill, shipped_params
from trainer.render import charts

KIND, STAGE, TRAP = "open-total", "all-fives", "covered-spinner"


@pytest.fixture(scope="module")
def puzzles():
    """Three top-level puzzles that expose the trap (each child meets it on each)."""
    out = [generate_for(KIND, stage=STAGE, level=TOP_LEVEL, trap=TRAP, seed=s) for s in (1, 2, 3)]
    assert all(TRAP in p.traps and p.level == TOP_LEVEL for p in out)
    return out


def answer(p, correct: bool, mistake: str | None = None, hinted: bool = False) -> Attempt:
    """An answer as the store keeps it: with the traps its puzzle exposed."""
    a = Attempt(KIND, STAGE, p.level, correct, 4.0, p.code, None if correct else mistake, hinted, traps=p.traps)
    assert TRAP in attempt_traps(a)
    return a


def test_the_points_are_the_hand_count(puzzles):
    p, q, r = puzzles
    other = next(t for t in ("missed-end", "counted-covered", "rounded-down") if t != TRAP)
    ann = [answer(p, False, TRAP), answer(q, False, TRAP), answer(r, True)]
    ben = [answer(p, True), answer(q, True, hinted=True),  # a hinted answer is no chance at anything
           answer(q, False, other),  # filed under another trap: a wrong answer of the kind, not of this trap
           answer(r, True)]
    cal = [answer(p, False, TRAP), answer(q, True), answer(r, True), answer(p, False, None)]  # then a slip
    found = {(c.what, c.skill): c for c in curves.learning_curves([ann, ben, cal])}
    trap = found[curves.SkillKind.TRAP, TRAP]
    # by hand: 1st chance A wrong, B right, C wrong; 2nd A wrong, B right (its 3rd answer is not one), C right;
    # 3rd: A right, C right; B had only two
    assert [(x.opportunity, x.children, x.wrong) for x in trap.points] == [(1, 3, 2), (2, 3, 1), (3, 2, 0)]
    kind = found[curves.SkillKind.KIND, KIND]
    # the kind: every unhinted top-level answer; A ✗✗✓, B ✓✗✓, C ✗✓✓✗ (the 4th: one child, not drawn)
    assert [(x.opportunity, x.children, x.wrong) for x in kind.points] == [(1, 3, 2), (2, 3, 2), (3, 3, 0)]
    # the model's first point is the numbers' own chance of a wrong answer, the same for every child
    first = shipped_params()[TRAP]
    assert trap.points[0].predicted == pytest.approx(1 - first.p_correct(first.prior))
    assert kind.points[0].predicted == pytest.approx(
        1 - shipped_params()[general_skill(KIND, STAGE)].p_correct(shipped_params()[general_skill(KIND, STAGE)].prior))
    # after the first answers the children differ: A and C were wrong, B right; the mean of the three updates
    after = [first.update(first.prior, ok) for ok in (False, True, False)]
    assert trap.points[1].predicted == pytest.approx(sum(1 - first.p_correct(k) for k in after) / 3)
    assert trap.example and not kind.example  # a puzzle to show with the trap's contrast pair


def test_a_trap_the_class_keeps_missing_is_flat_and_one_it_learns_is_not(puzzles):
    p, q, r = puzzles
    stuck = [[answer(x, False, TRAP) for x in (p, q, r, p)] for _ in range(3)]
    learning = [[answer(p, False, TRAP), answer(q, False, TRAP), answer(r, True), answer(p, True)] for _ in range(3)]
    (flat,) = [c for c in curves.learning_curves(stuck) if c.skill == TRAP]
    (falls,) = [c for c in curves.learning_curves(learning) if c.skill == TRAP]
    assert flat.flat and not falls.flat
    assert curves.learning_curves(stuck)[0].what is curves.SkillKind.KIND  # kinds first, then traps
    # one child alone draws no curve
    assert curves.learning_curves(stuck[:1]) == []


@pytest.mark.parametrize("learn", [0.05, 0.2, 0.6])
def test_the_expected_curve_falls_when_the_skill_is_learned(learn):
    p = BktParams(prior=0.2, learn=learn, guess=0.2, slip=0.1, taught_learn=learn)
    line = curves.expected_curve(p, 8)
    assert all(a > b for a, b in zip(line, line[1:]))
    assert line[0] == pytest.approx(1 - p.p_correct(0.2)) and line[-1] >= p.slip
    flat = curves.expected_curve(BktParams(prior=0.2, learn=0.0, guess=0.2, slip=0.1, taught_learn=0.0), 5)
    assert max(flat) - min(flat) == pytest.approx(0.0)
    for skill, numbers in shipped_params().skills.items():  # every shipped skill's curve falls (or is flat at 0)
        line = curves.expected_curve(numbers, 5)
        assert all(a >= b - 1e-12 for a, b in zip(line, line[1:])), skill


def test_the_csv_has_a_row_per_point(puzzles):
    p, q, r = puzzles
    cls = [[answer(p, False, TRAP), answer(q, True)] for _ in range(2)]
    found = curves.learning_curves(cls)
    rows = list(csv.reader(io.StringIO(curves.curves_csv(found))))
    assert rows[0] == list(curves.CSV_FIELDS)
    trap_rows = [row for row in rows[1:] if row[1] == TRAP]
    assert [row[3:7] for row in trap_rows] == [["1", "2", "2", "1.000"], ["2", "2", "0", "0.000"]]
    assert len(rows) == 1 + sum(len(c.points) for c in found)


def test_the_chart_draws_a_panel_per_curve_the_flat_ones_marked(puzzles):
    panels = [{"title": "a trap", "flat": True, "points": [(1, 3, 0.6, 0.5), (2, 3, 0.6, 0.4), (3, 2, 0.5, 0.3)]},
              {"title": "another", "flat": False, "points": [(1, 3, 0.6, 0.5), (2, 3, 0.2, 0.4)]}]
    fig = charts.learning_curves(panels)
    assert len(fig.data) == 4 and [d.showlegend for d in fig.data] == [True, True, False, False]
    titles = [a.text for a in fig.layout.annotations]
    assert titles[0].startswith("a trap") and titles[0] != "a trap" and titles[1] == "another"
    assert fig.layout.annotations[0].font.color == charts.VERMILION
    assert fig.layout.yaxis.range == (0, 1.05)


def test_my_class_shows_the_curves_the_flat_trap_and_the_csv(store, puzzles):
    teacher, code, key = make_class()
    p, q, r = puzzles
    for name in ("Blue Fox", "Red Panda", "Green Owl"):
        me = store.join(code, name)
        for x in (p, q, r, p):
            store.record(me, answer(x, False, TRAP))
    teacher.run()
    assert not teacher.exception, teacher.exception
    assert len(teacher.get("plotly_chart")) >= 3  # the kinds' bars, the kinds' curves, the traps' curves
    downloads = [getattr(e, "label", "") for e in teacher.get("download_button")]
    assert "Download the learning curves (CSV)" in downloads
    said = " ".join(e.value for e in teacher.markdown)
    assert "Traps to teach the whole class" in said and "still 100% wrong" in said
    links = [x.proto for x in teacher.get("page_link") if x.proto.label == "Show a contrast pair on the projector"]
    assert links


def test_all_my_classes_together_adds_another_class_of_the_teacher(store, puzzles):
    teacher, first, _ = make_class("Room 4")
    p, q, r = puzzles
    me = store.join(first, "Green Owl")
    for x in (p, q, r):
        store.record(me, answer(x, True))
    other = store.create_class("Room 5")
    for name in ("Blue Fox", "Red Panda"):
        me = store.join(other.code, name)
        for x in (p, q, r):
            store.record(me, answer(x, False, TRAP))
    teacher.run()
    assert "Not enough answers yet" in " ".join(e.value for e in teacher.info)  # one child alone draws no curve
    assert not [t for t in teacher.toggle if t.key == "t_curves_school"]
    teacher.text_input(key="t_more_code").set_value(other.code)
    teacher.text_input(key="t_more_key").set_value("not the key").run()
    teacher.button(key="t_more_add").click().run()
    assert "don't match" in " ".join(c.value for c in teacher.caption)
    assert not [t for t in teacher.toggle if t.key == "t_curves_school"]
    teacher.text_input(key="t_more_code").set_value(other.code)
    teacher.text_input(key="t_more_key").set_value(other.teacher_key).run()
    teacher.button(key="t_more_add").click().run()
    toggle = teacher.toggle(key="t_curves_school")
    assert toggle.label == "All my classes together (2 classes)"
    toggle.set_value(True).run()
    assert not teacher.exception, teacher.exception
    said = " ".join(e.value for e in teacher.markdown)
    assert "Traps to teach the whole class" in said and "(3 children met it)" in said
    teacher.button(key="t_close").click().run()  # closing the class on this device forgets the others too
    assert teacher.session_state["my_class"].taught == {}


def test_the_command_writes_a_schools_curves(store, puzzles, capsys):
    p, q, r = puzzles
    room = store.create_class("Room 6")
    for name in ("Blue Fox", "Red Panda"):
        me = store.join(room.code, name)
        for x in (p, q, r):
            store.record(me, answer(x, False, TRAP))
    assert curves.main(["--db", store.url, "--class", room.code]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    first = next(row for row in rows if row[1] == TRAP)
    assert [first[j] for j in (0, 1, 3, 4, 5, 6)] == ["trap", TRAP, "1", "2", "2", "1.000"]
    assert curves.main(["--db", store.url, "--class", "ZZZ-ZZZ-ZZZ"]) == 1


def test_the_numbers_behind_a_childs_mastery(puzzles):
    from trainer.classroom.evidence_numbers import skill_numbers

    p, q, r = puzzles
    history = [answer(p, False, TRAP), answer(q, True, hinted=True), answer(q, True), answer(r, True)]
    numbers = {n.skill: n for n in skill_numbers(history)}
    trap, kind = numbers[TRAP], numbers[general_skill(KIND, STAGE)]
    assert (trap.answers, trap.right, kind.answers, kind.right) == (3, 2, 3, 2)  # the hinted answer is no evidence
    assert [m.number for m in trap.moves] == [1, 3, 4] and [m.correct for m in trap.moves] == [False, True, True]
    prior = shipped_params()[TRAP].prior
    assert trap.moves[0].before == pytest.approx(prior) and trap.moves[0].after < trap.moves[1].after
    assert all(a.after == pytest.approx(b.before) for a, b in zip(trap.moves, trap.moves[1:]))
    assert trap.known == pytest.approx(trap.moves[-1].after) and kind.stage == STAGE and not trap.stage
    assert list(numbers)[0] == general_skill(KIND, STAGE)  # kinds first, then traps
    assert skill_numbers([answer(p, True, hinted=True)]) == []


def test_my_class_shows_a_childs_numbers_one_click_from_the_grid(store, puzzles):
    teacher, code, key = make_class()
    p, q, r = puzzles
    me = store.join(code, "Blue Fox")
    for x in (p, q, r):
        store.record(me, answer(x, True))
    teacher.run()
    teacher.selectbox(key="t_numbers_child").set_value(me).run()
    assert not teacher.exception, teacher.exception
    table = teacher.dataframe[0].value
    assert "chance known" in table.columns and len(table) >= 2
    assert any("#3 ✓" in cell for cell in table["the last answers that moved it"])
