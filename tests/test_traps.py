"""Traps: puzzles say which misconceptions they expose, wrong answers are diagnosed by them, feedback
names them, contrast pairs show them, and no simple rule answers the puzzles."""

from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from puzzles import GENERATOR, KINDS, STAGES, TRAPS, AnswerShape, from_code, generate, generate_for, kind, mastery_traps
from puzzles.codes import SEED_SPACE
from puzzles.contrast import contrast
from puzzles.guessing import CONSTANT, measure, measure_cell
from puzzles.judge import judge
from puzzles.traps import TRAP_STAGES, misconceived, reason, trap
from trainer.learning.sprint import FactKind
from trainer.rules import play_points
from trainer.words.feedback import word_count

LEVELS = (1, 2, 3)


def test_every_trap_has_words_stages_a_kind_and_a_drill():
    assert TRAPS and len(set(TRAPS)) == len(TRAPS)  # read from the registry: a new trap is checked as it comes
    for t in TRAPS:
        record = trap(t)
        assert record.words and record.mistake and record.you_did.startswith("You ") and TRAP_STAGES[t]
        assert record.facts and set(record.facts) <= {k.prefix for k in FactKind}  # the Sprint's facts under it
        assert any(t in kind(k).mastery_traps for k in KINDS), t
        assert t in kind(trap(t).drill_kind).mastery_traps, t  # its drill is a kind that can expose it
        assert all(t in kind(k).traps for k in KINDS if t in kind(k).mastery_traps), t  # listed among its mistakes


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(KINDS), st.sampled_from(STAGES), st.sampled_from(LEVELS), st.integers(0, 2**24 - 1))
def test_a_puzzle_exposes_exactly_the_traps_whose_answer_is_wrong(kind_id, stage, level, seed):
    p = generate(kind_id, stage=stage, level=level, seed=seed)
    assert from_code(p.code) == p
    assert set(p.traps) <= set(mastery_traps(kind_id, stage))
    for t in mastery_traps(kind_id, stage):
        wrong = not judge(p, misconceived(p, t)).correct
        assert wrong == (t in p.traps), (p.code, t)
    if p.traps:
        assert p.trap == p.traps[0]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_learner_with_a_misconception_is_diagnosed_with_it(trap):
    """Every wrong answer of a learner who holds the trap, on every kind and stage where it applies:
    filed under it in at least 90% (it is in ``Verdict.traps``; when two traps explain an answer,
    both are named)."""
    diagnosed = wrong = 0
    for kind_id in KINDS:
        for stage in STAGES:
            if trap not in mastery_traps(kind_id, stage):
                continue
            for level in LEVELS:
                for seed in range(30):
                    p = generate(kind_id, stage=stage, level=level, seed=seed)
                    if trap not in p.traps:
                        continue
                    v = judge(p, misconceived(p, trap))
                    assert v.is_answer and not v.correct
                    wrong += 1
                    diagnosed += trap in v.traps
                    assert v.mistake == v.traps[0]
    assert wrong >= 20, trap
    assert diagnosed / wrong >= 0.9, (trap, diagnosed, wrong)


@pytest.mark.parametrize("kind_id", KINDS)
def test_level_one_feedback_always_names_the_mistake_in_twenty_words(kind_id):
    for stage in STAGES:
        for seed in range(25):
            p = generate(kind_id, stage=stage, level=1, seed=seed)
            for t in p.traps:
                v = judge(p, misconceived(p, t))
                assert reason(p, v.traps[0]) in v.message, (p.code, v.message)
                assert word_count(v.message) <= 20, v.message
            for answer, name, text in p.mistakes:
                v = judge(p, int(answer)) if answer.isdigit() else None
                if v is not None and v.is_answer and not v.correct and v.mistake == name and not v.traps:
                    assert text in v.message and word_count(v.message) <= 20, (p.code, v.message)


