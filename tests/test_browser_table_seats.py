"""A child's seat at a table follows the child, in real browsers on ``make serve``'s setup (two app
processes behind HAProxy, one PostgreSQL database): Maya opens a table on one tablet, comes back to it on
another tablet served by the other process (signed in by ``?me=``), and that tablet sleeps and loads the
same address again in a new session: she is still at her seat, not sent back to the choice of tables.
A screenshot goes to tests/artifacts/ (tables-seat-kept.png)."""

from __future__ import annotations

import os
import re
import signal
import time

import chromium
import pgserver
import pytest
from chromium import shot
from tablesbrowser import calm, open_table, open_tables, served, tablet, until_moved

from trainer.games.seating import Seating
from trainer.games.table import TableGame
from trainer.rules import Play
from trainer.serving.serve import haproxy_path
from trainer.store import open_store

pytestmark = [
    pytest.mark.browser,
    chromium.needs_chromium,
    pytest.mark.skipif(pgserver.why_not() is not None, reason=str(pgserver.why_not())),
    pytest.mark.skipif(haproxy_path() is None, reason="HAProxy is not installed (apt-get install haproxy)"),
]

__all__ = ["served"]  # the two processes and their database, as the tables' own browser test starts them


SAW_CHOICE = ("window.fivesSawChoice = false; new MutationObserver(() => {"
              " if (document.querySelector('.st-key-tb_mode')) window.fivesSawChoice = true; })"
              ".observe(document, {subtree: true, childList: true});")
"""Run in a page before its own scripts: notes if the choice of tables (Join a table / Open a table) ever shows."""


def test_a_reload_on_another_tablet_keeps_the_childs_seat(served, browser):
    cluster, url = served
    store = open_store(url)
    room = store.create_class("Room 5")
    maya = store.join(room.code, "Maya")
    first = tablet(browser, cluster, 1)
    code = open_table(open_tables(first, cluster, maya, 1))
    other = tablet(browser, cluster, 2)  # her second tablet, on the other process
    page = open_tables(other, cluster, maya, 2, seated=code)
    calm(page)
    assert f"table={code}" in page.url and "tk=" not in page.url  # the seat's key stays in the tab, never the address
    address = page.url
    page.close()  # the tablet slept: its session is gone when it wakes and loads the same address again
    page = other.new_page()
    page.add_init_script(SAW_CHOICE)  # whether the choice of tables is ever drawn, however briefly
    page.goto(address)
    chromium.connected(page, 60000)
    page.get_by_text(f"Table {code}").first.wait_for(timeout=30000)
    calm(page)
    assert not page.evaluate("window.fivesSawChoice"), "the tablet was sent back to the choice of tables"
    assert f"table={code}" in page.url
    row = store.table(code)
    assert row is not None and row.seat_of(maya) == 0 and len(row.seats) == 1
    shot(page, "tables-seat-kept.png", full_page=True)
    for context in (first, other):
        context.close()


def test_a_tap_lost_with_its_app_process_is_said_not_kept(served, browser):
    """Ana taps her move while her app process has stopped answering; it dies with the tap unkept. Her
    tablet reconnects through HAProxy to the other process, in a new session, at her seat: the page says
    her last tap was not kept (not a silent "Your turn!"), and no move of hers was stored."""
    cluster, url = served
    store = open_store(url)
    room = store.create_class("Room 6")
    ana = store.join(room.code, "Ana")
    context = tablet(browser, cluster, 1)
    page = open_tables(context, cluster, ana, 1)
    code = open_table(page)  # Five-Up for four: Ana and three computer players
    calm(page)
    page.locator(".st-key-tb_start button").click()
    seating = Seating(store)
    for _ in range(40):  # the computer players move; Ana draws or passes until a tile of hers fits
        game = until_mine(seating, code)
        plays = [a for a in game.view(0).legal_actions if isinstance(a, Play)]
        if plays:
            break
        page.locator(f"[class*='st-key-tb_draw_{game.number}'] button, "
                     f"[class*='st-key-tb_pass_{game.number}'] button").first.click()
        until_moved(seating, code, game.number)
    else:
        pytest.fail("no tile of Ana's fitted")
    number, play = game.number, plays[0]
    tile = page.locator(f".fives-board .hand [data-tile='{play.tile}']")
    tile.wait_for(timeout=30000)
    calm(page)
    worker = cluster.processes[0].proc
    assert worker is not None
    os.kill(worker.pid, signal.SIGSTOP)  # the process stops answering: the tap goes, and is never kept
    try:
        tile.click()
        if play.target is not None:
            ends = page.locator(f".fives-board .layout [data-end^='{play.target}:']")
            for i in range(ends.count()):
                if play.tile.has(int(ends.nth(i).get_attribute("data-end").rsplit(":", 1)[1])):
                    ends.nth(i).click()
                    break
        time.sleep(1.0)  # fixed on purpose: the tap reaches the stopped process (no page shows it) first
        os.kill(worker.pid, signal.SIGKILL)  # and dies with it
        worker.wait()
        page.get_by_text("Your last tap was not kept").wait_for(timeout=90000)
        calm(page)
        assert page.get_by_text("Your turn!").count() == 1
        assert [m.number for m in store.table_moves(code)] == list(range(number))  # nothing of Ana's kept
        shot(page, "tables-tap-not-kept.png", full_page=True)
    finally:
        if worker.poll() is None:
            os.kill(worker.pid, signal.SIGKILL)
            worker.wait()
        cluster.restart(1)
        context.close()


