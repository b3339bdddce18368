"""AppTest: learners who are remembered, classes, the teacher's page and live lessons, on the
progress store (a SQLite file per test process, see conftest)."""

from __future__ import annotations

import csv
import io
import random

import pytest
from apptest import answer, app, make_class, open_choosers, texts

from puzzles import generate
from trainer.classroom import report as classroom
from trainer.games.guided import GuidedGame, Setup
from trainer.learning.progress import Attempt


def test_a_new_learner_is_remembered_across_a_reload(store):
    code = generate("open-total", stage="muggins", level=1, seed=11).code
    at = app(code=code)
    answer(at)  # a guest's answer...
    at.switch_page("views/me.py").run()
    at.pills(key="me_pick").set_value(at.pills(key="me_pick").options[0]).run()
    nickname = at.pills(key="me_pick").value
    at.button(key="me_start").click().run()
    assert not at.exception, at.exception
    me = at.session_state["me"]
    assert me.nickname == nickname and at.query_params["me"] == me.code
    assert me.code in texts(at) and "signed in" in texts(at)
    assert len(store.attempts(me.code)) == 1  # ...is kept when they sign up
    # a reload (a new session with the address) keeps the learner and their progress
    again = app(me=me.code, code=code)
    assert again.session_state["me"] == me
    assert again.session_state["practice"].progress.answered == 1
    answer(again)
    assert len(store.attempts(me.code)) == 2
    # a page change keeps the code in the address
    again.switch_page("views/my_progress.py").run()
    assert again.query_params["me"] == me.code


def test_a_shared_puzzle_link_never_carries_the_learner(store):
    me = store.learner(store.new_learner("Teal Otter"))
    code = generate("open-total", stage="muggins", level=2, seed=5).code
    at = open_choosers(app(code=code, me=me.code))  # the puzzle's link is among the choosers
    assert at.session_state["practice"].puzzle.code == code
    link = next(m.value for m in at.markdown if "link to this puzzle" in m.value)
    assert f"(?code={code})" in link and me.code not in link  # a friend who opens it is not signed in as them
    answer(at)
    assert [a.code for a in store.attempts(me.code)] == [code]


def test_two_learners_in_two_tabs_stay_apart(store):
    a, b = store.learner(store.new_learner("Blue Fox")), store.learner(store.new_learner("Red Panda"))
    code = generate("open-total", stage="muggins", level=1, seed=3).code
    ta, tb = app(code=code, me=a.code), app(code=code, me=b.code)
    answer(ta)
    ta.session_state["practice"].answer(ta.session_state["practice"].puzzle.answer)  # not recorded twice
    ta.run()
    tb.text_input(key=f"n-{code}").set_value("999")
    tb.form_submit_button[0].click().run()
    assert [x.correct for x in store.attempts(a.code)] == [True]
    assert [x.correct for x in store.attempts(b.code)] == [False]
    assert "Blue Fox" in texts(ta) and "Red Panda" in texts(tb) and "Blue Fox" not in texts(tb)


@pytest.mark.parametrize("junk", ["", "banana", "AAAA-AAAC", "<script>x</script>", "Z" * 300, "'; drop table x"])
def test_junk_learner_codes_are_friendly(junk):
    at = app(me=junk) if junk else app()
    assert "me" not in at.session_state or at.session_state["me"] is None
    if junk:
        assert any("learner code didn't work" in w.value for w in at.warning)
    at.switch_page("views/me.py").run()
    at.segmented_control(key="me_way").set_value("code").run()
    at.text_input(key="me_code").set_value(junk).run()
    at.button(key="me_continue").click().run()
    assert not at.exception
    assert any("code didn't work" in w.value for w in at.warning)


@pytest.mark.parametrize("nickname, reason", [("", "Pick"), ("x", "at least"), ("<b>hi</b>", "letters"),
                                              ("Poo Face", "kinder"), ("12 34", "letters")])
def test_junk_nicknames_are_friendly(nickname, reason):
    at = app(page="me")
    at.text_input(key="me_typed").set_value(nickname).run()
    at.button(key="me_start").click().run()
    assert not at.exception
    assert any(reason in w.value for w in at.warning), [w.value for w in at.warning]
    assert at.session_state["me"] is None if "me" in at.session_state else True


