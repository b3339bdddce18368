import random

import pytest

from trainer.rules import (
    DRAW,
    LET_GO,
    MUGGINS,
    PASS,
    PRESETS,
    TILES,
    Claim,
    EventKind,
    Game,
    HandState,
    IllegalPlay,
    Play,
    RuleSet,
    Tile,
    lead_by_lot,
    play_points,
    settle,
)
from trainer.rules.turns import TurnCore

FIVE_UP = RuleSet.from_options(variant="five-up", unit="pips")


def snapshot(s: HandState):
    return (
        [list(h) for h in s.hands], list(s.bone), list(s.board.tiles), len(s.history), s.cur,
        s.phase, list(s.play_scores), s.result,
    )


# ---- rule sets ----

def test_presets_match_rules_md():
    p = PRESETS
    assert set(p) == {"five-up-armanino", "five-up-pagat", "five-up-club", "all-fives",
                      "all-fives-tidwell", "muggins", "sniff", "sniff-crosswise", "seven-toed-pete", "horse-race",
                      "horse-race-pagat"}
    for sniff, variant in (("sniff", "sniff"), ("sniff-crosswise", "sniff-crosswise")):
        r = p[sniff]
        assert r.variant.value == variant and r.hand_size == (7, 6, 5) and r.target == (250, 200, 200)
        assert r.unit == "pips" and r.settlement == "winner-takes-opponents" and not r.chain
    for chain in ("seven-toed-pete", "horse-race"):
        r = p[chain]
        assert r.chain and r.scoring_lead and r.lead == "rotate" and r.seats == (4,) and r.hand_size_for(4) == 7
        assert r.settlement == "winner-takes-opponents" and r.unit == "points" and r.target_for(4) == 61
        with pytest.raises(IllegalPlay, match="for 4 players"):
            Game(r, 2)
    assert p["seven-toed-pete"].variant.value == "all-fives" and p["horse-race"].variant.value == "five-up"
    pagat = p["horse-race-pagat"]  # pagat's Horse Race: 2 to 4 players, a boneyard, any lead
    assert pagat.variant.value == "five-up" and pagat.chain and not pagat.scoring_lead and pagat.lead == "lot"
    assert pagat.seats == (2, 3, 4) and pagat.hand_size == (7, 6, 5) and pagat.uses_teams(4)
    assert pagat.unit == "points" and pagat.target == (61, 61, 61) and pagat.settlement == "winner-takes-opponents"
    assert p["all-fives"].hand_size == (9, 7, 5) and p["all-fives"].target == (250, 200, 200)
    assert p["all-fives"].unit == "pips"
    assert p["five-up-pagat"].settlement == "each-subtracts-own"
    assert p["five-up-club"].settlement == "winner-takes-all" and p["five-up-club"].target_for(3) == 100
    assert p["all-fives-tidwell"].voluntary_draw and p["all-fives-tidwell"].muggins_call == "lose"
    assert p["muggins"].muggins_call == "strict" and p["muggins"].variant.value == "muggins"
    assert p["muggins"].target == (200, 150, 150)
    assert p["five-up-armanino"].uses_teams(4) and not p["five-up-armanino"].uses_teams(3)
    # "the first ... to accumulate 61 points wins": Armanino's game ends the moment a side reaches 61
    assert p["five-up-armanino"].game_end == "at-target"
    assert all(r.game_end == "finish-hand" for name, r in p.items() if name != "five-up-armanino")
    assert RuleSet.preset("muggins") is p["muggins"]


@pytest.mark.parametrize("options,needle", [
    ({"unit": "stars"}, "not a choice for unit"),
    ({"settlement": "nobody"}, "not a choice for settlement"),
    ({"hand_size": 15}, "cannot each get 15"),
    ({"boneyard_reserve": 5}, "reserve"),
    ({"target": 0}, "positive"),
    ({"variant": "snap"}, "not a game"),
    ({"muggins_call": "loud"}, "muggins_call"),
    ({"hand_size": (5, 5)}, "three numbers"),
    ({"teams": "yes"}, "yes or no"),
])
def test_bad_options_are_refused(options, needle):
    with pytest.raises(IllegalPlay, match=needle):
        RuleSet.from_options(**options)
    with pytest.raises(IllegalPlay):
        RuleSet.preset("nope")


