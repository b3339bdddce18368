"""Real-browser tests (Playwright driving Debian's Chromium) for what AppTest cannot see:
the SVG pictures, clicks inside the board component, and keyboard shortcuts.

Screenshots are saved under tests/artifacts/.
"""

import re

import chromium
import pytest
from chromium import shot

from puzzles import generate
from trainer.web.pagestate import PAGES

DESKTOP = {"width": 1200, "height": 1400}

pytestmark = [pytest.mark.browser, chromium.needs_chromium]


def test_practice_shows_the_svg_layout(server, browser):
    p = generate("open-total", stage="all-fives", level=2, seed=3)
    page = chromium.open_page(browser, f"{server}/?code={p.code}", viewport=DESKTOP)
    chromium.past_worked_example(page)  # the worked example of a first puzzle, done
    layout = page.locator(".fives-board svg.fives-layout").first
    layout.wait_for(state="visible", timeout=30000)
    box = layout.bounding_box()
    assert box and box["width"] > 200 and box["height"] > 40
    assert page.locator(".fives-board svg.fives-layout g[data-tile]").count() == len(p.board)
    shot(page, "practice-open-total.png")
    page.close()


def test_best_play_answered_by_clicking_the_picture(server, browser):
    p = generate("best-play", stage="five-up", level=2, seed=4)
    token = p.answer[0]
    tile, target = str(token.tile), str(token.target)
    number = p.board.play(token).placements[-1].number
    page = chromium.open_page(browser, f"{server}/?code={p.code}", viewport=DESKTOP)
    hand_tile = page.locator(f".fives-board .hand [data-tile='{tile}']")
    hand_tile.wait_for(state="visible", timeout=30000)

    def answer() -> None:
        hand_tile.click()
        page.locator(".fives-board .hint").filter(has_text=tile).wait_for(timeout=10000)
        # the end's letter (a spinner's free end may carry its letter on both sides of the tile)
        page.locator(f".fives-board .layout [data-end='{target}:{number}'] text").first.click()

    chromium.until_shown(page, answer, page.get_by_text("Yes!").first)
    shot(page, "practice-best-play-clicked.png")
    page.close()


def test_counted_ends_by_tapping(server, browser):
    p = generate("counted-ends", stage="all-fives", level=3, seed=2)
    page = chromium.open_page(browser, f"{server}/?code={p.code}", viewport=DESKTOP)
    page.locator(".fives-board .layout [data-end]").first.wait_for(state="visible", timeout=30000)
    # the board's words come from the page (trainer/words/), not from the script; the page's one
    # Check answers what was tapped (no second button on the picture)
    assert page.locator(".fives-board button.check").count() == 0
    assert page.locator(".fives-board .hint").inner_text() == "Tap every letter that counts, then press Check."

    def answer() -> None:
        for end in p.answer:  # tap each end of the answer that is not marked chosen yet
            g = page.locator(f".fives-board .layout [data-end='{end}']")
            if "chosen" not in (g.get_attribute("class") or ""):
                g.click()
                chromium.settled(page, 30000)
        page.get_by_role("button", name="Check", exact=True).click()

    chromium.until_shown(page, answer, page.get_by_text("Yes!").first)
    page.close()


def test_projector_reveals_with_the_keyboard(server, browser):
    p = generate("open-total", stage="five-up", level=3, seed=8)
    page = chromium.open_page(browser, f"{server}/projector?code={p.code}", viewport=DESKTOP)
    page.get_by_text(p.code).first.wait_for(timeout=30000)
    page.locator("svg.fives-layout").first.wait_for(state="visible", timeout=30000)
    page.get_by_role("button", name="Reveal the answer").wait_for(timeout=30000)
    chromium.press_until(page, "a", page.get_by_text(f"Answer: {p.answer}").first)
    assert page.locator("svg.fives-layout.style-projector circle.counted").count() >= 1
    shot(page, "projector-revealed.png")
    page.close()


