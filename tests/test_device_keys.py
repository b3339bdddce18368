"""What the browser keeps is sent through the device component under a key made from it: a table's random key
or an address a teacher typed may hold ``__``, which a component's key may not."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def keeps() -> None:
    from trainer.web import device

    device.keep_table("ABCD-EFG", "x__y-random_key")
    device.keep_children_address("http://my__school:8501/")


def test_a_key_or_an_address_with_a_double_underscore_is_kept_calmly():
    at = AppTest.from_function(keeps, default_timeout=30).run()
    assert not at.exception, at.exception
