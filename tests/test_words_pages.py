"""Every sentence on the pages comes from ``trainer.words``: no page module hands a person a literal
sentence, and every page still draws, in English and in a made-up language where every sentence
that went through ``_()`` or ``ngettext()`` is marked."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest
from apptest import PAGE_NAMES, app
from streamlit.testing.v1 import AppTest

import trainer.words
from trainer.words import errors as error_words

ROOT = Path(__file__).resolve().parent.parent
PAGE_MODULES = sorted((ROOT / "trainer" / "web" / "views").glob("*.py")) + [
    ROOT / "trainer" / "web" / name
    for name in ("ui.py", "session.py", "signin.py", "device.py", "markup.py", "answers.py", "app.py", "pagestate.py")
] + [ROOT / "trainer" / "classroom" / "cards.py"] + sorted((ROOT / "trainer" / "store").glob("*.py"))

TRANSLATED = {"_", "ngettext", "N_"}
"""Calls whose strings are the sentences themselves (the catalogue's entries)."""
SHOWN = {
    # Streamlit: text, widgets' labels, notices, navigation
    "title", "header", "subheader", "markdown", "caption", "write", "text", "code", "latex", "button",
    "form_submit_button", "download_button", "link_button", "page_link", "text_input", "number_input",
    "text_area", "selectbox", "multiselect", "radio", "toggle", "checkbox", "segmented_control", "pills",
    "slider", "select_slider", "tabs", "expander", "popover", "info", "success", "warning", "error",
    "exception", "toast", "metric", "Page", "set_page_config", "spinner", "progress", "dialog",
    # Plotly: axes, legends and titles
    "line", "bar", "scatter", "update_layout", "update_xaxes", "update_yaxes",
    # our own: HTML lines, pictures with captions, the board, notices for the next run, the PDF cards
    "show_html", "picture", "board", "spoken", "say", "notice", "on_problem", "cell", "multi_cell",
}
ALL_POSITIONAL = {"cell", "multi_cell", "show_html", "say", "notice", "on_problem", "spoken"}
"""Calls whose every positional argument is read (the others: only the first, the label)."""
NO_POSITIONAL = {"Page", "line", "bar", "scatter", "update_layout", "update_xaxes", "update_yaxes", "picture", "board"}
"""Calls whose positional arguments are data or paths, never words."""
READ_KEYWORDS = {"label", "help", "placeholder", "caption", "title", "page_title", "hand_caption", "body",
                 "labels", "format_func", "text", "xaxis_title", "yaxis_title", "legend", "xaxis", "yaxis"}
SHOWN_FIELDS = {"notice", "problem", "message", "done"}
"""Page-state fields shown as a notice on the next run."""
BARE = {"notice", "on_problem", "say"}
"""Our own notices, called by their bare name (any other bare call, such as SQLAlchemy's ``text()``,
is not a widget)."""
LOGGERS = {"log", "logger", "logging"}
ALLOWED = {"http://localhost:8501/"}
"""Literals a person sees that are not words (an example address)."""


def reads_as_words(text: str) -> bool:
    """Whether a literal holds words once icons, colour marks, HTML, entities and placeholders are gone.

    >>> reads_as_words(":material/lightbulb: "), reads_as_words(':gray[{meta}]'), reads_as_words("### ")
    (False, False, False)
    >>> reads_as_words('<p style="margin:0">{count}</p>'), reads_as_words("Next puzzle")
    (False, True)
    """
    if text in ALLOWED:
        return False
    t = re.sub(r":material/[a-z_]+:", "", text)
    t = re.sub(r":[a-z]+\[", "", t)
    t = re.sub(r"<[^>]*>", "", t)
    t = re.sub(r"&#?\w+;", "", t)
    t = re.sub(r"\{[^{}]*\}", "", t)
    return re.search(r"[A-Za-z]{2,}", t) is not None


def _callee(node: ast.Call) -> str:
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def _is_logger(node: ast.Call) -> bool:
    f = node.func
    if not isinstance(f, ast.Attribute):
        return False
    owner = f.value
    if isinstance(owner, ast.Name) and owner.id in LOGGERS:
        return True
    return isinstance(owner, ast.Call) and _callee(owner) == "getLogger"


def literal_words(expr: ast.AST) -> list[tuple[int, str]]:
    """The literals in an expression that would reach a reader as words: (line, text). Strings inside
    ``_()``, ``ngettext()`` and ``N_()`` are fine; dictionary keys, subscripts and other calls'
    arguments (keys, paths, ids) are not shown."""
    found: list[tuple[int, str]] = []

    def walk(node: ast.AST) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if reads_as_words(node.value):
                found.append((node.lineno, node.value))
        elif isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            if reads_as_words(text):
                found.append((node.lineno, text))
            for v in node.values:
                if isinstance(v, ast.FormattedValue):
                    walk(v.value)
        elif isinstance(node, ast.Call):
            name = _callee(node)
            if name in TRANSLATED:
                return
            joins = name == "join" and isinstance(getattr(node.func, "value", None), ast.Constant)
            if (name == "format" or joins) and isinstance(node.func, ast.Attribute):
                walk(node.func.value)
                for a in [*node.args, *(k.value for k in node.keywords)]:
                    walk(a)
        elif isinstance(node, ast.Dict):
            for v in node.values:
                walk(v)
        elif isinstance(node, (ast.Subscript, ast.Compare, ast.Attribute)):
            if isinstance(node, ast.Subscript):
                walk(node.value)
        elif isinstance(node, ast.Lambda):
            walk(node.body)
        elif isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
            walk(node.elt)
        else:
            for child in ast.iter_child_nodes(node):
                walk(child)

    walk(expr)
    return found


def shown_literals(source: str) -> list[tuple[int, str]]:
    """Every literal in a module's source that a person would read, outside ``_()``."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        bare = isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        if bare and node.func.id not in BARE:
            continue
        if isinstance(node, ast.Call) and _callee(node) in SHOWN and not _is_logger(node):
            name = _callee(node)
            args = [] if name in NO_POSITIONAL else node.args if name in ALL_POSITIONAL else node.args[:1]
            for a in [*args, *(k.value for k in node.keywords if k.arg in READ_KEYWORDS)]:
                out += literal_words(a)
        elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Attribute) and t.attr in SHOWN_FIELDS for t in node.targets):
            out += literal_words(node.value)
    return out


SENTENCE = re.compile(r"[A-Za-z][a-z']+(?: [a-z']+){2,}")
"""Three words in a row: the start of a sentence a person reads."""
NOT_READ = {"RuntimeError", "ValueError", "TypeError", "OSError", "AssertionError", "text"}
"""Calls whose strings no child or teacher reads (programming errors, SQL)."""
NOT_READ_NAMES = {"BLOCKED"}
"""Module constants that are data, never shown (the unkind words a nickname may not hold)."""


def sentence_like(text: str) -> bool:
    """Whether a literal holds a run of words once HTML, CSS and placeholders are gone.

    >>> sentence_like('<td style="background:'), sentence_like("PRAGMA journal_mode=WAL")
    (False, False)
    >>> sentence_like("Choose an end too."), sentence_like("<b>{name}</b> is stuck on a trap")
    (True, True)
    """
    t = re.sub(r"<style>.*?</style>", "", text, flags=re.S)
    t = re.sub(r"<[^>]*>|<[^>]*$|^[^<]*>", "", t)
    t = re.sub(r"\{[^{}]*\}|&#?\w+;|:material/[a-z_]+:", "", t)
    return SENTENCE.search(t) is not None


def loose_sentences(source: str) -> list[tuple[int, str]]:
    """Sentences anywhere in a module (returned, kept in a constant, glued), outside docstrings,
    ``_()``, log lines, programming errors and SQL."""
    tree = ast.parse(source)
    bodies = [n.body for n in ast.walk(tree) if isinstance(getattr(n, "body", None), list)]
    docs = {id(b.value) for body in bodies for b in body  # docstrings, and the strings that document names
            if isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant) and isinstance(b.value.value, str)}
    out: list[tuple[int, str]] = []

    def walk(node: ast.AST) -> None:
        if isinstance(node, ast.Call) and (_callee(node) in TRANSLATED | NOT_READ or _is_logger(node)):
            return
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in NOT_READ_NAMES
                                                for t in node.targets):
            return
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if sentence_like(node.value):
                out.append((node.lineno, node.value))
        for child in ast.iter_child_nodes(node):
            walk(child)

    walk(tree)
    return out


def store_reasons(source: str) -> list[tuple[int, str]]:
    """The reasons given to the store's errors (a literal first argument)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and _callee(node) in ("StoreError", "StoreUnavailable", "LearnerGone")
                and node.args and isinstance(node.args[0], ast.Constant)):
            out.append((node.lineno, node.args[0].value))
    return out


