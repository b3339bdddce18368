"""Play at a table under AppTest, as each child's tablet shows it: no page tells a play's score before
its player has said it, a signed-in child keeps their seat through a reload on another tablet, a class's
table seats its own class, the computer standing in for a child is marked, and pass and play does not
hide the hand again while the same child goes on."""

from __future__ import annotations

import re

import pytest
from apptest import any_move, app, game_of, make_class, opening, press, projector, story_box, table_story, texts

from trainer.games.seating import Seating
from trainer.games.table import START, Call, TableGame, TableSetup
from trainer.rules import EventKind, Phase
from trainer.store import open_store
from trainer.words import calls

GUESTS = ("Ivy", "Lena", "Omar")


def page_words(at) -> str:
    """Everything the page shows, its pictures' titles and descriptions included."""
    return " ".join([texts(at)] + [m.value for m in at.markdown])


def pending(game: TableGame) -> bool:
    return game.current_seat is not None and game.game.hand.phase_name in (Phase.CLAIM, Phase.MUGGINS)


def seat_everyone(seats: int, call: Call):
    """Jon (a guest) opens a table for ``seats`` with ``call`` and the others join by its code."""
    jon = app(page="tables")
    jon.text_input(key="tb_my_name").set_value("Jon").run()
    opening(jon)
    jon.segmented_control(key="tb_seats").set_value(seats).run()
    jon.radio(key="tb_call").set_value(call).run()
    press(jon, "tb_open")
    code = jon.session_state["tables"].code
    devices = {0: jon}
    for seat in range(1, seats):
        kid = app(page="tables")
        kid.text_input(key="tb_my_name").set_value(GUESTS[seat - 1]).run()
        kid.text_input(key="tb_code").set_value(code)
        kid.form_submit_button[0].click().run()
        assert kid.session_state["tables"].seats == (seat,)
        devices[seat] = kid
    jon.run()
    press(jon, "tb_start")
    return devices


@pytest.mark.parametrize("call", [Call.SAY, Call.MUGGINS])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_no_tablet_tells_a_score_before_it_is_said(seats, call):
    devices = seat_everyone(seats, call)
    phases: set[Phase] = set()
    for _ in range(40):
        game = game_of(devices[0])
        turn = game.current_seat
        if turn is None or (Phase.CLAIM in phases and (call is Call.SAY or Phase.MUGGINS in phases)):
            break
        if pending(game):
            phases.add(game.game.hand.phase_name)
            ev = next(e for e in reversed(game.game.hand.history) if e.kind is EventKind.PLAY)
            made = calls.made(ev.total, ev.score, game.game.rules.unit)
            tile = str(ev.play.tile)
            amount = calls.amount(ev.score, game.game.rules.unit)
            for seat, device in devices.items():
                device.run()
                shown = page_words(device)
                assert "open-end total" not in shown.lower(), (seat, turn)  # nor a picture's title or description
                story = table_story(device)
                rest = shown.replace(story_box(device), "")
                since = story[:next(i for i, line in enumerate(story) if tile in line) + 1]  # newest first
                for text in [rest, *since]:
                    assert made not in text, (seat, turn, text)
                    if ev.score:
                        assert not re.search(rf"(?<![\d-]){re.escape(amount)}", text), (seat, turn, text)
        mover = devices[turn]
        mover.run()
        any_move(mover, game_of(mover), turn)  # a claim: the first button, "No score"
    assert Phase.CLAIM in phases


# ----- seats -----

def test_a_child_back_on_another_tablet_keeps_the_seat_through_a_reload():
    maya = app(page="tables")
    from apptest import sign_up

    sign_up(maya, "Maya Fox")
    maya.switch_page("views/tables.py").run()
    opening(maya)
    press(maya, "tb_open")
    code = maya.session_state["tables"].code
    me = maya.session_state["me"].code
    other = app(page="tables", me=me)  # her own code on another tablet: back at her seat
    ts = other.session_state["tables"]
    assert ts.code == code and ts.seats == (0,)
    key = ts.key
    assert key and key != maya.session_state["tables"].key
    again = app(page="tables", me=me, table=code, tk=key)  # that tablet reloads (or reconnects to a new session)
    assert again.session_state["tables"].code == code and again.session_state["tables"].seats == (0,)
    assert f"Table {code}" in texts(again)
    assert again.query_params.get("table") in (code, [code])


