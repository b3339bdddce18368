"""Running pyBKT: its own environment (``.venv-bkt``, made once from ``tools/bkt/requirements.lock``: pyBKT 1.4.3
needs numpy < 2 and pandas < 2.3, which the trainer's environment has moved past), the script that fits in it
(``tools/bkt/pybkt_fit.py``), and a fit of every skill with enough answers. The learner model's side (the
observations, the bounds, the report) is :mod:`trainer.learning.fit`; the command is ``python -m
trainer.classroom.fit``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from trainer.learning.bkt import ParamTable
from trainer.learning.bounds import broken, held, limits
from trainer.learning.fit import (
    HELD_NAMES,
    MIN_LEARNERS,
    MIN_OBSERVATIONS,
    FitReport,
    NotEnoughAnswers,
    ObservationRow,
    SkillFit,
    bounded_table,
    counts,
    params_from,
    write_observations,
)

Say = Callable[[str], None] | None
"""Where the command tells a person what it is doing (``None``: nothing is said)."""
ROOT = Path(__file__).resolve().parents[2]
"""The project's folder (the command runs from a checkout: the pyBKT script is not in the package)."""
ENV = ROOT / ".venv-bkt"
"""pyBKT's own environment (ignored by git); ``FIVES_BKT_ENV`` names another."""
SCRIPT = ROOT / "tools" / "bkt" / "pybkt_fit.py"
"""What runs inside that environment."""
REQUIREMENTS = ("pybkt==1.4.3", "numpy<2", "pandas<2.3", "scikit-learn<1.6")
"""pyBKT and the versions it imports with (``tools/bkt/requirements.in``)."""
LOCK = ROOT / "tools" / "bkt" / "requirements.lock"
"""Every package of pyBKT's environment at an exact version (``make lock`` makes it from
``tools/bkt/requirements.in``)."""
SEED = 42
"""pyBKT's random starts: the same data gives the same numbers."""
FITS = 5
"""Random starts of EM per skill (pyBKT's default); the best likelihood wins."""


def fit(rows: Sequence[ObservationRow], *, cohort: str, env: Path | None = None, seed: int = SEED,
        fits: int = FITS, say: Say = None, min_observations: int = MIN_OBSERVATIONS,
        min_learners: int = MIN_LEARNERS, bounded: bool = True) -> FitReport:
    """Fit every skill with enough observations (at least ``min_observations`` from ``min_learners`` learners;
    the rest keep the default, fitted on every skill's sequences pooled). :class:`NotEnoughAnswers` when even
    the pooled fit lacks them. ``bounded``: each skill's fit is held within its bounds
    (:func:`trainer.learning.bounds.limits`) by EM itself — a number that settles outside is fixed at its bound
    and the others fitted again — rather than fitted freely and clipped (``False``: the free fit)."""
    per_skill = counts(rows)
    learners = len({r.learner for r in rows})
    if len(rows) < min_observations or learners < min_learners:
        raise NotEnoughAnswers(
            f"These answers give {len(rows)} observations from {learners} learners; a fit needs at least "
            f"{min_observations} from {min_learners} learners (hinted answers count for nothing). "
            "Nothing was fitted: the trainer keeps its numbers.")
    enough = {s for s, (n, who) in per_skill.items() if n >= min_observations and who >= min_learners}
    result = run_pybkt(rows, sorted(enough), env=env, seed=seed, fits=fits, say=say,
                       bounds={s: limits(s) for s in enough} if bounded else None)
    default = params_from(result["pooled"], None)
    if default is None:
        raise NotEnoughAnswers("pyBKT's fit of all the answers together is degenerate (a learner who knows a "
                               "skill is no likelier to answer right): nothing was fitted.")
    fitted: list[SkillFit] = []
    for skill, (n, who) in per_skill.items():
        if skill not in enough:
            fitted.append(SkillFit(skill, n, who, None, "too few answers"))
            continue
        p = params_from(result["skills"][skill], default)
        fixed = {HELD_NAMES.get(h, h) for h in result["skills"][skill].get("held", ())}
        if bounded and p is not None and broken(skill, p) == ("known after one answer",):
            # a resource the skill never had takes the default's rate, which pyBKT's fit did not see: the prior
            # is lowered until one answer, at that rate too, cannot make the skill known
            p = held(skill, p)
            fixed.add("prior")
        why = "" if p else "degenerate fit: guess ≥ 1 − slip"
        fitted.append(SkillFit(skill, n, who, p, why, tuple(sorted(fixed))))
    table = bounded_table(ParamTable(default, {f.skill: f.params for f in fitted if f.params is not None}, cohort))
    return FitReport(table, tuple(fitted), len(rows), learners)


