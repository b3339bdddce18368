"""Held-out prediction, the field's standard check of a knowledge model: does it predict the next answer?

For each family of :mod:`benchmarks.learner_families`, its simulated children are split in two, whole children
(:func:`trainer.learning.heldout.split`, half held out, seeded): every model is fitted on the same children
and predicts the same observations of the others (the observations the app's fold makes of their answers).
Printed per family, over those observations, AUC and RMSE of:

- **app, shipped numbers**: the trainer's own model (:class:`~trainer.learning.bkt.Knowledge`) with the numbers
  it ships (fitted, by pyBKT, on the cohort of :mod:`tools.bkt.cohort`: other children again), its chance of a
  right answer before each one;
- **app, refitted**: the same model with numbers refitted on the family's training children the way the app
  refits itself, ``make fit-bkt``'s path (:func:`trainer.classroom.refit.check`): pyBKT's fit of every skill
  with enough answers, held within the bounds (:mod:`trainer.learning.bounds`) by EM itself (a number that
  settles outside is fixed at its bound and the others fitted again), a fit still outside them or degenerate
  refused, and every skill not refitted kept at the shipped numbers; the row says how many skills were
  refitted (and how many of them held at a bound), refused and kept for too few answers. The benchmark passes
  its own minimums (:data:`MIN_OBSERVATIONS` observations from :data:`MIN_LEARNERS` children; the app asks 150
  from 15, and a family's half is 6 children);
- **pyBKT plain**: pyBKT's own fit (one learning rate per skill), every skill it saw, no bounds;
- **pyBKT + teaching**: teaching as a second resource (``multilearn``), as the shipped fit is made;
- **running share**: each skill's share right so far for this child (starting from the training half's share).

Target: the refitted app's AUC at least pyBKT's (the better of its two) minus 0.01, in every family; the shipped
numbers' row is printed with its gap, the case for refitting. Every model is scored on the observations every
model predicts (pyBKT predicts none of a skill the training children never met). pyBKT runs in its own
environment (``.venv-bkt``, made the first time by :func:`trainer.classroom.pybkt.pybkt_python`, as ``make
fit-bkt`` does); ``FIVES_SKIP_PYBKT=1`` leaves it out, and with it the refit (the rows say so).
"""

from __future__ import annotations

import datetime as dt
import math
import os
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from benchmarks.learner_families import FAMILIES, PUZZLES, family_runs
from trainer.classroom import pybkt, refit
from trainer.learning import bounds
from trainer.learning.attempt import Attempt
from trainer.learning.bkt import observations, shipped_params
from trainer.learning.fit import NotEnoughAnswers, observation_rows
from trainer.learning.heldout import SEED, auc, predictions, rmse, split

__all__ = ["auc", "rmse", "running_share", "heldout", "rows_for", "family_rows", "run"]

Obs = tuple[str, int, int, float]
HELD_OUT = 0.5
"""Half of a family's children held out: predicted by every model, fitted on by none."""
MIN_OBSERVATIONS = 150
"""A skill is refitted from at least this many observations (the app's own minimum) …"""
MIN_LEARNERS = 3
"""… of at least this many training children (the app asks 15; a family of 12 trains on 6)."""
SHIPPED, REFITTED, PLAIN, TEACHING, SHARE = ("app, shipped numbers", "app, refitted", "pyBKT plain",
                                             "pyBKT + teaching", "running share")
"""The models, in the order printed."""


def running_share(train: Sequence[Sequence[Obs]], test: Sequence[Sequence[Obs]]) -> list[float]:
    """Each skill's share right so far for the child, starting from the training half's share (one answer's weight)."""
    right: dict[str, list[int]] = {}
    for child in train:
        for skill, ok, _, _ in child:
            right.setdefault(skill, []).append(ok)
    start = {s: sum(v) / len(v) for s, v in right.items()}
    overall = sum(sum(v) for v in right.values()) / max(1, sum(len(v) for v in right.values()))
    out = []
    for child in test:
        seen: dict[str, tuple[int, int]] = {}
        for skill, ok, _, _ in child:
            r, n = seen.get(skill, (0, 0))
            out.append((r + start.get(skill, overall)) / (n + 1))
            seen[skill] = (r + ok, n + 1)
    return out


