"""Scale-out, in real browsers: two Streamlit servers on one PostgreSQL database. A teacher runs a
live lesson on one server, a child answers on the other, and the projector's count and chart
follow; a reload of the child's page keeps the child. Screenshots go to tests/artifacts/."""

from __future__ import annotations

import appserver
import chromium
import pgserver
import pytest
from chromium import shot

pytestmark = [
    pytest.mark.browser,
    chromium.needs_chromium,
    pytest.mark.skipif(pgserver.why_not() is not None, reason=str(pgserver.why_not())),
]


@pytest.fixture(scope="module")
def two_servers():
    pg = pgserver.start()
    url = pg.new_database("scaleout")
    first = appserver.start(FIVES_DATABASE_URL=url)
    second = appserver.start(FIVES_DATABASE_URL=url)
    yield first.url, second.url
    for app in (first, second):
        app.stop()
    pg.stop()


def open_page(browser, url, size=(1200, 1000)):
    return chromium.open_page(browser, url, viewport={"width": size[0], "height": size[1]}, timeout=60000,
                              settle=False)


def test_a_child_on_one_server_shows_on_the_projector_of_the_other(two_servers, browser):
    one, two = two_servers
    teacher = open_page(browser, one + "/teacher", (1920, 1080))
    teacher.get_by_role("textbox", name="Class name").fill("Room 4")
    teacher.get_by_role("button", name="Make the class").click()
    teacher.wait_for_selector("text=Class code:", timeout=30000)
    code = teacher.locator("h3 code").first.inner_text().strip()

    child = open_page(browser, two + "/me", (820, 1180))
    child.get_by_text("Join my class").first.click()
    child.get_by_role("textbox", name="Class code").fill(code)
    child.get_by_role("textbox", name="Or type your own").fill("Sunny Otter")
    child.get_by_role("textbox", name="Or type your own").press("Tab")
    child.get_by_role("button", name="Join", exact=True).click()
    child.wait_for_selector("text=Hi, Sunny Otter!", timeout=30000)
    assert "me=" in child.url
    child.get_by_role("link", name="Join the live lesson").click()
    child.wait_for_selector("text=Waiting for your teacher", timeout=30000)

    teacher.get_by_role("link", name="Start a live lesson on the Projector").click()
    teacher.get_by_role("button", name="Start a live lesson with Room 4").click()
    teacher.wait_for_selector("[data-testid='lobby-code']", timeout=30000)
    teacher.locator(".st-key-pj_lobby_go button").first.click()  # the lobby's Start: the first puzzle goes out
    teacher.wait_for_selector("[data-testid='live-count']", timeout=30000)
    assert "0 of" in teacher.locator("[data-testid='live-count']").inner_text()

    # the child's waiting screen picks the puzzle up by itself, from the other server
    child.wait_for_selector("text=Read it to me", timeout=30000)
    question = teacher.locator("h1").first.inner_text()
    assert question in child.locator("h2").first.inner_text()
    box = child.get_by_test_id("stTextInputField")
    if box.count():
        box.first.fill("7")
        child.get_by_role("button", name="Send").click()
    else:  # a choice to tap
        child.locator("[data-testid='stMainBlockContainer'] button").filter(has_text=" on end ").first.click()
    child.wait_for_selector("text=look at the big screen", timeout=30000)

    teacher.wait_for_function(
        "() => (document.querySelector(\"[data-testid='live-count']\")||{}).innerText?.startsWith('1 of 1')",
        timeout=15000)
    assert "Sunny Otter" not in teacher.locator("[data-testid='stMain']").inner_text()
    teacher.get_by_role("button", name="Reveal the answer").click()
    teacher.wait_for_selector("text=1 answered", timeout=30000)
    teacher.wait_for_selector("[data-testid='stPlotlyChart'] svg.main-svg", timeout=30000)
    chromium.settled(teacher, 60000)  # the chart drawn in full before the picture is taken
    shot(teacher, "live-projector-reveal.png")
    child.wait_for_selector("[data-testid='stAlertContentError'], [data-testid='stAlertContentSuccess']",
                            timeout=30000)
    shot(child, "live-child-reveal.png")

    # a reload keeps the child (and the nickname in the menu)
    child.reload()
    child.wait_for_selector("text=Live lesson", timeout=30000)
    child.wait_for_selector("[data-testid='stSidebarNav'] >> text=Sunny Otter", timeout=30000)
    teacher.close()
    child.close()
