"""The report for home in a real browser: on My class the whole class's PDF and one child's download as
files (each made when its button is clicked), each child's page in the child's language; a signed-in child
downloads their own from My progress. Screenshots of the section at a laptop and a tablet size go to
tests/artifacts/."""

from __future__ import annotations

import io
import tempfile
import time

import chromium
import pytest
from chromium import shot
from playwright.sync_api import Error as PlaywrightError
from pypdf import PdfReader

from puzzles import generate
from trainer.learning.progress import Attempt
from trainer.store import open_store

pytestmark = [pytest.mark.browser, chromium.needs_chromium]


@pytest.fixture(scope="module")
def world():
    """A class of two children with answers, the second reading Spanish."""
    database = f"sqlite:///{tempfile.mkdtemp(prefix='fives-home-')}/fives.db"
    store = open_store(database)
    keys = store.create_class("Room 4")
    fox, zorro = store.join(keys.code, "Blue Fox"), store.join(keys.code, "Zorro Azul")
    store.set_language(zorro, "es")
    code = generate("open-total", stage="muggins", level=1, seed=3).code
    for i in range(6):
        store.record(fox, Attempt("open-total", "muggins", 1, i % 2 == 0, 5.0, code))
        store.record(zorro, Attempt("open-total", "muggins", 1, True, 4.0, code))
    return {"database": database, "keys": keys, "fox": fox, "zorro": zorro}


@pytest.fixture(scope="module")
def database(world):
    return world["database"]


def scroll_to(locator, timeout: float = 30.0) -> None:
    """Scroll ``locator`` into view; a run of the page that redraws it meanwhile (the browser's first answer
    asks for one) detaches the element found, and it is found again."""
    deadline = time.time() + timeout
    while True:
        try:
            locator.scroll_into_view_if_needed(timeout=10000)
            return
        except PlaywrightError as err:
            if "not attached" not in str(err) or time.time() > deadline:
                raise
            time.sleep(0.2)


def downloaded(page, button) -> bytes:
    """Click a download button and give the file the browser saves."""
    scroll_to(button)
    with page.expect_download(timeout=60000) as got:
        button.click()
    with open(got.value.path(), "rb") as f:
        return f.read()


def texts(pdf: bytes) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.parametrize("size", [(1280, 900), (768, 1024)], ids=["laptop", "tablet"])
def test_my_class_downloads_the_class_and_one_child(browser, server, world, size):
    keys = world["keys"]
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, accept_downloads=True)
    page = context.new_page()
    chromium.follow_old_teacher_link(page, f"{server}/teacher?class={keys.code}&key={keys.teacher_key}", keys.code)
    heading = page.get_by_role("heading", name="Reports for home")
    scroll_to(heading)
    chromium.steady(page, heading)
    shot(page, f"home-report-{size[0]}.png")
    whole = texts(downloaded(page, page.get_by_role("button", name="The whole class (a page each)")))
    assert len(whole) == 2 and "How Blue Fox is doing" in whole[0] and "Cómo le va a Zorro Azul" in whole[1]
    one = texts(downloaded(page, page.get_by_role("button", name="Zorro Azul", exact=True)))
    assert len(one) == 1 and "Zorro Azul" in one[0] and "Blue Fox" not in one[0]
    assert world["zorro"] not in one[0]  # no learner code on paper: its QR code carries a sign-in of its own
    context.close()


def test_a_child_downloads_their_own_report_from_my_progress(browser, server, world):
    context = browser.new_context(viewport={"width": 768, "height": 1024}, accept_downloads=True)
    page = chromium.open_page(context, f"{server}/my_progress?me={world['zorro']}")
    button = page.get_by_role("button", name="Un informe para casa")
    button.wait_for(timeout=30000)
    own = texts(downloaded(page, button))
    assert len(own) == 1 and "Cómo le va a Zorro Azul" in own[0] and "Días de práctica" in own[0]
    context.close()


def one_click(page, runs: chromium.AskedRuns, button) -> bytes:
    """One click, one file: the download is not cancelled, and the click asks for no run of the page (a run made
    the file's link out of date while the browser fetched it, so the first clicks were lost). A part of the page
    that runs again by itself on a timer (My class's list of tables) may run meanwhile: only such runs are let
    through, read off the page's websocket."""
    scroll_to(button)
    chromium.settled(page, 60000)
    mark = runs.mark()
    with page.expect_download(timeout=60000) as got:
        button.click()
    assert got.value.failure() is None
    page.wait_for_timeout(1500)  # fixed on purpose: nothing to wait for, the test proves no run is asked in this time
    assert runs.not_by_a_timer(mark) == [], "the click ran the page again"
    with open(got.value.path(), "rb") as f:
        return f.read()


def test_every_report_for_home_downloads_on_the_first_click(browser, server, world):
    keys = world["keys"]
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = context.new_page()
    runs = chromium.AskedRuns(page)
    chromium.follow_old_teacher_link(page, f"{server}/teacher?class={keys.code}&key={keys.teacher_key}", keys.code)
    assert runs.not_by_a_timer(0), "the page's first run is read off its websocket"
    for name in ("The whole class (a page each)", "Blue Fox", "Zorro Azul", "Blue Fox"):
        pdf = one_click(page, runs, page.get_by_role("button", name=name, exact=True))
        assert pdf[:5] == b"%PDF-", name
    child = context.new_page()
    child_runs = chromium.AskedRuns(child)
    chromium.goto(child, f"{server}/my_progress?me={world['fox']}")
    for _ in range(2):
        assert one_click(child, child_runs, child.get_by_role("button", name="A report for home"))[:5] == b"%PDF-"
    context.close()
