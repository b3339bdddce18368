"""The class's learning curves in a real browser, on My class: the charts drawn, a flat trap listed with its
contrast pair's link. Screenshots of the section at a laptop (1280×900) and a projector (1920×1080) size go to
tests/artifacts/ (docs/pictures/ keeps the laptop one)."""

from __future__ import annotations

import tempfile

import chromium
import pytest
from chromium import shot

from puzzles import generate_for
from trainer.learning.attempt import Attempt
from trainer.learning.bkt import TOP_LEVEL
from trainer.store import open_store

pytestmark = [pytest.mark.browser, chromium.needs_chromium]

KIND, STAGE = "open-total", "all-fives"
FLAT, LEARNED = "covered-spinner", "double-once"
NAMES = ("Blue Fox", "Red Panda", "Green Owl", "Gold Crab", "Grey Heron")


@pytest.fixture(scope="module")
def world():
    """A class of five: each meets a trap the class keeps missing (wrong every time but the odd one) and one
    it learns (wrong first, right after)."""
    database = f"sqlite:///{tempfile.mkdtemp(prefix='fives-curves-')}/fives.db"
    store = open_store(database)
    keys = store.create_class("Room 4")
    flat, learned = only(FLAT), only(LEARNED)
    for i, name in enumerate(NAMES):
        me = store.join(keys.code, name)
        for n, (f, g) in enumerate(zip(flat, learned)):
            right = (n + i) % 5 == 0
            store.record(me, Attempt(KIND, STAGE, f.level, right, 5.0, f.code, None if right else FLAT))
            right = n > i % 2
            store.record(me, Attempt(KIND, STAGE, g.level, right, 5.0, g.code, None if right else LEARNED))
    return {"database": database, "keys": keys}


def only(trap: str, count: int = 6) -> list:
    """``count`` top-level puzzles that expose ``trap`` and no other."""
    found = (generate_for(KIND, stage=STAGE, level=TOP_LEVEL, trap=trap, seed=s) for s in range(200))
    picked = list({p.code: p for p in found if p.traps == (trap,)}.values())[:count]
    assert len(picked) == count
    return picked


@pytest.fixture(scope="module")
def database(world):
    return world["database"]


@pytest.mark.parametrize("size", [(1280, 900), (1920, 1080)], ids=["laptop", "projector"])
def test_my_class_draws_the_learning_curves(browser, server, world, size):
    keys = world["keys"]
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    chromium.follow_old_teacher_link(page, f"{server}/teacher?class={keys.code}&key={keys.teacher_key}", keys.code)
    heading = page.get_by_role("heading", name="Is the teaching working?")
    heading.scroll_into_view_if_needed(timeout=30000)
    chromium.steady(page, heading)
    charts = page.locator("[data-testid='stPlotlyChart']")
    assert charts.count() >= 3  # the kinds' bars, then the curves of the kinds and of the traps
    traps = charts.nth(charts.count() - 1)
    traps.scroll_into_view_if_needed()
    chromium.steady(page, traps)
    titles = traps.locator("g.annotation text").all_text_contents()
    assert any("not falling" in t for t in titles), titles
    flat_list = page.get_by_text("Traps to teach the whole class")
    assert flat_list.count() == 1
    links = page.get_by_role("link", name="Show a contrast pair on the projector")
    assert any(f"contrast={FLAT}" in (links.nth(i).get_attribute("href") or "") for i in range(links.count()))
    assert page.get_by_role("button", name="Download the learning curves (CSV)").count() == 1
    printed = page.get_by_role("button", name="Class report (PDF)")  # beside it: the curves printed
    assert printed.count() == 1
    printed.evaluate("e => e.scrollIntoView({block: 'center'})")
    chromium.steady(page, printed)
    shot(page, f"curves-buttons-{size[0]}.png")
    traps.evaluate("e => e.scrollIntoView({block: 'end'})")  # the traps' curves, the flat one's link below
    page.evaluate("window.scrollBy(0, 120)")
    chromium.settled(page)
    shot(page, f"curves-{size[0]}.png")
    context.close()


def test_my_class_shows_a_childs_numbers(browser, server, world):
    keys = world["keys"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    box = chromium.first_childs_evidence(page, server, keys)
    table = box.locator("[data-testid='stDataFrame']")
    if not table.is_visible():  # the run the choice started drew the expander again, folded
        box.locator("summary").click()
    table.wait_for(state="visible", timeout=30000)
    box.evaluate("e => e.scrollIntoView({block: 'start'})")
    chromium.steady(page, table)
    shot(page, "numbers-1280.png")
    context.close()
