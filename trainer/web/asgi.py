"""The app as Streamlit serves it: ``streamlit run trainer/web/asgi.py`` (what ``make run`` and
``make serve`` start) runs ``trainer/web/app.py`` with one route of our own: every page's address gets
Streamlit's own page with the server's address set in advance (see :mod:`trainer.serving.index`).
"""

from __future__ import annotations

import os

import streamlit as st
from starlette.responses import HTMLResponse
from starlette.routing import Route

from trainer.serving.index import index_html
from trainer.web.pagestate import PAGES as MENU

HERE = os.path.dirname(os.path.abspath(__file__))
APP = os.path.join(HERE, "app.py")
PAGES = tuple(p.name for p in MENU if not p.default)
"""Every page's address but the first (``/``): the ``url_path`` of each page of the menu."""


async def page(request) -> HTMLResponse:
    return HTMLResponse(index_html(), headers={"Cache-Control": "no-cache"})


app = st.App(APP, routes=[Route(f"/{name}", page, methods=["GET", "HEAD"]) for name in PAGES])
