"""A run's first message built once a session and copied for its later runs (trainer/web/runtime/first_message.py):
what the browser gets is Streamlit's own message for that run, field for field."""

from __future__ import annotations

import os

from streamlit import config
from streamlit.runtime.app_session import AppSession, AppSessionState
from streamlit.runtime.pages_manager import PagesManager
from streamlit.runtime.script_data import ScriptData
from streamlit.runtime.scriptrunner_utils.run_descriptor import RunDescriptor

from trainer.web.runtime import first_message

APP = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "trainer", "web", "app.py")


class _Session(AppSession):
    def __del__(self) -> None:  # made without a server: nothing to shut down
        pass


def a_session() -> AppSession:
    """An app session with what a run's first message is built from, and nothing else."""
    session = object.__new__(_Session)
    session._script_data = ScriptData(APP)
    session._pages_manager = PagesManager(APP)
    session._run_on_save = False
    session._state = AppSessionState.APP_IS_RUNNING
    session.id = "a-session"
    return session


def test_each_run_gets_streamlits_own_first_message_with_its_own_identity():
    first_message.install()
    assert first_message.installed()
    own = first_message.streamlits_own()
    session = a_session()
    runs = [RunDescriptor.create(), RunDescriptor.create(["fragment-a"]), RunDescriptor.create(["fragment-b", "c"])]
    for run in runs:
        for page in ("page-one", "page-two"):
            kept = session._create_new_session_message(page, run)
            fresh = own(session, page, run)
            assert kept == fresh, page
            assert kept.metadata.run.script_run_id == run.script_run_id
            assert list(kept.metadata.run.fragment_ids) == list(run.fragment_ids)
            assert kept.new_session.page_script_hash == page
    assert len(kept.new_session.app_pages) >= 1


def test_a_later_run_copies_the_first_and_a_change_builds_it_again(monkeypatch):
    first_message.install()
    own = first_message.streamlits_own()
    built: list[str] = []

    def counting(self, page, run, pages=None):
        built.append(page)
        return own(self, page, run, pages)

    session = a_session()
    # the installed method calls the original it kept at install; count through a session of its own
    monkeypatch.setattr(first_message, "streamlits_own", lambda: counting)
    monkeypatch.setattr(AppSession, "_fives_first_message", False)
    monkeypatch.setattr(AppSession, "_create_new_session_message", own)
    first_message.install()
    for _ in range(3):
        session._create_new_session_message("page-one", RunDescriptor.create(["part"]))
    assert built == ["page-one"], "built once, copied for the two runs after"
    session._create_new_session_message("page-two", RunDescriptor.create())
    assert built == ["page-one", "page-two"], "another page: built again"
    session._state = AppSessionState.APP_NOT_RUNNING
    session._create_new_session_message("page-two", RunDescriptor.create())
    assert len(built) == 3, "the session's state is in the message: built again"
    config._on_config_parsed.send()  # the configuration file read again: its settings may have changed
    msg = session._create_new_session_message("page-two", RunDescriptor.create())
    assert len(built) == 4
    assert msg == own(session, "page-two", RunDescriptor(msg.metadata.run.script_run_id))
