"""An old teacher link (``/teacher?class=…&key=…``) in a real Chromium with a profile on disk: the class opens,
and afterwards the key is in none of the browser's own files but the one visit the browser recorded before
any page code could run — no address the app made while cleaning it, no favicon mapping, nothing in the
HTTP cache."""

from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path

import appserver
import chromium
import pytest

from trainer.store import open_store

pytestmark = [pytest.mark.browser, chromium.needs_chromium]


@pytest.fixture(scope="module")
def database():
    return appserver.fresh_database("history")


def urls_in(db: Path, query: str) -> list[str]:
    """One column of a table of one of Chromium's SQLite files (a copy, so a lock never stands in the way)."""
    if not db.exists():
        return []
    copy = Path(tempfile.mkdtemp()) / db.name
    copy.write_bytes(db.read_bytes())
    with sqlite3.connect(copy) as con:
        return [row[0] for row in con.execute(query)]


def files_holding(folder: Path, secret: bytes) -> list[str]:
    found = []
    for root, _dirs, names in os.walk(folder):
        for name in names:
            path = Path(root) / name
            try:
                if secret in path.read_bytes():
                    found.append(str(path.relative_to(folder)))
            except OSError:
                continue
    return found


def test_an_old_teacher_link_leaves_the_key_only_in_the_visit_itself(server, database, tmp_path):
    from playwright.sync_api import sync_playwright

    keys = open_store(database).create_class("Room 12")
    link = f"{server}/teacher?class={keys.code}&key={keys.teacher_key}"
    profile = tmp_path / "profile"
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(profile), executable_path=chromium.CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = context.new_page()
        page.goto(link)
        assert "key=" not in page.url and "class=" not in page.url  # cleaned before anything else loaded
        page.get_by_role("link", name="Open my class").click()  # one tap, and the class is open
        chromium.connected(page, 60000)
        page.wait_for_function(  # the class is open, once the browser has handed the link over
            f"() => (document.querySelector(\"[data-testid='stMain']\") || {{}}).innerText?.includes('{keys.code}')",
            timeout=60000)
        chromium.settled(page, 60000)
        context.close()
    default = profile / "Default"
    visited = urls_in(default / "History", "select url from urls")
    # the browser records the address it was sent to before any page code runs: that one visit, nothing else
    assert [u for u in visited if keys.teacher_key in u] == [link], visited
    assert f"{server}/teacher" in visited
    assert not [u for u in urls_in(default / "Favicons", "select page_url from icon_mapping")
                if keys.teacher_key in u]
    secret = keys.teacher_key.encode()
    assert not files_holding(profile / "Default" / "Cache", secret)
    # what is left: the browser's own record of that one visit (History and what Chromium derives from it, and
    # the log of the tab's navigations it keeps to restore a session, written on a timer, so present or not: the
    # address the tab was sent to, and the clean one that replaced it), and the class this browser keeps open for its
    # teacher on purpose (its local storage, until they close it)
    visit = ("Default/History", "Default/Top Sites", "segmentation_platform/ukm_db", "Default/Sessions/")
    kept = ("Default/Local Storage/",)
    left = [f for f in files_holding(profile, secret) if not f.startswith(visit + kept)]
    assert not left, left