def until_mine(seating: Seating, code: str, timeout: float = 60.0) -> TableGame:
    """The game once it is Ana's turn (seat 0)."""
    deadline = time.monotonic() + timeout
    while True:
        game = seating.game(code)
        if game.current_seat == 0:
            return game
        if time.monotonic() > deadline:
            raise AssertionError("Ana's turn did not come")
        time.sleep(0.1)


def test_the_scores_to_say_are_buttons_a_fingertip_wide(served, browser):
    """Maya plays a tile that scores at a table where each player says their score: on her tablet every score
    button is at least 48 px wide and tall (a lone "5" made a button 37 px wide)."""
    from trainer.games.table import Call, TableSetup
    from trainer.rules import Phase

    cluster, url = served
    store = open_store(url)
    room = store.create_class("Room 8")
    maya, sam = store.join(room.code, "Maya"), store.join(room.code, "Sam")
    seating = Seating(store)
    for seed in range(60):  # a deal where Maya's lead scores
        setup = TableSetup(game="muggins", seats=2, call=Call.SAY, seed=seed)
        lead = next((a for a in TableGame(setup).game.legal_actions()
                     if isinstance(a, Play) and a.tile.high + a.tile.low in (5, 10)), None)
        if lead is not None and TableGame(setup).game.current_player == 0:
            break
    else:
        pytest.fail("no deal where Maya leads a tile that scores")
    code = seating.open(setup, class_code=room.code)
    store.sit(code, 2, learner_code=maya, nickname="")
    store.sit(code, 2, learner_code=sam, nickname="")
    assert seating.start(code).kept
    assert seating.play(code, 0, str(lead), 1).kept
    assert seating.game(code).game.hand.phase_name is Phase.CLAIM
    context = tablet(browser, cluster, 1)
    page = open_tables(context, cluster, maya, 1, seated=code)
    buttons = page.locator("[class*='st-key-tb_claim_'] button")
    buttons.first.wait_for(timeout=60000)
    calm(page)
    sizes = [buttons.nth(i).bounding_box() for i in range(buttons.count())]
    assert len(sizes) >= 2 and all(b["width"] >= 48 and b["height"] >= 48 for b in sizes), sizes
    shot(page, "tables-scores-to-say.png", full_page=True)
    context.close()


def test_a_game_under_way_at_a_table_takes_the_tablets_whole_width(served, browser):
    """On a 1024×768 tablet the side menu is open by the choice of tables; once the game starts it closes by
    itself, once, as on Play a hand (the layout then has the whole width, not a column beside the menu)."""
    from trainer.serving.serve import COOKIE

    cluster, url = served
    store = open_store(url)
    room = store.create_class("Room 9")
    ana = store.join(room.code, "Ana")
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_cookies([{"name": COOKIE, "value": cluster.processes[0].cookie,
                          "url": f"http://127.0.0.1:{cluster.port}"}])
    page = open_tables(context, cluster, ana, 1)
    code = open_table(page)
    calm(page)
    sidebar = page.locator("[data-testid='stSidebar']")
    assert sidebar.get_attribute("data-collapsed") == "false", "open by the choice of tables"
    page.locator(".st-key-tb_start button").click()
    page.wait_for_function("() => document.querySelector(\"[data-testid='stSidebar']\")"
                           ".getAttribute('data-collapsed') === 'true'", timeout=30000)
    calm(page)
    chromium.settled(page, 30000)  # the menu's slide out done
    shot(page, "tables-whole-width.png")
    assert store.table(code) is not None
    context.close()


