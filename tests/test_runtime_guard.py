"""The app's changes to Streamlit's runtime (trainer/web/runtime/): each goes in only on the libraries it was
written for, and otherwise leaves the library's own code, with one warning. The first test here is the one
that fails on an upgrade: it says what changed, and how to carry the change over."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from trainer.web import runtime
from trainer.web.runtime import guard, presenting, sending

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.parametrize("module", runtime.MODULES, ids=lambda m: m.WRITTEN.name)
def test_the_installed_libraries_are_the_ones_each_change_was_written_for(module):
    found = guard.differences(module.WRITTEN)
    assert not found, (
        f"trainer.web.runtime.{module.WRITTEN.name} was written for other versions: {found}. An upgrade is "
        "deliberate: read the upstream change of each function named, carry it into the copy, then refresh the "
        "record with `python -m trainer.web.runtime` (docs/contributing.md, 'Upgrading Streamlit').")


def test_every_change_is_in_under_the_tests_as_in_an_app_process():
    """tests/conftest.py installs them as trainer/web/asgi.py does: the page tests run with them. AppTest
    runs a page's script in its own runner, without the runtime's loop or a websocket, so of these it goes
    through the theme's message and the pictures' presenter; the loop and the websocket's writes are tested
    against a real server in tests/test_sending.py and in every browser test."""
    assert runtime.installed() == {"sending": True, "presenting": True, "theme_once": True, "first_message": True,
                                   "snapshots": True, "texts": True, "warmup": True}


def test_each_record_names_functions_that_exist_and_hashes_them_from_the_librarys_own_code():
    for module in runtime.MODULES:
        now = guard.current(module.WRITTEN)
        assert "missing" not in now.sources.values()
        assert now.sources == dict(module.WRITTEN.sources)
    # installed already: the check reads what the library had, not the copy put in its place
    from streamlit.runtime.runtime import Runtime

    assert Runtime._loop_coroutine is sending._loop_coroutine
    assert guard.resolve("streamlit.runtime.runtime:Runtime._loop_coroutine") is not sending._loop_coroutine


def test_a_changed_function_a_changed_version_and_a_lost_name_are_each_a_difference():
    written = sending.WRITTEN
    path = next(iter(written.sources))
    changed = guard.Written("t", dict(written.versions), {**written.sources, path: "0" * 16}, written.names)
    assert any(path in line and "has changed" in line for line in guard.differences(changed))
    older = guard.Written("t", {"streamlit": "1.66.0"}, {}, ())
    assert guard.differences(older) == ["streamlit is 1.67.0, written for 1.66.0"]
    lost = guard.Written("t", {}, {}, ("streamlit.runtime.runtime:NO_SUCH_NAME",))
    assert guard.differences(lost) == ["streamlit.runtime.runtime:NO_SUCH_NAME is gone (AttributeError)"]
    absent = guard.Written("t", {"no-such-distribution-here": "1.0"}, {}, ())
    assert guard.differences(absent) == ["no-such-distribution-here is missing, written for 1.0"]


# in a fresh interpreter: records made to differ, then the app's install; what runs is Streamlit's own
_MISMATCH = r"""
import json, logging, sys
records = []
class Kept(logging.Handler):
    def emit(self, record):
        records.append(record.getMessage())
logging.getLogger("fives_trainer").addHandler(Kept())
from trainer.web.runtime import first_message, guard, presenting, sending, snapshots, texts, theme_once, warmup
for m in (sending, presenting, theme_once, first_message, snapshots, texts, warmup):
    first = next(iter(m.WRITTEN.sources))
    w = m.WRITTEN
    m.WRITTEN = guard.Written(w.name, dict(w.versions), {**w.sources, first: "0" * 16}, w.names)
import streamlit.delta_generator as dg
import streamlit.elements.markdown as markdown
import streamlit.string_util as string_util
from streamlit.components.v2.bidi_component import main as bidi_main
from streamlit.runtime import app_session, fragment
from streamlit.runtime.runtime import Runtime
from streamlit.runtime.app_session import AppSession
own = (Runtime._loop_coroutine, AppSession.request_rerun, AppSession.__init__, bidi_main.make_bidi_component_presenter,
       app_session._populate_theme_msg, AppSession._create_new_session_message, fragment.deepcopy,
       string_util.clean_text, markdown.clean_text)
from trainer.web import runtime
runtime.install(); runtime.install()
warmup.warm_up()
now = (Runtime._loop_coroutine, AppSession.request_rerun, AppSession.__init__, bidi_main.make_bidi_component_presenter,
       app_session._populate_theme_msg, AppSession._create_new_session_message, fragment.deepcopy,
       string_util.clean_text, markdown.clean_text)
print(json.dumps({"same": [a is b for a, b in zip(own, now)], "installed": runtime.installed(),
                  "repl_mark": dg._use_warning_has_been_displayed, "warnings": records}))
"""


def test_on_a_difference_each_change_leaves_the_librarys_code_and_says_so_once():
    done = subprocess.run([sys.executable, "-c", _MISMATCH], capture_output=True, text=True, cwd=ROOT, timeout=120,
                          check=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["same"] == [True] * 9
    assert found["installed"] == {"sending": False, "presenting": False, "theme_once": False, "first_message": False,
                                  "snapshots": False, "texts": False, "warmup": True}
    assert found["repl_mark"] is False  # Streamlit's own check runs
    names = sorted(line.split(" is not installed")[0] for line in found["warnings"])
    assert names == ["trainer.web.runtime.first_message", "trainer.web.runtime.presenting",
                     "trainer.web.runtime.sending", "trainer.web.runtime.snapshots", "trainer.web.runtime.texts",
                     "trainer.web.runtime.theme_once", "trainer.web.runtime.warmup"]  # one each, installed twice
    assert all("Streamlit's own code runs instead" in line for line in found["warnings"])


def test_the_refresh_command_says_all_match_and_prints_a_record_when_one_differs(monkeypatch, capsys):
    from trainer.web.runtime import __main__ as refresh

    assert refresh.main() == 0
    assert "sending: matches the installed libraries" in capsys.readouterr().out
    monkeypatch.setattr(presenting, "WRITTEN", guard.Written(
        "presenting", {"streamlit": "0.1"}, dict(presenting.WRITTEN.sources), presenting.WRITTEN.names))
    assert refresh.main() == 1
    out = capsys.readouterr().out
    assert "presenting: differs" in out and "streamlit is 1.67.0, written for 0.1" in out
    assert "versions={'streamlit': '1.67.0'}" in out