def _evidence(children: Sequence[Sequence[Attempt]]) -> list[list[Obs]]:
    return [[(o.skill, int(o.correct), int(o.resource), 0.0) for a in child for o in observations(a)]
            for child in children]


@dataclass(frozen=True)
class Heldout:
    """One family's split and each model's chance of a right answer before every held-out observation."""

    fitted_on: int
    held_out: int
    truth: list[int]
    models: dict[str, list[float | None]]
    """Per model, one chance per observation of the held-out children, in order (``None``: not predicted)."""
    checked: refit.RefitCheck | None
    """The refit path's check (its table is the refitted app's numbers); ``None`` when nothing was refitted."""
    why_not: str = ""
    """Why there is no refit (pyBKT left out, too few answers)."""

    @property
    def keep(self) -> list[int]:
        """The observations every model predicts: the ones every row is scored on."""
        return [i for i in range(len(self.truth)) if all(m[i] is not None for m in self.models.values())]

    def scores(self) -> dict[str, tuple[float, float]]:
        """(AUC, RMSE) per model, over :attr:`keep`."""
        keep = self.keep
        t = [self.truth[i] for i in keep]
        out = {}
        for model, preds in self.models.items():
            s = [float(preds[i] or 0.0) for i in keep]
            out[model] = (auc(s, t), rmse(s, t))
        return out


def heldout(children: Sequence[Sequence[Attempt]], *, name: str = "a family", with_pybkt: bool = True,
            fits: int = pybkt.FITS, min_observations: int = MIN_OBSERVATIONS,
            min_learners: int = MIN_LEARNERS) -> Heldout:
    """Split ``children`` (each one child's answers, in order), fit, and predict the held-out ones with every model.
    The refit goes through :func:`trainer.classroom.refit.check` with the same split (its ``held_out`` and
    ``split_seed``), ``fits`` random starts of EM a skill as the app's own refit."""
    train, test = split(list(children), held_out=HELD_OUT, seed=SEED)
    shipped = predictions(shipped_params(), test)
    truth = [int(p.correct) for p in shipped]
    models: dict[str, list[float | None]] = {SHIPPED: [p.p for p in shipped]}
    checked: refit.RefitCheck | None = None
    why_not = "FIVES_SKIP_PYBKT=1: pyBKT left out, and the refit with it"
    if with_pybkt:
        why_not = ""
        try:
            checked = refit.check(children, where=name, day=dt.date.today(), held_out=HELD_OUT, split_seed=SEED,
                                  fits=fits, with_pybkt=False, min_observations=min_observations,
                                  min_learners=min_learners)
        except NotEnoughAnswers as err:
            why_not = str(err)
        if checked is not None:  # the refit path split the children as here: the same held-out answers
            assert (checked.fitted_on, checked.held_out) == (len(train), len(test))
            assert checked.scores[refit.SHIPPED].observations == len(truth)
        table = checked.table if checked is not None else shipped_params()
        models[REFITTED] = [p.p for p in predictions(table, test)]
        own = pybkt.heldout(observation_rows(train), observation_rows(test))
        models[PLAIN], models[TEACHING] = own["plain"], own["teaching"]
    models[SHARE] = list(running_share(_evidence(train), _evidence(test)))
    assert all(len(m) == len(truth) for m in models.values())
    return Heldout(len(train), len(test), truth, models, checked, why_not)