def test_a_rule_set_holds_each_option_as_its_type():
    """RuleSet.from_options turns the words and numbers into the options' types, for the presets, a
    changed copy and a custom set alike; the constructor takes only the types."""
    from trainer.rules import Lead, LeadAfterBlock, MugginsCall, MugginsCaller, Settlement, Unit, Variant

    kinds = {"variant": Variant, "lead": Lead, "lead_after_block": LeadAfterBlock, "unit": Unit,
             "settlement": Settlement, "muggins_call": MugginsCall, "muggins_caller": MugginsCaller}
    custom = RuleSet.from_options(variant="sniff", unit="pips", hand_size={2: 7, 3: 6, 4: 5}, target=[100, 90, 80],
                                  lead="rotate", lead_after_block="winner", settlement="each-subtracts-own",
                                  muggins_call="strict", muggins_caller="any")
    for rules in [*PRESETS.values(), custom, PRESETS["muggins"].with_options(unit="points", muggins_call="lose")]:
        for name, kind in kinds.items():
            assert type(getattr(rules, name)) is kind, (rules.name, name)
        assert type(rules.hand_size) is tuple and type(rules.target) is tuple and len(rules.target) == 3
    assert (custom.hand_size, custom.target, custom.unit) == ((7, 6, 5), (100, 90, 80), Unit.PIPS)
    assert custom.muggins_caller is MugginsCaller.ANY and custom.unit == "pips"  # each member equals its word
    with pytest.raises(TypeError, match="from_options"):
        RuleSet(unit="pips")
    with pytest.raises(TypeError, match="colour"):
        RuleSet.from_options(colour="red")


# ---- deal and lead ----

def test_deal_is_seeded_and_complete():
    a = HandState.deal(PRESETS["all-fives"], 3, seed=11)
    b = HandState.deal(PRESETS["all-fives"], 3, seed=11)
    assert a.hands == b.hands and a.bone == b.bone and a.cur == b.cur
    assert [len(h) for h in a.hands] == [7, 7, 7] and len(a.bone) == 7
    assert sorted([t for h in a.hands for t in h] + a.bone) == list(range(28))
    assert HandState.deal(PRESETS["all-fives"], 3, seed=12).hands != a.hands


def test_lead_by_lot_picks_the_heaviest_draw():
    class Fixed(random.Random):
        draws = ["2-4", "2-4", "0-6", "1-1"]  # a repeat is drawn again; 0-6 beats 2-4 on the higher half

        def random(self):
            return (Tile.parse(self.draws.pop(0)).id + 0.5) / 28
    assert lead_by_lot(Fixed(), 3) == 1


def test_highest_double_leads_and_must_be_played():
    rules = RuleSet.from_options(variant="all-fives", lead="highest-double")
    s = HandState(rules, [["1-2", "3-3"], ["5-5", "0-1"]], ["6-6"], leader=1, must_lead="5-5")
    assert s.legal_actions() == [Play.parse("5-5")]
    with pytest.raises(IllegalPlay, match="highest double"):
        s.apply("0-1")
    dealt = HandState.deal(rules, 2, seed=3)
    lead = dealt.legal_actions()
    assert len(lead) == 1
    doubles = [t for h in dealt.hands for t in h if Tile.from_id(t).is_double]
    assert lead[0].tile == max(Tile.from_id(t) for t in doubles)


# ---- turns ----

def test_draw_until_a_tile_fits_then_it_must_be_played():
    # player 1 holds nothing with a 4 or 1; boneyard top (last) is 0-2, then 2-3, then 3-4 fits
    s = HandState(FIVE_UP, [["1-4", "6-6"], ["0-0", "2-2"]], ["5-5", "3-4", "2-3", "0-2"], leader=0)
    s.apply("1-4")
    assert s.current_player == 1 and s.legal_actions() == [DRAW]
    with pytest.raises(IllegalPlay, match="draw"):
        s.apply("2-2>1-4")
    s.apply(DRAW)
    s.apply("draw")
    assert s.legal_actions() == [DRAW]
    ev = s.apply(DRAW)
    assert ev.tile == Tile.parse("3-4") and ev.open_numbers == frozenset({1, 4})
    assert s.legal_actions() == [Play.parse("3-4>1-4")]
    with pytest.raises(IllegalPlay, match="must be played"):
        s.apply("0-0>0-2")
    s.apply("3-4>1-4", player=1)
    assert s.current_player == 0
    assert len(s.hand(1)) == 4


