"""AppTest: every page runs, and the main flows work."""

import random
import time
from unittest.mock import patch

import pytest
from apptest import PAGE_NAMES, app, end_letters, finish_game, learner_move, open_choosers, start_game
from apptest import notices as texts  # this file reads the notices and markdown, not the captions

from puzzles import CORE_KINDS, generate, generate_for, mastery_traps, pictures, similar
from trainer.learning.progress import STAGE_FACTS, Attempt, Progress
from trainer.learning.sprint import fluent_answers
from trainer.store.traps import with_traps
from trainer.words.plays import play_words

PAGES = PAGE_NAMES


def practice(at):
    return at.session_state["practice"]


def test_answer_right_then_next():
    code = generate("open-total", stage="muggins", level=1, seed=11).code
    at = app(code=code)
    p = practice(at).puzzle
    assert p.code == code and at.query_params["code"] == code
    at.text_input(key=f"n-{code}").set_value(str(p.answer))
    at.form_submit_button[0].click().run()
    assert not at.exception
    assert "Yes!" in at.success[0].value
    assert practice(at).progress.right == 1
    at.button(key="next").click().run()
    assert practice(at).puzzle.code != code


def test_answer_wrong_names_the_mistake():
    p = generate("open-total", stage="all-fives", level=3, seed=1)
    wrong = next(m for m in p.mistakes if m[1] != "adding")
    at = app(code=p.code)
    at.text_input(key=f"n-{p.code}").set_value(wrong[0])
    at.form_submit_button[0].click().run()
    assert at.error and at.error[0].value.startswith(f"You said {wrong[0]}.")
    assert at.button(key="similar")
    attempt = practice(at).progress.attempts[-1]
    assert not attempt.correct and attempt.mistake == wrong[1]


def test_best_play_by_buttons_and_hand_rounding_and_counted_ends():
    p = generate("best-play", stage="five-up", level=2, seed=4)
    at = app(code=p.code)
    right = next(c for c in p.choices if c.value in p.answer)
    at.button(key=f"play-{p.code}-{right.label}").click().run()
    assert "Yes!" in at.success[0].value

    q = generate("hand-rounding", stage="muggins", level=2, seed=5)
    at = app(code=q.code)
    at.text_input(key=f"rounded-{q.code}").set_value(str(q.answer["rounded"]))
    at.text_input(key=f"points-{q.code}").set_value(str(q.answer["points"]))
    at.form_submit_button[0].click().run()
    assert "Yes!" in at.success[0].value

    r = generate("counted-ends", stage="all-fives", level=3, seed=2)
    at = app(code=r.code)
    at.pills(key=f"ends-{r.code}").set_value(list(r.answer)).run()
    at.button(key=f"check-{r.code}").click().run()
    assert "Yes!" in at.success[0].value


def test_after_a_play_the_picture_is_of_the_childs_best_play_or_says_it_shows_the_best():
    p = generate("best-play", stage="muggins", level=1, seed=5)  # two plays tie for best
    assert len(p.answer) == 2
    drawn = []
    real = pictures.puzzle_pictures

    def spy(q, **kw):
        drawn.append(kw.get("layout"))
        return real(q, **kw)

    with patch.object(pictures, "puzzle_pictures", spy):
        second = next(c for c in p.choices if c.value == p.answer[1])
        at = app(code=p.code)
        at.button(key=f"play-{p.code}-{second.label}").click().run()
        assert "Yes!" in at.success[0].value
        assert drawn[-1] == p.board.play(p.answer[1])  # the child's own play, not the first of the two
        assert not any("best play" in c.value for c in at.caption)

        wrong = next(c for c in p.choices if c.value not in p.answer)
        at = app(code=p.code)
        at.button(key=f"play-{p.code}-{wrong.label}").click().run()
        assert at.error
        assert drawn[-1] == p.board.play(p.answer[0])
        said = [c.value for c in at.caption if "best play" in c.value]
        assert said == [f"The picture shows the best play: {play_words(p.answer[0])}."]


def test_empty_answer_gets_a_friendly_message():
    p = generate("play-score", stage="muggins", level=1, seed=3)
    at = app(code=p.code)
    at.form_submit_button[0].click().run()
    assert at.warning and "number" in at.warning[0].value
    assert practice(at).progress.answered == 0


