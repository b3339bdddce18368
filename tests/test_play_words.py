"""AppTest: Play a hand says every score in its game's unit, the Muggins! screen shows the layout,
suggestions name plays by their end letters, and the Rules page covers going again and the muggins
call."""

import re

import pytest
from apptest import app, learner_move, start_game
from apptest import notices as texts  # the notices and markdown, not the captions

from trainer.rules import Play


def story(at) -> str:
    return " ".join(m.value for m in at.markdown if m.value.startswith("- "))


def play_until(at, g, done, moves: int = 80) -> bool:
    for _ in range(moves):
        if done(g):
            return True
        if g.finished is not None or g.game.is_over:
            return False
        learner_move(at, g)
    return done(g)


def scored_claim(g) -> bool:
    return g.waiting_for_learner and g.view().phase == "claim" and g.game.hand.pending > 0


@pytest.mark.parametrize("game, unit, other", [("preset:muggins", "pips", "point"), ("five-up", "points", "pip")])
def test_the_muggins_call_asks_and_answers_in_the_games_unit(game, unit, other):
    at = app()
    for seed in range(1, 30):
        g = start_game(at, game=game, calls=True, guidance="where", bots="greedy", seed=seed)
        if play_until(at, g, scored_claim):
            break
        at.button(key="g_quit").click().run()
        at.button(key="g_quit_yes").click().run()
    else:
        pytest.fail("no scoring play of the learner's in 30 deals")
    made = g.game.hand.pending
    assert f"What did your play score, in {unit}?" in texts(at)
    assert at.button(key="g_claim_0").label == "No score"
    at.button(key="g_claim_0").click().run()  # the learner says "No score" after a play that scored
    told = story(at)
    amount = f"{made} {unit if made != 1 else unit[:-1]}"
    assert f"You said no score, but your play made {amount}." in told, told
    assert "You forgot" not in told
    assert f"Leo called Muggins! and took {amount}." in told, told
    # the unit of the other kind of game appears nowhere in a score
    assert not re.search(rf"\d {other}s?\b", told), told


def test_the_muggins_screen_shows_the_layout_and_hides_the_score_until_called():
    at = app()
    for seed in range(1, 40):
        g = start_game(at, game="preset:muggins", calls=True, guidance="off", bots="beginner", seed=seed)

        def chance(g):
            return g.waiting_for_learner and g.view().phase == "muggins"

        if play_until(at, g, chance):
            break
        at.button(key="g_quit").click().run()
        at.button(key="g_quit_yes").click().run()
    else:
        pytest.fail("no forgotten score in 40 deals with forgetful computer players")
    missed = g.game.hand.pending
    heading = next(m.value for m in at.markdown if m.value.startswith("###") and "miss a score" in m.value)
    assert heading == "### Did Leo miss a score? Count the ends!", heading
    pictures = [m.value for m in at.markdown if 'class="fives-layout' in m.value]
    assert pictures, "the layout is shown on the Muggins! screen"
    screen = " ".join(m.value for m in at.markdown if "fives-picture" not in m.value and not m.value.startswith("- "))
    # nothing on the screen gives the missed score away: not the amount, not the story of the play
    assert not re.search(rf"(?<!\d){missed} pips", screen) and "missed" not in screen, screen
    last = [line for line in story(at).split("\n") if line.startswith("- Leo ")][0]  # newest first
    assert "ends" not in last and ("said no score." in last or "Leo called " in last), last
    at.button(key="g_muggins").click().run()
    assert f"You called Muggins! and took {missed} pips." in story(at)


def test_pip_games_never_call_pips_points():
    at = app()
    g = start_game(at, game="preset:muggins", guidance="where", bots="greedy", seed=11)
    seen_option = False
    for _ in range(80):
        if g.finished is not None:
            break
        labels = [b.label for b in at.button if b.key and b.key.startswith("g_opt_")]
        for label in labels:
            if ", scores " in label:
                assert re.search(r", scores \d+ pips?$", label), label
                seen_option = True
        learner_move(at, g)
    page = texts(at)
    assert not re.search(r"\d+ points?\b", story(at) + page), page
    assert re.search(r"\b(score|scores) \d+ pips\.", page), page  # the settlement, in pips
    assert "to 200 pips" in page
    assert seen_option


def test_learning_games_show_the_total_and_the_points():
    at = app()
    g = start_game(at, game="five-up", guidance="where", bots="greedy", seed=4)
    for _ in range(80):
        if g.finished is not None or any("→" in line and "point" in line for line in g.log):
            break
        learner_move(at, g)
    assert any(re.search(r"a multiple of five — \d+ → \d+ points?\.", line) for line in g.log), g.log
    assert "to 61 points" in texts(at)


def test_suggestions_name_plays_by_their_end_letters():
    at = app()
    checked = 0
    g = start_game(at, game="five-up", guidance="suggest", bots="greedy", seed=9)
    for _ in range(60):
        if g.finished is not None:
            break
        view = g.view()
        tips = [s.value for s in at.success if "Try" in s.value]
        if view.phase == "turn" and len([a for a in view.legal_actions if isinstance(a, Play)]) > 1:
            assert tips, "a suggestion when there is a choice"
            tip = tips[0]
            assert re.search(r"Try (\d-\d on end [A-Z]|leading \d-\d)\.", tip), tip
            assert not re.search(r"\bon \d-\d", tip), tip
            letters = set(re.findall(r"on end ([A-Z])", tip))
            buttons = " ".join(b.label for b in at.button if b.key and b.key.startswith("g_opt_"))
            assert all(f"on end {x}" in buttons for x in letters), (tip, buttons)
            checked += 1
        learner_move(at, g)
    assert checked >= 3


def test_the_rules_page_explains_going_again_and_the_muggins_call():
    at = app(page="rules")
    headers = [h.value for h in at.header]
    assert "6. Go again: Seven-Toed Pete and Horse Race" in headers
    assert "7. Say your score: the muggins call" in headers
    page = texts(at)
    for fact in ("you play again straight away", "pass the lead", "0-5, 1-4, 2-3, 4-6 or 5-5", "no boneyard",
                 "The lead moves on", "a tile you have just drawn ends your turn", "\"Muggins!\"",
                 "say what your play scored", "says \"5 pips\"", "\"1 point\""):
        assert fact in page, fact


def test_the_going_again_example_is_what_the_engine_does():
    from trainer.words.more_rules import go_again_example

    steps = go_again_example()
    assert [again for _, _, again in steps] == [True, True, False]
    for words, _, again in steps:
        assert ("so you go again" in words) == again and ("your turn ends" in words) != again
