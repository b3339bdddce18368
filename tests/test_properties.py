"""Invariants over many random hands and games, in every variant and player count."""

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from invariants import check_result
from oracle import oracle_from_record

from trainer.bots.players import Greedy
from trainer.rules import PRESETS, Claim, EventKind, Game, HandState, Layout, Play, RuleSet, Variant

VARIANTS = [v.value for v in Variant]  # every reading of the rules, Sniff's two included

rule_sets = st.builds(
    RuleSet.from_options,
    variant=st.sampled_from(VARIANTS),
    hand_size=st.sampled_from([5, 6, (7, 7, 6), (9, 7, 5)]),
    teams=st.booleans(),
    lead=st.sampled_from(["lot", "highest-double", "rotate"]),
    scoring_lead=st.booleans(),
    chain=st.booleans(),
    voluntary_draw=st.booleans(),
    boneyard_reserve=st.sampled_from([0, 1, 2]),
    unit=st.sampled_from(["pips", "points"]),
    settlement=st.sampled_from(["winner-takes-opponents", "winner-takes-all", "each-subtracts-own"]),
    muggins_call=st.sampled_from(["off", "off", "lose", "strict"]),
    lead_after_block=st.sampled_from(["lot", "winner"]),
    muggins_caller=st.sampled_from(["next", "any"]),
    round_each_player=st.booleans(),
)


def check_step(s: HandState) -> None:
    on_table = list(s.board.tiles)
    held = [t for h in s.hands for t in h]
    everything = on_table + held + s.bone
    assert sorted(everything) == list(range(28)), "every tile is in exactly one place"
    lay = s.layout
    assert lay.total == sum(e.value for e in lay.open_ends)
    assert Layout.from_record(lay.record, variant=lay.variant) == lay
    oracle = oracle_from_record(lay.record, lay.variant.value)
    assert oracle.total() == lay.total, lay.record


def play_hand(rules: RuleSet, players: int, seed: int, *, deep: bool) -> HandState:
    rng = random.Random(seed)
    s = HandState.deal(rules, players, seed=seed)
    steps = 0
    while not s.is_terminal:
        acts = s.legal_actions()
        assert acts, "a live hand always has a legal action"
        assert s.generate_moves() == s.moves(), "the simulations' moves are the listed ones"
        if s.phase_name == "claim":
            right = s.pending
            act = Claim(right) if rng.random() < 0.7 else Claim(0)
        elif s.phase_name == "muggins":
            act = rng.choice(acts)
        else:
            if deep and s.phase_name == "turn" and not rules.voluntary_draw:
                hand = [str(t) for t in s.hand(s.cur)]
                oracle = oracle_from_record(s.layout.record, rules.variant.value)
                plays = {str(a) for a in acts if isinstance(a, Play)}
                assert plays == oracle.legal(hand)
            act = rng.choice(acts)
        mover = s.current_player
        drawn = s.drawn if s.phase_name == "drawing" else -1  # the tile just drawn, if the turn is drawing
        ev = s.apply(act)
        steps += 1
        if deep:
            check_step(s)
        if ev.kind is EventKind.PLAY and not s.is_terminal and s.phase_name in ("turn", "lead"):
            # who moves next: the same player after a score or a double under chain (while a tile
            # fits, and unless the tile was just drawn: that ends the turn), else the next one
            fits = bool(s.layout.legal_plays([str(t) for t in s.hand(mover)]))
            from_bone = ev.play.tile.id == drawn
            again = rules.chain and (ev.score > 0 or ev.play.tile.is_double) and fits and not from_bone
            assert (s.current_player == mover) == again, (ev, rules.chain)
    assert steps < 200
    return s


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets, players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_random_hands_keep_every_invariant(rules, players, seed):
    s = play_hand(rules, players, seed, deep=True)
    check_result(s)


@settings(max_examples=300, deadline=None)
@given(variant=st.sampled_from(VARIANTS), players=st.integers(2, 4),
       seed=st.integers(0, 2**32))
def test_fast_playout_agrees_with_the_rules(variant, players, seed):
    rules = RuleSet.from_options(variant=variant, unit="pips")
    s = HandState.deal(rules, players, seed=seed)
    s.playout_random(random.Random(seed))
    check_result(s)
    lay = s.layout
    replay = Layout(variant=variant)
    for ev in s.history:
        if ev.kind is EventKind.PLAY:
            before = replay
            replay = replay.play(ev.play)
            assert ev.play in before.legal_plays([ev.play.tile])
            assert replay.total == ev.total
    assert replay == lay


def test_thousands_of_fast_hands_in_every_variant():
    count = 0
    for variant in VARIANTS:
        for players in (2, 3, 4):
            rules = RuleSet.from_options(variant=variant, unit="pips", voluntary_draw=players == 3)
            rng = random.Random(players)
            for _ in range(250):
                s = HandState.deal(rules, players, rng=rng)
                s.playout_random(rng)
                check_result(s)
                count += 1
    assert count == 250 * 3 * len(VARIANTS)