@pytest.mark.parametrize("code", ["", "nope", "AAA-AAA", "0O0-0O0", "🙂🙂🙂"])
def test_junk_class_codes_are_friendly(code):
    at = app(page="me")
    at.segmented_control(key="me_way").set_value("class").run()
    at.text_input(key="me_class").set_value(code).run()
    at.text_input(key="me_typed").set_value("Sunny Owl").run()
    at.button(key="me_join").click().run()
    assert not at.exception
    assert at.warning and "class" in at.warning[0].value.lower()


def test_teacher_makes_a_class_children_join_and_the_grid_shows_them(store):
    teacher, code, key = make_class("Room <4>")
    assert code in texts(teacher) and "No one has joined" in texts(teacher)
    child = app(page="me")
    child.segmented_control(key="me_way").set_value("class").run()
    child.text_input(key="me_class").set_value(code.lower()).run()
    child.text_input(key="me_typed").set_value("Jade Gecko").run()
    child.button(key="me_join").click().run()
    me = child.session_state["me"]
    assert me.class_code == code
    for i in range(4):
        store.record(me.code, Attempt("open-total", "all-fives", 1, i != 0, 4.0, "CQT6-QX36",
                                      None if i else "covered-spinner"))
    teacher.run()
    page = texts(teacher)
    assert "Jade Gecko" in page and "1 child" in page
    assert "counted a covered spinner" in page and "1 child" in page
    assert "1 child, once" in page and "1 times" not in page  # a count said as a person would
    grid = next(m.value for m in teacher.markdown if "fives-class" in m.value)
    assert "Jade Gecko" in grid and 'data-step="0"' in grid
    assert "<td>4</td><td>75%</td>" in grid  # the roster: answers and share right
    assert "<b>" not in grid.split("<tbody>")[1].split("Jade")[0]


def test_nicknames_are_escaped_on_the_teacher_page(store):
    teacher, code, key = make_class()
    learner = store.learner(store.join(code, "Blue Fox"))
    # a nickname that reached the database another way is still shown as text
    with store.engine.begin() as conn:
        from sqlalchemy import update

        from trainer.store.schema import learners
        conn.execute(update(learners).where(learners.c.code == learner.code)
                     .values(nickname="<img src=x onerror=alert(1)>"))
    teacher.run()
    grid = next(m.value for m in teacher.markdown if "fives-class" in m.value)
    assert "<img" not in grid and "&#60;img" in grid


def test_csv_remove_a_child_and_delete_the_class(store):
    teacher, code, key = make_class()
    a, b = store.learner(store.join(code, "Blue Fox")), store.learner(store.join(code, "Red Panda"))
    store.record(a.code, Attempt("open-total", "muggins", 1, True, 3.0, "CQT6-QX36"))
    store.record(b.code, Attempt("open-total", "muggins", 1, False, 9.0, "CQT6-QX36", "missed-end"))
    teacher.run()
    rows = list(csv.reader(io.StringIO(classroom.csv_text(store.class_report(code, key)))))
    assert rows[0][0] == "nickname" and len(rows) == 3 and rows[2][:2] == ["Red Panda", b.code]
    # a spreadsheet never runs a cell as a formula
    tricky = classroom.csv_text([classroom_row(b.code, "=1+1", [("open-total", True, None)])])
    assert list(csv.reader(io.StringIO(tricky)))[1][0] == "'=1+1"
    assert any(getattr(e, "label", "") == "Download all answers (CSV)" for e in teacher.get("download_button"))
    teacher.selectbox(key="t_remove").set_value(a.code).run()
    teacher.button(key="t_remove_go").click().run()
    assert store.learner(a.code) is None and "Removed" in texts(teacher)
    teacher.text_input(key="t_confirm").set_value("wrong name").run()
    teacher.button(key="t_delete").click().run()
    assert store.class_name(code) == "Room 4" and "Type the class name" in texts(teacher)
    teacher.text_input(key="t_confirm").set_value("Room 4").run()
    teacher.button(key="t_delete").click().run()
    assert not teacher.exception
    assert store.class_name(code) is None and store.learner(b.code) is None
    assert "deleted" in texts(teacher)


def test_a_teacher_link_opens_the_class_and_a_wrong_key_does_not(store):
    keys = store.create_class("Room 9")
    at = app(page="teacher")
    at.query_params["class"] = keys.code
    at.query_params["key"] = "not-the-key"
    at.run()
    assert at.session_state["session"].teacher is None
    assert "don't match" in texts(at)
    at.run()  # the browser replaced its address on the first run; the app's copy goes on the next
    assert "key" not in at.query_params
    at.query_params["class"] = keys.code
    at.query_params["key"] = keys.teacher_key
    at.run()
    assert at.session_state["session"].teacher == (keys.code, keys.teacher_key)
    at.run()
    assert "Room 9" in texts(at) and "key" not in at.query_params


