"""A page's text cleaned as Streamlit cleans it (dedented, then stripped), for less.

Every ``st.markdown``, caption, heading and alert passes its text through Streamlit's ``clean_text``:
``textwrap.dedent(str(text)).strip()``. ``textwrap.dedent`` runs two regular expressions over the whole text,
trying a match at every character, whatever the text: a table's sheet with its pictures in it (ten to twenty
thousand characters) took a third of a millisecond and more, on every run of every tablet, and a waiting tablet's
sheet drawn again went through it too. A text none of whose lines begins with a space or a tab is its own
dedent (no line has a margin to take off, and no line of blanks has any to empty), so :func:`clean_text` gives it
back stripped, found so with two searches for a newline and a blank, and hands any other text to
``textwrap.dedent``: the same text out, always. :func:`install` gives it to the modules of Streamlit that clean
their text with it.
"""

from __future__ import annotations

import importlib
import textwrap
from typing import Any

import streamlit.string_util as string_util

from trainer.web.runtime import guard

_INSTALLED = "_fives_texts_installed"
_USERS = ("streamlit.elements.markdown", "streamlit.elements.text", "streamlit.elements.heading",
          "streamlit.elements.alert", "streamlit.elements.progress", "streamlit.elements.spinner",
          "streamlit.elements.toast")
"""Streamlit's modules that took ``clean_text`` in by name when they were imported."""

WRITTEN = guard.Written(
    name="texts",
    versions={"streamlit": "1.67.0"},
    sources={"streamlit.string_util:clean_text": "0f7c6440379cf4c6"},
    names=tuple(f"{module}:clean_text" for module in _USERS),
)
"""What this module was written from: Streamlit 1.67's cleaning of an element's text
(:mod:`trainer.web.runtime.guard`)."""


def clean_text(text: Any) -> str:
    """``textwrap.dedent(str(text)).strip()``, without the regular expressions where no line begins with a blank."""
    found = str(text)
    if found[:1] in (" ", "\t") or "\n " in found or "\n\t" in found:
        return textwrap.dedent(found).strip()
    return found.strip()


def installed() -> bool:
    """Whether Streamlit's elements clean their text with :func:`clean_text` in this process."""
    return bool(getattr(string_util, _INSTALLED, False))


def install() -> None:
    """Give Streamlit's elements :func:`clean_text` (once per process; later calls do nothing; nothing is changed,
    and one warning is logged, when Streamlit differs from :data:`WRITTEN`)."""
    if installed() or not guard.may_install(WRITTEN):
        return
    guard.keep_original("streamlit.string_util:clean_text")
    string_util.clean_text = clean_text
    for name in _USERS:
        guard.keep_original(f"{name}:clean_text")
        importlib.import_module(name).clean_text = clean_text  # type: ignore[attr-defined]
    setattr(string_util, _INSTALLED, True)
