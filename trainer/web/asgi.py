"""The app as Streamlit serves it: ``streamlit run trainer/web/asgi.py`` (what ``make run`` and
``make serve`` start) runs ``trainer/web/app.py`` with one route of our own: every page's address gets
Streamlit's own page with the server's address set in advance (see :mod:`trainer.serving.index`).
"""

from __future__ import annotations

import os
import threading
from urllib.parse import urlencode

import streamlit as st
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from puzzles import warm_found
from puzzles.found import SEEDS
from trainer import words
from trainer.serving.index import index_html, link_page
from trainer.web import runtime
from trainer.web.pagestate import PAGES as MENU
from trainer.web.runtime.warmup import settle, warm_up
from trainer.words import teacher as teacher_words

runtime.install()  # Streamlit's runtime with the app's changes, each where it matches what it was written for


def _warm_puzzles() -> None:
    """A new learner's first puzzles, made while the server starts (a second or two, beside its first pages)."""
    warm_found(SEEDS)
    settle()  # the warmed puzzles live as long as the process: out of the collector's sight


threading.Thread(target=_warm_puzzles, name="fives-warm-puzzles", daemon=True).start()

HERE = os.path.dirname(os.path.abspath(__file__))
APP = os.path.join(HERE, "app.py")
PAGES = tuple(p.name for p in MENU if not p.default)
"""Every page's address but the first (``/``): the ``url_path`` of each page of the menu."""


async def page(request: Request) -> HTMLResponse:
    if "key" in request.query_params:  # an old teacher link: the key leaves the address before anything loads
        return HTMLResponse(old_link(request), headers={"Cache-Control": "no-store"})
    return HTMLResponse(index_html(), headers={"Cache-Control": "no-cache"})


def old_link(request: Request) -> str:
    """The page an old teacher link gets (:func:`trainer.serving.index.link_page`), in the language its address
    or the browser asks for."""
    asked = request.query_params.get("lang") or request.headers.get("accept-language", "")[:2]
    kept = [(k, v) for k, v in request.query_params.multi_items() if k not in ("class", "key")]
    target = request.url.path + ("?" + urlencode(kept) if kept else "")
    with words.speaking(asked) as lang:
        return link_page(lang=lang, title=teacher_words.old_link_title(), note=teacher_words.old_link_note(),
                         button=teacher_words.old_link_open(), target=target)


app = st.App(APP, routes=[Route(f"/{name}", page, methods=["GET", "HEAD"]) for name in ("", *PAGES)])
"""Every page's address, the first (``/``) too, gets Streamlit's page with the server's address set and an
old teacher link's key moved out of the address first (:func:`trainer.serving.index.link_page`)."""

warm_up()  # before the server answers its health check: no child waits for the imports of a first page
settle()  # what is made by now lives as long as the process; the collector comes rarer (warmup.COLLECT_EVERY)
