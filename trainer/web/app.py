"""Fives Trainer: ``streamlit run trainer/web/app.py``."""

from __future__ import annotations

import os
import sys

import streamlit as st

# `streamlit run trainer/web/app.py` puts trainer/ first on the path; the packages live one up
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

HERE = os.path.dirname(os.path.abspath(__file__))

from trainer.web.ui import PAGE_ICON  # noqa: E402  (after the path is set)
from trainer.words import pages as words  # noqa: E402

# a local icon: nothing is fetched from the internet, so the app works offline in a classroom
st.set_page_config(page_title=words.app_name(), page_icon=PAGE_ICON, layout="wide")


from trainer.web import language, session, signin  # noqa: E402
from trainer.web.pagestate import PAGES, Page, Section  # noqa: E402
from trainer.web.runtime import theme_once  # noqa: E402


def page(entry: Page, title: str) -> st.Page:
    """A page of the menu, by its row of :data:`~trainer.web.pagestate.PAGES`."""
    return st.Page(os.path.join(HERE, "views", f"{entry.name}.py"), title=title, icon=entry.icon,
                   default=entry.default, url_path=None if entry.default else entry.name)


def pages(me_title: str) -> dict[str, list[st.Page]]:
    """The menu, built once per session (building pages checks their files: a fifth of a rerun).
    Never shared between sessions: a page remembers whether this run may call it."""
    here = session.state()
    built = here.menu
    if built is None or built[0] != (me_title, language.current()):
        titles = {**words.menu_titles(), "me": me_title}
        sections = {Section.LEARN: words.menu_learn(), Section.TEACH: words.menu_teach()}
        menu: dict[str, list[st.Page]] = {}
        by_name: dict[str, st.Page] = {}
        for entry in PAGES:
            by_name[entry.name] = page(entry, titles[entry.name])
            menu.setdefault(sections[entry.section], []).append(by_name[entry.name])
        built = ((me_title, language.current()), menu)
        here.menu, here.menu_pages = built, by_name
    return built[1]


theme_once.install()  # under `streamlit run trainer/web/app.py` too (asgi.py does it at start)

# the sign-in page is named for the learner once they are signed in (a reload signs in from ?me=)
signin.follow_address()
language.follow()
who = session.me()
st.navigation(pages(who.nickname if who is not None else words.menu_titles()["me"])).run()
