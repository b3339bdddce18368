"""The bounds every set of BKT numbers is held to (:mod:`trainer.learning.bkt`): the shipped file is held to
them as it is read, and ``make fit-bkt`` holds its fit to them before it writes one.

EM fits of BKT can settle on *degenerate* numbers where the data are thin (Baker, Corbett & Aleven 2008): a
skill learnt from any one answer (learn near 1), known before any answer (prior near 1), or guessed less often
than picking at random would give. The bounds, from the ranges the literature reports (Corbett & Anderson 1995;
Baker, Corbett & Aleven 2008; Pardos & Heffernan 2010):

- ``learn`` and ``taught_learn`` at most :data:`LEARN_MAX` (0.5);
- ``prior`` at most :data:`PRIOR_MAX` (0.8);
- ``slip`` at most :data:`SLIP_MAX` (0.1);
- ``guess`` at least the item's chance (:func:`guess_floor`): 1/choices for a kind answered by picking among
  its choices, 0.5 for a rounding (a number goes to one of the two fives around it), the same floor for every
  skill such items measure (a trap takes the highest floor of the kinds that expose it); and at most
  :data:`GUESS_MAX` (0.5: a guess above it is *theoretically degenerate*, a child who does not know the skill
  answering right more often than not, Baker, Corbett & Aleven 2008);
- and **no skill can become known from one answer**, right or wrong, practised or taught: where the bounds
  above still allow it, the prior is lowered until one answer leaves p(known) below
  :attr:`~trainer.learning.policy.Policy.mastered_at`.

A skill no fit has numbers for (Five-Up's, today) takes :data:`~trainer.learning.bkt.UNFITTED` — the middle
of the literature's ranges, with its own guess floor — never the pooled fit of other stages' skills
(:meth:`~trainer.learning.bkt.ParamTable.held`).

>>> from trainer.learning.bkt import BktParams
>>> p = held("open-total@muggins", BktParams(prior=0.869, learn=0.995, guess=0.3, slip=0.1, taught_learn=0.995))
>>> p.learn, p.taught_learn, p.prior < 0.8, p.update(p.prior, True) < 0.95
(0.5, 0.5, True, True)
>>> held("round-2", BktParams(prior=0.13, learn=0.247, guess=0.057, slip=0.1, taught_learn=0.607)).guess
0.5
"""

from __future__ import annotations

import dataclasses
import math
from functools import cache
from typing import Any, ClassVar, Protocol, TypeVar

from puzzles import KINDS, STAGES, AnswerShape, kind, mastery_traps
from puzzles.traps import TrapFamily, trap
from trainer.learning.policy import DEFAULT_POLICY


class Numbers(Protocol):
    """What the bounds read of a skill's numbers, a frozen dataclass: :class:`trainer.learning.bkt.BktParams` is
    one (named by its shape, so this module, which that one imports, imports nothing of it)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def prior(self) -> float: ...
    @property
    def learn(self) -> float: ...
    @property
    def guess(self) -> float: ...
    @property
    def slip(self) -> float: ...
    @property
    def taught_learn(self) -> float: ...

    def update(self, known: float, correct: bool) -> float: ...


N = TypeVar("N", bound=Numbers)

LEARN_MAX = 0.5
PRIOR_MAX = 0.8
SLIP_MAX = 0.1
GUESS_MAX = 0.5
SHAPE_CHANCE: dict[AnswerShape, float] = {
    AnswerShape.NUMBER: 1 / 4, AnswerShape.PLAY: 1 / 3, AnswerShape.ENDS: 1 / 3, AnswerShape.ROUNDING: 1 / 2,
}
"""The chance of a right answer by picking at random, by the shape of a kind's answer: 1 in its fewest choices
(four numbers; three to five plays; two to six ends, picked as a set: 1 in 3 at the fewest) and 1 in 2 for a
hand's rounding (the two fives around its pips)."""
ROUNDING_CHANCE = 1 / 2
"""A kind whose traps are rounding traps rounds a number to one of the two fives around it: 1 in 2."""


def kind_chance(kind_id: str) -> float:
    """A kind's chance of a right answer by picking at random (``tests/test_bounds.py`` checks it over many
    puzzles)."""
    record = kind(kind_id)
    if any(trap(t).family is TrapFamily.ROUNDING for t in record.mastery_traps):
        return ROUNDING_CHANCE
    return SHAPE_CHANCE[record.answer_shape]


KIND_CHANCE: dict[str, float] = {k: kind_chance(k) for k in KINDS}
"""Each kind's chance (:func:`kind_chance`), by id."""


