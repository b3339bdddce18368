"""Transfer from real games: decisions on Play a hand, scores spotted, and missed scores as puzzles."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import CodeError, Puzzle, from_code, generate, puzzle_from_position
from puzzles.judge import judge
from puzzles.positions import is_position_code, position_code, read_position
from trainer.bots import BotLevel
from trainer.games.guided import GuidedGame, Setup
from trainer.learning.outbox import DecisionSaver
from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.practice import COACH, Practice
from trainer.learning.states import ReviewMode
from trainer.learning.transfer import (
    Decision,
    RealGames,
    answered_since,
    decide,
    share,
    weekly,
)
from trainer.rules import DRAW, TILES, Claim, Game, Play, RuleSet
from trainer.rules.random_layouts import random_layout
from trainer.store import LearnerGone, StoreUnavailable

DAY = 86400.0
MONDAY = dt.datetime(2026, 11, 2, 9, tzinfo=dt.UTC).timestamp()


def worst_play(view) -> Play:
    """The play that scores least (a learner who misses scores)."""
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    return min(plays, key=lambda p: (view.rules.points(view.layout.play(p).total), str(p)))


def missing_game(seed: int = 5, game: str = "muggins", clock=lambda: MONDAY, misses: int = 1) -> GuidedGame:
    """A guided game where the learner always plays the lowest score, played until a missed score that
    makes a puzzle."""
    g = GuidedGame(Setup(game=game, seed=seed, bot_level=BotLevel.GREEDY))
    g.clock = clock
    for _ in range(300):
        if sum(1 for d in g.decided if d.missed and d.puzzle() is not None) >= misses and g.this_hand:
            return g
        if g.finished is not None:
            g.next_hand()
            continue
        view = g.view()
        if view.phase == "claim":
            g.act(next(a for a in view.legal_actions if isinstance(a, Claim)))
        elif any(isinstance(a, Play) for a in view.legal_actions):
            assert g.act(worst_play(view)) is None
        else:
            g.act(view.legal_actions[0])
    raise AssertionError("no missed score in 300 moves")


def a_decision(uid: str = "d1", at: float = MONDAY, best: int = 2, score: int = 0) -> Decision:
    """A missed score on a real position: 2-3 on the 3 of 3-4 makes 10; 4-6 on 4-4 makes nothing."""
    offered = (("1-4>4-4", 0), ("2-3>3-4", best), ("4-6>4-4", score))
    return Decision(uid, at, "muggins", "muggins", "3-4 4-4>3-4", ("1-4", "2-3", "4-6"), offered,
                    "4-6>4-4" if score < best else "2-3>3-4", score, best)


# ----- recording decisions -----

def test_each_play_the_learner_chooses_is_a_decision_with_its_scores():
    g = missing_game()
    decisions = g.take_decisions()
    assert decisions and g.take_decisions() == []  # taken once
    for d in decisions:
        assert g.moves[int(d.uid.rsplit("-", 1)[1])] == d.chosen  # the move it names
        scores = dict(d.offered)
        assert d.chosen in scores and d.score == scores[d.chosen] and d.best == max(scores.values())
        assert d.score == min(scores.values())  # this learner plays the lowest score
        assert len(d.uid) <= 40 and d.uid.startswith(g.key)
    assert len({d.uid for d in decisions}) == len(decisions)


def test_decide_knows_a_draw_and_ignores_moves_without_a_choice():
    game = Game(RuleSet.preset("all-fives-tidwell"), 2, seed=1)  # a player may draw while holding a play
    for _ in range(200):
        view = game.hand.view(game.current_player)
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if plays and DRAW in view.legal_actions:
            d = decide(view, DRAW, uid="x", at=0.0, game="preset:all-fives-tidwell")
            assert d.chosen == "draw" and d.score == 0 and d.best == max(s for _, s in d.offered)
            break
        if view.phase == "claim":
            assert decide(view, view.legal_actions[0], uid="x", at=0.0, game="g") is None
        game.apply(plays[0] if plays else view.legal_actions[0], player=game.current_player)
    else:
        pytest.fail("no voluntary draw came up")


def test_a_replayed_game_keeps_its_key_so_decisions_are_named_alike():
    g = missing_game(seed=11)
    made = g.take_decisions()
    again = GuidedGame.replay(g.state())
    assert again.key == g.key and again.take_decisions() == []  # kept when they were made
    assert [d.uid for d in again.this_hand] == [d.uid for d in g.this_hand]
    assert {d.uid for d in g.this_hand} <= {d.uid for d in made}


# ----- a missed score becomes a puzzle -----

def test_a_missed_score_becomes_a_best_play_puzzle_that_its_code_opens():
    g = missing_game(seed=3, game="five-up")
    d = next(d for d in g.decided if d.missed and d.puzzle() is not None)
    p = d.puzzle()
    assert p.kind == "best-play" and p.stage == "five-up" and p.board.record == d.layout
    assert sorted(str(t) for t in p.hand) == sorted(d.hand) and is_position_code(p.code)
    assert from_code(p.code) == p and from_code(p.code.lower().replace("-", " ")) == p
    assert {str(c.value) for c in p.choices} == {t for t, _ in d.offered}
    best = {t for t, s in d.offered if s == d.best}
    assert {str(a) for a in p.answer} == best and d.chosen not in {str(a) for a in p.answer}
    assert judge(p, p.answer[0]).correct and not judge(p, d.chosen).correct
    assert p.to_dict()["code"] == p.code


def test_only_missed_scores_in_games_the_puzzles_draw_become_puzzles():
    assert a_decision(score=2).puzzle() is None  # spotted
    sniff = Decision("s", 0.0, "preset:sniff", "sniff", "3-4", ("4-6",), (("4-6>3-4", 2),), "4-6>3-4", 0, 2)
    assert sniff.missed and sniff.puzzle() is None
    assert puzzle_from_position("muggins", "3-4", ["5-5"]) is None  # no play at all


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(("muggins", "all-fives", "five-up")), st.integers(1, 27), st.integers(0, 21),
       st.randoms(use_true_random=False))
def test_any_position_survives_its_code(stage, tiles, hand_size, rnd):
    lay = random_layout(stage, tiles, random.Random(rnd.random()))
    off = [t for t in TILES if t not in lay]
    hand = sorted(rnd.sample(off, min(hand_size, len(off))))
    code = position_code(stage, lay.record, hand)
    assert read_position(code) == (stage, lay.record, tuple(str(t) for t in hand))
    assert len(code.replace("-", "")) <= 40


def test_short_codes_still_open_and_typos_are_caught():
    p = generate("best-play", stage="muggins", level=2, seed=9)
    assert from_code(p.code) == p and not is_position_code(p.code)
    lay = random_layout("all-fives", 12, random.Random(4))
    code = position_code("all-fives", lay.record, [t for t in TILES if t not in lay][:5])
    plain = code.replace("-", "")
    caught = 0
    for i in range(len(plain)):
        for ch in "ACDEFGHJKMNPQRTWXY34679":
            typo = plain[:i] + ch + plain[i + 1:]
            if typo == plain:
                continue
            try:
                read_position(typo)
            except CodeError:
                caught += 1
    assert caught / (len(plain) * 22) > 0.99
    for bad in ("HX7K-3MPA-X", "0O0O-0O0O-0O0O", plain + "A"):
        with pytest.raises(CodeError):
            from_code(bad)


# ----- the share of scores spotted -----

chances = st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 60)), max_size=40)


def deciding(items) -> list[Decision]:
    out = []
    for i, (best, score, day) in enumerate(items):
        score = min(score, best)
        out.append(Decision(f"u{i}", MONDAY + day * DAY, "muggins", "muggins", "", (), (("a", best),), "a", score,
                            best))
    return out


@given(chances)
def test_the_share_is_chances_taken_over_chances(items):
    ds = deciding(items)
    n = sum(1 for best, _, _ in items if best)
    k = sum(1 for best, score, _ in items if best and score >= best)
    assert share(ds) == (k / n if n else None)
    weeks = weekly(ds)
    assert sum(w.chances for w in weeks) == n and sum(w.spotted for w in weeks) == k
    assert all(w.start.weekday() == 0 and 0 <= w.share <= 1 and w.chances for w in weeks)
    assert [w.start for w in weeks] == sorted({w.start for w in weeks})
    games = RealGames.from_decisions(ds + ds)  # the same decisions sent twice count once
    assert (games.chances, games.spotted) == (n, k)


def test_no_chance_no_share():
    assert share([]) is None and weekly([]) == []
    assert share([a_decision(best=0)]) is None


# ----- the coach serves missed scores on the next days -----

def test_missed_scores_come_back_on_the_next_days_a_few_a_day():
    games = RealGames.from_decisions([a_decision(f"d{i}", MONDAY + i) for i in range(3)])
    # three decisions on one position: one puzzle; more positions from the same day
    g = missing_game(seed=8, game="all-fives", misses=3)
    for d in g.take_decisions():
        games.add(Decision(d.uid, MONDAY, d.game, d.variant, d.layout, d.hand, d.offered, d.chosen, d.score, d.best))
    waiting = list(games.waiting(MONDAY + DAY))
    assert len(waiting) == len({p.code for p in waiting}) >= 2
    assert games.due(MONDAY + 3600) is None  # not the same day
    day2 = MONDAY + DAY
    first = games.due(day2)
    assert first == waiting[0]
    games.practised(first.code, day2)
    per_day, spacing = DEFAULT_POLICY.game_puzzles_per_day, DEFAULT_POLICY.game_puzzle_spacing
    assert games.due(day2, answered_since=spacing - 1) is None  # not straight after another
    second = games.due(day2, answered_since=spacing)
    assert second is not None and second != first
    for _ in range(per_day - 1):
        games.practised(games.due(day2, spacing).code, day2)
    assert games.served_on(dt.date(2026, 11, 3)) == per_day and games.due(day2, spacing) is None
    third = games.due(day2 + DAY, spacing)
    assert third is not None and third.code not in games.served


def test_the_coach_serves_a_missed_score_from_a_game_the_next_day():
    now = [MONDAY]
    pr = Practice(seed_source=random.Random(1), clock=lambda: now[0])
    kept: list[Decision] = []
    pr.on_decision = kept.append
    g = missing_game(seed=5, clock=lambda: now[0])
    for d in g.take_decisions():
        pr.record_decision(d)
    assert kept == pr.games.decisions
    assert pr.new_puzzle(COACH, "muggins", 1).code != pr.games.puzzle_of(
        next(d for d in kept if d.missed and d.puzzle())).code  # not today
    pr.answer(pr.puzzle.answer)
    now[0] += DAY
    p = pr.new_puzzle(COACH, "muggins", 1)
    assert is_position_code(p.code) and pr.review == ReviewMode.GAME and pr.notice
    pr.answer(p.answer)
    a = pr.progress.attempts[-1]
    assert a.review == ReviewMode.GAME and a.code == p.code and a.correct
    assert p.code in pr.games.served
    nxt = pr.new_puzzle(COACH, "muggins", 1)
    assert nxt.code != p.code and pr.review != ReviewMode.GAME  # spaced out
    assert answered_since([a.review for a in pr.progress.attempts], ReviewMode.GAME) == 0


def test_a_missed_puzzle_from_a_game_comes_back_like_any_missed_puzzle():
    now = [MONDAY + DAY]
    pr = Practice(seed_source=random.Random(2), clock=lambda: now[0])
    pr.record_decision(a_decision())
    p = pr.new_puzzle(COACH, "muggins", 1)
    assert pr.review == ReviewMode.GAME
    pr.answer("4-6>4-4")  # wrong again
    for _ in range(4):
        q = pr.new_puzzle(COACH, "muggins", 1)
        if q.code == p.code:
            break
        pr.answer(q.answer)
    assert q.code == p.code and pr.review is ReviewMode.RETRY


# ----- the outbox -----

class FlakyStore:
    def __init__(self):
        self.up = False
        self.kept: dict[str, Decision] = {}
        self.order: list[str] = []

    def record_decisions(self, code, items):
        if not self.up:
            raise StoreUnavailable()
        if code == "GONE":
            raise LearnerGone()
        for d in items:
            if d.uid not in self.kept:
                self.kept[d.uid] = d
                self.order.append(d.uid)


def test_decisions_made_while_the_store_is_away_are_written_later_once_each_in_order():
    store = FlakyStore()
    t = [0.0]
    out = DecisionSaver("KQ7M-XR4P", lambda: store, clock=lambda: t[0])
    ds = [a_decision(f"d{i}") for i in range(4)]
    for d in ds[:3]:
        out(d)
    assert len(out.pending) == 3 and out.failed == 3 and not store.kept
    store.up = True
    assert not out.flush()  # waits before trying again
    t[0] += 5
    assert out.flush() and not out.pending
    out(ds[0])  # sent again: kept once
    out(ds[3])
    assert store.order == ["d0", "d1", "d2", "d3"]
    gone = DecisionSaver("GONE", lambda: store)
    gone(ds[0])
    assert gone.gone and gone.pending


def test_a_puzzle_is_a_puzzle():
    p = a_decision().puzzle()
    assert isinstance(p, Puzzle) and p.to_dict()["answer"] == ["2-3>3-4"] and p.question
