"""Accessibility in a real browser: axe-core (WCAG 2.2 AA rules) run in every page, at the states a
child, a teacher and a player see, must find nothing serious or critical in the app's own content.

axe-core comes from the npm registry (``make axe``, part of ``make test``, puts ``axe.min.js`` in
``.venv/axe/``); nothing on the page is left out, Streamlit's own parts included (its list of pages in
the side panel gets its roles from ``static/navigation.js``). A failure prints every finding: the rule,
the element and what axe measured.
Screenshots are saved under tests/artifacts/.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import sys
import tempfile

import chromium
import pytest
from chromium import shot

from puzzles import generate
from trainer.learning.assignment import Work, this_friday
from trainer.learning.progress import Attempt
from trainer.store import open_store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AXE_PLACES = [os.path.join(ROOT, ".venv", "axe", "axe.min.js"), os.path.join(sys.prefix, "axe", "axe.min.js")]
"""Where ``make axe`` puts it: the project's .venv, or the virtual environment running the tests (a
git worktree of the project has no .venv of its own). ``FIVES_AXE`` names another file."""
AXE = os.environ.get("FIVES_AXE") or next((p for p in AXE_PLACES if os.path.exists(p)), AXE_PLACES[0])
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SERIOUS = ("serious", "critical")

pytestmark = [pytest.mark.browser, chromium.needs_chromium]


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not os.path.exists(AXE):
        pytest.fail(f"axe-core is missing ({AXE}). `make axe` fetches it from the npm registry; it needs npm "
                    "(Debian: apt-get install npm; .ci/run installs it).", pytrace=False)
    with open(AXE, encoding="utf-8") as f:
        return f.read()


@pytest.fixture(scope="module")
def world():
    """A class of two children with answers (and named mistakes), and a live lesson showing a puzzle."""
    database = f"sqlite:///{tempfile.mkdtemp(prefix='fives-a11y-')}/fives.db"
    store = open_store(database)
    keys = store.create_class("Room 4")
    jade, fox = store.join(keys.code, "Jade Gecko"), store.join(keys.code, "Blue Fox")
    for i in range(12):
        store.record(jade, Attempt("open-total", "all-fives", 1, i % 3 != 0, 4.0 + i, "CQT6-QX36",
                                   None if i % 3 else "covered-spinner"))
        store.record(fox, Attempt("best-play", "muggins", 1, i % 2 == 0, 6.0 + i, "CQT6-QX36",
                                  None if i % 2 == 0 else "missed-end"))
    live = generate("open-total", stage="muggins", level=1, seed=5)
    friday = this_friday(dt.datetime.now(dt.UTC).date())
    store.set_assignment(keys.code, keys.teacher_key, Work.PUZZLES, stages=("muggins",), kinds=("open-total",),
                         count=8, due=friday)  # work for the class: Jade has begun it, Blue Fox has not
    store.set_assignment(keys.code, keys.teacher_key, Work.SPRINT, due=friday, learners_chosen=[jade])
    for _ in range(3):
        store.record(jade, Attempt("open-total", "muggins", 1, True, 4.0, "CQT6-QX36"))
    store.start_lesson(keys.code, keys.teacher_key)
    store.show_puzzle(keys.code, keys.teacher_key, live.code)
    return {"database": database, "store": store, "keys": keys, "jade": jade, "fox": fox}


@pytest.fixture(scope="module")
def database(world):
    return world["database"]


@pytest.fixture(scope="module")
def teacher(browser, server, world):
    """A teacher's browser (a laptop) with the class open: the old teacher link opens it, and the
    browser keeps it for the Projector."""
    keys = world["keys"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    chromium.follow_old_teacher_link(page, f"{server}/teacher?class={keys.code}&key={keys.teacher_key}", keys.code)
    yield context, page
    context.close()


def findings(page, source: str) -> list[dict]:
    """axe-core's serious and critical findings in ``page`` (axe is put into the page first)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=source)
    result = page.evaluate(
        """async (tags) => {
             const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
             return {passes: r.passes.length, violations: r.violations.map(v => ({
               rule: v.id, impact: v.impact, help: v.help,
               nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160),
                                         why: n.failureSummary}))}))};
           }""",
        TAGS)
    assert result["passes"] > 0, "axe ran no rules in the page"
    return [v for v in result["violations"] if v["impact"] in SERIOUS]


