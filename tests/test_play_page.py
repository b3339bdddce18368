"""AppTest: Play a hand tells the whole hand and keeps a game log, keeps a guest's game in the browser,
asks before quitting, offers every score a layout can make, keeps the score hidden with the muggins call
on, and a rematch keeps the settings."""

import json
import re

from apptest import app, learner_move, start_game
from apptest import notices as texts

from trainer.games.guided import GuidedGame, Setup
from trainer.rules import Play


def story_box(at) -> str:
    """The story as shown (each tile's name with a non-breaking hyphen), read as it is typed."""
    return " ".join(m.value for m in at.markdown if m.value.startswith("- ")).replace("\u2011", "-")


def play_hand(at, g, moves: int = 120) -> None:
    for _ in range(moves):
        if g.finished is not None or g.game.is_over:
            return
        learner_move(at, g)


def test_the_whole_hand_is_told_with_the_score_table_and_a_game_log():
    at = app()
    g = start_game(at, game="preset:horse-race", players=4, bots="greedy", seed=31)
    play_hand(at, g)
    assert g.finished is not None and len(g.log) > 12  # the computer players' chains are long
    told = story_box(at)
    assert all(line in told for line in g.log), "every line of the hand, the learner's own plays too"
    first = g.log[0]
    at.button(key="g_next").click().run()
    table = next(m.value for m in at.markdown if m.value.startswith("| Hand |"))
    assert "| 1 |" in table and "**Total**" in table, table
    log = next(e for e in at.expander if e.label.startswith("Game log"))
    assert log.label == "Game log: 1 hand before this one"
    assert first in " ".join(m.value for m in log.markdown).replace("\u2011", "-")


def test_quit_asks_first():
    at = app()
    g = start_game(at, game="muggins", seed=5)
    at.button(key="g_quit").click().run()
    assert at.session_state["play"].game is g and "Quit this game?" in texts(at)
    at.button(key="g_quit_no").click().run()  # keep playing
    assert at.session_state["play"].game is g and not any(b.key == "g_quit_yes" for b in at.button)
    at.button(key="g_quit").click().run()
    at.button(key="g_quit_yes").click().run()
    assert at.session_state["play"].game is None and at.selectbox(key="g_game")


def test_a_guests_game_is_kept_in_the_browser_and_picked_up_after_a_reload():
    at = app()
    g = start_game(at, game="muggins", seed=5)
    learner_move(at, g)
    saver = at.session_state["play"].saver
    assert saver.saved == (g.game_id, len(g.moves)) and g.moves  # written to the browser after the move
    kept = json.dumps(g.state())
    again = app()  # a reload: a new session; the browser says what it keeps
    again.session_state["session"].device = {"game": kept}
    again.switch_page("views/play.py").run()
    h = again.session_state["play"].game
    assert h is not None and h.moves == g.moves and h.log == g.log
    assert "Your game was kept on this device" in texts(again)


def test_say_your_score_offers_every_score_the_layout_can_make():
    from trainer.rules import Layout

    # Five-Up: a spinner with four arms, each ending in a double with a free side (up to 12 each)
    lay = Layout.from_record("5-5 5-6>5-5 0-5>5-5 2-5>5-5 3-5>5-5 6-6>5-6 2-2>2-5 3-3>3-5 0-0>0-5",
                             variant="five-up")
    assert [e.kind for e in lay.open_ends] == ["double"] * 4
    g = GuidedGame(Setup(game="five-up", seed=3))
    g.view = lambda: type("View", (), {"layout": lay})()  # the learner's view, at this layout
    assert g.claim_choices() == list(range(0, 10))  # 0 to 9 points: 45 is there (the old buttons stopped at 8)
    pips = GuidedGame(Setup(game="preset:muggins", seed=3))
    pips.view = g.view
    assert pips.claim_choices() == list(range(0, 50, 5))


def test_every_score_a_play_makes_is_among_the_buttons():
    for game in ("muggins", "five-up", "preset:sniff", "preset:sniff-crosswise", "preset:horse-race-pagat"):
        for seed in range(6):
            g = GuidedGame(Setup(game=game, seed=seed, muggins_call=True, guidance="off"))
            for _ in range(80):
                if g.game.is_over or g.finished is not None:
                    break
                view = g.view()
                if view.phase == "claim":
                    assert g.game.hand.pending in g.claim_choices(), (game, seed, view.layout.record)
                    g.act(next(c for c in view.legal_actions if getattr(c, "points", None) == g.game.hand.pending))
                    continue
                acts = view.legal_actions
                plays = [a for a in acts if isinstance(a, Play)]
                g.act(plays[-1] if plays else acts[0])


def test_a_rematch_and_a_new_game_keep_the_settings():
    at = app()
    g = start_game(at, game="preset:muggins", players=3, bots="expert", guidance="suggest", calls=True, seed=8)
    at.session_state["play"].game.game.is_over = True  # the end of the game, as the page shows it
    at.run()
    at.button(key="g_rematch").click().run()
    again = at.session_state["play"].game
    assert again is not g and again.setup.game == "preset:muggins" and again.setup.players == 3
    assert again.setup.bot_level == "expert" and again.setup.guidance == "suggest" and again.setup.muggins_call
    at.button(key="g_quit").click().run()
    at.button(key="g_quit_yes").click().run()
    assert at.selectbox(key="g_game").value == "preset:muggins" and at.segmented_control(key="g_players").value == 3
    assert at.radio(key="g_guidance").value == "suggest" and at.checkbox(key="g_calls").value