def test_a_child_who_left_and_comes_back_is_here_at_once_so_no_computer_plays_their_turn(monkeypatch):
    """Leaving the table hands the seat to a computer player (its device not seen since); coming back, on
    another tablet by the child's code or on the same tab by its kept key, marks the seat seen there and
    then, not at the next round of marking (every few seconds), in which a computer could play the
    returning child's turn. (Pages pushed to, as on a server: the page then leaves the marking to its
    process.)"""
    monkeypatch.setattr("trainer.web.push.live", lambda store: True)
    maya = app(page="tables")
    from apptest import sign_up

    sign_up(maya, "Maya Fox")
    maya.switch_page("views/tables.py").run()
    opening(maya)
    press(maya, "tb_open")
    code, me = maya.session_state["tables"].code, maya.session_state["me"].code
    s = open_store()
    seating = Seating(s)
    seating.start(code)  # a game under way: the seat she leaves stays hers to come back to
    row = s.table(code)
    s.leave(code, 0)  # she left: the computer plays for her
    assert seating.away(s.table(code), 0)
    app(page="tables", me=me)  # back on another tablet, by her own code
    assert not seating.away(s.table(code), 0)
    s.leave(code, 0)
    again = app(page="tables", me=me, table=code, tk=maya.session_state["tables"].key)  # the first tab, reloaded
    assert again.session_state["tables"].code == code and not seating.away(s.table(code), 0)
    assert row is not None and row.seat_of(me) == 0


def test_a_class_table_seats_only_its_own_class_unless_the_teacher_allows_guests():
    teacher, room5, _key = make_class("Room 5")
    _t6, room6, _k6 = make_class("Room 6")
    s = open_store()
    ivy, zed = s.join(room5, "Ivy"), s.join(room6, "Zed")
    teacher.run()
    teacher.toggle(key="ct_form").set_value(True).run()
    teacher.segmented_control(key="ct_seats").set_value(2)
    teacher.number_input(key="ct_count").set_value(1)
    teacher.button(key="ct_open").click().run()
    assert not teacher.exception, teacher.exception
    (closed,) = [t.code for t in s.class_tables(room5)]
    zed_page = app(page="tables", me=zed)
    zed_page.text_input(key="tb_code").set_value(closed)
    zed_page.form_submit_button[0].click().run()
    assert zed_page.session_state["tables"].code is None
    assert "That table is for another class" in texts(zed_page)
    guest = app(page="tables")  # a child not signed in is told to sign in with their own code
    guest.text_input(key="tb_my_name").set_value("Pip").run()
    guest.text_input(key="tb_code").set_value(closed)
    guest.form_submit_button[0].click().run()
    assert guest.session_state["tables"].code is None
    assert "Sign in with your own learner code" in texts(guest) and "another class" not in texts(guest)
    ivy_page = app(page="tables", me=ivy)
    ivy_page.text_input(key="tb_code").set_value(closed)
    ivy_page.form_submit_button[0].click().run()
    assert ivy_page.session_state["tables"].code == closed
    teacher.checkbox(key="ct_guests").check()
    teacher.button(key="ct_open").click().run()
    (welcome,) = [t.code for t in s.class_tables(room5) if t.code != closed]
    zed_page.text_input(key="tb_code").set_value(welcome)
    zed_page.form_submit_button[0].click().run()
    assert zed_page.session_state["tables"].code == welcome


# ----- what a child reads -----

