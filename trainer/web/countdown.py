"""A live lesson's countdown on the screens, and the projector's chime when it ends.

The ring and its seconds are drawn once with the time left by the store's clock (see
:meth:`trainer.store.LessonState.seconds_left`) and then run in the browser by CSS alone
(``static/countdown.css``); the pages redraw when the store says the time is up, and only the store
decides whether an answer came in time. The chime is a small component (``static/chime.js``) that
plays two soft WebAudio notes once for each end of time, and is sent only while the teacher has the
sound on."""

from __future__ import annotations

import html
import math
import os

import streamlit as st

from trainer.web import ui
from trainer.words import lobby as words


def static_text(name: str) -> str:
    """One of the app's static files (``trainer/web/static``): read once, at import, by the modules that use it."""
    with open(os.path.join(ui.STATIC, name), encoding="utf-8") as f:
        return f.read()


STYLE = f"<style>{static_text('countdown.css')}</style>"
chime_component = st.components.v2.component("fives_chime", js=static_text("chime.js"))
CHIME_WINDOW = 6.0
"""Seconds after the end of time the projector may still chime (a reload long after stays quiet)."""


def ring_html(left: float, total: int, *, size: str) -> str:
    """The ring for ``left`` of ``total`` seconds, ``size`` across (a CSS length). Its number is the
    whole seconds left, rounded up, so it reads 0 only when the time is over.

    >>> html = ring_html(7.6, 10, size="6rem")
    >>> "--fives-from:8" in html and "--fives-count-delay:-0.400s" in html and "8 seconds left" in html
    True
    """
    left = max(0.0, float(left))
    whole = math.ceil(left)
    total = max(int(total), whole, 1)  # a countdown changed during the puzzle: the ring starts full
    style = (f"--fives-size:{size};--fives-total:{total}s;--fives-total-steps:{total};"
             f"--fives-arc-delay:{left - total:.3f}s;--fives-from:{whole};--fives-whole:{max(whole, 1)}s;"
             f"--fives-count-delay:{left - whole:.3f}s")
    return (f'<div class="fives-countdown" role="timer" data-testid="countdown" data-left="{whole}" '
            f'aria-label="{html.escape(words.seconds_left(whole))}" style="{style}">'
            '<div class="fives-ring"></div><div class="fives-seconds" aria-hidden="true"></div></div>')


def show_ring(left: float, total: int, *, size: str = "6rem") -> None:
    st.html(STYLE)  # a style on its own: Streamlit keeps it (beside other HTML it would be dropped)
    st.html(ring_html(left, total, size=size))


def chime(key: str) -> None:
    """Chime once for the end of time ``key`` (the lesson and its round) on this page."""
    chime_component(data={"chime": key}, key=f"chime-{key}")


def should_chime(seconds_since_end: float, sound: bool) -> bool:
    """Whether the projector chimes now: the sound is on and the time ended only just now.

    >>> should_chime(1.2, True), should_chime(1.2, False), should_chime(60.0, True)
    (True, False, False)
    """
    return sound and 0.0 <= seconds_since_end < CHIME_WINDOW
