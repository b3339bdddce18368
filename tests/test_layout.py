import pytest
from oracle import oracle_from_record

from trainer.rules import IllegalPlay, Layout, Play, Tile, Variant

# ---- the rules: the worked example (All Fives, raw pips) ----
WORKED = [
    ("1-4", [1, 4], 5),
    ("1-1>1-4", [4, 2], 6),
    ("4-4>1-4", [2, 8], 10),
    ("3-4>4-4", [2, 3], 5),
    ("1-2>1-1", [0, 3, 2], 5),
]


def test_worked_example_step_by_step():
    lay = Layout(variant="all-fives")
    for token, values, total in WORKED:
        lay = lay.play(token)
        assert lay.total == total, token
        assert sorted(e.value for e in lay.open_ends) == sorted(values)
    assert lay.record == "1-4 1-1>1-4 4-4>1-4 3-4>4-4 1-2>1-1"
    assert lay.spinners == (Tile(1, 1),)
    assert [e.kind for e in lay.open_ends if e.tile == Tile(1, 1)] == ["spinner-end"]


# ---- the rules: further checks ----
@pytest.mark.parametrize("record,variant,total", [
    ("5-5", "five-up", 10),
    ("5-5", "muggins", 10),
    ("5-5 0-5>5-5", "all-fives", 10),
    ("5-5 0-5>5-5 3-5>5-5", "all-fives", 3),
    ("5-5 0-5>5-5 3-5>5-5", "muggins", 3),
    ("5-5 0-5>5-5 3-5>5-5 5-6>5-5", "all-fives", 9),
    ("5-5 0-5>5-5 3-5>5-5 5-6>5-5", "five-up", 9),
    ("4-6 4-4>4-6", "five-up", 14),
    ("4-6 4-4>4-6 1-4>4-4", "five-up", 7),
    ("4-6 4-4>4-6 1-4>4-4 2-4>4-4", "five-up", 9),
])
def test_rules_md_totals(record, variant, total):
    assert Layout.from_record(record, variant=variant).total == total


@pytest.mark.parametrize("record,variant,needle", [
    ("5-5 0-5>5-5 3-5>5-5 5-6>5-5", "muggins", "Muggins"),
    ("1-6 1-1>1-6 1-2>1-1 6-6>1-6 3-6>6-6 5-6>6-6", "all-fives", "only the first double spins"),
])
def test_rules_md_illegal(record, variant, needle):
    with pytest.raises(IllegalPlay) as err:
        Layout.from_record(record, variant=variant)
    assert needle in str(err.value)


# ---- known layouts: total and number of legal plays (like perft files) ----
KNOWN = [
    # record, variant, total, hand, legal plays
    ("", "muggins", 0, "1-1 4-4 1-2 3-5", 4),                                  # empty: every tile leads
    ("1-4", "muggins", 5, "1-1 4-4 1-2 3-5", 3),                               # lead takes each tile once
    ("5-5", "five-up", 10, "0-5 3-5 5-6 1-2", 3),                              # lead double
    ("5-5 0-5>5-5 3-5>5-5", "five-up", 3, "5-6 0-1 3-4 2-4", 3),               # cut-out spinner
    ("5-5 0-5>5-5 3-5>5-5", "muggins", 3, "5-6 0-1 3-4 2-4", 2),               # Muggins double: no third tile
    ("5-5 0-5>5-5 3-5>5-5 5-6>5-5", "all-fives", 9, "4-5 2-6 0-0", 3),         # one empty spinner end left
    ("5-5 0-5>5-5 3-5>5-5 5-6>5-5 4-5>5-5", "all-fives", 13, "1-5 2-5", 0),    # spinner full
    ("1-6 1-1>1-6 1-2>1-1 6-6>1-6 3-6>6-6", "all-fives", 5, "5-6 1-3 2-3 1-5", 5),  # 2nd double does not spin
    ("1-6 1-1>1-6 1-2>1-1 6-6>1-6 3-6>6-6", "five-up", 5, "5-6 1-3 2-3 1-5", 6),    # ... but in Five-Up it does
    ("4-6 4-4>4-6 1-4>4-4", "muggins", 7, "2-4 6-6 1-1", 2),                   # Muggins double takes no third
    ("4-6 4-4>4-6 1-4>4-4 2-4>4-4", "five-up", 9, "3-4 0-4 6-6", 3),           # later double's end
    ("3-3 3-5>3-3", "all-fives", 11, "3-6 5-5 2-3", 3),                        # lead spinner, one side free
    ("2-5 5-5>2-5", "muggins", 12, "0-5 2-2 1-2", 3),                          # double at an arm end
    ("1-4 1-1>1-4 4-4>1-4 3-4>4-4 1-2>1-1", "all-fives", 5, "1-3 1-6 2-3 0-2", 6),
]


@pytest.mark.parametrize("record,variant,total,hand,count", KNOWN)
def test_known_layouts(record, variant, total, hand, count):
    lay = Layout.from_record(record, variant=variant)
    assert lay.total == total
    plays = lay.legal_plays(hand)
    oracle = oracle_from_record(record, variant)
    assert oracle.total() == total
    got = {str(p) for p in plays}
    expected = oracle.legal(hand.split())
    assert got == expected, f"extra: {got - expected}, missing: {expected - got}"
    assert len(plays) == count, "\n".join(str(p) for p in plays)


