"""A page's text cleaned as Streamlit cleans it (trainer/web/runtime/texts.py): the same text out as
``textwrap.dedent(str(text)).strip()`` for any text, and the one Streamlit's elements use once installed."""

from __future__ import annotations

import textwrap

from hypothesis import example, given
from hypothesis import strategies as st

from trainer.render import render_hand
from trainer.web.runtime import texts

LINES = st.lists(st.text(alphabet=" \t\n\r\x0bab<>&é", max_size=12), max_size=6).map("".join)


@given(LINES)
@example("  indented\n  both")
@example("a\n  b")
@example("\t\n \nx")
@example(" \n \n")
@example("a\n \t \nb")
@example("x\r\n  y")
def test_any_text_is_cleaned_as_streamlit_cleans_it(text):
    assert texts.clean_text(text) == textwrap.dedent(text).strip()


def test_a_sheet_with_its_pictures_is_given_back_as_it_is_and_other_things_as_their_text():
    sheet = "<h3>Your turn</h3>" + render_hand(["3-5", "6-6"], width=200) + "<p>Table KQ7M-XR4</p>\n"
    assert texts.clean_text(sheet) == sheet.strip() == textwrap.dedent(sheet).strip()
    assert texts.clean_text(15) == "15"
    assert texts.clean_text("\n    ### Waiting\n    for Sam\n") == "### Waiting\nfor Sam"


def test_streamlits_elements_clean_their_text_with_it_once_installed():
    import streamlit.elements.alert as alert
    import streamlit.elements.markdown as markdown
    import streamlit.string_util as string_util

    assert texts.installed()  # tests/conftest.py installs the runtime's changes, as trainer/web/asgi.py does
    assert markdown.clean_text is alert.clean_text is string_util.clean_text is texts.clean_text
