"""The Sprint's spacing against plain py-fsrs schedulers, with FSRS-6's own memory model as the child.

Each simulated child has a true memory of every number fact that follows FSRS-6's stability and
difficulty update, with the default parameters scaled for a child who forgets faster or slower than
FSRS's average learner (initial stabilities, the growth of stability after a recall and the stability
left after a lapse, all times the profile's factor). Met for the first time, a fact is wrong, slow or
quick in about the shares of FSRS's own simulator's first ratings; after that the child recalls it with
the probability of FSRS's forgetting curve, and a recalled fact is answered within the time bar with
that same probability (a strong memory is a quick one), else right but slow. The true memory then
takes the answer's rating (Good, Hard, Again).

Two child models: the project's (FSRS-6's defaults, ×1), and one whose forgetting differs per child
(each child's factor drawn between ×0.5 and ×2, evenly on a log scale).

Sixty days, one 20-fact round a day: every chooser asks the same child the same number of facts on the
same days.

- **Sprint**: :func:`trainer.learning.sprint.choose_facts` over the child's :class:`SprintHistory`
  (the trainer's own Policy);
- **plain py-fsrs at 0.7, 0.8, 0.85, 0.9**: ``Scheduler(desired_retention=r)`` **without learning
  steps** (one session a day has no use for 1-minute and 10-minute steps), fuzzing off, rating right →
  Good and wrong → Again, the due cards first (the earliest due first), then new facts.

Printed per child model and chooser, at day 60: the expected number of facts recalled, the facts at
recall ≥ 0.9, the mean recall of the facts seen and reviews per fact seen. The target: the Sprint's
expected recalled at least the best plain scheduler's minus 2%.
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
PLAIN_RETENTIONS = (0.7, 0.8, 0.85, 0.9)
WITHIN = 0.02
"""The target: the Sprint within 2% of the best plain scheduler's expected recalled facts."""

FIRST_WRONG, FIRST_SLOW = 0.25, 0.1
"""A fact met for the first time is wrong 1 time in 4 and right but slow 1 in 10 (the rest right and quick):
about the first ratings of FSRS's own simulator (Again 24%, Hard 9%, Good and Easy 67%)."""

PER_CHILD = 0.0
"""A profile whose factor is drawn per child, between ×0.5 and ×2."""
PROFILES = {"FSRS-6 defaults (x1)": 1.0, "forgetting per child (x0.5-x2)": PER_CHILD}
"""Each simulated child's stability factor against FSRS-6's default parameters."""


def factor_of(profile: float, seed: int) -> float:
    """The child's factor: the profile's, or (:data:`PER_CHILD`) one drawn for the child."""
    if profile != PER_CHILD:
        return profile
    return float(2 ** random.Random(f"factor/{seed}").uniform(-1.0, 1.0))


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

    def __init__(self, rng: random.Random, retention: float) -> None:
        self.scheduler = Scheduler(desired_retention=retention, enable_fuzzing=False, learning_steps=(),
                                   relearning_steps=())
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
    """One child (``factor``: its profile's) over the days; ``chooser`` is ``"sprint"`` or a plain
    scheduler's retention, e.g. ``"0.8"``."""
    child = Child(factor_of(factor, seed), random.Random(f"child/{seed}"))
    pick = random.Random(f"pick/{seed}")
    plain = Plain(pick, float(chooser)) if chooser != "sprint" else None
    sprint = Sprint(pick, policy)
    reviews = 0
    for day in range(DAYS):
        now = START + day * DAY
        facts = plain.choose(now) if plain is not None else sprint.choose(now)
        for i, fact in enumerate(facts):
            at = now + 5 * i
            right, quick = child.answer(fact, at)
            reviews += 1
            if plain is not None:
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
    rows = choice(policy=policy)
    for name, factor in PROFILES.items():
        arms = {f"plain py-fsrs {r}": averaged(factor, str(r), learners) for r in PLAIN_RETENTIONS}
        ours = averaged(factor, "sprint", learners, policy)
        for who, r in (*arms.items(), (f"Sprint ({policy.fact_retention})", ours)):
            rows.append((f"spacing: {name}: {who}", f"{r.expected:.0f} recalled",
                         f"{r.strong} facts ≥ 0.9, mean recall {r.mean_recall:.2f}, "
                         f"{r.reviews_per_fact:.2f} reviews per fact (day {DAYS}, {DAYS * ROUND} reviews, "
                         f"{learners} children)"))
        best_arm = max(arms, key=lambda a: arms[a].expected)
        best = arms[best_arm].expected
        met = ours.expected >= best * (1 - WITHIN)
        rows.append((f"spacing: {name}: target", "met" if met else "MISSED",
                     f"Sprint's expected recalled {ours.expected:.0f} ≥ the best plain scheduler's ({best_arm}: "
                     f"{best:.0f}) − 2%; facts ≥ 0.9: Sprint {ours.strong}, {best_arm} {arms[best_arm].strong}"))
    return rows


CHOICES = (0.65, 0.7, 0.75, 0.8, 0.85, 0.9)
"""The Sprint's retentions tried when choosing one."""


def choice(learners: int = 6, policy: Policy = DEFAULT_POLICY) -> list[tuple[str, str, str]]:
    """The Sprint's expected facts recalled per review at each retention of :data:`CHOICES` (both child
    models), and the one that recalls most: what :attr:`Policy.fact_retention` is chosen by."""
    rows: list[tuple[str, str, str]] = []
    per: dict[float, float] = {}
    for r in sorted({*CHOICES, policy.fact_retention}):
        tried = dataclasses.replace(policy, fact_retention=r)
        got = [averaged(f, "sprint", learners, tried) for f in PROFILES.values()]
        per[r] = statistics.mean(g.expected for g in got) / (DAYS * ROUND)
        rows.append((f"spacing: choosing: Sprint at {r}", f"{per[r]:.3f} per review",
                     " / ".join(f"{g.expected:.0f} recalled, {g.strong} ≥ 0.9" for g in got)
                     + f" ({', '.join(PROFILES)}; {learners} children)"))
    best = max(per, key=lambda r: per[r])
    rows.append(("spacing: choosing: the retention", f"{best}",
                 ("met" if per[policy.fact_retention] >= per[best] * (1 - WITHIN) else "MISSED")
                 + f": the policy's {policy.fact_retention} within 2% of the retention that recalls the most per "
                 "review"))
    return rows


def tuned(**changes: object) -> Policy:
    """The default policy with some Sprint values changed (for trying others)."""
    return dataclasses.replace(DEFAULT_POLICY, **changes)  # type: ignore[arg-type]


if __name__ == "__main__":
    for row in run():
        print(*row, sep="  ")
