"""The learners unlike the model's own (benchmarks/learner_families.py) and the held-out prediction's
measures (benchmarks/prediction.py): the answers they give are answers, and the scores are the usual ones."""

from __future__ import annotations

import random

import pytest

from benchmarks.learner_families import (
    FAMILIES,
    a_wrong_answer,
    any_answer,
    guesser,
    item_chance,
    layout_misconception,
    lead_is_spinner,
    needed,
    simulate,
    the_answer,
)
from benchmarks.prediction import auc, rmse, running_share
from puzzles import KINDS, STAGES, generate, judge
from trainer.learning.bkt import observations


@pytest.mark.parametrize("kind_id", KINDS)
def test_every_answer_a_simulated_child_gives_is_one_the_page_could_send(kind_id):
    rng = random.Random(4)
    for seed in range(12):
        p = generate(kind_id, stage=STAGES[seed % 3], level=1 + seed % 3, seed=seed)
        assert judge(p, the_answer(p)).correct
        assert judge(p, any_answer(p, rng)).is_answer
        wrong = judge(p, a_wrong_answer(p, rng))
        assert wrong.is_answer and not wrong.correct, p.code
        assert 0 < item_chance(p) <= 1


def test_a_guesser_is_right_about_as_often_as_chance():
    child = guesser(random.Random(1))
    ps = [generate("hand-rounding", stage="muggins", level=2, seed=s) for s in range(300)]
    right = sum(judge(p, child.respond(p)).correct for p in ps) / len(ps)
    chance = sum(item_chance(p) for p in ps) / len(ps)
    assert abs(right - chance) < 0.1


def test_a_layout_misconception_shows_only_where_it_bites():
    for seed in range(40):
        child = layout_misconception(random.Random(seed))
        if child.held == "covered-spinner":
            break
    ps = [generate("open-total", stage="all-fives", level=3, seed=s) for s in range(400)]
    set_ = [p for p in ps if "covered-spinner" in p.traps]
    led = [p for p in set_ if lead_is_spinner(p)]
    assert led and len(led) < len(set_)  # the trap is set both with and without the spinner leading
    child.slip = 0.0
    assert all(not judge(p, child.respond(p)).correct for p in led)
    assert all(judge(p, child.respond(p)).correct for p in set_ if not lead_is_spinner(p))
    assert "covered-spinner" in needed("all-fives") and not child.knows(needed("all-fives"))


def test_one_child_of_each_family_goes_through_the_coach():
    for family in FAMILIES:
        run = simulate(family, 0, puzzles=40)
        assert run.longest_same <= 8 and len(run.answers) >= 40
        assert all(0.0 <= p <= 1.0 for *_, p in run.observations)
        # the answers themselves are kept, for the refit path: they give the same evidence in the same order
        assert [(o.skill, int(o.correct)) for a in run.attempts for o in observations(a)] == \
            [(s, ok) for s, ok, *_ in run.observations]


def test_the_prediction_scores_are_the_usual_ones():
    assert auc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]) == pytest.approx(0.75)
    assert auc([0.5, 0.5], [0, 1]) == pytest.approx(0.5)
    assert rmse([1.0, 0.0], [1, 1]) == pytest.approx(0.5 ** 0.5)
    train = [[("a", 1, 1, 0.5), ("a", 0, 1, 0.5)]]
    test = [[("a", 1, 1, 0.5), ("a", 1, 1, 0.5), ("b", 0, 1, 0.5)]]
    assert running_share(train, test) == pytest.approx([0.5, 0.75, 0.5])


def test_a_slow_known_to_mastered_row_says_why_with_the_wrong_answers_after_knowing():
    from benchmarks.learner_families import Run, rows_for

    slow = Run(known_at={"muggins": 10, "all-fives": 0}, mastered_at={"muggins": 130, "all-fives": 40},
               wrong_while_known={"muggins": 7, "all-fives": 1})
    quick = Run(known_at={"muggins": 0}, mastered_at={"muggins": 100}, wrong_while_known={"muggins": 3})
    (row,) = [r for r in rows_for("f", [slow, quick], 600) if r[0] == "families: f: known → Mastered"]
    assert row[1] == "median 100" and row[2].startswith("MISSED")
    assert "why: the 2 stages slower than 90 had a median of 5 wrong answers" in row[2]
    assert "every skill it needs (1 in the others:" in row[2]
    (only_slow,) = [r for r in rows_for("f", [quick], 600) if r[0] == "families: f: known → Mastered"]
    assert "had a median of 3 wrong answers" in only_slow[2] and "(no stage was quicker:" in only_slow[2]
    (met,) = [r for r in rows_for("f", [Run(known_at={"muggins": 0}, mastered_at={"muggins": 50})], 600)
              if r[0] == "families: f: known → Mastered"]
    assert met[2].startswith("met") and "why" not in met[2]


def test_the_wrong_answers_after_knowing_are_counted_at_their_stage():
    run = simulate("careless (slip 0.2-0.3)", 0, puzzles=120)
    assert run.wrong_while_known and set(run.wrong_while_known) <= set(run.known_at)
    assert sum(run.wrong_while_known.values()) <= sum(not ok for _, ok in run.answers)
