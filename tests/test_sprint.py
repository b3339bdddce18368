"""The Fives Sprint's facts, rounds, review by days and grid (pure Python, fake clock)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.learning import spacing
from trainer.learning.policy import DEFAULT_POLICY, Policy
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
    facts_of,
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


def test_a_wrong_fact_comes_back_the_next_day_first_and_a_slow_one_before_a_quick_one():
    history = SprintHistory()
    wrong, slow, quick = Fact.parse("make10:3"), Fact.parse("near:13"), Fact.parse("near:12")
    history.add(SprintAnswer(wrong.id, False, 2.0, 0.0, 4.0))
    history.add(SprintAnswer(slow.id, True, 9.0, 0.0, 4.0))
    history.add(SprintAnswer(quick.id, True, 1.0, 0.0, 4.0))
    assert history.due(wrong, DAY) and not history.due(wrong, 60.0) and not history.due(slow, DAY)
    for seed in range(20):
        assert choose_facts(history, random.Random(seed), DAY)[0] == wrong  # due, and likeliest forgotten
    slow_due = history.memory.card(slow.id).due.timestamp()
    assert history.due(slow, slow_due) and not history.due(quick, slow_due)
    for seed in range(20):
        assert choose_facts(history, random.Random(seed), slow_due)[:2] == [wrong, slow]


def test_a_wrong_fact_is_back_the_next_day_at_any_retention_where_fsrs_alone_would_wait():
    """At a low retention FSRS's own gap after a wrong answer is days (0.7: two); the policy's
    ``fact_again_hours`` brings it back within the next day's round, whatever the retention."""
    from trainer.learning.spacing import Memory

    for retention in (0.65, 0.7, 0.8, 0.85, 0.9):
        policy = dataclasses.replace(DEFAULT_POLICY, fact_retention=retention)
        history = SprintHistory(policy=policy)
        history.add(SprintAnswer("make10:3", False, 2.0, 0.0, 4.0))
        assert history.due("make10:3", DAY * 0.6) and not history.due("make10:3", DAY * 0.4)
    fsrs_alone = Memory(0.7)
    fsrs_alone.review("make10:3", correct=False, fluent=False, at=0.0)
    assert not fsrs_alone.due("make10:3", DAY)  # the rule is what brings it back: FSRS alone waits


def test_a_round_takes_due_facts_by_lowest_retrievability_then_new_then_the_rest():
    history = SprintHistory()
    ids = ["make10:1", "make10:2", "make10:3", "make10:4", "make10:5"]
    history.add(SprintAnswer(ids[0], True, 1.0, 0.0, 4.0))  # quick: the longest gap
    history.add(SprintAnswer(ids[1], True, 9.0, 0.0, 4.0))  # slow (Hard)
    history.add(SprintAnswer(ids[2], False, 1.0, 0.0, 4.0))  # wrong (Again)
    history.add(SprintAnswer(ids[3], True, 1.0, 22 * DAY, 4.0))  # quick, recently: not due
    now = 23 * DAY  # after a quick first answer's gap (21 days at the policy's retention)
    due = [f for f in ids if history.due(f, now)]
    assert set(due) == set(ids[:3])
    chosen = [f.id for f in choose_facts(history, random.Random(1), now, count=11, kinds=[FactKind.MAKE_TEN])]
    by_recall = sorted(due, key=lambda f: history.retrievability(f, now))
    assert chosen[:3] == by_recall == [ids[2], ids[1], ids[0]]
    assert all(not history.memory.seen(f) for f in chosen[3:10]) and chosen[10] == ids[3]


def test_a_round_keeps_places_for_new_facts_while_many_are_due():
    history = SprintHistory()
    for f in all_facts()[:60]:
        history.add(SprintAnswer(f.id, False, 1.0, 0.0, f.kind.time_bar()))
    chosen = choose_facts(history, random.Random(2), DAY)
    new = [f for f in chosen if not history.memory.seen(f.id)]
    assert len(new) == round(DEFAULT_POLICY.round_facts * DEFAULT_POLICY.new_share) == 6
    assert chosen[-6:] == new  # due facts first, then the new ones
    step = choose_facts(history, random.Random(2), DAY, count=DEFAULT_POLICY.step_facts,
                        kinds=[FactKind.COUNT_ON, FactKind.MAKE_FIVE])
    assert sum(not history.memory.seen(f.id) for f in step) == 3  # a coach's step of 10: three new facts
    short = choose_facts(history, random.Random(2), DAY, count=2, kinds=[FactKind.COUNT_ON, FactKind.MAKE_FIVE])
    assert sum(not history.memory.seen(f.id) for f in short) == 1  # however short the step: at least one new fact