@pytest.mark.parametrize("typed,needle", [("-5", "below zero"), ("1000", "too big"), ("3.7", "whole number"),
                                          ("ten", "not a number"), ("", "Type a number first")])
def test_bad_numbers_say_what_is_wrong(typed, needle):
    p = generate("open-total", stage="muggins", level=1, seed=3)
    at = app(code=p.code)
    at.text_input(key=f"n-{p.code}").set_value(typed)
    at.form_submit_button[0].click().run()
    assert at.warning and needle in at.warning[0].value
    assert practice(at).progress.answered == 0 and not practice(at).answered


def test_hint_then_answer_is_recorded_as_hinted():
    p = generate("open-total", stage="five-up", level=2, seed=6)
    at = app(code=p.code)
    at.button(key=f"hint-{p.code}").click().run()
    assert "Hint:" in texts(at) and p.steps[0].text in texts(at)
    at.text_input(key=f"n-{p.code}").set_value(str(p.answer))
    at.form_submit_button[0].click().run()
    assert practice(at).progress.attempts[-1].hinted
    assert "does not count toward mastery" in " ".join(c.value for c in at.caption)


def test_try_a_similar_one_after_a_wrong_answer():
    p = generate("nearest-five", stage="all-fives", level=2, seed=4)
    at = app(code=p.code)
    wrong = next(c.value for c in p.choices if c.value != p.answer)
    at.text_input(key=f"n-{p.code}").set_value(str(wrong))
    at.form_submit_button[0].click().run()
    at.button(key="similar").click().run()
    q = practice(at).puzzle
    assert q.code != p.code and (q.kind, q.stage, q.level) == (p.kind, p.stage, p.level)
    assert not practice(at).answered and at.query_params["code"] == q.code


def test_first_puzzle_of_a_kind_opens_with_a_worked_example():
    p = generate("make-five", stage="muggins", level=2, seed=1)
    at = app(code=p.code)

    def folded():  # the example is folded beside the choosers
        return " ".join(e.label for e in at.expander)

    def captions():
        return " ".join(c.value for c in at.caption)

    assert "Watch how it works first" in folded()
    assert at.text_input(key=f"n-{p.code}")  # the puzzle is there at once, the example does not push it down
    # folded, the example is not even made: no step of it is on the page
    assert not [b for b in at.button if b.key == f"ex-next-{p.code}"] and "Step 1 of" not in captions()
    at.session_state[f"ex-{p.code}"] = True  # the child opens it
    at.run()
    steps = len(similar(p, 0).steps)
    assert "Step 1 of" in captions()
    for _ in range(steps - 1):
        at.button(key=f"ex-next-{p.code}").click().run()
    assert f"Step {steps} of {steps}" in captions()
    at.button(key=f"ex-done-{p.code}").click().run()
    assert "Watch how it works first" not in folded()
    assert practice(at).progress.answered == 0


@pytest.mark.parametrize("kind", ["nearest-five", "make-five"])
def test_number_kinds_are_answered_by_typing(kind):
    p = generate(kind, stage="five-up", level=3, seed=2)
    at = app(code=p.code)
    assert p.number is not None  # the number line itself is checked in a real browser
    at.text_input(key=f"n-{p.code}").set_value(str(p.answer))
    at.form_submit_button[0].click().run()
    assert "Yes!" in at.success[0].value