def report(found: list[dict]) -> str:
    lines = []
    for v in found:
        lines.append(f"{v['impact']} {v['rule']}: {v['help']} ({len(v['nodes'])})")
        for n in v["nodes"]:
            lines.append(f"    {n['target']}\n      {n['html']}\n      {' '.join(n['why'].split())}")
    return "\n".join(lines)


def at_rest(page, source: str, where: str) -> list:
    """axe-core's findings on the page as it rests (a check that overlapped a redraw, faded words, is run
    again), with a screenshot."""
    for _ in range(3):
        chromium.settled(page, 60000)
        found = findings(page, source)
        if page.evaluate(chromium.CALM):
            break
    shot(page, f"a11y-{where}.png")
    return found


def check(page, source: str, where: str) -> None:
    """axe-core on the page as it rests: nothing serious or critical."""
    found = at_rest(page, source, where)
    assert not found, f"axe-core on {where}:\n{report(found)}"


def test_the_check_sees_faint_text(browser, axe_source):
    """The check itself: grey text too faint to read is found (so a clean page means something)."""
    page = browser.new_page()
    page.set_content('<!doctype html><html lang="en"><title>A page</title><main><h1>A page</h1>'
                     '<p style="color:#aaaaaa;background:#ffffff">faint words</p></main></html>')
    found = findings(page, axe_source)
    assert [v["rule"] for v in found] == ["color-contrast"], json.dumps(found)
    assert "faint words" in report(found)
    page.close()


def test_practice_with_a_puzzle_and_after_an_answer(browser, server, axe_source):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    p = generate("open-total", stage="all-fives", level=2, seed=3)
    page = chromium.open_page(context, f"{server}/?code={p.code}")
    chromium.past_worked_example(page)
    page.locator("svg.fives-layout:visible").first.wait_for(state="visible", timeout=30000)
    check(page, axe_source, "practice")
    wrong = str(int(p.answer) + 2)

    def answer() -> None:
        box = page.locator("[data-testid='stMain'] input[type='text']").first
        box.fill(wrong)
        box.press("Enter")

    chromium.until_shown(page, answer, page.get_by_text("You said").first)
    chromium.settled(page, 60000)
    check(page, axe_source, "practice-answered")
    context.close()


def test_play_a_hand(browser, server, axe_source):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = chromium.open_page(context, f"{server}/play")
    hand = page.locator(".fives-board .hand [data-tile]")
    chromium.until_shown(page, lambda: chromium.tap_if_there(page.get_by_role("button", name="Start the game")),
                         hand.first)
    chromium.settled(page, 60000)
    switch = page.get_by_role("switch", name=re.compile("Sound"))  # the child's one switch for the score sound
    assert switch.count() == 1 and switch.is_checked()
    check(page, axe_source, "play")
    move = page.get_by_role("button", name=re.compile(r" → total |^Draw a tile|^Pass")).first
    with chromium.rerun(page):  # after a move: its tiles sliding in, a score's number popping up
        move.click()
    check(page, axe_source, "play-moved")
    context.close()


def test_live_lesson_with_the_teachers_puzzle(browser, server, world, axe_source):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = chromium.open_page(context, f"{server}/live?me={world['jade']}")
    page.locator(".fives-board svg.fives-layout").first.wait_for(state="visible", timeout=30000)
    chromium.settled(page, 60000)
    check(page, axe_source, "live")
    context.close()


def test_my_progress_with_answers(browser, server, world, axe_source):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = chromium.open_page(context, f"{server}/my_progress?me={world['jade']}")
    charts = page.locator("[data-testid='stPlotlyChart']")
    charts.nth(2).wait_for(timeout=30000)
    for i in range(3):  # each chart drawn (a chart is drawn once it is scrolled to)
        charts.nth(i).scroll_into_view_if_needed()
        charts.nth(i).locator("svg.main-svg").first.wait_for(timeout=30000)
    check(page, axe_source, "my-progress")
    context.close()


def test_fives_sprint_during_a_round(browser, server, axe_source):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = chromium.open_page(context, f"{server}/sprint")
    question = page.locator(".sp-question").first
    chromium.until_shown(page, lambda: page.locator("[class*='st-key-sp_start'] button").first.click(), question)
    chromium.settled(page, 60000)
    check(page, axe_source, "sprint")
    context.close()


