"""The learner model checked on a school's own answers (``make fit-bkt``): the children are split (a third held
out, whole children: never one child's answers on both sides), pyBKT refits the numbers on the others, and the
held-out children's every next answer is predicted by the shipped numbers, by the refit, and by pyBKT's own fit
(plain, and with teaching as a second resource), scored by AUC and RMSE.

The refit is **bounded** (:func:`trainer.classroom.pybkt.fit`): where pyBKT's EM settles outside a bound
(:func:`trainer.learning.bounds.broken`: learnt from one answer, known before any, slipping more than 1 in 10,
guessed less often than picking at random …), that number is fixed at its bound and the others are fitted again,
and the report names the numbers held so. A refit still outside them, or degenerate, is **refused**: it keeps the
shipped numbers, and the report names it and why. A skill with too few answers (fewer
than 150 observations or 15 children) keeps them too, and is named. The report is kept, dated, beside the numbers
it produced (``trainer/learning/data/refits/``), so a school sees when its numbers were last checked.

The split (``held_out``, ``split_seed``) and the minimums (``min_observations``, ``min_learners``) are
:func:`check`'s keywords, today's values their defaults: ``python -m benchmarks prediction`` refits each simulated
family through this same path on its own split and with its own minimums (a family there has a dozen children).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from trainer.classroom import pybkt
from trainer.learning.attempt import Attempt
from trainer.learning.bkt import PARAMS_FILE, BktParams, ParamTable, shipped_params
from trainer.learning.bounds import broken
from trainer.learning.fit import MIN_LEARNERS, MIN_OBSERVATIONS, observation_rows, summary
from trainer.learning.heldout import HELD_OUT, Prediction, auc, predictions, rmse, split
from trainer.learning.heldout import SEED as SPLIT_SEED

REPORTS = PARAMS_FILE.parent / "refits"
"""Where the reports and their numbers are kept, one pair a check (``2026-11-29-refit.md`` and ``.json``)."""
SHIPPED, REFIT, PLAIN, TEACHING = ("the shipped numbers", "refitted on this school (held-out children)",
                                   "pyBKT plain (its own fit)", "pyBKT + teaching (its own fit)")
"""The models the report scores, in its order."""


@dataclass(frozen=True)
class Scores:
    auc: float
    rmse: float
    observations: int


@dataclass(frozen=True)
class RefitCheck:
    """One check: the split, the scores of each model on the held-out children, and what became of each skill."""

    day: dt.date
    where: str
    fitted_on: int
    """Children the refit was fitted on."""
    held_out: int
    """Children kept out and predicted."""
    fit_observations: int
    scores: dict[str, Scores]
    table: ParamTable
    """The refit: the shipped numbers, with each refitted skill within the bounds put in."""
    refitted: tuple[str, ...]
    refused: tuple[tuple[str, str], ...]
    """(skill, why): a fit outside the bounds, or degenerate; the shipped numbers kept."""
    too_few: tuple[tuple[str, int, int], ...]
    """(skill, observations, children): too few to fit; the shipped numbers kept."""
    held: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(skill, the numbers held at a bound): refitted skills whose free fit lay outside the bounds."""
    fit_summary: str = field(default="", compare=False)
    min_observations: int = MIN_OBSERVATIONS
    min_learners: int = MIN_LEARNERS
    """The least a skill needed to be refitted: observations, from this many children."""

    @property
    def refit_predicts_better(self) -> bool:
        """The refit's AUC is at least the shipped numbers'."""
        return self.scores[REFIT].auc >= self.scores[SHIPPED].auc


