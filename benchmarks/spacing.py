"""The Sprint's spacing against a plain py-fsrs scheduler, with FSRS-6's own memory model as the child.

Each simulated child has a true memory of every number fact that follows FSRS-6's stability and
difficulty update, with the default parameters scaled for a child who forgets faster or slower than
FSRS's average learner (initial stabilities, the growth of stability after a recall and the stability
left after a lapse, all times the profile's factor). Met for the first time, a fact is wrong, slow or
quick in about the shares of FSRS's own simulator's first ratings; after that the child recalls it with
the probability of FSRS's forgetting curve, and a recalled fact is answered within the time bar with
that same probability (a strong memory is a quick one), else right but slow. The true memory then
takes the answer's rating (Good, Hard, Again).

Sixty days, one 20-fact round a day. Two choosers see the same child:

- **Sprint**: :func:`trainer.learning.sprint.choose_facts` over the child's :class:`SprintHistory`
  (the trainer's own Policy);
- **plain py-fsrs**: ``Scheduler(desired_retention=0.8)`` with its own learning steps, fuzzing off,
  rating right → Good and wrong → Again, the due cards first (the earliest due first), then new facts.

Printed per profile and chooser, at day 60: the mean recall of the facts seen, the facts at recall
≥ 0.9, the expected number of facts recalled, and reviews per fact seen. The target: the Sprint's
expected recalled and facts ≥ 0.9 at least the plain scheduler's, for no more reviews per fact.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass

from fsrs import Card, Rating, Scheduler
from fsrs.scheduler import DEFAULT_PARAMETERS, LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS

from trainer.learning.policy import DEFAULT_POLICY, Policy
from trainer.learning.spacing import card_id, moment
from trainer.learning.sprint import Fact, SprintAnswer, SprintHistory, all_facts, choose_facts

DAY = 86400.0
START = 1767628800.0 + 16 * 3600
"""A Monday, 4 pm (UTC): one round a day, after school."""
DAYS = 60
ROUND = 20
PLAIN_RETENTION = 0.8

FIRST_WRONG, FIRST_SLOW = 0.25, 0.1
"""A fact met for the first time is wrong 1 time in 4 and right but slow 1 in 10 (the rest right and quick):
about the first ratings of FSRS's own simulator (Again 24%, Hard 9%, Good and Easy 67%)."""

PROFILES = {"forgets faster (x0.5)": 0.5, "FSRS-6 defaults (x1)": 1.0, "forgets slower (x2)": 2.0}
"""Each simulated child's stability factor against FSRS-6's default parameters."""


def child_parameters(factor: float) -> tuple[float, ...]:
    """FSRS-6's default parameters with stability scaled by ``factor`` (kept inside py-fsrs's bounds)."""
    w = list(DEFAULT_PARAMETERS)
    for i in (0, 1, 2, 3, 11):
        w[i] *= factor
    w[8] += math.log(factor)  # the growth of stability after a recall, times the factor
    return tuple(min(max(v, lo), hi) for v, lo, hi in zip(w, LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS))


@dataclass
class Child:
    """The simulated child's true memory: one FSRS card per fact under the profile's parameters."""

    factor: float
    rng: random.Random

    def __post_init__(self) -> None:
        self.truth = Scheduler(child_parameters(self.factor), enable_fuzzing=False, learning_steps=())
        self.cards: dict[str, Card] = {}

    def recall(self, fact: str, at: float) -> float:
        card = self.cards.get(fact)
        return 0.0 if card is None else float(self.truth.get_card_retrievability(card, moment(at)))

    def answer(self, fact: str, at: float) -> tuple[bool, bool]:
        """(right, quick) for ``fact`` asked at ``at``; the true memory takes the answer."""
        if fact not in self.cards:  # a first meeting: FSRS's simulator's share of first ratings
            draw = self.rng.random()
            right, quick = draw >= FIRST_WRONG, draw >= FIRST_WRONG + FIRST_SLOW
        else:
            r = self.recall(fact, at)
            right = self.rng.random() < r
            quick = right and self.rng.random() < r
        grade = Rating.Good if quick else Rating.Hard if right else Rating.Again
        card = self.cards.get(fact) or Card(card_id=card_id(fact), due=moment(at))
        self.cards[fact], _ = self.truth.review_card(card, grade, review_datetime=moment(at))
        return right, quick


