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
import html
import importlib.util
import json
import os
import re

BASE_SCRIPT = 'window.__streamlit = {BACKEND_BASE_URL: window.location.origin + "/"}'
CLASS_COOKIE = "fives-class"
"""The cookie that carries the class a teacher opened in this browser to the page's first run."""
CLASS_SCRIPT = (
    "window.fivesClassCookie=function(t){t=t||'';"
    f"document.cookie='{CLASS_COOKIE}='+encodeURIComponent(t)+';path=/_stcore/stream;SameSite=Strict'"
    "+(t?'':';max-age=0')+(window.location.protocol==='https:'?';Secure':'')};"
    "try{window.fivesClassCookie(window.localStorage.getItem('fives-trainer-teacher'))}catch(e){}"
)
"""Before the page connects, the class this browser keeps open for its teacher (its local storage, where My
class put it) is copied into a session cookie (gone when the browser closes; none when no class is kept) that
the browser sends with one request only: the page's connection to the server (``/_stcore/stream``, the path
the cookie is set for), never with a page, a script or a picture, and never from another site's page
(``SameSite=Strict``). So the run that connection starts knows the class: the Projector and My class draw the
class's buttons in the page's first run, not after the browser's storage has answered (one more run, a second
on a slow tablet). The script leaves its writer as ``window.fivesClassCookie``, which ``static/device.js`` calls
whenever the kept class changes (one writer, so the cookie's name, path and flags are said once)."""
LINK_SCRIPT = (
    "(function(){var u=new URL(window.location.href);"
    "try{window.sessionStorage.setItem('fives-trainer-link',JSON.stringify("
    "{code:u.searchParams.get('class')||'',key:u.searchParams.get('key')||''}))}catch(e){}"
    "u.searchParams.delete('key');u.searchParams.delete('class');"
    "window.history.replaceState(null,'',u.pathname+u.search+u.hash)})();"
)
"""An old teacher link (``?class=…&key=…``) is answered with :func:`link_page` alone. Its script, before
anything else, moves the class code and key from the address into this tab's own storage
(``sessionStorage``, read once by the teacher page through ``static/device.js``) and cleans this tab's
address in place; the page then offers one button to the clean address. Nothing of the app loads under the
key's address (no Streamlit page, no icon, no request or message carries the key), and the teacher's tap
makes the app's page a navigation of its own, so the browser ties neither its icon nor its cache to the old
address. (The browser records the address it was sent to before any page code runs: that one visit is the
browser's, and no page can take it back.)"""


def _streamlit_folder() -> str:
    spec = importlib.util.find_spec("streamlit")
    if spec is None or spec.origin is None:
        raise RuntimeError("Streamlit is not installed")
    return os.path.dirname(spec.origin)


@functools.cache
def index_html() -> str:
    """Streamlit's own page, with the server's address set before its scripts run and what the home page
    draws fetched at once (:func:`preload_links`)."""
    with open(os.path.join(_streamlit_folder(), "static", "index.html"), encoding="utf-8") as f:
        page = f.read()
    page = page.replace("<head>", f"<head>\n    <script>{BASE_SCRIPT}</script>\n    <script>{CLASS_SCRIPT}</script>", 1)
    return page.replace("</head>", preload_links(page) + "</head>", 1)


HOME_CHUNKS = ("ButtonGroup", "Button", "TextInput", "PageLink", "Html", "BidiComponent", "rehype-raw")
"""The parts of Streamlit's page that draw the home page's elements (choosers, buttons, the answer box, the
menu's links, our HTML, our components, and markdown with HTML in it), by their names in Streamlit's build
manifest. Streamlit fetches each one only once the first run has sent an element that needs it, so a first
load waits for them after the server's run; asked for in the page itself, they arrive with the rest."""
HOME_FONTS = ("MaterialSymbols-Rounded", "SourceSansVF-Italic")
"""The menu's icons and the italic text of the home page: fonts the browser would fetch only once it draws them."""


def preload_links(page: str) -> str:
    """``<link rel="modulepreload">`` for :data:`HOME_CHUNKS` and every module they import that ``page`` does not
    already list, and ``<link rel="preload">`` for :data:`HOME_FONTS` it does not. A name Streamlit's manifest no longer
    has is left out (the page then fetches it as before)."""
    try:
        with open(os.path.join(_streamlit_folder(), "static", "manifest.json"), encoding="utf-8") as f:
            manifest: dict[str, dict] = json.load(f)
    except (OSError, ValueError):
        return ""
    wanted = [k for k, v in manifest.items() if v.get("name") in HOME_CHUNKS or k.endswith("/rehype-raw/index.js")]
    seen: list[str] = []
    while wanted:
        key = wanted.pop(0)
        if key in manifest and key not in seen:
            seen.append(key)
            wanted.extend(manifest[key].get("imports", []))
    scripts = [manifest[k]["file"] for k in seen if manifest[k]["file"].endswith(".js")]
    fonts = sorted(v["file"] for v in manifest.values()
                   if v["file"].endswith(".woff2") and os.path.basename(v["file"]).split(".")[0] in HOME_FONTS)
    links = [f'<link rel="modulepreload" crossorigin href="./{f}">' for f in scripts if f'"./{f}"' not in page]
    links += [f'<link rel="preload" href="./{f}" as="font" type="font/woff2" crossorigin>' for f in fonts
              if f'"./{f}"' not in page]
    return "".join(f"    {link}\n" for link in links)


def link_page(*, lang: str, title: str, button: str, note: str, target: str) -> str:
    """The whole answer to an address with a teacher key: :data:`LINK_SCRIPT`, a line and one big button to
    ``target`` (the same page without the key), in the reader's language; no icon (``data:,``)."""
    def text(s: str) -> str:
        return html.escape(s, quote=True)

    return (f'<!doctype html><html lang="{text(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<link rel="icon" href="data:,"><title>{text(title)}</title><script>{LINK_SCRIPT}</script></head>'
            '<body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem;'
            'color:#1F2933">'
            f'<h1 style="font-size:1.8rem">{text(title)}</h1><p style="font-size:1.2rem">{text(note)}</p>'
            f'<a id="go" href="{text(target)}" style="display:inline-block;background:#00629A;color:#fff;'
            'font-size:1.4rem;padding:0.9rem 1.6rem;border-radius:0.6rem;text-decoration:none">'
            f"{text(button)}</a></body></html>")


def inline_script_hashes() -> list[str]:
    """The CSP hashes (``'sha256-…'``) of the inline scripts of the page a browser is sent, Streamlit's
    own and ours, so a Content-Security-Policy can allow exactly those."""
    scripts = re.findall(r"<script>(.*?)</script>", index_html() + f"<script>{LINK_SCRIPT}</script>", flags=re.S)
    return [f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in scripts]
