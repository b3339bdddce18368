"""Where the app changes Streamlit's runtime, and the only place it does.

Streamlit 1.67 spends most of a click's server time in its own machinery, not in the page. Each module here
replaces a few of its functions (and one of uvicorn's) with copies that do the same work for less. They are a
fork of those functions, kept small, each named here with what it replaces and what it saved when measured:

========================  ==========================================================  =========================
module                    replaces                                                     measured gain
========================  ==========================================================  =========================
:mod:`.sending`           ``Runtime._loop_coroutine``, ``Runtime._enqueued_some_message``,  a click among 800 open
                          ``AppSession.__init__`` (wrapped), ``_on_scriptrunner_event``,    pages 8.6 → 6.5 ms; one
                          ``request_rerun``; Streamlit's ``write_forward_msg``; uvicorn's   process 5.8 → 3.5 ms of
                          websocket ``send``                                                server CPU a click
:mod:`.presenting`        ``presentation.make_bidi_component_presenter``                  0.25 ms a click (nine
                                                                                           class definitions a run)
:mod:`.theme_once`        ``config.get_options_for_section`` (theme sections),            about 0.5 ms a run
                          ``app_session._populate_theme_msg``
:mod:`.first_message`     ``AppSession._create_new_session_message``                       about 0.15 ms a run
:mod:`.snapshots`         ``copy.deepcopy`` in ``streamlit.runtime.fragment`` (a part's      about 0.1 ms a run of a
                          place on the page, copied for each of its runs)                   page's part
:mod:`.texts`             ``string_util.clean_text`` (and its name in the modules of        a third of a millisecond
                          Streamlit's elements that took it in)                            a table's sheet (10 KB)
:mod:`.warmup`            nothing: imports the pages' modules at start, marks Streamlit's   the first child's first
                          shell check done, collects garbage less often                    run 0.5 s+; 250–500 ms
                                                                                           pauses under load
:mod:`.waking`            nothing: starts a session's run from the server, as a saved        a move seen on the other
                          source file does (``AppSession._create_scriptrunner``), for the    tablets without polling
                          tables' pushed moves: the page's part (``st.fragment``) alone;     the store every second;
                          or sends one element again with a new text and no run at all      no whole-page run a wake;
                          (``repaint``: a copy of the message it last went out in)          a waiting tablet no run
========================  ==========================================================  =========================

Every module says what it was written from (``WRITTEN``: the exact versions of Streamlit, uvicorn and
websockets, and a hash of the source of each function it replaces or leans on) and checks it before it
changes anything (:mod:`.guard`). When the installed libraries differ, it logs one warning and leaves the
library's own code in place: the app stays correct and is only slower (docs/benchmarks.md says by how much).
``tests/test_runtime_guard.py`` fails when the installed libraries differ from the records, so an upgrade
is a deliberate act: read the upstream change, carry it into the copy, then refresh the record with
``python -m trainer.web.runtime`` (docs/contributing.md, "Upgrading Streamlit").
"""

from __future__ import annotations

from trainer.web.runtime import (
    first_message,
    guard,
    presenting,
    sending,
    snapshots,
    texts,
    theme_once,
    waking,
    warmup,
)

MODULES = (sending, presenting, theme_once, first_message, snapshots, texts, warmup, waking)
"""Every module of the runtime, each with its ``WRITTEN`` record."""


def install() -> dict[str, bool]:
    """Put in every change whose record matches the installed libraries (once per process; later calls do
    nothing); returns which are in. The warm-up's mark is made by :func:`warmup.warm_up`, at start-up."""
    theme_once.install()  # the theme's settings read once, not on every rerun
    sending.install()  # the runtime sends from the sessions that have something to send, not from every one
    presenting.install()  # a picture's state, as session_state shows it, with its class made once
    first_message.install()  # a run's first message built once a session, copied for its later runs
    snapshots.install()  # a page part's place on the page copied for each of its runs, for less
    texts.install()  # a page's text cleaned without two regular expressions over it, where none can change it
    return installed()


def installed() -> dict[str, bool]:
    """Which changes this process runs (the warm-up has nothing to put in: always ``True``)."""
    return {"sending": sending.installed(), "presenting": presenting.installed(),
            "theme_once": theme_once.installed(), "first_message": first_message.installed(),
            "snapshots": snapshots.installed(), "texts": texts.installed(), "warmup": True}


def records() -> list[tuple[guard.Written, guard.Written, list[str]]]:
    """Each module's record as written, as it would be written for the libraries installed now, and what
    differs."""
    return [(m.WRITTEN, guard.current(m.WRITTEN), guard.differences(m.WRITTEN)) for m in MODULES]
