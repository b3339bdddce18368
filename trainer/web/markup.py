"""Our own HTML on a page: stored text (a nickname, a class name) shown exactly as typed."""

from __future__ import annotations

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

