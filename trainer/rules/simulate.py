"""Whole hands played out fast: the computer players' look-ahead and the benchmarks.

Everything here stands on :meth:`TurnCore.generate_moves <trainer.rules.turns.TurnCore.generate_moves>` and
:meth:`TurnCore.make <trainer.rules.turns.TurnCore.make>`, where the turn rules are written once;
nothing here knows a rule of its own. Claims are always right and a missed score is always
taken (a simulation plays the position, not the players' memory).
"""

from __future__ import annotations

import random
from math import floor
from typing import TYPE_CHECKING

from trainer.rules.actions import MUGGINS, Claim, Event
from trainer.rules.errors import IllegalPlay
from trainer.rules.reasons import Reason
from trainer.rules.tiles import PIPS
from trainer.rules.turns import CLAIMING, MUGGINS_CALL, TurnCore

if TYPE_CHECKING:
    from trainer.rules.settlement import HandResult


def _right_claim(state: TurnCore) -> Claim:
    return Claim(state.pending)


def step_random(state: TurnCore, rng: random.Random) -> Event | None:
    """Make one uniformly random legal move (a claim is always right); returns its event (``None``
    for a hand that keeps no record)."""
    if state.is_terminal:
        raise IllegalPlay.because(Reason.HAND_OVER)
    phase = state.phase
    if phase == CLAIMING:
        return state.make(_right_claim(state))
    if phase == MUGGINS_CALL:
        return state.make(MUGGINS)
    moves = state.moves()
    if type(moves[0]) is tuple:  # a choice among plays (a lone draw or pass is no choice)
        return state.make(moves[floor(rng.random() * len(moves))])
    return state.make(moves[0])


def playout_random(state: TurnCore, rng: random.Random) -> HandResult:
    """Play the hand to its end with uniformly random legal moves (claims always right)."""
    rand = rng.random
    generate, make = state.generate_moves, state.make
    _floor, _type, _tuple = floor, type, tuple  # read on every move: local names are the cheapest
    while not state.is_terminal:
        moves = generate()
        first = moves[0]
        if _type(first) is _tuple:  # a choice among plays
            make(moves[_floor(rand() * len(moves))])  # floor, not int(): the same index, at a quarter of the cost
        elif state.phase < CLAIMING:  # a lone draw or pass
            make(first)
        else:  # announcing a score (always right), or a muggins call (always made)
            make(_right_claim(state) if state.phase == CLAIMING else MUGGINS)
    result = state.result
    assert result is not None
    return result


def playout_greedy(state: TurnCore, rng: random.Random) -> HandResult:
    """Play to the end, every player taking the play that scores most now (ties at random; a lead
    that scores by itself first, then the heaviest). Claims are always right."""
    state.skip_claims()
    if state.phase == CLAIMING:
        state.make(_right_claim(state))
    if state.phase == MUGGINS_CALL:
        state.make(MUGGINS)
    b = state.board
    rand = rng.random
    generate, make = state.generate_moves, state.make
    while not state.is_terminal:
        moves = generate()
        first = moves[0]
        if type(first) is not tuple:  # a draw or a pass: no choice
            make(first)
            continue
        if first[1] < 0:  # the lead
            leads = [m for m in moves if isinstance(m, tuple)]
            make(max(leads, key=lambda m: (PIPS[m[0]] % 5 == 0, PIPS[m[0]])))
            continue
        best, pick, seen = -1, first, 0
        total_after = b.total_after
        for m in moves:
            if type(m) is not tuple:  # a voluntary draw: never the greedy choice
                continue
            t = total_after(*m)
            v = t if t % 5 == 0 else 0
            if v > best:
                best, pick, seen = v, m, 1
            elif v == best:
                seen += 1
                if rand() * seen < 1:  # uniform among the ties
                    pick = m
        make(pick)
    result = state.result
    assert result is not None
    return result
