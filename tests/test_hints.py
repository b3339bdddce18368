"""The hint on Play a hand: it takes the sure score, names plays as the buttons do, and every fact in
its words is true of the position."""

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.bots import Greedy, suggest
from trainer.bots.hints import name_of, scoring_tiles, sure_score
from trainer.bots.players import play_score
from trainer.rules import DRAW, PRESETS, Claim, HandState, Play, RuleSet, Unit, play_points

GAMES = {**{f"preset:{k}": v for k, v in PRESETS.items()},
         **{s: RuleSet.trainer(s) for s in ("muggins", "all-fives", "five-up")}}
NAME = re.compile(r"\d-\d(?: on end [A-Z]| beside the sniff, end [A-Z])?")


def positions(rules, players: int, seed: int, moves: int):
    """The learner's decisions along a hand played by greedy players from a seeded deal."""
    rng = random.Random(seed)
    hand = HandState.deal(rules, players, rng=random.Random(seed))
    for _ in range(moves):
        if hand.is_terminal:
            return
        view = hand.view(hand.current_player)
        if view.phase == "turn":
            yield hand.clone(), view
        hand.apply(Greedy().choose(view, rng) if rng.random() < 0.7 else rng.choice(list(view.legal_actions)))


def check(hand, view, tip) -> None:
    """Everything a suggestion says, checked against the position."""
    assert tip.action in view.legal_actions
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    if not plays:
        return
    unit = view.rules.unit
    best_now = sure_score(view)
    if best_now:  # a play scores now: the hint is one of the biggest scores, never a guess instead
        assert isinstance(tip.action, Play), tip
    if not isinstance(tip.action, Play):
        assert tip.action is DRAW and "No play scores now" in tip.reason
        return
    got = play_score(view.layout, tip.action, unit)
    assert got == tip.score <= best_now, (view.layout.record, tip.reason)
    words = tip.reason
    if got < best_now:
        check_the_threat(view, tip, got, best_now)
    name = name_of(view.layout, tip.action)
    lead = tip.action.target is None
    assert words.startswith(f"Try leading {name}." if lead else f"Try {name}."), words
    # plays are named by their end letters, as on the buttons and the picture, never by a target tile
    assert not re.search(r"\bon \d-\d", words), words
    buttons = {name_of(view.layout, p) for p in plays}
    named = set(NAME.findall(words)) if not lead else set()
    assert named <= buttons, (named, buttons)
    after = view.layout.play(tip.action)
    if got:
        assert f"It scores {got} {unit if got != 1 else unit[:-1]}" in words, words
    elif best_now:
        assert "It scores nothing now" in words, words
    else:
        assert "No play scores now" in words or "It is a double, so you go again." in words, words
    # "you go again" exactly when the engine lets the player go on
    trial = hand.clone()
    trial.apply(tip.action)
    if trial.phase_name == "claim":
        trial.apply(Claim(trial.pending))  # the right call
    again = not trial.is_terminal and trial.current_player == view.player
    assert ("go again" in words) == again, (words, view.layout.record)
    if "go again" not in words:
        assert f"leaves the next player a total of {after.total}." in words, words
    # a comparison names two different plays, and its counts are right
    m = re.search(r"(?:After (?P<a>.+?), (?P<n>\d+) of the tiles you can't see|(?P<b>.+?) scores the same, but "
                  r"after it (?P<n2>\d+) of the tiles you can't see)", words.split(". ", 1)[-1])
    if m:
        other_name = (m.group("a") or m.group("b")).split(". ")[-1]
        assert other_name != name and other_name in buttons, (other_name, name)
        other = next(p for p in plays if name_of(view.layout, p) == other_name)
        assert play_score(view.layout, other, unit) == got  # it scores the same now
        unseen = sorted(view.unseen)
        assert int(m.group("n") or m.group("n2")) == scoring_tiles(view.layout.play(other), unseen)
        mine = scoring_tiles(after, unseen)
        assert (f"After {name}, none could." if mine == 0 else f"After {name}, only {mine} could.") in words
    m = re.search(r"After (?P<a>.+?), (?P<n>\d+) of your tiles could score next turn; after (?P<b>.+?), (?P<m>\d+)\.",
                  words)
    if m:
        assert m.group("a") == name and m.group("b") != name and m.group("b") in buttons
        assert int(m.group("n")) > int(m.group("m"))


THREAT = re.compile(
    r"\. (?P<other>[^.]+) would score (?P<s>\d+) \w+ now, but then the next player could score (?P<t>\d+) \w+: "
    r"(?P<n>\d+) of the (?P<u>\d+) tiles you can't see would do it, and they hold (?P<h>\d+) of them\. "
    r"After (?P<play>[^,]+), (?:they could score no more than (?P<y>\d+) \w+|no tile could score at all)\.")


