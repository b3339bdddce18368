"""The page layer: one script per page, each page's state one record under one key, the learner's
state forgotten in one place on sign-out, and nothing but widgets' keys beside the records."""

from __future__ import annotations

import ast
import pathlib

import pytest
from apptest import app
from streamlit.testing.v1 import AppTest

from trainer.learning.outbox import AnswerSaver as Saver
from trainer.web.pagestate import KEYS, LEARNER_KEYS
from trainer.web.pagestate import PAGES as PAGE_TABLE

ROOT = pathlib.Path(__file__).resolve().parent.parent
VIEWS = ROOT / "trainer" / "web" / "views"
PAGES = tuple(p.name for p in PAGE_TABLE)


def state_keys(at: AppTest) -> set[str]:
    """The session's keys that are not a widget's."""
    widgets = set(at.session_state._state._state._key_id_mapper._key_id_mapping)
    return set(at.session_state.keys()) - widgets


def check_records(at: AppTest) -> set[str]:
    keys = state_keys(at)
    assert keys <= set(KEYS) | set(LEARNER_KEYS), f"loose keys: {sorted(keys - set(KEYS) - set(LEARNER_KEYS))}"
    for key in keys & set(KEYS):
        assert type(at.session_state[key]) is KEYS[key], key
    return keys


@pytest.mark.parametrize("page", PAGES)
def test_every_page_runs(page):
    app(page=page)


def test_every_page_keeps_its_state_as_one_record_under_one_key(store):
    keys = store.create_class("Room 8")
    child = store.learner(store.join(keys.code, "Quiet Crow"))
    seen: set[str] = set()
    for who in ({}, {"me": child.code}):
        at = app(**who)
        for page in PAGES:
            at.switch_page(f"views/{page}.py").run()
            assert not at.exception, (page, at.exception)
            seen |= check_records(at)
    assert seen == set(KEYS) | set(LEARNER_KEYS)  # every record is used, and nothing else


def test_signing_out_leaves_nothing_of_the_learner(store):
    keys = store.create_class("Room 3")
    teacher = app(page="teacher")
    teacher.text_input(key="t_code").set_value(keys.code).run()
    teacher.text_input(key="t_key").set_value(keys.teacher_key).run()
    teacher.button(key="t_open").click().run()
    teacher.switch_page("views/projector.py").run()
    teacher.button(key="pj_live_start").click().run()
    teacher.button(key="pj_lobby_go").click().run()  # the lobby's Start: the first puzzle goes out

    at = app(page="me")
    at.segmented_control(key="me_way").set_value("class").run()
    at.text_input(key="me_class").set_value(keys.code).run()
    at.text_input(key="me_typed").set_value("Brave Newt").run()
    at.button(key="me_join").click().run()
    me = at.session_state["me"]
    assert me.class_code == keys.code and isinstance(at.session_state["practice"].on_attempt, Saver)
    at.switch_page("views/live.py").run()
    assert at.session_state["live"].joined is not None and at.session_state["live"].seen
    at.switch_page("views/play.py").run()
    at.session_state["play"].deal_seed = 4
    at.form_submit_button[0].click().run()
    assert at.session_state["play"].game is not None and store.game(me.code)
    assert at.session_state["play"].saver.saved is not None

    at.switch_page("views/me.py").run()
    at.button(key="me_out").click().run()
    assert not at.exception
    assert "me" not in at.session_state
    practice = at.session_state["practice"] if "practice" in at.session_state else None
    assert practice is None or practice.on_attempt is None  # no outbox: a guest's answers stay here
    play, live, here = at.session_state["play"], at.session_state["live"], at.session_state["session"]
    assert play.game is None and play.saver.saved is None and not play.checked and play.message is None
    assert live.joined is None and not live.seen and not live.verdicts and live.notice is None
    assert not here.waiting and not here.outbox_sent and not here.outbox_adopted and here.tried_code is None
    assert store.game(me.code)  # their game stays in the store, under their code
    check_records(at)
    # and in again: their game comes back from the store
    at.switch_page("views/me.py").run()
    at.segmented_control(key="me_way").set_value("code").run()
    at.text_input(key="me_code").set_value(me.code).run()
    at.button(key="me_continue").click().run()
    at.switch_page("views/play.py").run()
    assert at.session_state["play"].game is not None and at.session_state["play"].game.setup.seed == 4