def test_play_a_few_moves_by_clicking(server, browser):
    page = chromium.open_page(browser, f"{server}/play", viewport=DESKTOP)
    hand = page.locator(".fives-board .hand [data-tile]")
    chromium.until_shown(page, lambda: chromium.tap_if_there(page.get_by_role("button", name="Start the game")),
                         hand.first)
    played = 0
    for _ in range(12):
        if played >= 3:
            break
        chromium.settled(page, 60000)  # a tap is answered once the page has settled
        hand = page.locator(".fives-board .hand [data-tile]")
        draw = page.get_by_role("button", name="Draw a tile").or_(page.get_by_role("button", name="Pass"))
        hand.first.or_(draw.first).first.wait_for(state="visible", timeout=20000)
        playable = page.locator(".fives-board .hand [data-playable='yes']")
        if not playable.count():  # the hand shows, but nothing in it fits (or the hand is over)
            if not draw.count():
                break  # the hand is over
            with chromium.rerun(page):
                draw.first.click()  # nothing fits: the rules say draw (or pass)
            continue
        tile_el = playable.first
        tile = tile_el.get_attribute("data-tile")
        low, high = (int(x) for x in tile.split("-"))
        tile_el.click()
        ends = page.locator(".fives-board .layout [data-end]")
        if ends.count():
            for i in range(ends.count()):
                number = int(ends.nth(i).get_attribute("data-end").split(":")[1])
                if number in (low, high):
                    ends.nth(i).locator("rect.letter").first.click(force=True)
                    break
        # "You led 1-6", "You played 1-6 on …", or after a draw "You drew 1 tile and played 1-6 on …"
        name = tile.replace("-", ".")  # a tile's name is shown with a non-breaking hyphen
        page.get_by_text(re.compile(rf"^You (led|played|drew .* and played) {name}\b")).first.wait_for(
            timeout=20000)
        played += 1
    assert played >= 1
    assert page.get_by_text("What happened").count() == 1
    shot(page, "play-after-clicks.png")
    page.close()


SPEECH_MOCK = """
window.__spoken = [];
Object.defineProperty(window, 'speechSynthesis', {configurable: true, value: {
  cancel() {}, speak(u) { window.__spoken.push(u.text); } }});
window.SpeechSynthesisUtterance = function (text) { this.text = text; };
"""


def test_practice_hint_mis_tap_retry_and_read_aloud(server, browser):
    from trainer.rules import Play

    p = generate("best-play", stage="muggins", level=2, seed=11)
    lay = p.board
    tile, end = next((t, e) for t in p.hand for e in lay.open_ends
                     if not lay.is_legal(Play.parse(f"{t}>{e.tile}")))
    page = browser.new_page(viewport={"width": 1024, "height": 1400})
    page.add_init_script(SPEECH_MOCK)
    chromium.goto(page, f"{server}/?code={p.code}", settle=False)
    chromium.past_worked_example(page)
    # read aloud: the browser's own speech, mocked here
    page.locator("button.fives-speak").first.click()
    assert "Which play scores most" in page.evaluate("window.__spoken.join(' ')")
    # a hint before answering
    page.get_by_role("button", name="Hint").click()
    page.get_by_text("Hint:").first.wait_for(timeout=20000)
    page.locator(".fives-board svg.fives-layout [data-highlight='1']").first.wait_for(timeout=30000)
    # a tap that is not a legal play is not an answer: it says why
    page.locator(f".fives-board .hand [data-tile='{tile}']").click()
    page.locator(f".fives-board .layout [data-end='{end.id}'] rect.letter").click(force=True)
    page.get_by_text(f"{tile} has no {end.number}").first.wait_for(timeout=20000)
    shot(page, "practice-mis-tap.png")
    # a wrong play, then a similar puzzle
    wrong = next(c.value for c in p.choices if c.value not in p.answer)
    w_tile, w_target = str(wrong.tile), str(wrong.target)
    w_number = lay.play(wrong).placements[-1].number
    page.locator(f".fives-board .hand [data-tile='{w_tile}']").click()
    page.locator(f".fives-board .layout [data-end='{w_target}:{w_number}'] rect.letter").click(force=True)
    page.get_by_text("You chose").first.wait_for(timeout=20000)
    page.get_by_role("button", name="Try a similar one").click()
    page.wait_for_function(f"!window.location.search.includes('{p.code}')", timeout=20000)
    assert "code=" in page.url
    shot(page, "practice-similar.png")
    page.close()