def test_pass_only_when_nothing_fits_and_nothing_to_draw():
    s = HandState(FIVE_UP, [["1-4", "4-4"], ["0-0", "2-2"]], [], leader=0)
    s.apply("1-4")
    assert s.legal_actions() == [PASS]
    with pytest.raises(IllegalPlay, match="nothing left"):
        s.apply(DRAW)
    s.apply(PASS)
    assert s.current_player == 0
    with pytest.raises(IllegalPlay, match="Passing"):
        s.apply(PASS)
    s.apply("4-4>1-4")
    assert s.result is not None and s.result.dominoed and s.result.winner == 0


def test_reserve_tiles_are_never_drawn():
    rules = FIVE_UP.with_options(boneyard_reserve=2)
    s = HandState(rules, [["1-4", "4-6"], ["0-0", "2-2"]], ["5-5", "3-4"], leader=0)
    s.apply("1-4")
    assert s.drawable == 0 and s.boneyard_size == 2 and s.legal_actions() == [PASS]
    s.apply(PASS)
    s.apply("4-6>1-4")
    assert s.result.dominoed


def test_voluntary_draw_option():
    hands = [["1-4", "6-6"], ["1-1", "2-2"]]
    strict = HandState(FIVE_UP, hands, ["5-5", "3-4"], leader=0)
    strict.apply("1-4")
    assert DRAW not in strict.legal_actions()
    free = HandState(FIVE_UP.with_options(voluntary_draw=True), hands, ["5-5", "3-4"], leader=0)
    free.apply("1-4")
    assert DRAW in free.legal_actions() and Play.parse("1-1>1-4") in free.legal_actions()


def test_blocked_hand_and_its_settlement():
    # after 0-0 nothing else can be played and the boneyard is empty
    s = HandState(FIVE_UP, [["0-0", "5-6"], ["3-4", "1-2"]], [], leader=0)
    s.apply("0-0")
    r = s.result
    assert r is not None and r.blocked
    assert r.pips == (11, 10) and r.winning_side == 1 and r.winner == 1
    assert r.settlement == (0, 10)  # 11 rounds to 10, pips
    assert s.legal_actions() == []
    with pytest.raises(IllegalPlay, match="over"):
        s.apply(PASS)


def test_wrong_player_and_bad_actions_leave_state_unchanged():
    s = HandState.deal(FIVE_UP, 2, seed=5)
    before = snapshot(s)
    other = 1 - s.current_player
    for bad, who in [(s.legal_actions()[0], other), ("banana", None), ("claim 3", None),
                     ("6-6>0-0", None), (PASS, None), (Claim(5), None)]:
        with pytest.raises(IllegalPlay):
            s.apply(bad, player=who)
        assert snapshot(s) == before
    not_mine = Tile.from_id(s.hands[other][0])
    with pytest.raises(IllegalPlay, match="not in player") as err:
        s.apply(Play.of(not_mine))
    assert snapshot(s) == before
    # the error's fields say the same as its words, so a page never rewrites the text
    assert (err.value.why, err.value.player, err.value.tile) == ("not-in-hand", s.current_player, str(not_mine))
    with pytest.raises(IllegalPlay) as err:
        s.apply(s.legal_actions()[0], player=other)
    assert (err.value.why, err.value.player, err.value.turn_of) == ("not-your-turn", other, s.current_player)


def test_scores_in_points_and_pips():
    hands = [["1-4", "0-0"], ["4-6", "2-2"]]
    pts = HandState(RuleSet.from_options(variant="five-up", unit="points"), hands, ["3-3", "1-1"], leader=0)
    ev = pts.apply("1-4")
    assert (ev.total, ev.score, ev.credited) == (5, 1, 1)
    pips = HandState(RuleSet.from_options(variant="five-up", unit="pips"), hands, ["3-3", "1-1"], leader=0)
    assert pips.apply("1-4").score == 5
    ev = pips.apply("4-6>1-4")
    assert ev.total == 7 and ev.score == 0


# ---- the muggins call ----

def calls(mode):
    return RuleSet.from_options(variant="five-up", unit="pips", muggins_call=mode)


def test_correct_claim_credits():
    s = HandState(calls("lose"), [["1-4", "0-0"], ["4-6", "2-2"]], ["3-3"], leader=0)
    s.apply("1-4")
    assert s.phase_name == "claim" and s.current_player == 0
    with pytest.raises(IllegalPlay, match="muggins call"):
        s.apply(DRAW)
    s.apply(Claim(5))
    assert s.scores == (5, 0) and s.current_player == 1