def test_a_live_lesson_from_the_projector_to_a_child_and_back(store):
    teacher, code, key = make_class()
    child = app(page="me")
    child.segmented_control(key="me_way").set_value("class").run()
    child.text_input(key="me_class").set_value(code).run()
    child.text_input(key="me_typed").set_value("Misty Owl").run()
    child.button(key="me_join").click().run()
    child.switch_page("views/live.py").run()
    assert "Waiting for your teacher" in texts(child)

    p = generate("open-total", stage="muggins", level=1, seed=21)
    teacher.switch_page("views/projector.py").run()
    teacher.query_params["code"] = p.code
    teacher.run()
    teacher.button(key="pj_live_start").click().run()
    assert not teacher.exception, teacher.exception
    teacher.button(key="pj_lobby_go").click().run()  # the lobby's Start: the first puzzle goes out
    assert store.lesson(code).puzzle_code == p.code
    assert "0 of 0 answered" in " ".join(m.value for m in teacher.markdown).replace("<b>", "").replace("</b>", "")

    child.run()
    assert p.question in texts(child)
    tag = f"{store.lesson(code).lesson}-{store.lesson(code).round}"
    child.text_input(key=f"live-n-{tag}").set_value("½")  # what a tablet keyboard can give: said kindly
    child.form_submit_button[0].click().run()
    assert not child.exception and "is not a number" in texts(child)
    child.text_input(key=f"live-n-{tag}").set_value(str(p.answer + 1))
    child.form_submit_button[0].click().run()
    assert "look at the big screen" in texts(child)
    assert store.tally(code).answered == 1
    assert child.session_state["practice"].progress.answered == 1  # it counts as practice too

    teacher.run()
    shown = " ".join(m.value for m in teacher.markdown).replace("<b>", "").replace("</b>", "")
    assert "1 of 1 answered" in shown and "Misty Owl" not in shown
    teacher.button(key="reveal").click().run()
    assert not teacher.exception, teacher.exception
    assert store.lesson(code).revealed
    assert teacher.get("plotly_chart")  # the spread of answers, wrong bars named
    child.run()
    assert child.error and str(p.answer) in child.error[0].value

    teacher.button(key="next").click().run()
    assert store.lesson(code).round == 2
    teacher.button(key="pj_live_end").click().run()
    assert store.lesson(code) is None
    child.run()
    assert "Waiting for your teacher" in texts(child)


def test_live_page_without_a_class_says_what_to_do(store):
    at = app(page="live")
    assert "Sign in first" in texts(at)
    me = store.learner(store.new_learner("Coral Robin"))
    at = app(page="live", me=me.code)
    assert "Join your class first" in texts(at)


def test_a_game_in_progress_survives_a_reload(store):
    me = store.learner(store.new_learner("Amber Heron"))
    at = app(page="play", me=me.code)
    at.session_state["play"].deal_seed = 12345
    at.form_submit_button[0].click().run()
    g = at.session_state["play"].game
    rng = random.Random(1)
    while not g.moves and g.waiting_for_learner:
        at.session_state["play"].game.act(rng.choice(g.game.hand.legal_actions()))
        at.run()
    assert g.moves and store.game(me.code) == g.state()
    again = app(page="play", me=me.code)
    h = again.session_state["play"].game
    assert h.moves == g.moves and h.log == g.log
    again.button(key="g_quit").click().run()
    assert store.game(me.code) is not None  # one tap only asks
    again.button(key="g_quit_yes").click().run()
    assert store.game(me.code) is None


def test_replaying_a_saved_game_rebuilds_it_exactly():
    for seed in range(12):
        g = GuidedGame(Setup(game=("muggins", "all-fives", "five-up", "preset:five-up-club")[seed % 4], seed=seed,
                             players=2 + seed % 3, muggins_call=seed % 2 == 0))
        rng = random.Random(seed)
        for _ in range(150):
            if g.game.is_over:
                break
            if g.finished is not None:
                g.next_hand()
            elif g.waiting_for_learner:
                assert g.act(rng.choice(g.game.hand.legal_actions())) is None
        h = GuidedGame.replay(g.state())
        assert (h.log, h.moves, h.game.scores) == (g.log, g.moves, g.game.scores)
    with pytest.raises(ValueError):
        GuidedGame.replay({"setup": {"seed": 1}, "moves": ["6-6>0-0"] * 3})
    with pytest.raises(ValueError):
        GuidedGame.replay({"nothing": 1})


