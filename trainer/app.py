"""Fives Trainer: ``streamlit run trainer/app.py``."""

from __future__ import annotations

import os
import sys

import streamlit as st

# `streamlit run trainer/app.py` puts trainer/ first on the path; the packages live one up
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

HERE = os.path.dirname(os.path.abspath(__file__))

from trainer.ui import PAGE_ICON  # noqa: E402  (after the path is set)
from trainer.words import pages as words  # noqa: E402

# a local icon: nothing is fetched from the internet, so the app works offline in a classroom
st.set_page_config(page_title=words.app_name(), page_icon=PAGE_ICON, layout="wide")


from trainer import language, session  # noqa: E402


def page(name: str, icon: str, *, title: str = "", default: bool = False) -> st.Page:
    """A page of the menu, by its script's name; its title comes from the words (or ``title``)."""
    return st.Page(os.path.join(HERE, "views", f"{name}.py"), title=title or words.menu_titles()[name], icon=icon,
                   default=default, url_path=None if default else name)


def pages(me_title: str) -> dict[str, list[st.Page]]:
    """The menu, built once per session (building pages checks their files: a fifth of a rerun).
    Never shared between sessions: a page remembers whether this run may call it."""
    here = session.state()
    built = here.menu
    if built is None or built[0] != (me_title, language.current()):
        built = ((me_title, language.current()), {
            words.menu_learn(): [
                page("practice", ":material/edit:", default=True),
                page("play", ":material/casino:"),
                page("my_progress", ":material/monitoring:"),
                page("live", ":material/cast_for_education:"),
                page("me", ":material/person:", title=me_title),
                page("rules", ":material/menu_book:"),
            ],
            words.menu_teach(): [
                page("projector", ":material/co_present:"),
                page("teacher", ":material/school:"),
            ],
        })
        here.menu = built
    return built[1]


# the sign-in page is named for the learner once they are signed in (a reload signs in from ?me=)
session.follow_address()
language.follow()
who = session.me()
st.navigation(pages(who.nickname if who is not None else words.menu_titles()["me"])).run()