def test_missed_claims_are_lost():
    for claim in (Claim(0), Claim(10)):
        s = HandState(calls("lose"), [["1-4", "0-0"], ["4-6", "2-2"]], ["3-3"], leader=0)
        s.apply("1-4")
        s.apply(claim)
        assert s.scores == (0, 0) and s.current_player == 1 and s.phase_name == "turn"


def test_strict_form_lets_the_opponent_call_muggins():
    s = HandState(calls("strict"), [["1-4", "0-0"], ["4-6", "2-2"]], ["3-3"], leader=0)
    s.apply("1-4")
    with pytest.raises(IllegalPlay):
        s.apply(Claim(7))
    s.apply("claim 0")
    assert s.phase_name == "muggins" and s.current_player == 1
    assert s.legal_actions() == [MUGGINS, LET_GO]
    with pytest.raises(IllegalPlay, match="Muggins"):
        s.apply("4-6>1-4")
    with pytest.raises(IllegalPlay, match="turn"):
        s.apply(MUGGINS, player=0)
    ev = s.apply("muggins", player=1)
    assert ev.kind is EventKind.MUGGINS and ev.credited == 5 and s.scores == (0, 5)
    assert s.current_player == 1 and s.phase_name == "turn"
    s2 = HandState(calls("strict"), [["1-4", "0-0"], ["4-6", "2-2"]], ["3-3"], leader=0)
    s2.apply("1-4")
    s2.apply(Claim(10))
    s2.apply(LET_GO)
    assert s2.scores == (0, 0)


# ---- settlement ----

def hands_with(pips_each):
    pool = {1: "0-1", 2: "0-2", 3: "0-3", 4: "0-4", 5: "0-5", 6: "0-6", 7: "1-6", 8: "2-6", 9: "3-6",
            10: "4-6", 11: "5-6", 12: "6-6", 13: "1-3 4-5"}
    return [pool[p].split() if p else [] for p in pips_each]


def test_winner_takes_opponents_two_players():
    r = settle(RuleSet.from_options(unit="pips"), hands_with([0, 13]), ending="dominoed", dominoer=0)
    assert r.settlement == (15, 0) and r.rounded == (0, 15)
    r = settle(RuleSet.from_options(unit="points"), hands_with([0, 12]), ending="dominoed", dominoer=0)
    assert r.settlement == (2, 0)


def test_teams_do_not_count_partners_tiles():
    r = settle(RuleSet.from_options(unit="pips", teams=True), [[], ["0-4"], ["6-6"], ["0-3"]], ending="dominoed",
               dominoer=0)
    assert r.side_pips == (12, 7) and r.settlement == (5, 0)


def test_blocked_ties():
    r = settle(RuleSet.from_options(unit="pips"), hands_with([6, 6]), ending="blocked")
    assert r.tied == (0, 1) and r.settlement == (0, 0) and r.winner is None
    three = settle(RuleSet.from_options(unit="pips"), [["0-4"], ["1-3"], ["2-6", "6-6"]], ending="blocked")
    assert three.tied == (0, 1) and three.settlement == (10, 10, 0)  # 20 split
    odd = settle(RuleSet.from_options(unit="pips"), [["0-4"], ["1-3"], ["5-6", "1-2"]], ending="blocked")
    assert odd.settlement == (5, 5, 0)  # 14 → 15, half is 7, down to 5 each
    pts = settle(RuleSet.from_options(unit="points"), [["0-4"], ["1-3"], ["2-6", "6-6"]], ending="blocked")
    assert pts.settlement == (2, 2, 0)


def test_other_settlements():
    hands = [["0-1"], ["2-6"], ["3-6"]]
    everyone = settle(RuleSet.from_options(unit="pips", settlement="winner-takes-all"), hands, ending="blocked")
    assert everyone.winner == 0 and everyone.settlement == (20, 0, 0)  # 1 + 8 + 9 = 18 → 20
    subtract = settle(RuleSet.from_options(unit="pips", settlement="each-subtracts-own"), hands, ending="blocked")
    assert subtract.settlement == (0, -10, -10)


def test_exact_target_overshoot_scores_nothing():
    rules = RuleSet.from_options(unit="points", target=61, exact_target=True)
    r = settle(rules, hands_with([0, 12]), ending="dominoed", dominoer=0, start_scores=(60, 0))
    assert r.settlement == (0, 0)
    r = settle(rules, hands_with([0, 5]), ending="dominoed", dominoer=0, start_scores=(60, 0))
    assert r.settlement == (1, 0)


