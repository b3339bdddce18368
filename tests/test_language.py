"""The language a session reads: ``?lang=``, the chooser on every page, the learner's stored choice, the
class's default, the browser's memory, and the read-aloud voice's language."""

from __future__ import annotations

import pytest
from test_classroom import app

from trainer import words
from trainer.store import open_store
from trainer.web import ui


@pytest.fixture
def store():
    return open_store()  # the same database the app opens (see conftest)


def choosers(at) -> list:
    return [b for b in at.button_group if str(b.key).startswith("language-chooser-")]


def chooser(at):
    (one,) = choosers(at)
    return one


def shown(at) -> str:
    """The language the chooser shows (the one this run speaks)."""
    return chooser(at).value


def test_the_address_chooses_the_language_and_keeps_it_across_pages():
    at = app(lang="ES")
    assert shown(at) == "es" and at.query_params["lang"] == "es"
    at.switch_page("views/rules.py").run()
    assert not at.exception
    assert at.query_params["lang"] == "es" and shown(at) == "es"


def test_english_keeps_a_clean_address_and_an_unknown_language_is_english():
    at = app(lang="klingon")
    assert shown(at) == "en" and "lang" not in at.query_params


def test_the_chooser_changes_the_language_and_the_address():
    at = app()
    assert shown(at) == "en"
    chooser(at).set_value("es").run()
    assert not at.exception
    assert at.query_params["lang"] == "es" and shown(at) == "es"
    chooser(at).set_value("en").run()
    assert "lang" not in at.query_params and shown(at) == "en"


def test_a_learner_s_choice_is_stored_and_comes_back_in_a_new_session(store):
    me = store.new_learner("Quiet Heron")
    at = app(me=me)
    chooser(at).set_value("es").run()
    assert store.language(me) == "es"
    again = app(me=me)  # another tablet, a new session: the store remembers
    assert shown(again) == "es" and again.query_params["lang"] == "es"


def test_a_class_default_applies_until_the_child_chooses(store):
    keys = store.create_class("Aula 3")
    me = store.join(keys.code, "Bright Lynx")
    assert store.language(me) is None
    store.set_class_language(keys.code, keys.teacher_key, "es")
    assert store.language(me) == "es" and store.class_language(keys.code) == "es"
    assert shown(app(me=me)) == "es"
    store.set_language(me, "en")  # the child's own choice wins over the class's
    assert store.language(me) == "en"
    with pytest.raises(PermissionError):
        store.set_class_language(keys.code, "wrong key", "en")
    with pytest.raises(ValueError):
        store.set_language(me, "xx")


def test_the_teacher_sets_the_class_language_on_my_class(store):
    keys = store.create_class("Room 12")
    at = app("teacher")
    at.text_input(key="t_code").set_value(keys.code)
    at.text_input(key="t_key").set_value(keys.teacher_key)
    at.button(key="t_open").click().run()
    assert not at.exception
    at.button_group(key="class-language").set_value("es").run()
    assert not at.exception
    assert store.class_language(keys.code) == "es"


def test_the_read_aloud_request_carries_the_language():
    with words.speaking("es"):
        assert ui.spoken("Hola")["lang"] == "es"
    assert ui.spoken("Hello")["lang"] == "en"


def test_words_follow_the_language_set_for_a_block():
    assert words.language() == "en"
    with words.speaking("es-MX") as lang:
        assert lang == "es" and words.language() == "es"
    assert words.language() == "en"
    assert words.normalise_language(None) == "en" and words.normalise_language("ES_es") == "es"


def test_a_class_made_in_spanish_reads_spanish_and_spanish_nicknames_are_offered(store):
    at = app("teacher", lang="es")
    at.text_input(key="t_name").set_value("Aula 9")
    at.button(key="t_create").click().run()
    assert not at.exception
    code = at.session_state["session"].teacher[0]
    assert store.class_language(code) == "es"
    me = app("me", lang="es")
    from trainer.store.nicknames import ANIMALES
    suggested = me.session_state["sign_in"].names
    assert suggested and all(name.split()[0] in ANIMALES for name in suggested)
