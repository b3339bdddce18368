"""The way into a live lesson from the big screen: the address children open (with the class code in
it, so a scan of its QR code lands on the lesson's join form), the short form of it to read from the
back of the room, and the QR code itself. Pure Python (segno).

>>> link = join_link("http://192.168.1.20:8501/projector?code=CQT6-QX36", "KQ7-MXR-4PD")
>>> link
'http://192.168.1.20:8501/live?join=KQ7-MXR-4PD'
>>> shown_address(link)
'192.168.1.20:8501/live'
>>> is_local(link), is_local("http://localhost:8501/live?join=KQ7-MXR-4PD")
(False, True)
"""

from __future__ import annotations

import ipaddress
from urllib.parse import quote, urlsplit

import segno

from puzzles.worksheet import address_problem

LIVE_PAGE = "live"
"""The page a child joins on (its ``url_path``)."""


def app_base(page_url: str | None) -> str:
    """The app's own address from the address of one of its pages (the projector's): the page's name,
    its query and fragment dropped; a path the app is served under is kept.

    >>> app_base("http://10.0.0.5:8501/fives/projector?code=X")
    'http://10.0.0.5:8501/fives/'
    >>> app_base(None)
    'http://localhost:8501/'
    """
    base = (page_url or "").split("#", 1)[0].split("?", 1)[0]
    if "://" not in base:
        return "http://localhost:8501/"
    scheme, rest = base.split("://", 1)
    host, _, path = rest.partition("/")
    folder = path.rsplit("/", 1)[0] + "/" if "/" in path else ""
    return f"{scheme}://{host}/{folder}"


def join_link(page_url: str | None, class_code: str, typed_base: str = "") -> str:
    """The address that opens the class's live lesson with its join form: on the app the page was
    opened from, or on ``typed_base`` (an address the teacher typed for the children's tablets) when
    that is a usable one."""
    typed = typed_base.strip()
    base = typed if typed and address_problem(typed) is None else app_base(page_url)
    if not base.endswith("/"):
        base += "/"
    return f"{base}{LIVE_PAGE}?join={quote(class_code, safe='-')}"


def shown_address(link: str) -> str:
    """The address as a child types it: no ``http://``, no query."""
    parts = urlsplit(link)
    return f"{parts.netloc}{parts.path}"


def is_local(link: str) -> bool:
    """Whether the address names this computer only (``localhost``, ``127.0.0.1``): a tablet cannot
    open it, so the teacher is asked for the address the children use."""
    host = urlsplit(link).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def qr_data_uri(link: str) -> str:
    """The link's QR code as an SVG data URI (black on white, a quiet border) with no size of its own, so it
    fills the width the page gives it.

    >>> qr_data_uri("http://192.168.1.20:8501/live?join=KQ7-MXR-4PD").startswith("data:image/svg+xml")
    True
    """
    return segno.make(link, error="m").svg_data_uri(scale=1, border=2, omitsize=True)