@pytest.mark.parametrize("path", PAGE_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_page_hands_a_person_a_literal_sentence(path):
    found = shown_literals(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(ROOT)}: put these in trainer/words/ through _(): {found}"


@pytest.mark.parametrize("path", PAGE_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_sentence_is_left_outside_the_words(path):
    """Sentences a page returns or keeps in a constant (a score, a play, a lesson) count too."""
    found = loose_sentences(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(ROOT)}: put these in trainer/words/ through _(): {found}"


@pytest.mark.parametrize("path", PAGE_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_store_errors_carry_reasons_the_words_know(path):
    unknown = [(line, r) for line, r in store_reasons(path.read_text(encoding="utf-8"))
               if r not in error_words.STORE_REASONS]
    assert not unknown, f"{path.relative_to(ROOT)}: reasons with no words: {unknown}"


def test_the_board_script_says_only_what_the_page_gives_it():
    """The browser's scripts show the hints and buttons they are sent (in the reader's language)."""
    for script in sorted((ROOT / "trainer" / "web" / "static").glob("*.js")):
        code = re.sub(r"^\s*//.*$", "", script.read_text(encoding="utf-8"), flags=re.M)
        found = [t for t in re.findall(r"'([^'\n]*)'", code) if sentence_like(t)]
        assert not found, f"{script.name}: {found}"


def test_the_check_finds_what_it_should():
    """The checker itself: a bare sentence is caught, the same sentence through _() is not."""
    bad = 'import streamlit as st\nst.button("Next puzzle", key="next")\nst.info(f"Hi {name}!")\n'
    bad += 'x.problem = "That did not work."\ncols[0].metric("Answered", 3)\n'
    bad += 'fig = px.bar(d, x="kind", labels={"share": "share of answers", "kind": ""})\n'
    assert [t for _, t in sorted(shown_literals(bad))] == ["Next puzzle", "Hi {}!", "That did not work.", "Answered",
                                                   "share of answers"]
    good = ('st.button(_("Next puzzle"), key="next", icon=":material/refresh:")\n'
            'st.info(ngettext("{n} try", "{n} tries", n).format(n=n))\nst.markdown(f"### {words.title()}")\n'
            'st.session_state.get("me_typed")\nst.page_link(ui.page_path("live"), label=words.join())\n'
            'log.error("the store is away")\nst.text_input(w.x(), placeholder="http://localhost:8501/")\n')
    assert shown_literals(good) == []
    assert store_reasons('raise StoreError("no-class")\n') == [(1, "no-class")]
    kept = 'LESSONS = {"1. Muggins": [("2-5", "The line has two open ends.")]}\ndef f():\n    return "not a score"\n'
    assert [t for _, t in loose_sentences(kept)] == ["The line has two open ends.", "not a score"]
    assert loose_sentences('def f():\n    """Draw the page."""\n    log.error("the store is away")\n') == []


WORDS_MODULES = [ROOT / "trainer" / "words" / f"{name}.py" for name in (
    "pages", "errors", "cards", "practice_page", "play_page", "live", "projector", "teacher", "sign_in",
    "progress_page", "rules_page")]


@pytest.mark.parametrize("path", WORDS_MODULES, ids=lambda p: p.name)
def test_the_catalogue_can_read_every_sentence(path):
    """Babel reads only literal strings: every ``_()`` and ``ngettext()`` of the pages' words takes
    plain literals (no f-string, no variable), whose placeholders are named."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and _callee(node) in TRANSLATED:
            texts = node.args[:2] if _callee(node) == "ngettext" else node.args
            assert texts and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in texts), (
                path.name, node.lineno)
            for a in texts:
                assert "{}" not in a.value and not re.search(r"\{\d", a.value), (path.name, node.lineno)


def test_every_store_reason_has_words():
    for reason in error_words.STORE_REASONS:
        assert reads_as_words(error_words.store_problem(reason)), reason
    assert error_words.store_problem("no-such-reason") == error_words.store_problem("unavailable")


# ----- every page draws, in English and in a made-up language -----

MARK = "⟦"


class Pseudo(dict):
    """A catalogue for every message: each sentence comes back marked (placeholders kept)."""

    def get(self, message, default=None):
        if message == "__plural__":
            return None
        caller = sys._getframe(1).f_code.co_name
        marked = f"{MARK}{message}⟧"
        return (marked, marked) if caller == "ngettext" else marked


@pytest.fixture
def pseudo(monkeypatch):
    monkeypatch.setattr(trainer.words, "_catalogue", lambda lang: Pseudo())


PAGES = PAGE_NAMES


def draw(page: str) -> AppTest:
    return app(None if page == "practice" else page)  # the app opens on Practice


def shown_text(at: AppTest) -> list[str]:
    kinds = ("title", "header", "subheader", "markdown", "caption", "info", "success", "warning", "error")
    return [e.value for kind in kinds for e in getattr(at, kind)]


@pytest.mark.parametrize("page", PAGES)
def test_every_page_draws(page):
    at = draw(page)
    assert any(reads_as_words(t) for t in shown_text(at))


@pytest.mark.parametrize("page", PAGES)
def test_every_page_draws_in_another_language(page, pseudo, monkeypatch):
    """Placeholders survive translation, and the sentences are looked up as the page runs (never once at
    import): the page's heading and its buttons come out marked."""
    monkeypatch.setenv("FIVES_STRICT", "1")
    at = draw(page)
    headings = [e.value for e in [*at.title, *at.header]]
    heading_html = [e.value for e in at.markdown if e.value.startswith(("# ", "<h1"))]
    assert any(MARK in h for h in headings + heading_html), (headings, heading_html)
    labels = [b.label for b in at.button] + [b.label for b in at.get("form_submit_button")]
    assert all(MARK in label for label in labels if reads_as_words(label) and not label[:1].isdigit()), labels


def test_a_store_error_is_worded_when_shown(pseudo):
    from trainer.store import StoreError, TooManyTries

    assert str(StoreError("no-class")).startswith(MARK)
    assert MARK in str(TooManyTries(600)) and "10 minute" in str(TooManyTries(600))