PAGE_PATHS = ["/", *(f"/{p.name}" for p in PAGES if not p.default)]


def test_every_page_opened_directly_asks_for_nothing_missing(server, browser):
    """A page typed in the address bar (or reloaded) loads without a single 4xx: Streamlit's page
    would otherwise look for its server under the page's path first (two 404s)."""
    for path in PAGE_PATHS:
        page = browser.new_page(viewport={"width": 1200, "height": 1000})
        failed = []
        page.on("response", lambda r, failed=failed: r.status >= 400 and failed.append((r.status, r.url)))
        chromium.goto(page, server + path)
        assert failed == [], (path, failed)
        assert page.url.split("?")[0].rstrip("/") == (server + path).rstrip("/")  # still on that page
        page.close()


def test_a_guests_game_survives_a_reload_and_quitting_asks_first(server, browser):
    """A guest's game is kept in the browser's own storage: a reload picks it up where it was. Quit this
    game asks before it ends the game, and a quit game is gone after a reload too."""
    page = chromium.open_page(browser, f"{server}/play")
    hand = page.locator(".fives-board .hand [data-tile]")
    chromium.until_shown(page, lambda: chromium.tap_if_there(page.get_by_role("button", name="Start the game")),
                         hand.first)
    chromium.settled(page, 60000)
    playable = page.locator(".fives-board .hand [data-playable='yes']")
    tile_el = playable.first if playable.count() else hand.first
    tile = tile_el.get_attribute("data-tile")
    low, high = (int(x) for x in tile.split("-"))
    tile_el.click()
    ends = page.locator(".fives-board .layout [data-end]")
    for i in range(ends.count()):
        if int(ends.nth(i).get_attribute("data-end").split(":")[1]) in (low, high):
            ends.nth(i).locator("rect.letter").first.click(force=True)
            break
    told = re.compile(rf"You (led|played) {tile.replace('-', '.')}")  # (shown with a non-breaking hyphen)
    mine = page.locator("[data-testid='stMain'] li").filter(has_text=told).first  # a line of the story
    mine.wait_for(timeout=20000)
    chromium.settled(page, 60000)
    page.reload()
    page.get_by_text("Your game was kept on this device").wait_for(timeout=30000)
    page.locator("[data-testid='stMain'] li").filter(has_text=told).first.wait_for(timeout=20000)
    page.get_by_role("button", name="Quit this game").click()
    page.get_by_text("Quit this game? It cannot be picked up again.").wait_for(timeout=20000)
    assert page.locator("[data-testid='stMain'] li").filter(has_text=told).count()
    page.get_by_role("button", name="Yes, quit").click()
    page.get_by_role("button", name="Start the game").wait_for(timeout=20000)
    chromium.settled(page, 60000)
    page.reload()
    chromium.settled(page, 60000)
    page.get_by_role("button", name="Start the game").wait_for(timeout=30000)
    assert not page.get_by_text("Your game was kept on this device").count()
    page.close()


def test_a_guests_answers_come_back_after_a_reload_of_the_tab_and_not_in_another_tab(server, browser):
    """A guest answers on Practice, then reloads the tab and opens My progress: today is marked practised (the
    tab kept the answer: ``trainer.web.device.keep_guest``). A new tab starts afresh."""
    p = generate("best-play", stage="five-up", level=2, seed=4)
    token = p.answer[0]
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    chromium.goto(page, f"{server}/?code={p.code}")
    right = page.get_by_role("button", name=re.compile(rf"^{re.escape(str(token.tile))}"))
    chromium.until_shown(page, lambda: right.first.click(), page.get_by_text("Yes!").first)
    chromium.settled(page, 30000)
    today = "[data-today='1']"
    page.reload()
    chromium.connected(page)
    chromium.settled(page, 30000)
    chromium.goto(page, f"{server}/my_progress")
    page.locator(f"{today}[data-practised='1']").wait_for(timeout=30000)
    other = context.new_page()
    chromium.goto(other, f"{server}/my_progress")
    other.locator(f"{today}[data-practised='0']").wait_for(timeout=30000)
    context.close()