def test_step_up_after_mastery():
    at = app(code=generate("open-total", stage="muggins", level=1, seed=8).code)
    progress = practice(at).progress
    for kind in CORE_KINDS:  # every trap of each core kind known first
        for trap in mastery_traps(kind, "muggins"):
            code = generate_for(kind, stage="muggins", level=1, trap=trap, seed=0).code
            for _ in range(12):
                if progress.knowledge.p(trap) >= progress.policy.mastered_at:
                    break
                progress.record(with_traps(Attempt(kind, "muggins", 1, True, 3.0, code=code)))
    last = CORE_KINDS[-1]
    for _ in range(20):
        if progress.meets_mastery("muggins", facts=False):
            break
        for kind in CORE_KINDS:
            progress.record(Attempt(kind, "muggins", 3, True, 3.0))
            last = kind
            if progress.meets_mastery("muggins", facts=False):
                break
    progress.attempts.pop()  # one short of mastery: rebuild without the last answer
    pr = practice(at)
    pr.progress = Progress.from_attempts(progress.attempts, fluent_answers(STAGE_FACTS["muggins"], time.time()))
    assert not pr.progress.mastered
    p = generate(last, stage="muggins", level=3, seed=8)
    pr.show(p)
    pr.answer(p.answer)
    at.run()
    # it looks mastered today: the coach goes on, and checks it on a later day with right answers
    assert any("looks mastered" in s.value and "All Fives" in s.value for s in at.success)
    assert pr.progress.coach_stage == "all-fives" and pr.progress.pending and not pr.progress.mastered
    tomorrow = time.time() + 86400
    pr.clock = lambda: tomorrow
    for seed in range(40):  # what the coach asks on the later day, answered right
        kind, stage, level = pr.progress.coach_pick(random.Random(seed), tomorrow)
        assert stage == "muggins"
        trap = pr.progress.coach_trap(kind, stage, tomorrow)
        p = (generate_for(kind, stage=stage, level=level, trap=trap, seed=seed) if trap
             else generate(kind, stage=stage, level=level, seed=seed))
        pr.show(p)
        pr.answer(p.answer)
        if pr.progress.mastered:
            break
    at.run()
    assert any("mastered Muggins" in s.value for s in at.success)
    # said in the verdict's own box, right under the puzzle (not at the top, above the fold)
    assert len(at.success) == 1 and at.success[0].value.startswith("Yes!")
    assert "Next up: All Fives" in texts(at) and "is open" not in texts(at)
    assert pr.progress.mastered == ["muggins"] and pr.progress.coach_stage == "all-fives"


def finish_step(at):
    """Answer the coach's number facts (a step before the puzzle), right and quick, on the big buttons."""
    pr = practice(at)
    while pr.sprint is not None and pr.sprint_coached and not pr.sprint_over:
        fact = pr.sprint.current
        at.button(key=f"sp_choice{fact.choices.index(fact.answer)}").click().run()
    at.run()


def test_coach_moves_the_level_up():
    at = app()
    finish_step(at)
    pr = practice(at)
    assert pr.coached and pr.puzzle.level == 1
    for _ in range(3):
        p = pr.puzzle
        pr.answer(p.answer)  # three right in a row
        at.run()
        at.button(key="next").click().run()
        finish_step(at)
    assert pr.progress.coach_level["muggins"] == 2
    assert pr.puzzle.level == 2


def test_bad_codes_give_a_friendly_message_and_a_fresh_puzzle():
    at = app(code="NOPE-NOPE")
    assert at.warning and "didn't work" in at.warning[0].value
    assert practice(at).puzzle is not None
    at = app(code="WCXJ-XDCA")  # a typo in a real code
    assert "typo" in at.warning[0].value


def test_projector_reveal_and_next():
    code = generate("open-total", stage="five-up", level=2, seed=6).code
    at = app(code=code, page="projector")
    state = at.session_state["projector"]
    assert state.puzzle.code == code and not state.revealed
    at.button(key="reveal").click().run()
    assert state.revealed and "Answer:" in texts(at)
    at.button(key="next").click().run()
    assert at.session_state["projector"].puzzle.code != code
    assert "practice" not in at.session_state or practice(at).progress.answered == 0


def test_projector_typed_code():
    at = app(page="projector")
    code = generate("best-play", stage="muggins", level=3, seed=2).code
    at.text_input(key="pj_code").set_value(code.lower()).run()
    assert at.session_state["projector"].puzzle.code == code
    at.text_input(key="pj_code").set_value("0000").run()
    assert "didn't work" in at.warning[0].value


def test_progress_page_after_answers():
    at = app(code=generate("open-total", stage="muggins", level=1, seed=11).code)
    pr = practice(at)
    pr.answer(pr.puzzle.answer)
    at.switch_page("views/my_progress.py").run()
    assert not at.exception
    assert [m.label for m in at.metric] == ["Answered", "Right", "Best streak", "Median time"]
    assert at.metric[0].value == "1"
    grid = " ".join(m.value for m in at.markdown)
    assert "fives-skills" in grid and "Practised" in grid and "Not started" in grid
    assert len(at.get("plotly_chart")) == 3
    assert at.get("download_button")