def test_the_sign_in_page_keeps_how_the_child_signs_in():
    at = app(page="me")
    at.segmented_control(key="me_way").set_value("code").run()
    assert at.session_state["sign_in"].way == "code" and at.text_input(key="me_code")
    at.session_state["me_way"] = None  # as the browser reports a chooser it no longer has
    at.run()
    assert not at.exception and at.session_state["sign_in"].way == "code" and at.text_input(key="me_code")


# ----- the files -----

def test_each_page_is_one_script_in_the_menu_and_defines_no_class():
    assert set(PAGES) == {p.stem for p in VIEWS.glob("*.py")} and len(set(PAGES)) == len(PAGES)
    assert [p.name for p in PAGE_TABLE if p.default] == ["practice"]
    for path in VIEWS.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert not [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)], f"{path.name}: a class in a page"
        last = tree.body[-1]
        assert isinstance(last, ast.Expr) and ast.unparse(last).startswith(f"ui.run_page('{path.stem}'"), path.name
    assert not (ROOT / "trainer" / "screens").exists()


def session_keys_used(tree: ast.AST) -> set[str]:
    """String keys read or written through ``st.session_state`` in a module."""
    found = set()
    for node in ast.walk(tree):
        target = None
        if isinstance(node, ast.Subscript):
            target, key = node.value, node.slice
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            target, key = node.func.value, node.args[0]
        if target is not None and ast.unparse(target) == "st.session_state" and isinstance(key, ast.Constant):
            found.add(key.value)
    return found


def test_pages_touch_only_their_own_widgets_keys():
    for path in VIEWS.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        widgets = {k.value.value for n in ast.walk(tree) if isinstance(n, ast.Call) for k in n.keywords
                   if k.arg == "key" and isinstance(k.value, ast.Constant)}
        loose = session_keys_used(tree) - widgets
        assert not loose, f"{path.name} keeps {sorted(loose)} outside its record"


def test_only_the_state_modules_keep_keys():
    keepers = {"pagestate.py": set(), "session.py": set(LEARNER_KEYS), "signin.py": set(LEARNER_KEYS)}
    for path in (ROOT / "trainer").rglob("*.py"):
        if VIEWS in path.parents:
            continue
        used = session_keys_used(ast.parse(path.read_text(encoding="utf-8")))
        assert used <= keepers.get(path.name, set()), f"{path.relative_to(ROOT)} keeps {sorted(used)}"


PURE = ("trainer/learning", "trainer/games", "trainer/classroom", "trainer/serving", "trainer/rules", "trainer/bots",
        "trainer/render", "trainer/store", "trainer/words", "puzzles")


@pytest.mark.parametrize("where", PURE)
def test_what_the_pages_call_never_imports_streamlit(where):
    paths = [ROOT / where] if where.endswith(".py") else sorted((ROOT / where).rglob("*.py"))
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [n for n in names if n.split(".")[0] == "streamlit"], path


def test_no_module_of_the_app_layer_is_over_600_lines():
    for path in (ROOT / "trainer").rglob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 600, path.name


def test_the_records_are_the_session_s_the_language_s_and_one_per_page_of_the_table():
    records = [p.record for p in PAGE_TABLE if p.record is not None]
    assert list(KEYS) == ["session", "language", *(key for key, _ in records)]
    assert all(KEYS[key] is record for key, record in records) and len(set(KEYS.values())) == len(KEYS)
    assert LEARNER_KEYS == ("me", "practice")
