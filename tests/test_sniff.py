"""Sniff in both readings: the sniff in line with a tile beside each long side (``sniff``), and
the sniff crosswise with its short ends counting (``sniff-crosswise``)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import oracle_from_record
from test_properties import check_result

from trainer.rules import PRESETS, EventKind, HandState, IllegalPlay, Layout, Play
from trainer.rules.settlement import HandResult
from trainer.rules.tiles import TILES


def total(record: str, variant: str) -> int:
    lay = Layout.from_record(record, variant=variant)
    assert lay.total == oracle_from_record(lay.record, variant).total() == sum(e.value for e in lay.open_ends)
    assert Layout.from_record(lay.record, variant=variant) == lay
    return lay.total


@pytest.mark.parametrize("record,expected", [
    ("4-4", 8),                             # alone: both halves
    ("4-4 4-6>4-4", 14),                    # one side covered: still both halves
    ("4-4 4-6>4-4 1-4>4-4", 15),            # both sides covered: its two free ends count 4 each
    ("4-4 4-6>4-4 1-4>4-4 2-4>4-4", 13),    # a tile on one end leaves 4 for the other
    ("4-4 4-6>4-4 1-4>4-4 2-4>4-4 3-4>4-4", 12),
    ("4-6 4-4>4-6", 14),                    # not the lead: as in All Fives while a side is free
    ("4-6 4-4>4-6 1-4>4-4", 15),            # 6 + 8 + 1: the ends go on counting (Five-Up: 7)
    ("4-6 4-4>4-6 1-4>4-4 6-6>4-6", 21),    # a second double is plain: 8 + 1 + 12
])
def test_crosswise_sniff_ends_count_while_free(record, expected):
    assert total(record, "sniff-crosswise") == expected


@pytest.mark.parametrize("record,expected", [
    ("4-4", 8),                             # a lead sniff in line: two free ends, 4 each
    ("4-4 3-4^4-4", 11),                    # 8 + the 3 beside it
    ("4-4 3-4^4-4 4-6>4-4", 13),            # one line end covered: 4 + 3 + 6
    ("4-4 3-4^4-4 4-6>4-4 1-4^4-4", 14),    # the second side: 4 + 3 + 6 + 1
    ("4-4 3-4^4-4 4-6>4-4 1-4^4-4 2-4>4-4", 12),  # both line ends covered: 3 + 6 + 1 + 2
    ("4-6 4-4>4-6", 10),                    # not the lead: its one free end counts 4
    ("4-6 4-4>4-6 1-4^4-4", 11),
    ("4-6 4-4>4-6 1-4^4-4 2-4>4-4", 9),     # 6 + 1 + 2: the tile beside it counts on
    ("4-6 4-4>4-6 6-6>4-6", 16),            # later doubles are plain, as in Muggins: 4 + 12
])
def test_inline_sniff_and_the_tiles_beside_it(record, expected):
    assert total(record, "sniff") == expected


@pytest.mark.parametrize("record,variant,needle", [
    ("4-4 3-4^4-4 1-4^4-4 0-4^4-4", "sniff", "Both long sides"),
    ("4-4 3-4^4-4 3-6>3-4", "sniff", "nothing can be set on it"),
    ("4-6 4-4>4-6 6-6>4-6 1-6^6-6", "sniff", "not the sniff"),
    ("1-4 3-4^1-4", "sniff", "not a double"),
    ("4-4 3-4^4-4", "five-up", "Only in Sniff"),
    ("4-4 3-4^4-4", "sniff-crosswise", "Only in Sniff"),
    ("4-4 2-3^4-4", "sniff", "has no 4"),
    ("4-6 4-4>4-6 1-4>4-4 2-4>4-4", "sniff", "beside it"),  # its one line end is taken: only its sides are left
    ("1-6 1-1>1-6 1-2>1-1 6-6>1-6 3-6>6-6 5-6>6-6", "sniff-crosswise", "not the sniff"),
    ("3-4^4-4", "sniff", "The layout is empty"),
])
def test_what_sniff_refuses(record, variant, needle):
    with pytest.raises(IllegalPlay) as err:
        Layout.from_record(record, variant=variant)
    assert needle in str(err.value)


@pytest.mark.parametrize("token,needle", [
    ("3-4^", "missing the sniff"),
    ("^4-4", "missing the tile"),
    ("3-4^4-4^4-4", "more than one"),
    ("3-4^4-4>1-1", "more than one"),
    ("4-4^4-4", "against itself"),
    ("3-4^4-5", "not a double"),
    ("3-4^banana", "not a domino"),
])
def test_malformed_beside_tokens(token, needle):
    with pytest.raises(IllegalPlay, match=needle):
        Play.parse(token)
    assert not Layout.from_record("4-4", variant="sniff").is_legal(token)


def test_a_play_beside_nothing_is_refused_in_words():
    with pytest.raises(IllegalPlay, match=r"Say which sniff 3-4 goes beside, like 3-4\^4-4"):
        Play.of("3-4", None, beside=True)
    assert Play.parse(" 3-4 ^ 4-4 ") is Play.of("4-3", "4-4", beside=True)
    assert eval(repr(Play.parse("3-4^4-4"))) == Play.parse("3-4^4-4")
    assert len({Play.parse("3-4^4-4"), Play.parse("3-4>4-4"), Play.of("3-4", "4-4", beside=True)}) == 2


def test_beside_plays_are_plays_of_their_own():
    lay = Layout.from_record("4-6 4-4>4-6", variant="sniff")
    plays = lay.legal_plays(["1-4", "0-6"])
    assert [str(p) for p in plays] == ["1-4^4-4", "1-4>4-4", "0-6>4-6"] or {str(p) for p in plays} == {
        "1-4^4-4", "1-4>4-4", "0-6>4-6"}
    beside, line = Play.parse("1-4^4-4"), Play.parse("1-4>4-4")
    assert beside != line and beside.beside and not line.beside and str(beside) == "1-4^4-4"
    assert dict(lay.totals_after(["1-4"])) == {beside: 11, line: 7}
    ends = {e.id: (e.kind, e.value, e.free) for e in lay.open_ends}
    assert ends == {"4-4:4": ("sniff-end", 4, 1), "4-4^4": ("sniff-side", 0, 2), "4-6:6": ("end", 6, 1)}
    after = lay.play("1-4^4-4")
    assert {e.id: (e.kind, e.value, e.free) for e in after.open_ends}["1-4:1"] == ("beside", 1, 0)
    assert after.placements[-1].via == "side" and lay.placements[1].in_line
    assert 4 in lay.play("4-5>4-4").open_numbers  # only its long sides are left, and they take a 4


def _random_hand(preset: str, players: int, seed: int) -> HandState:
    s = HandState.deal(PRESETS[preset], players, seed=seed)
    rng = random.Random(seed)
    while not s.is_terminal:
        acts = s.legal_actions()
        lay = s.layout
        hand = [str(t) for t in s.hand(s.current_player)]
        plays = {str(a) for a in acts if isinstance(a, Play)}
        if s.phase_name == "turn":
            assert plays == oracle_from_record(lay.record, lay.variant.value).legal(hand)
        s.apply(rng.choice(acts))
    return s


@pytest.mark.parametrize("preset", ["sniff", "sniff-crosswise"])
def test_whole_hands_of_sniff(preset):
    beside = 0
    for seed in range(150):
        players = 2 + seed % 3
        s = _random_hand(preset, players, seed)
        r = s.result
        assert isinstance(r, HandResult)
        check_result(s)  # scores are multiples of five, and the settlement matches the tiles left
        assert sorted(list(s.board.tiles) + [t for h in s.hands for t in h] + s.bone) == list(range(28))
        assert all(e.score == 0 or e.total % 5 == 0 for e in s.history if e.kind is EventKind.PLAY)
        if r.blocked:
            open_numbers = s.layout.open_numbers
            assert not any(t.low in open_numbers or t.high in open_numbers for p in range(s.n) for t in s.hand(p))
        beside += sum(1 for e in s.history if e.kind is EventKind.PLAY and e.play.beside)
    if preset == "sniff":
        assert beside > 20  # the hands did set tiles beside the sniff
    else:
        assert beside == 0


@settings(max_examples=150, deadline=None)
@given(variant=st.sampled_from(["sniff", "sniff-crosswise"]), seed=st.integers(0, 2**32))
def test_random_sniff_layouts_agree_with_the_plain_reading(variant, seed):
    """Random layouts built from random hands, every play checked against the plain reading: the
    legal plays, the total each would leave, which tiles fit, the record's round trip."""
    rng = random.Random(seed)
    order = list(TILES)
    rng.shuffle(order)
    lay = Layout(variant=variant)
    while len(lay) < 28:
        pool = [t for t in order if t not in lay]
        hand = rng.sample(pool, min(len(pool), rng.randint(1, 7)))
        plays = lay.legal_plays(hand)
        if lay.is_empty:
            assert len(plays) == len(hand)
        else:
            assert {str(p) for p in plays} == oracle_from_record(lay.record, variant).legal([str(t) for t in hand])
            board = lay.board_copy()
            numbers = lay.open_numbers
            for t in hand:
                fits = any(p.tile == t for p in plays)
                assert board.fits(t.id) == fits == (t.low in numbers or t.high in numbers), (lay.record, t)
        if not plays:
            break
        after = dict(lay.totals_after(hand))
        play = rng.choice(plays)
        new = lay.play(play)
        assert new.total == after[play] == sum(e.value for e in new.open_ends)
        assert new.total == oracle_from_record(new.record, variant).total(), new.record
        assert Layout.from_record(new.record, variant=variant) == new and new.last_play == play
        assert len(new) == len(lay) + 1 and sorted(t.id for t in new.tiles) == sorted({t.id for t in new.tiles})
        beside = [p for p in new.plays if p.beside]
        assert len(beside) <= 2 and (variant == "sniff" or not beside)
        lay = new
