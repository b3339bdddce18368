"""Real-browser tests of signing in and out, names shown as typed, and the teacher's key kept out of
the address and the tab's history."""

from __future__ import annotations

import re

import appserver
import chromium
import pytest

from trainer.store import open_store

pytestmark = [pytest.mark.browser, chromium.needs_chromium]


@pytest.fixture(scope="module")
def database():
    return appserver.fresh_database("signin")


def menu(page, title: str) -> None:
    page.locator("[data-testid='stSidebarNav'] a", has_text=title).first.click()
    chromium.settled(page, 60000)


def main_text(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


def test_sign_in_practice_sign_out_practice(server, browser):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = chromium.open_page(context, server + "/")
    assert "Practice" in main_text(page)
    # the Sign in link in Practice stays in this tab
    page.locator("[data-testid='stMain'] a", has_text="Sign in").first.click()
    chromium.settled(page, 60000)
    assert len(context.pages) == 1
    page.get_by_placeholder("e.g. Sunny Otter").fill("Sunny Otter")
    page.keyboard.press("Tab")
    chromium.settled(page, 60000)
    page.get_by_role("button", name="Start").click()
    page.get_by_text("You're signed in").wait_for(timeout=30000)
    menu(page, "Practice")
    page.get_by_text("Practising as").wait_for(timeout=30000)
    text = main_text(page)
    assert "Oops" not in text and "Sunny Otter" in text
    menu(page, "Sunny Otter")
    page.get_by_role("button", name="This is not me: sign out").click()
    page.get_by_text("Who's practising?").wait_for(timeout=30000)
    menu(page, "Practice")
    page.get_by_text("Practising as a guest").wait_for(timeout=30000)
    assert "Oops" not in main_text(page)
    context.close()


def test_names_show_exactly_as_typed_and_the_teacher_key_stays_out_of_history(server, browser, database):
    store = open_store(database)
    keys = store.create_class("O'Neil $x^2$ :smile: :material/warning:")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{server}/teacher?class={keys.code}&key={keys.teacher_key}")
    assert keys.teacher_key not in page.url  # taken out before anything else loaded
    page.get_by_role("link", name="Open my class").click()
    chromium.connected(page)
    heading = page.locator("[data-testid='stMain'] h1").first
    page.wait_for_function(  # the class is open, once the browser has handed the link over
        "() => (document.querySelector(\"[data-testid='stMain'] h1\") || {}).innerText?.includes('Neil')",
        timeout=30000)
    assert heading.inner_text().strip() == "O'Neil $x^2$ :smile: :material/warning:"
    page.wait_for_function("!location.search.includes('key=')", timeout=30000)
    chromium.settled(page, 60000)
    assert keys.teacher_key not in page.url
    # the entry this tab keeps for the page it opened has no key either
    page.go_back()
    chromium.settled(page, 60000)  # the app has answered the way back (a page of its own, or none)
    assert keys.teacher_key not in page.url
    # a new tab of this browser opens the class without any key in its address
    again = chromium.open_page(context, f"{server}/teacher")
    again.locator("[data-testid='stMain'] h1").first.wait_for(timeout=30000)
    again.get_by_text("Class code").first.wait_for(timeout=30000)
    assert keys.code in main_text(again)
    context.close()


def test_a_report_s_qr_link_signs_in_to_the_child_s_own_pages_and_never_shows_the_learner_code(
        server, browser, database):
    """The printed report's link on a phone: the child's own pages, the learner code nowhere (address, page,
    the browser's storage), the tables closed; once the teacher switches it off, it signs nobody in."""
    store = open_store(database)
    keys = store.create_class("Room 4")
    fox = store.join(keys.code, "مرحبا")  # a nickname in Arabic letters, too
    token = store.home_passes(keys.code, keys.teacher_key, [fox])[fox].token
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = chromium.open_page(context, f"{server}/?pass={token}", timeout=60000)
    page.get_by_text("Practising as").wait_for(timeout=30000)
    assert "مرحبا" in main_text(page)
    assert fox not in page.url and f"pass={token}" in page.url and "me=" not in page.url
    page.goto(f"{server}/tables?pass={token}")
    chromium.connected(page)
    page.get_by_text("this page is closed").wait_for(timeout=30000)
    chromium.settled(page, 60000)
    chromium.shot(page, "printed-pass-tables-closed.png")
    page.goto(f"{server}/me?pass={token}")
    chromium.connected(page)
    page.get_by_text("signed in from a printed report").wait_for(timeout=30000)
    chromium.settled(page, 60000)
    chromium.shot(page, "printed-pass-sign-in-page.png")
    assert fox not in main_text(page)
    stored = page.evaluate("() => JSON.stringify({...localStorage}) + JSON.stringify({...sessionStorage})")
    assert fox not in stored
    store.switch_off_passes(keys.code, keys.teacher_key, fox)
    other = chromium.open_page(browser.new_context(viewport={"width": 390, "height": 844}),
                               f"{server}/?pass={token}", timeout=60000)
    # nobody is signed in by it (the notice that says so, once, is checked in tests/test_passes.py)
    other.get_by_text("Practising as a guest").wait_for(timeout=30000)
    other.wait_for_function("() => !location.search.includes('pass=')", timeout=30000)
    assert "مرحبا" not in main_text(other)
    context.close()


def test_a_table_seat_s_key_stays_in_the_tab_not_in_the_address(server, browser):
    """A child opens a table: the address names the table only; the key for the seat is in the tab's own
    storage, so a reload sits again, and the same address in another browser (a copied link, the history, a
    screenshot) does not."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = chromium.open_page(context, server + "/tables", timeout=60000)
    page.get_by_role("textbox", name="Your name").fill("Ana")
    page.keyboard.press("Tab")
    chromium.settled(page, 60000)
    page.locator(".st-key-tb_mode button").filter(has_text="Open a table").click()
    chromium.settled(page, 60000)
    page.locator(".st-key-tb_open button").click()
    heading = page.get_by_role("heading", name=re.compile(r"^Table [A-Z0-9]{4}-[A-Z0-9]{3}$"))
    heading.wait_for(timeout=30000)
    code = heading.inner_text().removeprefix("Table ").strip()
    page.wait_for_function(f"() => location.search.includes('table={code}')", timeout=30000)
    chromium.settled(page, 60000)
    assert "tk=" not in page.url
    kept = page.evaluate("() => sessionStorage.getItem('fives-trainer-table')") or ""
    assert code in kept
    page.reload()
    chromium.connected(page, 60000)
    page.get_by_role("heading", name=f"Table {code}").wait_for(timeout=30000)
    assert "Seat 1: Ana" in main_text(page)
    chromium.shot(page, "table-key-in-the-tab.png")
    copied = chromium.open_page(browser.new_context(viewport={"width": 1024, "height": 768}), page.url,
                                timeout=60000)
    copied.locator(".st-key-tb_mode").wait_for(timeout=30000)
    assert copied.get_by_role("heading", name=f"Table {code}").count() == 0
    context.close()


def test_a_cross_on_a_phone_opens_centred(server, browser):
    """A layout with a spinner's arms, wider than a phone: it scrolls sideways, and opens centred, not at its
    left edge."""
    from puzzles import generate
    from trainer.render import render_layout

    p = next(q for q in (generate("open-total", stage="five-up", level=3, seed=s) for s in range(300))
             if q.board and "spinner-mark" in render_layout(q.board) and len(q.board.open_ends) >= 4)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = chromium.open_page(context, f"{server}/?code={p.code}", timeout=60000)
    chromium.past_worked_example(page)
    mark = page.locator(".fives-board .spinner-mark").first
    mark.wait_for(state="attached", timeout=30000)
    chromium.settled(page, 60000)
    found = mark.evaluate("""(m) => {
        let box = m.parentElement;
        while (box && !(box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== 'visible')) {
          box = box.parentElement;
        }
        if (!box) return null;
        return {left: box.scrollLeft, more: box.scrollWidth - box.clientWidth};
    }""")
    chromium.shot(page, "phone-cross-centred.png")
    assert found is not None, "the cross does not scroll on a phone"
    assert found["more"] > 0 and abs(found["left"] - found["more"] / 2) <= 2, found
    context.close()
