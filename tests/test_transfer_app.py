"""AppTest: transfer from real games. A learner plays a hand and misses a score; the next day (a fake
clock) the coach serves it on Practice as a puzzle, and My progress and My class show the scores spotted."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from apptest import NOTICES, app, new_app, skip_check
from apptest import texts as page_texts

from puzzles.positions import is_position_code
from trainer.learning.practice import Practice
from trainer.learning.states import ReviewMode
from trainer.rules import Claim, Play
from trainer.store import open_store
from trainer.web.pagestate import PlayState
from trainer.web.ui import end_letters

DAY = 86400.0
START = dt.datetime(2026, 11, 2, 9, tzinfo=dt.UTC).timestamp()


def texts(at) -> str:
    return page_texts(at, NOTICES + ("caption", "subheader"))  # the headings of My progress, not the title


def play_until_a_miss(at, now: list[float], seed: int = 5) -> None:
    """Start a Muggins game and play the lowest-scoring play each turn, through the page's own controls,
    until a score is missed."""
    if "play" not in at.session_state:
        at.session_state["play"] = PlayState()
    at.session_state["play"].deal_seed = seed
    at.switch_page("views/play.py").run()
    at.selectbox(key="g_game").set_value("muggins")
    at.segmented_control(key="g_bots").set_value("greedy")
    at.form_submit_button[0].click().run()
    g = at.session_state["play"].game
    g.clock = lambda: now[0]
    for _ in range(200):
        games = at.session_state["practice"].games
        if any(d.missed and d.puzzle() is not None for d in games.decisions):
            return
        if g.finished is not None:
            at.button(key="g_next").click().run()
            continue
        view = g.view()
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if view.phase == "claim":
            at.session_state["play"].game.act(next(a for a in view.legal_actions if isinstance(a, Claim)))
            at.run()
        elif not plays:
            at.button(key="g_draw" if any(b.key == "g_draw" for b in at.button) else "g_pass").click().run()
        else:
            worst = min(plays, key=lambda p: (view.rules.points(view.layout.play(p).total), str(p)))
            at.selectbox(key="g_tile").set_value(str(worst.tile))
            if worst.target is not None:
                n = view.layout.play(worst).placements[-1].number
                at.selectbox(key="g_end").set_value(end_letters(view.layout)[f"{worst.target}:{n}"])
            at.form_submit_button[-1].click().run()
        assert not at.exception, at.exception
    pytest.fail("no score was missed")


def serve_next(at) -> None:
    """Answer the puzzle on Practice (if it is not answered) and ask for the next one."""
    at.switch_page("views/practice.py").run()
    skip_check(at)  # a new child is offered the placement check first (tests/test_placement_page.py)
    pr = at.session_state["practice"]
    if not pr.answered:
        pr.answer(pr.puzzle.answer)
        at.run()
    at.button(key="next").click().run()
    assert not at.exception, at.exception
    while pr.sprint is not None and pr.sprint_coached and not pr.sprint_over:  # the coach's number facts
        fact = pr.sprint.current
        at.button(key=f"sp_choice{fact.choices.index(fact.answer)}").click().run()


def test_a_missed_score_comes_back_on_practice_the_next_day_and_my_progress_shows_the_share():
    now = [START]
    at = new_app()
    at.session_state["practice"] = Practice(seed_source=random.Random(3), clock=lambda: now[0])
    at.run()
    play_until_a_miss(at, now)
    games = at.session_state["practice"].games
    missed = next(d for d in games.decisions if d.missed and d.puzzle() is not None)
    # the same day: the coach does not serve it yet
    serve_next(at)
    assert at.session_state["practice"].review != ReviewMode.GAME
    now[0] += DAY
    serve_next(at)
    pr = at.session_state["practice"]
    p = pr.puzzle
    assert pr.review == ReviewMode.GAME and is_position_code(p.code) and p.code == missed.puzzle().code
    assert p.board.record == missed.layout and "your own game" in texts(at)
    assert p.code in at.query_params["code"]
    right = next(c for c in p.choices if c.value in p.answer)
    at.button(key=f"play-{p.code}-{right.label}").click().run()
    assert not at.exception and "Yes!" in at.success[0].value
    assert pr.progress.attempts[-1].review == ReviewMode.GAME and p.code in pr.games.served

    at.switch_page("views/my_progress.py").run()
    assert not at.exception, at.exception
    page = texts(at)
    assert "Scores spotted in real games" in [s.value for s in at.subheader]
    assert f"{games.spotted} of {games.chances} score" in page
    assert at.get("plotly_chart")


def test_a_signed_in_learner_keeps_decisions_through_a_reload_and_the_class_sees_them():
    store = open_store()
    keys = store.create_class("Room 8")
    me = store.learner(store.join(keys.code, "Teal Otter"))
    now = [START]
    at = app(me=me.code)
    at.session_state["practice"].clock = lambda: now[0]
    play_until_a_miss(at, now, seed=6)
    made = at.session_state["practice"].games.decisions
    assert store.decisions(me.code) == made  # each kept as it was made
    again = app(me=me.code)  # a reload, on a later day (the game was played on the fake clock's day)
    skip_check(again)  # no puzzle answered yet: the placement check is offered first
    pr = again.session_state["practice"]
    assert pr.games.decisions == made  # from the store
    assert pr.review == ReviewMode.GAME and pr.puzzle.code == next(d for d in made if d.missed).puzzle().code
    again.switch_page("views/my_progress.py").run()
    assert "Scores spotted in real games" in [s.value for s in again.subheader]

    teacher = app(page="teacher", **{"class": keys.code, "key": keys.teacher_key})
    table = next((m.value for m in teacher.markdown if "fives-spotted" in m.value), "")
    assert "Teal Otter" in table and "Week of" in table
    spotted = sum(d.spotted for d in made if d.chance)
    chances = sum(d.chance for d in made)
    assert f"{spotted}/{chances}" in table


def test_a_guest_who_signs_up_keeps_the_decisions_of_their_games():
    now = [START]
    at = app()
    play_until_a_miss(at, now, seed=7)
    made = list(at.session_state["practice"].games.decisions)
    at.switch_page("views/me.py").run()
    at.text_input(key="me_typed").set_value("Jade Gecko").run()
    at.button(key="me_start").click().run()
    assert not at.exception, at.exception
    me = at.session_state["me"]
    assert open_store().decisions(me.code) == made and at.session_state["practice"].games.decisions == made
