"""The trap puzzles written down (puzzles/data/found.json) are exactly what the search finds."""

from __future__ import annotations

import json
import random

import pytest

import puzzles
from puzzles import GENERATOR, found, generate_for, search_for, warm_found


def test_the_table_is_made_by_these_puzzle_makers_and_has_every_first_trap():
    data = json.loads(found.PATH.read_text(encoding="utf-8"))
    assert data["generator"] == GENERATOR, "the puzzle makers changed: run python -m puzzles.found"
    assert data["seeds"] == found.SEEDS
    assert set(data["codes"]) == {found.key(*w) for w in found.wanted()}
    assert all(len(codes) == found.SEEDS for codes in data["codes"].values())


@pytest.mark.parametrize("wanted", found.wanted(), ids=lambda w: found.key(*w))
def test_what_is_written_down_is_what_the_search_finds(wanted):
    rng = random.Random(found.key(*wanted))
    for seed in (0, found.SEEDS - 1, rng.randrange(found.SEEDS)):
        written = found.code_for(*wanted, seed)
        assert written == search_for(*wanted, seed).code
        assert wanted[3] in puzzles.from_code(written).traps


def test_generate_for_takes_the_written_code_and_searches_past_it(monkeypatch):
    kind, stage, level, trap = found.wanted()[0]
    puzzles._generate_for.cache_clear()

    def no_search(*_args):
        raise AssertionError("searched for a puzzle that is written down")

    monkeypatch.setattr(puzzles, "search_for", no_search)
    assert generate_for(kind, stage=stage, level=level, trap=trap, seed=7).code == found.code_for(kind, stage, level,
                                                                                                   trap, 7)
    with pytest.raises(AssertionError, match="searched"):  # a seed past the table is searched for
        generate_for(kind, stage=stage, level=level, trap=trap, seed=found.SEEDS)
    puzzles._generate_for.cache_clear()


def test_a_table_of_other_puzzle_makers_is_not_used(monkeypatch, tmp_path):
    kind, stage, level, trap = found.wanted()[0]
    stale = tmp_path / "found.json"
    stale.write_text(json.dumps({"generator": GENERATOR - 1, "seeds": 1,
                                 "codes": {found.key(kind, stage, level, trap): ["NOPE"]}}))
    monkeypatch.setattr(found, "PATH", stale)
    found._table.cache_clear()
    try:
        assert found.code_for(kind, stage, level, trap, 0) is None
    finally:
        found._table.cache_clear()


def test_warming_makes_a_new_learners_first_puzzles_before_anyone_asks(monkeypatch):
    puzzles._generate_for.cache_clear()
    made = warm_found(2)
    first = [w for w in found.wanted() if w[1] == "muggins"]
    assert made == 2 * len(first)

    def nothing_made(*_args, **_kwargs):
        raise AssertionError("a warmed puzzle was made again")

    monkeypatch.setattr(puzzles, "from_code", nothing_made)
    monkeypatch.setattr(puzzles, "search_for", nothing_made)
    for kind, stage, level, trap in first:
        assert generate_for(kind, stage=stage, level=level, trap=trap, seed=1).code == found.code_for(kind, stage,
                                                                                                      level, trap, 1)
    puzzles._generate_for.cache_clear()
