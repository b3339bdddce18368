"""AppTest: what a child or a teacher meets when something goes wrong — signing in and out, odd
digits, a store that goes away, a removed child, guessing codes, names with markup, links."""

from __future__ import annotations

import json
import os
import time
import uuid

import pytest
from apptest import PAGE_NAMES, answer, app, new_app, open_choosers, sign_up, skip_check, texts

from puzzles import generate
from trainer.learning import outbox as outbox_module
from trainer.learning.progress import Attempt
from trainer.learning.sprint import SprintAnswer
from trainer.learning.transfer import Decision
from trainer.store import open_store
from trainer.web import markup
from trainer.web import session as session_module
from trainer.web.pagestate import SessionState


def forget_page_widgets(at) -> None:
    """What a browser's session looks like after another page was open: Streamlit has dropped the
    widgets of the page left behind, and the address no longer holds the puzzle's code."""
    for key in ("p_stage", "p_level", "p_kind"):
        at.session_state[key] = None  # as the browser reports a widget it no longer has
    at.session_state["p_choosers"] = True  # the choosers open, to see what they show
    if "code" in at.query_params:
        del at.query_params["code"]


def signed_out(at) -> bool:
    return "me" not in at.session_state or at.session_state["me"] is None


# 1. Practice after signing in or out -------------------------------------------------------------

def test_practice_works_after_signing_in_and_after_signing_out(store):
    at = app()
    assert at.session_state["practice"].puzzle is not None
    forget_page_widgets(at)
    sign_up(at)
    me = at.session_state["me"]
    forget_page_widgets(at)
    at.switch_page("views/practice.py").run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    skip_check(at)  # a new child is offered the placement check first (tests/test_placement_page.py)
    assert at.session_state["practice"].puzzle is not None
    assert "Sunny Otter" in texts(at)
    # and out again
    at.switch_page("views/me.py").run()
    at.button(key="me_out").click().run()
    forget_page_widgets(at)
    at.switch_page("views/practice.py").run()
    assert not at.exception and not at.error
    assert at.session_state["practice"].puzzle is not None and signed_out(at)
    assert "me" not in at.query_params
    assert store.learner(me.code) is not None  # their answers stay under their code


def test_a_chooser_forgotten_while_away_keeps_the_choice():
    at = open_choosers(app())
    at.pills(key="p_kind").set_value("nearest-five").run()
    forget_page_widgets(at)
    at.session_state["practice"].puzzle = None  # as after a sign-in: no puzzle yet
    at.switch_page("views/practice.py").run()
    assert not at.exception
    assert at.session_state["practice"].puzzle.kind == "nearest-five"
    assert at.pills(key="p_kind").value == "nearest-five"


# 2. Digits as a tablet keyboard gives them -------------------------------------------------------

@pytest.mark.parametrize("typed", ["²", "①", "⁵", "１５", "½", "\x00", "9" * 5000, "−3"])
def test_any_typed_text_in_a_number_box_gets_a_friendly_answer(typed):
    p = generate("open-total", stage="muggins", level=1, seed=11)
    at = app(code=p.code)
    at.text_input(key=f"n-{p.code}").set_value(typed)
    at.form_submit_button[0].click().run()
    assert not at.exception
    answered = at.session_state["practice"].answered
    assert answered or at.warning, "either it reads as a number or the child is told why"
    assert "Traceback" not in texts(at) and "ValueError" not in texts(at)


def test_superscript_digits_in_the_hand_rounding_boxes_are_read():
    q = generate("hand-rounding", stage="muggins", level=2, seed=5)
    sup = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
    at = app(code=q.code)
    at.text_input(key=f"pips-{q.code}").set_value("①")
    at.text_input(key=f"rounded-{q.code}").set_value(str(q.answer["rounded"]).translate(sup))
    at.text_input(key=f"points-{q.code}").set_value(str(q.answer["points"]).translate(sup))
    at.form_submit_button[0].click().run()
    assert not at.exception
    assert at.session_state["practice"].answered


# 3. A store that goes away -----------------------------------------------------------------------

