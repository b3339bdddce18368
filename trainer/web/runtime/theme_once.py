"""The theme's settings read once per server process, not on every rerun.

Every page run starts with a message that carries the app's theme (six sections of settings), and
Streamlit rebuilds each section by going through all of its several hundred settings, then writes each
into the message setting by setting: about half a millisecond a run, on every click of every child. The
settings only change when the configuration file is read again, so :func:`install` keeps each theme
section, and each section's part of the message, until then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from streamlit import config
from streamlit.runtime import app_session

from trainer.web.runtime import guard

_INSTALLED = "_fives_theme_once"


WRITTEN = guard.Written(
    name="theme_once",
    versions={"streamlit": "1.67.0"},
    sources={"streamlit.config:get_options_for_section": "3673c44057652c6c",
             "streamlit.runtime.app_session:_populate_theme_msg": "844b9eb40d0f7d97"},
    names=("streamlit.config:on_config_parsed",),
)
"""What this module was written from: Streamlit 1.67's theme settings and message (:mod:`trainer.web.runtime.guard`)."""


def streamlits_own() -> Callable[..., None]:
    """Streamlit's own writing of a theme section into a message (what :func:`install` keeps the result of)."""
    found: Callable[..., None] = guard.keep_original("streamlit.runtime.app_session:_populate_theme_msg")  # type: ignore[assignment]
    return found


def installed() -> bool:
    """Whether the theme's sections are kept between runs in this process."""
    return bool(getattr(config, _INSTALLED, False))


def install() -> None:
    """Keep the theme's sections between runs (once per process; later calls do nothing; nothing is changed,
    and one warning is logged, when Streamlit differs from :data:`WRITTEN`)."""
    if installed() or not guard.may_install(WRITTEN):
        return
    read: Callable[[str], dict[str, Any]] = guard.keep_original(  # type: ignore[assignment]
        "streamlit.config:get_options_for_section")
    kept: dict[str, dict[str, Any]] = {}

    def options_for_section(section: str) -> dict[str, Any]:
        if not section.startswith("theme"):
            return read(section)
        found = kept.get(section)
        if found is None:
            found = kept[section] = read(section)
        return dict(found)  # a copy: no caller can change what is kept

    populate = streamlits_own()
    written: dict[str, bytes] = {}

    def theme_message(msg: Any, section: str = "theme") -> None:
        """Write a theme section into a run's first message, as Streamlit does, from the section's
        message kept (an empty message part each time: each run's first message is new)."""
        found = written.get(section)
        if found is None:
            fresh = type(msg)()
            populate(fresh, section)
            found = written[section] = fresh.SerializeToString()
        if found:  # a section with nothing set leaves its part out, as Streamlit does
            msg.MergeFromString(found)

    def forget() -> None:  # the file read again: read them again too
        kept.clear()
        written.clear()

    config.on_config_parsed(forget, force_connect=True)
    config.get_options_for_section = options_for_section
    app_session._populate_theme_msg = theme_message
    setattr(config, _INSTALLED, True)
