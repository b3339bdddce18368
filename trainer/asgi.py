"""The app as Streamlit serves it: ``streamlit run trainer/asgi.py`` (what ``make run`` and
``make serve`` start) runs ``trainer/app.py`` with one route of our own.

A page opened directly (``/projector`` typed in the address bar, a reload, a bookmark) would make
Streamlit's page probe its server under the page's path first (``/projector/_stcore/health`` and
``/projector/_stcore/host-config``, two 404s, streamlit/streamlit#7074) before finding it at the
root. Our app is always served at the root, so the page paths get Streamlit's own page with the
server's address set in advance (``window.__streamlit.BACKEND_BASE_URL``, a setting of Streamlit's
for hosts): the page asks the root straight away.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re

import streamlit as st
from starlette.responses import HTMLResponse
from starlette.routing import Route

HERE = os.path.dirname(os.path.abspath(__file__))
APP = os.path.join(HERE, "app.py")
PAGES = ("sprint", "play", "my_progress", "live", "me", "rules", "projector", "teacher")
"""Every page's address but the first (``/``): the ``url_path`` of each page in ``app.py``."""
BASE_SCRIPT = 'window.__streamlit = {BACKEND_BASE_URL: window.location.origin + "/"}'


@functools.cache
def index_html() -> str:
    """Streamlit's own page, with the server's address set before its scripts run."""
    path = os.path.join(os.path.dirname(st.__file__), "static", "index.html")
    with open(path, encoding="utf-8") as f:
        page = f.read()
    return page.replace("<head>", f"<head>\n    <script>{BASE_SCRIPT}</script>", 1)


def inline_script_hashes() -> list[str]:
    """The CSP hashes (``'sha256-…'``) of the inline scripts of the page a browser is sent, Streamlit's
    own and ours, so a Content-Security-Policy can allow exactly those."""
    import base64

    scripts = re.findall(r"<script>(.*?)</script>", index_html(), flags=re.S)
    return [f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in scripts]


async def page(request) -> HTMLResponse:
    return HTMLResponse(index_html(), headers={"Cache-Control": "no-cache"})


app = st.App(APP, routes=[Route(f"/{name}", page, methods=["GET", "HEAD"]) for name in PAGES])
