"""Bayesian Knowledge Tracing: how likely it is that a child knows each skill, after every answer.

Each trap (a named misconception) and each kind of puzzle at each stage (its *general* skill, e.g.
``"open-total@muggins"``) is a BKT skill (Corbett & Anderson 1995) with four numbers, fitted by pyBKT
(the Pardos lab's implementation) and shipped in ``trainer/learning/data/bkt.json``:

- ``prior`` — known before the first answer;
- ``learn`` — the chance an answer's practice turns "not known" into "known" (``taught_learn`` after a
  teaching episode: the contrast pair and worked example before a warm-up drill; pyBKT's *multilearn*);
- ``guess`` — right without knowing; ``slip`` — wrong while knowing.

After every first, unhinted answer, each skill the answer is evidence for (:func:`observations`) takes
the standard update: Bayes' rule on the answer, then the chance of learning. The value after an answer
is exactly what pyBKT's ``predict`` gives as the state before the next one (``tests/test_bkt.py`` checks
this on logs pyBKT scored; ``python -m trainer.classroom.fit`` refits the numbers from the store).

>>> p = BktParams(prior=0.3, learn=0.15, guess=0.2, slip=0.1, taught_learn=0.3)
>>> round(p.update(p.prior, True), 3)  # right: 0.3 → 0.66 by Bayes, then a learning step
0.71
>>> round(p.update(0.71, False), 3)  # wrong
0.349
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path

from puzzles import KINDS, STAGES, TRAPS, Stage
from trainer.learning.attempt import Attempt, attempt_traps
from trainer.learning.bounds import held
from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.states import ReviewMode

TOP_LEVEL = 3
"""The top level of every stage (levels are 1, 2 and 3): a kind's general skill is judged there (levels 1 and 2
are the climb). The one constant of it: :mod:`.skill`, :mod:`.progress` and :mod:`.placement` read this."""
PARAMS_FILE = Path(__file__).with_name("data") / "bkt.json"
"""The fitted numbers shipped with the trainer (``python -m trainer.classroom.fit --out`` writes a new file)."""


class Resource(enum.IntEnum):
    """What came before an answer's learning step (pyBKT's *resources*, numbered from 1)."""

    PRACTICE = 1
    """A puzzle answered: learning at ``learn``."""
    TAUGHT = 2
    """The first answer after a teaching episode (contrast pair, worked example): ``taught_learn``."""


@dataclass(frozen=True)
class BktParams:
    """One skill's four numbers (and the learning rate after teaching)."""

    prior: float
    learn: float
    guess: float
    slip: float
    taught_learn: float
    forget: float = 0.0
    """Always 0 here (pyBKT's default: no forgetting; spacing is FSRS's job)."""

    def __post_init__(self) -> None:
        for name, value in asdict(self).items():
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"a BKT {name} is a probability, not {value!r}")

    def update(self, known: float, correct: bool, resource: Resource = Resource.PRACTICE) -> float:
        """p(known) after one answer: the posterior given the answer, then one learning step."""
        unknown, known = self.step(1.0 - known, known, correct, resource)
        return known

    def step(self, unknown: float, known: float, correct: bool,
             resource: Resource = Resource.PRACTICE) -> tuple[float, float]:
        """(p(not known), p(known)) after one answer. Both are kept, as pyBKT keeps its two states: after a
        long run of right answers p(not known) is tiny but not 0, so a run of wrong ones still brings
        p(known) back down (one float, ``1 - p``, would round to exactly 0 and never move again)."""
        if correct:
            yes, no = known * (1.0 - self.slip), unknown * self.guess
        else:
            yes, no = known * self.slip, unknown * (1.0 - self.guess)
        total = yes + no
        if total <= 0.0:
            yes, no, total = known, unknown, known + unknown
        yes, no = yes / total, no / total
        learn = self.taught_learn if resource is Resource.TAUGHT else self.learn
        return no * (1.0 - learn) + yes * self.forget, yes * (1.0 - self.forget) + no * learn

    def p_correct(self, known: float) -> float:
        """The chance the next answer is right."""
        return known * (1.0 - self.slip) + (1.0 - known) * self.guess


def general_skill(kind: str, stage: Stage) -> str:
    """The name of a kind's general skill at a stage: ``"open-total@muggins"``."""
    return f"{kind}@{stage}"


@dataclass(frozen=True)
class Observation:
    """One answer as evidence for one skill."""

    skill: str
    correct: bool
    resource: Resource = Resource.PRACTICE


