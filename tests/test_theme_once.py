"""The theme's settings and each run's theme message, kept once per process (trainer/web/runtime/theme_once.py)."""

from __future__ import annotations

from collections.abc import Callable

from streamlit import config
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime import app_session

from trainer.web.runtime import theme_once


def whole_theme(populate: Callable[..., None]) -> ForwardMsg:
    """A run's first message's theme, written section by section as Streamlit writes it."""
    msg = ForwardMsg()
    theme = msg.new_session.custom_theme
    populate(theme)
    for part, section in ((theme.light, "light"), (theme.dark, "dark"), (theme.sidebar, "sidebar"),
                          (theme.light.sidebar, "light.sidebar"), (theme.dark.sidebar, "dark.sidebar")):
        populate(part, f"theme.{section}")
    return msg


def test_the_kept_theme_message_is_streamlits_own():
    theme_once.install()
    kept, own = app_session._populate_theme_msg, theme_once.streamlits_own()
    assert kept is not own, "every run's theme message is written from what is kept"
    first = whole_theme(kept)
    assert first.new_session.custom_theme.primary_color == config.get_option("theme.primaryColor") == "#00629A"
    assert first == whole_theme(own)
    assert whole_theme(kept) == first, "written again from what is kept: the same"


def test_a_setting_changed_in_the_file_is_sent_once_the_file_is_read_again():
    theme_once.install()
    was = config.get_option("theme.primaryColor")
    try:
        config.set_option("theme.primaryColor", "#123456")
        assert whole_theme(app_session._populate_theme_msg).new_session.custom_theme.primary_color == was  # kept
        config._on_config_parsed.send()  # what Streamlit does once it has read the file again
        assert whole_theme(app_session._populate_theme_msg).new_session.custom_theme.primary_color == "#123456"
    finally:
        config.set_option("theme.primaryColor", was)
        config._on_config_parsed.send()
    assert whole_theme(app_session._populate_theme_msg).new_session.custom_theme.primary_color == was
