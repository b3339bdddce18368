import random

import pytest

from trainer.bots import Beginner, BotLevel, Expert, Greedy, make_bot, suggest
from trainer.bots.players import _voids, sample_deal
from trainer.bots.tournament import Record, match, play_game
from trainer.rules import DRAW, MUGGINS, PRESETS, Claim, Game, HandState, Play, RuleSet, Tile


def checked_game(rules, players, bots, seed):
    g = Game(rules, players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not g.is_over and steps < 3000:
        h = g.hand
        p = h.current_player
        view = h.view(p)
        act = bots[p].choose(view, rng)
        assert act in view.legal_actions, (act, view.legal_actions)
        g.apply(act, player=p)
        steps += 1
    assert g.is_over
    return g


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bots_make_only_legal_moves(preset):
    rules = PRESETS[preset]
    for players in [n for n in (2, 4) if n in rules.seats]:
        bots = [Expert(rollouts=12), Greedy(), Beginner(forget=0.5), Greedy()][:players]
        checked_game(rules, players, bots, seed=players)


def frozen_deal():
    """A hand after a few moves, dealt twice with the tiles player 0 cannot see shuffled."""
    rules = RuleSet.from_options(variant="five-up", unit="points")
    mine = ["1-4", "3-4", "2-6", "5-5", "0-3"]
    others = ["0-1", "2-3", "4-6", "1-6", "0-5", "3-6", "6-6", "1-1", "2-5", "4-5", "1-5", "0-4", "3-3",
              "0-2", "2-2", "3-5", "0-0", "1-2", "4-4", "1-3", "2-4", "0-6", "5-6"]
    out = []
    for seed in (1, 2):
        pool = others[:]
        random.Random(seed).shuffle(pool)
        s = HandState(rules, [mine, pool[:5]], pool[5:], leader=0)
        out.append(s)
    return out


def test_reshuffling_hidden_tiles_changes_nothing_a_bot_knows():
    a, b = frozen_deal()
    assert a.hands[1] != b.hands[1]
    va, vb = a.view(0), b.view(0)
    assert va == vb
    for bot in (Expert(rollouts=24), Greedy(), Beginner()):
        assert bot.choose(va, random.Random(5)) == bot.choose(vb, random.Random(5))
    # after the lead, player 1 acts: player 0's view still hides player 1's tiles
    lead = Expert(rollouts=24).choose(va, random.Random(5))
    a.apply(lead)
    b.apply(lead)
    assert a.view(0).hand == b.view(0).hand and a.view(0).hand_sizes == b.view(0).hand_sizes


def test_expert_is_deterministic_given_a_seed():
    s = HandState.deal(RuleSet.from_options(variant="five-up"), 2, seed=3)
    s.apply(s.legal_actions()[0])
    view = s.view(s.current_player)
    e = Expert()
    assert [x for x, _ in e.evaluate(view, random.Random(9))] == [x for x, _ in e.evaluate(view, random.Random(9))]
    bots = [Expert(rollouts=12), Greedy()]
    g1 = checked_game(PRESETS["five-up-armanino"], 2, bots, seed=11)
    g2 = checked_game(PRESETS["five-up-armanino"], 2, bots, seed=11)
    assert g1.scores == g2.scores and [h.history for h in g1.hands] == [h.history for h in g2.hands]


def test_greedy_takes_the_biggest_score():
    rules = RuleSet.from_options(variant="five-up", unit="pips")
    s = HandState(rules, [["1-4", "0-0"], ["4-4", "1-6", "0-2"]], ["3-3"], leader=0)
    s.apply("1-4")
    view = s.view(1)
    assert view.layout.play("1-6>1-4").total == 10 and view.layout.play("4-4>1-4").total == 9
    assert str(Greedy().choose(view, random.Random(0))) == "1-6>1-4"  # the score beats the heavier 4-4
    # nothing scores: the heavier tile goes (fewer pips left in hand)
    t = HandState(rules, [["1-4", "0-0"], ["4-6", "0-1", "2-2"]], ["3-3"], leader=0)
    t.apply("1-4")
    assert str(Greedy().choose(t.view(1), random.Random(0))) == "4-6>1-4"


def test_bots_call_scores_and_muggins():
    rules = RuleSet.from_options(variant="five-up", unit="pips", muggins_call="strict")
    s = HandState(rules, [["1-4", "0-0"], ["4-6", "2-2"]], ["3-3"], leader=0)
    s.apply("1-4")
    assert Greedy().choose(s.view(0), random.Random(0)) == Claim(5)
    assert Beginner(forget=1.0).choose(s.view(0), random.Random(0)) == Claim(0)
    s.apply(Claim(0))
    assert Expert().choose(s.view(1), random.Random(0)) == MUGGINS


def test_sampled_deals_agree_with_what_was_seen():
    rules = RuleSet.from_options(variant="five-up", unit="pips")
    s = HandState(rules, [["1-4", "6-6"], ["0-0", "2-2", "0-2"]], ["5-5", "3-4", "2-3", "3-5", "1-2"], leader=0)
    s.apply("1-4")
    s.apply(DRAW)  # player 1 draws 1-2: it fits, so it is played
    s.apply("1-2>1-4")
    view = s.view(0)
    assert _voids(view) == {1: frozenset({1, 4})}
    for seed in range(50):
        hands, bone = sample_deal(view, random.Random(seed))
        assert len(hands[1]) == view.hand_sizes[1] and len(bone) == view.boneyard_size
        assert all(1 not in (t.low, t.high) and 4 not in (t.low, t.high) for t in hands[1])
        assert set(hands[0]) == set(view.hand)
        assert not set(hands[1]) & set(view.layout.tiles)


def test_suggestions_give_a_reason():
    s = HandState(RuleSet.from_options(variant="five-up", unit="points"), [["1-4", "0-0"], ["4-6", "1-6", "0-2"]],
                  ["3-3"], leader=0)
    s.apply("1-4")
    view = s.view(1)
    tip = suggest(view, random.Random(0))
    assert tip is not None and isinstance(tip.action, Play) and tip.action in view.legal_actions
    after = view.layout.play(tip.action)
    assert tip.reason.startswith("Try ") and " on end " in tip.reason
    if after.total % 5 == 0:
        assert f"It scores {after.total // 5} point" in tip.reason
        assert f"leaves the next player a total of {after.total}." in tip.reason
    else:
        assert "No play scores now" in tip.reason
    assert suggest(s.view(0), random.Random(0)) is None  # not player 0's turn


def test_tournament_helpers():
    rec = match("greedy", "beginner", range(2))
    assert rec.games == 4 and 0 <= rec.win_rate <= 1
    lo, hi = rec.interval()
    assert 0 <= lo <= rec.win_rate <= hi <= 1
    total = Record()
    total.add(rec)
    assert total.games == 4
    winner, times = play_game(PRESETS["five-up-armanino"], [make_bot("expert"), make_bot("greedy")], 3, timed_seat=0)
    assert winner in (0, 1, None) and all(t >= 0 for t in times)
    with pytest.raises(ValueError):
        make_bot("grandmaster")
    assert Tile.parse("1-2").pips == 3


def test_bot_levels_are_an_enum_that_keeps_its_words():
    """A level is a BotLevel; its word (what a saved game keeps) reads back as it, and every level has a title."""
    from trainer.words.games import BOT_TITLES

    assert [str(level) for level in BotLevel] == ["beginner", "greedy", "expert"]
    assert BotLevel.parse("expert") is BotLevel.EXPERT and BotLevel.parse(BotLevel.GREEDY) is BotLevel.GREEDY
    assert set(BOT_TITLES) == set(BotLevel) and BOT_TITLES[BotLevel.BEGINNER] == "Beginner"
    assert isinstance(make_bot(BotLevel.EXPERT), Expert) and isinstance(make_bot("beginner", forget=0.5), Beginner)
    with pytest.raises(ValueError, match="not a computer player"):
        BotLevel.parse("grandmaster")


def test_a_hint_beside_the_sniff_says_so():
    """Sniff: a suggestion to set a tile beside the sniff names it as its button does, with the letter."""
    from trainer.rules import PRESETS

    seen = None
    for seed in range(200):
        s = HandState.deal(PRESETS["sniff"], 2, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal and seen is None:
            v = s.view(s.current_player)
            if v.phase == "turn" and any(isinstance(a, Play) and a.beside for a in v.legal_actions):
                tip = suggest(v, rng, rollouts=8)
                if tip is not None and isinstance(tip.action, Play) and tip.action.beside:
                    seen = tip
            s.apply(rng.choice(s.legal_actions()))
        if seen is not None:
            break
    assert seen is not None
    assert f"Try {seen.action.tile} beside the sniff, end " in seen.reason, seen.reason
