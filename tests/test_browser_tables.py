"""Play at a table in real browsers, served as ``make serve`` serves a class: two app processes behind
HAProxy (:class:`trainer.serving.serve.Cluster`) on one PostgreSQL database. Four children of a class,
each on their own tablet (a browser context, signed in by ``?me=``), sit at one table of Five-Up for
four with partners, two tablets on each process; each plays their own turns with the page's buttons
until the hand ends. On the way one child reloads mid-hand and gets their seat and hand back, and
another leaves the table: the computer plays their seat while the others play on, until they come back
on a tablet served by the other process. At the end the store holds the moves numbered 0..n-1 with no
gap, and they replay legally. Screenshots of one child's tablet (768×1024) go to tests/artifacts/
(tables-*.png)."""

from __future__ import annotations

import os
import re
import time

import chromium
import pgserver
import pytest
from chromium import CALM, CONNECTED, shot

from trainer.games.seating import Seating
from trainer.games.table import Move, TableGame
from trainer.serving.serve import COOKIE, Cluster, free_port, haproxy_path
from trainer.store import open_store

pytestmark = [
    pytest.mark.browser,
    chromium.needs_chromium,
    pytest.mark.skipif(pgserver.why_not() is not None, reason=str(pgserver.why_not())),
    pytest.mark.skipif(haproxy_path() is None, reason="HAProxy is not installed (apt-get install haproxy)"),
]

TABLET = {"width": 768, "height": 1024}
CHILDREN = ("Maya", "Sam", "Lena", "Omar")
"""By seat: Maya opens the table (seat 0) and the others join in turn; partners sit opposite."""
RELOADS, LEAVES = 1, 2
"""Sam reloads his page mid-hand; Lena leaves the table and comes back."""
RELOAD_AT, LEAVE_AT = 3, 4
"""The first moves after which they do (a hand of Five-Up for four is at least 17 moves)."""
GAME = "Five-Up — every double spins (learning rules)"
"""Five tiles each at four: a hand is about twenty moves."""
MOVE_KEY = r"^st-key-tb_(?:opt|draw|pass|claim|letgo)_(?:.*_)?{n}$"
"""The class Streamlit gives a move button of move ``n`` (its key, e.g. ``tb_opt_3-4>L:4_12``, with every
character but letters, digits, ``_`` and ``-`` made ``-``)."""
BUTTONS = ("pattern => { const app = document.querySelector(\"[data-testid='stApp']\");"
           " if (!app || app.getAttribute('data-test-connection-state') !== 'CONNECTED'"
           f" || !({CALM.removeprefix('() => ')})) return null;"
           " const re = new RegExp(pattern), found = [];"
           " for (const el of document.querySelectorAll(\"[class*='st-key-tb_']\"))"
           "   for (const c of el.classList) if (re.test(c) && el.querySelector('button')) found.push(c);"
           " return found.length ? found : null; }")
"""The move buttons of one move, on a connected page whose script has finished (``null``: none yet)."""


@pytest.fixture(scope="module")
def served():
    """Two app processes behind HAProxy, as ``make serve N=2`` starts them, on a fresh PostgreSQL
    database; yields the cluster and the database's URL."""
    pg = pgserver.start()
    url = pg.new_database("tables")
    before = os.environ.get("FIVES_DATABASE_URL")
    os.environ["FIVES_DATABASE_URL"] = url  # what the app processes open
    cluster = Cluster(count=2, port=free_port(), host="127.0.0.1", quiet=True)
    try:
        cluster.start()
        yield cluster, url
    finally:
        if before is None:
            del os.environ["FIVES_DATABASE_URL"]
        else:
            os.environ["FIVES_DATABASE_URL"] = before
        cluster.stop()
        pg.stop()


def tablet(browser, cluster: Cluster, process: int):
    """A child's tablet whose pages HAProxy sends to app process ``process`` (its sticky cookie)."""
    context = browser.new_context(viewport=TABLET)
    context.add_cookies([{"name": COOKIE, "value": cluster.processes[process - 1].cookie,
                          "url": f"http://127.0.0.1:{cluster.port}"}])
    return context


def open_tables(context, cluster: Cluster, learner: str, process: int, *, seated: str | None = None):
    """The Play at a table page, signed in as ``learner`` through the address; checks the process. A child
    who holds a seat at table ``seated`` goes straight back to it; anyone else sees the choice of tables."""
    page = context.new_page()
    answer = page.goto(f"http://127.0.0.1:{cluster.port}/tables?me={learner}")
    assert answer is not None and answer.headers.get("x-fives-server") == cluster.processes[process - 1].cookie
    chromium.connected(page, 60000)
    if seated is not None:
        page.get_by_text(f"Table {seated}").first.wait_for(timeout=60000)
        return page
    page.locator(".st-key-tb_mode button").filter(has_text="Join a table").wait_for(timeout=60000)
    return page


