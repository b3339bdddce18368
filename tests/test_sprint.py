"""The Fives Sprint's facts, rounds, review by days and grid (pure Python, fake clock)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.sprint import (
    AgeBand,
    Fact,
    FactKind,
    FactState,
    SprintAnswer,
    SprintHistory,
    SprintRound,
    all_facts,
    choose_facts,
)

DAY = 86400.0
FACTS = all_facts()


def test_every_kind_of_fact_is_there_and_ids_round_trip():
    assert {f.kind for f in FACTS} == set(FactKind)
    assert len({f.id for f in FACTS}) == len(FACTS)
    for f in FACTS:
        assert Fact.parse(f.id) == f


@pytest.mark.parametrize("text", ["", "make10", "make10:11", "on:12", "nope:3", "add:1+x", "is5:0", "near:15"])
def test_text_that_is_no_fact_is_refused(text):
    with pytest.raises(ValueError):
        Fact.parse(text)


@pytest.mark.parametrize("fact, answer", [
    ("on:20", 25), ("back:20", 15), ("next:17", 20), ("next:1", 5), ("prev:17", 15), ("prev:4", 0),
    ("near:12", 10), ("near:13", 15), ("near:3", 5), ("make5:2", 3), ("make10:3", 7), ("is5:35", True),
    ("is5:36", False), ("add:2+4+6", 12), ("add:1+2+3+4", 10),
])
def test_answers(fact, answer):
    assert Fact.parse(fact).answer == answer


@given(st.sampled_from(FACTS))
def test_the_answer_is_among_the_choices_and_only_it_is_right(fact):
    choices = fact.choices
    assert fact.answer in choices and len(set(choices)) == len(choices)
    assert 2 <= len(choices) <= 4
    assert [c for c in choices if fact.check(c)] == [fact.answer]
    assert all(c >= 0 for c in choices if not isinstance(c, bool))


def test_yes_and_no_are_read_and_a_bool_is_never_a_number():
    assert Fact.parse("is5:10").check("Yes") and Fact.parse("is5:11").check(" no ")
    assert not Fact.parse("make5:4").check(True)  # True == 1, but it is not the number 1


@pytest.mark.parametrize("kind", list(FactKind))
def test_time_bars_are_three_to_six_seconds_and_younger_children_get_longer(kind):
    assert 3 <= kind.time_bar(AgeBand.OLDER) < kind.time_bar(AgeBand.YOUNG) <= 6


def answer_round(round_: SprintRound, now: float, *, right: float = 1.0, seconds: float = 1.0,
                 rng: random.Random | None = None) -> float:
    rng = rng or random.Random(0)
    while not round_.is_over(now):
        fact = round_.current
        now += seconds
        good = rng.random() < right
        given = fact.answer if good else next(c for c in fact.choices if c != fact.answer)
        round_.answer(given, now)
    return now


def test_a_round_is_twenty_facts_each_once_and_ends():
    history = SprintHistory()
    round_ = SprintRound.start(history, random.Random(3), now=0.0, on_answer=history.add)
    assert len(round_.facts) == DEFAULT_POLICY.round_facts == len({f.id for f in round_.facts})
    assert len({f.kind for f in round_.facts}) >= 5  # a mix
    answer_round(round_, 0.0)
    assert round_.right == DEFAULT_POLICY.round_facts and round_.fluent == DEFAULT_POLICY.round_facts
    assert round_.answer(5, 100.0) is None and len(history.answers) == DEFAULT_POLICY.round_facts
    assert history.goal_done(100.0)


def test_a_round_ends_after_two_minutes_too():
    round_ = SprintRound.start(SprintHistory(), random.Random(3), now=0.0)
    end = answer_round(round_, 0.0, seconds=15.0)
    assert end >= DEFAULT_POLICY.round_seconds and round_.at < DEFAULT_POLICY.round_facts


def test_wrong_and_slow_facts_come_back_first():
    history = SprintHistory()
    wrong, slow = Fact.parse("make10:3"), Fact.parse("near:13")
    history.add(SprintAnswer(wrong.id, False, 2.0, 0.0, 4.0))
    history.add(SprintAnswer(slow.id, True, 9.0, 0.0, 4.0))
    for seed in range(20):
        chosen = choose_facts(history, random.Random(seed), 60.0)
        assert wrong in chosen and slow in chosen


def test_states_of_a_fact():
    history = SprintHistory()
    f = Fact.parse("make5:2")
    assert history.state(f) is FactState.NEW
    history.add(SprintAnswer(f.id, False, 1.0, 0.0, 3.0))
    assert history.state(f) is FactState.WRONG
    history.add(SprintAnswer(f.id, True, 1.0, 1.0, 3.0))
    assert history.state(f) is FactState.SLOW  # one right answer is not yet fluent
    history.add(SprintAnswer(f.id, True, 8.0, 2.0, 3.0))
    assert history.state(f) is FactState.SLOW
    history.add(SprintAnswer(f.id, True, 1.0, 3.0, 3.0))
    history.add(SprintAnswer(f.id, True, 2.0, 4.0, 3.0))
    assert history.state(f) is FactState.FLUENT


def test_fluent_facts_come_back_after_one_three_seven_and_twenty_one_days():
    assert DEFAULT_POLICY.fact_review_days == (1, 3, 7, 21)
    history = SprintHistory()
    f = Fact.parse("on:20")
    day = 0.0
    gaps = []
    history.add(SprintAnswer(f.id, True, 1.0, day, 3.0))
    history.add(SprintAnswer(f.id, True, 1.0, day + 10, 3.0))  # fluent on day 0
    for _ in range(4):
        wait = 0
        while not history.due(f, day + wait * DAY + 20):
            wait += 1
        gaps.append(wait)
        day += wait * DAY
        history.add(SprintAnswer(f.id, True, 1.0, day + 30, 3.0))
    assert gaps == [1, 3, 7, 21]


def test_the_grid_and_the_childs_own_best():
    history = SprintHistory()
    round_ = SprintRound.start(history, random.Random(5), now=0.0, on_answer=history.add)
    answer_round(round_, 0.0, right=0.7, rng=random.Random(9))
    grid = history.grid()
    assert set(grid) == set(FactKind)
    states = [s for row in grid.values() for _, s in row]
    assert states.count(FactState.NEW) == len(FACTS) - DEFAULT_POLICY.round_facts
    assert history.best_round() == round_.fluent
    assert 0 <= history.fluent_share() < 0.1


def test_a_round_can_be_narrowed_to_the_facts_a_trap_needs():
    chosen = choose_facts(SprintHistory(), random.Random(1), 0.0, kinds=[FactKind.NEAREST_FIVE])
    assert len(chosen) == DEFAULT_POLICY.round_facts and {f.kind for f in chosen} == {FactKind.NEAREST_FIVE}


def test_simulated_days_a_steady_child_becomes_fluent_and_rounds_stay_full():
    history = SprintHistory()
    rng = random.Random(11)
    weekly = []
    for day in range(28):
        round_ = SprintRound.start(history, rng, now=day * DAY, on_answer=history.add)
        assert len(round_.facts) == DEFAULT_POLICY.round_facts
        answer_round(round_, day * DAY, right=0.95, seconds=2.0, rng=rng)
        if day % 7 == 6:
            weekly.append(history.fluent_share())
    assert weekly == sorted(weekly) and weekly[-1] > 2 * weekly[0] and weekly[-1] > 0.35