def test_two_sessions_never_share_answers():
    a = app(code=generate("open-total", stage="muggins", level=1, seed=11).code)
    b = app()
    pa = practice(a)
    pa.answer(pa.puzzle.answer)
    assert practice(b).progress.answered == 0


# ----- the Play page -----

from trainer.rules import Play  # noqa: E402


@pytest.mark.parametrize("guidance,calls", [("off", False), ("playable", True), ("where", False),
                                            ("suggest", True)])
def test_play_a_whole_hand_to_the_settlement(guidance, calls):
    at = app()
    g = start_game(at, guidance=guidance, calls=calls)
    hand_no = len(g.game.hands)
    for _ in range(80):
        if g.finished is not None:
            break
        assert g.waiting_for_learner
        learner_move(at, g)
        assert not any("not" in w.value and "turn" in w.value for w in at.warning)
    assert g.finished is not None and g.finished_hand == hand_no - 1
    page = texts(at)
    assert "End of the hand" in [s.value for s in at.subheader]
    assert "pip" in page and ("domino" in page or "Blocked" in page)
    assert g.log and any(line.startswith("You ") for line in g.log)
    if guidance == "suggest":
        assert g._hint is not None
    at.button(key="g_over" if g.game.is_over else "g_next").click().run()
    assert not at.exception and g.finished is None


def test_play_guidance_shows_options_and_bad_moves_are_friendly():
    at = app()
    g = start_game(at, guidance="where", game="muggins", seed=7)
    for _ in range(20):  # play on until a tile in the hand has no place (a fixed deal: it comes)
        view = g.view()
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        bad = next((str(t) for t in view.hand if all(p.tile != t for p in plays)), None)
        if plays and bad and not view.layout.is_empty:
            break
        learner_move(at, g)
    else:
        pytest.fail("the fixed deal never gave a tile without a place")
    assert any(b.key and b.key.startswith("g_opt_") for b in at.button)
    at.selectbox(key="g_tile").set_value(bad)
    at.selectbox(key="g_end").set_value("A")
    at.form_submit_button[-1].click().run()
    assert at.warning and not at.exception
    assert g.waiting_for_learner  # nothing lost


def test_play_survives_page_switches():
    at = app()
    g = start_game(at)
    at.switch_page("views/practice.py").run()
    at.switch_page("views/play.py").run()
    assert at.session_state["play"].game is g and not at.exception


def test_a_failing_page_shows_a_kind_message(monkeypatch):
    from trainer.web import ui

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.delenv("FIVES_STRICT")
    monkeypatch.setattr(ui, "both_ways", broken)  # the rules page says every score with it
    at = app(page="rules")
    assert not at.exception
    assert at.error and "Your answers and your game are safe" in at.error[0].value


def test_play_setup_with_a_chooser_clicked_off_uses_the_defaults():
    at = app(page="play")
    at.segmented_control(key="g_players").set_value(None)
    at.segmented_control(key="g_bots").set_value(None)
    at.form_submit_button[0].click().run()
    assert not at.exception
    g = at.session_state["play"].game
    assert g.setup.players == 2 and g.setup.bot_level == "greedy"


def test_clicks_become_plays():
    from puzzles.responses import play_from_pick

    assert play_from_pick({"tile": "4-3", "end": "4-4:4"}) == "3-4>4-4"
    assert play_from_pick({"tile": "6-6"}) == "6-6"  # a lead
    assert play_from_pick({"tile": "4-3", "end": "4-4^4"}) == "3-4^4-4"  # beside the in-line sniff
    assert play_from_pick({"end": "4-4:4"}) is None and play_from_pick({"tile": "banana"}) is None


def test_projector_makes_a_worksheet():
    at = app(page="projector")
    at.text_input(key="ws_base").set_value("http://class.example/")
    at.button(key="ws_make").click().run()
    assert not at.exception
    files = at.session_state["projector"].worksheet.files
    assert files["sheet"][:5] == b"%PDF-" and files["key"][:5] == b"%PDF-" and files["build"][:5] == b"%PDF-"
    assert at.get("download_button") and files["code"] in " ".join(c.value for c in at.caption)


