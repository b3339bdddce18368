"""AppTest: a teacher sets work on My class, a child of the class sees "From your teacher" first on
Practice and counts it down, and the teacher's grid and CSV show each child's progress; bad work gets a
friendly word, and closed or deleted work leaves the child's page."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from apptest import answer, app, make_class, texts

from puzzles import generate_for, trap_words
from trainer.classroom import report
from trainer.learning.assignment import Work
from trainer.learning.progress import Attempt


def join(code: str, nickname: str):
    """A child joins the class on the Me page; the child's app and learner code."""
    child = app(page="me")
    child.segmented_control(key="me_way").set_value("class").run()
    child.text_input(key="me_class").set_value(code).run()
    child.text_input(key="me_typed").set_value(nickname).run()
    child.button(key="me_join").click().run()
    assert not child.exception, child.exception
    return child, child.session_state["me"].code


def set_work(teacher, *, stages=("muggins",), kinds=("open-total",), count=3, due=None, some=None) -> None:
    """The teacher fills in the form and sets the work (its reason, if any, is on the page)."""
    if some is not None:  # for whom comes first: it decides what else the form asks
        teacher.radio(key="ta_who").set_value("some").run()
        teacher.multiselect(key="ta_children").set_value(list(some))
    if stages is not None:
        teacher.pills(key="ta_stages").set_value(list(stages))
    teacher.multiselect(key="ta_kinds").set_value(list(kinds))
    teacher.number_input(key="ta_count").set_value(count)
    if due is not None:
        teacher.date_input(key="ta_due").set_value(due)
    send(teacher)


def send(teacher) -> None:
    """**Set the work**, as the form is filled in now."""
    teacher.button(key="ta_set").click().run()
    assert not teacher.exception, teacher.exception


def work_grid(teacher) -> str:
    return next(m.value for m in teacher.markdown if "fives-work" in m.value)


def card_first(child, heading: str = "From your teacher") -> bool:
    """"From your teacher" comes before the puzzle's question on the page."""
    said = [m.value for m in child.markdown]
    at = next(i for i, m in enumerate(said) if heading in m)
    question = child.session_state["practice"].puzzle.question
    return at < next(i for i, m in enumerate(said) if question in m)


def test_set_work_a_child_counts_it_down_and_the_grid_and_csv_show_it(store, monkeypatch):
    teacher, code, key = make_class("Room 4")
    child, me = join(code, "Jade Gecko")
    other, them = join(code, "Blue Fox")
    teacher.run()
    set_work(teacher)
    assert "The work is set" in texts(teacher)
    grid = work_grid(teacher)
    assert "Jade Gecko" in grid and "Blue Fox" in grid and grid.count("data-status='not started'") == 2

    child.switch_page("views/practice.py").run()
    assert card_first(child)
    assert "3 puzzles to go" in texts(child) and "Due" in texts(child)
    child.button(key=next(b.key for b in child.button if b.key.startswith("ft_go_"))).click().run()
    for left in (2, 1):
        p = child.session_state["practice"].puzzle
        assert (p.kind, p.stage) == ("open-total", "muggins")  # the teacher's puzzles
        answer(child, None if left == 2 else int(p.answer) + 1)  # right, then wrong: both are puzzles done
        assert f"From your teacher: {left} puzzle" in texts(child)
        child.button(key="next").click().run()
        assert not child.exception, child.exception
    teacher.run()
    grid = work_grid(teacher)
    assert "in progress (2 of 3)" in grid, grid[200:1200]
    answer(child)
    assert "You finished your teacher's work: 2 of 3 right" in texts(child) and "All done: 2 of 3 right" in texts(child)
    assert "Brilliant" not in texts(child)  # finishing is not succeeding
    assert not any(b.key and b.key.startswith("ft_go_") for b in child.button)  # done: no button to start it

    seen = []
    real = report.csv_text
    monkeypatch.setattr(report, "csv_text", lambda *a, **kw: seen.append(real(*a, **kw)) or seen[-1])
    teacher.run()
    grid = work_grid(teacher)
    assert "data-status='done'" in grid and "data-status='not started'" in grid
    rows = list(csv.DictReader(io.StringIO(seen[-1])))
    column = next(h for h in rows[0] if h.startswith("3 puzzles"))
    assert {r["nickname"]: r[column] for r in rows} == {"Jade Gecko": "done: 2 of 3 right", "Blue Fox": "not started"}
    assert sum(r["nickname"] == "Jade Gecko" for r in rows) == 3  # every answer of hers, a row each


def test_only_the_chosen_children_see_it_and_stuck_shows_the_trap(store):
    teacher, code, key = make_class("Room 5")
    child, me = join(code, "Jade Gecko")
    other, them = join(code, "Blue Fox")
    teacher.run()
    set_work(teacher, stages=("all-fives",), kinds=("open-total",), count=10, some=[me])
    other.switch_page("views/practice.py").run()
    assert "From your teacher" not in texts(other)
    child.switch_page("views/practice.py").run()
    assert "10 puzzles to go" in texts(child)
    work = store.class_assignments(code, key)[0]
    at = work.set_at + 1
    trap = generate_for("open-total", stage="all-fives", level=1, trap="covered-spinner", seed=1)
    for i in range(3):  # three wrong in a row on a puzzle that exposes a trap
        store.record(me, Attempt("open-total", "all-fives", 1, False, 4.0, trap.code, "covered-spinner", at=at + i))
    teacher.run()
    grid = work_grid(teacher)
    assert f"data-status='stuck' style='background:#C62828;color:#ffffff'>! stuck on: {trap_words(trap.trap)}" in grid
    assert "—" in grid  # not for Blue Fox


