"""Play at a table in real browsers, served as ``make serve`` serves a class: two app processes behind
HAProxy (:class:`trainer.serving.serve.Cluster`) on one PostgreSQL database. Four children of a class,
each on their own tablet (a browser context, signed in by ``?me=``), sit at one table of Five-Up for
four with partners (on a deal chosen to last: :func:`tablesbrowser.long_deal`), two tablets on each
process; each plays their own turns with the page's buttons
until the hand ends. On the way one child reloads mid-hand and gets their seat and hand back, and
another leaves the table: the computer plays their seat while the others play on, until they come back
on a tablet served by the other process. At the end the store holds the moves numbered 0..n-1 with no
gap, and they replay legally. Screenshots of one child's tablet (768×1024) go to tests/artifacts/
(tables-*.png)."""

from __future__ import annotations

import os
import re

import chromium
import pgserver
import pytest
from chromium import CALM, shot
from tablesbrowser import (
    CHILDREN,
    LEAVE_AT,
    LEAVES,
    RELOAD_AT,
    RELOADS,
    calm,
    hand_on,
    join,
    long_deal,
    my_buttons,
    open_tables,
    play_my_turn,
    served,
    tablet,
    tiles,
    until_moved,
)

from trainer.games.seating import Seating
from trainer.games.table import Move, TableGame
from trainer.serving.serve import Cluster, haproxy_path
from trainer.store import open_store

pytestmark = [
    pytest.mark.browser,
    chromium.needs_chromium,
    pytest.mark.skipif(pgserver.why_not() is not None, reason=str(pgserver.why_not())),
    pytest.mark.skipif(haproxy_path() is None, reason="HAProxy is not installed (apt-get install haproxy)"),
]
__all__ = ["served"]  # the fixture: two app processes behind HAProxy on PostgreSQL (tests/tablesbrowser.py)


def test_four_children_on_two_processes_play_a_hand_with_a_reload_and_a_child_away(served, browser):
    cluster, url = served
    store = open_store(url)
    room = store.create_class("Room 4")
    codes = [store.join(room.code, name) for name in CHILDREN]
    process = {seat: 1 + seat % 2 for seat in range(4)}  # Maya and Lena on process 1, Sam and Omar on 2
    tablets = {seat: tablet(browser, cluster, process[seat]) for seat in range(4)}
    pages = {seat: open_tables(tablets[seat], cluster, codes[seat], process[seat]) for seat in range(4)}
    maya = pages[0]

    # the table of Five-Up for four the page's form opens, on one deal every run: one whose hand lasts through
    # Sam's reload and Lena's leaving and coming back (a random deal could end first)
    code = Seating(store).open(long_deal(), class_code=room.code)
    for seat in range(4):
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
        played_for = [m.seat for m in game.moves if m.by_computer]
        if left and not back and (seat == LEAVES or played_for):  # (the server may play for her before we look)
            if not played_for:
                game = until_moved(seating, code, number)  # the computer plays for Lena
                played_for = [m.seat for m in game.moves if m.by_computer]
            assert played_for[:1] == [LEAVES], played_for
            tablets[LEAVES].close()
            tablets[LEAVES] = tablet(browser, cluster, 2)
            pages[LEAVES] = come_back(tablets[LEAVES], cluster, pages, codes, code, seating)
            back = True
            game = seating.game(code)
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
    assert reloaded and back, ("the hand ended before Sam's reload and Lena's coming back: "
                               f"{[(m.number, m.seat, m.token, m.by_computer) for m in store.table_moves(code)]}")

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
        away = page.get_by_text("While you were away, the computer played for you.")
        away.first.wait_for(timeout=30000)  # (a page's first HTML waits for the browser's renderer of it to load)
        assert away.count() == 1
    shot(page, "tables-back.png", full_page=True)
    page.locator(".fives-story").screenshot(path=os.path.join(chromium.ARTIFACTS, "tables-back-story.png"))
    return page