# ---- views ----

def test_view_hides_what_a_player_cannot_see():
    s = HandState(FIVE_UP, [["1-4", "6-6"], ["0-0", "2-2"]], ["5-5", "3-4", "2-3", "0-2"], leader=0)
    s.apply("1-4")
    s.apply(DRAW)
    mine, theirs = s.view(1), s.view(0)
    assert mine.history[-1].tile == Tile.parse("0-2")
    assert theirs.history[-1].tile is None and theirs.history[-1].kind is EventKind.DRAW
    assert theirs.hand == (Tile.parse("6-6"),) and theirs.hand_sizes == (1, 3)
    assert theirs.legal_actions == () and mine.legal_actions == (DRAW,)
    assert Tile.parse("0-2") in theirs.unseen and Tile.parse("0-2") not in mine.unseen
    assert theirs.boneyard_size == 3 and len(theirs.unseen) == 28 - 2


# ---- games ----

def random_policy(seed):
    rng = random.Random(seed)
    return lambda hand: rng.choice(hand.legal_actions())


@pytest.mark.parametrize("preset, players", [(p, n) for p in sorted(PRESETS) for n in PRESETS[p].seats])
def test_games_reach_the_target(preset, players):
    rules = PRESETS[preset]
    if rules.muggins_call != "off":
        rules = rules.with_options(muggins_call="off")
    g = Game(rules, players, seed=players)
    g.play_out(random_policy(1))
    assert g.is_over and g.winner is not None
    assert max(g.scores) >= g.target
    assert g.scores[g.winner] == max(g.scores) and g.scores.count(max(g.scores)) == 1
    assert sum(r.totals[i] for r in g.results for i in [0]) == g.scores[0]


def test_game_replays_from_its_seed():
    def run():
        g = Game(PRESETS["five-up-armanino"], 4, seed=99)
        g.play_out(random_policy(7))
        return g.scores, [h.history for h in g.hands]
    assert run() == run()


def test_next_hand_led_by_dominoer():
    # a target out of reach, so that several hands are played and the check really runs
    g = Game(FIVE_UP.with_options(target=(5000, 5000, 5000)), 2, seed=4)
    pick = random_policy(3)
    while len(g.results) < 6 and not g.is_over:
        g.apply(pick(g.hand))
    checked = 0
    for prev, nxt in zip(g.results, g.hands[1:]):
        if prev.dominoed:
            assert nxt.leader == prev.winner
            checked += 1
    assert len(g.results) == 6 and checked >= 1


def test_exact_target_game_stops_when_hit():
    rules = RuleSet.from_options(variant="five-up", unit="points", target=(8, 8, 8), exact_target=True)
    g = Game(rules, 2, seed=1)
    g.play_out(random_policy(2))
    assert g.is_over and g.target in g.scores and max(g.scores) <= 8


def test_playout_greedy_takes_the_biggest_score_every_turn():
    """The fast greedy playout (the Expert's look-ahead) against a slow, checked replay: at every
    plain turn the play it made scores as much as any legal play could."""
    for seed in range(15):
        start = HandState.deal(FIVE_UP, 2, rng=random.Random(seed))
        fast = start.clone()
        result = fast.playout_greedy(random.Random(seed))
        assert result is not None and fast.is_terminal
        assert sum(len(h) for h in result.hands) + len(fast.layout) + fast.boneyard_size == 28
        replay = HandState.deal(FIVE_UP, 2, rng=random.Random(seed))
        for ev in fast.history:
            if ev.kind is EventKind.PLAY and replay.layout and not replay.layout.is_empty:
                view = replay.view(replay.current_player)
                best = max((play_points(t, "pips") for _, t in view.layout.totals_after(list(view.hand))), default=0)
                assert ev.score == best, f"seed {seed}: scored {ev.score}, could have scored {best}"
            replay.apply(ev.play if ev.kind is EventKind.PLAY else DRAW if ev.kind is EventKind.DRAW else PASS)


def test_from_view_keeps_what_the_viewer_sees():
    hand = HandState.deal(FIVE_UP, 3, rng=random.Random(8))
    pick = random_policy(1)
    for _ in range(5):
        hand.apply(pick(hand))
    viewer = hand.current_player
    view = hand.view(viewer)
    rebuilt = HandState.from_view(view, [[TILES[t] for t in h] for h in hand.hands], [TILES[t] for t in hand.bone])
    assert rebuilt.layout == hand.layout and rebuilt.current_player == hand.current_player
    assert rebuilt.view(viewer).hand == view.hand and rebuilt.boneyard_size == hand.boneyard_size
    assert [len(h) for h in rebuilt.hands] == [len(h) for h in hand.hands]
    assert rebuilt.legal_actions() == hand.legal_actions()


