"""A reload during an outage, in a real Chromium: a signed-in child answers Fives Sprint facts while the
PostgreSQL server is down, the tab is reloaded (still down), and once the server is back every one of those
answers is in the store, once. The answers waited in the browser's own storage across the reload."""

from __future__ import annotations

import json
import time
import uuid

import appserver
import chromium
import pytest

from trainer.store import open_store

pytestmark = [pytest.mark.browser, chromium.needs_chromium]


@pytest.fixture(scope="module")
def world(postgres):
    url = postgres.new_database("outage" + uuid.uuid4().hex[:10])
    app = appserver.start(FIVES_DATABASE_URL=url)
    yield {"url": url, "server": app.url, "postgres": postgres}
    app.stop()


def tap_a_choice(page) -> None:
    with chromium.rerun(page):
        page.locator("[class*='st-key-sp_choice0'] button").first.click()


def kept_in_browser(page) -> dict:
    text = page.evaluate("() => window.localStorage.getItem('fives-trainer-outbox') || ''")
    return json.loads(text) if text else {}


def test_sprint_answers_given_during_an_outage_survive_a_reload(world, browser):
    store = open_store(world["url"])
    me = store.learner(store.new_learner("Fern Lark"))
    page = chromium.open_page(browser, f"{world['server']}/sprint?me={me.code}",
                              viewport={"width": 1024, "height": 768})
    with chromium.rerun(page):
        page.locator("[class*='st-key-sp_start'] button").first.click()
    world["postgres"].halt()
    try:
        for _ in range(3):
            tap_a_choice(page)
        page.wait_for_function(  # the copy in the browser's own storage, written by the page's component
            "() => ((JSON.parse(localStorage.getItem('fives-trainer-outbox') || '{}').facts) || []).length >= 3",
            timeout=30000)
        assert len(kept_in_browser(page)["facts"]) == 3, kept_in_browser(page)
        page.reload()  # the tab is reloaded while the database is still down
        chromium.connected(page, 60000)
        chromium.settled(page, 60000)
        assert me.code in page.url
    finally:
        world["postgres"].resume()
    deadline = time.time() + 60
    while len(store.sprint_answers(me.code)) < 3 and time.time() < deadline:
        with chromium.rerun(page):  # the child goes on: each page run writes what waits
            page.locator("[class*='st-key-sp_start'] button, [class*='st-key-sp_choice0'] button").first.click()
    answers = store.sprint_answers(me.code)
    assert len(answers) >= 3, answers
    assert len({(a.fact, a.at) for a in answers}) == len(answers)  # none written twice
    page.close()
