"""Typed page state: each page keeps what it needs between reruns as one record under one key of
``st.session_state``.

A record is a dataclass defined in an imported module (never in a page script, which is run anew
on every rerun and would make ``isinstance`` fail). Widgets report into the record through their
callbacks; the record is what the page reads, so a widget that Streamlit forgot while another page
was open, or one that came back empty, never leaves the page without its choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import streamlit as st

T = TypeVar("T")

def get(key: str, factory: Callable[[], T]) -> T:
    """The record under ``key``, made by ``factory`` the first time."""
    found = st.session_state.get(key)
    if found is None:
        found = factory()
        st.session_state[key] = found
    return found