def test_open_end_breakdown_sums_to_total_and_reads_as_working():
    lay = Layout.from_record("5-5 0-5>5-5 3-5>5-5 5-6>5-5", variant="five-up")
    assert sum(e.value for e in lay.open_ends) == lay.total == 9
    kinds = {str(e.tile): e.kind for e in lay.open_ends}
    assert kinds == {"5-5": "spinner-end", "0-5": "end", "3-5": "end", "5-6": "end"}
    assert lay.working == "3 + 6 = 9"
    assert Layout.from_record("2-5 5-5>2-5", variant="muggins").working == "2 + 10 = 12"
    assert Layout(variant="muggins").working == "0"


def test_layout_is_immutable_and_round_trips():
    a = Layout.from_record("4-1 1-1>4-1", variant="all-fives")
    assert a.record == "1-4 1-1>1-4"
    b = a.play("4-4>1-4")
    assert a.record == "1-4 1-1>1-4" and len(a) == 2
    assert Layout.from_record(b.record, variant="all-fives") == b
    assert eval(repr(b)) == b
    assert "4-4" in b and "6-6" not in b and "junk" not in b
    assert b.last_play == Play.parse("4-4>1-4")
    assert b.variant is Variant.ALL_FIVES
    assert b.play(Play.parse("3-4>4-4")).total == 5


def test_placements_say_how_tiles_attach():
    lay = Layout.from_record("5-5 0-5>5-5 3-5>5-5 5-6>5-5", variant="five-up")
    p = lay.placements
    assert [x.via for x in p] == ["lead", "side", "side", "end"]
    assert [x.slot for x in p[1:]] == [0, 1, 0]
    assert p[0].is_spinner and not p[1].is_spinner


@pytest.mark.parametrize("record,bad,needle", [
    ("1-4", "5-6>1-4", "does not match any open end of 1-4"),
    ("1-4", "1-4>1-4", "against itself"),
    ("1-4", "2-4>6-6", "no 6-6 on the table"),
    ("1-4", "2-3", "already has a lead"),
    ("", "2-3>1-4", "The layout is empty"),
    ("1-4 1-2>1-4", "1-3>1-4", "already covered"),
    ("1-4 1-2>1-4", "1-2>1-4", "already on the table"),
    ("1-4", "7-1>1-4", "0 to 6"),
    ("1-4", "3-4>", "missing the tile to play on"),
    ("1-4", ">1-4", "missing the tile to play"),
    ("1-4", "banana", "not a domino"),
    ("1-4", "", "empty"),
    ("1-4", "1-2>1-4>4-4", "more than one"),
])
def test_bad_plays_raise_and_leave_layout_unchanged(record, bad, needle):
    lay = Layout.from_record(record, variant="five-up")
    before = lay.record
    with pytest.raises(IllegalPlay) as err:
        lay.play(bad)
    assert needle in str(err.value)
    assert isinstance(err.value, ValueError)
    assert lay.record == before
    assert not lay.is_legal(bad)


def test_bad_hands_and_variants():
    lay = Layout.from_record("1-4", variant="muggins")
    with pytest.raises(IllegalPlay, match="already on the table"):
        lay.legal_plays(["1-4"])
    with pytest.raises(IllegalPlay, match="twice"):
        lay.legal_plays(["1-2", "2-1"])
    with pytest.raises(IllegalPlay, match="not a game"):
        Layout(variant="chess")
    with pytest.raises(IllegalPlay, match="Play 2"):
        Layout.from_record("1-4 9-9>1-4", variant="muggins")


@pytest.mark.parametrize("variant", list(Variant))
def test_an_ends_letter_stays_from_one_play_to_the_next_and_passes_to_the_end_that_covers_it(variant):
    """Over random hands of every rule set, play by play: each open end has its own letter, an end still open
    keeps its letter, and the end a play opens takes the letter of the end it covered (so "end A" is on the same
    side of the layout from one turn to the next; order-of-play letters swapped A and B in Muggins)."""
    import random

    from trainer.rules import EndKind, end_letters
    from trainer.rules.random_layouts import random_layout

    rng = random.Random(5)
    for _ in range(40):
        whole = random_layout(variant, rng.randint(2, 20), rng)
        lay = Layout(variant=variant)
        before: dict[str, str] = {}
        for play in whole.plays:
            after = lay.play(play)
            letters = end_letters(after)
            ends = [e.id for e in after.open_ends if e.kind != EndKind.BESIDE]
            assert sorted(letters) == sorted(ends) and len(set(letters.values())) == len(letters)
            assert all(letters[e] == x for e, x in before.items() if e in letters), (after.record, before, letters)
            covered = sorted(x for e, x in before.items() if e not in letters)
            opened = sorted(x for e, x in letters.items() if e not in before)
            assert opened[: len(covered)] == covered[: len(opened)], (after.record, before, letters)
            assert letters == end_letters(Layout.from_record(after.record, variant=variant))  # the same drawn anew
            lay, before = after, letters
    muggins = Layout.from_record("2-5 3-5>2-5", variant="muggins")  # A: the 2 of 2-5; B: the 3 of 3-5
    for play, end, letter in (("1-2>2-5", "1-2:1", "A"), ("3-3>3-5", "3-3:3", "B"), ("1-6>1-2", "1-6:6", "A"),
                              ("0-3>3-3", "0-3:0", "B")):
        muggins = muggins.play(play)
        assert end_letters(muggins) == {**{e: x for e, x in end_letters(muggins).items() if x != letter}, end: letter}
