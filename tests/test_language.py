"""The language a session reads: ``?lang=``, the chooser on every page, the learner's stored choice, the
class's default, the browser's memory, and the read-aloud voice's language."""

from __future__ import annotations

import pytest
from apptest import app

from trainer import words
from trainer.web import ui


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


def test_a_language_chosen_before_signing_up_is_the_child_s_own(store):
    """A family chooses Español, then the child signs up (or joins a class): the choice becomes the child's,
    so the report for home (the teacher's, in English) is in Spanish and its QR code carries ``&lang=es``."""
    import datetime as dt

    from trainer.classroom.home_report import class_reports

    at = app()
    chooser(at).set_value("es").run()
    at.switch_page("views/me.py").run()
    at.text_input(key="me_typed").set_value("Sunny Otter").run()
    at.button(key="me_start").click().run()
    assert not at.exception, at.exception
    assert store.language(at.session_state["me"].code) == "es"

    keys = store.create_class("Room 4")  # the class reads English; the family chose Spanish first
    child = app(lang="es")
    child.switch_page("views/me.py").run()
    child.segmented_control(key="me_way").set_value("class").run()
    child.text_input(key="me_class").set_value(keys.code).run()
    child.text_input(key="me_typed").set_value("Misty Owl").run()
    child.button(key="me_join").click().run()
    assert not child.exception, child.exception
    code = child.session_state["me"].code
    assert store.language(code) == "es"
    rows = store.class_report(keys.code, keys.teacher_key)
    token = "pQ3xTok3n_abcdefg"  # the printed page's own sign-in, never the learner code
    (report,) = class_reports(store, rows, language="en", day=dt.date(2026, 11, 27),
                              app_address="http://10.0.0.5:8501/", sign_ins={code: (token, dt.date(2027, 3, 1))})
    assert report.language == "es" and report.link.endswith(f"?pass={token}&lang=es")

    english = app()  # nothing chosen: the child follows the class
    english.switch_page("views/me.py").run()
    english.text_input(key="me_typed").set_value("Gold Lynx").run()
    english.button(key="me_start").click().run()
    assert store.language(english.session_state["me"].code) is None


@pytest.mark.parametrize("right", [True, False])
def test_the_answers_words_follow_a_language_chosen_after_it(right):
    """Answered in Spanish, English chosen: the verdict under the puzzle is said again in English (and back)."""
    from apptest import answer, texts

    from puzzles import generate

    p = generate("open-total", stage="muggins", level=1, seed=11)
    at = app(code=p.code, lang="es")
    answer(at, None if right else p.answer + 1)
    spanish = at.session_state["practice"].verdict.message
    assert spanish in texts(at)
    chooser(at).set_value("en").run()
    assert not at.exception, at.exception
    english = at.session_state["practice"].verdict.message
    assert english != spanish and english in texts(at) and spanish not in texts(at)
    assert english.startswith("Yes") if right else english.startswith(("Not quite", "No", "You"))
    chooser(at).set_value("es").run()
    assert at.session_state["practice"].verdict.message == spanish
    assert at.session_state["practice"].verdict.correct is right