def test_an_answer_no_trap_explains_is_not_filed_under_one():
    for seed in range(60):
        p = generate("open-total", stage="all-fives", level=2, seed=seed)
        v = judge(p, p.answer + 1)
        assert v.mistake not in TRAPS or v.mistake in v.traps


@pytest.mark.parametrize("trap", TRAPS)
def test_generate_for_finds_a_puzzle_with_the_trap(trap):
    for kind_id in KINDS:
        for stage in STAGES:
            if trap in mastery_traps(kind_id, stage):
                p = generate_for(kind_id, stage=stage, level=3, trap=trap, seed=7)
                assert trap in p.traps and from_code(p.code) == p
                assert generate_for(kind_id, stage=stage, level=3, trap=trap, seed=7) == p


@pytest.mark.parametrize("trap", TRAPS)
def test_contrast_pairs_differ_in_what_the_trap_gets_wrong(trap):
    for kind_id in KINDS:
        for stage in STAGES:
            if trap not in mastery_traps(kind_id, stage):
                continue
            p = generate_for(kind_id, stage=stage, level=2, trap=trap, seed=3)
            pair = contrast(p, trap)
            assert pair.trap == trap and pair.differs and pair.left.caption and pair.right.caption
            if trap.startswith("round-"):
                r = int(trap[-1])
                assert (pair.left.number % 5, pair.right.number % 5) == (r, 5 - r)
                assert pair.left.total != pair.right.total
                continue
            for side in (pair.left, pair.right):
                lay = side.board
                assert lay.total == side.total
            if trap in ("covered-spinner", "counted-covered", "double-once", "spinner-once"):
                assert pair.left.board != pair.right.board and pair.tile


def test_contrast_of_twelve_and_thirteen():
    p = next(q for s in range(400) if (q := generate("hand-rounding", stage="muggins", level=2, seed=s)).answer[
        "pips"] == 12)
    pair = contrast(p, "round-2")
    assert (pair.left.number, pair.right.number) == (12, 13) and (pair.left.total, pair.right.total) == (10, 15)


GUESS_SEEDS = 200
"""Puzzles a stage × kind × level cell, seeds 2000 on: fixed, so the test gives the same result on
every run."""
SAMPLE_ROOM = 0.04
"""Room for the sample: a rule right 35% of the time reads anywhere from 26% to 44% on 200 puzzles,
and the test reads about 400 rule × cell shares. The puzzles meet every target with about 5 points to
spare on 1,000 puzzles a cell (``python -m benchmarks puzzles`` prints each rule's worst cell), so a
cell that only just meets its target (40.3%, as before generator 2) is caught there, and one that misses
by more than the room is caught here."""


@pytest.fixture(scope="module")
def guessing():
    return measure(GUESS_SEEDS, generate, start=2000)


def test_no_simple_rule_answers_the_puzzles(guessing):
    """Every rule in every stage × kind × level: at most 40%, or chance + 10 points where chance is
    higher (rounding rules: chance 50%)."""
    problems = [f"{c.stage} {c.kind} level {c.level}: '{r}' right {v:.1%} (limit {c.limit(r):.0%})"
                for c in guessing for r, v in c.rules.items() if v > c.limit(r) + SAMPLE_ROOM]
    assert not problems, problems
    counted = {c.kind for c in guessing}
    assert counted == set(KINDS)
    ruled = {r for c in guessing for r in c.rules}
    assert {"the play that leaves the biggest total", "the play that leaves the smallest total",
            "the choice that is a multiple of five (the smallest, when several are)", "largest choice",
            "smallest choice", f"{CONSTANT}0", f"{CONSTANT}2", f"{CONSTANT}10"} <= ruled


def older(kind_id, stage, level, generator=2):
    """The guessing shares of an older generator's puzzles in one cell (the same seeds as the test)."""
    return measure_cell([generate(kind_id, stage=stage, level=level, seed=s, generator=generator)
                         for s in range(2000, 2000 + GUESS_SEEDS)])


