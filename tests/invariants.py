"""What every finished hand must show, whatever the rules: scores in multiples of five, the tiles
left counted and rounded as the settlement says, a block only when nothing can be drawn or played.
Checked after the random hands of test_properties.py and Sniff's hands in test_sniff.py."""

from __future__ import annotations

from trainer.rules import EventKind, HandState, round_to_five
from trainer.rules.tiles import PIPS


def check_result(s: HandState) -> None:
    r = s.result
    assert r is not None
    unit = 1 if s.rules.unit == "pips" else 5
    for ev in s.history:
        if ev.credited:
            assert ev.credited > 0 and (ev.credited * unit) % 5 == 0
        if ev.kind is EventKind.PLAY and ev.score:
            assert ev.total % 5 == 0 and ev.score * unit == ev.total
    assert r.pips == tuple(sum(PIPS[t] for t in h) for h in s.hands)
    assert r.side_pips == tuple(sum(r.pips[p] for p in side) for side in r.sides)
    if not (s.rules.round_each_player and s.rules.settlement == "each-subtracts-own"):
        assert r.rounded == tuple(round_to_five(x) for x in r.side_pips)
    assert sum(r.play_scores) == sum(ev.credited for ev in s.history)
    if r.blocked:
        assert s.drawable == 0
        open_numbers = s.layout.open_numbers
        assert not any(t.low in open_numbers or t.high in open_numbers for p in range(s.n) for t in s.hand(p))
    if r.dominoed:
        assert r.pips[r.winner] == 0
    method = s.rules.settlement
    if method == "each-subtracts-own":
        assert all(a * unit == -b for a, b in zip(r.settlement, r.rounded))
        if s.rules.round_each_player:  # each player's own tiles rounded, the side subtracts the sum
            assert r.rounded == tuple(sum(round_to_five(r.pips[p]) for p in side) for side in r.sides)
        else:
            assert r.rounded == tuple(round_to_five(x) for x in r.side_pips)
    elif r.winning_side is not None and r.ending != "target":
        losers = [i for i in range(len(r.sides)) if i != r.winning_side]
        pot = sum(r.side_pips[i] for i in losers)
        if method == "winner-takes-all":
            pot = sum(r.side_pips)
        assert r.settlement[r.winning_side] * unit == round_to_five(pot)
        assert all(r.settlement[i] == 0 for i in losers)
