"""Play at a table under AppTest: a shared tablet passed round, two children on two devices (two
sessions on one store), and what a child is told when a code, a turn or a table does not fit."""

from __future__ import annotations

import json
import re

from apptest import any_move, app, game_of, make_class, notices, opening, press, projector, sign_up, table_story, texts


def test_a_guest_sees_join_and_open_and_must_give_a_name():
    at = app(page="tables")
    assert "Play at a table" in texts(at)
    at.text_input(key="tb_code").set_value("ZZZZ-ZZZ")
    at.form_submit_button[0].click().run()
    assert "sign in" in notices(at).lower()  # no name yet
    at.text_input(key="tb_my_name").set_value("Ana").run()
    at.text_input(key="tb_code").set_value("ZZZZ-ZZZ")
    at.form_submit_button[0].click().run()
    assert not at.exception
    assert "no table with that code" in notices(at)


def shared_tablet():
    """Maya and Sam's table opened on one tablet passed round (pass and play); returns the page."""
    at = app(page="tables")
    opening(at)
    at.checkbox(key="tb_shared").check().run()
    at.text_input(key="tb_name_0").set_value("Maya")
    at.text_input(key="tb_name_1").set_value("Sam").run()
    press(at, "tb_open")
    return at


def test_pass_and_play_hides_each_hand_until_the_tablet_is_handed_on():
    at = shared_tablet()
    ts = at.session_state["tables"]
    assert ts.code and ts.seats == (0, 1)
    assert "Seat 1: Maya" in texts(at) and "Seat 2: Sam" in texts(at)
    press(at, "tb_start")
    last = None
    for _ in range(6):
        game = game_of(at)
        turn = game.current_seat
        if turn is None:
            break
        name = ("Maya", "Sam")[turn]
        if turn == last:  # a child who drew from the boneyard goes on: the tablet stays, so does the hand
            assert f"Give the tablet to {name}" not in texts(at)
            assert any(b.key and b.key.startswith(("tb_opt_", "tb_draw_", "tb_pass_", "tb_claim_", "tb_letgo_"))
                       for b in at.button)
        else:
            assert f"Give the tablet to {name}" in texts(at)
            assert not any(b.key and b.key.startswith(("tb_opt_", "tb_draw_")) for b in at.button)  # no hand
            press(at, "tb_show")
        any_move(at, game_of(at), turn)
        last = turn
    assert game_of(at).number >= 5
    assert "What happened" in texts(at)


def wide_marks(at) -> set[str]:
    """The marks on a page asking for a tablet's whole width (the side menu's watch closes it once for each)."""
    return {m for el in at.markdown for m in re.findall(r'data-fives-wide="[^"]*"', el.value)}


def maya_opens():
    """Maya (signed in) opens a table on her tablet; returns her page and the table's code."""
    maya = app(page="tables")
    sign_up(maya, "Maya Fox")
    maya.switch_page("views/tables.py").run()
    opening(maya)
    press(maya, "tb_open")
    return maya, maya.session_state["tables"].code


def maya_opens_and_sam_joins():
    """Maya (signed in) opens a table on her tablet; Sam (a guest) types its code, as a child types it
    (small letters, a space for the dash), on his. Returns both pages and the code."""
    maya, code = maya_opens()
    assert code in texts(maya)
    sam = app(page="tables")
    sam.text_input(key="tb_my_name").set_value("Sam").run()
    sam.text_input(key="tb_code").set_value(code.lower().replace("-", " "))
    sam.form_submit_button[0].click().run()
    return maya, sam, code