def test_from_view_makes_a_hand_for_simulation_that_keeps_no_record():
    hand = HandState.deal(FIVE_UP, 2, rng=random.Random(3))
    view = hand.view(hand.current_player)
    rebuilt = HandState.from_view(view, [[TILES[t] for t in h] for h in hand.hands], [TILES[t] for t in hand.bone])
    assert not rebuilt.records
    assert rebuilt.apply(rebuilt.legal_actions()[0]) is None and rebuilt.history == []


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_hand_without_a_record_answers_none_and_plays_the_same(preset):
    """apply, make and step_random on a hand dealt with ``record=False`` return ``None`` and leave
    the history empty; every other answer matches a hand that keeps its record, move by move."""
    rules = PRESETS[preset]
    players = max(rules.seats)
    for seed in range(4):
        kept = HandState.deal(rules, players, seed=seed)
        bare = HandState.deal(rules, players, seed=seed, record=False)
        rng = random.Random(seed)
        steps = 0
        while not kept.is_terminal:
            assert bare.legal_actions() == kept.legal_actions() and bare.current_player == kept.current_player
            if steps % 3 == 0:  # the simulations' step, on both with the same draws of chance
                state = rng.getstate()
                ev = kept.step_random(rng)
                rng.setstate(state)
                assert bare.step_random(rng) is None
            else:
                act = rng.choice(kept.legal_actions())
                ev = kept.apply(act)
                assert bare.apply(act) is None
            assert ev is not None and kept.history[-1] is ev
            steps += 1
        assert bare.is_terminal and bare.result == kept.result and bare.scores == kept.scores
        assert bare.history == [] and len(kept.history) == steps
        assert bare.layout == kept.layout


def test_clone_copies_every_field_and_shares_nothing_that_changes():
    hand = HandState.deal(FIVE_UP, 3, rng=random.Random(8))
    pick = random_policy(2)
    for _ in range(6):
        hand.apply(pick(hand))
    copy = hand.clone()
    for name in TurnCore.__slots__:  # every field of a hand lives in the core
        if name != "board":  # a board has no equality of its own: its layout does
            assert getattr(copy, name) == getattr(hand, name), name
    assert copy.layout == hand.layout and copy.board is not hand.board
    before = snapshot(hand)
    while not copy.is_terminal:
        copy.apply(pick(copy))
    assert snapshot(hand) == before  # the copy's moves left the original as it was


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_new_hand_takes_its_settings_from_the_rule_set(preset):
    rules = PRESETS[preset]
    for players in rules.seats:
        hand = HandState.deal(rules, players, seed=players)
        teams = rules.uses_teams(players)
        assert hand.rules is rules and hand.n == players and hand.teams == teams
        assert hand.n_sides == (2 if teams else players) and hand.target == rules.target_for(players)
        assert hand.drawable == max(0, hand.boneyard_size - rules.boneyard_reserve)
        assert hand.records and hand.history == [] and hand.phase_name == "lead"


# ---- the seeds' open points, as options ----

def test_lead_after_a_block_by_its_winner_or_by_lot():
    """With ``lead_after_block="winner"`` the blocked hand's winner leads the next hand; by lot,
    the draw decides (and over many blocked hands someone else leads at least once)."""
    seen = {"winner": [], "lot": []}
    for how in seen:
        rules = RuleSet.from_options(variant="muggins", hand_size=7, unit="points", target=500, lead_after_block=how)
        for seed in range(40):
            g = Game(rules, 3, seed=seed)
            rng = random.Random(seed)
            while not g.is_over and len(g.results) < 8:
                g.apply(rng.choice(g.hand.legal_actions()))
            for i, res in enumerate(g.results[:-1]):
                if res.ending == "blocked" and res.winner is not None and i + 1 < len(g.hands):
                    seen[how].append(g.hands[i + 1].leader == res.winner)
    assert len(seen["winner"]) >= 5 and all(seen["winner"])
    assert len(seen["lot"]) >= 5 and not all(seen["lot"])
    assert PRESETS["five-up-club"].lead_after_block == "winner" and PRESETS["all-fives"].lead_after_block == "lot"