class Plain:
    """A plain py-fsrs scheduler choosing the day's facts: the due cards, earliest due first, then new ones."""

    def __init__(self, rng: random.Random) -> None:
        self.scheduler = Scheduler(desired_retention=PLAIN_RETENTION, enable_fuzzing=False)
        self.cards: dict[str, Card] = {}
        self.new = [f.id for f in all_facts()]
        rng.shuffle(self.new)

    def choose(self, now: float) -> list[str]:
        due = sorted((c.due, f) for f, c in self.cards.items() if c.due <= moment(now))
        chosen = [f for _, f in due[:ROUND]]
        while len(chosen) < ROUND and self.new:
            chosen.append(self.new.pop(0))
        return chosen

    def record(self, fact: str, right: bool, at: float) -> None:
        card = self.cards.get(fact) or Card(card_id=card_id(fact), due=moment(at))
        self.cards[fact], _ = self.scheduler.review_card(card, Rating.Good if right else Rating.Again,
                                                         review_datetime=moment(at))


class Sprint:
    """The Sprint's own chooser over its history."""

    def __init__(self, rng: random.Random, policy: Policy) -> None:
        self.history = SprintHistory(policy=policy)
        self.rng = rng

    def choose(self, now: float) -> list[str]:
        return [f.id for f in choose_facts(self.history, self.rng, now, count=ROUND)]

    def record(self, fact: str, right: bool, quick: bool, at: float) -> None:
        bar = Fact.parse(fact).kind.time_bar()
        self.history.add(SprintAnswer(fact, right, bar / 2 if quick else bar * 2, at, bar))


@dataclass(frozen=True)
class Result:
    mean_recall: float
    strong: int
    """Facts at recall ≥ 0.9 at day 60."""
    expected: float
    """Expected facts recalled at day 60."""
    reviews_per_fact: float


def simulate(factor: float, chooser: str, seed: int, policy: Policy = DEFAULT_POLICY) -> Result:
    child = Child(factor, random.Random(f"child/{seed}"))
    pick = random.Random(f"pick/{seed}")
    plain, sprint = Plain(pick), Sprint(pick, policy)
    reviews = 0
    for day in range(DAYS):
        now = START + day * DAY
        facts = plain.choose(now) if chooser == "plain" else sprint.choose(now)
        for i, fact in enumerate(facts):
            at = now + 5 * i
            right, quick = child.answer(fact, at)
            reviews += 1
            if chooser == "plain":
                plain.record(fact, right, at)
            else:
                sprint.record(fact, right, quick, at)
    end = START + DAYS * DAY
    recalls = [child.recall(f, end) for f in child.cards]
    return Result(statistics.mean(recalls), sum(r >= 0.9 for r in recalls), sum(recalls),
                  reviews / len(recalls))


def averaged(factor: float, chooser: str, learners: int, policy: Policy = DEFAULT_POLICY) -> Result:
    runs = [simulate(factor, chooser, seed, policy) for seed in range(learners)]

    def mean(get: Callable[[Result], float]) -> float:
        return statistics.mean(get(r) for r in runs)

    return Result(mean(lambda r: r.mean_recall), round(mean(lambda r: r.strong)), mean(lambda r: r.expected),
                  mean(lambda r: r.reviews_per_fact))


def run(learners: int = 10, policy: Policy = DEFAULT_POLICY) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    for name, factor in PROFILES.items():
        plain = averaged(factor, "plain", learners)
        ours = averaged(factor, "sprint", learners, policy)
        for who, r in (("plain py-fsrs", plain), ("Sprint", ours)):
            rows.append((f"spacing: {name}: {who}", f"{r.expected:.0f} recalled",
                         f"mean recall {r.mean_recall:.2f}, {r.strong} facts ≥ 0.9, "
                         f"{r.reviews_per_fact:.2f} reviews per fact (day {DAYS}, {learners} children)"))
        met = (ours.expected >= plain.expected and ours.strong >= plain.strong
               and ours.reviews_per_fact <= plain.reviews_per_fact + 1e-9)
        rows.append((f"spacing: {name}: target", "met" if met else "MISSED",
                     "Sprint's expected recalled and facts ≥ 0.9 at least plain py-fsrs's, for no more reviews "
                     "per fact"))
    return rows


def tuned(**changes: object) -> Policy:
    """The default policy with some Sprint values changed (for trying others)."""
    return dataclasses.replace(DEFAULT_POLICY, **changes)  # type: ignore[arg-type]


if __name__ == "__main__":
    for row in run():
        print(*row, sep="  ")
