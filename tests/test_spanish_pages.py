"""Every page in Spanish (AppTest): its heading and buttons come out in Spanish, and no English sentence
that has a translation is left anywhere on it — puzzles, feedback, narration, tables and notices."""

from __future__ import annotations

import pytest
from apptest import PAGE_NAMES, app, finish_game, learner_move, start_game
from babel.messages.pofile import read_po

from puzzles import generate
from puzzles.judge import judge
from trainer import words
from trainer.store import open_store

PAGES = PAGE_NAMES


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


def wrong_answer(p) -> object:
    """A wrong answer for any kind, typed the way the page's own widgets would send it."""
    for c in p.choices:
        if not judge(p, c.value).correct:
            return c.value
    raise AssertionError(f"{p.kind} has no wrong choice")


@pytest.mark.parametrize("kind_id", sorted({"open-total", "best-play", "hand-rounding", "play-score", "counted-ends",
                                             "nearest-five", "make-five"}))
def test_every_kind_in_spanish_asks_and_answers_a_wrong_answer_in_spanish(kind_id):
    with words.speaking("es"):
        p = generate(kind_id, stage="five-up", level=2, seed=21)
        wrong = wrong_answer(p)
    at = app(code=p.code, lang="es")
    pr = at.session_state["practice"]
    with words.speaking("es"):  # as the page's own callback, which runs in the session's language
        verdict = pr.answer(wrong)
    at.run()
    assert not at.exception, at.exception
    assert not verdict.correct and verdict.message
    assert not [m for m in ENGLISH if m in verdict.message or m in pr.puzzle.question], verdict.message
    assert not english_left(at), english_left(at)


def test_choosing_spanish_tells_the_puzzle_on_screen_again_in_spanish():
    p = generate("best-play", stage="muggins", level=1, seed=4)
    at = app(code=p.code)
    assert at.session_state["practice"].puzzle.question == "Which play scores most?"
    chooser = next(b for b in at.button_group if str(b.key).startswith("language-chooser-"))
    chooser.set_value("es").run()
    assert not at.exception
    shown = at.session_state["practice"].puzzle
    assert shown.code == p.code and shown.question == "¿Qué jugada anota más?"
    assert not english_left(at), english_left(at)


def test_play_a_hand_to_the_end_in_spanish():

    at = app(lang="es")
    with words.speaking("es"):  # the game's chooser shows its names in Spanish
        g = start_game(at, guidance="suggest", seed=11)
    for _ in range(80):
        if g.finished is not None:
            break
        learner_move(at, g)
        assert not english_left(at), english_left(at)
    assert g.finished is not None
    finish_game(at, g)
    assert not at.exception
    assert not english_left(at), english_left(at)
    story = " ".join(g.log)
    assert not [m for m in ENGLISH if m in story]


def test_the_downloads_and_worksheets_are_in_spanish():
    import io

    from pypdf import PdfReader

    from puzzles.worksheet import answer_key_pdf, make_sheet, worksheet_pdf
    from trainer.classroom import report as classroom
    from trainer.learning.progress import Attempt, Progress

    with words.speaking("es"):
        sheet = make_sheet("five-up", 2, seed=4)
        text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(worksheet_pdf(sheet))).pages)
        key = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(answer_key_pdf(sheet))).pages)
        progress = Progress()
        progress.record(Attempt("open-total", "muggins", 1, True, 3.0, "CQT6-QX36"))
        header = classroom.learner_csv(progress).splitlines()[0]
        rows = classroom.csv_text([])
    assert "¿" in text and not [m for m in ENGLISH if m in text], text[:300]
    assert not [m for m in ENGLISH if m in key]
    assert header.startswith("número,tipo,etapa") and rows.startswith("apodo,código de alumno")