def test_each_player_rounds_their_own_tiles():
    # partners hold 7 and 7 pips: the team's 14 rounds to 15, each player's 7 to 5 (10 together)
    hands = hands_with([0, 7, 0, 7])
    team = RuleSet.from_options(unit="pips", settlement="each-subtracts-own", teams=True)
    assert settle(team, hands, ending="dominoed", dominoer=0).settlement == (0, -15)
    each = team.with_options(round_each_player=True)
    r = settle(each, hands, ending="dominoed", dominoer=0)
    assert r.settlement == (0, -10) and r.rounded == (0, 10)
    assert PRESETS["five-up-pagat"].round_each_player


def test_any_opponent_may_call_muggins_in_turn():
    rules = RuleSet.from_options(variant="five-up", unit="pips", teams=False, muggins_call="strict",
                                 muggins_caller="any")
    s = HandState(rules, [["1-4", "0-0"], ["4-6", "2-2"], ["3-5", "1-1"]], ["3-3"], leader=0)
    s.apply("1-4")
    s.apply(Claim(0))
    assert s.phase_name == "muggins" and s.current_player == 1
    s.apply(LET_GO)
    assert s.phase_name == "muggins" and s.current_player == 2  # the next opponent may still call
    ev = s.apply(MUGGINS, player=2)
    assert ev.credited == 5 and s.scores == (0, 0, 5)
    nobody = HandState(rules, [["1-4", "0-0"], ["4-6", "2-2"], ["3-5", "1-1"]], ["3-3"], leader=0)
    nobody.apply("1-4")
    nobody.apply(Claim(0))
    nobody.apply(LET_GO)
    nobody.apply(LET_GO)
    assert nobody.scores == (0, 0, 0) and nobody.phase_name == "turn" and nobody.current_player == 1
    # the default: only the next player may call
    nxt = HandState(rules.with_options(muggins_caller="next"), [["1-4", "0-0"], ["4-6", "2-2"], ["3-5", "1-1"]],
                    ["3-3"], leader=0)
    nxt.apply("1-4")
    nxt.apply(Claim(0))
    nxt.apply(LET_GO)
    assert nxt.phase_name == "turn" and nxt.current_player == 1
    with pytest.raises(IllegalPlay, match="muggins_caller"):
        RuleSet.from_options(muggins_caller="everyone")


# ---- chaining: Seven-Toed Pete and Horse Race ----

CHAIN = RuleSet.from_options(variant="all-fives", unit="points", teams=False, chain=True, hand_size=3)


def test_chaining_turns_by_hand():
    """A score or a double: the same player goes on; a plain play that scores nothing ends the turn."""
    s = HandState(CHAIN, [["2-3", "3-3", "3-4", "0-0"], ["0-6", "2-5", "5-6"]], [], leader=0)
    s.apply("2-3")                     # 2 + 3 = 5: a score
    assert s.current_player == 0 and s.scores == (1, 0)
    s.apply("3-3>2-3")                 # the spinner: 2 + 6 = 8, no score, but a double
    assert s.current_player == 0 and s.scores == (1, 0)
    s.apply("3-4>3-3")                 # 2 + 4 = 6 (the spinner's sides are covered): the turn ends
    assert s.layout.total == 6 and s.current_player == 1
    assert [e.player for e in s.history if e.kind is EventKind.PLAY] == [0, 0, 0]
    s.apply("2-5>2-3")                 # 5 + 4 = 9: player 1's turn ends too
    assert s.current_player == 0


def test_a_chain_ends_when_nothing_fits():
    s = HandState(CHAIN, [["2-3", "6-6"], ["0-2", "1-1"]], [], leader=0)
    s.apply("2-3")  # scores 5, but 6-6 fits nowhere: the turn passes
    assert s.current_player == 1


