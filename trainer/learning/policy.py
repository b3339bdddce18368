"""The learner model's numbers, in one frozen value: how much evidence makes a step of mastery, how
the coach moves levels and spaces its reviews, how teaching starts, how long a Sprint round is.

As a spaced-repetition scheduler holds its parameters (py-fsrs's ``Scheduler``), a :class:`Policy`
is handed to :class:`~trainer.learning.progress.Progress` and :class:`~trainer.learning.practice.Practice`
(``policy=``), which read every threshold from it; the same answers folded under the same policy
always give the same progress. Tuning one is making another value:

>>> import dataclasses
>>> patient = dataclasses.replace(DEFAULT_POLICY, daily_goal=15)
>>> patient.daily_goal, DEFAULT_POLICY.daily_goal
(15, 25)
>>> Policy.from_dict(patient.to_dict()) == patient
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class Policy:
    """Every threshold of the learner model (the defaults are the trainer's own)."""

    # ----- the steps of mastery (per kind and stage), from Bayesian Knowledge Tracing -----
    familiar_window: int = 3
    familiar_right: int = 2
    """Familiar: at least 2 of the last 3 answers right, at any level (a step on the way, not a claim)."""
    mastered_at: float = 0.95
    """A skill is known when its p(known) reaches this (:mod:`trainer.learning.bkt`): Proficient when the
    kind's general skill is, Mastered when every trap that applies there is too, and the kind is fluent."""
    drops_below: float = 0.7
    """A mastered kind stays mastered until one of its skills falls below this (two wrong answers in a
    row do it), and is then Proficient until earned again."""
    fluent_window: int = 3
    fluent_right: int = 2
    """Fluent: at least 2 of the kind's last 3 answers at the top level right within its time bar."""
    steady_window: int = 10
    steady_wrong: int = 2
    steady_least: int = 4
    """Steady: no more than 2 wrong among the kind's last 10 answers at the top level, at least 4 of them,
    and as few in proportion while there are fewer than 10 (none of 4 or 5, 1 of 6 to 9). p(known) takes a learner right
    two times in three for one who knows and slips; the record of answers does not: such a child is never
    steady, one who slips now and then mostly is. A stage's kinds must all be steady (now, not once) to
    look mastered."""
    shaky_window: int = 8
    shaky_wrong: int = 3
    """...and a mastered kind drops (to Proficient, or less) when 3 of its last 8 answers at the top level
    are wrong, or one of its skills falls below :attr:`drops_below`."""
    review_window: int = 3
    review_wrong: int = 2
    """Forgetting: a mastered kind whose review answers fail is taken back — 2 wrong among its last 3 review
    answers (answers at the top level on a later day than it was mastered) and it *needs a review*: it is
    Proficient at most (and its stage no longer mastered) until its last 3 answers at the top level are right
    and it is earned again. (ALEKS takes back what a knowledge check finds forgotten; Khan Academy drops a
    level after two wrong in a mastery challenge.)"""
    kind_retention: float = 0.9
    """A mastered kind comes back in review when FSRS says its recall has fallen to this (py-fsrs's
    default desired retention): each answer at the top level is a review of its card."""

    # ----- the mastery of a stage -----
    confirm_choices: int = 8
    """While a stage waits for its confirmation on a later day, the coach makes this many puzzles of the kind it
    chose and serves the one that asks about the most traps still to confirm (a fresh seed each, so the child
    does not meet the same puzzle twice)."""
    confirm_right: int = 2
    confirm_trap_right: int = 2
    """On a later day, each core kind's general skill and each trap that applies at the stage need at least
    this many right answers before the stage is confirmed mastered; a wrong answer starts that skill's count
    again. (Khan Academy's mastery challenge asks twice, too.) Only puzzles chosen afresh count, not the
    missed puzzle again (its answer was just shown) nor a teaching step."""
    confirm_luck: float = 1 / 4
    """...and as many more as make a run of right answers by guessing no likelier than this, at the skill's
    guess (at 1/4, two for every skill: a rounding guessed twice in a row is 1 in 4). At 1/16 — 4 for a
    rounding, 3 for a skill guessed one time in three — children who knew a stage took about half as long
    again from knowing it to Mastered, and those who forget between days were not confirmed less falsely
    (``python -m benchmarks learner_families``; docs/learner-model.md)."""

    confirm_luck_missed: float = 1 / 9
    """...and for a skill missed since the stage looked mastered (a check on a later day, wrong), as many as make
    a lucky run no likelier than this: the luck two right answers already allow on a question of three choices,
    so **4 in a row for a two-way rounding** (3 would be 1 in 8), and no more than 2 elsewhere. A miss there is
    what a child who forgot overnight gives (right by luck half the time on a rounding), seldom one who knows it
    (a slip). At 1/16 — 3 in a row for a skill guessed one time in three too, the doubt then kept only while the
    stage waited — children of the model's own make took a median of 98 puzzles from knowing a stage to Mastered,
    90 before (20 children); at 1/9, 84 (``python -m benchmarks learner_families``, docs/learner-model.md)."""

    # ----- the coach -----
    level_up_after: int = 3
    """Right answers in a row at the coach's level that move it up..."""
    level_down_after: int = 2
    """...and wrong ones in a row that move it down."""
    no_flip_within: int = 6
    """After the coach moves a level, it does not move it back the other way for this many answers."""
    retry_after: int = 3
    """A missed puzzle comes back after this many other puzzles (the same code)."""
    sibling_after: int = 8
    """...and a similar one (a new seed, the same trap) this many puzzles after the retry."""
    kind_review_every: int = 4
    """At the coach's stage, every this many puzzles one goes to a mastered kind (review)."""
    next_stage_level: int = 2
    """The level the coach starts a new stage at, after the one before looked mastered."""
    stage_review_every: int = 8
    """Every this many coached puzzles, one comes from a stage mastered earlier (spaced review)."""
    earlier_review_gap: int = 4
    """After a coached puzzle from an earlier stage (a kind due by FSRS, or the spaced review above), at
    least this many of the coach's stage before the next: reviews never crowd out the stage being learnt
    (at most one coached puzzle in five), and a due kind waits a few puzzles, not days."""
    step_every: int = 4
    """While a stage's facts are not fluent, the coach steps to them every this many puzzles..."""
    step_every_when_facts_hold: int = 1
    """...and before every puzzle once only its facts hold the stage up."""
    first_puzzles: int = 8
    """A new child's first session starts with this many puzzles before any number facts: the game comes
    first, then its facts (before, the day's first step and a step after each trap gave a new child 45 facts
    in their first 14 puzzles)."""
    daily_goal: int = 25
    """A day's practice: this many puzzles (and the number facts the coach steps to)."""

    # ----- teaching after mistakes -----
    same_mistake_teaches: int = 2
    """The same named mistake this many times starts a teaching plan."""
    most_wrong_in_a_row: int = 4
    """No child sees more wrong answers in a row than this without new teaching."""
    most_tries: int = 3
    """Answers to one teaching puzzle (the warm-up, the missed puzzle again) before its working is shown
    and the child goes on: never locked on one puzzle."""
    stuck_after_teaching: int = 2
    """Teaching rounds on one trap in a day, without it becoming known, after which the coach moves on:
    puzzles where the trap does not apply, its number facts, the trap back on a later day."""

    # ----- the Fives Sprint -----
    round_facts: int = 20
    """A round is this many facts..."""
    round_seconds: float = 120.0
    """... or this many seconds, whichever comes first."""
    step_facts: int = 10
    """A coach step (on Practice) is a short round of this many facts (10, not 5: with every fact of a kind
    to be fluent at once, 5 a step left most learners short of the third stage in 400 puzzles)."""
    fluent_run: int = 1
    """A fact is fluent when its last this-many answers were right within the child's time bar (and
    :attr:`fluent_recall` holds)."""
    fluent_share: float = 0.9
    """A stage's number facts are fluent when at least this share of them (its kinds' facts together, rounded
    up: 106 of Muggins' 117) is fluent and none of them was wrong twice running: a child right 85–92% of the
    time is seldom fluent in every fact at once, and need not be to play (a wrong fact comes back the next day
    in any case). The coach steps to the kinds with a fact not fluent until then."""
    fact_retention: float = 0.85
    """The desired retention of py-fsrs's scheduler for the number facts: a fact is due again when FSRS
    expects the child to recall it less than 85 times in 100 (py-fsrs's default is 0.9). With
    :attr:`new_share` at 0.3 every retention from 0.65 to 0.9 recalls within 1% as many facts per review
    (``python -m benchmarks spacing``, its ``choosing`` rows), and 0.85 keeps a quick fact green until it is
    due (:attr:`fluent_recall`); a lower one left facts pale for weeks before they were asked again."""
    fluent_recall: float = 0.85
    """...and a fact is fluent only while FSRS's retrievability of it now is at least this: the same line
    as :attr:`fact_retention`, so a fact stays green until it is due, then asks to be shown again."""
    fact_again_hours: float = 12.0
    """A fact answered wrong is due again 12 hours later at the latest (the next day's round), whatever the
    retention: FSRS's own gap after a wrong answer grows as :attr:`fact_retention` falls (2–3 days at 0.7)."""
    fact_learning_minutes: tuple[float, ...] = ()
    """py-fsrs's learning steps for a new fact, in minutes (none: a new fact's first gap is in days, as
    a daily round is; a wrong fact comes back the next day)."""
    new_share: float = 0.3
    """The share of a round kept for new facts while due ones wait (6 of 20; 3 in a coach's step of 10, at least
    1 however short), so every round moves the child on. With 0.15 the facts just under the retention line took
    most of every round and the Sprint recalled 12% fewer facts at day 60 than plain py-fsrs at 0.8 for the same
    reviews; with 0.3 it recalls more than every plain arm (``python -m benchmarks spacing``)."""

    # ----- puzzles from the learner's own games -----
    game_puzzles_per_day: int = 2
    """The most puzzles from the learner's own games the coach serves on one day."""
    game_puzzle_spacing: int = 4
    """Puzzles answered between two of them (so two in a day never come one after the other)."""

    def to_dict(self) -> dict[str, object]:
        """The policy as plain values (tuples as lists), e.g. to keep beside a study's results."""
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v
                for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, values: Mapping[str, object]) -> Policy:
        """A policy from :meth:`to_dict`'s values; a name it does not have: ``ValueError``."""
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(values) - names
        if unknown:
            raise ValueError(f"not a policy's setting: {', '.join(sorted(unknown))}")
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in values.items()})  # type: ignore[arg-type]


DEFAULT_POLICY = Policy()
"""The trainer's own policy."""