def test_the_computer_playing_for_a_child_is_marked_on_every_tablet_and_in_the_story():
    devices = seat_everyone(3, Call.OFF)
    jon, ivy = devices[0], devices[1]
    code = jon.session_state["tables"].code
    press(ivy, "tb_leave")  # Ivy leaves: the computer takes her seat at once
    store = jon.session_state["tables"].seating.store
    for _ in range(30):  # play on until the computer has made a move for Ivy
        game = Seating(store).game(code)
        if any(m.seat == 1 and m.by_computer for m in game.moves) or game.current_seat is None:
            break
        Seating(store).stand_in(code)
        game = Seating(store).game(code)
        if game.current_seat in devices and game.current_seat != 1:
            mover = devices[game.current_seat]
            mover.run()
            any_move(mover, game_of(mover), game.current_seat)
    assert any(m.seat == 1 and m.by_computer for m in Seating(store).game(code).moves)
    jon.run()
    shown = texts(jon)
    assert "Ivy is away: the computer plays for them" in shown  # whoever's turn it is
    story = " ".join(table_story(jon))
    assert "Ivy is away: the computer is playing for them until they come back." in story


def test_pass_and_play_keeps_the_hand_shown_while_the_same_child_draws():
    for _ in range(8):  # a deal where a child draws and is still to move
        at = app(page="tables")
        opening(at)
        at.checkbox(key="tb_shared").check().run()
        press(at, "tb_open")
        press(at, "tb_start")
        for _ in range(40):
            game = game_of(at)
            turn = game.current_seat
            if turn is None:
                break
            if any(b.key == "tb_show" for b in at.button):
                press(at, "tb_show")
            n = game.number
            if any(b.key == f"tb_draw_{n}" for b in at.button):
                press(at, f"tb_draw_{n}")
                if game_of(at).current_seat == turn:  # the same child goes on: their tiles stay shown
                    assert "Give the tablet to" not in texts(at)
                    assert any(b.key and b.key.startswith(("tb_draw_", "tb_opt_", "tb_pass_")) for b in at.button)
                    return
                continue
            any_move(at, game, turn)
    pytest.fail("no child drew and went on in eight deals")


def test_a_table_shows_the_hand_its_target_and_boneyard_and_names_partners_you_first():
    devices = seat_everyone(4, Call.OFF)
    jon = devices[0]
    jon.run()
    (board,) = [m.value for m in jon.markdown if 'class="fives-scores"' in m.value]  # the scoreboard, one element
    assert re.search(r"Hand 1 · to \d+ \w+ · boneyard \d+", board), board
    labels = re.findall(r'<div class="fives-score-label">([^<]*)</div><div class="fives-score-value">\d+</div>', board)
    assert labels == ["You &amp; Lena", "Ivy &amp; Omar"], labels  # partners opposite, You first


def test_a_waiting_childs_tablet_draws_the_table_as_one_element_between_its_widgets():
    """Every tablet at the table draws it again at every move: what a child waiting for their turn reads (the
    scores, whose turn, the layout and their tiles, the note, the story and the table's code) is one element."""
    devices = seat_everyone(4, Call.OFF)
    jon = devices[0]
    jon.run()
    turn = game_of(jon).current_seat
    waiting = devices[next(seat for seat in devices if seat != turn)]
    waiting.run()
    code = waiting.session_state["tables"].code
    (sheet,) = [m.value for m in waiting.markdown if 'class="fives-scores"' in m.value]
    parts = ('class="fives-scores"', "<h3>", 'class="fives-picture"', 'class="fives-note" role="status">Waiting for',
             'class="fives-story', f'<p class="fives-small">Table {code}</p>')
    assert [sheet.index(p) for p in parts] == sorted(sheet.index(p) for p in parts), sheet  # in the page's order
    assert len(waiting.markdown) == 1 and not waiting.info and not waiting.caption  # nothing else beside it
    assert [b.key for b in waiting.button] == ["tb_leave"]


# ----- Play a hand after an outage -----

