import pytest

from trainer.rules import TILES, IllegalPlay, Tile, heaviest, parse_tiles, round_to_five


def test_set_has_28_distinct_tiles():
    assert len(TILES) == 28 == len(set(TILES))
    assert [t.id for t in TILES] == list(range(28))
    assert sum(t.pips for t in TILES) == 168


@pytest.mark.parametrize("text,expected", [("4-1", "1-4"), ("1-4", "1-4"), (" 6-6 ", "6-6"), ("0-3", "0-3")])
def test_parse_is_canonical(text, expected):
    t = Tile.parse(text)
    assert str(t) == expected
    assert Tile.parse(str(t)) is t
    assert eval(repr(t)) == t


@pytest.mark.parametrize("bad", ["7-1", "1-", "-1", "banana", "", "1-2-3", "a-b", "-1-2", "1.5-2"])
def test_bad_tiles_raise_illegal_play(bad):
    with pytest.raises(IllegalPlay) as err:
        Tile.parse(bad)
    assert "domino" in str(err.value)


def test_non_string_is_refused():
    with pytest.raises(IllegalPlay):
        Tile.parse(14)  # type: ignore[arg-type]
    with pytest.raises(IllegalPlay):
        Tile(4, 1)


def test_tile_helpers():
    t = Tile.parse("2-5")
    assert t.pips == 7 and not t.is_double and t.has(5) and t.other(5) == 2
    assert Tile.parse("3-3").is_double
    with pytest.raises(IllegalPlay):
        t.other(4)
    assert parse_tiles("1-2, 3-4 5-5") == [Tile(1, 2), Tile(3, 4), Tile(5, 5)]
    assert heaviest(["2-4", "1-5", "0-6", "3-3"]) == Tile(0, 6)


@pytest.mark.parametrize("pips,rounded", [(0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5), (7, 5), (8, 10),
                                           (12, 10), (13, 15), (22, 20), (23, 25)])
def test_round_to_five(pips, rounded):
    assert round_to_five(pips) == rounded