def test_projector_says_the_answer_in_words_and_numbers_the_choices():
    p = generate("best-play", stage="five-up", level=2, seed=4)
    at = app(code=p.code, page="projector")
    shown = texts(at)
    assert "**1.**" in shown and "A:" not in shown  # choices are numbered, ends keep their letters
    at.button(key="reveal").click().run()
    answer = next(m.value for m in at.markdown if m.value.startswith("# Answer:"))
    assert "2\u20115" in answer  # a tile stays whole on its line (markup.whole_tiles)
    assert ">" not in answer and " on the " in answer
    q = generate("counted-ends", stage="all-fives", level=3, seed=2)
    at = app(code=q.code, page="projector")
    at.button(key="reveal").click().run()
    answer = next(m.value for m in at.markdown if m.value.startswith("# Answer:"))
    assert ":" not in answer.removeprefix("# Answer:") and " on " in answer


def test_projector_asks_hand_rounding_one_thing_at_a_time():
    p = generate("hand-rounding", stage="muggins", level=3, seed=3)
    at = app(code=p.code, page="projector")
    assert "How many?" in texts(at) and "Is it" not in texts(at)
    at.button(key="reveal").click().run()
    assert f"Pips: **{p.answer['pips']}**" in texts(at) and "Round that" in texts(at)
    at.button(key="reveal").click().run()
    assert f"Rounded: **{p.answer['rounded']}**" in texts(at) and "points" in texts(at)
    at.button(key="reveal").click().run()
    assert at.session_state["projector"].revealed and "# Answer:" in " ".join(m.value for m in at.markdown)


def test_projector_bad_code_message_goes_with_the_next_puzzle():
    at = app(page="projector")
    at.text_input(key="pj_code").set_value("NOPE-NOPE").run()
    assert at.warning and "didn't work" in at.warning[0].value
    at.button(key="next").click().run()
    assert not at.warning


def test_game_list_names_each_game_once_for_people():
    from trainer.games.guided import GAME_SOURCES, GAME_TITLES

    at = app(page="play")
    options = at.selectbox(key="g_game").options
    assert len(options) == len(set(options)) == len(GAME_TITLES)
    from trainer.rules import PRESETS

    assert not any("Preset" in o or any(raw in o for raw in PRESETS if "-" in raw) for o in options)
    assert set(GAME_SOURCES) == set(GAME_TITLES)
    assert "Armanino" in at.selectbox(key="g_game").help


def test_the_muggins_call_gives_nothing_away():
    at = app()
    g = start_game(at, calls=True, guidance="off", seed=3)
    for _ in range(40):
        if g.finished is not None or g.view().phase == "claim":
            break
        learner_move(at, g)
    assert g.view().phase == "claim"
    last = g.story()[-1]
    assert last.startswith("You ") and "ends" not in last and "score" not in last
    assert g.log[-1] != last  # the whole line, score and all, waits in the log
    claim = [b for b in at.button if b.key and b.key.startswith("g_claim_")]
    assert claim and not any(getattr(b, "value", False) for b in claim)


def test_a_tap_on_an_end_the_tile_does_not_match_says_why():
    from trainer.games.guided import GuidedGame, Setup

    for seed in range(1, 40):
        g = GuidedGame(Setup(game="muggins", seed=seed))
        view = g.view()
        if view.layout.is_empty or not g.waiting_for_learner:
            continue
        for t in view.hand:
            for e in view.layout.open_ends:
                if not t.has(e.number):
                    before = len(g.game.hand.history)
                    msg = g.act_at(str(t), e.id)
                    assert msg == f"{t} has no {e.number}, so it can't go on that end."
                    assert len(g.game.hand.history) == before
                    return
    pytest.fail("no tile without the end's number")


def test_a_double_tap_on_an_option_does_nothing_the_second_time():
    at = app()
    g = start_game(at, guidance="where", seed=5)
    opts = [b for b in at.button if b.key and b.key.startswith("g_opt_")]
    assert opts
    stale = opts[0]
    stale.click().run()
    moved = len(g.game.hand.history)
    play = next(a for a in g.view().legal_actions if isinstance(a, Play)) if g.waiting_for_learner else None
    if play is not None:
        assert g.act_once(play, (len(g.game.hands), moved - 1)) is None  # the same tap again, for a move made
    assert not at.warning and len(g.game.hand.history) == moved