def guess_ceiling(skill: str) -> float:
    """The highest guess a skill may have: :data:`GUESS_MAX`, or its floor where that is higher."""
    return max(GUESS_MAX, guess_floor(skill))


@cache
def guess_floor(skill: str) -> float:
    """The lowest guess a skill may have: its kind's chance for a general skill (``"kind@stage"``), the highest
    chance of the kinds that expose it for a trap; the lowest kind's for a skill the trainer does not know."""
    lowest = min(KIND_CHANCE.values())
    if "@" in skill:
        return KIND_CHANCE.get(skill.split("@", 1)[0], lowest)
    return max((KIND_CHANCE.get(k, lowest) for k in KINDS for s in STAGES if skill in mastery_traps(k, s)),
               default=lowest)


def known_after_one(p: Numbers, prior: float, mastered_at: float) -> bool:
    """Whether one answer (right or wrong, practised or taught) takes p(known) from ``prior`` to ``mastered_at``."""
    fastest = dataclasses.replace(p, prior=prior, learn=max(p.learn, p.taught_learn))  # taught, or practised
    return any(fastest.update(prior, c) >= mastered_at for c in (True, False))


def held(skill: str, p: N, mastered_at: float = DEFAULT_POLICY.mastered_at) -> N:
    """``p`` held to the bounds (see the module's words) for ``skill``."""
    floor = guess_floor(skill)
    learn = min(p.learn, LEARN_MAX)
    out = dataclasses.replace(p, learn=learn, taught_learn=max(min(p.taught_learn, LEARN_MAX), learn),
                              prior=min(p.prior, PRIOR_MAX), slip=min(p.slip, SLIP_MAX),
                              guess=min(max(p.guess, floor), guess_ceiling(skill)))
    if known_after_one(out, out.prior, mastered_at):
        low, high = 0.0, out.prior  # the highest prior (to 4 places) one answer cannot make known
        for _ in range(40):
            mid = (low + high) / 2
            low, high = (low, mid) if known_after_one(out, mid, mastered_at) else (mid, high)
        out = dataclasses.replace(out, prior=math.floor(low * 10_000) / 10_000)
    return out


def limits(skill: str, mastered_at: float = DEFAULT_POLICY.mastered_at) -> dict[str, float]:
    """The bounds of ``skill`` as pyBKT's bounded fit reads them (``tools/bkt/pybkt_fit.py --bounds``): the
    highest learn, prior and slip, the lowest and highest guess, and the p(known) one answer must not reach.

    >>> limits("round-2")["guess_min"], limits("open-total@muggins")["guess_min"], limits("round-2")["guess_max"]
    (0.5, 0.25, 0.5)
    """
    floor = guess_floor(skill)
    return {"learn_max": LEARN_MAX, "prior_max": PRIOR_MAX, "slip_max": SLIP_MAX, "guess_min": floor,
            "guess_max": guess_ceiling(skill), "known_at": mastered_at}


def broken(skill: str, p: Numbers, mastered_at: float = DEFAULT_POLICY.mastered_at) -> tuple[str, ...]:
    """The bounds a fit of ``skill`` lies outside, each said plainly (empty: within them all): a refit is fitted
    within them by pyBKT itself (:func:`trainer.classroom.pybkt.fit`), and one still outside them is refused, not
    clipped (``make fit-bkt``'s check, :mod:`trainer.classroom.refit`).

    >>> from trainer.learning.bkt import BktParams
    >>> broken("open-total@muggins", BktParams(prior=0.3, learn=0.2, guess=0.3, slip=0.25, taught_learn=0.3))
    ('slip 0.250 > 0.1',)
    """
    floor = guess_floor(skill)
    out = []
    if p.learn > LEARN_MAX or p.taught_learn > LEARN_MAX:
        out.append(f"learn {max(p.learn, p.taught_learn):.3f} > {LEARN_MAX}")
    if p.prior > PRIOR_MAX:
        out.append(f"prior {p.prior:.3f} > {PRIOR_MAX}")
    if p.slip > SLIP_MAX:
        out.append(f"slip {p.slip:.3f} > {SLIP_MAX}")
    if p.guess < floor - 1e-6:
        out.append(f"guess {p.guess:.3f} < the item's chance {floor:.3f}")
    if p.guess > guess_ceiling(skill) + 1e-6:
        out.append(f"guess {p.guess:.3f} > {guess_ceiling(skill):.3f}")
    if not out and known_after_one(p, p.prior, mastered_at):
        out.append("known after one answer")
    return tuple(out)