def test_states_of_a_fact():
    history = SprintHistory()
    f = Fact.parse("make5:2")
    assert history.state(f) is FactState.NEW
    history.add(SprintAnswer(f.id, False, 1.0, 0.0, 3.0))
    assert history.state(f) is FactState.WRONG
    history.add(SprintAnswer(f.id, True, 8.0, DAY, 3.0))
    assert history.state(f) is FactState.SLOW  # right, but over the time bar
    history.add(SprintAnswer(f.id, True, 2.0, 2 * DAY, 3.0))
    assert history.state(f) is FactState.FLUENT  # right and quick, and FSRS expects it recalled
    assert history.state(f, 40 * DAY) is FactState.FADING  # weeks later: time to see it again
    assert history.retrievability(f, 40 * DAY) < DEFAULT_POLICY.fluent_recall <= history.retrievability(f)


def test_a_kind_is_fluent_only_when_every_one_of_its_facts_is():
    history = SprintHistory()
    facts = facts_of(FactKind.MAKE_FIVE)
    for f in facts[:-1]:
        history.add(SprintAnswer(f.id, True, 1.0, 0.0, 3.0))
    assert not history.kind_fluent(FactKind.MAKE_FIVE)
    assert history.not_fluent([FactKind.MAKE_FIVE, FactKind.MAKE_TEN]) == (FactKind.MAKE_FIVE, FactKind.MAKE_TEN)
    history.add(SprintAnswer(facts[-1].id, True, 1.0, 10.0, 3.0))
    assert history.kind_fluent(FactKind.MAKE_FIVE) and history.not_fluent([FactKind.MAKE_FIVE]) == ()
    history.add(SprintAnswer(facts[0].id, True, 5.0, 20.0, 3.0))  # one slow answer: the kind is not fluent
    assert not history.kind_fluent(FactKind.MAKE_FIVE)
    assert history.any_due([FactKind.MAKE_FIVE, FactKind.MAKE_TEN], 60 * DAY) == (FactKind.MAKE_FIVE,)


def test_the_green_light_counts_right_quick_answers():
    history = SprintHistory()
    for i, f in enumerate(all_facts()[:DEFAULT_POLICY.round_facts]):
        history.add(SprintAnswer(f.id, i % 2 == 0, 1.0, 10.0 + i, f.kind.time_bar()))  # every other one wrong
    assert not history.goal_done(100.0) and history.left_today(100.0) == DEFAULT_POLICY.round_facts // 2
    slow = all_facts()[DEFAULT_POLICY.round_facts]
    history.add(SprintAnswer(slow.id, True, 9.0, 50.0, slow.kind.time_bar()))  # right but slow: not counted
    assert history.quick_on(100.0) == DEFAULT_POLICY.round_facts // 2
    for i, f in enumerate(all_facts()[DEFAULT_POLICY.round_facts + 1:][:10]):
        history.add(SprintAnswer(f.id, True, 1.0, 60.0 + i, f.kind.time_bar()))
    assert history.goal_done(100.0) and not history.goal_done(100.0 + DAY)


def test_the_first_facts_clock_starts_when_the_page_draws_it():
    round_ = SprintRound.start(SprintHistory(), random.Random(1), now=0.0)
    round_.show(6.0)  # the page drew the round six seconds after Start (a slow first load)
    round_.show(8.0)  # a rerun of the page draws it again: the clock does not start again
    verdict = round_.answer(round_.current.answer, 7.0)
    assert verdict.seconds == 1.0 and verdict.fluent
    round_.show(7.5)
    assert round_.answer(round_.current.answer, 9.5).seconds == 2.0
    assert round_.answer(round_.current.answer, 20.0).seconds == 10.5  # not drawn: from the last answer


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


# ----- spacing through py-fsrs -----

ANSWERS = st.lists(st.tuples(st.booleans(), st.floats(0.5, 9.0), st.floats(60.0, 9 * DAY)), min_size=1, max_size=12)