def test_two_children_on_two_devices_play_one_game():
    maya, sam, _code = maya_opens_and_sam_joins()
    assert sam.session_state["tables"].seats == (1,)
    assert "Waiting for Maya Fox to start" in texts(sam)
    maya.run()
    assert "Seat 2: Sam" in texts(maya)
    assert not wide_marks(maya)  # the choice of seats leaves the side menu as it is
    press(maya, "tb_start")
    sam.run()
    for device in (maya, sam):  # a game under way: each tablet's page carries the mark that closes its menu once
        assert wide_marks(device) == {f'data-fives-wide="table-{_code}"'}, wide_marks(device)
    devices = {0: maya, 1: sam}
    kept = 0
    for _ in range(8):
        game = game_of(maya)
        turn = game.current_seat
        if turn is None:
            break
        mover, other = devices[turn], devices[1 - turn]
        mover.run()
        other.run()
        assert "Your turn!" in texts(mover)
        assert "Your turn!" not in texts(other)
        any_move(mover, game_of(mover), turn)
        kept += 1
    assert kept >= 4
    # each device tells the story from its own seat, with the children's names: never "Seat 1", and
    # never "You" for another child's move
    for device, me, other in ((maya, "Maya Fox", "Sam"), (sam, "Sam", "Maya Fox")):
        device.run()
        story = table_story(device)
        lines = " ".join(story)
        assert story and "Seat " not in lines and f"{me} " not in lines, story
        assert "You " in lines and f"{other} " in lines, story
    # a stale button on the other device: its move is refused kindly, nothing is played twice
    game = game_of(maya)
    number = game.number
    moves = maya.session_state["tables"].seating.store.table_moves(maya.session_state["tables"].code)
    assert [m.number for m in moves] == list(range(number))


def test_a_move_from_a_stale_position_is_refused_with_who_played_first():
    from trainer.games.seating import Seating

    maya = app(page="tables")
    opening(maya)
    maya.checkbox(key="tb_shared").check().run()
    press(maya, "tb_open")
    press(maya, "tb_start")
    ts = maya.session_state["tables"]
    game = game_of(maya)
    seat = game.current_seat
    other = Seating(ts.seating.store)
    token = str(other.game(ts.code).game.legal_actions()[0])
    assert other.play(ts.code, seat, token, game.number).kept
    out = other.play(ts.code, 1 - seat, token, game.number)  # another seat's move for the same turn
    assert not out.kept and out.first == f"Seat {seat + 1}"
    again = other.play(ts.code, seat, token, game.number)  # the same seat's, a second time: not "Seat 2 played first"
    assert not again.kept and again.first is None and again.refusal.value == "already"


def test_each_child_hears_the_story_from_their_own_seat_with_their_classmates_names():
    maya, sam, _code = maya_opens_and_sam_joins()
    maya.run()
    press(maya, "tb_start")
    devices = {0: maya, 1: sam}

    def story(at) -> str:
        return "\n".join(f"- {line}" for line in table_story(at))

    # until each has played or passed: draws are told with the play after them, and a child may draw a dozen times
    for _ in range(40):
        maya.run()
        if "- You " in story(maya) and "- Sam " in story(maya):
            break
        turn = game_of(maya).current_seat
        if turn is None:
            break
        devices[turn].run()
        any_move(devices[turn], game_of(devices[turn]), turn)
    sam.run()
    for me, other in ((maya, "Sam"), (sam, "Maya Fox")):
        assert "- You " in story(me) and f"- {other} " in story(me) and "Seat " not in story(me), story(me)


# ----- the teacher: My class and the projector -----

def _class_with_children(n: int = 4):
    from trainer.store import open_store

    at, code, key = make_class("Room 9")
    s = open_store()
    kids = [s.join(code, name) for name in ("Maya", "Sam", "Ana", "Leo")[:n]]
    at.run()
    return at, code, key, s, kids



def test_the_teacher_opens_tables_with_one_deal_and_sees_each_one():
    at, code, _key, s, _kids = _class_with_children()
    at.toggle(key="ct_form").set_value(True).run()
    at.segmented_control(key="ct_seats").set_value(2)
    at.number_input(key="ct_count").set_value(3)
    at.button(key="ct_open").click().run()
    assert not at.exception, at.exception
    tables = s.class_tables(code)
    assert len(tables) == 3 and len({t.deal for t in tables}) == 1 and tables[0].deal
    assert len({t.setup["seed"] for t in tables}) == 1
    shown = texts(at)
    assert all(t.code in shown for t in tables) and "waiting to start" in shown
    assert "Nia (computer) 0 · Leo (computer) 0" in shown  # nobody sat down: not two children of the class
    # each table goes to the projector in a tab of its own (a link, not a page of this tab: My class stays open)
    watched = sorted(e.proto.url for e in at.get("link_button") if e.proto.label == "Show on the projector")
    assert watched == sorted(f"http://localhost:8501/tables?watch={t.code}" for t in tables)
    assert not [e for e in at.get("page_link") if "watch" in str(e.proto)]
    first = tables[0].code
    at.button(key=f"ct_start_{first}").click().run()
    assert not at.exception
    assert "waiting to start" in texts(at)  # the other two
    at.button(key=f"ct_end_{first}").click().run()  # asked once more: a game stopped for good
    assert s.table(first).ended is None and f"End table {first}?" in texts(at)
    at.button(key=f"ct_end_no_{first}").click().run()
    assert s.table(first).ended is None and f"End table {first}?" not in texts(at)
    at.button(key=f"ct_end_{first}").click().run()
    at.button(key=f"ct_end_yes_{first}").click().run()
    assert s.table(first).ended is not None
    assert not any(b.key == f"ct_end_{first}" for b in at.button)


