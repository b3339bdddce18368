"""A perft table, as chess engines keep one: for fixed seeded deals of every preset, the number of
distinct action sequences to depth 1, 2 and 3, walked by the engine and by the plain reading of the
turn rules in ``tests/oracle.py`` (``OracleHand``), which must list the same actions at every node.

The counts below were computed once by the oracle; a change to the turn rules that moves them is a
change to the rules."""

import random

import pytest
from oracle import OracleHand

from trainer.rules import PRESETS, HandState
from trainer.rules.tiles import TILES


def options(rules) -> dict:
    return {
        "variant": rules.variant.value, "voluntary_draw": rules.voluntary_draw,
        "reserve": rules.boneyard_reserve, "calls": rules.muggins_call, "caller": rules.muggins_caller,
        "chain": rules.chain, "scoring_lead": rules.scoring_lead,
        "highest_double": rules.lead == "highest-double", "teams": rules.teams, "unit": rules.unit,
    }


def position(preset: str, seed: int, moves: int) -> tuple[HandState, OracleHand]:
    """The seeded deal of ``preset`` (two players where it allows, else four), both readings, then
    ``moves`` seeded random actions made in both."""
    rules = PRESETS[preset]
    players = 2 if 2 in rules.seats else max(rules.seats)
    engine = HandState.deal(rules, players, seed=seed)
    plain = OracleHand(options(rules), [[str(t) for t in engine.hand(p)] for p in range(players)],
                       [str(TILES[t]) for t in engine.bone], engine.current_player)
    rng = random.Random(seed)
    for _ in range(moves):
        acts = sorted(str(a) for a in engine.legal_actions())
        if not acts:
            break
        act = rng.choice(acts)
        engine.apply(act)
        plain.apply(act)
    return engine, plain


def perft(engine: HandState, plain: OracleHand, depth: int, path: tuple[str, ...] = ()) -> int:
    acts = sorted(str(a) for a in engine.legal_actions())
    assert acts == sorted(plain.actions()), f"after {' '.join(path) or 'the deal'}: {acts} != {sorted(plain.actions())}"
    if acts:
        assert engine.current_player == plain.player, f"after {' '.join(path)}: whose turn"
    if depth == 0 or not acts:
        return 1
    total = 0
    for a in acts:
        e, p = engine.clone(), plain.copy()
        e.apply(a)
        p.apply(a)
        total += perft(e, p, depth - 1, path + (a,))
    return total


# preset, seed, random moves made first, and the counts to depth 1, 2 and 3: each preset from its
# deal, then from a position a few moves in where its own rules come up (noted: what the tree holds)
TABLE = [
    ("all-fives", 1, 0, [9, 35, 140]),
    ("all-fives", 2, 6, [2, 12, 31]),  # draw, play
    ("all-fives-tidwell", 1, 0, [5, 205, 533]),
    ("all-fives-tidwell", 2, 8, [41, 41, 41]),  # claim, draw, play
    ("five-up-armanino", 1, 0, [5, 8, 11]),
    ("five-up-armanino", 4, 3, [5, 10, 20]),  # draw, play
    ("five-up-club", 1, 0, [5, 8, 11]),
    ("five-up-club", 4, 3, [5, 10, 20]),  # draw, play
    ("five-up-pagat", 1, 0, [5, 8, 11]),
    ("five-up-pagat", 4, 3, [5, 10, 20]),  # draw, play
    ("horse-race", 1, 0, [4, 7, 24]),
    ("horse-race", 2, 3, [2, 8, 37]),  # play
    ("muggins", 1, 0, [7, 287, 860]),
    ("muggins", 9, 10, [3, 123, 210]),  # claim, draw, muggins, play
    ("seven-toed-pete", 1, 0, [4, 7, 24]),
    ("seven-toed-pete", 2, 3, [2, 8, 37]),  # play
    ("sniff", 1, 0, [7, 21, 74]),
    ("sniff", 4, 4, [2, 7, 17]),  # beside, draw, play
    ("sniff-crosswise", 1, 0, [7, 20, 60]),
    ("sniff-crosswise", 4, 4, [2, 7, 15]),  # draw, play
]


@pytest.mark.parametrize("preset,seed,moves,counts", TABLE, ids=[f"{t[0]}-{t[1]}-{t[2]}" for t in TABLE])
def test_perft(preset, seed, moves, counts):
    engine, plain = position(preset, seed, moves)
    assert [perft(engine, plain, d) for d in (1, 2, 3)] == counts


def test_every_preset_is_in_the_table():
    assert {row[0] for row in TABLE} == set(PRESETS)
