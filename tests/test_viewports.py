"""Every page at the four screens it is used on (tablet, phone, projector, desktop), in a real browser
with the internet cut off: what a child, a teacher and a player see. Screenshots go to
tests/artifacts/ (viewport-<page>-<screen>.png)."""

import chromium
import pytest
from chromium import press_until, shot

from puzzles import generate

pytestmark = [pytest.mark.browser, chromium.needs_chromium]

SCREENS = {"tablet": (1024, 768), "phone": (390, 844), "projector": (1920, 1080), "desktop": (1280, 900)}
PAGES = {"practice": ("", "Practice"), "projector": ("projector", None), "play": ("play", "Play"),
         "my_progress": ("my_progress", "My progress"), "rules": ("rules", "How the Fives games work")}


def open_offline(browser, server, path, screen):
    """A page with nothing but the app reachable; console errors are collected."""
    width, height = SCREENS[screen]
    page = browser.new_page(viewport={"width": width, "height": height}, is_mobile=screen == "phone",
                            has_touch=screen in ("phone", "tablet"))
    errors = []

    def on_console(msg):
        url = (msg.location or {}).get("url", "")
        # opening /page makes Streamlit probe /page/_stcore/… first: its own 404, not the app's
        if msg.type == "error" and "/_stcore/" not in msg.text and "/_stcore/" not in url:
            errors.append(msg.text)

    page.on("console", on_console)
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(server) else r.abort())
    chromium.goto(page, f"{server}/{path}", settle=False)
    return page, errors


def board_again(page) -> None:
    """Once the last move has been answered: while nothing in the hand fits (the board gives way to
    a Draw or Pass button), draw or pass, so that the board with the hand is on the page again."""
    for _ in range(20):
        chromium.settled(page, 60000)
        if page.locator(".fives-board .hand").count():
            return
        draw = page.get_by_role("button", name="Draw a tile").or_(page.get_by_role("button", name="Pass"))
        if not draw.count():
            return
        with chromium.rerun(page):
            draw.first.click()


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_page_on_every_screen(server, browser, screen):
    for name, (path, heading) in PAGES.items():
        page, errors = open_offline(browser, server, path, screen)
        if heading:
            page.get_by_text(heading).first.wait_for(state="visible", timeout=30000)
        else:
            page.get_by_role("button", name="Next puzzle").wait_for(state="visible", timeout=30000)
        chromium.settled(page, 60000)  # drawn in full before the picture is taken
        shot(page, f"viewport-{name}-{screen}.png")
        assert not [e for e in errors if "Failed to load" in e or "Error" in e], (name, screen, errors)
        page.close()


def test_projector_fits_one_screen_and_reveals_in_words(server, browser):
    p = generate("best-play", stage="five-up", level=3, seed=5)  # a big layout and a hand
    page, errors = open_offline(browser, server, f"projector?code={p.code}", "projector")
    nxt = page.get_by_role("button", name="Next puzzle")
    nxt.wait_for(state="visible", timeout=30000)
    page.locator("svg.fives-hand").first.wait_for(state="visible", timeout=30000)
    for el in (nxt, page.locator("svg.fives-layout").first, page.locator("svg.fives-hand").first):
        box = el.bounding_box()
        assert box and box["y"] + box["height"] <= 1080, "everything on one 1920×1080 screen"
    hand_tile = page.locator("svg.fives-hand g[data-tile]").first.bounding_box()
    layout_tile = page.locator("svg.fives-layout g[data-tile]").first.bounding_box()
    assert max(hand_tile["width"], hand_tile["height"]) >= max(layout_tile["width"], layout_tile["height"])
    answer = page.get_by_text("Answer:").first
    press_until(page, "a", answer)
    text = answer.inner_text()
    assert ">" not in text and " on the " in text
    shot(page, "projector-1920-revealed.png")
    assert not errors
    page.close()


def test_a_buttons_key_letter_shows_with_a_mouse_and_not_on_a_touch_screen(server, browser):
    """"Next puzzle" answers the N key: a laptop's button says so; a phone's does not (a child read the letter as
    part of the words, and there is no key to press)."""
    p = generate("open-total", stage="muggins", level=1, seed=2)
    shown = {}
    for screen in ("desktop", "phone"):
        page, _ = open_offline(browser, server, f"projector?code={p.code}", screen)
        nxt = page.get_by_role("button", name="Next puzzle")
        nxt.wait_for(state="visible", timeout=30000)
        letters = nxt.locator("kbd")
        assert letters.count() == 1 and letters.inner_text() == "N"
        shown[screen] = letters.is_visible()
        page.close()
    assert shown == {"desktop": True, "phone": False}


def test_projector_keys_work_after_typing_a_code(server, browser):
    first = generate("open-total", stage="muggins", level=1, seed=2)
    page, _ = open_offline(browser, server, "projector", "desktop")
    box = page.get_by_placeholder("e.g. HX7K-3MPA")
    box.wait_for(timeout=30000)
    box.fill(first.code)
    box.press("Enter")
    page.get_by_text(first.code).first.wait_for(timeout=20000)
    for _ in range(5):
        page.keyboard.press("n")
        try:
            page.wait_for_function(f"!window.location.search.includes('{first.code}')", timeout=5000)
            break
        except Exception:
            continue
    assert first.code not in page.url
    page.close()