def test_the_projector_shows_a_table_without_any_hand_and_compares_one_deal():
    from trainer.bots import BotLevel
    from trainer.games.seating import Seating
    from trainer.games.table import TableSetup

    at, code, _key, s, kids = _class_with_children(2)
    seats = Seating(s)
    codes = []
    for level in (BotLevel.GREEDY, BotLevel.BEGINNER):  # one deal, two ways to play it
        t = s.open_table(TableSetup(game="all-fives", seats=2, stand_in=level, seed=77).to_record(),
                         class_code=code, deal="d77")
        codes.append(t)
        s.sit(t, 2, learner_code=kids[0], nickname="")
    watch = projector(at, codes[0])
    assert f"Table {codes[0]}" in texts(watch) and "waiting to start" in texts(watch)
    for t in codes:  # nobody is here: the computer players play the whole hand (and would deal on)
        seats.start(t)
        s.leave(t, 0)
        seats.stand_in(t, deal_on=False)
    watch.run()
    shown = texts(watch)
    assert "Hand 1 is over" in shown and "Hand 1 at every table" in shown
    assert any(w in shown for w in ("played alike for", "played differently", "played this hand the same way"))
    # never a hand: no tile buttons, no hand's caption
    assert not any(b.key and b.key.startswith("tb_") for b in watch.button)
    assert "Your tiles" not in shown


def test_the_projector_of_a_deal_at_one_table_alone_waits_for_no_other_table():
    from trainer.bots import BotLevel
    from trainer.games.seating import Seating
    from trainer.games.table import TableSetup

    at, code, _key, s, kids = _class_with_children(1)
    t = s.open_table(TableSetup(game="all-fives", seats=2, stand_in=BotLevel.GREEDY, seed=77).to_record(),
                     class_code=code, deal="d77")  # the teacher's "How many tables" at 1
    s.sit(t, 2, learner_code=kids[0], nickname="")
    seats = Seating(s)
    seats.start(t)
    s.leave(t, 0)
    seats.stand_in(t, deal_on=False)
    watch = projector(at, t)
    shown = texts(watch)
    assert "Hand 1 is over" in shown
    assert "other tables" not in shown and "Hand 1 at every table" not in shown and "same tiles" not in shown


def test_the_projector_waits_only_for_a_table_of_the_deal_that_plays_and_never_for_an_ended_one():
    """One deal at two tables; one plays hand 1 through, the other is not started: the projector says the other
    has not started (not "waiting for the other tables", which it never leaves while nobody plays there); once
    the teacher ends the other table, nothing is waited for at all."""
    from trainer.bots import BotLevel
    from trainer.games.seating import Seating
    from trainer.games.table import TableSetup

    at, code, _key, s, kids = _class_with_children(2)
    seats = Seating(s)
    played, idle = (s.open_table(TableSetup(game="all-fives", seats=2, stand_in=BotLevel.GREEDY, seed=77).to_record(),
                                 class_code=code, deal="d77") for _ in range(2))
    s.sit(played, 2, learner_code=kids[0], nickname="")
    seats.start(played)
    s.leave(played, 0)
    seats.stand_in(played, deal_on=False)
    watch = projector(at, played)
    shown = texts(watch)
    assert "Hand 1 is over" in shown and "Hand 1 at every table" in shown
    assert "have not started: hand 1 is compared once another finishes it" in shown
    assert "waiting for the other tables" not in shown
    s.sit(idle, 2, learner_code=kids[1], nickname="")
    seats.start(idle)  # the teacher starts it: now it is waited for
    watch.run()
    assert "waiting for the other tables to finish it" in texts(watch)
    s.end_table(idle)  # and ends it before its hand is over: it never will be
    watch.run()
    shown = texts(watch)
    assert "Hand 1 is over" in shown and "Hand 1 at every table" not in shown
    assert "waiting for the other tables" not in shown and "have not started" not in shown


