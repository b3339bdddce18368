"""A perft table, as chess engines keep one: for fixed seeded deals of every preset, the number of
distinct action sequences to depth 1, 2 and 3 (a hand that is over counts as one leaf), walked by the
engine and by the plain reading of the turn rules in ``tests/oracle.py`` (``OracleHand``, which shares
no code with ``trainer.rules``).

At every node of the walk the two readings must agree on the legal actions (as strings), on the
phase, on who acts, on every hand (so the boneyard is drawn in the same order), on whether the hand
is over and, while it is not, on the scores. A failure names the moves that led to the first
position where they disagree. The counts were computed once by the oracle and written down: a change
to the turn rules that moves them is a change to the rules."""

import random

import pytest
from oracle import OracleHand

from trainer.rules import PRESETS, EventKind, HandState


def options(rules, players: int) -> dict:
    """The rule set's option values, as the plain dict the oracle reads."""
    return {
        "variant": rules.variant.value, "voluntary_draw": rules.voluntary_draw,
        "reserve": rules.boneyard_reserve, "calls": rules.muggins_call, "caller": rules.muggins_caller,
        "chain": rules.chain, "scoring_lead": rules.scoring_lead,
        "highest_double": rules.lead == "highest-double", "teams": rules.teams, "unit": rules.unit,
        "target": rules.target[players - 2], "exact_target": rules.exact_target,
    }


def tile_text(t) -> str:
    """A tile as the engine writes it, from a tile or (in the engine's boneyard) a tile id."""
    if isinstance(t, int):
        from trainer.rules.tiles import TILES
        t = TILES[t]
    return str(t)


def players_for(rules) -> int:
    return 2 if 2 in rules.seats else max(rules.seats)


def position(preset: str, seed: int, moves: int, players: int | None = None, changes: dict | None = None,
             start: tuple[int, ...] | None = None) -> tuple[HandState, OracleHand, list[str]]:
    """The seeded deal of ``preset`` (two players where it allows, else four; ``changes``: options
    changed from the preset's; ``start``: the scores before the hand) in both readings, then
    ``moves`` seeded random actions made in both (a claim is right two times in three)."""
    rules = PRESETS[preset].with_options(**changes) if changes else PRESETS[preset]
    players = players or players_for(rules)
    engine = HandState.deal(rules, players, seed=seed, start_scores=start)
    hands = [[str(t) for t in engine.hand(p)] for p in range(players)]
    boneyard = [tile_text(t) for t in engine.bone]  # in draw order: the last is drawn first
    assert len({*boneyard, *(t for h in hands for t in h)}) == 28 == len(boneyard) + sum(map(len, hands))
    plain = OracleHand({**options(rules, players), "start_scores": start}, hands, boneyard, engine.current_player)
    rng = random.Random(seed)
    done: list[str] = []
    for _ in range(moves):
        acts = sorted(str(a) for a in engine.legal_actions())
        if not acts:
            break
        act = rng.choice(acts)
        if act.startswith("claim") and rng.random() < 2 / 3:
            act = f"claim {plain.pending}"
        engine.apply(act)
        plain.apply(act)
        done.append(act)
    return engine, plain, done


def compare(engine: HandState, plain: OracleHand, path: tuple[str, ...]) -> list[str]:
    """The legal actions, once both readings are seen to agree on the position."""
    where = f"after {' '.join(path) or 'the deal'}"
    acts = sorted(str(a) for a in engine.legal_actions())
    assert acts == sorted(plain.actions()), f"{where}: engine {acts} != oracle {sorted(plain.actions())}"
    assert engine.is_terminal == (plain.stage == "over"), f"{where}: over?"
    stage = "lead" if plain.stage == "turn" and not plain.layout.order else plain.stage
    assert engine.phase_name == stage, f"{where}: phase {engine.phase_name} != {stage}"
    for p in range(plain.n):
        held = sorted(str(t) for t in engine.hand(p))
        assert held == sorted(f"{a}-{b}" for a, b in plain.hands[p]), f"{where}: hand of {p}"
    if acts:
        assert engine.current_player == plain.player, f"{where}: whose turn"
        assert list(engine.scores) == plain.scores, f"{where}: scores {engine.scores} != {plain.scores}"
    return acts