def _refit_note(h: Heldout) -> str:
    c = h.checked
    if c is None:
        return f"no refit ({h.why_not}): the shipped numbers kept"
    return (f"refitted on the {c.fitted_on} training children through make fit-bkt's path: {len(c.refitted)} "
            f"skills refitted ({len(c.held)} of them held at a bound), {len(c.refused)} refused (outside the bounds "
            f"or degenerate), {len(c.too_few)} kept for too few answers (< {c.min_observations} observations from "
            f"{c.min_learners} children); "
            "every skill not refitted keeps the shipped numbers")


def rows_for(family: str, h: Heldout) -> list[tuple[str, str, str]]:
    """The family's rows: one per model, the refit's refused skills, and the target."""
    name = f"prediction: {family}"
    keep = h.keep
    right = sum(h.truth[i] for i in keep) / max(1, len(keep))
    scores = h.scores()
    best = max(scores[PLAIN][0], scores[TEACHING][0]) if PLAIN in scores else float("nan")
    out: list[tuple[str, str, str]] = []
    for model, (a, r) in scores.items():
        note = (f"RMSE {r:.3f} on {len(keep)} answers of {h.held_out} children "
                f"(fitted on {h.fitted_on}; {right:.0%} right)")
        if model == SHIPPED and not math.isnan(best):
            note += f"; {a - best:+.3f} from pyBKT's best"
        if model == REFITTED:
            note += f"; {a - best:+.3f} from pyBKT's best; " + _refit_note(h)
        out.append((f"{name}: {model}", f"AUC {a:.3f}", note))
    if h.checked is not None and h.checked.held:
        out.append((f"{name}: held at a bound", f"{len(h.checked.held)} skills",
                    "where pyBKT's free fit lies outside the bounds: " +
                    "; ".join(f"{s} ({', '.join(what)})" for s, what in h.checked.held)))
    if h.checked is not None and h.checked.refused:
        out.append((f"{name}: refused", f"{len(h.checked.refused)} skills",
                    "; ".join(f"{s} ({why})" for s, why in h.checked.refused)))
    if REFITTED in scores:
        mine = scores[REFITTED][0]
        met = mine >= best - 0.01 or math.isnan(best)
        why = "" if met else "; why: " + _why_missed(h)
        out.append((f"{name}: target", "met" if met else "MISSED",
                    f"the refitted app's AUC {mine:.3f} ≥ pyBKT's best {best:.3f} − 0.01 "
                    f"(the shipped numbers: {scores[SHIPPED][0]:.3f})" + why))
    else:
        out.append((f"{name}: target", "not run", h.why_not))
    return out


def _why_missed(h: Heldout) -> str:
    """Why the refitted app is behind pyBKT's own fit: the numbers its bounds held, counted by number."""
    held = h.checked.held if h.checked is not None else ()
    if not held:
        return "no skill was held at a bound: pyBKT's own fit reads these children better within the bounds too"
    by_number = Counter(number for _, what in held for number in what)
    counted = ", ".join(f"the {n} on {k}" for n, k in by_number.most_common())
    return (f"pyBKT's free fit lies outside the bounds on {len(held)} skills ({counted}; the 'held at a bound' "
            f"row), and the app keeps to them (a guess at least the item's chance and at most {bounds.GUESS_MAX}, a "
            f"slip at most {bounds.SLIP_MAX}, a learn at most {bounds.LEARN_MAX}, a prior at most {bounds.PRIOR_MAX}, "
            "no skill known from one answer): the numbers that would read these children better are the ones the "
            "bounds refuse")


def family_rows(family: str, children: Sequence[Sequence[Attempt]], **kw: int) -> list[tuple[str, str, str]]:
    with_pybkt = os.environ.get("FIVES_SKIP_PYBKT") != "1"
    return rows_for(family, heldout(children, name=f"the simulated family '{family}'", with_pybkt=with_pybkt, **kw))


def run(children: int = 12) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    for family in FAMILIES:
        done = family_rows(family, [r.attempts for r in family_runs(family, children, PUZZLES)])
        for row in done:  # as each family ends: a long run shows (and keeps) what it has
            print("  ", *row, sep="  ", file=sys.stderr, flush=True)
        rows += done
    return rows