@given(ANSWERS)
def test_each_fact_is_the_card_py_fsrs_itself_gives_for_the_same_reviews(steps):
    """Our card for a fact is py-fsrs's own: the same reviews through ``Scheduler.review_card`` (fuzzing
    off, the policy's retention, no learning steps) give the same card, due time and retrievability."""
    from fsrs import Card, Rating, Scheduler

    fact = Fact.parse("near:13")
    history, at, answers = SprintHistory(), 0.0, []
    for correct, seconds, gap in steps:
        at += gap
        answers.append(SprintAnswer(fact.id, correct, seconds, at, 4.0))
        history.add(answers[-1])
    scheduler = Scheduler(desired_retention=DEFAULT_POLICY.fact_retention, enable_fuzzing=False, learning_steps=())
    card = Card(card_id=spacing.card_id(fact.id), due=spacing.moment(answers[0].at))
    for a in answers:
        rating = Rating.Again if not a.correct else Rating.Good if a.seconds <= a.bar else Rating.Hard
        card, _ = scheduler.review_card(card, rating, review_datetime=spacing.moment(a.at))
    assert history.memory.card(fact.id).to_dict() == card.to_dict()
    back = answers[-1].at + DEFAULT_POLICY.fact_again_hours * 3600  # a wrong last answer: due by then at the latest
    for later in (at, at + DAY / 2, at + 3 * DAY, at + 30 * DAY):
        again = not answers[-1].correct and later >= back
        assert history.due(fact, later) == (card.due <= spacing.moment(later) or again)
        assert history.retrievability(fact, later) == scheduler.get_card_retrievability(card, spacing.moment(later))


def test_the_schedule_is_rebuilt_the_same_from_stored_rows_even_old_ones():
    history = SprintHistory()
    rng = random.Random(4)
    for day in range(5):
        answer_round(SprintRound.start(history, rng, now=day * DAY, on_answer=history.add), day * DAY, right=0.8,
                     seconds=3.5, rng=rng)
    rows = [a.to_row() for a in history.answers]
    again = SprintHistory.from_answers(SprintAnswer.from_row(r) for r in rows)
    assert {f: c.to_dict() for f, c in again.memory.cards.items()} == \
        {f: c.to_dict() for f, c in history.memory.cards.items()}
    assert choose_facts(again, random.Random(1), 6 * DAY) == choose_facts(history, random.Random(1), 6 * DAY)
    old = SprintHistory.from_answers(SprintAnswer.from_row({k: v for k, v in r.items() if k != "bar"}) for r in rows)
    assert old.memory.cards.keys() == history.memory.cards.keys()  # a row from before the time bar was kept


def test_memory_is_a_small_api_for_any_item():
    memory = spacing.Memory(desired_retention=0.9)
    assert not memory.seen("kind:open-total/muggins") and not memory.due("kind:open-total/muggins", 0.0)
    memory.review("kind:open-total/muggins", correct=True, fluent=True, at=0.0)
    assert memory.seen("kind:open-total/muggins") and memory.retrievability("kind:open-total/muggins", 0.0) == 1.0
    assert spacing.rating(False, False) is spacing.Rating.Again
    assert spacing.rating(True, False) is spacing.Rating.Hard and spacing.rating(True, True) is spacing.Rating.Good


# ----- the words after a wrong answer -----

@pytest.mark.parametrize("fact, english, spanish", [
    ("next:37", "The next multiple of five after 37 is 40.", "El siguiente múltiplo de cinco después de 37 es 40."),
    ("on:20", "10, 15, 20, 25.", "10, 15, 20, 25."),
    ("back:20", "30, 25, 20, 15.", "30, 25, 20, 15."),
    ("make10:3", "3 + 7 = 10.", "3 + 7 = 10."),
    ("near:13", "13 is nearest to 15.", "13 está más cerca de 15."),
    ("is5:36", "No: 36 is not a multiple of five.", "No: 36 no es múltiplo de cinco."),
    ("add:1+2+3", "1 + 2 + 3 = 6.", "1 + 2 + 3 = 6."),
])
def test_a_wrong_answer_is_told_the_fact_in_plain_words(fact, english, spanish):
    from trainer import words
    from trainer.words import sprint as sprint_words

    f = Fact.parse(fact)
    said = sprint_words.wrong(f.kind.prefix, f.numbers, f.answer)
    assert said == f"Not quite. {english} It will come back soon."
    assert "?" not in said and "→" not in said
    with words.speaking("es"):
        said = sprint_words.wrong(f.kind.prefix, f.numbers, f.answer)
    assert said == f"No es así. {spanish} Volverá pronto."


