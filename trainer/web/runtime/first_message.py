"""A run's first message made once a session, and copied for its later runs.

Every run of a page, a click's or a woken table's, starts with a message that tells the browser about the app:
its pages, its settings, its theme, the server's versions, the session's id. Streamlit builds it anew for every
run, field by field (its pages one by one, a dozen settings read, the theme, a look at where the browser
connects from), about 0.2 ms of a run that costs a few; from one run to the next only the run's own identity
(its id and the parts it runs) changes. :func:`install` keeps the first one built for a session and copies it
for the session's later runs, with their own identity; it is built anew when anything it was built from may
have changed: the page, the app's pages, whether the session is running, or the configuration file read again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from streamlit import config
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime import app_session
from streamlit.runtime.app_session import AppSession

from trainer.web.runtime import guard

_INSTALLED = "_fives_first_message"
_KEPT = "_fives_first_message_kept"
"""Where a session keeps its first message (``(what it was built from, the message without its run)``)."""

WRITTEN = guard.Written(
    name="first_message",
    versions={"streamlit": "1.67.0"},
    sources={"streamlit.runtime.app_session:AppSession._create_new_session_message": "c4f42b9c484c2249",
             "streamlit.runtime.app_session:_set_run_identity": "f84b19ba0996ea74"},
    names=("streamlit.config:on_config_parsed",),
)
"""What this module was written from: Streamlit 1.67's first message of a run (:mod:`trainer.web.runtime.guard`)."""


def streamlits_own() -> Callable[..., ForwardMsg]:
    """Streamlit's own building of a run's first message (what :func:`install` keeps a copy of)."""
    found: Callable[..., ForwardMsg] = guard.keep_original(  # type: ignore[assignment]
        "streamlit.runtime.app_session:AppSession._create_new_session_message")
    return found


def installed() -> bool:
    """Whether a session's first message is kept between its runs in this process."""
    return bool(getattr(AppSession, _INSTALLED, False))


def built_from(session: Any, page_script_hash: str, pages: Any, generation: int) -> tuple[object, ...]:
    """Everything a run's first message is built from that may differ between two runs of one session: the
    page, the app's pages (each one's hash, name and icon), whether the session is running, whether it reruns on
    a saved file, and how many times the configuration file was read."""
    shown = pages or session._pages_manager.get_pages()
    return (generation, page_script_hash, session._state, session._run_on_save,
            tuple((h, info["page_name"], info["icon"]) for h, info in shown.items()))


def install() -> None:
    """Keep each session's first message between its runs (once per process; later calls do nothing; nothing is
    changed, and one warning is logged, when Streamlit differs from :data:`WRITTEN`)."""
    if installed() or not guard.may_install(WRITTEN):
        return
    build = streamlits_own()
    generation = [0]

    def forget() -> None:  # the configuration file read again: every session builds its message again
        generation[0] += 1

    def first_message(self: AppSession, page_script_hash: str, run_descriptor: Any,
                      pages: Any = None) -> ForwardMsg:
        key = built_from(self, page_script_hash, pages, generation[0])
        kept: tuple[tuple[object, ...], ForwardMsg] | None = getattr(self, _KEPT, None)
        if kept is None or kept[0] != key:
            msg = build(self, page_script_hash, run_descriptor, pages)
            plain = ForwardMsg()
            plain.CopyFrom(msg)
            plain.ClearField("metadata")  # the run's identity, and nothing else, is the run's own
            setattr(self, _KEPT, (key, plain))
            return msg
        msg = ForwardMsg()
        msg.CopyFrom(kept[1])
        app_session._set_run_identity(msg, run_descriptor)
        return msg

    config.on_config_parsed(forget, force_connect=True)
    AppSession._create_new_session_message = first_message  # type: ignore[method-assign]
    setattr(AppSession, _INSTALLED, True)
