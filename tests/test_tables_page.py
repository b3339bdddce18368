"""Play at a table under AppTest: a shared tablet passed round, two children on two devices (two
sessions on one store), and what a child is told when a code, a turn or a table does not fit."""

from __future__ import annotations

from apptest import app, notices, sign_up, texts

from trainer.games.table import TableGame


def game_of(at) -> TableGame:
    ts = at.session_state["tables"]
    return ts.seating.game(ts.code)


def press(at, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def any_move(at, game: TableGame, seat: int) -> None:
    """Make a legal move from the page's own buttons (a draw, a pass, a claim, a hinted play)."""
    n = game.number
    for key in (f"tb_draw_{n}", f"tb_pass_{n}", f"tb_letgo_{n}"):
        if any(b.key == key for b in at.button):
            press(at, key)
            return
    claims = [b for b in at.button if b.key and b.key.startswith("tb_claim_")]
    if claims:
        press(at, claims[0].key)
        return
    options = [b for b in at.button if b.key and b.key.startswith("tb_opt_")]
    assert options, [b.key for b in at.button]
    press(at, options[0].key)


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


def test_pass_and_play_hides_each_hand_until_the_tablet_is_handed_on():
    at = app(page="tables")
    at.checkbox(key="tb_shared").check().run()
    at.text_input(key="tb_name_0").set_value("Maya")
    at.text_input(key="tb_name_1").set_value("Sam").run()
    press(at, "tb_open")
    ts = at.session_state["tables"]
    assert ts.code and ts.seats == (0, 1)
    assert "Seat 1: Maya" in texts(at) and "Seat 2: Sam" in texts(at)
    press(at, "tb_start")
    for _ in range(6):
        game = game_of(at)
        turn = game.current_seat
        if turn is None:
            break
        name = ("Maya", "Sam")[turn]
        assert f"Give the tablet to {name}" in texts(at)
        assert not any(b.key and b.key.startswith(("tb_opt_", "tb_draw_")) for b in at.button)  # no hand shows
        press(at, "tb_show")
        any_move(at, game_of(at), turn)
    assert game_of(at).number >= 5
    assert "What happened" in texts(at)


def test_two_children_on_two_devices_play_one_game():
    maya = app(page="tables")
    sign_up(maya, "Maya Fox")
    maya.switch_page("views/tables.py").run()
    press(maya, "tb_open")
    code = maya.session_state["tables"].code
    assert code in texts(maya)
    sam = app(page="tables")
    sam.text_input(key="tb_my_name").set_value("Sam").run()
    sam.text_input(key="tb_code").set_value(code.lower().replace("-", " "))
    sam.form_submit_button[0].click().run()
    assert sam.session_state["tables"].seats == (1,)
    assert "Waiting for Maya Fox to start" in texts(sam)
    maya.run()
    assert "Seat 2: Sam" in texts(maya)
    press(maya, "tb_start")
    sam.run()
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
    # a stale button on the other device: its move is refused kindly, nothing is played twice
    game = game_of(maya)
    number = game.number
    moves = maya.session_state["tables"].seating.store.table_moves(maya.session_state["tables"].code)
    assert [m.number for m in moves] == list(range(number))


def test_a_move_from_a_stale_position_is_refused_with_who_played_first():
    from trainer.games.seating import Seating

    maya = app(page="tables")
    maya.checkbox(key="tb_shared").check().run()
    press(maya, "tb_open")
    press(maya, "tb_start")
    ts = maya.session_state["tables"]
    game = game_of(maya)
    seat = game.current_seat
    other = Seating(ts.seating.store)
    token = str(other.game(ts.code).game.legal_actions()[0])
    assert other.play(ts.code, seat, token, game.number).kept
    out = other.play(ts.code, seat, token, game.number)
    assert not out.kept and out.first == f"Seat {seat + 1}"


def test_each_child_hears_the_story_from_their_own_seat_with_their_classmates_names():
    maya = app(page="tables")
    sign_up(maya, "Maya Fox")
    maya.switch_page("views/tables.py").run()
    press(maya, "tb_open")
    code = maya.session_state["tables"].code
    sam = app(page="tables")
    sam.text_input(key="tb_my_name").set_value("Sam").run()
    sam.text_input(key="tb_code").set_value(code)
    sam.form_submit_button[0].click().run()
    maya.run()
    press(maya, "tb_start")
    devices = {0: maya, 1: sam}

    def story(at) -> str:
        return "\n".join(m.value for m in at.markdown if m.value.startswith("- "))

    for _ in range(12):  # until each has played or passed (draws are told with the play after them)
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