MUGGINS_FACTS = (FactKind.MAKE_FIVE, FactKind.MAKE_TEN, FactKind.NEAREST_FIVE, FactKind.IS_MULTIPLE)


def _muggins_answers(not_fluent: int) -> tuple[list[SprintAnswer], list[Fact]]:
    """Every Muggins fact answered right and quick, but the last ``not_fluent`` of them (spread over the kinds)
    answered wrong once."""
    facts = [f for k in MUGGINS_FACTS for f in facts_of(k)]
    missed = facts[::-1][::7][:not_fluent]
    return [SprintAnswer(f.id, f not in missed, 1.0, 0.0, f.kind.time_bar()) for f in facts], missed


def test_a_stage_s_facts_are_fluent_at_the_policy_s_share_not_only_when_every_one_is():
    facts = [f for k in MUGGINS_FACTS for f in facts_of(k)]
    allowed = len(facts) - -(-len(facts) * 9 // 10)  # 117 facts: 106 fluent will do, 11 may be missing
    assert DEFAULT_POLICY.fluent_share == 0.9 and allowed == 11
    answers, missed = _muggins_answers(allowed)
    history = SprintHistory(answers)
    assert history.facts_fluent(MUGGINS_FACTS) and history.not_fluent(MUGGINS_FACTS) == ()
    assert not history.kind_fluent(missed[0].kind)  # the grid still shows the kind short of green
    answers, _ = _muggins_answers(allowed + 1)
    history = SprintHistory(answers)
    assert not history.facts_fluent(MUGGINS_FACTS)
    assert history.not_fluent(MUGGINS_FACTS)  # the coach steps to the kinds with a fact not fluent
    every = SprintHistory(_muggins_answers(1)[0], policy=Policy(fluent_share=1.0))
    assert not every.facts_fluent(MUGGINS_FACTS)  # a share of 1: every fact, as before


def test_a_fact_wrong_twice_running_holds_the_facts_back_whatever_the_share():
    answers, _ = _muggins_answers(0)
    f = facts_of(FactKind.MAKE_TEN)[3]
    history = SprintHistory([*answers, SprintAnswer(f.id, False, 1.0, 5.0, 4.0)])
    assert history.facts_fluent(MUGGINS_FACTS) and not history.wrong_twice(f)
    history.add(SprintAnswer(f.id, False, 1.0, 6.0, 4.0))
    assert history.wrong_twice(f) and not history.facts_fluent(MUGGINS_FACTS)
    assert history.not_fluent(MUGGINS_FACTS) == (FactKind.MAKE_TEN,)
    history.add(SprintAnswer(f.id, True, 1.0, 7.0, 4.0))
    assert history.facts_fluent(MUGGINS_FACTS)


@pytest.mark.parametrize("prefix, spanish", [
    ("next", "¿Cuál es el siguiente múltiplo de cinco después de 37?"),
    ("prev", "¿Cuál es el múltiplo de cinco justo antes de 37?"),
    ("near", "¿De qué múltiplo de cinco está más cerca el 37?"),
])
def test_a_question_in_spanish_is_asked_as_spanish_asks(prefix, spanish):
    from trainer import words
    from trainer.words import sprint as sprint_words

    with words.speaking("es"):
        assert sprint_words.question(prefix, [37]) == spanish


def test_a_count_of_one_reads_as_spanish_says_it():
    """"1 de tu última 1 bien" is no Spanish: one answer is "su/tu última respuesta", with its count beside it."""
    from trainer import words
    from trainer.words import evidence as evidence_words

    with words.speaking("es"):
        said = [evidence_words.you_not_yet_kind("Suma de las puntas", 0, 1),
                evidence_words.not_yet_kind("Suma de las puntas", "práctica", 1, 1)]
    assert said[0] == "Aún no: sigue practicando «Suma de las puntas» (0 de 1 bien en tu último intento)."
    assert said[1] == "Aún no: «Suma de las puntas» está en práctica (1 de 1 bien en su última respuesta)"
    assert not any("última 1" in s or "último 1" in s for s in said)