def test_walkthrough_and_game_over_words():
    at = app()
    g = start_game(at, guidance="off", seed=11)
    for _ in range(80):
        if g.finished is not None:
            break
        learner_move(at, g)
    assert g.finished is not None
    board = " ".join(m.value for m in at.markdown)
    assert f"Hand {g.finished_hand + 1} ·" in board and "boneyard" not in board.split("Hand")[1][:40]
    captions = " ".join(c.value for c in at.caption)
    assert "You's" not in captions and "You's" not in texts(at)
    finish_game(at, g)
    assert "just been dealt" not in texts(at)


@pytest.mark.parametrize("game", ["preset:seven-toed-pete", "preset:horse-race"])
def test_a_chaining_game_for_four_with_turns_that_go_on(game):
    at = app()
    g = start_game(at, game=game, players=2, seed=2024)  # two chosen: the game is for four
    assert g.setup.players == 4 and "is for 4 players" in texts(at)
    hand_no = len(g.game.hands)
    for _ in range(60):
        if g.finished is not None:
            break
        learner_move(at, g)
    assert g.finished is not None and g.finished_hand == hand_no - 1
    # somebody scored or played a double and went on, and the story says so
    assert any(line.endswith("goes again.") or line == "You go again!" for line in g.log)
    plays = [e for e in g.game.hands[hand_no - 1].history if e.kind == "play"]
    assert any(a.player == b.player for a, b in zip(plays, plays[1:]))


def test_passing_the_lead_when_no_tile_may_lead():
    at = app()
    g = start_game(at, game="preset:seven-toed-pete", players=4, seed=97, bots="greedy")
    assert g.view().layout.is_empty and [str(a) for a in g.view().legal_actions] == ["pass"]
    assert "can't lead" in texts(at)
    at.button(key="g_pass").click().run()
    assert not at.exception
    assert g.log[0] == "You passed the lead: no double and no tile that scores by itself."
    assert not g.game.hand.layout.is_empty  # someone after you led


def test_sniff_on_the_play_page_with_tiles_beside_the_sniff():
    """Sniff in line: a whole hand through the page's own controls, the tiles beside the sniff
    chosen by their lettered side like any end, and told in the story."""
    at = app()
    seen_beside = False
    for seed in range(1, 40):
        g = start_game(at, game="preset:sniff", players=2, seed=seed, bots="greedy")
        for _ in range(60):
            if g.finished is not None:
                break
            view = g.view()
            beside = [a for a in view.legal_actions if isinstance(a, Play) and a.beside]
            if beside and view.phase == "turn":
                play = beside[0]
                letters = end_letters(view.layout)
                at.selectbox(key="g_tile").set_value(str(play.tile))
                at.selectbox(key="g_end").set_value(letters[f"{play.target}^{play.target.low}"])
                at.form_submit_button[-1].click().run()
                assert not at.exception, at.exception
                assert any(line.startswith(f"You set {play.tile} beside the sniff") for line in g.log), g.log
                seen_beside = True
                break
            learner_move(at, g)
        if seen_beside:
            break
    assert seen_beside


def test_the_rules_page_teaches_sniff_from_real_layouts():
    at = app(page="rules")
    assert not at.exception
    headers = [h.value for h in at.header]
    assert "4. Sniff — the first double is the sniff" in headers and "5. The end of a hand" in headers
    page = texts(at)
    assert "beside" in page and "6 + 4 + 1 = 11" in page  # 4-6 4-4>4-6 1-4^4-4, worked by the engine
    assert "8 + 6 + 1 = 15" in page  # the crosswise sniff's two free ends


