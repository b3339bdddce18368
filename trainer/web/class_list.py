"""A child choosing a table sees their class's open tables as they are: a table a classmate just opened, or a
child who just sat down, appears without a reload (the list is looked at again every few seconds, and the
choice of tables drawn again only when it changed)."""

from __future__ import annotations

import contextlib

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from trainer.store import Store, StoreError
from trainer.web import pagestate, session

EVERY = 5.0
"""How often a child choosing a table looks at their class's open tables (seconds)."""


def listed(s: Store, class_code: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The class's open tables a child may join (a dozen at most), each with the children sitting there."""
    return tuple((t.code, tuple(seat.nickname for seat in t.seats))
                 for t in s.class_tables(class_code) if t.ended is None)[:12]


def look(class_code: str) -> None:
    """The choice of tables drawn again when the class's list changed since it was drawn."""
    ctx, s, ts = get_script_run_ctx(suppress_warning=True), session.store(), pagestate.tables()
    if ctx is None or not ctx.fragment_ids_this_run or s is None or ts.code is not None:
        return  # run inline by the page's part, which drew the list just before
    with contextlib.suppress(StoreError):  # asked again in a moment
        if listed(s, class_code) != ts.listed:
            st.rerun(scope="app")