def perft(engine: HandState, plain: OracleHand, depth: int, path: tuple[str, ...] = ()) -> int:
    acts = compare(engine, plain, path)
    if depth == 0 or not acts:
        return 1
    total = 0
    for a in acts:
        e, p = engine.clone(), plain.copy()
        e.apply(a)
        p.apply(a)
        total += perft(e, p, depth - 1, path + (a,))
    return total


def oracle_perft(plain: OracleHand, depth: int) -> int:
    """The same count from the oracle alone: how the table below was computed."""
    acts = plain.actions()
    if depth == 0 or not acts:
        return 1
    total = 0
    for a in acts:
        p = plain.copy()
        p.apply(a)
        total += oracle_perft(p, depth - 1)
    return total


# preset, players, seed, random moves made first, and the counts to depth 1, 2 and 3 (computed by
# oracle_perft): each preset from its deal, then from positions some moves in where its own rules come
# up (noted: what the tree holds besides plays)
TABLE = [
    ("all-fives", 2, 1, 0, [9, 35, 140]),  # leads
    ("all-fives", 2, 2, 6, [2, 12, 31]),  # draw
    ("all-fives", 2, 13, 30, [1, 5, 5]),  # pass, blocked
    ("all-fives-tidwell", 2, 1, 0, [5, 205, 533]),  # claims, voluntary draw
    ("all-fives-tidwell", 2, 2, 8, [41, 41, 41]),  # claims, draw
    ("all-fives-tidwell", 2, 13, 68, [1, 2, 82]),  # pass, claims, blocked
    ("five-up-armanino", 2, 1, 0, [5, 8, 11]),  # draw
    ("five-up-armanino", 2, 4, 3, [5, 10, 20]),  # draw
    ("five-up-armanino", 2, 202, 43, [3, 3, 7]),  # pass, blocked
    ("five-up-club", 2, 1, 0, [5, 8, 11]),  # draw
    ("five-up-club", 2, 4, 3, [5, 10, 20]),  # draw
    ("five-up-club", 2, 202, 43, [3, 3, 7]),  # pass, blocked
    ("five-up-pagat", 2, 1, 0, [5, 8, 11]),  # draw
    ("five-up-pagat", 2, 4, 3, [5, 10, 20]),  # draw
    ("five-up-pagat", 2, 202, 43, [3, 3, 7]),  # pass, blocked
    ("horse-race", 4, 21, 0, [1, 5, 9]),  # the lead passed on, chains
    ("horse-race", 4, 12, 19, [7, 15, 15]),  # pass, chains
    ("horse-race", 4, 10, 21, [1, 6, 21]),  # chains, dominoes
    ("horse-race-pagat", 2, 1, 0, [7, 21, 58]),  # leads, chains
    ("horse-race-pagat", 2, 4, 8, [1, 3, 6]),  # drawing: the drawn tile scores, yet ends the turn
    ("horse-race-pagat", 2, 49, 35, [3, 4, 9]),  # pass, chains, dominoes
    ("muggins", 2, 1, 0, [7, 287, 860]),  # claims, muggins, let it go
    ("muggins", 2, 11, 12, [41, 81, 81]),  # claims, muggins, let it go, draw
    ("muggins", 2, 19, 63, [1, 3, 123]),  # pass, claims, blocked
    ("seven-toed-pete", 4, 21, 0, [1, 5, 9]),  # the lead passed on, chains
    ("seven-toed-pete", 4, 2, 5, [6, 37, 156]),  # pass, chains
    ("seven-toed-pete", 4, 10, 20, [2, 4, 6]),  # blocked
    ("sniff", 2, 1, 0, [7, 21, 74]),  # beside the sniff
    ("sniff", 2, 4, 4, [2, 7, 17]),  # beside the sniff, draw
    ("sniff", 2, 24, 36, [1, 2, 2]),  # pass, dominoes
    ("sniff-crosswise", 2, 1, 0, [7, 20, 60]),  # leads
    ("sniff-crosswise", 2, 4, 4, [2, 7, 15]),  # draw
    ("sniff-crosswise", 2, 20, 38, [3, 4, 5]),  # pass, blocked, dominoes
]

# options no preset uses, each changed from a preset: preset, changes, players, seed, moves, scores
# before the hand, counts
OPTION_TABLE = [
    ("muggins", {"muggins_caller": "any"}, 4, 2, 6, None, [3, 123, 328]),  # a second opponent may call
    ("all-fives", {"boneyard_reserve": 2}, 2, 15, 22, None, [1, 4, 5]),  # a pass with two tiles left
    ("all-fives", {"lead": "highest-double"}, 2, 2, 0, None, [1, 2, 9]),  # the highest double leads
    ("five-up-armanino", {"exact_target": True}, 2, 5, 1, (58, 59), [5, 12, 30]),  # landing on 61 ends it
]


