"""Play a hand in a real browser, on a laptop (1280×900) and a phone (390×844): Five-Up for four, with
suggestions. Measured on the page itself: every end letter is drawn full size and clear of every tile
(a blocked spinner's letter once sat squeezed ~10 px between tiles), the layout's tiles stay at least
56 px long on the phone (the picture scrolls sideways), the hand's tiles at least 44 px, and the
suggestion names the ends by the letters the picture shows. Screenshots go to tests/artifacts/
(play-<screen>-<move>.png)."""

import re

import chromium
import pytest
from chromium import shot

from trainer.web import ui

pytestmark = [pytest.mark.browser, chromium.needs_chromium]

SCREENS = {"laptop": (1280, 900), "phone": (390, 844)}

BOXES = "els => els.map(e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })"
LETTERS = ("els => els.map(e => { const r = e.querySelector('rect.letter'); if (!r) return null; "
           "const b = r.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom, e.dataset.letter]; })")


def measure(page) -> dict:
    """Tiles and letters of the layout and tiles of the hand, as drawn (the board's own shadow DOM included)."""
    tiles = page.locator(".fives-board .layout svg g[data-tile]").evaluate_all(BOXES)
    letters = [x for x in page.locator(".fives-board .layout svg g.open-end").evaluate_all(LETTERS) if x]
    hand = page.locator(".fives-board .hand svg g[data-tile]").evaluate_all(BOXES)
    overlaps = []
    for letter in letters:
        for tile in tiles:
            w = min(letter[2], tile[2]) - max(letter[0], tile[0])
            h = min(letter[3], tile[3]) - max(letter[1], tile[1])
            if w > 1 and h > 1:
                overlaps.append((letter[4], w, h))
    size = [(t[2] - t[0], t[3] - t[1]) for t in tiles]
    return {"tiles": size, "overlaps": overlaps, "hand": [(t[2] - t[0], t[3] - t[1]) for t in hand],
            "letters": [{"w": x[2] - x[0], "h": x[3] - x[1], "text": x[4]} for x in letters]}


def start_five_up_for_four(page) -> None:
    page.get_by_role("combobox").first.click()
    page.get_by_role("option", name="Five-Up — every double spins (learning rules)").click()
    chromium.settled(page)
    page.locator("button").filter(has_text=re.compile(r"^4$")).first.click()
    page.get_by_text("Suggest the best play").click()
    hand = page.locator(".fives-board .hand [data-tile]")
    chromium.until_shown(page, lambda: chromium.tap_if_there(page.get_by_role("button", name="Start the game")),
                         hand.first)


def move(page) -> bool:
    """The learner's move by the page's own buttons: the suggested play's button, else any that fits."""
    chromium.settled(page, 60000)
    tip = page.get_by_text(re.compile(r"^Try ")).first
    wanted = None
    if tip.count():
        m = re.match(r"Try (?:leading )?(\d-\d(?: on end [A-Z]| beside the sniff, end [A-Z])?)\.", tip.inner_text())
        wanted = m.group(1) if m else None
    names = ([rf"^(Lead )?{re.escape(wanted)}( →|$)"] if wanted else []) + [
        r"^Draw a tile", r"^Pass the lead", r"^Pass$", r"^Next hand"]
    for name in names:
        button = page.get_by_role("button", name=re.compile(name))
        if button.count():
            with chromium.rerun(page):
                button.first.click()
            return True
    options = page.get_by_role("button", name=re.compile(r" → total "))
    if options.count():
        with chromium.rerun(page):
            options.first.click()
        return True
    return False


@pytest.mark.parametrize("screen", list(SCREENS))
def test_play_for_four_draws_letters_clear_of_tiles_and_tiles_big_enough(server, browser, screen):
    width, height = SCREENS[screen]
    page = browser.new_page(viewport={"width": width, "height": height}, is_mobile=screen == "phone",
                            has_touch=screen == "phone")
    chromium.goto(page, f"{server}/play")
    start_five_up_for_four(page)
    measured = tips = 0
    most_tiles = 0
    for step in range(14):
        chromium.settled(page, 60000)
        chromium.at_rest(page)  # the tiles just played have slid into their places
        m = measure(page)
        if m["tiles"]:
            measured += 1
            most_tiles = max(most_tiles, len(m["tiles"]))
            assert not m["overlaps"], (screen, step, m["overlaps"])
            for letter in m["letters"]:
                # full size: as tall as a tile's short side at this zoom, never a sliver
                assert letter["w"] >= 0.6 * min(min(t) for t in m["tiles"]), (screen, letter)
            if screen == "phone":  # measured inside the outline: 95% of the 56 px a tile's place takes
                assert min(max(t) for t in m["tiles"]) >= 0.95 * ui.MIN_TILE, m["tiles"]
        if m["hand"] and screen == "phone":
            assert min(min(t) for t in m["hand"]) >= 0.95 * ui.HAND_TILE, m["hand"]
        tip = page.get_by_text(re.compile(r"^Try ")).first
        if tip.count():
            words = tip.inner_text()
            assert not re.search(r"\bon \d-\d", words), words
            shown = {letter["text"] for letter in m["letters"]}
            assert set(re.findall(r"on end ([A-Z])", words)) <= shown, (words, shown)
            tips += 1
        if step in (2, 8):
            board = page.locator(".fives-board")
            if board.count():  # not while the learner draws or passes: the hand is a plain picture then
                board.first.scroll_into_view_if_needed()
            shot(page, f"play-{screen}-{step}.png")
        if not move(page):
            break
    assert measured >= 4 and tips >= 2 and most_tiles >= 6, (measured, tips, most_tiles)
    page.close()


def test_partners_at_four_takes_on_the_first_tap_after_choosing_four(server, browser):
    """On a tablet: 4 players, one tap on "Partners at four players" and Start: the game follows that tap, off
    and then on again (each time the first tap after choosing four)."""
    page = browser.new_page(viewport={"width": 1024, "height": 768}, has_touch=True)
    chromium.goto(page, f"{server}/play")
    sides = page.locator("[data-testid='stMetricLabel']")
    for partners, expected in ((False, ["You", "Leo", "Maya", "Sam"]), (True, ["You & Maya", "Leo & Sam"])):
        chromium.settled(page, 60000)
        heights = page.locator(".st-key-g_players button, .st-key-g_bots button").evaluate_all(
            "bs => bs.map(b => b.getBoundingClientRect().height)")
        assert len(heights) >= 6 and min(heights) >= 44, heights  # each choice big enough for a child's finger
        page.locator(".st-key-g_players button", has_text="2").first.tap()
        page.locator(".st-key-g_players button", has_text="4").first.tap()
        box = page.get_by_role("checkbox", name=re.compile("^Partners at four players"))
        assert box.is_checked() != partners  # kept from the last game: the tap changes it
        page.locator(".st-key-g_partners label").first.tap()
        # the box is drawn again by the page's own script after the tap: a busy tablet takes a moment
        page.wait_for_function("([box, on]) => box.checked === on", arg=[box.element_handle(), partners],
                               polling=50, timeout=10000)
        with chromium.rerun(page):
            page.get_by_role("button", name="Start the game").tap()
        sides.first.wait_for(timeout=30000)
        assert sides.all_inner_texts() == expected
        with chromium.rerun(page):
            page.get_by_role("button", name="Quit this game").tap()
        with chromium.rerun(page):
            page.get_by_role("button", name="Yes, quit").tap()
    page.close()
