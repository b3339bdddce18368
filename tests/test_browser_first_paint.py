"""A puzzle's picture is on the page as soon as its question is, on a slow phone (Chromium with its CPU
slowed four times, as a cheap phone): the board's own script runs only once the browser has put the page
together, so the session's first pictures are also drawn as plain images (``trainer.web.ui.first_paint``),
which the board hides once it has drawn. A watcher in the page looks at every animation frame: in the frame
the question first shows, a picture with a size is there too. Screenshots go to tests/artifacts/."""

import json

import chromium
import pytest
from chromium import shot

from puzzles import generate

pytestmark = [pytest.mark.browser, chromium.needs_chromium]

PHONE = {"width": 390, "height": 844}
WATCH = """
const QUESTION = %s;
window.__first = {frames: 0};
(function look() {
  const w = window.__first;
  w.frames += 1;
  const main = document.querySelector("[data-testid='stMain']");
  const asked = main && [...main.querySelectorAll('h4')].some(h => h.textContent.includes(QUESTION));
  const sized = e => { const b = e.getBoundingClientRect(); return b.width > 20 && b.height > 20; };
  const plain = [...document.querySelectorAll('img[src^="data:image/svg+xml;name=fives-first-layout"]')]
    .some(i => i.complete && sized(i));
  const drawn = [...document.querySelectorAll('[data-fives-drawn]')].some(h =>
    [...(h.shadowRoot || h).querySelectorAll('.fives-board svg.fives-layout')].some(sized));
  if (asked && w.asked === undefined) { w.asked = w.frames; w.plain = plain; w.drawn = drawn; }
  if (drawn && w.drawnAt === undefined) w.drawnAt = w.frames;
  if (w.asked === undefined || w.drawnAt === undefined) requestAnimationFrame(look);
})();
"""


def test_the_picture_comes_with_the_question_and_the_board_takes_over(server, browser):
    p = generate("best-play", stage="five-up", level=2, seed=4)
    token = p.answer[0]
    tile, target = str(token.tile), str(token.target)
    number = p.board.play(token).placements[-1].number
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.add_init_script(WATCH % json.dumps(p.question))
    page.goto(f"{server}/?code={p.code}")
    page.wait_for_function("() => window.__first && window.__first.asked !== undefined", timeout=90000)
    seen = page.evaluate("() => window.__first")
    assert seen["plain"] or seen["drawn"], seen  # the question's own frame has its picture
    page.wait_for_function("() => window.__first.drawnAt !== undefined", timeout=90000)
    chromium.settled(page, 60000)
    # once the board has drawn, its plain copy is hidden: one picture, the board's, where the copy was
    copies = page.locator('img[src^="data:image/svg+xml;name=fives-first-"]')
    assert copies.count() >= 1 and not any(copies.nth(i).is_visible() for i in range(copies.count()))
    shot(page, "first-paint-phone-board.png")
    # the board answers taps as before
    hand_tile = page.locator(f".fives-board .hand [data-tile='{tile}']")

    def answer() -> None:
        hand_tile.click()
        page.locator(".fives-board .hint").filter(has_text=tile).wait_for(timeout=20000)
        page.locator(f".fives-board .layout [data-end='{target}:{number}'] text").first.click()

    chromium.until_shown(page, answer, page.get_by_text("Yes!").first)
    context.close()


def test_the_plain_copy_shows_the_picture_before_the_board_runs(server, browser):
    """With every component's script held back (a module made from a blob comes empty, so Streamlit finds
    no function to run), the plain copy alone shows the puzzle's picture where the board will be."""
    p = generate("best-play", stage="five-up", level=2, seed=4)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.add_init_script("""
      const create = URL.createObjectURL;
      URL.createObjectURL = function(blob) {
        if (blob && blob.type && blob.type.includes('javascript')) return 'data:text/javascript,';
        return create.apply(this, arguments);
      };""")
    page.goto(f"{server}/?code={p.code}")
    chromium.connected(page, 30000)
    picture = page.locator('img[src^="data:image/svg+xml;name=fives-first-layout"]').first
    picture.wait_for(state="visible", timeout=60000)
    box = picture.bounding_box()
    assert box and box["width"] > 150 and box["height"] > 40
    assert page.locator("[data-fives-drawn]").count() == 0  # the board itself never drew
    shot(page, "first-paint-phone-plain.png")
    context.close()
