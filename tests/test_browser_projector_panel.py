"""The Projector at 1920×1080 in a real browser: its question follows the language chooser at once (no
reload), and a worksheet's QR codes open the address the teacher's browser uses, shown before printing."""

from __future__ import annotations

import io

import appserver
import chromium
import pytest
from chromium import shot

from puzzles import from_code, generate
from trainer import words

pytestmark = [pytest.mark.browser, chromium.needs_chromium]
PROJECTOR = {"width": 1920, "height": 1080}


@pytest.fixture(scope="module")
def database():
    return appserver.fresh_database("pj")


def test_the_projector_s_question_follows_the_language_chosen(server, browser):
    p = generate("open-total", stage="muggins", level=1, seed=8)
    with words.speaking("es"):
        spanish = from_code(p.code).question
    assert spanish != p.question
    page = chromium.open_page(browser, f"{server}/projector?code={p.code}", viewport=PROJECTOR)
    main = page.locator("[data-testid='stMain']")
    main.get_by_text(p.question).first.wait_for(timeout=30000)
    with chromium.rerun(page):
        page.locator("[data-testid='stSidebar']").get_by_text("Español", exact=True).click()
    main.get_by_text(spanish).first.wait_for(timeout=30000)
    assert "lang=es" in page.url and p.code in page.url
    assert not main.get_by_text(p.question, exact=True).count()
    shot(page, "projector-spanish-1920.png")
    page.close()


def test_worksheet_qr_codes_open_the_address_the_teacher_uses_and_say_so_before_printing(server, browser):
    zxingcpp = pytest.importorskip("zxingcpp")
    from PIL import Image
    from pypdf import PdfReader

    context = browser.new_context(viewport=PROJECTOR, accept_downloads=True)
    page = chromium.open_page(context, f"{server}/projector")
    side = page.locator("[data-testid='stSidebar']")
    side.get_by_text("Print a worksheet").first.click()
    box = side.get_by_role("textbox", name="App address for the QR codes")
    box.wait_for(timeout=30000)
    assert box.input_value() == f"{server}/"  # not http://localhost:8501/: the port and host this browser uses
    side.get_by_text(f"The QR codes will open {server}/").first.wait_for(timeout=30000)
    side.get_by_text("That is this computer's own address").first.wait_for(timeout=30000)  # 127.0.0.1
    shot(page, "projector-worksheet-address-1920.png")
    with chromium.rerun(page):
        side.get_by_role("button", name="Make the worksheet").click()
    button = side.get_by_role("button", name="Worksheet (PDF)")
    button.wait_for(timeout=60000)
    with page.expect_download(timeout=60000) as got:
        button.click()
    with open(got.value.path(), "rb") as f:
        pdf = f.read()
    found = []
    for img in PdfReader(io.BytesIO(pdf)).pages[0].images:
        found.extend(r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(img.data)).convert("L")))
    assert found and all(link.startswith(f"{server}/?code=") for link in found), found
    context.close()


@pytest.mark.parametrize("kind, stage, trap", [("hand-rounding", "muggins", "round-2"),
                                               ("nearest-five", "muggins", "round-4"),
                                               ("open-total", "all-fives", "covered-spinner")])
def test_a_contrast_pair_on_the_projector_keeps_the_answer_and_the_buttons_on_the_screen(server, browser, kind,
                                                                                        stage, trap):
    """My class's "Show a contrast pair on the projector": the pair is made from another puzzle (made from
    this one it said "12 rounds to 10" right above "What is 12 rounded…?"), and at 1920×1080 the question,
    the pair, the puzzle's choices and Reveal and Next are all on the screen."""
    from puzzles import generate_for
    from puzzles.contrast import contrast

    p = generate_for(kind, stage=stage, level=1, trap=trap, seed=1)
    own = contrast(p, trap)
    page = chromium.open_page(browser, f"{server}/projector?code={p.code}&contrast={trap}", viewport=PROJECTOR)
    main = page.locator("[data-testid='stMain']")
    hide = main.get_by_role("button", name="Hide the pair")
    hide.wait_for(timeout=30000)
    chromium.settled(page, 60000)
    shown = main.inner_text()
    for caption in (own.left.caption, own.right.caption):
        assert caption not in shown, caption  # the pair of this very puzzle would tell its answer
    for button in (hide, main.get_by_role("button", name="Next puzzle"), page.locator(".st-key-reveal button")):
        box = button.first.bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 1080, box
    assert page.evaluate("() => document.scrollingElement.scrollTop") == 0
    shot(page, f"projector-contrast-{kind}-1920.png")
    page.close()


LOOKING = """
window.__looking = false;
new MutationObserver(() => {
  if (document.body && document.body.innerText.includes("Looking for the class")) window.__looking = true;
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def test_the_projector_has_the_teacher_s_class_in_its_first_run_and_forgets_it_when_closed(server, browser,
                                                                                          database):
    """The class a teacher opened in this browser comes with the page's connection (a cookie the page writes
    from its storage before it connects, sent with that connection alone), so on a slow laptop (CPU slowed
    four times) the projector never says "Looking for the class…" while the browser's storage answers: the
    class's Start button is drawn in the first run. Closing the class on My class forgets it there too."""
    import time

    from trainer.store import open_store

    keys = open_store(database).create_class("Room 9")
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    chromium.follow_old_teacher_link(page, f"{server}/teacher?class={keys.code}&key={keys.teacher_key}", keys.code)
    page.add_init_script(LOOKING)
    for _ in range(2):  # a load, and a reload
        chromium.goto(page, f"{server}/projector")
        page.get_by_role("button", name="Start a live lesson with Room 9").wait_for(timeout=30000)
        assert page.evaluate("window.__looking") is False
    # the cookie goes with the page's connection alone: not readable on the page's own address, nor sent
    # with the page, its scripts or its pictures
    kept = [c for c in context.cookies() if c["name"] == "fives-class"]
    assert kept and kept[0]["path"] == "/_stcore/stream" and kept[0]["sameSite"] == "Strict"
    assert kept[0]["expires"] == -1  # a session cookie
    assert "fives-class=" not in page.evaluate("document.cookie")
    shot(page, "projector-class-at-once-1920.png")
    chromium.goto(page, f"{server}/teacher")
    with chromium.rerun(page):
        page.get_by_role("button", name="Close this class on this device").click()
    deadline = time.time() + 30
    while time.time() < deadline and any(c["name"] == "fives-class" for c in context.cookies()):
        time.sleep(0.2)
    assert not any(c["name"] == "fives-class" for c in context.cookies())
    chromium.goto(page, f"{server}/projector")
    page.get_by_text("Open your class on").first.wait_for(timeout=30000)
    assert not page.get_by_role("button", name="Start a live lesson with Room 9").count()
    context.close()
