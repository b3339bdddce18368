"""A child's evidence in a real browser: the sentence under each stage on My progress, and under the teacher's
grid beside the numbers, at a laptop (1366×768) and a projector (1920×1080) size. Screenshots go to
tests/artifacts/ (docs/pictures/ keeps the laptop ones)."""

from __future__ import annotations

import tempfile

import chromium
import pytest
from chromium import shot
from evidence_histories import mastered

from trainer.store import open_store

pytestmark = [pytest.mark.browser, chromium.needs_chromium]
SIZES = [(1366, 768), (1920, 1080)]


@pytest.fixture(scope="module")
def world():
    """A class with one child who mastered Muggins (every answer and Sprint fact stored)."""
    database = f"sqlite:///{tempfile.mkdtemp(prefix='fives-evidence-')}/fives.db"
    store = open_store(database)
    keys = store.create_class("Room 4")
    me = store.join(keys.code, "Blue Fox")
    p = mastered()
    store.record_many(me, p.attempts)
    store.record_sprint(me, p.facts.answers)
    return {"database": database, "keys": keys, "me": me}


@pytest.fixture(scope="module")
def database(world):
    return world["database"]


@pytest.mark.parametrize("size", SIZES, ids=["laptop", "projector"])
def test_my_progress_says_why_each_stage_is_where_it_is(browser, server, world, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = chromium.open_page(context, f"{server}/my_progress?me={world['me']}")
    said = page.get_by_text("You mastered it on Tue 6 January", exact=False)
    said.wait_for(state="visible", timeout=60000)
    assert page.get_by_text("Not started yet.", exact=True).count() == 2
    page.get_by_role("heading", name="Stages").scroll_into_view_if_needed()
    chromium.steady(page, said)
    shot(page, f"evidence-child-{size[0]}.png")
    context.close()


@pytest.mark.parametrize("size", SIZES, ids=["laptop", "projector"])
def test_the_teacher_reads_the_evidence_beside_the_numbers(browser, server, world, size):
    keys = world["keys"]
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    box = chromium.first_childs_evidence(page, server, keys)
    sentence = box.get_by_text("Mastered on Tue 6 January", exact=False)
    if not sentence.is_visible():  # the run the choice started drew the expander again, folded
        box.locator("summary").click()
    sentence.wait_for(state="visible", timeout=30000)
    assert box.get_by_text("confirmed the next day", exact=False).count() == 1
    table = box.locator("[data-testid='stDataFrame']")
    table.wait_for(state="visible", timeout=30000)
    assert page.get_by_role("button", name="Download the evidence (CSV)").count() == 1
    box.evaluate("e => e.scrollIntoView({block: 'start'})")
    chromium.steady(page, table)
    shot(page, f"evidence-teacher-{size[0]}.png")
    context.close()
