"""Review by days and the coach's number facts: a stage mastered only on a later day and only with its
number facts fluent, mastered kinds back after 1, 3, 7 and 21 days, the coach stepping to Sprint
facts before Muggins and after a trap, and a day's goal."""

from __future__ import annotations

import math
import random
from dataclasses import replace

from puzzles import CORE_KINDS, generate_for, mastery_traps
from trainer.learning.confirming import lucky_run
from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.practice import COACH, Practice
from trainer.learning.progress import STAGE_FACTS, Attempt, Progress
from trainer.learning.sprint import FactKind, fluent_answers
from trainer.store.traps import with_traps

DAY = 86400.0
MONDAY = 1767628800.0 + 16 * 3600  # 4 pm


def answer(p: Progress, kind: str, at: float, level: int = 3, correct: bool = True, code: str = "",
           stage: str = "muggins"):
    return p.record(with_traps(Attempt(kind, stage, level, correct, 3.0, code=code, at=at)))


def meet_muggins(p: Progress, at: float, *, facts: bool = True):
    """Every answer Muggins needs, all at ``at`` (one day): each trap known, then each core kind right and
    quick at the top level until the stage looks mastered."""
    if facts:
        for f in fluent_answers(STAGE_FACTS["muggins"], at):
            p.record_fact(f)
    out = None
    for kind in CORE_KINDS:
        for trap in mastery_traps(kind, "muggins"):
            code = generate_for(kind, stage="muggins", level=1, trap=trap, seed=0).code
            for _ in range(12):
                if p.knowledge.p(trap) >= DEFAULT_POLICY.mastered_at:
                    break
                answer(p, kind, at, level=1, code=code)
    for _ in range(12):
        for kind in CORE_KINDS:
            out = answer(p, kind, at)
            if "muggins" in p.pending or not facts and p.meets_mastery("muggins", facts=False):
                return out
    return out


def confirm(p: Progress, stage: str, at: float):
    """Answer right what the coach asks until ``stage`` is confirmed (or 40 answers); the last outcome."""
    out = None
    for i in range(40):
        kind, where, level = p.coach_pick(random.Random(i), at)
        assert where == stage and level == 3
        trap = p.coach_trap(kind, stage, at)
        code = generate_for(kind, stage=stage, level=3, trap=trap, seed=i).code if trap else ""
        out = answer(p, kind, at, code=code, stage=stage)
        if out.mastered:
            return out
    return out


def test_a_stage_looks_mastered_today_and_is_confirmed_only_on_a_later_day():
    p = Progress()
    out = meet_muggins(p, MONDAY)
    assert "muggins" in p.pending and not p.is_mastered("muggins")
    assert p.coach_stage == "all-fives" and out.unlocked == "all-fives" and out.mastered is None
    assert answer(p, "open-total", MONDAY + 600).mastered is None  # the same day: not yet
    assert p.coach_pick(random.Random(1), MONDAY + 700)[1] == "all-fives"
    kind, stage, level = p.coach_pick(random.Random(1), MONDAY + DAY)  # tomorrow the coach asks for it
    assert stage == "muggins" and level == 3
    assert answer(p, kind, MONDAY + DAY).mastered is None  # one right answer is not a confirmation
    out = confirm(p, "muggins", MONDAY + DAY)
    assert out.mastered == "muggins" and p.is_mastered("muggins") and not p.pending


def test_a_wrong_answer_never_confirms_a_stage():
    p = Progress()
    meet_muggins(p, MONDAY)
    for kind in CORE_KINDS * 3:
        assert answer(p, kind, MONDAY + DAY, correct=False).mastered is None
    assert not p.is_mastered("muggins")


def test_confirming_asks_two_right_answers_in_a_row_per_kind_and_per_trap():
    p = Progress()
    meet_muggins(p, MONDAY)
    left = p.confirmation_left("muggins")
    assert all(left[f"{k}@muggins"] == 2 for k in CORE_KINDS)
    assert all(left[t] == 2 for k in CORE_KINDS for t in mastery_traps(k, "muggins"))
    answer(p, "open-total", MONDAY + DAY)
    assert p.confirmation_left("muggins")["open-total@muggins"] == 1
    answer(p, "open-total", MONDAY + DAY, correct=False)  # a wrong answer starts the count again
    assert p.confirmation_left("muggins")["open-total@muggins"] == 2  # (guessed 0.3: two lucky are 0.09 ≤ 1/9)


def test_a_policy_can_ask_more_right_answers_where_a_guess_is_easy():
    strict = replace(DEFAULT_POLICY, confirm_luck=1 / 16)  # a run of lucky guesses at most 1 in 16 likely
    p = Progress(policy=strict)
    meet_muggins(p, MONDAY)
    left = p.confirmation_left("muggins")
    assert all(left[t] == 4 for t in ("round-1", "round-2", "round-3", "round-4"))  # a half each: (1/2)^4
    assert all(left[t] == 3 for t in mastery_traps("best-play", "muggins"))  # one in three: (1/3)^3
    assert lucky_run(0.5, 1 / 16) == 4 and lucky_run(1 / 3, 1 / 16) == 3 and lucky_run(0.25, 1 / 16) == 2
    assert lucky_run(0.5, DEFAULT_POLICY.confirm_luck) == 2


