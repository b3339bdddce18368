"""Which language this session reads, and the chooser that changes it (English / Español).

The language is decided once at the top of every run, before any page draws, in this order:
``?lang=`` in the address or the chooser (the session's own choice), the signed-in learner's stored
language (their own choice, else their class's default), the language this browser remembers, and
English. A language other than English rides in the address (``?lang=es``), so a reload, a new tab,
a page change or a shared link keeps it; :mod:`trainer.words` makes every sentence in it.
"""

from __future__ import annotations

import logging
import threading

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from puzzles import CodeError, Puzzle, from_code
from trainer import words
from trainer.store import StoreError
from trainer.web import device, pagestate, session
from trainer.web.pagestate import LanguageState

log = logging.getLogger("fives_trainer")
CHOOSER_KEY = "language-chooser"


def state() -> LanguageState:
    return pagestate.language()


def _stored(here: LanguageState) -> None:
    """Read the signed-in learner's language once per sign-in (a store that is away: later)."""
    learner = session.me()
    if learner is None:
        here.learner = here.learner_code = None
        return
    if here.learner_code == learner.code:
        return
    s = session.store()
    try:
        here.learner = s.language(learner.code) if s is not None else None
    except StoreError:
        return
    here.learner_code = learner.code


def current() -> str:
    """The language this run speaks (see the module's order)."""
    here = state()
    return here.chosen or here.learner or here.device or words.DEFAULT


class _ThisRun(threading.local):
    """The page session's language record, kept for the run this thread is making: every sentence asks
    for the language (a hundred and more a run), and reading the session's state each time cost more
    than the page's own work."""

    run: object = None
    record: LanguageState | None = None


_this_run = _ThisRun()


def _session_language() -> str | None:
    """The language of the page session this thread runs for (a run, a callback or a fragment)."""
    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None:
        return None
    here = _this_run.record
    if _this_run.run is not ctx or here is None:
        here = state()
        _this_run.run, _this_run.record = ctx, here
    return here.chosen or here.learner or here.device or words.DEFAULT


words.resolve_with(_session_language)


def follow() -> str:
    """Decide this run's language (app.py calls it before the pages) and keep it in the address."""
    here = state()
    given = st.query_params.get("lang")
    if given:
        here.chosen = words.normalise_language(given)
    _stored(here)
    known = session.state().device or {}  # what the browser said when a page asked it (device.remembered)
    if isinstance(known.get("lang"), str):
        here.device = words.normalise_language(known["lang"])
    lang = current()
    if lang != words.DEFAULT:
        if st.query_params.get("lang") != lang:
            st.query_params["lang"] = lang
    elif "lang" in st.query_params:
        del st.query_params["lang"]
    return lang


def retell(lang: str) -> None:
    """The puzzles on Practice and on the Projector, told again in ``lang`` (a code makes the same puzzle in
    any language), and Practice's verdict on the answer given; the Projector's answer stays as far revealed
    as it was."""
    pr = session.practice()
    if pr.puzzle is not None:
        pr.puzzle = _told(pr.puzzle, lang)
        with words.speaking(lang):
            pr.tell_again()  # the answer's words on screen, in the new language
    shown = pagestate.projector_if_open()
    if shown is not None and shown.puzzle is not None:
        shown.puzzle = _told(shown.puzzle, lang)


def _told(puzzle: Puzzle, lang: str) -> Puzzle:
    try:
        with words.speaking(lang):
            return from_code(puzzle.code)
    except (CodeError, ValueError):
        log.warning("the puzzle %s could not be told again", puzzle.code)
        return puzzle


def choose(lang: str) -> None:
    """The chooser's callback: this session, the address, the browser and (signed in) the store."""
    lang = words.normalise_language(lang)
    here = state()
    if lang != current():
        retell(lang)
    here.chosen = lang
    if lang != words.DEFAULT:
        st.query_params["lang"] = lang
    elif "lang" in st.query_params:
        del st.query_params["lang"]
    learner = session.me()
    s = session.store()
    if learner is not None and s is not None:
        try:
            s.set_language(learner.code, lang)
            here.learner, here.learner_code = lang, learner.code
        except StoreError:
            log.warning("the language choice could not be saved for now")


def keep_for(learner_code: str) -> None:
    """A learner just made keeps the language this session chose before they existed (a family that
    picked Español, then signed up): it becomes the child's own, so their report for home and its QR
    code speak it. Nothing chosen: they follow their class's language."""
    here = state()
    s = session.store()
    if here.chosen is None or s is None:
        return
    try:
        s.set_language(learner_code, here.chosen)
    except StoreError:
        log.warning("the language choice could not be saved for now")
        return
    here.learner, here.learner_code = here.chosen, learner_code


def _chosen(key: str) -> None:
    value = st.session_state.get(key)
    if value in words.LANGUAGES:
        choose(value)


def chooser() -> None:
    """English / Español, in the side menu of every page; each language named in itself, so anyone
    can find their own. The widget is made anew for each language (its key names it), so what it
    shows is always the language the page speaks, whatever the browser last sent."""
    lang = words.language()
    key = f"{CHOOSER_KEY}-{lang}"
    with st.sidebar:
        st.segmented_control("Language · Idioma", list(words.LANGUAGES), format_func=words.LANGUAGES.__getitem__,
                             default=lang, key=key, on_change=_chosen, args=(key,), required=True,
                             width="stretch")


def remember_on_device() -> None:
    """This browser remembers the language chosen here, for the next visit."""
    here = state()
    lang = words.language()
    if here.chosen is not None and here.device_saved != lang:
        here.device_saved = lang
        device.device_component(data={"save_lang": lang}, key=f"device-lang-{lang}")


def address(**params: str) -> dict[str, str]:
    """Query parameters for a link that keeps this language (``{"code": …, "lang": "es"}``)."""
    lang = words.language()
    return {**params, "lang": lang} if lang != words.DEFAULT else dict(params)


def suffix() -> str:
    """``"&lang=es"`` for a link written by hand, ``""`` in English."""
    lang = words.language()
    return f"&lang={lang}" if lang != words.DEFAULT else ""


CLASS_KEY = "class-language"


def _class_chosen(code: str, key: str) -> None:
    value = st.session_state.get(CLASS_KEY)
    s = session.store()
    if value in words.LANGUAGES and s is not None:
        try:
            s.set_class_language(code, key, value)
        except (StoreError, PermissionError) as err:
            session.say(str(err))


def class_made(code: str, key: str) -> None:
    """A class made in a language other than English reads it by default (the teacher can change it)."""
    s = session.store()
    if s is not None and current() != words.DEFAULT:
        s.set_class_language(code, key, current())


def class_setting(code: str, key: str) -> None:
    """My class: the language the class's children read unless they choose their own."""
    s = session.store()
    if s is None:
        return
    stored = s.class_language(code) or words.DEFAULT
    if st.session_state.get(CLASS_KEY) != stored:
        st.session_state[CLASS_KEY] = stored
    st.segmented_control(words._("The class reads (each child can still choose)"), list(words.LANGUAGES),
                         format_func=words.LANGUAGES.__getitem__, key=CLASS_KEY, required=True,
                         on_change=_class_chosen, args=(code, key))