def test_sign_in(browser, server, axe_source):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = chromium.open_page(context, f"{server}/me")
    page.get_by_text("Who's practising?").first.wait_for(timeout=30000)
    check(page, axe_source, "sign-in")
    context.close()


def test_rules_on_a_phone_without_heading_link_icons(browser, server, axe_source):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = chromium.open_page(context, f"{server}/rules")
    headings = page.locator("[data-testid='stMain'] h1, [data-testid='stMain'] h2")
    headings.first.wait_for(timeout=30000)
    assert headings.count() >= 4
    # Streamlit puts a link icon beside every heading; on a touch screen it would show all the time
    icons = page.locator("[data-testid='stMain'] [data-testid='stHeaderActionElements'] a")
    assert icons.count() >= 4  # they are there, and hidden
    assert not [i for i in range(icons.count()) if icons.nth(i).is_visible()]
    check(page, axe_source, "rules-phone")
    context.close()


def test_my_class(teacher, axe_source):
    _, page = teacher
    page.get_by_text("What the class gets wrong most").first.wait_for(timeout=30000)
    chart = page.locator("[data-testid='stPlotlyChart']").first
    chart.scroll_into_view_if_needed()
    chart.locator("svg.main-svg").first.wait_for(timeout=30000)
    check(page, axe_source, "my-class")


def test_my_class_setting_work(teacher, axe_source):
    _, page = teacher
    page.get_by_text("Work for the class").first.wait_for(timeout=30000)
    form = page.get_by_text("Set new work").first
    chromium.until_shown(page, lambda: form.click(), page.get_by_role("button", name="Set the work"))
    page.get_by_role("button", name="Set the work").scroll_into_view_if_needed()
    check(page, axe_source, "my-class-work")


def test_practice_from_your_teacher_on_a_tablet(browser, server, world, axe_source):
    context = browser.new_context(viewport={"width": 768, "height": 1024})
    page = chromium.open_page(context, f"{server}/?me={world['jade']}")
    page.get_by_text("From your teacher").first.wait_for(timeout=30000)
    page.get_by_text("5 puzzles to go").first.wait_for(timeout=30000)
    check(page, axe_source, "practice-from-teacher")
    context.close()


def test_projector_with_a_class_in_a_live_lesson(teacher, world, axe_source):
    _, page = teacher  # the class is open in this tab: the teacher goes on to the projector from My class
    store, keys = world["store"], world["keys"]
    page.set_viewport_size({"width": 1920, "height": 1080})
    link = page.locator("[data-testid='stMain'] a", has_text="Start a live lesson on the Projector").first
    resume = page.get_by_role("button", name="Go on with the live lesson of Room 4")
    chromium.until_shown(page, lambda: link.click(), resume)
    chromium.until_shown(page, lambda: resume.click(), page.get_by_text("End the live lesson"))
    page.get_by_test_id("live-count").wait_for(timeout=30000)
    lesson = store.lesson(keys.code)
    assert lesson is not None and lesson.round >= 1
    assert store.live_answer(world["fox"], lesson.round, "7", False, "missed-end")
    check(page, axe_source, "projector-live")
    reveal = page.get_by_role("button", name="Reveal the answer")
    chart = page.locator("[data-testid='stPlotlyChart']").first
    chromium.until_shown(page, lambda: reveal.click(), chart)
    chart.locator("svg.main-svg").first.wait_for(timeout=30000)
    check(page, axe_source, "projector-revealed")