def test_with_the_muggins_call_on_the_suggestions_keep_the_score_for_the_child():
    at = app()
    g = start_game(at, game="five-up", guidance="suggest", calls=True, bots="greedy", seed=9)
    seen = 0
    for _ in range(40):
        if g.finished is not None:
            break
        if g.view().phase == "turn":
            labels = [b.label for b in at.button if b.key and b.key.startswith("g_opt_")]
            tips = [s.value for s in at.success if "Try" in s.value]
            for text in labels + tips:
                assert not re.search(r"total|scores|points?\b|pips?\b|→", text), text
            seen += bool(labels)
        learner_move(at, g)
    assert seen >= 2


def test_a_wrong_tap_warning_sits_next_to_the_hand():
    from trainer.rules import TILES

    at = app()
    g = start_game(at, game="muggins", guidance="where", seed=5)
    if g.view().layout.is_empty:
        learner_move(at, g)
    held = {str(t) for t in g.view().hand}
    stranger = next(str(t) for t in TILES if str(t) not in held)
    at.session_state["play"].message = g.act(stranger)  # what a tap on a tile not in the hand says
    at.run()
    page = [getattr(e, "value", "") for e in at.main]
    warning = next(i for i, v in enumerate(page) if isinstance(v, str) and "is not in your hand" in v)
    scores = next(i for i, v in enumerate(page) if isinstance(v, str) and "Hand 1 ·" in v)
    assert warning > scores, "below the scores and the hand, not above the screen"


def test_the_story_puts_the_latest_move_first():
    at = app()
    g = start_game(at, game="muggins", seed=5)
    for _ in range(3):
        learner_move(at, g)
    box = next(m.value for m in at.markdown if m.value.startswith("- ")).replace("\u2011", "-")
    assert box.split("\n")[0] == f"- {g.story()[-1]}" and box.split("\n")[-1] == f"- {g.story()[0]}"


def test_a_board_pick_that_is_not_an_object_is_refused_calmly(monkeypatch):
    """Only a forged message sends one: nothing is played and the page says so calmly, no error."""
    from types import SimpleNamespace

    from trainer.web import ui

    at = app()
    g = start_game(at, game="five-up", players=2, bots="beginner", seed=7)
    moves = len(g.game.hand.history)
    real = ui.board_component
    for forged in ("3-4", ["3-4", "A:4"], 5, True):
        monkeypatch.setattr(ui, "board_component", lambda *a, _f=forged, **kw: SimpleNamespace(pick=_f))
        at.run()
        assert not at.exception, at.exception
        assert not at.error, [e.value for e in at.error]
        assert any("did not come through" in i.value for i in at.info), [i.value for i in at.info]
        assert len(at.session_state["play"].game.game.hand.history) == moves
    monkeypatch.setattr(ui, "board_component", real)


def test_a_language_switched_mid_game_tells_the_whole_story_in_it():
    at = app()
    g = start_game(at, game="muggins", seed=5)
    for _ in range(3):
        learner_move(at, g)
    english = story_box(at)
    assert "ends" in english and "Puntas" not in english
    moves, key = list(g.moves), g.key
    chooser = next(b for b in at.button_group if str(b.key).startswith("language-chooser-"))
    chooser.set_value("es").run()
    assert not at.exception
    again = at.session_state["play"].game
    assert again.moves == moves and again.key == key and again.game_id == g.game_id  # the same game, saved as it
    spanish = story_box(at)
    assert "Puntas" in spanish and "ends" not in spanish, spanish  # every line, the old ones too
    assert len(spanish.split("\n")) == len(english.split("\n"))


def test_the_keyboard_lists_start_on_a_move_that_fits():
    from trainer.bots.hints import name_of

    at = app()
    g = start_game(at, game="muggins", seed=5, guidance="off")
    checked = 0
    for _ in range(12):
        view = g.view()
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if g.finished is not None or not g.waiting_for_learner or view.phase not in ("lead", "turn") or not plays:
            learner_move(at, g)
            continue
        tile, end = at.selectbox(key="g_tile").value, at.selectbox(key="g_end").value
        named = {name_of(view.layout, p) for p in plays if str(p.tile) == tile}
        assert named, f"{tile} does not fit"
        assert view.layout.is_empty or any(n.endswith(f" {end}") for n in named), (tile, end, named)
        checked += 1
        learner_move(at, g)
    assert checked >= 3


def test_ends_are_lettered_only_when_a_tile_can_go_on_one():
    at = app()
    g = start_game(at, game="muggins", seed=5, guidance="off")
    for _ in range(80):
        if any(b.key == "g_draw" for b in at.button):
            break
        if g.finished is not None:
            at.button(key="g_next").click().run()
        learner_move(at, g)
    else:
        raise AssertionError("no draw in 80 moves")
    pictures = [m.value for m in at.markdown if "fives-layout" in m.value]
    assert pictures and not any('class="letter"' in p for p in pictures), "nothing to tap: no letters"