def calm(page, timeout: float = 60000) -> None:
    """Connected, and the script not running (no fixed quiet period: the page's fragment reruns every second)."""
    page.wait_for_selector(CONNECTED, timeout=timeout)
    page.wait_for_function(CALM, timeout=timeout)


def join(page, code: str) -> None:
    """Type the table's code and press Join (as a child types it: small letters, a space for the dash)."""
    calm(page)
    page.get_by_role("textbox", name="Table code").fill(code.lower().replace("-", " "))
    page.get_by_role("button", name="Join", exact=True).click()
    page.get_by_text(f"Table {code}").or_(page.get_by_text("What happened")).first.wait_for(timeout=30000)


def open_table(page) -> str:
    """Maya opens a table of Five-Up for four (partners, hints: the defaults); returns its code."""
    calm(page)
    page.locator(".st-key-tb_mode button").filter(has_text="Open a table").click()
    page.locator(".st-key-tb_game").get_by_role("combobox").click()
    page.get_by_role("option", name=GAME).click()
    calm(page)
    page.locator(".st-key-tb_seats").locator("button").filter(has_text=re.compile(r"^4$")).click()
    calm(page)
    page.locator(".st-key-tb_open button").click()
    heading = page.get_by_role("heading", name=re.compile(r"^Table [A-Z0-9]{4}-[A-Z0-9]{3}$"))
    heading.wait_for(timeout=30000)
    return heading.inner_text().removeprefix("Table ").strip()


def hand_on(page) -> list[str]:
    """The tiles of the hand this page shows (every hand picture's description, which names its tiles)."""
    page.locator("svg.fives-hand desc").first.wait_for(state="attached", timeout=30000)
    texts = page.locator("svg.fives-hand desc").all_text_contents()
    assert len(texts) == 1, texts  # one hand on the page: this child's own
    return sorted(texts[0].split(":", 1)[1].strip(" .").split(", "))


def tiles(game: TableGame, seat: int) -> list[str]:
    return sorted(str(t) for t in game.view(seat).hand)


def until_moved(seating: Seating, code: str, number: int, timeout: float = 30.0) -> TableGame:
    """The game once move ``number`` is kept (by a child, or by a computer standing in)."""
    deadline = time.monotonic() + timeout
    while True:
        game = seating.game(code)
        if game.number > number:
            return game
        if time.monotonic() > deadline:
            raise AssertionError(f"move {number} was not kept within {timeout} s")
        time.sleep(0.05)


def my_buttons(page, number: int) -> list[str]:
    """Once the page shows them: the classes of the buttons that make move ``number``."""
    return page.wait_for_function(BUTTONS, arg=MOVE_KEY.format(n=number), polling=50,
                                  timeout=60000).json_value()