def test_phone_menu_closes_after_choosing_a_page(server, browser):
    page, _ = open_offline(browser, server, "", "phone")
    page.wait_for_function("window.__fivesPage !== undefined", timeout=30000)  # the first page is drawn
    page.locator("[data-testid='stExpandSidebarButton']").first.click()
    page.get_by_role("link", name="Rules").first.click()
    page.get_by_text("How the Fives games work").first.wait_for(timeout=30000)
    page.wait_for_function(
        "document.querySelector('[data-testid=stSidebar]').getAttribute('data-collapsed') === 'true'",
        timeout=30000)
    shot(page, "phone-after-menu.png")
    page.close()


def test_play_page_shows_layout_and_hand_together_on_a_laptop(server, browser):
    page, errors = open_offline(browser, server, "play", "desktop")
    page.get_by_role("button", name="Start the game").click()
    hand = page.locator(".fives-board .hand svg, svg.fives-hand").first
    hand.wait_for(state="visible", timeout=30000)
    for _ in range(3):  # a few moves, so there is a layout on the table
        tiles = page.locator(".fives-board .hand [data-playable='yes']")
        if not tiles.count():
            break
        tile = tiles.first.get_attribute("data-tile")
        tiles.first.click()
        ends = page.locator(".fives-board .layout [data-end]")
        low, high = (int(x) for x in tile.split("-"))
        clicked = False
        for i in range(ends.count()):
            if int(ends.nth(i).get_attribute("data-end").split(":")[1]) in (low, high):
                with chromium.rerun(page):
                    ends.nth(i).click(force=True)
                clicked = True
                break
        if not clicked:
            break
    layout = page.locator("svg.fives-layout").first
    layout.wait_for(state="visible", timeout=30000)
    chromium.settled(page, 60000)  # the last move's page drawn in full before it is measured
    lb, hb = layout.bounding_box(), page.locator("svg.fives-hand").first.bounding_box()
    assert lb["y"] + lb["height"] <= 900 and hb["y"] + hb["height"] <= 900, "layout and hand on one screen"
    assert lb["height"] < 450, "a small layout stays small"
    shot(page, "play-laptop.png")
    assert not errors
    page.close()


def test_number_puzzles_show_a_number_line(server, browser):
    p = generate("nearest-five", stage="muggins", level=2, seed=3)
    page, errors = open_offline(browser, server, f"?code={p.code}", "tablet")
    chromium.past_worked_example(page)
    line = page.locator(".fives-board svg.fives-number-line").first
    line.wait_for(state="visible", timeout=30000)
    assert line.locator("text", has_text=str(p.number)).count() >= 1
    shot(page, "practice-number-line.png")
    assert not errors
    page.close()


def test_play_on_a_phone_keeps_tiles_big_enough(server, browser):
    """390 px wide: the hand's tiles at least 44 px both ways (a long hand wraps into rows), the
    layout's tiles at least 56 px long (the picture scrolls sideways)."""
    page, errors = open_offline(browser, server, "play", "phone")
    page.get_by_role("button", name="Start the game").click()
    hand = page.locator(".fives-board .hand svg.fives-hand").first
    hand.wait_for(state="visible", timeout=30000)
    for _ in range(4):  # a few moves, so there is a layout on the table
        tiles = page.locator(".fives-board .hand [data-playable='yes']")
        if not tiles.count():
            break
        tile = tiles.first.get_attribute("data-tile")
        tiles.first.click()
        ends = page.locator(".fives-board .layout [data-end]")
        low, high = (int(x) for x in tile.split("-"))
        for i in range(ends.count()):
            if int(ends.nth(i).get_attribute("data-end").split(":")[1]) in (low, high):
                with chromium.rerun(page):
                    ends.nth(i).click(force=True)
                break
        else:
            break
    board_again(page)
    page.locator(".fives-board .hand svg.fives-hand").first.wait_for(state="visible", timeout=30000)
    chromium.settled(page, 60000)  # the last move's page drawn in full before it is measured
    for i in range(page.locator(".fives-board .hand g[data-tile]").count()):
        box = page.locator(".fives-board .hand g[data-tile]").nth(i).bounding_box()
        assert box["width"] >= 43.5 and box["height"] >= 43.5, box
    layout_tiles = page.locator(".fives-board .layout svg.fives-layout g[data-tile]")
    if layout_tiles.count():
        box = layout_tiles.first.bounding_box()
        assert max(box["width"], box["height"]) >= 55.5, box
    shot(page, "play-phone.png")
    assert not errors
    page.close()


def test_a_game_on_a_tablet_has_the_whole_width_and_the_hand_on_the_first_screen(server, browser):
    """1024×768: once a game is under way the side menu closes (a child can open it again) and the hand is
    on the first screen, not below the fold."""
    page, errors = open_offline(browser, server, "play", "tablet")
    page.get_by_role("button", name="Start the game").click()
    hand = page.locator(".fives-board .hand svg.fives-hand").first
    hand.wait_for(state="visible", timeout=30000)
    sidebar = page.locator("[data-testid='stSidebar']")
    page.wait_for_function(
        "() => { const s = document.querySelector(\"[data-testid='stSidebar']\");"
        " return !s || s.getAttribute('aria-expanded') === 'false' || s.getBoundingClientRect().right <= 1; }",
        timeout=30000)
    chromium.steady(page, hand)
    box = hand.bounding_box()
    assert box["y"] + box["height"] <= 768, box
    main = page.locator("[data-testid='stMain']").bounding_box()
    assert main["width"] >= 1000, main  # the whole width
    assert sidebar.count() <= 1
    shot(page, "play-tablet.png")
    assert not errors
    page.close()