def test_the_projector_needs_the_tables_class_to_be_open():
    at, code, _key, s, kids = _class_with_children(1)
    t = s.open_table({"game": "muggins", "seats": 2}, class_code=code)
    watch = app()
    watch.query_params["watch"] = t
    watch.switch_page("views/tables.py").run()
    assert not watch.exception
    assert "Open your class on My class first" in texts(watch)


def tab(kept: dict, **params: str):
    """A new session of a tab whose own storage holds ``kept`` (as the browser answers), at ``params``."""
    from apptest import new_app

    from trainer.web.pagestate import SessionState

    at = new_app()
    at.session_state["session"] = SessionState(device=kept)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    at.switch_page("views/tables.py").run()
    assert not at.exception, at.exception
    return at


def test_a_reload_comes_back_to_the_same_seat_and_a_wrong_key_does_not():
    ana = tab({})  # the tab has answered: it keeps nothing yet
    ana.text_input(key="tb_my_name").set_value("Ana").run()
    opening(ana)
    press(ana, "tb_open")
    ts = ana.session_state["tables"]
    code, key = ts.code, ts.key
    # the table in the address, the key for its seats only in the tab's own storage
    assert ana.query_params.get("table") in (code, [code]) and "tk" not in ana.query_params
    assert key not in " ".join(str(v) for v in dict(ana.query_params).values())
    kept = ana.session_state["session"].device["table"]
    assert json.loads(kept) == {"code": code, "key": key}
    again = tab({"table": kept}, table=code)  # a reload of that tab: a new session, the tab's storage
    assert again.session_state["tables"].code == code and again.session_state["tables"].seats == (0,)
    assert "Seat 1: Ana" in texts(again)
    copied = tab({}, table=code)  # the address alone (a copied link, the history, a screenshot)
    assert copied.session_state["tables"].code is None
    stranger = tab({"table": json.dumps({"code": code, "key": "not-the-key"})}, table=code)
    assert stranger.session_state["tables"].code is None and "table" not in stranger.session_state["session"].device
    old = tab({}, table=code, tk=key)  # an address from before, with the key: taken once, then cleaned
    assert old.session_state["tables"].code == code and "tk" not in old.query_params
    press(again, "tb_leave")
    again.run()
    assert again.session_state["tables"].code is None and "table" not in again.query_params
    assert "table" not in again.session_state["session"].device  # the tab forgot the seats


def test_the_same_learner_code_on_another_device_goes_back_to_the_seat():
    maya, code = maya_opens()
    me = maya.session_state["me"].code
    other = app(page="tables", me=me)  # signed in by her code on another tablet
    assert other.session_state["tables"].code == code and other.session_state["tables"].seats == (0,)
    assert "Seat 1: Maya Fox" in texts(other)
    press(other, "tb_leave")  # leaving is hers to do: the page does not pull her back this session
    other.run()
    assert other.session_state["tables"].code is None
    back = app(page="tables", me=me)  # nor at the next reload or on another tablet: the seat was left on purpose
    assert back.session_state["tables"].code is None
    back.text_input(key="tb_code").set_value(code)  # typing the code again sits her in her own seat
    back.form_submit_button[0].click().run()
    assert back.session_state["tables"].code == code and back.session_state["tables"].seats == (0,)
    assert app(page="tables", me=me).session_state["tables"].code == code  # back, so sent back there again


