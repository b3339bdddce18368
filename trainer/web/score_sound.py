"""The short sound that marks a score on Play a hand: a tiny script of ours (``static/score_sound.js``)
makes it in the browser, once for each fresh score. A child switches it off with one switch; the Projector
page shows no game, so a projected class never hears it."""

from __future__ import annotations

import os
from enum import StrEnum

import streamlit as st

_JS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static", "score_sound.js")
with open(_JS, encoding="utf-8") as _f:
    sound_component = st.components.v2.component("fives_score_sound", js=_f.read())


class Whose(StrEnum):
    """Whose score the sound marks: the learner's side rings brighter."""

    MINE = "mine"
    THEIRS = "theirs"


def score_sound(mark: str, whose: Whose) -> None:
    """Ask the browser for the score's sound (``mark`` names the score: the same mark sounds once)."""
    sound_component(data={"mark": mark, "kind": str(whose)}, key=f"score-sound-{mark}")


__all__ = ["Whose", "score_sound"]