def test_a_reload_during_an_outage_brings_the_saved_game_back_once_the_store_answers(store, outage):
    from apptest import learner_move, start_game

    me = store.learner(store.new_learner("Misty Owl"))
    at = app(me=me.code)
    g = start_game(at, game="five-up", seed=5)
    for _ in range(3):
        if g.waiting_for_learner and not g.game.is_over:
            learner_move(at, g)
    saved = store.game(me.code)
    assert saved
    moves = len(at.session_state["play"].game.moves)
    outage.start()
    again = app(page="play", me=me.code)  # a reload while the store is away
    assert not again.exception and again.session_state["play"].game is None
    assert "will be back as soon as saving works again" in texts(again)
    outage.stop()
    again.run()
    assert not again.exception
    back = again.session_state["play"].game
    assert back is not None and len(back.moves) == moves  # the game in progress, where it was
    assert again.session_state["play"].game.view().hand and not any(b.key == "g_start" for b in again.button)


# ----- the teacher: My class and the projector -----

def test_the_form_for_class_tables_stays_open_through_its_choices():
    at, code, _key = make_class("Room 7")
    open_store().join(code, "Ana")  # My class shows its tables once it has children
    at.run()
    at.toggle(key="ct_form").set_value(True).run()
    steps = (lambda: at.checkbox(key="ct_partners").uncheck(),  # (a choice at four seats, the form's first)
             lambda: at.segmented_control(key="ct_seats").set_value(2),
             lambda: at.radio(key="ct_call").set_value(Call.SAY),
             lambda: at.checkbox(key="ct_guests").check())
    for step in steps:
        step()
        at.run()
        assert not at.exception, at.exception
        assert at.toggle(key="ct_form").value and any(b.key == "ct_open" for b in at.button)
    assert not any("Open tables for the class" in e.label for e in at.expander)  # no expander to fold


def _one_deal_at_two_tables():
    from trainer.bots import BotLevel
    from trainer.games.table import TableSetup

    teacher, code, _key = make_class("Room 8")
    s = open_store()
    kids = [s.join(code, name) for name in ("Maya", "Leo")]
    tables = []
    for level, kid in zip((BotLevel.GREEDY, BotLevel.BEGINNER), kids):
        t = s.open_table(TableSetup(game="all-fives", seats=2, stand_in=level, seed=78).to_record(),
                         class_code=code, deal="d78")
        s.sit(t, 2, learner_code=kid, nickname="")
        tables.append(t)
    return teacher, s, tables



def test_one_deal_says_who_held_the_same_tiles_waits_for_the_other_tables_then_compares_on_my_class_too():
    teacher, s, (first, second) = _one_deal_at_two_tables()
    seats = Seating(s)
    seats.start(first)
    s.leave(first, 0)
    seats.stand_in(first, deal_on=False)  # the first table plays its hand to the end; the second has not started
    watch = projector(teacher, first)
    shown = texts(watch)
    assert "Hand 1 is over" in shown and "Hand 1 at every table" in shown
    assert "The other tables of this deal have not started: hand 1 is compared once another finishes it." in shown
    from trainer.games.story import settlement_lines
    from trainer.web.class_tables import game_of

    ended = game_of(s, s.table(first))  # the hand's count, as the tablets show it
    count = settlement_lines(ended.last_result, ended.name, ended.side_name, learner=None)
    assert count and all(line in shown for line in count), count
    held = ", ".join(f"{name} ({t})" for t, name in sorted([(first, "Maya"), (second, "Leo")]))
    assert f"Held the same tiles: Maya ({first}), Leo ({second})" in shown  # the projector's own table first
    assert f"Held the same tiles: Leo ({second}), Maya ({first})" in texts(projector(teacher, second))
    # the story, newest first as on the tablets; the layout no taller than the screen allows
    told = seats.game(first, viewer=-1, names=("Maya", "")).told_lately()
    story = next(m.value for m in watch.markdown if "What happened" in m.value)
    assert [line for line in story.split("\n") if line.startswith("- ")] == [f"- {line}" for line in
                                                                            reversed(told)]
    picture = next(m.value for m in watch.markdown if 'class="fives-layout' in m.value)
    assert "max-height:42vh" in picture and "min-width" not in picture
    seats.start(second)
    s.leave(second, 0)
    seats.stand_in(second, deal_on=False)
    watch.run()
    assert "waiting for the other tables" not in texts(watch)
    assert any(w in texts(watch) for w in ("played alike for", "played differently", "played this hand the same way"))
    # each different move drawn side by side within the room's screen, and its line read from the back of the room
    assert any("max-height:28vh" in m.value for m in watch.markdown), "no move drawn within the screen"
    teacher.run()  # My class compares them too
    assert any("Hand 1 at every table" in e.label for e in teacher.expander)
    assert f"Held the same tiles: {held}" in texts(teacher)


