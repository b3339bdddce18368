"""Our own HTML on a page: stored text (a nickname, a class name) shown exactly as typed, and a page's lines
and pictures gathered into one element (:class:`Sheet`)."""

from __future__ import annotations

import html
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



class Sheet:
    """A page's headings, lines, notes and pictures gathered into one element, sent when a widget (or anything
    else of Streamlit's) must come next (:meth:`send`). A page every tablet at a table draws again at every move
    builds one element where it built six: Streamlit's cost is per element (building, hashing, queueing and
    sending each), not per word. Text is escaped here; :meth:`add` takes HTML as it is (a picture's)."""

    def __init__(self) -> None:
        self._parts: list[str] = []

    def add(self, html_text: str) -> None:
        """HTML as it is (made safe by its maker: a picture, a scoreboard)."""
        if html_text:
            self._parts.append(html_text)

    def heading(self, text: str, level: int = 3) -> None:
        """A heading, as ``###`` draws it."""
        self._parts.append(f"<h{level}>{sentence(text)}</h{level}>")

    def note(self, text: str) -> None:
        """A note in a pale blue box, as ``st.info`` draws it, read out when it changes."""
        self._parts.append(f'<div class="fives-note" role="status">{sentence(text)}</div>')

    def line(self, text: str) -> None:
        """A line of text (its ``**bold**`` kept bold)."""
        self._parts.append(f"<p>{sentence(text)}</p>")

    def caption(self, text: str) -> None:
        """A small grey line, as ``st.caption`` draws it."""
        self._parts.append(f'<p class="fives-small">{sentence(text)}</p>')

    def html(self) -> str:
        """What was gathered, as the one element's HTML (taken: the sheet is empty after)."""
        out = "".join(self._parts)
        self._parts.clear()
        return out

    def send(self) -> None:
        """Put what was gathered on the page, as one element (nothing if nothing was)."""
        if self._parts:
            st.markdown(self.html(), unsafe_allow_html=True)


def sentence(text: str) -> str:
    """A sentence as HTML: escaped, its ``**bold**`` kept bold (as Markdown draws it).

    >>> sentence("**Say your score** <now>")
    '<strong>Say your score</strong> &lt;now&gt;'
    """
    return re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", html.escape(text, quote=False))


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
