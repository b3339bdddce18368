"""Rough edges a real browser shows: a tooltip left open over the answers after a tap on a tablet, a
phone's cut guest line, four-line chooser label and silent sideways scrolling, and a projector that
forgot its class on a reload and spoke too small for the back of the room. One app server for the file.
Screenshots go under the system's temporary folder (edges-*.png)."""

from __future__ import annotations

import os
import re
import tempfile

import chromium
import pytest

from puzzles import generate
from trainer.store import open_store

pytestmark = [
    pytest.mark.browser,
    chromium.needs_chromium,
]

SHOTS = tempfile.mkdtemp(prefix="fives-edges-")
TABLET_UPRIGHT = {"width": 768, "height": 1024}
"""A tablet held upright: the Hint button wraps under the play buttons, so a tooltip above it lies over them."""
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}
BEST_PLAY = generate("best-play", stage="muggins", level=1, seed=3, generator=2)
"""Four play buttons and Hint: "3-5 on end A" is the first of them."""
WIDE = generate("open-total", stage="five-up", level=3, seed=0, generator=2)
"""A Five-Up cross wider than a phone."""


@pytest.fixture(scope="module")
def world():
    database = f"sqlite:///{tempfile.mkdtemp(prefix='fives-edges-')}/fives.db"
    store = open_store(database)
    keys = store.create_class("Room 4")
    fox = store.join(keys.code, "Blue Fox")
    return {"database": database, "store": store, "keys": keys, "fox": fox}


@pytest.fixture(scope="module")
def database(world):
    return world["database"]


