"""The theme's settings read once per server process, not on every rerun.

Every page run starts with a message that carries the app's theme (six sections of settings), and
Streamlit rebuilds each section by going through all of its several hundred settings: about a third of
a millisecond a run, on every click of every child. The settings only change when the configuration
file is read again, so :func:`install` keeps each theme section until then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from streamlit import config

_INSTALLED = "_fives_theme_once"


def install() -> None:
    """Keep the theme's sections between runs (once per process; later calls do nothing)."""
    if getattr(config, _INSTALLED, False):
        return
    read: Callable[[str], dict[str, Any]] = config.get_options_for_section
    kept: dict[str, dict[str, Any]] = {}

    def options_for_section(section: str) -> dict[str, Any]:
        if not section.startswith("theme"):
            return read(section)
        found = kept.get(section)
        if found is None:
            found = kept[section] = read(section)
        return dict(found)  # a copy: no caller can change what is kept

    config.on_config_parsed(kept.clear, force_connect=True)  # the file read again: read them again too
    config.get_options_for_section = options_for_section
    setattr(config, _INSTALLED, True)