# ----- pyBKT's environment -----


def pybkt_python(env: Path | None = None, *, say: Say = None) -> Path:
    """The Python of pyBKT's environment, made (once, and again when the lock changes) if it is missing: a
    virtualenv with every package of :data:`LOCK` from the package index."""
    env = env or Path(os.environ.get("FIVES_BKT_ENV") or ENV)
    python = env / "bin" / "python"
    stamp = env / ".installed"
    wanted = LOCK.read_text(encoding="utf-8")
    if python.exists() and stamp.exists() and stamp.read_text(encoding="utf-8") == wanted:
        return python
    if say:
        say(f"Setting up pyBKT in {env} (once; it takes about half a minute)...")
    base = os.environ.get("FIVES_BKT_PYTHON") or sys.executable
    subprocess.run([base, "-m", "venv", "--clear", str(env)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", str(LOCK)],
                   check=True)
    stamp.write_text(wanted, encoding="utf-8")
    return python


def run_pybkt(rows: Iterable[ObservationRow], skills: Sequence[str], *, env: Path | None = None, seed: int = SEED,
              fits: int = FITS, say: Say = None, bounds: Mapping[str, Mapping[str, float]] | None = None
              ) -> dict[str, Any]:
    """pyBKT's fit of ``skills`` and of every observation pooled, as the script's JSON; with ``bounds`` (per
    skill, :func:`trainer.learning.bounds.limits`) each skill's fit is held within them."""
    python = pybkt_python(env, say=say)
    with tempfile.TemporaryDirectory(prefix="fives-bkt-") as tmp:
        data, out = Path(tmp) / "observations.csv", Path(tmp) / "fit.json"
        write_observations(rows, data)
        if say:
            say("Fitting with pyBKT...")
        extra: list[str] = []
        if bounds:
            limits_file = Path(tmp) / "bounds.json"
            limits_file.write_text(json.dumps({s: dict(b) for s, b in bounds.items()}), encoding="utf-8")
            extra = ["--bounds", str(limits_file)]
        subprocess.run([str(python), str(SCRIPT), "fit", "--csv", str(data), "--out", str(out), "--seed", str(seed),
                        "--num-fits", str(fits), "--skills", ",".join(skills), *extra], check=True)
        result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return result


HELDOUT = ROOT / "tools" / "bkt" / "heldout.py"
"""pyBKT fitted on some learners, predicting every observation of others (the held-out check's own pyBKT)."""


def heldout(train: Iterable[ObservationRow], test: Sequence[ObservationRow], *, env: Path | None = None,
            seed: int = SEED, fits: int = 1, say: Say = None) -> dict[str, list[float | None]]:
    """pyBKT's chance of a right answer for each ``test`` row, fitted on ``train`` (plain, and with teaching as a
    second resource): ``{"plain": […], "teaching": […]}`` in ``test``'s order, ``None`` for a skill it never saw."""
    python = pybkt_python(env, say=say)
    with tempfile.TemporaryDirectory(prefix="fives-heldout-") as tmp:
        a, b, out = Path(tmp) / "train.csv", Path(tmp) / "test.csv", Path(tmp) / "out.json"
        write_observations(train, a)
        write_observations(test, b)
        if say:
            say("Predicting the held-out children with pyBKT's own fit...")
        subprocess.run([str(python), str(HELDOUT), "--train", str(a), "--test", str(b), "--out", str(out),
                        "--seed", str(seed), "--num-fits", str(fits)], check=True, stdout=subprocess.DEVNULL)
        result: dict[str, list[float | None]] = json.loads(out.read_text(encoding="utf-8"))
    return result