def test_a_chooser_that_comes_back_empty_keeps_its_choice_and_the_puzzle():
    # a tap on the chosen option, or a page caught in the middle of a run, can report a chooser
    # as empty: the shared puzzle stays and every chooser keeps what it showed
    p = generate("open-total", stage="all-fives", level=2, seed=3)
    at = open_choosers(app(code=p.code))
    assert at.pills(key="p_kind").value == "open-total"
    at.pills(key="p_kind").set_value(None).run()
    assert not at.exception
    assert practice(at).puzzle.code == p.code and at.query_params["code"] == p.code
    assert at.pills(key="p_kind").value == "open-total"
    at.segmented_control(key="p_stage").set_value(None)
    at.segmented_control(key="p_level").set_value(None).run()
    assert practice(at).puzzle.code == p.code
    assert at.segmented_control(key="p_stage").value == "all-fives"
    assert at.segmented_control(key="p_level").value == 2
    at.segmented_control(key="p_level").set_value(3).run()  # a real choice still changes the puzzle
    assert practice(at).puzzle.level == 3 and practice(at).puzzle.stage == "all-fives"
    assert not [e for e in at.segmented_control if e.key == "p_level"]  # and the choosers fold again


def test_the_choosers_are_drawn_only_when_opened():
    at = app()
    assert at.expander[0].label and not [e for e in at.pills if e.key == "p_kind"]
    open_choosers(at)
    assert at.pills(key="p_kind").value == "coach" and not at.exception


def test_the_coach_keeps_going_when_its_chooser_comes_back_empty():
    at = open_choosers(app())
    first = practice(at).puzzle.code
    at.pills(key="p_kind").set_value(None).run()
    assert practice(at).puzzle.code == first and at.pills(key="p_kind").value == "coach"
    at.pills(key="p_kind").set_value("nearest-five").run()  # the level chooser was not on the page
    assert practice(at).puzzle.kind == "nearest-five"


def test_projector_choosers_that_come_back_empty_keep_the_puzzle():
    p = generate("best-play", stage="five-up", level=3, seed=5)
    at = app(code=p.code, page="projector")
    assert at.session_state["projector"].puzzle.code == p.code
    at.segmented_control(key="pj_stage").set_value(None)
    at.pills(key="pj_kind").set_value(None).run()
    assert not at.exception
    assert at.session_state["projector"].puzzle.code == p.code
    assert at.segmented_control(key="pj_stage").value == "five-up"
    assert at.pills(key="pj_kind").value == "best-play"
    at.segmented_control(key="pj_level").set_value(1).run()  # a real choice still changes the puzzle
    shown = at.session_state["projector"].puzzle
    assert (shown.kind, shown.stage, shown.level) == ("best-play", "five-up", 1)


def test_a_worksheet_address_no_qr_code_can_carry_gets_a_message_and_no_sheet():
    at = app(page="projector")
    at.text_input(key="ws_base").set_value("http://class.example/").run()
    at.button(key="ws_make").click().run()
    assert at.session_state["projector"].worksheet.files
    at.text_input(key="ws_base").set_value("http://class.example/" + "a" * 3000).run()
    at.button(key="ws_make").click().run()
    assert not at.exception
    assert any("characters long" in w.value for w in at.warning)
    sheet = at.session_state["projector"].worksheet
    assert sheet.files is None and not at.get("download_button")  # not even the old one
    at.text_input(key="ws_base").set_value("class.example").run()
    at.button(key="ws_make").click().run()
    assert not at.exception and any("http://" in w.value for w in at.warning)
    at.text_input(key="ws_base").set_value("").run()  # localhost, the default
    at.button(key="ws_make").click().run()
    assert not at.exception and not at.warning and sheet.files["sheet"][:5] == b"%PDF-"


def test_the_page_addresses_served_directly_are_the_menu_s():
    """trainer/web/asgi.py answers each page's address itself (no 404s when one is typed): it must
    know every page of the menu."""

    from trainer.web.asgi import PAGES
    from trainer.web.pagestate import PAGES as MENU

    names = {p.name for p in MENU}
    assert "practice" in names and set(PAGES) == names - {"practice"}


def test_practice_says_what_the_dashed_outline_means_under_a_layout_of_two_tiles_or_more():
    p = generate("open-total", stage="all-fives", level=2, seed=4)
    at = app(code=p.code)
    assert len(p.board) > 1
    assert "The dashed outline marks the tile played last." in " ".join(c.value for c in at.caption)


def test_the_projector_tells_the_teacher_what_the_dashed_outline_means():
    at = app(page="projector")
    assert "The dashed outline marks the tile played last." in " ".join(c.value for c in at.caption)