def test_class_report_pieces():
    rows = [classroom_row("AAAA", "Blue Fox", [("open-total", False, "missed-end"), ("open-total", True, None)]),
            classroom_row("BBBB", "Red Panda", [("open-total", False, "missed-end"), ("best-play", False, "other")])]
    top = classroom.common_mistakes(rows)
    assert [(m.mistake, m.children, m.times) for m in top] == [("missed-end", 2, 2)]
    kinds = {k.kind: k for k in classroom.kind_summaries(rows)}
    assert kinds["open-total"].answers == 3 and kinds["open-total"].right == 1
    bars = classroom.answer_bars([("12", False, "missed-end", 3), ("15", True, None, 5),
                                  ("12", False, "missed-end", 1)])
    assert [(b.answer, b.count, b.correct) for b in bars] == [("15", 5, True), ("12", 4, False)]
    assert "missed an open end" in bars[1].label


def classroom_row(code, nickname, answers):
    import datetime as dt

    from trainer.store import ReportRow
    return ReportRow(code, nickname, dt.datetime.now(dt.UTC),
                     [Attempt(k, "muggins", 1, ok, 5.0, "CQT6-QX36", m) for k, ok, m in answers])


@pytest.mark.parametrize("code, key", [("", ""), ("nope", "x"), ("AAA-AAA", "k" * 40), ("<b>", "'; --")])
def test_junk_in_the_teacher_boxes_is_friendly(code, key):
    at = app(page="teacher")
    at.text_input(key="t_code").set_value(code)
    at.text_input(key="t_key").set_value(key)
    at.button(key="t_open").click().run()
    assert not at.exception
    assert "don't match" in texts(at)
    at.text_input(key="t_name").set_value("   ").run()
    at.button(key="t_create").click().run()
    assert "Give the class a name" in texts(at)


def test_a_reloaded_projector_goes_on_with_the_open_lesson(store):
    keys = store.create_class("Room 7")
    store.start_lesson(keys.code, keys.teacher_key)
    at = app(page="teacher")
    at.query_params["class"] = keys.code
    at.query_params["key"] = keys.teacher_key
    at.run()
    at.switch_page("views/projector.py").run()
    at.button(key="pj_live_resume").click().run()
    assert not at.exception
    assert store.lesson(keys.code).lesson == 1 and store.lesson(keys.code).round == 1


def test_the_sign_in_card_carries_the_code_and_a_qr_code_that_signs_in():
    zxingcpp = pytest.importorskip("zxingcpp")
    from PIL import Image
    from pypdf import PdfReader

    from trainer.classroom.cards import learner_card

    link = "http://192.168.1.20:8501/?me=KQ7M-XR4P"
    reader = PdfReader(io.BytesIO(learner_card("Zoë O'Neil", "KQ7M-XR4P", link)))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert text.count("KQ7M-XR4P") == 4 and "Zoë O'Neil" in text
    found = [r.text for img in reader.pages[0].images
             for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(img.data)).convert("L"))]
    assert found and set(found) == {link}


def test_a_long_class_name_on_the_teacher_card_is_printed_whole():
    import io

    from pypdf import PdfReader

    from trainer.classroom.cards import teacher_card

    for name in ("The Wonderful Year Four Class of Saint Mary's Primary School", "W" * 60, "Room 4"):
        page = PdfReader(io.BytesIO(teacher_card(name, "KQ7-MXR4", "k3y"))).pages[0]
        text = page.extract_text()
        assert name in " ".join(text.split()).replace("- ", "-") or name in text.replace("\n", ""), text
        assert "..." not in text and "KQ7-MXR4" in text and "k3y" in text
        # nothing runs past the right margin: every line of the heading is within the page
        words_at: list[float] = []

        def seen(t, cm, tm, fd, fs, found=words_at):
            if t.strip():
                found.append(tm[4])
        page.extract_text(visitor_text=seen)
        assert words_at and all(0 <= x < float(page.mediabox.width) for x in words_at)


def test_a_new_classs_teacher_key_is_shown_with_its_label():
    from apptest import make_class

    at, _code, key = make_class()
    labels = [m.value for m in at.markdown]
    assert any("My teacher key" in m for m in labels), labels
    assert [c.value for c in at.code] == [key]