def test_answers_given_while_the_store_is_away_are_saved_later_in_order_and_once(store, outage, monkeypatch):
    monkeypatch.setattr(outbox_module, "RETRY_SECONDS", 0.0)
    me = store.learner(store.new_learner("Teal Otter"))
    codes = [generate("open-total", stage="muggins", level=1, seed=s).code for s in (31, 32, 33)]
    at = app(code=codes[0], me=me.code)
    outage.start()
    for i, code in enumerate(codes):
        at.query_params["code"] = code
        at.run()
        answer(at, value=None if i != 1 else 999)
    assert at.session_state["me"].code == me.code  # still signed in
    assert store.attempts(me.code) == []
    notices = [i.value for i in at.info if "Saving is paused" in i.value]
    assert len(notices) == 1 and "3 answers" in notices[0]
    assert at.query_params["me"] == me.code
    outage.stop()
    at.run()
    assert not at.exception
    assert [a.code for a in store.attempts(me.code)] == codes
    assert [a.correct for a in store.attempts(me.code)] == [True, False, True]
    assert any("all your answers are saved" in s.value for s in at.success)
    at.run()
    at.run()
    assert len(store.attempts(me.code)) == 3  # never twice


def test_a_reload_during_an_outage_keeps_the_learner(store, outage, monkeypatch):
    monkeypatch.setattr(outbox_module, "RETRY_SECONDS", 0.0)
    me = store.learner(store.new_learner("Misty Owl"))
    store.record(me.code, Attempt("open-total", "muggins", 1, True, 3.0, "CQT6-QX36"))
    code = generate("open-total", stage="muggins", level=1, seed=41).code
    outage.start()
    at = app(code=code, me=me.code)
    assert at.query_params["me"] == me.code and at.session_state["me"].code == me.code
    assert not any("didn't work" in w.value for w in at.warning)
    answer(at)
    outage.stop()
    at.run()
    assert not at.exception
    assert at.session_state["me"].nickname == "Misty Owl"
    assert len(store.attempts(me.code)) == 2
    assert at.session_state["practice"].progress.answered == 2  # rebuilt from the store


def test_answers_kept_by_the_browser_are_written_by_the_next_session(store):
    me = store.learner(store.new_learner("Ruby Hare"))
    a = Attempt("open-total", "muggins", 1, True, 4.0, "CQT6-QX36")
    kept = json.dumps({"code": me.code, "items": [["u" * 12, a.to_row()],
                                                                   ["bad", {"kind": "nope"}]]})
    at = new_app()
    at.query_params["me"] = me.code
    at.session_state["session"] = SessionState(device={"code": me.code, "nickname": "Ruby Hare", "outbox": kept})
    at.run()
    assert not at.exception
    assert [x.code for x in store.attempts(me.code)] == ["CQT6-QX36"]
    at.run()
    assert len(store.attempts(me.code)) == 1


def test_sprint_answers_and_moves_kept_by_the_browser_are_written_by_the_next_session(store):
    """A reload or a closed tab during an outage: the Sprint's answers and the moves of a real game that
    waited in the browser are written by the next session of that browser, from whichever page it opens,
    once each; the moves join the learner's games too."""
    me = store.learner(store.new_learner("Sage Wren"))
    fact = SprintAnswer("make10:3", True, 2.5, 100.0, 4.0)
    move = Decision(f"game-{me.code}-0", 5.0, "muggins", "muggins", "", ("1-4", "2-3"), (("1-4", 0), ("2-3", 0)),
                    "1-4", 0, 0)
    kept = json.dumps({"code": me.code, "facts": [["f" * 12, fact.to_row()], ["bad", {}]],
                       "decisions": [[move.uid, move.to_row()]]})
    for _ in range(2):  # a second session with the same copy writes nothing twice
        at = new_app()
        at.query_params["me"] = me.code
        at.session_state["session"] = SessionState(device={"code": me.code, "nickname": "Sage Wren", "outbox": kept})
        at.run()
        at.switch_page("views/rules.py").run()
        assert not at.exception
        assert store.sprint_answers(me.code) == [fact]
        assert [d.uid for d in store.decisions(me.code)] == [move.uid]
        assert move.uid in {d.uid for d in at.session_state["practice"].games.decisions}