def test_the_projector_waiting_for_the_other_tables_draws_the_comparison_when_one_finishes(monkeypatch):
    """The other table finishing the hand is no move at the projector's own table: its own look asks the store
    about the tables it waits for, every couple of seconds, and draws the page again when one has changed."""
    from trainer.web import class_tables

    teacher, s, (first, second) = _one_deal_at_two_tables()
    seats = Seating(s)
    seats.start(first)
    s.leave(first, 0)
    seats.stand_in(first, deal_on=False)
    watch = projector(teacher, first)
    assert "have not started: hand 1 is compared once another finishes it" in texts(watch)  # (and may start)
    row = s.table(first)
    waited = class_tables.compared(s, row, class_tables.game_of(s, row))
    assert waited == ((second, s.table(second).version),)
    reruns: list[str] = []
    monkeypatch.setattr(class_tables.session, "store", lambda: s)
    monkeypatch.setattr(class_tables.st, "rerun", lambda scope="app": reruns.append(scope))
    class_tables.projector_look(first, row.version, waited)
    assert reruns == []  # nothing changed yet: nothing drawn again
    seats.start(second)
    s.leave(second, 0)
    seats.stand_in(second, deal_on=False)
    class_tables.projector_look(first, row.version, waited)
    assert reruns and reruns[0] == "app"  # the other table moved on: the page is drawn again
    assert class_tables.compared(s, row, class_tables.game_of(s, row)) == ()  # every table finished: no wait


def test_the_end_of_a_game_says_who_won_to_each_child_and_how_its_last_hand_was_counted():
    """Ana and Ben's game played out by the computer while both were away; back at their seats, the winner reads
    "You won the game!", the other who won, and both how the last hand was counted."""
    s = open_store()
    room = s.create_class("Room 8").code
    ana, ben = s.join(room, "Ana"), s.join(room, "Ben")
    code = s.open_table(TableSetup(seats=2).to_record(), class_code=room)
    assert s.sit(code, 2, learner_code=ana, nickname="", guests=False) == 0
    assert s.sit(code, 2, learner_code=ben, nickname="", guests=False) == 1
    assert s.add_move(code, 0, 0, START)
    pages = {seat: app(page="tables", me=learner) for seat, learner in ((0, ana), (1, ben))}
    assert all(page.session_state["tables"].code == code for page in pages.values())
    for seat in (0, 1):  # both away from their tablets: the computer plays the game out
        s.leave(code, seat)
    seating = Seating(s)
    for _ in range(200):
        if seating.game(code).game.is_over:
            break
        seating.stand_in(code)
    game = seating.game(code)
    assert game.game.is_over and game.game.winner is not None
    assert s.table(code).ended is not None  # a finished game's table ends: nobody sits down in it
    for page in pages.values():
        page.run()
    winner, other = game.game.winner, 1 - game.game.winner
    won, lost = texts(pages[winner]), texts(pages[other])
    assert "The game is over!" in won and "You won the game!" in won, won
    assert f"{('Ana', 'Ben')[winner]} won this time" in lost and "You won" not in lost, lost
    held = [", ".join(str(t) for t in tiles) for tiles in game.game.results[-1].hands if tiles]
    for page in pages.values():  # the count that ended the game: the tiles still held, as between hands
        assert held and all(h in texts(page) for h in held), (held, texts(page))
