"""A child's seat at a table follows the child, in real browsers on ``make serve``'s setup (two app
processes behind HAProxy, one PostgreSQL database): Maya opens a table on one tablet, comes back to it on
another tablet served by the other process (signed in by ``?me=``), and that tablet sleeps and loads the
same address again in a new session: she is still at her seat, not sent back to the choice of tables.
A screenshot goes to tests/artifacts/ (tables-seat-kept.png)."""

from __future__ import annotations

import chromium
import pgserver
import pytest
from chromium import shot
from test_browser_tables import calm, open_table, open_tables, served, tablet

from trainer.serving.serve import haproxy_path
from trainer.store import open_store

pytestmark = [
    pytest.mark.browser,
    chromium.needs_chromium,
    pytest.mark.skipif(pgserver.why_not() is not None, reason=str(pgserver.why_not())),
    pytest.mark.skipif(haproxy_path() is None, reason="HAProxy is not installed (apt-get install haproxy)"),
]

__all__ = ["served"]  # the two processes and their database, as the tables' own browser test starts them


def test_a_reload_on_another_tablet_keeps_the_childs_seat(served, browser):
    cluster, url = served
    store = open_store(url)
    room = store.create_class("Room 5")
    maya = store.join(room.code, "Maya")
    first = tablet(browser, cluster, 1)
    code = open_table(open_tables(first, cluster, maya, 1))
    other = tablet(browser, cluster, 2)  # her second tablet, on the other process
    page = open_tables(other, cluster, maya, 2, seated=code)
    calm(page)
    assert f"table={code}" in page.url and "tk=" in page.url
    address = page.url
    page.close()  # the tablet slept: its session is gone when it wakes and loads the same address again
    page = other.new_page()
    page.goto(address)
    chromium.connected(page, 60000)
    calm(page)  # the first run of the page, as the child sees it at once
    assert page.locator(".st-key-tb_mode").count() == 0  # not sent back to the choice of tables
    assert f"table={code}" in page.url  # nor the table dropped from the address
    page.get_by_text(f"Table {code}").first.wait_for(timeout=30000)
    row = store.table(code)
    assert row is not None and row.seat_of(maya) == 0 and len(row.seats) == 1
    shot(page, "tables-seat-kept.png", full_page=True)
    for context in (first, other):
        context.close()