@pytest.mark.parametrize(("kind_id", "stage", "level", "rule"), [
    ("play-score", "muggins", 1, f"{CONSTANT}2"),
    ("best-play", "all-fives", 2, "the play that leaves the biggest total"),
    ("open-total", "five-up", 2, "the choice that is a multiple of five (the smallest, when several are)"),
])
def test_the_check_flags_the_shortcuts_generator_two_left_open(kind_id, stage, level, rule):
    """The check can fail: on generator 2's puzzles the rules added with generator 3 beat their limits by more
    than the room for the sample (always answering 2 points was right four times in five)."""
    cell = older(kind_id, stage, level)
    assert cell.rules[rule] > cell.limit(rule) + SAMPLE_ROOM, (rule, cell.rules[rule])
    assert any(f"'{rule}'" in problem for problem in cell.problems(SAMPLE_ROOM))


RIGHT_VALUES = {
    AnswerShape.NUMBER: lambda p: {p.answer},
    AnswerShape.ROUNDING: lambda p: {p.answer["rounded"]},
    AnswerShape.PLAY: lambda p: set(p.answer),
    AnswerShape.ENDS: lambda p: set(p.answer),
}
"""The choice values that make up a puzzle's right answer, by answer shape."""


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(KINDS), st.sampled_from(STAGES), st.sampled_from(LEVELS), st.integers(0, SEED_SPACE - 1))
def test_every_newest_puzzle_has_its_right_answer_among_its_choices(kind_id, stage, level, seed):
    p = generate(kind_id, stage=stage, level=level, seed=seed)
    assert p.generator == GENERATOR == 3
    values = [c.value for c in p.choices]
    assert len(values) >= 2 and len(set(values)) == len(values), p.code
    assert RIGHT_VALUES[kind(kind_id).answer_shape](p) <= set(values), p.code
    assert judge(p, p.answer).correct, p.code
    if kind(kind_id).answer_shape is not AnswerShape.ENDS:  # "pick all that count" may be every end
        assert set(values) - RIGHT_VALUES[kind(kind_id).answer_shape](p), p.code  # a wrong choice too


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([(k, s, t) for k in KINDS for s in STAGES for t in mastery_traps(k, s)]),
       st.sampled_from(LEVELS), st.integers(0, 10_000))
@example(("best-play", "all-fives", "spinner-once"), 1, 195)  # a trap only one puzzle in ten sets
def test_generate_for_still_exposes_the_trap_asked_for(case, level, seed):
    kind_id, stage, trap_id = case
    p = generate_for(kind_id, stage=stage, level=level, trap=trap_id, seed=seed)
    assert trap_id in p.traps and p.generator == GENERATOR, (kind_id, stage, trap_id, p.code)
    assert from_code(p.code) == p


def shares(kind_id, stage, level, n=300):
    rems = Counter()
    for s in range(n):
        p = generate(kind_id, stage=stage, level=level, seed=s)
        if kind_id == "nearest-five" and "rounded to the nearest five" not in p.question:
            continue
        rems[(p.answer["pips"] if kind_id == "hand-rounding" else p.number) % 5] += 1
    total = sum(rems.values())
    return {r: rems[r] / total for r in range(5)}


@pytest.mark.parametrize("kind_id", ["hand-rounding", "nearest-five"])
def test_rounding_goes_up_and_down_as_often_and_every_remainder_comes(kind_id):
    for stage in STAGES:
        for level in LEVELS:
            share = shares(kind_id, stage, level)
            down, up = share[1] + share[2], share[3] + share[4]
            assert 0.35 <= down <= 0.65 and 0.35 <= up <= 0.65, (stage, level, share)
            if level == 3:
                assert share[2] >= 0.15 and share[3] >= 0.15, (stage, share)


def test_best_play_level_one_often_has_two_scoring_plays():
    for stage in STAGES:
        two = 0
        for s in range(300):
            p = generate("best-play", stage=stage, level=1, seed=s)
            lay = p.board
            two += sum(bool(play_points(lay.play(c.value).total)) for c in p.choices) >= 2
        assert two / 300 >= 0.4, (stage, two)