def test_a_confirmation_is_one_day_s_answers():
    p = Progress()
    meet_muggins(p, MONDAY)
    answer(p, "open-total", MONDAY + DAY)
    assert p.confirmation_left("muggins")["open-total@muggins"] == 1
    answer(p, "best-play", MONDAY + 2 * DAY)  # the next day: yesterday's right answer may be forgotten
    assert p.confirmation_left("muggins")["open-total@muggins"] == 2
    assert p.confirmation_left("muggins")["best-play@muggins"] == 1
    again = Progress.from_attempts(p.attempts, p.facts.answers)
    assert again.confirmation_left("muggins") == p.confirmation_left("muggins")


def test_a_stage_needs_its_number_facts_fluent():
    p = Progress()
    meet_muggins(p, MONDAY, facts=False)
    assert not p.pending and p.coach_stage == "muggins"
    answers = fluent_answers(STAGE_FACTS["muggins"], MONDAY + 60)
    unlocked = [p.record_fact(f).unlocked for f in answers]
    assert "muggins" in p.pending and unlocked.count("all-fives") == 1
    # at the policy's share of the stage's facts fluent (106 of 117), not only once every one is
    assert unlocked.index("all-fives") + 1 == math.ceil(DEFAULT_POLICY.fluent_share * len(answers)) < len(answers)


def test_the_fold_over_answers_and_facts_gives_the_same_progress():
    p = Progress()
    meet_muggins(p, MONDAY)
    confirm(p, "muggins", MONDAY + DAY)
    again = Progress.from_attempts(p.attempts, p.facts.answers)
    assert again.mastered == p.mastered == ["muggins"] and again.coach_stage == p.coach_stage


def test_mastered_kinds_come_back_when_their_py_fsrs_card_is_due():
    p = Progress()
    meet_muggins(p, MONDAY)
    card = p.kinds_memory.card("open-total@muggins")
    assert card is not None  # a card from the moment the kind was mastered
    now, gaps = MONDAY, []
    for _ in range(4):
        wait = 0
        while not p.kind_due("open-total", "muggins", now + wait * DAY):
            wait += 1
        gaps.append(wait)
        now += wait * DAY
        answer(p, "open-total", now)
        due = p.kinds_memory.card("open-total@muggins").due
        assert p.kind_due("open-total", "muggins", due.timestamp()) and not p.kind_due("open-total", "muggins", now)
    assert gaps[0] >= 1 and gaps == sorted(gaps) and gaps[-1] > gaps[0]  # each right review spaces it further


def test_a_kind_due_by_days_is_the_coachs_next_puzzle():
    p = Progress()
    meet_muggins(p, MONDAY)
    confirm(p, "muggins", MONDAY + DAY)  # every core kind answered right on Tuesday: reviews days on
    picks = {p.coach_pick(random.Random(i), MONDAY + 2 * DAY)[:2] for i in range(5)}
    assert all(stage == "all-fives" for _, stage in picks)
    due = min(p.kinds_memory.card(f"{k}@muggins").due for k in CORE_KINDS).timestamp()
    picks = {p.coach_pick(random.Random(i), due)[:2] for i in range(5)}
    assert all(stage == "all-fives" for _, stage in picks)  # the last puzzles were Muggins': the stage first
    for i in range(DEFAULT_POLICY.earlier_review_gap):  # a few puzzles of the stage being learnt
        answer(p, CORE_KINDS[i % 3], due + i, level=1, stage="all-fives")
    picks = {p.coach_pick(random.Random(i), due + 10)[:2] for i in range(5)}
    assert all(stage == "muggins" for _, stage in picks)  # then a mastered kind is due, by its card


def test_the_coach_steps_to_number_facts_before_muggins_and_after_a_trap():
    p = Progress()
    assert p.coach_facts(MONDAY) == ()  # a new child's first session starts with puzzles
    for i in range(DEFAULT_POLICY.first_puzzles):
        answer(p, "open-total", MONDAY + i, level=1)
    assert set(p.coach_facts(MONDAY + 30)) <= set(STAGE_FACTS["muggins"]) and p.coach_facts(MONDAY + 30)
    p = Progress()
    answer(p, "open-total", MONDAY - DAY, level=1)  # a child from yesterday: the day starts with its facts
    assert set(p.coach_facts(MONDAY)) <= set(STAGE_FACTS["muggins"]) and p.coach_facts(MONDAY)
    for f in fluent_answers(list(FactKind), MONDAY):
        p.record_fact(f)
    assert p.coach_facts(MONDAY + 60) == ()
    rounding = generate_for("hand-rounding", stage="muggins", level=1, trap="round-2", seed=0)
    answer(p, "hand-rounding", MONDAY + 120, level=1, correct=False, code=rounding.code)
    assert p.coach_facts(MONDAY + 130) == (FactKind.NEAREST_FIVE,)
    counting = generate_for("open-total", stage="muggins", level=1, trap="double-once", seed=0)
    answer(p, "open-total", MONDAY + 140, level=1, correct=False, code=counting.code)
    assert p.coach_facts(MONDAY + 150) == (FactKind.ADD_ENDS,)
    answer(p, "open-total", MONDAY + 160, level=1)
    assert p.coach_facts(MONDAY + 170) == ()  # a right answer: no step