def test_a_drawn_tile_ends_the_turn_even_when_it_scores_or_is_a_double():
    """Chaining goes on from tiles already held: a tile drawn from the boneyard and played ends the
    turn, whatever it makes (pagat's Horse Race and every write-up that says)."""
    # player 1 holds nothing for 0 or 1 and draws 0-4, which scores 5; 4-5 would fit, but the turn ends
    s = HandState(CHAIN, [["0-1", "6-6"], ["2-2", "4-5"]], ["3-3", "0-4"], leader=0)
    s.apply("0-1")
    assert s.current_player == 1 and [str(a) for a in s.legal_actions()] == ["draw"]
    s.apply("draw")
    ev = s.apply("0-4>0-1")
    assert ev.score == 1 and s.current_player == 0
    # the same with a drawn double (a drawn double opens no new number, so only a voluntary draw can
    # leave a tile that fits after it): 1-1 is played, 1-5 would fit on it, the turn ends
    s = HandState(CHAIN.with_options(voluntary_draw=True), [["0-1", "6-6"], ["2-2", "1-5"]], ["3-3", "1-1"],
                  leader=0)
    s.apply("0-1")
    s.apply("draw")
    s.apply("1-1>0-1")
    assert s.current_player == 0
    # a held tile that scores still goes on: the rule is about the drawn tile only
    s = HandState(CHAIN, [["0-1", "6-6"], ["0-4", "4-5"]], ["3-3"], leader=0)
    s.apply("0-1")
    s.apply("0-4>0-1")
    assert s.current_player == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pagats_horse_race_is_dealt_and_played_to_the_end(players):
    """7, 6 or 5 tiles with a boneyard; every tile in one place at every step; every score made from
    a total that is a multiple of five; the settlement as the rule set says."""
    rules = PRESETS["horse-race-pagat"]
    for seed in range(25):
        s = HandState.deal(rules, players, seed=seed)
        assert [len(h) for h in s.hands] == [rules.hand_size_for(players)] * players
        assert s.boneyard_size == 28 - players * rules.hand_size_for(players) > 0
        rng = random.Random(seed)
        while not s.is_terminal:
            ev = s.apply(rng.choice(s.legal_actions()))
            assert sorted(s.board.tiles + [t for h in s.hands for t in h] + s.bone) == list(range(28))
            if ev.kind is EventKind.PLAY:
                assert ev.credited == ev.score and (ev.score == 0 or ev.score * 5 == ev.total)
        res = s.result
        assert res is not None and sum(res.play_scores) == sum(e.credited for e in s.history)
        assert all(x >= 0 and x * 5 % 5 == 0 for x in res.settlement) and res.unit == "points"
        if res.dominoed:
            assert res.pips[res.winner] == 0


def test_the_lead_must_be_a_double_or_score_by_itself():
    rules = CHAIN.with_options(scoring_lead=True)
    s = HandState(rules, [["1-2", "3-6"], ["0-1", "2-3"], ["1-1", "4-5"]], [], leader=0)
    assert s.legal_actions() == [PASS]  # neither 1-2 (3) nor 3-6 (9) can lead
    with pytest.raises(IllegalPlay, match="pass the lead"):
        s.apply("1-2")
    s.apply(PASS)
    assert s.current_player == 1 and s.legal_actions() == [Play.parse("2-3")]
    with pytest.raises(IllegalPlay, match="can lead"):
        s.apply(PASS)
    s.apply("2-3")
    assert s.scores == (0, 1, 0) and s.current_player == 2  # a score, but 0-1 fits nowhere: the chain ends
    nobody = HandState(rules, [["1-2"], ["0-1"], ["3-6"]], [], leader=0)
    for _ in range(3):
        nobody.apply(PASS)
    assert nobody.current_player == 0 and nobody.legal_actions() == [Play.parse("1-2")]  # then anything leads


def test_the_lead_rotates_every_hand():
    g = Game(PRESETS["horse-race"], 4, seed=3)
    rng = random.Random(3)
    while len(g.results) < 4 and not g.is_over:
        g.apply(rng.choice(g.hand.legal_actions()))
    leaders = [h.leader for h in g.hands]
    assert all(b == (a + 1) % 4 for a, b in zip(leaders, leaders[1:]))


def test_actions_listed_twice_and_changed_by_the_caller_still_apply_as_listed():
    s = HandState.deal(PRESETS["five-up-armanino"], 4, seed=8)
    rng = random.Random(8)
    while not s.is_terminal:
        first = s.legal_actions()
        again = s.legal_actions()
        assert again == first and again is not first  # each call hands out its own list
        pick = first[int(rng.random() * len(first))]
        first.clear()  # what the caller does to its list changes nothing for the hand
        again.reverse()
        before = len(s.history)
        ev = s.apply(pick)
        assert len(s.history) == before + 1 and s.history[-1] is ev
        if isinstance(pick, Play):
            assert ev.play == pick
        assert s.moves() is s.moves()  # worked out once per position
    assert s.legal_actions() == []