def open_page(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("[data-testid='stApp'][data-test-connection-state='CONNECTED']", timeout=30000)
    chromium.settled(page, 60000)


def shot(page, name: str) -> None:
    page.screenshot(path=os.path.join(SHOTS, f"edges-{name}.png"))


TOOLTIP_OVER_CONTROLS = """() => {
  const controls = Array.from(document.querySelectorAll('[data-testid=stMain] button')).filter(b => {
    const r = b.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && !b.matches(':hover') && !b.closest('[inert]');
  });
  const over = [];
  for (const tip of document.querySelectorAll('[role=tooltip]')) {
    const s = getComputedStyle(tip), t = tip.getBoundingClientRect();
    if (s.display === 'none' || s.visibility === 'hidden' || t.width === 0) continue;
    for (const b of controls) {
      const r = b.getBoundingClientRect();
      if (t.left < r.right && r.left < t.right && t.top < r.bottom && r.top < t.bottom) over.push(b.textContent.trim());
    }
  }
  return over;
}"""
"""The main area's buttons a shown tooltip lies over (the hovered one and those of a folded panel aside)."""


def test_a_tap_on_hint_then_on_an_answer_reaches_the_answer(server, browser):
    """On a tablet a tap on Hint used to leave its tooltip open over the play buttons until the page
    was drawn again (on a busy server, long enough to block the child's next tap). The server's answer
    is held back here, so the tooltip would stay: the tap on "3-5 on end A" must still reach it."""
    context = browser.new_context(viewport=TABLET_UPRIGHT, has_touch=True, is_mobile=True)
    page = context.new_page()
    held, hold = [], {"on": False, "ws": None}

    def route(ws):
        upstream = ws.connect_to_server()
        hold["ws"] = ws

        def down(message):
            (held.append if hold["on"] else ws.send)(message)

        upstream.on_message(down)

    page.route_web_socket(re.compile(r".*/_stcore/stream"), route)
    open_page(page, f"{server}/?code={BEST_PLAY.code}")
    chromium.past_worked_example(page)
    answer = page.get_by_role("button", name="3-5 on end A", exact=True)
    hint = page.get_by_role("button", name="Hint")
    answer.wait_for(timeout=30000)
    page.evaluate("() => { window.__taps = []; document.addEventListener('click', e => "
                  "window.__taps.push((e.target.closest('button') || e.target).textContent.trim()), true); }")
    hold["on"] = True  # the page is not drawn again until the two taps are done
    hint.first.tap()
    assert not page.evaluate(TOOLTIP_OVER_CONTROLS), "a tooltip lies over the answer buttons"
    shot(page, "tablet-after-hint")
    answer.tap(timeout=15000)
    assert "3-5 on end A" in page.evaluate("() => window.__taps")
    hold["on"] = False
    for message in held:
        hold["ws"].send(message)
    page.get_by_role("button", name=re.compile("Next puzzle|Try again")).first.wait_for(timeout=60000)
    context.close()


def test_no_tooltip_lies_over_a_control_under_a_mouse(server, browser):
    """With a mouse the Hint's tooltip still shows, but never over another button: here it stands
    under the Hint button, clear of the play buttons above it."""
    context = browser.new_context(viewport=TABLET_UPRIGHT)
    page = context.new_page()
    open_page(page, f"{server}/?code={BEST_PLAY.code}")
    chromium.past_worked_example(page)
    hint = page.get_by_role("button", name="Hint")
    hint.first.wait_for(timeout=30000)
    hint.first.hover()
    page.locator("[role=tooltip]").first.wait_for(state="attached", timeout=15000)
    page.wait_for_function(f"() => ({TOOLTIP_OVER_CONTROLS})().length === 0", timeout=5000)
    tip = page.locator("[role=tooltip]").first
    assert tip.is_visible() and "A hinted answer does not count" in tip.inner_text()
    assert tip.bounding_box()["y"] >= hint.first.bounding_box()["y"] + 40  # under the Hint button
    shot(page, "tooltip-under-hint")
    context.close()


def test_a_phone_reads_the_guest_line_the_chooser_and_a_wide_layout(server, browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    open_page(page, f"{server}/?code={WIDE.code}")
    chromium.past_worked_example(page)
    cue = page.locator(".fives-board .scroll-cue")
    cue.wait_for(timeout=30000)
    shot(page, "phone")
    # the guest line: every word on the screen (wrapped, never cut at the edge)
    guest = page.locator("[data-testid=stPageLink-NavLink]", has_text="Practising as a guest").first
    cut = guest.evaluate("""a => [a, ...a.querySelectorAll('*')].filter(e => e.scrollWidth > e.clientWidth + 1
                                  || e.getBoundingClientRect().right > window.innerWidth).map(e => e.tagName)""")
    assert not cut, f"the guest line is cut: {cut}"
    # the chooser's label: at most two lines
    label = page.locator("[data-testid=stExpander] summary p", has_text="open-end total").first
    lines = label.evaluate("p => p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)")
    assert lines <= 2.1, f"the chooser's label takes {lines:.1f} lines"
    # the wide cross: a visible cue under it, tied to it for a screen reader, and a fade at the edge
    assert cue.is_visible() and "Slide the picture sideways" in cue.inner_text()
    box = page.locator(".fives-board .layout").first
    assert box.get_attribute("aria-describedby") == cue.get_attribute("id")
    assert "fade-right" in (box.get_attribute("class") or "")
    left, fade = box.evaluate("""b => [b.scrollWidth - b.clientWidth - b.scrollLeft,
                                       parseFloat(b.style.getPropertyValue('--fade-r'))]""")
    assert abs(fade - min(48, left)) < 1, (fade, left)  # as wide as what is hidden there, 3rem at most
    # a few pixels left to see: a fade of those few pixels, never 3rem over the lettered end beside it
    box.evaluate("b => { b.scrollLeft = b.scrollWidth - b.clientWidth - 6; }")
    page.wait_for_function("""b => { const left = b.scrollWidth - b.clientWidth - b.scrollLeft;
                                     const fade = parseFloat(b.style.getPropertyValue('--fade-r'));
                                     return left > 1 && left < 10 && Math.abs(fade - left) < 1
                                            && b.classList.contains('fade-right'); }""",
                           arg=box.element_handle(), timeout=5000)
    box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")  # scrolled to its end: no more fade there
    page.wait_for_function("b => !b.classList.contains('fade-right')", arg=box.element_handle(), timeout=5000)
    context.close()


def test_the_projector_finds_its_class_after_a_reload_and_reads_from_the_back(server, browser, world):
    store, keys = world["store"], world["keys"]
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    chromium.follow_old_teacher_link(page, f"{server}/teacher?class={keys.code}&key={keys.teacher_key}", keys.code)
    # a new load of the projector is a new session: it finds the class this browser keeps
    open_page(page, f"{server}/projector")
    start = page.get_by_role("button", name="Start a live lesson with Room 4")
    chromium.until_shown(page, lambda: start.wait_for(timeout=30000) or start.click(),
                          page.get_by_role("button", name="End the live lesson"))
    page.reload()
    page.wait_for_selector("[data-testid='stApp'][data-test-connection-state='CONNECTED']", timeout=30000)
    resume = page.get_by_role("button", name="Go on with the live lesson of Room 4")
    resume.wait_for(timeout=30000)
    assert not page.get_by_text("Open your class on").count()
    chromium.until_shown(page, lambda: resume.click(), page.get_by_test_id("lobby-code"))
    start = page.locator(".st-key-pj_lobby_go button").first  # the lobby's Start: the first puzzle goes out
    chromium.until_shown(page, lambda: start.click(), page.get_by_test_id("live-count"))
    lesson = store.lesson(keys.code)
    assert lesson is not None and lesson.round >= 1
    assert store.live_answer(world["fox"], lesson.round, "7", False, "missed-end")
    # Reveal and Next: big enough to find and read at 8 m
    for name in ("reveal", "next"):
        button = page.locator(f".st-key-{name} button").first
        height = button.bounding_box()["height"]
        size = button.locator("p").first.evaluate("p => parseFloat(getComputedStyle(p).fontSize)")
        assert height >= 64 and size >= 32, f"{name}: {height:.0f} px tall, text {size:.0f} px"
    reveal = page.locator(".st-key-reveal button").first
    chart = page.locator("[data-testid='stPlotlyChart'] svg.main-svg").first
    chromium.until_shown(page, lambda: reveal.click(), chart)
    page.locator("[data-testid='stPlotlyChart'] .xtick text").first.wait_for(timeout=30000)
    chromium.settled(page, 60000)
    shot(page, "projector-revealed")
    texts = page.locator("[data-testid='stPlotlyChart']").first.evaluate("""c => Array.from(c.querySelectorAll('text'))
        .filter(t => t.textContent.trim()).map(t => {
          const s = getComputedStyle(t);
          const rgb = (s.fill.match(/[0-9.]+/g) || [255, 255, 255]).slice(0, 3).map(Number);
          return {text: t.textContent, size: parseFloat(s.fontSize), fill: s.fill,
                  dark: Math.max(...rgb) <= 80};
        })""")
    assert len(texts) >= 2, texts  # the answer's name and its count at least
    small = [t for t in texts if t["size"] < 28 or not t["dark"]]
    assert not small, f"chart text too small or too light: {small}"
    context.close()


def test_after_i_see_the_worked_example_and_then_the_drill_stand_on_a_phone_s_screen(server, browser):
    """The same rounding mistake twice on a phone: after **I see!** the worked example's heading is on the screen
    (not scrolled off the top), and after **My turn!** the drill's question is."""
    from urllib.parse import parse_qs, urlparse

    from puzzles import from_code, generate_for

    first = generate_for("hand-rounding", stage="muggins", level=1, trap="round-2", seed=0)
    page = browser.new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    open_page(page, f"{server}/?code={first.code}")
    chromium.past_worked_example(page)

    def rounded_up(p) -> None:  # the round-2 mistake: 1 or 2 past a five rounded up
        page.get_by_label("Rounded to five").fill(str(p.answer["rounded"] + 5))
        page.get_by_label("Points", exact=True).fill(str(p.answer["points"] + 1))
        with chromium.rerun(page):
            page.get_by_role("button", name="Check").first.click()

    rounded_up(first)
    similar = page.get_by_role("button", name="Try a similar one")
    similar.wait_for(timeout=30000)
    with chromium.rerun(page):
        similar.click()
    chromium.past_worked_example(page)
    second = from_code(parse_qs(urlparse(page.url).query)["code"][0])
    assert second.trap == "round-2" and second.code != first.code
    rounded_up(second)

    def on_screen(locator) -> bool:
        box = locator.bounding_box()
        return box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 200) <= PHONE["height"]

    see = page.get_by_role("button", name="I see!")
    see.wait_for(timeout=30000)
    with chromium.rerun(page):
        see.click()
    example = page.get_by_role("heading", name="Watch how it works")
    example.wait_for(timeout=30000)
    chromium.steady(page, example)
    shot(page, "after-i-see-phone")
    assert on_screen(example), example.bounding_box()
    turn = page.get_by_role("button", name="My turn!")
    with chromium.rerun(page):
        turn.click()
    question = page.locator("[data-testid='stMain'] h4").filter(has_text="?").first
    question.wait_for(timeout=30000)
    chromium.steady(page, question)
    shot(page, "after-my-turn-phone")
    assert on_screen(question), question.bounding_box()
    page.close()


def test_a_five_up_cross_on_the_projector_takes_the_width_for_pips_read_at_8_m(server, browser):
    """A Five-Up level-3 cross with nothing beside it (an open-end total) at 1920×1080: its pips at least 12 px
    across and a tile's half at least 60 px (they were 8.9 and 45 px while it kept a column free for the answer),
    with the question, the choices and both buttons still on the one screen."""
    p = generate("open-total", stage="five-up", level=3, seed=0)  # 16 tiles, a cross 1.7 times as wide as tall
    page = browser.new_page(viewport=PROJECTOR)
    open_page(page, f"{server}/projector?code={p.code}")
    svg = page.locator("[data-testid='stMain'] svg.fives-layout").first
    svg.wait_for(timeout=30000)
    chromium.steady(page, svg)
    size = svg.evaluate("""s => { const r = s.getBoundingClientRect(), vb = s.viewBox.baseVal;
        return Math.min(r.width / vb.width, r.height / vb.height); }""")  # px per unit: a half is 24, a pip 4.8
    shot(page, "projector-five-up-cross")
    assert 4.8 * size >= 12 and 24 * size >= 60, f"a pip {4.8 * size:.1f} px, a half {24 * size:.1f} px"
    for name in ("reveal", "next"):
        box = page.locator(f".st-key-{name} button").first.bounding_box()
        assert box["y"] + box["height"] <= PROJECTOR["height"], (name, box)
    page.close()




SLIDES = """b => [b.classList.contains('fives-slides'), b.classList.contains('fade-left'),
                   b.classList.contains('fade-right'), getComputedStyle(b, '::after').content]"""


def test_a_wide_layout_outside_the_board_slides_with_a_cue_in_the_pages_language(server, browser):
    """A layout wider than a phone drawn as a plain picture, not on the board (the layout at a hand's end on Play a
    hand, a child's sheet at a table: ``ui.picture_html``), fades at the edge with more to see and says to slide
    it, in the page's language, as the board does; a picture that fits says nothing."""
    from trainer.render import render_layout
    from trainer.web import ui

    wide = ui.picture_html(render_layout(WIDE.board, working=True))
    small = ui.picture_html(render_layout(BEST_PLAY.board, working=True))
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    for lang, cue in (("en", "Slide the picture sideways to see all of it"),
                      ("es", "Desliza la imagen hacia un lado para verla entera")):
        open_page(page, f"{server}/rules?lang={lang}")
        page.evaluate("""([wide, small]) => { for (const html of [small, wide]) {
            const d = document.createElement('div'); d.className = 'fives-test-picture'; d.innerHTML = html;
            document.querySelector('[data-testid=stMainBlockContainer]').prepend(d); } }""", [wide, small])
        pictures = page.locator(".fives-test-picture .fives-picture")
        box, fits = pictures.first, pictures.nth(1)
        page.wait_for_function("b => b.classList.contains('fives-slides')", arg=box.element_handle(), timeout=5000)
        slides, left, right, said = box.evaluate(SLIDES)
        assert (slides, left, right) == (True, False, True) and said == f'"{cue} →"', (lang, said)
        fade = box.evaluate("b => [b.scrollWidth - b.clientWidth, parseFloat(b.style.getPropertyValue('--fade-r'))]")
        assert abs(fade[1] - min(48, fade[0])) < 1, fade  # as wide as what is hidden there, 3rem at most
        assert fits.evaluate(SLIDES)[:3] == [False, False, False] and fits.evaluate(SLIDES)[3] in ("none", "normal")
        if lang == "en":
            shot(page, "phone-plain-wide-layout")
        box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")  # at its end: the fade moves to the other edge
        page.wait_for_function("b => b.classList.contains('fade-left') && !b.classList.contains('fade-right')",
                               arg=box.element_handle(), timeout=5000)
    context.close()


@pytest.mark.parametrize("width", [360, 390])
def test_a_phone_never_breaks_a_tile_s_name_at_its_hyphen(server, browser, width):
    """The Rules page on a phone, in English and in Spanish ("Aquí el 4-4 tiene" broke after "4-" at 390 px): every
    tile's name stays on one line, and its hyphen is as wide as a hyphen (the font has it)."""
    page = browser.new_page(viewport={"width": width, "height": 844}, has_touch=True, is_mobile=True)
    for lang in ("en", "es"):
        open_page(page, f"{server}/rules?lang={lang}")
        page.locator("[data-testid='stMain'] h2").nth(3).wait_for(timeout=30000)
        assert page.evaluate(chromium.BROKEN_TILE_NAMES) == [], lang
    hyphens = page.locator("[data-testid='stMain'] p").first.evaluate("""p => ['-', '\\u2011'].map(h => {
        const s = document.createElement('span'); s.textContent = '5' + h + '6'; p.appendChild(s);
        const w = s.getBoundingClientRect().width; s.remove(); return w; })""")
    assert abs(hyphens[0] - hyphens[1]) <= 2, hyphens
    page.close()


STREAMLIT_ENGLISH = """([exact, starts]) => {
  const left = [];
  for (const el of document.querySelectorAll('[aria-label],[title],[placeholder]'))
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const v = el.getAttribute(name);
      if (v !== null && (exact.includes(v) || starts.some(s => v.startsWith(s)))) left.push(name + '=' + v);
    }
  return left;
}"""


def test_streamlits_own_names_are_said_in_the_pages_language_and_back_in_english(server, browser, world):
    """Streamlit writes its own names in English (the side panel's buttons, a number box's steppers, a help
    button, a button's key letter, an empty chooser's placeholder, a teacher key's eye): a Spanish page says
    them in Spanish, and in English again once English is chosen on it."""
    from trainer.words.pages import STREAMLIT_LABELS, STREAMLIT_PREFIXES

    english = [list(STREAMLIT_LABELS), [template.partition("{")[0] for template in STREAMLIT_PREFIXES]]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    for path, spanish in (("projector", ("Uno más", "Tecla N", "Ayuda sobre ")), ("teacher", ("Mostrar la clave",)),
                          ("play", ("Abrir",))):
        open_page(page, f"{server}/{path}?lang=es")
        expected = ["Cerrar el menú lateral", "Páginas de la app", *spanish]
        try:  # the page's last pieces may come a run later: nothing English left once they are all there
            page.wait_for_function(f"""([english, expected]) => {{
                const said = Array.from(document.querySelectorAll('[aria-label],[title],[placeholder]'))
                  .flatMap(e => ['aria-label', 'title', 'placeholder'].map(n => e.getAttribute(n))).filter(v => v);
                return expected.every(w => said.some(v => v.startsWith(w)))
                       && ({STREAMLIT_ENGLISH})(english).length === 0; }}""", arg=[english, expected], timeout=30000)
        except Exception:
            left = page.evaluate(f"a => ({STREAMLIT_ENGLISH})(a)", english)
            raise AssertionError(f"{path}: English left {left}, or one of {expected} missing") from None
    # English chosen on the page: Streamlit's names are its own again
    page.locator("[data-testid='stSidebar']").get_by_text("English", exact=True).click()
    page.wait_for_function("() => document.documentElement.lang === 'en'", timeout=30000)
    page.wait_for_function("""() => !!document.querySelector('[aria-label="Collapse sidebar"]')
                                    && !document.querySelector('[aria-label="Cerrar el menú lateral"]')""",
                           timeout=15000)
    context.close()


SPANISH_MONTHS = re.compile("enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre")
ENGLISH_MONTHS = re.compile("January|February|March|April|May|June|July|August|September|October|November|December")


def due_day_calendar(page, expander: str):
    """My class's form for new work opened, and its due day's calendar: the calendar."""
    chromium.settled(page, 60000)
    summary = page.locator("summary", has_text=expander).first
    summary.scroll_into_view_if_needed()
    summary.click()
    button = page.locator(".st-key-ta_due button").first
    button.wait_for(timeout=30000)
    button.click()
    calendar = page.get_by_role("dialog").first
    calendar.wait_for(timeout=30000)
    return calendar


def test_the_due_days_calendar_speaks_the_pages_language(server, browser, world):
    """Streamlit's date box draws its calendar in the browser's language: in an English browser, a Spanish page's
    due-day calendar (My class) names its months and days in Spanish, its week from Monday, and says how to move
    about it in Spanish; once English is chosen on the page, in English again, its week from Sunday."""
    keys = world["keys"]
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = context.new_page()
    chromium.follow_old_teacher_link(page, f"{server}/teacher?class={keys.code}&key={keys.teacher_key}", keys.code)
    open_page(page, f"{server}/teacher?lang=es")
    calendar = due_day_calendar(page, "Poner una tarea nueva")
    page.wait_for_function("d => d.innerText.includes('diciembre') || d.innerText.includes('enero') || "
                           "/(febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre)/"
                           ".test(d.innerText)", arg=calendar.element_handle(), timeout=15000)
    text = calendar.inner_text()
    assert SPANISH_MONTHS.search(text) and not ENGLISH_MONTHS.search(text), text
    days = calendar.locator("thead th").all_inner_texts()
    assert [d.strip() for d in days] == ["L", "M", "X", "J", "V", "S", "D"], days
    names = calendar.locator("[aria-label]").evaluate_all("es => es.map(e => e.getAttribute('aria-label'))")
    assert any(re.search("viernes|lunes|martes|miércoles|jueves|sábado|domingo", n) for n in names), names
    assert not [n for n in names if re.search("Previous|Next|Choose|month|day", n)], names
    assert page.locator("[id$='-calendar-desc']").first.text_content().startswith("Muévete por los días")
    shot(page, "due-day-calendar-es")
    page.keyboard.press("Escape")
    # English chosen on the page: the calendar is the browser's own again
    page.locator("[data-testid='stSidebar']").get_by_text("English", exact=True).click()
    page.wait_for_function("() => document.documentElement.lang === 'en'", timeout=30000)
    calendar = due_day_calendar(page, "Set new work")
    page.wait_for_function(f"d => /{ENGLISH_MONTHS.pattern}/.test(d.innerText)", arg=calendar.element_handle(),
                           timeout=15000)
    assert not SPANISH_MONTHS.search(calendar.inner_text())
    days = calendar.locator("thead th").all_inner_texts()
    assert [d.strip() for d in days][:2] == ["S", "M"], days
    context.close()


@pytest.mark.parametrize("viewport", [TABLET_UPRIGHT, PHONE], ids=["tablet", "phone"])
def test_practices_first_line_shows_and_takes_a_tap_under_streamlits_bar(server, browser, viewport):
    """Practice keeps little room above its heading: on a tablet or a phone (the side panel closed) its heading
    and the guest's sign-in link sat under Streamlit's bar, hidden, and a tap on the link reached the bar. They
    show and take taps, the heading clear of the panel's opener, and the opener still opens the panel."""
    context = browser.new_context(viewport=viewport, has_touch=True, is_mobile=True)
    page = context.new_page()
    open_page(page, f"{server}/?lang=es")
    page.get_by_role("heading", name="Practicar").wait_for(timeout=30000)
    found = page.evaluate("""() => {
      const opener = document.querySelector('[data-testid=stExpandSidebarButton]').getBoundingClientRect();
      return Array.from(document.querySelectorAll('[data-testid=stMainBlockContainer] h1, [data-testid=stPageLink] a'))
        .filter(e => e.getBoundingClientRect().width > 0).slice(0, 2).map(e => {
          const words = document.createRange();  // where its words are drawn, its padding left out
          words.selectNodeContents(e);
          const r = words.getBoundingClientRect();
          const spots = [[r.left + 6, r.top + r.height / 2], [r.left + r.width / 2, r.top + r.height / 2]];
          return {text: e.innerText.trim(), taken: spots.every(([x, y]) => e.contains(document.elementFromPoint(x, y))),
                  clear: r.left >= opener.right || r.top >= opener.bottom || r.bottom <= opener.top};
        });
    }""")
    assert [f["text"].split("\n")[-1][:10] for f in found] == ["Practicar", "Practicas "], found
    assert all(f["taken"] and f["clear"] for f in found), found
    page.get_by_role("link", name="Practicas como invitado").first.click()
    page.wait_for_url("**/me**", timeout=30000)
    page.get_by_role("button", name="Abrir el menú lateral").click()
    page.wait_for_function("() => { const s = document.querySelector('[data-testid=stSidebar]');"
                           " return !!s && s.getBoundingClientRect().right > 200; }", timeout=15000)
    context.close()
