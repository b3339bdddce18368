"""Every page in Spanish (AppTest): its heading and buttons come out in Spanish, and no English sentence
that has a translation is left anywhere on it — puzzles, feedback, narration, tables and notices."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po
from test_classroom import app

from puzzles import generate
from trainer import words
from trainer.store import open_store

PAGES = ("practice", "play", "my_progress", "live", "me", "rules", "projector", "teacher")


def catalogue() -> dict[str, str]:
    path = words.LOCALE_DIR / "es" / "LC_MESSAGES" / f"{words.DOMAIN}.po"
    with path.open("rb") as f:
        return {m.id: m.string for m in read_po(f, locale="es") if isinstance(m.id, str) and m.id}


ENGLISH = sorted((m for m, es in catalogue().items() if m != es and len(m.split()) >= 3 and "{" not in m),
                 key=len, reverse=True)
"""English sentences of three words or more, with no placeholder, whose Spanish differs."""


def shown_texts(node) -> list[str]:
    """Every text an element of the page shows: values, labels, bodies, options, captions."""
    out: list[str] = []
    for name in ("value", "label", "body", "placeholder", "help", "options", "caption"):
        try:
            v = getattr(node, name, None)
        except Exception:  # noqa: BLE001 - an element without that property
            continue
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, (list, tuple)):
            out.extend(x for x in v if isinstance(x, str))
    for child in getattr(node, "children", {}).values() if isinstance(getattr(node, "children", None), dict) else ():
        out.extend(shown_texts(child))
    return out


def english_left(at) -> list[str]:
    text = " \n ".join(shown_texts(at._tree))
    return [m for m in ENGLISH if m in text]


def test_the_catalogue_has_english_sentences_to_look_for():
    assert len(ENGLISH) > 300


@pytest.mark.parametrize("page", PAGES)
def test_each_page_in_spanish_has_no_english_sentence(page):
    at = app(None if page == "practice" else page, lang="es")
    assert not at.exception, at.exception
    assert at.query_params["lang"] == "es"
    left = english_left(at)
    assert not left, f"English on {page}: {left[:5]}"


def test_practice_in_spanish_asks_judges_and_names_the_mistake():
    p = generate("open-total", stage="all-fives", level=1, seed=3)
    at = app(code=p.code, lang="es")
    shown = " ".join(shown_texts(at._tree))
    assert "¿" in shown  # the question
    box = at.text_input(key=f"n-{p.code}")
    box.set_value(str(p.answer + 5))
    at.form_submit_button[0].click().run()
    assert not at.exception
    assert not english_left(at), english_left(at)
    assert "Dijiste" in " ".join(shown_texts(at._tree))


def test_my_class_in_spanish_shows_the_class_and_its_answers():
    s = open_store()
    keys = s.create_class("Aula 7")
    s.join(keys.code, "Zorro Azul")
    at = app("teacher", lang="es")
    at.text_input(key="t_code").set_value(keys.code)
    at.text_input(key="t_key").set_value(keys.teacher_key)
    at.button(key="t_open").click().run()
    assert not at.exception
    assert not english_left(at), english_left(at)


@pytest.mark.parametrize("page", ("practice", "rules", "play"))
def test_the_check_finds_the_english_of_an_english_page(page):
    at = app(None if page == "practice" else page)
    assert len(english_left(at)) >= 3
