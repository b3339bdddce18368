"""Streamlit's own page as a browser is sent it, with the server's address set in advance, and the hashes
of its inline scripts for the Content-Security-Policy. Read from Streamlit's installed files without
importing Streamlit, so the balancer's configuration can be written by a process that never runs a page.

A page opened directly (``/projector`` typed in the address bar, a reload, a bookmark) would make
Streamlit's page probe its server under the page's path first (``/projector/_stcore/health`` and
``/projector/_stcore/host-config``, two 404s, streamlit/streamlit#7074) before finding it at the
root. Our app is always served at the root, so the page paths get Streamlit's own page with the
server's address set in advance (``window.__streamlit.BACKEND_BASE_URL``, a setting of Streamlit's
for hosts): the page asks the root straight away.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import importlib.util
import os
import re

BASE_SCRIPT = 'window.__streamlit = {BACKEND_BASE_URL: window.location.origin + "/"}'


def _streamlit_folder() -> str:
    spec = importlib.util.find_spec("streamlit")
    if spec is None or spec.origin is None:
        raise RuntimeError("Streamlit is not installed")
    return os.path.dirname(spec.origin)


@functools.cache
def index_html() -> str:
    """Streamlit's own page, with the server's address set before its scripts run."""
    with open(os.path.join(_streamlit_folder(), "static", "index.html"), encoding="utf-8") as f:
        page = f.read()
    return page.replace("<head>", f"<head>\n    <script>{BASE_SCRIPT}</script>", 1)


def inline_script_hashes() -> list[str]:
    """The CSP hashes (``'sha256-…'``) of the inline scripts of the page a browser is sent, Streamlit's
    own and ours, so a Content-Security-Policy can allow exactly those."""
    scripts = re.findall(r"<script>(.*?)</script>", index_html(), flags=re.S)
    return [f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in scripts]