def test_every_page_is_calm_while_the_store_is_away(outage):
    outage.start()
    for page in PAGE_NAMES:
        at = app(page=page)
        assert not at.exception and not at.error, (page, [e.value for e in at.error])
        assert "Traceback" not in texts(at)
    at = app(page="me")
    at.text_input(key="me_typed").set_value("Sunny Otter").run()
    at.button(key="me_start").click().run()
    assert not at.exception and any("not working" in w.value for w in at.warning)
    at = app(page="teacher")
    at.text_input(key="t_name").set_value("Room 4").run()
    at.button(key="t_create").click().run()
    assert not at.exception and any("not working" in w.value for w in at.warning)


# 4. Teacher access with no key in any address ----------------------------------------------------

def test_an_old_teacher_link_opens_the_class_once_and_leaves_the_address(store):
    keys = store.create_class("Room 9")
    at = new_app()
    at.run()
    at.switch_page("views/teacher.py")
    at.query_params["class"] = keys.code
    at.query_params["key"] = keys.teacher_key
    at.run()
    assert at.session_state["session"].teacher == (keys.code, keys.teacher_key)
    at.run()  # the browser has replaced its address by now; the app's copy goes too
    assert "key" not in at.query_params and "class" not in at.query_params
    assert keys.teacher_key not in texts(at).replace(f"`{keys.teacher_key}`", "")


def test_a_teacher_opens_the_class_by_typing_and_the_browser_keeps_it(store):
    keys = store.create_class("Room 5")
    at = app(page="teacher")
    at.text_input(key="t_code").set_value(keys.code.lower().replace("-", " ")).run()
    at.text_input(key="t_key").set_value(keys.teacher_key).run()
    at.button(key="t_open").click().run()
    assert at.session_state["session"].teacher == (keys.code, keys.teacher_key)
    # a new visit on this browser: it remembers the open class
    again = new_app()
    again.session_state["session"] = SessionState(device={"teacher": json.dumps(
        {"code": keys.code, "key": keys.teacher_key})})
    again.run()
    again.switch_page("views/teacher.py").run()
    again.run()
    assert again.session_state["session"].teacher == (keys.code, keys.teacher_key)
    again.button(key="t_close").click().run()
    assert again.session_state["session"].teacher is None


@pytest.fixture
def stopped_clock(monkeypatch):
    """The app's store on a clock that stands still: a wait the rate limit sets never runs out while the test
    goes on, however slow the machine (the limit reads the store's clock, never the real one)."""
    from trainer.web import session

    app_store = session.store()
    monkeypatch.setattr(app_store, "clock", lambda: 1_900_000_000.0)
    return app_store


def test_wrong_teacher_keys_are_slowed_down(store, stopped_clock):
    keys = store.create_class("Room 6")
    at = app(page="teacher")
    said = []
    for _ in range(8):
        at.text_input(key="t_code").set_value(keys.code).run()
        at.text_input(key="t_key").set_value("guess").run()
        at.button(key="t_open").click().run()
        said.append(" ".join(w.value for w in at.warning))
    assert "don't match" in said[0]
    assert "Too many tries" in said[-1]
    # even the right key waits now, in this session
    at.text_input(key="t_code").set_value(keys.code).run()
    at.text_input(key="t_key").set_value(keys.teacher_key).run()
    at.button(key="t_open").click().run()
    assert at.session_state["session"].teacher is None


# 5. Guessing codes -------------------------------------------------------------------------------

def test_guessing_learner_codes_is_slowed_down(stopped_clock):
    at = app(page="me")
    at.segmented_control(key="me_way").set_value("code").run()
    said = []
    for i in range(8):
        at.text_input(key="me_code").set_value(f"AAAA-AAA{i}").run()
        at.button(key="me_continue").click().run()
        said.append(" ".join(w.value for w in at.warning))
    assert "didn't work" in said[0] and "Too many tries" in said[-1]


