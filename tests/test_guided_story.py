"""The story of Play a hand, told by :class:`GuidedGame` (pure: no page)."""

import re

from trainer.games.guided import GuidedGame, Setup
from trainer.rules import EventKind, Play


def first_legal(g: GuidedGame) -> None:
    acts = g.view().legal_actions
    plays = [a for a in acts if isinstance(a, Play)]
    assert g.act(plays[0] if plays else acts[0]) is None


def play_to_hand_end(g: GuidedGame) -> None:
    for _ in range(200):
        if g.finished is not None or g.game.is_over:
            return
        first_legal(g)
    raise AssertionError("the hand did not end")


def test_the_learners_last_draws_are_told_and_not_pinned_on_the_next_leader():
    g = GuidedGame(Setup(game="muggins", seed=2, guidance="off"))
    play_to_hand_end(g)  # the learner draws the boneyard's last tiles and the hand blocks on them
    last = g.game.hands[g.finished_hand].history[-1]
    assert last.kind is EventKind.DRAW and last.player == 0
    drawn = 0
    for ev in reversed(g.game.hands[g.finished_hand].history):
        if ev.kind is not EventKind.DRAW:
            break
        drawn += 1
    assert g.log[-2] == f"You drew {drawn} tiles, the last in the boneyard: none of them fits.", g.log[-3:]
    assert g.log[-1].startswith("Blocked")
    g.next_hand()
    if g.waiting_for_learner:
        first_legal(g)
    assert g.log and " led " in g.log[0] and " drew " not in g.log[0], g.log  # a lead needs no draw


def test_a_game_that_ends_at_the_target_says_who_reached_it():
    for seed in range(40):
        g = GuidedGame(Setup(game="preset:five-up-armanino", seed=seed, guidance="off"))
        for _ in range(80):
            if g.game.is_over:
                break
            if g.finished is not None:
                g.next_hand()
            play_to_hand_end(g)
        res = g.game.results[-1]
        if res.ending == "target":
            assert "reached 61 points: the game ends at once" in g.log[-1], g.log[-3:]
            assert max(g.game.scores) >= 61
            return
    raise AssertionError("no game ended in the middle of a hand")


def test_the_story_says_every_end_a_0_too():
    from trainer.games.guided import working
    from trainer.rules import Layout

    assert working(Layout.from_record("0-6", variant="muggins")) == "0 + 6 = 6"  # not a bare "6"
    assert working(Layout.from_record("0-6 0-0>0-6", variant="muggins")) == "6 + 0 = 6"  # the 0-0 counts 0
    assert working(Layout.from_record("1-4 1-1>1-4 4-4>1-4 3-4>4-4 1-2>1-1", variant="all-fives")) == "3 + 2 = 5"


def test_a_turn_that_went_on_says_why_it_stopped():
    reasons = set()
    for seed in range(8):
        g = GuidedGame(Setup(game="preset:horse-race", players=4, seed=seed, guidance="off"))
        play_to_hand_end(g)
        lines = g.log
        for i, line in enumerate(lines[:-2]):
            if not line.endswith("goes again.") and line != "You go again!":
                continue
            after = lines[i + 2]  # the next play, then: on again, the reason it stops, or the hand's end
            ok = ("go again" in after or "goes again" in after or "turn ends" in after or "domino" in after
                  or after.startswith("Blocked"))
            assert ok, lines[i:i + 3]
            if "turn ends" in after:
                reasons.add(after.split(",")[0].split(" ", 1)[1])
    assert reasons, "some turn that went on stopped, and the story said why"


def test_the_tiles_left_are_counted_in_spots_and_the_scores_in_pips():
    g = GuidedGame(Setup(game="preset:muggins", seed=4, guidance="off"))
    play_to_hand_end(g)
    lines = " ".join(g.settlement_lines(g.finished))
    assert " spot" in lines and not re.search(r"= \d+ pips?\b|hold \d+ pips?\b", lines), lines


def test_the_count_says_the_other_hand_in_a_game_of_two_and_the_other_hands_in_a_bigger_one():
    cases = ((2, "The other hand holds", "other hands"), (3, "The other hands hold", "other hand "))
    for players, said, unsaid in cases:
        for seed in range(40):  # a hand with a winner whose count is of the others' tiles only
            g = GuidedGame(Setup(game="all-fives", players=players, seed=seed, guidance="off"))
            play_to_hand_end(g)
            lines = " ".join(g.settlement_lines(g.finished)) if g.finished is not None else ""
            if "hold" in lines:
                break
        assert said in lines and unsaid not in lines, (players, lines)