def test_work_finished_all_wrong_says_so_to_the_child_and_shows_stuck_to_the_teacher(store):
    """Three puzzles, all three wrong on the same trap: the child is told what was done and how it went (no
    "Brilliant!"), and the teacher's grid says done, 0 of 3 right, and stuck on the trap, as Who is stuck does."""
    teacher, code, key = make_class("Room 8")
    child, me = join(code, "Jade Gecko")
    teacher.run()
    set_work(teacher, stages=("all-fives",), kinds=("open-total",), count=3)
    child.switch_page("views/practice.py").run()
    child.button(key=next(b.key for b in child.button if b.key.startswith("ft_go_"))).click().run()
    work = store.class_assignments(code, key)[0]
    trap = generate_for("open-total", stage="all-fives", level=1, trap="covered-spinner", seed=1)
    for i in range(2):
        store.record(me, Attempt("open-total", "all-fives", 1, False, 4.0, trap.code, "covered-spinner",
                                 at=work.set_at + 1 + i))
    child.session_state["practice"].progress = store_progress(store, me)
    child.session_state["practice"].show(trap)  # the third of the work's puzzles: the trap again
    child.run()
    answer(child, int(trap.answer) + 2 if trap.answer else 3)
    said = texts(child)
    assert "You finished your teacher's work: 0 of 3 right" in said, said
    assert "Brilliant" not in said and "Well done" not in said and "All done: 0 of 3 right" in said
    assert not any(s.value.startswith(":material/celebration:") for s in child.success)
    teacher.run()
    grid = work_grid(teacher)
    assert f"data-status='stuck' style='background:#C62828;color:#ffffff'>! done: 0 of 3 right · stuck on: " \
           f"{trap_words(trap.trap)}" in grid, grid
    assert any(trap_words(trap.trap) in m.value for m in teacher.markdown if "Who is stuck" not in m.value)


def store_progress(store, me):
    from trainer.learning.progress import Progress

    return Progress.from_attempts(store.attempts(me))


@pytest.mark.parametrize("change, said", [
    (dict(count=0), "at least 1 puzzle"),
    (dict(stages=None), "Choose at least one stage"),
    (dict(due=dt.date(2020, 1, 6)), "due day has passed"),
])
def test_bad_work_gets_a_friendly_word(store, change, said):
    teacher, code, key = make_class("Room 6")
    join(code, "Jade Gecko")
    teacher.run()
    set_work(teacher, **change)
    assert said in " ".join(w.value for w in teacher.warning)
    assert store.class_assignments(code, key) == []


def test_a_child_removed_meanwhile_closed_and_deleted_work(store):
    teacher, code, key = make_class("Room 7")
    child, me = join(code, "Jade Gecko")
    _, them = join(code, "Blue Fox")
    teacher.run()
    teacher.radio(key="ta_who").set_value("some").run()
    teacher.pills(key="ta_stages").set_value(["muggins"])
    teacher.multiselect(key="ta_children").set_value([them])
    store.remove_learner(code, key, them)  # in another tab, before the form is sent
    send(teacher)
    assert "no longer in the class" in " ".join(w.value for w in teacher.warning)
    teacher.radio(key="ta_who").set_value("all").run()
    set_work(teacher)
    work = store.class_assignments(code, key)[0]
    child.switch_page("views/practice.py").run()
    assert "From your teacher" in texts(child)
    teacher.button(key=f"ta_close_{work.id}").click().run()
    assert "Closed" in texts(teacher) and "closed" in texts(teacher)
    child.run()
    assert "From your teacher" not in texts(child)
    teacher.button(key=f"ta_ask_{work.id}").click().run()
    teacher.button(key=f"ta_keep_{work.id}").click().run()  # asked, and kept
    assert len(store.class_assignments(code, key)) == 1
    teacher.button(key=f"ta_ask_{work.id}").click().run()
    teacher.button(key=f"ta_delete_{work.id}").click().run()
    assert store.class_assignments(code, key) == [] and "No work set yet" in texts(teacher)


def test_a_sprint_a_day_sends_the_child_to_the_sprint(store):
    teacher, code, key = make_class("Room 8")
    child, me = join(code, "Jade Gecko")
    teacher.run()
    teacher.segmented_control(key="ta_work").set_value(Work.SPRINT).run()
    send(teacher)
    assert store.class_assignments(code, key)[0].work is Work.SPRINT
    child.switch_page("views/practice.py").run()
    assert "Sprint today: not yet" in texts(child)
    child.button(key=next(b.key for b in child.button if b.key.startswith("ft_go_"))).click().run()
    assert not child.exception, child.exception
    assert "sp_start" in [b.key for b in child.button]


def test_from_your_teacher_in_spanish(store):
    keys = store.create_class("Aula 3")
    me = store.join(keys.code, "Nutria Alegre")
    store.set_assignment(keys.code, keys.teacher_key, Work.PUZZLES, stages=("muggins",), count=1,
                         due=dt.date.today() + dt.timedelta(days=9))
    child = app(me=me, lang="es")
    assert card_first(child, "De tu maestro")
    page = texts(child)
    assert "De tu maestro" in page and "Te queda 1 reto" in page and "Para el" in page
    assert "From your teacher" not in page and "puzzle to go" not in page
    assert [b.label for b in child.button if b.key.startswith("ft_go_")] == ["Empezar"]


def test_the_due_day_is_written_day_first_in_spanish(store):
    teacher, _code, _key = make_class()
    assert teacher.date_input(key="ta_due").proto.format == "YYYY/MM/DD"
    teacher.query_params["lang"] = "es"
    teacher.run()
    assert not teacher.exception, teacher.exception
    assert teacher.date_input(key="ta_due").label == "Para el día"
    assert teacher.date_input(key="ta_due").proto.format == "DD/MM/YYYY"