def test_a_real_class_code_and_a_wrong_one_answer_a_bad_nickname_alike(store):
    keys = store.create_class("Room 7")
    answers = []
    for code in (keys.code, "ZZZ-ZZZ-ZZZ"):
        at = app(page="me")
        at.segmented_control(key="me_way").set_value("class").run()
        at.text_input(key="me_class").set_value(code).run()
        at.text_input(key="me_typed").set_value("x").run()
        at.button(key="me_join").click().run()
        answers.append([w.value for w in at.warning])
    assert answers[0] == answers[1]


# 7. Names exactly as typed -----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["O'Neil Fox", "$x^2$", ":material/warning: :smile:", "<b>x</b> & **y**"])
def test_class_names_are_shown_exactly_as_typed(store, name):
    at = app(page="teacher")
    at.text_input(key="t_name").set_value(name).run()
    at.button(key="t_create").click().run()
    assert not at.exception
    title = next(m.value for m in at.markdown if m.value.startswith("<h1"))
    assert title == f"<h1>{markup.literal(name)}</h1>"
    assert "&#x27;" not in title and "$" not in title and ":" not in title


@pytest.mark.parametrize("name", ["Room\u202e4", "Room\u200b4", "Room\x004"])
def test_invisible_and_control_characters_are_refused(name):
    at = app(page="teacher")
    at.text_input(key="t_name").set_value(name).run()
    at.button(key="t_create").click().run()
    assert not at.exception
    assert at.warning and at.session_state["session"].teacher is None


# 8. Links that stay in the tab -------------------------------------------------------------------

def test_practice_links_stay_in_the_tab_and_carry_no_learner_code(store):
    me = store.learner(store.new_learner("Jade Gecko"))
    p = generate("open-total", stage="muggins", level=1, seed=12)
    guest = app(code=p.code)
    links = {link.proto.label: link.proto for link in guest.get("page_link")}
    sign_in = next(link for label, link in links.items() if "Sign in" in label)
    assert sign_in.page.endswith("me")
    assert "](me)" not in texts(guest)
    signed = open_choosers(app(code=p.code, me=me.code))  # the puzzle's own links are among the choosers
    links = {link.proto.label: link.proto for link in signed.get("page_link")}
    assert "Show it on the projector" in links
    assert me.code not in texts(signed).replace(f"?me={me.code}", "")


# 9. A bad code's notice stays until the child moves on -------------------------------------------

def test_a_bad_code_notice_survives_a_second_run():
    at = app(code="ABCD-EFGH")
    first = [w.value for w in at.warning]
    assert any("code" in w for w in first)
    at.run()
    assert [w.value for w in at.warning] == first
    at.button(key="hint-" + at.session_state["practice"].puzzle.code).click().run()
    assert [w.value for w in at.warning] == first  # still about this puzzle


# 10. A removed child -----------------------------------------------------------------------------

def test_a_removed_child_is_told_once_and_goes_on_as_a_guest(store):
    keys = store.create_class("Room 8")
    code = store.join(keys.code, "Lime Newt")
    p = generate("open-total", stage="muggins", level=1, seed=13)
    at = app(code=p.code, me=code)
    store.remove_learner(keys.code, keys.teacher_key, code)
    answer(at)
    assert not at.exception
    said = " ".join(w.value for w in at.warning)
    assert "not in use any more" in said
    assert signed_out(at) and "me" not in at.query_params
    assert "could not be saved" not in texts(at)
    at.button(key="next").click().run()
    answer(at)
    assert "not in use any more" not in " ".join(w.value for w in at.warning)  # said once


def test_a_removed_child_in_the_sprint_is_told_and_never_promised_a_save(store):
    """The Sprint's outbox is the first to learn that the teacher removed the child: they are told at once,
    go on as a guest, and nothing says their answers are kept and saved."""
    keys = store.create_class("Room 8")
    code = store.join(keys.code, "Mint Vole")
    at = app(page="sprint", me=code)
    at.button(key="sp_start").click().run()
    store.remove_learner(keys.code, keys.teacher_key, code)
    at.button(key="sp_choice0").click().run()
    assert not at.exception
    assert "not in use any more" in " ".join(w.value for w in at.warning)
    assert signed_out(at) and at.session_state["practice"].on_fact is None
    assert "saved as soon as saving works again" not in texts(at)
    at.button(key="sp_choice0").click().run()
    assert not at.exception and "saved as soon as saving works again" not in texts(at)


