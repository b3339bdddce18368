"""A real-browser Fives Sprint round on a tablet (1024×768): More time chosen, the big buttons tapped,
each fact with its time bar, the grid's quick facts agreeing with the round's, and the green light at the end."""

from __future__ import annotations

import re

import appserver
import chromium
import pytest
from chromium import shot

from trainer.learning.sprint import Fact

pytestmark = [pytest.mark.browser, chromium.needs_chromium]


@pytest.fixture(scope="module")
def database():
    return appserver.fresh_database("sprint")


def label(value: int | bool) -> str:
    return ("Yes" if value else "No") if isinstance(value, bool) else str(value)


def test_a_sprint_round_on_a_tablet_ends_in_a_green_light(server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = chromium.launch_browser(pw)
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        chromium.goto(page, f"{server}/sprint")
        assert page.locator(".sp-light[data-green='0']").count() == 1
        page.get_by_text("More time (ages 5 to 7)", exact=True).first.click()  # the youngest's band
        chromium.settled(page, 60000)
        green = page.locator(".sp-light[data-green='1']")
        taps = 0
        checked = False
        for _ in range(80):  # a busy machine may run out the two minutes: then another round
            chromium.settled(page, 60000)
            start = page.locator("[class*='st-key-sp_start'] button")
            if start.count() and taps and not checked:  # the first round's end: the grid agrees with the round
                summary = page.get_by_text(re.compile(r"\d+ of \d+ right, \d+ of them quick")).first.inner_text()
                quick = int(re.search(r"(\d+) of them quick", summary).group(1))
                assert page.locator(".fives-facts [data-state='fluent']").count() == quick, summary
                checked = True
            if green.count():
                break
            if start.count():
                start.first.click()
                page.locator(".sp-question").first.wait_for(timeout=30000)
                continue
            question = page.locator(".sp-question").first
            fact = Fact.parse(question.get_attribute("data-fact"))
            assert page.locator(".sp-bar").count() == 1
            if taps == 3:
                shot(page, "sprint-tablet-fact.png")
            buttons = page.locator("[class*='st-key-sp_choice'] button")
            box = buttons.first.bounding_box()
            assert box["height"] >= 70 and box["width"] >= 100  # big enough for a child's finger
            buttons.get_by_text(label(fact.answer), exact=True).first.click()
            taps += 1
            page.wait_for_function(
                "id => { const q = document.querySelector('.sp-question');"
                " return !q || q.dataset.fact !== id; }", arg=fact.id, timeout=30000)
        assert green.count() == 1 and taps >= 20 and checked
        shot(page, "sprint-tablet-green.png", full_page=True)
        browser.close()


def test_the_sprint_fits_a_phone(server):
    """On a phone (390×844) the answers stand in a row or two by two, all on the screen (both rows, with the last
    answer's verdict above them); after each tap the question, its time bar and the verdict are on the screen
    too; the grid of facts wraps to the phone."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = chromium.launch_browser(pw)
        page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        chromium.goto(page, f"{server}/sprint")
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        grid = page.locator(".fives-facts").first.evaluate("e => e.scrollWidth")
        assert wide <= 390 and grid <= 390, (wide, grid)
        shot(page, "sprint-phone-grid.png", full_page=True)
        # the row of times wraps on a phone: every choice a whole button, no edge cut where it joined the next
        edges = page.locator("[data-testid='stMain'] button[data-variant='segmented_control']").evaluate_all(
            """bs => bs.map(b => { const s = getComputedStyle(b);
                   return [s.borderTopColor, s.borderRightColor, s.borderBottomColor, s.borderLeftColor]; })""")
        cut = [e for e in edges if any(c.endswith(", 0)") or c == "transparent" for c in e)]
        assert len(edges) >= 2 and not cut, edges
        with chromium.rerun(page):
            page.locator("[class*='st-key-sp_start'] button").first.tap()
        for taps in range(6):  # wrong and right in turn: a wrong answer's verdict is the longest
            fact = Fact.parse(page.locator(".sp-question").first.get_attribute("data-fact"))
            buttons = page.locator("[class*='st-key-sp_choice'] button")
            boxes = [buttons.nth(i).bounding_box() for i in range(buttons.count())]
            rows = sorted({round(b["y"]) for b in boxes})
            assert len(boxes) >= 2 and len(rows) <= 2, boxes  # a row, or two by two: never one per row
            assert all(b["height"] >= 60 for b in boxes), boxes  # big enough to tap
            assert all(b["y"] >= 0 and b["y"] + b["height"] <= 844 for b in boxes), boxes  # both rows, a verdict shown
            right = buttons.get_by_text(label(fact.answer), exact=True)
            wrong = buttons.filter(has_not_text=re.compile(f"^{re.escape(label(fact.answer))}$"))
            with chromium.rerun(page):
                (right if taps % 2 else wrong).first.tap()
            page.wait_for_function(
                "id => { const q = document.querySelector('.sp-question');"
                " return !q || q.dataset.fact !== id; }", arg=fact.id, timeout=30000)
            if not page.locator(".sp-question").count():
                break  # the round's time ran out on a busy machine
            # the answer just tapped keeps no focus (Streamlit colours a focused button as a choice made)
            page.wait_for_function("() => !document.activeElement.closest(\"[class*='st-key-sp_choice']\")",
                                   timeout=5000)
            # nor its hover, which a tap leaves behind on a touch screen: no button of the next fact looks chosen
            shades = buttons.evaluate_all("bs => bs.map(b => getComputedStyle(b).backgroundColor)")
            assert len(set(shades)) == 1, shades
            for seen in (".sp-question", ".sp-bar", ".sp-said"):
                box = page.locator(seen).first.bounding_box()
                assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, (seen, box)
            if taps == 1:
                shot(page, "sprint-phone-fact.png")
        browser.close()
