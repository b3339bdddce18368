"""A tap on the board is taken before the run it starts, as a button's click is: that one run draws the move
made. Checked over the wire (the benchmark's websocket client, as a browser sends a tap), at a table."""

from __future__ import annotations

import asyncio

import pytest

from trainer.games.seating import Seating
from trainer.rules import Play
from trainer.store import open_store


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    import appserver

    database = f"sqlite:///{tmp_path_factory.mktemp('taps')}/fives.db"
    open_store(database).engine.dispose()  # migrated before the process starts
    app = appserver.start(FIVES_DATABASE_URL=database)
    yield app, database
    app.stop()


def test_a_tap_on_the_board_makes_the_move_in_the_one_run_it_starts(served):
    from benchmarks.tables import tap_of
    from benchmarks.wsclient import Session
    from trainer.words import game_tables as words

    app, database = served
    store = open_store(database)

    async def main() -> None:
        ana = Session(app.url, page="tables")
        await ana.connect(timeout=60)
        await ana.rerun([(ana.find("text_input", key_part="tb_my_name").widget_id, "string_value", "Ana")],
                        timeout=60)
        await ana.choose(ana.find("button_group", key_part="tb_mode"), words.open_heading(), timeout=60)
        await ana.choose(ana.find("button_group", key_part="tb_seats"), "2", timeout=60)
        await ana.click(ana.find("button", key_part="tb_open"), timeout=60)
        code = ana.param("table")
        await ana.click(ana.find("button", key_part="tb_start"), timeout=60)
        taps = 0
        for _ in range(60):
            game = Seating(store).game(code)
            board = ana.find("bidi_component", key_part=f"tb_board_{game.number}")
            plays = [a for a in game.view(0).legal_actions if isinstance(a, Play)]
            stuck = next((b for b in (ana.find("button", key_part=f"tb_draw_{game.number}"),
                                      ana.find("button", key_part=f"tb_pass_{game.number}")) if b is not None), None)
            if game.current_seat == 0 and not plays and stuck is not None:
                await ana.click(stuck, timeout=60)  # nothing of Ana's fits: she draws (or passes), then taps
                continue
            if game.current_seat != 0 or board is None or not plays:
                await ana.listen(5)  # the computer's move, or this page's turn drawn
                continue
            before, runs, moves = ana.part_runs, ana.runs, len(store.table_moves(code))
            await ana.tap(board, "pick", tap_of(str(plays[0])), timeout=60)
            kept = store.table_moves(code)  # (the computer's answer may already follow it)
            assert len(kept) > moves and kept[moves].seat == 0 and kept[moves].token == str(plays[0])
            assert (ana.part_runs - before, ana.runs - runs) == (1, 0), "a tap took more than the one run it starts"
            assert ana.find("bidi_component", key_part=f"tb_board_{game.number}") is None  # the move drawn made
            taps += 1
            if taps == 2:
                break
        assert taps == 2, "Ana never had a play to tap"
        await ana.close()

    asyncio.run(asyncio.wait_for(main(), 240))
    store.engine.dispose()
