"""How well a set of BKT numbers predicts children it was not fitted on: the field's standard check of a knowledge
model (next-answer AUC and RMSE on held-out learners). Pure Python: the split (by child, never one child's answers
on both sides), the trainer's own predictions with a :class:`~trainer.learning.bkt.ParamTable`, and the two scores.
``make fit-bkt`` uses it to check the shipped numbers and a refit on a school's own answers
(:mod:`trainer.classroom.refit`).

>>> auc([0.9, 0.8, 0.3, 0.2], [True, False, True, False]), round(rmse([1.0, 0.5], [True, False]), 3)
(0.75, 0.354)
>>> train, test = split(list(range(10)), held_out=0.3, seed=1)
>>> sorted(train + test) == list(range(10)) and len(test) == 3 and not set(train) & set(test)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from trainer.learning.attempt import Attempt
from trainer.learning.bkt import ParamTable, observations

T = TypeVar("T")
HELD_OUT = 1 / 3
"""The share of children kept out of the fit, to predict."""
SEED = 2026
"""The split's seed: the same children give the same split."""


def split(learners: Sequence[T], *, held_out: float = HELD_OUT, seed: int = SEED) -> tuple[list[T], list[T]]:
    """(the children to fit on, the children to predict): whole children, shuffled with ``seed``; at least one
    on each side when there are two or more."""
    order = list(range(len(learners)))
    random.Random(seed).shuffle(order)
    n = round(len(order) * held_out)
    if len(order) >= 2:
        n = min(max(n, 1), len(order) - 1)
    test = set(order[:n])
    return [x for i, x in enumerate(learners) if i not in test], [x for i, x in enumerate(learners) if i in test]


@dataclass(frozen=True)
class Prediction:
    """One held-out observation: its skill, whether it was right, and the chance a model gave it beforehand."""

    skill: str
    correct: bool
    p: float


def predictions(table: ParamTable, learners: Sequence[Sequence[Attempt]]) -> list[Prediction]:
    """The trainer's chance of a right answer before each observation of ``learners`` (the fold's own evidence,
    :func:`~trainer.learning.bkt.observations`, in the order :func:`trainer.learning.fit.observation_rows` writes
    them), each child's p(known) updated by their own earlier answers."""
    out: list[Prediction] = []
    for attempts in learners:
        states: dict[str, tuple[float, float]] = {}
        for a in attempts:
            for o in observations(a):
                p = table[o.skill]
                unknown, known = states.get(o.skill, (1.0 - p.prior, p.prior))
                out.append(Prediction(o.skill, o.correct, p.p_correct(known / (unknown + known))))
                states[o.skill] = p.step(unknown, known, o.correct, o.resource)
    return out


def auc(scores: Sequence[float], truth: Sequence[int]) -> float:
    """The area under the ROC curve (Mann-Whitney, ties shared); NaN with only right or only wrong answers."""
    pairs = sorted(zip(scores, truth, strict=True))
    pos = sum(truth)
    neg = len(truth) - pos
    if not pos or not neg:
        return float("nan")
    rank_sum, i = 0.0, 0
    while i < len(pairs):
        j = i
        while j < len(pairs) and pairs[j][0] == pairs[i][0]:
            j += 1
        rank_sum += (i + j + 1) / 2 * sum(t for _, t in pairs[i:j])  # ranks i+1 … j share their mean
        i = j
    return (rank_sum - pos * (pos + 1) / 2) / (pos * neg)


def rmse(scores: Sequence[float], truth: Sequence[int]) -> float:
    if not truth:
        return float("nan")
    return math.sqrt(sum((s - t) ** 2 for s, t in zip(scores, truth, strict=True)) / len(truth))