def test_a_removed_child_at_play_is_told(store):
    """A move in a game is the first thing written after the teacher removed the child: Play a hand says so."""
    keys = store.create_class("Room 8")
    code = store.join(keys.code, "Plum Hare")
    at = app(page="play", me=code)
    next(b for b in at.button if b.label == "Start the game").click().run()
    store.remove_learner(keys.code, keys.teacher_key, code)
    for _ in range(12):  # the learner's moves until one is written
        moves = [b for b in at.button if b.key and (b.key.startswith("g_opt_") or b.key in ("g_draw", "g_pass"))]
        if not moves or signed_out(at):
            break
        moves[0].click().run()
        assert not at.exception
    assert signed_out(at)
    assert "not in use any more" in " ".join(w.value for w in at.warning)


def test_a_deleted_database_file_is_noticed_and_no_answer_is_acknowledged(tmp_path, monkeypatch):
    s = open_store(f"sqlite:///{tmp_path}/fives.db")
    me = s.learner(s.new_learner("Sky Wren"))
    monkeypatch.setattr(session_module, "store", lambda: s)
    code = generate("open-total", stage="muggins", level=1, seed=14).code
    at = app(code=code, me=me.code)
    for name in os.listdir(tmp_path):
        os.remove(tmp_path / name)
    answer(at)
    assert not at.exception
    assert any("Saving is paused" in i.value and "1 answer" in i.value for i in at.info)
    assert at.session_state["practice"].on_attempt.pending  # kept for later, not claimed as saved
    assert not any("Yes!" in e.value and "saved" in e.value for e in at.success)


def test_postgresql_stopped_and_back_under_the_pages(postgres, monkeypatch):
    """A real PostgreSQL server stopped mid-lesson: every page stays calm, the child stays signed in,
    their answers wait and are written once the server is back."""
    monkeypatch.setattr(outbox_module, "RETRY_SECONDS", 0.0)
    now = [time.time()]
    s = open_store(postgres.new_database("pages" + uuid.uuid4().hex[:10]), clock=lambda: now[0])
    monkeypatch.setattr(session_module, "store", lambda: s)
    keys = s.create_class("Room 3")
    me = s.join(keys.code, "Gold Crab")
    codes = [generate("open-total", stage="muggins", level=1, seed=n).code for n in (51, 52)]
    child = app(code=codes[0], me=me)
    teacher = app(page="teacher")
    teacher.text_input(key="t_code").set_value(keys.code).run()
    teacher.text_input(key="t_key").set_value(keys.teacher_key).run()
    teacher.button(key="t_open").click().run()
    postgres.halt()
    try:
        now[0] += 5  # the store's health is looked at again after two seconds
        for code in codes:
            child.query_params["code"] = code
            child.run()
            answer(child)
        assert child.session_state["me"].code == me
        assert any("2 answers" in i.value for i in child.info)
        for page in ("live", "my_progress", "me", "practice"):
            child.switch_page(f"views/{page}.py").run()
            assert not child.exception and not child.error, (page, [e.value for e in child.error])
        teacher.run()
        assert not teacher.exception and not teacher.error
        assert "psycopg" not in texts(teacher) and "127.0.0.1" not in texts(teacher)
        again = app(me=me)  # a reload during the outage
        assert again.query_params["me"] == me and again.session_state["me"].code == me
        again.switch_page("views/live.py").run()  # its class is not known yet: no invitation to join again
        assert "Live lessons are not working right now" in texts(again) and "Join your class" not in texts(again)
    finally:
        postgres.resume()
    now[0] += 5
    child.run()
    assert not child.exception
    assert [a.code for a in s.attempts(me)] == codes
