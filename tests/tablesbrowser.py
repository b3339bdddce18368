"""What the browser tests of Play at a table share: the cluster they play on (two app processes behind HAProxy
on PostgreSQL), a tablet, a table opened and joined, and waiting for a move to be kept."""

from __future__ import annotations

import os
import re
import time

import chromium
import pgserver
import pytest
from chromium import CALM, CONNECTED

from trainer.bots import BotLevel
from trainer.games.seating import Seating
from trainer.games.table import START, Move, TableGame, TableSetup
from trainer.rules import DRAW, PASS, Play
from trainer.serving.serve import COOKIE, Cluster, free_port

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
    heading.wait_for(timeout=90000)  # four tablets and two app processes on a busy machine
    return heading.inner_text().removeprefix("Table ").strip()


def first_button(game: TableGame, seat: int) -> str:
    """The move :func:`play_my_turn` makes: a draw or a pass when the page offers one, else the first place a
    tile goes (the page's buttons, in their order)."""
    legal = game.view(seat).legal_actions
    plays = [a for a in legal if isinstance(a, Play)]
    if DRAW in legal and not plays:
        return str(DRAW)
    if PASS in legal:
        return str(PASS)
    return str(plays[0])


def plays_long_enough(setup: TableSetup, more: int = 3) -> bool:
    """Whether the first hand of ``setup``, played as the four children's test plays it (Sam reloads at his
    first turn from move :data:`RELOAD_AT`, Lena leaves after her first from :data:`LEAVE_AT`, the computer
    plays her next turn and she comes back), lasts ``more`` moves past her coming back."""
    game = TableGame.replay(setup, [Move(0, 0, START)])
    reloaded, left, back_at = False, False, None
    while game.current_seat is not None:
        seat, number = game.current_seat, game.number
        if left and back_at is None and seat == LEAVES:
            game.extend([game.computer_move()])
            back_at = game.number
            continue
        reloaded = reloaded or (seat == RELOADS and number >= RELOAD_AT)
        game.extend([Move(number, seat, first_button(game, seat))])
        if seat == LEAVES and not left and number >= LEAVE_AT and game.current_seat is not None:
            left = True
    return reloaded and back_at is not None and game.number - back_at >= more


def long_deal() -> TableSetup:
    """Five-Up for four with partners and hints (the page's defaults) on the first deal, by seed, whose hand
    lasts through a reload and a child's leaving and coming back: the same deal on every run."""
    for seed in range(1, 1000):
        setup = TableSetup(game="five-up", seats=4, partners=True, stand_in=BotLevel.GREEDY, hints=True, seed=seed)
        if plays_long_enough(setup):
            return setup
    raise AssertionError("no deal of the first thousand lasts long enough")


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
                                  timeout=90000).json_value()


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