def test_the_placement_check_offered_taken_and_its_end(browser, server, world, axe_source):
    """A new child's placement check on a tablet: the offer, a puzzle of the check, and the end screen."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    me = world["store"].new_learner("Kind Seal")
    page = chromium.open_page(context, f"{server}/?me={me}")
    start = page.locator("[class*='st-key-pc_start'] button").first
    start.wait_for(timeout=30000)
    check(page, axe_source, "placement-offer")
    line = page.get_by_text(re.compile(r"Question 1 of about \d+")).first
    chromium.until_shown(page, lambda: start.click(), line)
    page.locator("svg.fives-layout:visible").first.wait_for(state="visible", timeout=30000)
    check(page, axe_source, "placement-question")
    end = page.get_by_text("You start at Muggins!").first
    chromium.until_shown(page, lambda: page.get_by_role("button", name="I don't know").first.click(), end)
    check(page, axe_source, "placement-end")
    context.close()


def test_the_live_lessons_lobby_its_join_form_and_a_countdown(browser, server, teacher, world, axe_source):
    _, page = teacher  # the projector of the test above, its lesson revealed: the teacher starts a new one
    keys = world["keys"]
    page.set_viewport_size({"width": 1920, "height": 1080})
    end = page.get_by_role("button", name="End the live lesson")
    start = page.get_by_role("button", name="Start a live lesson with Room 4")
    chromium.until_shown(page, lambda: end.click(), start)
    chromium.until_shown(page, lambda: start.click(), page.get_by_test_id("lobby-code"))
    tablet = browser.new_context(viewport={"width": 768, "height": 1024})
    child = chromium.open_page(tablet, f"{server}/live?me={world['jade']}")
    child.get_by_text("Waiting for your teacher to start").first.wait_for(timeout=30000)
    check(child, axe_source, "live-lobby-child")
    page.get_by_test_id("lobby-names").filter(has_text="Jade Gecko").wait_for(timeout=30000)
    check(page, axe_source, "projector-lobby")
    newcomer = browser.new_context(viewport={"width": 768, "height": 1024})
    join = chromium.open_page(newcomer, f"{server}/live?join={keys.code}")
    join.get_by_role("button", name="Join", exact=True).wait_for(timeout=30000)
    check(join, axe_source, "live-join")
    newcomer.close()
    thirty = page.locator(".st-key-pj_lobby_countdown button", has_text="30 s").first
    with chromium.rerun(page):
        thirty.click()
    go = page.locator(".st-key-pj_lobby_go button").first
    chromium.until_shown(page, lambda: go.click(), page.get_by_test_id("countdown"))
    child.get_by_test_id("countdown").wait_for(timeout=30000)
    check(child, axe_source, "live-countdown")
    tablet.close()


def test_play_at_a_table_passed_round_a_tablet(browser, server, axe_source):
    """Play at a table on a tablet: the choice of tables, the waiting room, the hand-off screen and a turn."""
    context = browser.new_context(viewport={"width": 768, "height": 1024})
    page = chromium.open_page(context, f"{server}/tables")
    opened = page.locator(".st-key-tb_mode button").filter(has_text="Open a table").first
    opened.wait_for(timeout=30000)
    check(page, axe_source, "tables-choose")
    shared = page.get_by_text("Pass and play: everyone on this tablet").first
    chromium.until_shown(page, lambda: opened.click(), shared)
    with chromium.rerun(page):
        shared.click()
    start = page.get_by_role("button", name="Start the game").first
    chromium.until_shown(page, lambda: page.get_by_role("button", name="Open the table").first.click(), start)
    check(page, axe_source, "tables-waiting-room")
    show = page.locator("[class*='st-key-tb_show'] button").first
    chromium.until_shown(page, lambda: start.click(), show)
    check(page, axe_source, "tables-hand-off")
    chromium.until_shown(page, lambda: show.click(), page.locator(".fives-board").first)
    check(page, axe_source, "tables-turn")
    context.close()


def test_a_table_on_the_projector(teacher, world, server, axe_source):
    """A table of the class on the projector: the layout and the scores, never a hand."""
    _, page = teacher
    store, keys = world["store"], world["keys"]
    code = store.open_table({"game": "all-fives", "seats": 2, "seed": 5}, class_code=keys.code)
    store.sit(code, 2, learner_code=world["jade"], nickname="")
    store.add_move(code, 0, 0, "start")
    chromium.goto(page, f"{server}/tables?watch={code}")
    page.get_by_text(f"Table {code}").first.wait_for(timeout=30000)
    check(page, axe_source, "tables-projector")


def test_a_table_of_four_on_the_projector_is_on_one_screen_and_reads_from_the_back(teacher, world, server):
    """A Five-Up table of four well into its hand, on the projector at 1920×1080: the side menu closed, the
    layout, the scores and the whole story on the one screen, the story and the names at least 32 px, the
    scores 64 px (they were 18, 16 and 40 px, with the story below the screen)."""
    from trainer.games.seating import Seating
    from trainer.games.table import TableSetup

    context, _ = teacher
    store, keys = world["store"], world["keys"]
    kids = [world["jade"], world["fox"], store.join(keys.code, "Ana Owl"), store.join(keys.code, "Leo Lynx")]
    seating = Seating(store)
    code = seating.open(TableSetup(game="five-up", seats=4, seed=11), class_code=keys.code)
    for kid in kids:  # four children: nobody is away, and each move here is theirs
        store.sit(code, 4, learner_code=kid, nickname="")
    assert seating.start(code).kept
    for _ in range(16):
        game = seating.game(code)
        if game.current_seat is None:
            break
        move = game.computer_move()
        assert seating.play(code, move.seat, move.token, move.number).kept
    assert len(seating.game(code).game.hand.layout) >= 8
    page = context.new_page()
    page.set_viewport_size({"width": 1920, "height": 1080})
    chromium.goto(page, f"{server}/tables?watch={code}")
    page.get_by_text(f"Table {code}").first.wait_for(timeout=30000)
    story = page.locator(".st-key-fives-projector li")
    story.first.wait_for(timeout=30000)
    page.wait_for_function("() => document.querySelector('[data-testid=stSidebar]')"
                           "?.getAttribute('data-collapsed') === 'true'", timeout=30000)  # the menu closed
    chromium.settled(page, 60000)
    shot(page, "tables-projector-four.png")
    last = story.last.bounding_box()
    assert last is not None and last["y"] + last["height"] <= 1080, last  # the whole story on the screen
    size = story.first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    label = page.locator(".st-key-fives-projector [data-testid='stMetricLabel'] p").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)")
    value = page.locator(".st-key-fives-projector [data-testid='stMetricValue']").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 32 and label >= 32 and value >= 64, (size, label, value)
    layout = page.locator(".st-key-fives-projector svg.fives-layout").first.bounding_box()
    assert layout is not None and layout["x"] >= 0 and layout["x"] + layout["width"] <= 1920, layout
    page.close()


@pytest.mark.parametrize("path", ["/me", "/me?lang=es", "/rules?lang=es"])
def test_a_fresh_load_in_either_language_has_the_side_panel_s_lists_mended(browser, server, axe_source, path):
    """A first load, checked as soon as the page rests: the side panel's list of pages already has its roles
    (no list/listitem finding), in English and in Spanish."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = chromium.open_page(context, server + path)
    page.locator("[data-testid='stSidebarNav'] [role='list']").first.wait_for(state="attached", timeout=30000)
    check(page, axe_source, "fresh-" + path.strip("/").replace("?lang=", "-"))
    context.close()


