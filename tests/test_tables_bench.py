"""The tables benchmark's own count of moves lost and doubled (benchmarks/tables.py ``check``): it compares
what each child's page answered with what the store kept, and says which moves differ."""

from __future__ import annotations

import random
import tempfile

from benchmarks import tables
from trainer.games.table import START, TableSetup
from trainer.store import open_store


def child(index: int, root: str, seat: int) -> tables.Child:
    c = tables.Child(index, 0, index == 0, random.Random(index))
    c.root, c.seat = root, seat
    return c


def test_a_move_answered_under_the_rematch_it_was_not_made_at_is_named_lost_and_its_kept_move_unanswered():
    store = open_store(f"sqlite:///{tempfile.mkdtemp(prefix='fives-tables-bench-')}/fives.db")
    setup = TableSetup(game="all-fives", seats=2)
    code = store.open_table(setup.dealt_anew().to_record())
    assert store.add_move(code, 0, 0, START)
    again = store.rematch(code, setup.dealt_anew().to_record())
    opener, other = child(0, code, 0), child(1, code, 1)

    opener.acks.append(tables.Ack(code, 0, 0, START, 0.0))  # answered at the table it was kept at
    out = tables.check(store, [opener, other])
    assert (out["lost"], out["doubled"], out["unasked"], out["faults"]) == (0, 0, 0, [])
    assert out["moves"] == 1 and out["illegal"] == []

    opener.acks[0] = tables.Ack(again, 0, 0, START, 0.0)  # the same answer, put down to the rematch
    out = tables.check(store, [opener, other])
    assert (out["lost"], out["doubled"], out["unasked"]) == (1, 0, 1)
    assert out["faults"] == [f"{again} #0: seat 0 start answered, nothing stored",
                             f"{code} #0: seat 0 start stored, answered to no page"]

    opener.acks[0] = tables.Ack(code, 0, 0, START, 0.0)
    other.acks.append(tables.Ack(code, 0, 1, START, 0.0))  # two pages answered for one kept move
    out = tables.check(store, [opener, other])
    assert out["doubled"] == 1 and out["lost"] == 1
    assert out["faults"] == [f"{code} #0: answered to seat 0 start, seat 1 start",
                             f"{code} #0: seat 1 start answered, seat 0 start stored"]


def test_a_moves_cpu_is_also_given_in_one_button_clicks_when_they_were_measured():
    rows = tables.yardstick_rows("8 tables of 4, 300 s, postgresql", 0.029, 0.0025)
    assert len(rows) == 1
    name, value, note = rows[0]
    assert name.endswith("server CPU per move ÷ a one-button click") and value == "11.6×"
    assert "2.50 ms" in note and "median of 7 batches" in note
    assert tables.yardstick_rows("8 tables of 4, 300 s, postgresql", 0.029, None) == []
