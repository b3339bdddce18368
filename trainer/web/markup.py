"""Our own HTML on a page: stored text (a nickname, a class name) shown exactly as typed."""

from __future__ import annotations

import re

import streamlit as st

_LITERAL = {ord(ch): f"&#{ord(ch)};" for ch in "&<>\"'`*_{}[]()#+!|~:$=\\"}


def literal(text: str) -> str:
    """Stored text (a nickname, a class name) as HTML that shows exactly what was typed: no
    entities, no Markdown, no math, no icons or emoji short codes. For :func:`show_html` and
    widget labels only.

    >>> literal("O'Neil $x^2$ :smile:")
    'O&#39;Neil &#36;x^2&#36; &#58;smile&#58;'
    """
    return str(text).translate(_LITERAL)


def show_html(html_text: str, *, tag: str = "div", css: str = "") -> None:
    """A line of our own HTML (with names made :func:`literal`) as one block, never read as Markdown."""
    style = f' style="{css}"' if css else ""
    st.markdown(f"<{tag}{style}>{html_text}</{tag}>", unsafe_allow_html=True)



_TILE_NAME = re.compile(r"(?<![\w-])(\d)-(\d)(?![\w-])")
NON_BREAKING_HYPHEN = "\u2011"


def whole_tiles(text: str) -> str:
    """A sentence with each tile it names ("5-6") kept whole: a non-breaking hyphen between the halves, so a
    phone's narrow line never leaves "5-" at one line's end and "6" at the next's.

    >>> whole_tiles("Leo played 3-5 on the 5 of 5-5.") == "Leo played 3\u20115 on the 5 of 5\u20115."
    True
    >>> whole_tiles("3-5>2-5 and 10-15")
    '3\u20115>2\u20115 and 10-15'
    """
    return _TILE_NAME.sub(rf"\1{NON_BREAKING_HYPHEN}\2", text)