def check_the_threat(view, tip, got: int, best_now: int) -> None:
    """A hint that scores less than another play now says why, and it is true: the other play scores the
    most now, the next player could then score more than the difference with as many unseen tiles as it
    says, and after the hint's play could score no more than it says."""
    from trainer.bots.hints import chance_of_any, threat

    m = THREAT.search(tip.reason)
    assert m, tip.reason
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    other = next(p for p in plays if name_of(view.layout, p) == m.group("other"))
    assert other != tip.action and m.group("play") == name_of(view.layout, tip.action)
    assert play_score(view.layout, other, view.rules.unit) == int(m.group("s")) == best_now
    their, many = threat(view, view.layout.play(other))
    assert (their, many) == (int(m.group("t")), int(m.group("n")))
    after, _ = threat(view, view.layout.play(tip.action))
    assert after == int(m.group("y") or 0)
    unseen, held = int(m.group("u")), int(m.group("h"))
    assert unseen == len(view.unseen) and held == view.hand_sizes[(view.player + 1) % view.n_players]
    # the threat, counted by the chance the next player holds such a tile, outweighs the points given up
    assert chance_of_any(unseen, many, held) * their - after > best_now - got
    # and it is true tile by tile: that many unseen tiles would score that much after the other play
    unseen = sorted(view.unseen)
    scoring = [t for t in unseen if any(play_points(total, view.rules.unit) == their
                                        for _, total in view.layout.play(other).totals_after([t]))]
    assert len(scoring) >= many


def test_the_hint_gives_up_a_sure_score_only_for_a_bigger_threat():
    """Over real hands of the learning games: whenever some play scores, the hint scores as much as the
    best of them, or it names the bigger score the other play would hand the next player."""
    rng = random.Random(4)
    checked = scoring = 0
    for seed in range(25):
        for hand, view in positions(RuleSet.trainer("five-up"), 2, seed, 60):
            tip = suggest(view, rng, rollouts=8)
            assert tip is not None
            check(hand, view, tip)
            checked += 1
            scoring += sure_score(view) > 0
    assert checked >= 150 and scoring >= 30


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), players=st.integers(2, 4), seed=st.integers(0, 10**6),
       moves=st.integers(0, 40))
def test_every_hint_takes_the_sure_score_and_says_only_what_is_true(game, players, seed, moves):
    rules = GAMES[game]
    if players not in rules.seats:
        players = max(rules.seats)
    seen = list(positions(rules, players, seed, moves + 1))
    if not seen:
        return
    hand, view = seen[-1]
    tip = suggest(view, random.Random(seed), rollouts=6)
    assert tip is not None
    check(hand, view, tip)


def test_comparisons_and_going_again_come_up():
    """The property test above is not empty: over real hands, comparisons between two plays and the
    going-again words both appear, and every one is checked."""
    seen = {"compare": 0, "again": 0}
    for game, players in (("five-up", 2), ("preset:seven-toed-pete", 4), ("preset:muggins", 2)):
        rng = random.Random(game)
        for seed in range(8):
            for hand, view in positions(GAMES[game], players, seed, 40):
                tip = suggest(view, rng, rollouts=6)
                check(hand, view, tip)
                seen["compare"] += "could score for the next player" in tip.reason
                seen["again"] += "go again" in tip.reason
    assert seen["compare"] >= 5 and seen["again"] >= 3, seen


def test_a_bigger_threat_is_told_truly():
    """The one reason a hint may give up a sure score, checked on every pair of plays of real pip-game
    hands where one scores less: when the reason is given, every number in it is true and the threat
    outweighs the points given up; it comes up, and it is not given for every lower play."""
    from types import SimpleNamespace

    from trainer.bots.hints import risk_words

    told = refused = 0
    for game in ("muggins", "all-fives"):
        for seed in range(40):
            for _hand, view in positions(PRESETS[game], 2, seed, 40):
                plays = [a for a in view.legal_actions if isinstance(a, Play)]
                if not plays:
                    continue
                score = {p: play_score(view.layout, p, Unit.PIPS) for p in plays}
                top = max(plays, key=lambda p: score[p])
                for low in plays:
                    if score[low] >= score[top]:
                        continue
                    why = risk_words(view, low, top, score[low], score[top])
                    if why is None:
                        refused += 1
                        continue
                    told += 1
                    name = name_of(view.layout, low)
                    tip = SimpleNamespace(action=low, reason=f"Try {name}. It scores nothing now. {why}")
                    check_the_threat(view, tip, score[low], score[top])
    assert told >= 3 and refused > 10 * told, (told, refused)
