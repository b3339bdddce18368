"""The BKT numbers are held to bounds from the literature (:mod:`trainer.learning.bounds`): the shipped file as
it is read and every fit before it is written; no skill becomes known from one answer; a skill never fitted
takes the documented default, not the pooled fit of other skills."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import KINDS, STAGES, TRAPS, AnswerShape, generate, kind, mastery_traps
from puzzles.traps import ROUNDING
from trainer.learning import fit
from trainer.learning.bkt import UNFITTED, BktParams, ParamTable, Resource, general_skill, shipped_params
from trainer.learning.bounds import (
    GUESS_MAX,
    KIND_CHANCE,
    LEARN_MAX,
    PRIOR_MAX,
    SLIP_MAX,
    guess_floor,
    held,
)
from trainer.learning.policy import DEFAULT_POLICY

KNOWN = DEFAULT_POLICY.mastered_at
SKILLS = [general_skill(k, s) for s in STAGES for k in KINDS] + list(TRAPS)


@pytest.fixture(scope="module")
def table():
    return shipped_params()


def test_every_skill_has_numbers_of_its_own(table):
    assert set(SKILLS) <= set(table.skills)


@pytest.mark.parametrize("skill", SKILLS)
def test_learning_is_at_most_one_half(table, skill):
    p = table[skill]
    assert p.learn <= LEARN_MAX == 0.5 and p.taught_learn <= LEARN_MAX
    assert p.taught_learn >= p.learn


@pytest.mark.parametrize("skill", SKILLS)
def test_the_prior_is_at_most_four_fifths(table, skill):
    assert table[skill].prior <= PRIOR_MAX == 0.8


@pytest.mark.parametrize("skill", SKILLS)
def test_slip_is_at_most_one_tenth(table, skill):
    assert table[skill].slip <= SLIP_MAX == 0.1


@pytest.mark.parametrize("skill", SKILLS)
def test_guess_is_at_least_the_items_chance(table, skill):
    p = table[skill]
    assert p.guess >= guess_floor(skill) > 0 and p.guess <= max(GUESS_MAX, guess_floor(skill))
    assert p.guess < 1 - p.slip


def test_rounding_skills_guess_at_least_one_half(table):
    """A rounding goes to one of two fives: the rounding traps and the kinds that round take 0.5."""
    for t in ROUNDING:
        assert table[t].guess >= 0.5, t
    for s in STAGES:
        assert table[general_skill("nearest-five", s)].guess >= 0.5
        assert table[general_skill("hand-rounding", s)].guess >= 0.5


def test_a_trap_takes_the_highest_floor_of_the_kinds_that_expose_it():
    for t in TRAPS:
        kinds = {k for k in KINDS for s in STAGES if t in mastery_traps(k, s)}
        assert guess_floor(t) == max(KIND_CHANCE[k] for k in kinds)


def test_each_kinds_chance_is_at_least_picking_at_random_among_its_choices():
    """Over many puzzles of every kind: 1 in its number of choices (a set of ends: 1 in the sets of them) is
    never above the kind's chance, and a rounding kind's is a half."""
    for k in KINDS:
        for s in STAGES:
            for level in (1, 2, 3):
                for seed in range(6):
                    p = generate(k, stage=s, level=level, seed=seed)
                    n = len(p.choices)
                    chance = 1 / (2 ** n - 1) if kind(k).answer_shape is AnswerShape.ENDS else 1 / n
                    assert chance <= KIND_CHANCE[k] + 1e-9, (k, p.code, n)
    assert {k for k in KINDS if KIND_CHANCE[k] == 0.5} == {"nearest-five", "hand-rounding"}


@pytest.mark.parametrize("skill", SKILLS)
def test_no_skill_becomes_known_from_one_answer(table, skill):
    p = table[skill]
    for correct in (True, False):
        for resource in Resource:
            assert p.update(p.prior, correct, resource) < KNOWN, (skill, correct, resource)


def test_a_random_rounder_is_rarely_known_within_six_answers(table):
    """A child who picks one of the two fives at random (right half the time): with the file's guess of 0.06,
    76 in 100 reached "known" on round-2 within six answers (51 on round-3, guess 0.09); held to 0.5, about
    10 (and 2)."""
    reached = {}
    for skill in ("round-2", "round-3"):
        rng = random.Random(7)
        p, n = table[skill], 0
        for _ in range(2000):
            known, hit = p.prior, False
            for _ in range(6):
                known = p.update(known, rng.random() < 0.5)
                hit = hit or known >= KNOWN
            n += hit
        reached[skill] = n / 2000
    assert reached["round-2"] <= 0.15 and reached["round-3"] <= 0.05, reached


def test_skills_never_fitted_take_the_documented_default(table):
    """Five-Up's skills were never fitted: the documented default, not the pooled fit of other stages."""
    pooled = table.default
    for k in KINDS:
        p = table[general_skill(k, "five-up")]
        assert (p.prior, p.learn, p.slip, p.taught_learn) == (UNFITTED.prior, UNFITTED.learn, UNFITTED.slip,
                                                              UNFITTED.taught_learn)
        assert p.guess == guess_floor(general_skill(k, "five-up"))
    assert pooled.prior == UNFITTED.prior  # the file's pooled default is not what an unknown skill takes


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SKILLS), st.floats(0, 1), st.floats(0, 1), st.floats(0, 0.6), st.floats(0, 0.4),
       st.floats(0, 1))
def test_any_fit_is_held_to_the_bounds(skill, prior, learn, guess, slip, taught):
    p = held(skill, BktParams(prior, learn, guess, slip, taught))
    assert p.learn <= LEARN_MAX and p.taught_learn <= LEARN_MAX and p.prior <= PRIOR_MAX and p.slip <= SLIP_MAX
    assert p.guess >= guess_floor(skill)
    assert all(p.update(p.prior, c, r) < KNOWN for c in (True, False) for r in Resource)


def test_the_fitter_holds_its_table_to_the_bounds():
    """What ``make fit-bkt`` writes goes through the same bounds (the degenerate numbers of the old file)."""
    degenerate = ParamTable(BktParams(0.53, 0.16, 0.17, 0.1, 0.16),
                            {"open-total@muggins": BktParams(0.869, 0.995, 0.3, 0.1, 0.995),
                             "hand-rounding@all-fives": BktParams(0.955, 0.2, 0.12, 0.1, 0.2),
                             "round-2": BktParams(0.13, 0.247, 0.057, 0.1, 0.607)}, "test")
    out = fit.bounded_table(degenerate)
    assert out["open-total@muggins"].learn == 0.5 and out["hand-rounding@all-fives"].prior <= 0.8
    assert out["round-2"].guess == 0.5 and out["round-2"].taught_learn == 0.5
    assert out[general_skill("open-total", "five-up")].prior == UNFITTED.prior
