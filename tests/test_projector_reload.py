"""AppTest: a reload of the Projector (a new session) finds the class the teacher opened in this browser
again, so a live lesson under way goes on; a class whose key no longer fits is not opened."""

from __future__ import annotations

import json

from apptest import new_app, texts
from streamlit.testing.v1 import AppTest

from trainer.store import open_store
from trainer.web.pagestate import SessionState


def reloaded_projector(device: dict) -> AppTest:
    """The projector in a new session, on a browser that remembers ``device`` (its local storage)."""
    at = new_app()
    at.session_state["session"] = SessionState(device=device)
    at.run()
    at.switch_page("views/projector.py").run()
    at.run()
    assert not at.exception, at.exception
    return at


def buttons(at) -> list[str]:
    return [b.label for b in at.button]


def test_a_reloaded_projector_finds_the_open_class_and_its_live_lesson():
    store = open_store()
    keys = store.create_class("Room 9")
    store.start_lesson(keys.code, keys.teacher_key)
    at = reloaded_projector({"teacher": json.dumps({"code": keys.code, "key": keys.teacher_key})})
    assert at.session_state["session"].teacher == (keys.code, keys.teacher_key)
    assert "Open your class" not in texts(at)
    assert "Go on with the live lesson of Room 9" in buttons(at)
    at.button(key="pj_live_resume").click().run()
    assert not at.exception, at.exception
    assert "End the live lesson" in buttons(at)


def test_a_reloaded_projector_with_a_key_that_no_longer_fits_asks_for_the_class():
    store = open_store()
    keys = store.create_class("Room 10")
    at = reloaded_projector({"teacher": json.dumps({"code": keys.code, "key": "not-the-key"})})
    assert at.session_state["session"].teacher is None
    assert "Open your class" in texts(at)


def test_a_projector_whose_browser_has_not_yet_said_looks_for_its_class_before_asking_for_it():
    """A load's first run, before the browser has said which class it keeps: the side panel says it is looking,
    not "Open your class on My class first" (which the next run would take back); once the browser has said it
    keeps none, it asks for the class."""
    at = new_app()
    at.switch_page("views/projector.py").run()
    assert not at.exception, at.exception
    assert "Looking for the class this browser keeps open" in texts(at)
    assert "Open your class" not in texts(at)
    at.session_state["session"].device = {}  # the browser's answer: it keeps no class
    at.run()
    assert "Open your class" in texts(at) and "Looking for the class" not in texts(at)