def test_a_table_a_classmate_opens_appears_in_the_childs_list_without_a_reload(served, browser):
    """Ana waits on the choice of tables; Ben opens a table for their class on his tablet (here, through the
    store): within seconds Ana's list shows it with Ben's name, and she never reloaded."""
    from trainer.games.table import TableSetup

    cluster, url = served
    store = open_store(url)
    room = store.create_class("Room 12")
    ana, ben = store.join(room.code, "Ana"), store.join(room.code, "Ben")
    context = tablet(browser, cluster, 1)
    page = open_tables(context, cluster, ana, 1)
    calm(page)
    page.get_by_text("No table is open in your class right now").first.wait_for(timeout=30000)
    code = store.open_table(TableSetup(seats=2).to_record(), class_code=room.code)
    store.sit(code, 2, learner_code=ben, nickname="")
    button = page.locator(f".st-key-tb_join_{code} button")
    button.wait_for(timeout=30000)
    assert "Ben" in button.inner_text()
    assert page.evaluate("() => performance.getEntriesByType('navigation').length") == 1  # no reload
    context.close()


def test_my_class_keeps_its_list_of_tables_up_to_date_without_a_reload(served, browser):
    """The teacher has My class open; a table of the class is started elsewhere (a child's Start, here through
    the store): within seconds its Start button is gone from My class and the table says whose turn it is, and the
    teacher never reloaded."""
    from trainer.games.table import TableSetup

    cluster, url = served
    store = open_store(url)
    room = store.create_class("Room 14")
    ben = store.join(room.code, "Ben")
    code = store.open_table(TableSetup(seats=2).to_record(), class_code=room.code)
    store.sit(code, 2, learner_code=ben, nickname="")
    context = tablet(browser, cluster, 1)
    page = context.new_page()
    chromium.follow_old_teacher_link(page, f"http://127.0.0.1:{cluster.port}/teacher?class={room.code}"
                                           f"&key={room.teacher_key}", room.code)
    start = page.locator(f".st-key-ct_start_{code} button")
    start.wait_for(timeout=30000)
    with chromium.rerun(page):  # the form to open tables: every choice's words whole on a laptop
        page.get_by_text("Open tables for the class").first.click()
    partners = page.locator(".st-key-ct_partners")
    partners.wait_for(timeout=30000)
    cut = partners.evaluate("""e => [e, ...e.querySelectorAll('*')].filter(n => {
        const s = getComputedStyle(n);
        return n.textContent.trim() && (s.overflowX !== 'visible' || s.textOverflow === 'ellipsis')
          && n.scrollWidth > n.clientWidth + 1;
      }).map(n => n.textContent)""")
    assert cut == [] and "Partners at four" in partners.inner_text(), cut
    page.get_by_text("waiting to start").first.wait_for(timeout=30000)
    chromium.settled(page)
    assert Seating(store).start(code).kept
    start.wait_for(state="detached", timeout=30000)
    page.get_by_text(re.compile(r"(Ben|Leo)'s turn")).first.wait_for(timeout=30000)  # Leo: the computer's seat
    assert not page.get_by_text("waiting to start").count()
    assert page.evaluate("() => performance.getEntriesByType('navigation').length") == 1  # no reload
    # Show on the projector: the table in a tab of its own, which finds the class; My class stays in this one
    chromium.settled(page)
    with context.expect_page(timeout=30000) as opened:
        page.get_by_text("Show on the projector").first.click()
    projector = opened.value
    assert projector.url.endswith(f"/tables?watch={code}")
    chromium.connected(projector)
    projector.locator(".st-key-fives-projector").get_by_text(f"Table {code}").first.wait_for(timeout=30000)
    assert not projector.get_by_text("Open your class on My class first").count()
    assert page.url.split("?")[0].endswith("/teacher") and start.count() == 0
    page.get_by_text(re.compile(r"(Ben|Leo)'s turn")).first.wait_for(timeout=5000)  # My class, as it was
    context.close()
