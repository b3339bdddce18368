"""AppTest: Play a hand's sound switch is there for a child, on until switched off (for the session), and the
page asks the browser for the score sound only after a move that brought a score, never with the switch off;
every fresh score is said in words under the layout as well."""

from apptest import app as open_app
from apptest import learner_move, start_game

from trainer.words import motion as words


def sound_requests(at) -> list[str]:
    """The score-sound requests on the page (the component's data carries the score's mark)."""
    return [str(c.proto) for c in at.get("bidi_component") if "score-sound-" in str(getattr(c, "proto", ""))]


def scored_words(at) -> str:
    return " ".join(m.value for m in at.markdown if ":material/stars:" in m.value)


def play(at, g, moves: int, check) -> int:
    """Make up to ``moves`` of the learner's moves; ``check(news)`` after each; the number of scoring moves."""
    scores = 0
    for _ in range(moves):
        if g.finished is not None or g.game.is_over:
            break
        learner_move(at, g)
        news = g.news()
        if g.waiting_for_learner and g.view().phase == "turn":
            check(news)
            scores += bool(news.scored)
    return scores


def test_the_sound_switch_is_on_for_a_child_and_sounds_only_after_a_score():
    at = open_app()
    g = start_game(at, game="all-fives", players=2, bots="greedy", seed=7)
    switch = at.toggle(key="g_sound")
    assert switch.value is True and switch.label == words.sound()  # no icon's code for a screen reader to read

    def check(news):
        asked = sound_requests(at)
        if news.scored:
            assert len(asked) == 1 and news.mark in asked[0], (news, asked)
            assert scored_words(at), "the score said in words too"
        else:
            assert not asked and not scored_words(at), (news, asked)

    assert play(at, g, 40, check) >= 2


def test_switched_off_the_page_never_asks_for_the_sound_and_still_says_the_score():
    at = open_app()
    g = start_game(at, game="all-fives", players=2, bots="greedy", seed=7)
    at.toggle(key="g_sound").set_value(False).run()
    assert at.session_state["play"].sound is False

    def check(news):
        assert not sound_requests(at)
        assert bool(scored_words(at)) == bool(news.scored)

    assert play(at, g, 40, check) >= 2
    assert at.toggle(key="g_sound").value is False  # remembered through the moves


def test_the_board_slides_in_the_learners_tile_from_below_and_the_others_from_above():
    at = open_app()
    g = start_game(at, game="all-fives", players=3, bots="greedy", seed=11)
    checked = 0
    for _ in range(30):
        if g.finished is not None or g.game.is_over:
            break
        learner_move(at, g)
        news = g.news()
        boards = [str(c.proto) for c in at.get("bidi_component") if "fives-layout" in str(getattr(c, "proto", ""))]
        if not (boards and news.placed and g.waiting_for_learner and g.view().phase == "turn"):
            continue
        board = boards[0].replace('\\\\"', '"').replace('\\"', '"')
        for p in news.placed:
            side = "below" if p.player == 0 else "above"
            assert f'class="fives-slide from-{side}" data-slide="{p.index}"' in board, (p, side)
        assert board.count('class="fives-slide ') == len(news.placed)  # only the tiles just played
        checked += 1
    assert checked >= 3