def test_a_practice_step_is_short_and_its_time_does_not_count_against_the_puzzle():
    now = [MONDAY]
    pr = Practice(seed_source=random.Random(2), clock=lambda: now[0])
    answer(pr.progress, "open-total", MONDAY - DAY, level=1)  # not their first day
    p = pr.new_puzzle(COACH, "muggins", 1)
    kinds = pr.coach_step()
    assert kinds
    round_ = pr.start_sprint(kinds, coached=True)
    assert len(round_.facts) == DEFAULT_POLICY.step_facts and {f.kind for f in round_.facts} <= set(kinds)
    while not pr.sprint_over:
        now[0] += 2.0
        assert pr.answer_fact(round_.current.answer).fluent
    pr.end_sprint()
    now[0] += 4.0
    pr.answer(p.answer)
    assert pr.progress.attempts[-1].seconds == 4.0 and len(pr.progress.facts.answers) == DEFAULT_POLICY.step_facts


def test_the_days_goal_ends_a_session_and_a_new_day_starts_again():
    now = [MONDAY]
    pr = Practice(seed_source=random.Random(4), clock=lambda: now[0])
    for _ in range(DEFAULT_POLICY.daily_goal):
        assert not pr.goal_done
        p = pr.new_puzzle(COACH, "muggins", 1)
        now[0] += 5
        pr.answer(p.answer)
        while pr.must_answer:
            pr.answer(p.answer)
    assert pr.goal_done and pr.done_today >= DEFAULT_POLICY.daily_goal
    now[0] += DAY
    assert not pr.goal_done and pr.done_today == 0


def first_day(seed: int, puzzles: int = 14, wrong_every: int = 3) -> list[int]:
    """A new child's first session as Practice runs it: before each coached puzzle the coach's step of number
    facts, if any (all answered right), then the puzzle (every third one wrong: a trap's facts follow);
    how many facts the child had answered before each puzzle."""
    now = [MONDAY]
    pr = Practice(seed_source=random.Random(seed), clock=lambda: now[0])
    before = []
    for i in range(puzzles):
        pr.new_puzzle(COACH, "muggins", 1)
        if pr.coached and not pr.review.is_follow_up:
            kinds = pr.coach_step()
            if kinds:
                round_ = pr.start_sprint(kinds, coached=True)
                while not pr.sprint_over:
                    now[0] += 2.0
                    pr.answer_fact(round_.current.answer)
                pr.end_sprint()
        before.append(len(pr.progress.facts.answers))
        now[0] += 5
        p = pr.puzzle
        pr.answer(p.answer + 5 if i % wrong_every == wrong_every - 1 and isinstance(p.answer, int) else p.answer)
        for _ in range(5):
            if not pr.must_answer:
                break
            pr.answer(pr.puzzle.answer)
    return before


def test_a_new_childs_first_session_starts_with_puzzles_and_facts_do_not_swamp_it():
    for seed in range(4):
        before = first_day(seed)
        assert before[:DEFAULT_POLICY.first_puzzles] == [0] * DEFAULT_POLICY.first_puzzles, before
        assert before[-1] <= 2 * DEFAULT_POLICY.step_facts, before  # it was 40 to 50 in 14 puzzles
        assert before[-1] > 0  # the facts still come, after the first puzzles


def test_the_step_says_how_many_facts_it_has():
    from trainer.words import speaking
    from trainer.words.sprint import coach_step

    assert coach_step(["near"], 10).startswith("First, 10 quick number facts:")
    with speaking("es"):
        assert coach_step(["near"], 10).startswith("Primero, 10 cálculos rápidos:")


def test_only_a_puzzle_chosen_afresh_counts_toward_a_confirmation():
    p = Progress()
    meet_muggins(p, MONDAY)
    later = MONDAY + DAY
    for review in ("retry", "reteach", "drill"):  # the same puzzle again after its answer was shown, teaching
        p.record(with_traps(Attempt("open-total", "muggins", 3, True, 3.0, at=later, review=review)))
    need = p.confirm_skills("muggins")["open-total@muggins"]
    assert p.confirmation_left("muggins")["open-total@muggins"] == need
    answer(p, "open-total", later)  # a fresh puzzle at the top level
    assert p.confirmation_left("muggins")["open-total@muggins"] == need - 1