def observations(a: Attempt) -> tuple[Observation, ...]:
    """The skills an answer is evidence for, and how.

    A hinted answer is evidence for nothing. A top-level answer is evidence for its kind's general skill
    at its stage. Every trap the puzzle exposed (worked out from its code, so old answers count too)
    gets a right answer as evidence, and a wrong one only the trap it was filed under: the one the child
    was told about, the likeliest for this child of those whose model gives that answer (``0`` often
    fits two; blaming each of them would hold down a trap the child never gets wrong on its own). A wrong
    answer no trap explains (a slip, a guess) says nothing about a misconception: it is evidence against
    the general skill alone. A warm-up drill comes after a teaching episode: its traps learn at the
    taught rate. A placement check's answer places the child and is evidence for nothing (a lucky one
    would make a kind Proficient)."""
    if a.hinted or a.review is ReviewMode.PLACEMENT:
        return ()
    out: list[Observation] = []
    if a.level == TOP_LEVEL and a.review is not ReviewMode.DRILL:
        out.append(Observation(general_skill(a.kind, a.stage), a.correct))
    resource = Resource.TAUGHT if a.review is ReviewMode.DRILL else Resource.PRACTICE
    traps = attempt_traps(a)
    for t in traps:
        if a.correct or t == a.mistake:
            out.append(Observation(t, a.correct, resource))
    return tuple(out)


@dataclass(frozen=True)
class ParamTable:
    """The fitted numbers: one :class:`BktParams` per skill, and the default for any other."""

    default: BktParams
    skills: Mapping[str, BktParams] = field(default_factory=dict)
    cohort: str = ""
    """Where the numbers come from (the cohort they were fitted on)."""

    def __getitem__(self, skill: str) -> BktParams:
        return self.skills.get(skill, self.default)

    def to_json(self) -> str:
        return json.dumps({"cohort": self.cohort, "default": asdict(self.default),
                           "skills": {k: asdict(v) for k, v in sorted(self.skills.items())}}, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str) -> ParamTable:
        data = json.loads(text)
        return cls(BktParams(**data["default"]), {k: BktParams(**v) for k, v in data.get("skills", {}).items()},
                   str(data.get("cohort", "")))

    def held(self, mastered_at: float = DEFAULT_POLICY.mastered_at) -> ParamTable:
        """The table with every skill the trainer traces, each held to the bounds
        (:mod:`trainer.learning.bounds`): a fitted one from its fit, any other from :data:`UNFITTED` (the
        table's own default, a pooled fit of other skills, is not used for them)."""
        skills = {s: held(s, self.skills.get(s, UNFITTED), mastered_at) for s in every_skill()}
        extra = {s: held(s, p, mastered_at) for s, p in self.skills.items() if s not in skills}
        return ParamTable(held("", UNFITTED, mastered_at), {**skills, **extra}, self.cohort)


UNFITTED = BktParams(prior=0.3, learn=0.15, guess=0.0, slip=0.1, taught_learn=0.3)
"""The numbers of a skill no fit has (its guess raised to its floor by :func:`~trainer.learning.bounds.held`):
the middle of the literature's ranges (prior 0.1–0.5, learn 0.05–0.3, slip 0.05–0.15), teaching doubling the
learning rate."""


def every_skill() -> tuple[str, ...]:
    """Every skill the trainer traces: each kind's general skill at each stage, and each trap."""
    return (*(general_skill(k, s) for s in STAGES for k in KINDS), *TRAPS)


@cache
def shipped_params() -> ParamTable:
    """The numbers shipped with the trainer (:data:`PARAMS_FILE`), held to the bounds as they are read
    (:meth:`ParamTable.held`)."""
    return ParamTable.from_json(PARAMS_FILE.read_text(encoding="utf-8")).held()


@dataclass
class Knowledge:
    """A learner's p(known) for every skill met so far: a fold over their answers."""

    params: ParamTable = field(default_factory=shipped_params)
    states: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Per skill met: (p(not known), p(known)), both kept (see :meth:`BktParams.step`)."""
    seen: dict[str, int] = field(default_factory=dict)
    """How many answers were evidence for each skill."""

    def p(self, skill: str) -> float:
        """p(known) now (the skill's prior before any evidence)."""
        state = self.states.get(skill)
        return self.params[skill].prior if state is None else state[1] / (state[0] + state[1])

    def set(self, skill: str, known: float) -> None:
        """Start a skill at a p(known) of one's own (a test, a placement)."""
        self.states[skill] = (1.0 - known, known)

    def add(self, a: Attempt) -> tuple[Observation, ...]:
        """Fold in one answer; returns the evidence it gave."""
        obs = observations(a)
        for o in obs:
            params = self.params[o.skill]
            unknown, known = self.states.get(o.skill, (1.0 - params.prior, params.prior))
            self.states[o.skill] = params.step(unknown, known, o.correct, o.resource)
            self.seen[o.skill] = self.seen.get(o.skill, 0) + 1
        return obs

    @classmethod
    def from_attempts(cls, attempts: Iterable[Attempt], params: ParamTable | None = None) -> Knowledge:
        k = cls(params or shipped_params())
        for a in attempts:
            k.add(a)
        return k