def play_my_turn(page, seating: Seating, code: str, game: TableGame) -> TableGame:
    """The child whose turn it is, seeing their own hand, presses a button of the move (a draw, a pass,
    or the first place a tile can go) once the page shows it; a tap left unanswered on a busy machine is
    made again, as a child taps again (the store keeps one move a number)."""
    seat, number = game.current_seat, game.number
    assert seat is not None
    for attempt in range(3):
        if attempt and seating.game(code).number > number:  # the tap was answered late
            return seating.game(code)
        found = my_buttons(page, number)
        if attempt == 0:
            assert page.get_by_text("Your turn!").count() == 1
            assert hand_on(page) == tiles(game, seat)
        choice = next((c for c in found if "_opt_" not in c), found[0])
        page.locator(f".{choice} button").first.click()
        try:
            return until_moved(seating, code, number, timeout=15.0)
        except AssertionError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def test_four_children_on_two_processes_play_a_hand_with_a_reload_and_a_child_away(served, browser):
    cluster, url = served
    store = open_store(url)
    room = store.create_class("Room 4")
    codes = [store.join(room.code, name) for name in CHILDREN]
    process = {seat: 1 + seat % 2 for seat in range(4)}  # Maya and Lena on process 1, Sam and Omar on 2
    tablets = {seat: tablet(browser, cluster, process[seat]) for seat in range(4)}
    pages = {seat: open_tables(tablets[seat], cluster, codes[seat], process[seat]) for seat in range(4)}
    maya = pages[0]

    code = open_table(maya)
    for seat in (1, 2, 3):
        join(pages[seat], code)
    row = store.table(code)
    assert row is not None and [(s.seat, s.learner_code) for s in row.seats] == list(enumerate(codes))
    maya.get_by_text("Seat 4: Omar").wait_for(timeout=30000)  # the waiting room follows the joins
    calm(maya)
    shot(maya, "tables-waiting-room.png", full_page=True)
    pages[1].get_by_text("Waiting for Maya to start the game").wait_for(timeout=30000)
    maya.locator(".st-key-tb_start button").click()

    seating = Seating(store)
    game = until_moved(seating, code, 0)
    shots, reloaded, left, back = set(), False, False, False
    while game.current_seat is not None:
        seat, number = game.current_seat, game.number
        if left and not back and seat == LEAVES:
            game = until_moved(seating, code, number)  # the computer plays for Lena
            assert game.moves[number].by_computer
            tablets[LEAVES].close()
            tablets[LEAVES] = tablet(browser, cluster, 2)
            pages[LEAVES] = come_back(tablets[LEAVES], cluster, pages, codes, code, seating)
            back = True
            continue
        page = pages[seat]
        if seat == RELOADS and not reloaded and number >= RELOAD_AT:
            reloaded = reload_and_sit_again(page, code, game, seat)
        if seat == 0 and "turn" not in shots:
            calm(page)
            shot(page, "tables-my-turn.png", full_page=True)
            shots.add("turn")
        if seat != 0 and "waiting" not in shots and number >= 2:
            calm(maya)
            maya.get_by_text(f"Waiting for {CHILDREN[seat]} to play").wait_for(timeout=30000)
            shot(maya, "tables-waiting.png", full_page=True)
            shots.add("waiting")
        game = play_my_turn(page, seating, code, game)
        if seat == LEAVES and not left and number >= LEAVE_AT and game.current_seat is not None:
            leave(page)
            left = True
    assert reloaded and back, "the hand ended before Sam's reload and Lena's coming back (a very short deal)"

    # every tablet shows the hand's count, told from its own seat with the children's names
    for seat, page in pages.items():
        page.wait_for_function(f"() => ({CALM.removeprefix('() => ')}) && (document.querySelector("
                               "\"[data-testid='stMain']\") || {}).innerText?.includes('Hand 1 is over.')",
                               polling=50, timeout=30000)
        said = page.locator("[data-testid='stMain']").inner_text()
        assert "You:" in said and "Seat " not in said and f"{CHILDREN[seat]}:" not in said, said
    calm(maya)
    shot(maya, "tables-hand-over.png", full_page=True)

    moves = store.table_moves(code)
    assert [m.number for m in moves] == list(range(len(moves)))
    replayed = TableGame.replay(seating.setup_of(seating.row(code)),
                                [Move(m.number, m.seat, m.token, m.by_computer) for m in moves])
    assert replayed.between_hands and replayed.last_result is not None
    assert {m.seat for m in moves if m.by_computer} == {LEAVES}  # the computer played for Lena alone
    assert store.table(code).seat_of(codes[LEAVES]) == LEAVES
    for context in tablets.values():
        context.close()


def reload_and_sit_again(page, code: str, game: TableGame, seat: int) -> bool:
    """Sam reloads at his turn: the address keeps the table and his tab's own storage his tablet's key (never
    the address), so the page comes back to his seat by itself, with his hand."""
    my_buttons(page, game.number)
    before = hand_on(page)
    assert page.get_by_text(f"Table {code}").count() == 1  # the code to come back with stays on the page
    assert f"table={code}" in page.url and "tk=" not in page.url
    assert code in (page.evaluate("() => sessionStorage.getItem('fives-trainer-table')") or "")
    page.reload()
    chromium.connected(page, 60000)
    page.get_by_text("Your turn!").wait_for(timeout=30000)
    my_buttons(page, game.number)
    assert hand_on(page) == before == tiles(game, seat)
    return True


def leave(page) -> None:
    """Lena presses Leave the table just after her move; the page goes back to the tables."""
    calm(page)
    page.locator(".st-key-tb_leave button").click()
    page.locator(".st-key-tb_mode button").filter(has_text="Join a table").wait_for(timeout=30000)
    calm(page)
    shot(page, "tables-left.png", full_page=True)


def come_back(context, cluster: Cluster, pages: dict, codes: list[str], code: str, seating: Seating):
    """Once the computer has played for Lena, the others' tablets show the game going on, and Lena comes
    back on another tablet (``context``), served by the other process: signed in by her learner code,
    she is back in her own seat at once, with her hand (less the computer's plays) and a
    line saying the computer played for her."""
    game = seating.game(code)
    if game.current_seat is not None:  # (the computer's move may have ended the hand)
        count = game.hand_sizes()[LEAVES]
        for seat in (0, 1, 3):
            pages[seat].get_by_text(re.compile(rf"Lena: {count} tiles?\b")).first.wait_for(timeout=30000)
    page = open_tables(context, cluster, codes[LEAVES], 2, seated=code)  # straight back to her seat
    row = seating.row(code)
    assert row.seat_of(codes[LEAVES]) == LEAVES and len(row.seats) == 4
    calm(page)
    game = seating.game(code)
    if game.current_seat is not None:  # her hand as it was, and why the story says she played
        assert hand_on(page) == tiles(game, LEAVES)
        assert page.get_by_text("While you were away, the computer played for you.").count() == 1
    shot(page, "tables-back.png", full_page=True)
    page.locator(".st-key-tb_story").screenshot(path=os.path.join(chromium.ARTIFACTS, "tables-back-story.png"))
    return page
