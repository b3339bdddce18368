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

# a local icon: nothing is fetched from the internet, so the app works offline in a classroom
st.set_page_config(page_title="Fives Trainer", page_icon=PAGE_ICON, layout="wide")


from trainer import session  # noqa: E402


def page(name: str, title: str, icon: str, *, default: bool = False) -> st.Page:
    return st.Page(os.path.join(HERE, "views", f"{name}.py"), title=title, icon=icon, default=default,
                   url_path=None if default else name)


def pages(me_title: str) -> dict[str, list[st.Page]]:
    """The menu, built once per session (building pages checks their files: a fifth of a rerun).
    Never shared between sessions: a page remembers whether this run may call it."""
    here = session.state()
    built = here.menu
    if built is None or built[0] != me_title:
        built = (me_title, {
            "Learn": [
                page("practice", "Practice", ":material/edit:", default=True),
                page("sprint", "Fives Sprint", ":material/bolt:"),
                page("play", "Play a hand", ":material/casino:"),
                page("my_progress", "My progress", ":material/monitoring:"),
                page("live", "Live lesson", ":material/cast_for_education:"),
                page("me", me_title, ":material/person:"),
                page("rules", "Rules", ":material/menu_book:"),
            ],
            "Teach": [
                page("projector", "Projector", ":material/co_present:"),
                page("teacher", "My class", ":material/school:"),
            ],
        })
        here.menu = built
    return built[1]


# the sign-in page is named for the learner once they are signed in (a reload signs in from ?me=)
session.follow_address()
who = session.me()
st.navigation(pages(who.nickname if who is not None else "Sign in")).run()