@pytest.mark.parametrize("preset,players,seed,moves,counts", TABLE, ids=[f"{t[0]}-{t[2]}-{t[3]}" for t in TABLE])
def test_perft(preset, players, seed, moves, counts):
    engine, plain, _ = position(preset, seed, moves)
    assert plain.n == players
    assert [oracle_perft(plain, d) for d in (1, 2, 3)] == counts
    assert [perft(engine, plain, d) for d in (1, 2, 3)] == counts


@pytest.mark.parametrize("preset,changes,players,seed,moves,start,counts", OPTION_TABLE,
                         ids=[f"{t[0]}-{'-'.join(t[1])}" for t in OPTION_TABLE])
def test_perft_options(preset, changes, players, seed, moves, start, counts):
    engine, plain, _ = position(preset, seed, moves, players, changes, start)
    assert [oracle_perft(plain, d) for d in (1, 2, 3)] == counts
    assert [perft(engine, plain, d) for d in (1, 2, 3)] == counts


def test_every_preset_is_in_the_table():
    assert {row[0] for row in TABLE} == set(PRESETS)
    assert all(row[1] == players_for(PRESETS[row[0]]) for row in TABLE)


def test_oracle_copies_are_independent():
    engine, plain, _ = position("muggins", 1, 0)
    copy = plain.copy()
    copy.apply(sorted(copy.actions())[0])
    assert plain.layout.order == [] and plain.stage == "turn" and copy.stage == "claim"
    compare(engine, plain, ())


def test_a_chain_never_draws_with_the_voluntary_draw():
    """Five-Up with both ``voluntary_draw`` and ``chain`` (no preset has both): player 0 leads 4-6,
    which scores 10, and goes again; the boneyard is full, yet that turn goes on with plays only."""
    engine, plain, _ = position("five-up-armanino", 5, 0, 2, {"voluntary_draw": True, "chain": True})
    engine.apply("4-6")
    plain.apply("4-6")
    assert engine.current_player == 0 and engine.drawable > 0
    assert plain.actions() == ["0-4>4-6", "4-5>4-6"]
    compare(engine, plain, ("4-6",))


def chaining_rules():
    """Every preset that chains, with a boneyard: the four-player ones deal all 28, so they are
    dealt 5 tiles each here to leave some to draw."""
    out = []
    for name, rules in sorted(PRESETS.items()):
        if rules.chain:
            n = players_for(rules)
            out.append((name, rules if n * rules.hand_size_for(n) < 28 else rules.with_options(hand_size=5)))
    return out


@pytest.mark.parametrize("name,rules", chaining_rules(), ids=[c[0] for c in chaining_rules()])
def test_a_drawn_tile_ends_a_chain(name, rules):
    """A tile just drawn from the boneyard and played ends the turn, even when it scores or is a
    double (the chain goes on only from tiles already held); both readings agree all the way."""
    n = players_for(rules)
    seen = {"scores": 0, "double": 0}
    for seed in range(60):
        engine = HandState.deal(rules, n, seed=seed)
        hands = [[str(t) for t in engine.hand(p)] for p in range(n)]
        plain = OracleHand(options(rules, n), hands, [tile_text(t) for t in engine.bone], engine.current_player)
        rng = random.Random(seed)
        path: tuple[str, ...] = ()
        while True:
            acts = compare(engine, plain, path)
            if not acts:
                break
            act = rng.choice(acts)
            drawn = engine.view(engine.cur).drawn  # the tile just drawn, while drawing
            mover = engine.current_player
            ev = engine.apply(act)
            plain.apply(act)
            path += (act,)
            if ev.kind is EventKind.PLAY and drawn is not None and ev.play.tile == drawn and not engine.is_terminal:
                assert engine.current_player != mover, f"{name} {seed} after {' '.join(path)}: the turn goes on"
                seen["scores" if ev.score else "double" if drawn.is_double else "plain"] = 1
    assert seen["scores"] and seen["double"], seen  # both kinds of drawn tile came up and ended the turn
    # (a drawn double opens no number that was not open, so only a drawn tile that scores can leave a
    # held tile that fits: the perft row horse-race-pagat 4, 8 moves in, is such a position)