def check(learners: Sequence[Sequence[Attempt]], *, where: str, day: dt.date, shipped: ParamTable | None = None,
          held_out: float = HELD_OUT, split_seed: int = SPLIT_SEED, env: Path | None = None, seed: int = pybkt.SEED,
          fits: int = pybkt.FITS, with_pybkt: bool = True, say: pybkt.Say = None,
          min_observations: int = MIN_OBSERVATIONS, min_learners: int = MIN_LEARNERS) -> RefitCheck:
    """Check the shipped numbers and a refit against held-out children of ``learners`` (each one child's answers,
    in order): ``held_out`` of them, split by :func:`trainer.learning.heldout.split` with ``split_seed``; a skill
    is refitted from at least ``min_observations`` observations of ``min_learners`` children fitted on.
    :class:`trainer.learning.fit.NotEnoughAnswers` when the children fitted on give too few answers."""
    shipped = shipped or shipped_params()
    train, test = split(list(learners), held_out=held_out, seed=split_seed)
    rows = observation_rows(train)
    report = pybkt.fit(rows, cohort=f"refitted on {len(train)} children of {where}, {day.isoformat()}", env=env,
                       seed=seed, fits=fits, say=say, min_observations=min_observations,
                       min_learners=min_learners)
    accepted: dict[str, BktParams] = {}
    refused: list[tuple[str, str]] = []
    too_few: list[tuple[str, int, int]] = []
    for f in report.skills:
        if f.params is None and f.why_default == "too few answers":
            too_few.append((f.skill, f.observations, f.learners))
        elif f.params is None:
            refused.append((f.skill, f.why_default))
        elif why := broken(f.skill, f.params):
            refused.append((f.skill, "; ".join(why)))
        else:
            accepted[f.skill] = report.table[f.skill]
    table = ParamTable(shipped.default, {**dict(shipped.skills), **accepted}, report.table.cohort)
    models: dict[str, list[float | None]] = {}
    ours = predictions(shipped, test)
    models[SHIPPED] = [p.p for p in ours]
    models[REFIT] = [p.p for p in predictions(table, test)]
    if with_pybkt:
        own = pybkt.heldout(rows, observation_rows(test), env=env, seed=seed, say=say)
        models[PLAIN], models[TEACHING] = own["plain"], own["teaching"]
    held = tuple((f.skill, f.held) for f in report.skills if f.held and f.skill in accepted)
    return RefitCheck(day, where, len(train), len(test), len(rows), _scores(ours, models), table,
                      tuple(sorted(accepted)), tuple(refused), tuple(too_few), held, summary(report),
                      min_observations, min_learners)


def _scores(truth: Sequence[Prediction], models: dict[str, list[float | None]]) -> dict[str, Scores]:
    """Each model's AUC and RMSE over the held-out observations every model predicts (pyBKT predicts none of a
    skill the fitted children never met)."""
    keep = [i for i in range(len(truth)) if all(m[i] is not None for m in models.values())]
    right = [truth[i].correct for i in keep]
    out = {}
    for name, preds in models.items():
        scores = [float(preds[i] or 0.0) for i in keep]
        out[name] = Scores(auc(scores, right), rmse(scores, right), len(keep))
    return out


def _f(x: float) -> str:
    return "–" if math.isnan(x) else f"{x:.3f}"


def report_text(c: RefitCheck) -> str:
    """The check as a page a person reads (Markdown)."""
    n = next(iter(c.scores.values())).observations if c.scores else 0
    lines = [f"# The learner model checked on this school's answers, {c.day.isoformat()}", "",
             f"Answers: {c.where}. The children were split: {c.fitted_on} to refit the numbers on "
             f"({c.fit_observations} observations), {c.held_out} held out to predict ({n} of their answers' "
             "observations); no child is on both sides.", "",
             "| numbers | next-answer AUC | RMSE |", "|---|---|---|"]
    lines += [f"| {name} | {_f(s.auc)} | {_f(s.rmse)} |" for name, s in c.scores.items()]
    lines += ["", "The refit predicts the held-out children " + ("at least as well as the shipped numbers (AUC)."
                                                                   if c.refit_predicts_better else
                                                                   "less well than the shipped numbers (AUC): "
                                                                   "keep the shipped ones."), ""]
    lines.append("Refitted (within the bounds): " + (", ".join(c.refitted) or "none") + ".")
    held = "; ".join(f"{s} ({', '.join(what)})" for s, what in c.held) or "none"
    lines.append("Of those, held at a bound (where EM settled outside it, that number was fixed at the bound and the "
                 f"others fitted again): {held}.")
    lines.append("Refused (outside the bounds, or degenerate; the shipped numbers kept): " +
                 ("; ".join(f"{s} ({why})" for s, why in c.refused) or "none") + ".")
    lines.append(f"Too few answers (a skill needs {c.min_observations} observations from {c.min_learners} children; "
                 "the shipped numbers kept): " +
                 (", ".join(f"{s} ({n} from {who})" for s, n, who in c.too_few) or "none") + ".")
    lines += ["", "pyBKT's fit of the children fitted on, held within the bounds (the numbers held at one named), "
              "before the shipped numbers fill the skills it left:", "", "```", c.fit_summary, "```", ""]
    return "\n".join(lines)


def keep(c: RefitCheck, folder: Path = REPORTS) -> tuple[Path, Path]:
    """Write the report and the numbers it produced, dated (``2026-11-29-refit.md`` and ``.json``; a second check
    that day gets ``-2``, …)."""
    folder.mkdir(parents=True, exist_ok=True)
    stem, n = f"{c.day.isoformat()}-refit", 1
    while (folder / f"{stem}.md").exists():
        n += 1
        stem = f"{c.day.isoformat()}-refit-{n}"
    text, numbers = folder / f"{stem}.md", folder / f"{stem}.json"
    text.write_text(report_text(c), encoding="utf-8")
    numbers.write_text(c.table.to_json(), encoding="utf-8")
    return text, numbers