def test_the_chosen_language_under_the_pointer_reads_well_on_rules(browser, server, axe_source):
    """Choosing Español on Rules leaves the pointer on the chosen button: its words stay readable there."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = chromium.open_page(context, f"{server}/rules")
    page.locator("[data-testid='stSidebar']").get_by_text("Español").click()
    page.get_by_text("Cómo funcionan").first.wait_for(timeout=30000)
    chromium.settled(page, 60000)
    page.locator("[data-testid='stSidebar']").get_by_text("Español").hover()
    check(page, axe_source, "rules-es-chosen")
    context.close()


def test_every_page_in_both_languages(browser, server, axe_source):
    """Every page of the menu (``PAGES``), as a newcomer first opens it, in English and in Spanish: nothing
    serious or critical, the side panel's lists and the chosen language's button included."""
    from trainer.web.pagestate import PAGES

    found = {}
    for lang, title in (("en", "Practice"), ("es", "Practicar")):
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        for entry in PAGES:
            path = "" if entry.default else entry.name
            chromium.goto(page, f"{server}/{path}?lang={lang}")
            page.locator("[data-testid='stSidebarNav'] [role='list']").first.wait_for(state="attached",
                                                                                     timeout=30000)
            page.locator("[data-testid='stSidebarNav']").get_by_text(title).first.wait_for(timeout=30000)
            page.wait_for_function(f"() => document.documentElement.lang === '{lang}'", timeout=30000)
            here = at_rest(page, axe_source, f"page-{entry.name}-{lang}")
            if here:
                found[f"{entry.name} ({lang})"] = report(here)
        context.close()
    assert not found, "\n".join(f"axe-core on {where}:\n{text}" for where, text in found.items())