def test_a_child_whose_game_the_computer_finished_while_she_was_away_is_told_how_it_ended():
    """Every tablet at Maya's table was closed, and the servers played it out. Maya signs in again, on any tablet:
    above the choice of tables, how her game ended, from her seat (who won, the scores), in her language. A game the
    teacher ended before its end is not such news, and it is her newest: nothing is told then."""
    from trainer.games.seating import Seating
    from trainer.store import open_store

    maya, code = maya_opens()
    me = maya.session_state["me"].code
    s = open_store()
    seating = Seating(s)
    assert seating.start(code).kept
    s.leave(code, 0)  # away: the computer plays her seat, and every other, to the game's end
    for _ in range(800):
        if seating.game(code).is_over:
            break
        seating.stand_in(code)
    game = seating.game(code)
    assert game.is_over and game.moves[-1].by_computer
    back = app(page="tables", me=me)
    shown = texts(back)
    assert back.session_state["tables"].code is None  # the choice of tables, the news above it
    assert f"Your game at table {code} ended while you were away: the computer played for you to the end." in shown
    mine = game.game.winner is not None and 0 in game.game.hand.sides[game.game.winner]
    assert ("You won" if mine else "won this time. Have another go!") in shown  # from her seat
    assert all(str(v) in shown for v in game.standing)
    spanish = app(page="tables", me=me, lang="es")
    assert f"Tu partida en la mesa {code} terminó mientras no estabas" in texts(spanish)
    again = app(page="tables", me=me)  # a newer game of hers, which the teacher ends halfway: no news then
    opening(again)
    press(again, "tb_open")
    second = again.session_state["tables"].code
    assert second not in (None, code) and seating.start(second).kept
    s.end_table(second)
    assert s.ended_seat_of(me, since=0.0) == (second, 0)
    assert "ended while you were away" not in texts(app(page="tables", me=me))


def test_an_opener_who_leaves_before_the_start_hands_the_start_to_the_next_child():
    maya, sam, code = maya_opens_and_sam_joins()
    maya.run()
    assert any(b.key == "tb_start" for b in maya.button)
    assert not any(b.key == "tb_start" for b in sam.button) and "Waiting for Maya Fox to start" in texts(sam)
    press(maya, "tb_leave")
    sam.run()
    assert "Waiting for Maya Fox" not in texts(sam)
    press(sam, "tb_start")  # Sam starts: the computer plays Maya's seat
    game = game_of(sam)
    assert game.started and not sam.exception


def test_partners_are_a_choice_only_for_four_players_on_the_childs_form_and_the_teachers():
    at = app(page="tables")
    at.text_input(key="tb_my_name").set_value("Ana").run()
    opening(at)
    box = at.checkbox(key="tb_partners_none")
    assert at.segmented_control(key="tb_seats").value == 2 and box.disabled and not box.value  # no partners at two
    assert not [b for b in at.checkbox if b.key == "tb_partners"]
    at.segmented_control(key="tb_seats").set_value(3).run()
    assert at.checkbox(key="tb_partners_none").disabled and not at.checkbox(key="tb_partners_none").value
    at.segmented_control(key="tb_seats").set_value(4).run()
    assert not at.checkbox(key="tb_partners").disabled and at.checkbox(key="tb_partners").value  # ticked at first
    teacher, _code, _key, _s, _kids = _class_with_children(1)
    teacher.toggle(key="ct_form").set_value(True).run()
    box = teacher.checkbox(key="ct_partners")
    assert not box.disabled and box.value  # four seats by default
    teacher.segmented_control(key="ct_seats").set_value(2).run()
    assert teacher.checkbox(key="ct_partners_none").disabled and not teacher.checkbox(key="ct_partners_none").value


def test_a_tablet_between_hands_shows_the_games_scores_after_the_count():
    at = shared_tablet()
    press(at, "tb_start")
    ts = at.session_state["tables"]
    for _ in range(300):  # the hand played out through the store, as the other tablets would
        game = ts.seating.game(ts.code)
        if game.between_hands or game.is_over:
            break
        move = game.computer_move()
        assert ts.seating.play(ts.code, move.seat, move.token, move.number).kept
    at.run()
    assert not at.exception, at.exception
    game = game_of(at)
    assert game.between_hands, "one hand played, the game goes on"
    shown = texts(at)
    assert "Hand 1 is over" in shown and "The scores now:" in shown
    assert all(f"{game.side_name(i)} **{v}**" in shown for i, v in enumerate(game.game.scores)), shown
    # the scores and the next deal above the hand's last layout: a big layout does not push them off a tablet
    order = [("picture" if "<svg" in el.value else "scores" if "The scores now:" in el.value else "")
             if el.type == "markdown" else "deal" if getattr(el, "key", "") == f"tb_next_{game.number}" else ""
             for el in at.main]
    found = [kind for kind in order if kind]
    assert found.index("scores") < found.index("deal") < len(found) - 1 - found[::-1].index("picture"), found


