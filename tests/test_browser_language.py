"""Real-browser test of the language: ``?lang=es`` on a tablet, the chooser in the side menu, and
the read-aloud request made in Spanish (the request is checked, not the sound)."""

from __future__ import annotations

import appserver
import chromium
import pytest

from puzzles import generate

pytestmark = [pytest.mark.browser, chromium.needs_chromium]

SPEECH_MOCK = """
window.__spoken = [];
Object.defineProperty(window, 'speechSynthesis', {configurable: true, value: {
  cancel() {}, getVoices() { return []; },
  speak(u) { window.__spoken.push({text: u.text, lang: u.lang}); } }});
window.SpeechSynthesisUtterance = function (text) { this.text = text; this.lang = ''; };
"""


@pytest.fixture(scope="module")
def database():
    return appserver.fresh_database("lang")


def test_spanish_from_the_address_reads_aloud_in_spanish_and_the_chooser_goes_back(server, browser):
    p = generate("open-total", stage="muggins", level=1, seed=5)
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    page.add_init_script(SPEECH_MOCK)
    chromium.goto(page, f"{server}/?code={p.code}&lang=es", settle=False)
    chromium.past_worked_example(page)
    chromium.settled(page, 60000)
    page.locator("button.fives-speak").first.click()
    spoken = page.evaluate("window.__spoken")
    assert spoken and spoken[-1]["lang"] == "es", spoken
    assert "lang=es" in page.url
    # the side menu's chooser: English again
    side = page.locator("[data-testid='stSidebar']")
    if not side.is_visible():
        page.locator("[data-testid='stExpandSidebarButton']").first.click()
    side.get_by_text("English", exact=True).click()
    chromium.settled(page, 60000)
    page.wait_for_function("() => !window.location.search.includes('lang=')", timeout=20000)
    page.locator("button.fives-speak").first.click()
    assert page.evaluate("window.__spoken")[-1]["lang"] == "en"
    page.close()


def test_no_english_press_enter_in_an_answer_box_on_a_spanish_page(server, browser):
    """Streamlit writes "Press Enter to submit form" inside a box being typed in, in English whatever the
    page's language: the answer box has its own button, and the words are not shown."""
    p = generate("open-total", stage="muggins", level=1, seed=6)
    page = browser.new_page(viewport={"width": 1024, "height": 768}, has_touch=True)
    chromium.goto(page, f"{server}/?code={p.code}&lang=es", settle=False)
    chromium.past_worked_example(page)
    box = page.locator("[data-testid='stMain'] [data-testid='stTextInputRootElement'] input").first
    box.click()
    box.press_sequentially("1")
    page.wait_for_timeout(500)  # fixed on purpose: Streamlit draws its instructions a moment after a key
    instructions = page.locator("[data-testid='InputInstructions']")
    assert instructions.count() >= 1  # Streamlit drew them ...
    assert not any(instructions.nth(i).is_visible() for i in range(instructions.count()))  # ... no one sees them
    said = page.get_by_text("Press Enter")
    assert not any(said.nth(i).is_visible() for i in range(said.count()))
    chromium.shot(page, "practice-spanish-typing-1024.png")
    page.close()
