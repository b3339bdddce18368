"""The learner model's one policy: a frozen value, read by Progress, Practice, the Sprint and the
puzzles from games, the same for the whole fold."""

import dataclasses
import random

import pytest

from puzzles import generate
from trainer.learning import DEFAULT_POLICY, Attempt, Policy, Practice, Progress
from trainer.learning.progress import MASTERED, PROFICIENT
from trainer.learning.sprint import SprintAnswer, SprintHistory, SprintRound, fluent_answers
from trainer.learning.states import MasteryStep, ReviewMode
from trainer.learning.transfer import RealGames
from trainer.store.traps import with_traps


def test_the_policy_is_a_frozen_value():
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_POLICY.daily_goal = 3  # type: ignore[misc]
    assert Policy() == DEFAULT_POLICY and hash(Policy()) == hash(DEFAULT_POLICY)
    assert Policy.from_dict(DEFAULT_POLICY.to_dict()) == DEFAULT_POLICY
    with pytest.raises(ValueError, match="daily_goals"):
        Policy.from_dict({"daily_goals": 3})


def top_answers(p: Progress, n: int) -> None:
    code = generate("make-five", stage="muggins", level=3, seed=1).code
    for _ in range(n):
        p.record(with_traps(Attempt("make-five", "muggins", 3, True, 1.0, code)))


def test_progress_reads_its_thresholds_from_its_policy():
    quick = dataclasses.replace(DEFAULT_POLICY, mastered_at=0.4)
    fast, slow = Progress(policy=quick), Progress()
    top_answers(fast, 1)
    top_answers(slow, 1)
    assert fast.step("make-five", "muggins") in (PROFICIENT, MASTERED)
    assert slow.step("make-five", "muggins") < PROFICIENT
    again = Progress.from_attempts(fast.attempts, policy=quick)
    assert again.step("make-five", "muggins") == fast.step("make-five", "muggins")
    assert isinstance(fast.step("make-five", "muggins"), MasteryStep)


def test_a_missed_puzzle_comes_back_when_the_policy_says():
    p = Progress(policy=dataclasses.replace(DEFAULT_POLICY, retry_after=1, sibling_after=2))
    code = generate("open-total", stage="muggins", level=1, seed=3).code
    p.record(with_traps(Attempt("open-total", "muggins", 1, False, 5.0, code)))
    assert [(r.how, r.due) for r in p.reviews] == [(ReviewMode.RETRY, 2)]


def test_practice_and_its_progress_share_one_policy():
    short = dataclasses.replace(DEFAULT_POLICY, daily_goal=2, round_facts=5, fluent_run=1)
    pr = Practice(seed_source=random.Random(1), clock=lambda: 1e9, policy=short)
    assert pr.progress.policy == short and pr.progress.facts.policy == short
    for _ in range(2):
        p = pr.new_puzzle("open-total", "muggins", 1)
        pr.answer(p.answer)
    assert pr.goal_done
    assert len(pr.start_sprint().facts) == 5
    follows = Practice(progress=Progress(policy=short))
    assert follows.policy == short  # a practice given no policy follows its progress's
    kept = Progress.from_attempts(pr.progress.attempts)
    rebuilt = Practice(progress=kept, policy=short)
    assert rebuilt.progress.policy == short and rebuilt.progress.attempts == kept.attempts


def test_the_sprint_and_games_read_the_policy():
    history = SprintHistory(policy=dataclasses.replace(DEFAULT_POLICY, fluent_run=1))
    for a in fluent_answers([next(iter(history.grid()))], policy=history.policy):
        history.add(a)
    assert history.fluent_share() > 0
    assert SprintHistory(fluent_answers([next(iter(history.grid()))])).fluent_share() > 0
    one_minute = SprintHistory(policy=dataclasses.replace(DEFAULT_POLICY, round_seconds=60.0))
    round_ = SprintRound.start(one_minute, random.Random(1), now=0.0)
    assert round_.seconds == 60.0 and round_.is_over(60.0) and not round_.is_over(59.0)
    assert RealGames().due(0.0, policy=dataclasses.replace(DEFAULT_POLICY, game_puzzles_per_day=0)) is None
    assert SprintAnswer("make5:2", True, 1.0, 3.0).fluent