def test_a_tablet_with_nothing_to_place_shows_the_layout_without_letters():
    for _ in range(4):  # a deal at random: most have a draw in their first hand
        at = shared_tablet()
        press(at, "tb_start")
        for _ in range(60):
            game = game_of(at)
            if game.current_seat is None:
                break
            if any(b.key == "tb_show" for b in at.button):
                press(at, "tb_show")
            if any(b.key == f"tb_draw_{game.number}" for b in at.button):
                pictures = [m.value for m in at.markdown if "fives-layout" in m.value]
                assert pictures and not any('class="letter"' in p for p in pictures), "nothing to tap: no letters"
                return
            any_move(at, game, game.current_seat)
    raise AssertionError("no draw in four deals")


def test_pass_and_play_names_start_with_the_childs_own_and_the_keyboard_goes_in_order():
    at = app(page="tables")
    at.text_input(key="tb_my_name").set_value("Ana").run()
    opening(at)
    at.segmented_control(key="tb_seats").set_value(4).run()
    at.checkbox(key="tb_shared").check().run()
    assert at.text_input(key="tb_name_0").value == "Ana"  # the child holding the tablet is player 1
    names = [t.key for t in at.text_input if str(t.key).startswith("tb_name_")]
    assert names == ["tb_name_0", "tb_name_1", "tb_name_2", "tb_name_3"]  # row by row: 1, 2, then 3, 4
    at.text_input(key="tb_name_0").set_value("Maya").run()
    assert at.text_input(key="tb_name_0").value == "Maya"  # changed, it stays as typed


def test_a_table_the_teacher_ends_mid_hand_says_so_on_the_tablets_the_projector_and_my_class():
    """Maya and Sam's table, a score made in its first hand: My class shows the points as made (not the
    hand's start), and once the teacher ends it each tablet says the teacher ended it, with how the game
    stood, and the projector says it has ended rather than whose turn it is."""
    from trainer.games.seating import Seating
    from trainer.games.table import NEXT_HAND, TableSetup

    at, code, _key, s, kids = _class_with_children(2)
    seats = Seating(s)
    t = s.open_table(TableSetup(game="all-fives", seats=2, seed=5).to_record(), class_code=code)
    for kid in kids:
        s.sit(t, 2, learner_code=kid, nickname="")
    seats.start(t)
    for _ in range(80):  # the computer's moves for both, until a score stands in the hand under way
        game = seats.game(t)
        if any(game.game.hand.scores) and not game.between_hands:
            break
        token = NEXT_HAND if game.between_hands else game.computer_move().token
        assert s.add_move(t, game.number, game.current_seat or 0, token)
    game = seats.game(t)
    made = game.game.hand.scores
    assert any(made) and not game.between_hands and not game.is_over
    tablets = [app(page="tables", me=kid) for kid in kids]
    assert all(tablet.session_state["tables"].code == t for tablet in tablets)
    at.run()
    assert f"Maya {made[0]} · Sam {made[1]}" in texts(at), texts(at)
    watch = projector(at, t)
    assert "turn" in texts(watch) and "This table has ended" not in texts(watch)
    at.button(key=f"ct_end_{t}").click().run()
    at.button(key=f"ct_end_yes_{t}").click().run()
    watch.run()
    assert "This table has ended" in texts(watch) and "turn" not in texts(watch), texts(watch)
    for tablet, me in zip(tablets, ("Maya", "Sam")):
        tablet.run()
        shown = texts(tablet)
        assert "Your teacher ended this table" in shown, shown
        assert f"You: **{made[('Maya', 'Sam').index(me)]}**" in shown, shown
        assert any(b.key == "tb_back" for b in tablet.button)