@settings(max_examples=40, deadline=None)
@given(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 4), seed=st.integers(0, 10**6))
@example(preset="five-up-pagat", players=3, seed=358)  # all-random play went 500 hands without a winner
def test_random_games_end_properly(preset, players, seed):
    rules = PRESETS[preset]
    players = players if players in rules.seats else max(rules.seats)
    rng = random.Random(seed)
    g = Game(rules, players, seed=seed)

    greedy = Greedy()

    def choose(hand):
        # half the moves greedy: purely random players can go on for ever where each side loses its
        # own tiles' count (five-up-pagat), and a game is meant to end
        if hand.phase_name == "claim":
            return Claim(hand.pending if rng.random() < 0.8 else 0)
        if rng.random() < 0.5:
            return greedy.choose(hand.view(hand.current_player), rng)
        return rng.choice(hand.legal_actions())

    g.play_out(choose)
    assert g.is_over
    totals = [sum(r.totals[i] for r in g.results) for i in range(len(g.scores))]
    assert totals == g.scores
    if not rules.exact_target:
        assert max(g.scores) >= g.target and g.winner == g.scores.index(max(g.scores))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_every_preset_keeps_every_invariant(preset, players, seed):
    """Every preset as the Play page deals it: tiles conserved at every step, legal plays as the
    plain reading has them, chains that end, scores that are multiples of five, and a settlement
    that matches the tiles left."""
    rules = PRESETS[preset]
    players = players if players in rules.seats else max(rules.seats)
    s = play_hand(rules, players, seed, deep=True)
    check_result(s)


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 4), seed=st.integers(0, 2**32),
       playout=st.sampled_from(["playout_random", "playout_greedy"]))
def test_simulations_make_only_legal_moves(preset, players, seed, playout):
    """The fast playouts (claims always right) replayed move by move through the checked path:
    every move is legal there, and the hand ends the same way."""
    rules = PRESETS[preset]
    players = players if players in rules.seats else max(rules.seats)
    s = HandState.deal(rules, players, seed=seed)
    replay = s.clone()
    replay.skip_claims()
    getattr(s, playout)(random.Random(seed))
    check_result(s)
    for ev in s.history:
        if ev.kind is EventKind.PLAY:
            replay.apply(ev.play)
        elif ev.kind in (EventKind.DRAW, EventKind.PASS):
            replay.apply(ev.kind)
        else:  # a claim or a call: the fast path announces every score right
            assert ev.kind is EventKind.CLAIM and ev.credited == ev.score
    assert replay.is_terminal and replay.result == s.result


@settings(max_examples=80, deadline=None)
@given(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 4), seed=st.integers(0, 2**32),
       playout=st.sampled_from(["playout_random", "playout_greedy"]))
def test_a_hand_that_keeps_no_record_plays_the_same(preset, players, seed, playout):
    """A hand dealt for simulation (``record=False``) is played exactly as one that keeps its
    history: the same layout, hands, scores and result; only the history stays empty."""
    rules = PRESETS[preset]
    players = players if players in rules.seats else max(rules.seats)
    kept = HandState.deal(rules, players, seed=seed)
    bare = HandState.deal(rules, players, seed=seed, record=False)
    assert kept.records and not bare.records
    result = getattr(kept, playout)(random.Random(seed))
    assert getattr(bare, playout)(random.Random(seed)) == result
    assert bare.layout == kept.layout and bare.board.attach == kept.board.attach
    assert bare.hands == kept.hands and bare.bone == kept.bone and bare.scores == kept.scores
    assert bare.history == [] and kept.history
    check_result(kept)


@settings(max_examples=60, deadline=None)
@given(rules=rule_sets, players=st.integers(2, 4), seed=st.integers(0, 2**32), target=st.sampled_from([5, 10, 25]))
@example(rules=PRESETS["five-up-armanino"], players=2, seed=7, target=61)
def test_a_game_that_ends_at_the_target_stops_the_moment_a_side_reaches_it(rules, players, seed, target):
    """Under ``game_end="at-target"`` no move is made after a side has reached the target and leads
    alone: the game is over there, in the middle of a hand if need be."""
    rules = rules.with_options(game_end="at-target", target=target, seats=(2, 3, 4))
    rng = random.Random(seed)
    g = Game(rules, players, seed=seed)

    def reached(scores) -> bool:
        return max(scores) >= g.target and list(scores).count(max(scores)) == 1

    while not g.is_over:
        hand = g.hand
        assert not reached(hand.scores), (hand.scores, g.target)  # nobody has won yet: play goes on
        if hand.phase_name == "claim":
            g.apply(Claim(hand.pending if rng.random() < 0.8 else 0))
        else:
            g.apply(rng.choice(hand.legal_actions()))
        if len(g.results) >= 300:  # random players losing their own tiles' count can go on for ever
            return
    assert reached(g.scores) and g.winner == g.scores.index(max(g.scores))
    last = g.results[-1]
    if last.ending == "target":
        assert all(a == 0 for a in last.settlement)  # stopped mid-hand: nothing is counted for the tiles left
