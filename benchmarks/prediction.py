"""Held-out prediction, the field's standard check of a knowledge model: does it predict the next answer?

For each family of :mod:`benchmarks.learner_families`, its simulated children are split in two: pyBKT is
fitted on the first half's answers (the observations the app's fold makes of them, pyBKT's columns) and
predicts every answer of the second half; the app predicts the same answers with its shipped numbers
(fitted, by pyBKT, on the cohort of :mod:`tools.bkt.cohort`: other children again). Printed per family,
over the second half's observations, AUC and RMSE of:

- **app**: the trainer's own model (:class:`~trainer.learning.bkt.Knowledge`, the shipped numbers), its
  chance of a right answer before each one;
- **pyBKT plain**: one learning rate per skill, fitted on the family's first half;
- **pyBKT + teaching**: teaching as a second resource (``multilearn``), as the shipped fit is made;
- **running share**: each skill's share right so far for this child (starting from the first half's share).

Target: the app's AUC at least pyBKT's (the better of its two) minus 0.01, in every family. pyBKT runs in
its own environment (``.venv-bkt``, made the first time by :func:`trainer.classroom.pybkt.pybkt_python`, as
``make fit-bkt`` does); ``FIVES_SKIP_PYBKT=1`` leaves it out (the rows say so).
"""

from __future__ import annotations

import csv
import json
import math
import os
import subprocess
import tempfile
from pathlib import Path

from benchmarks.learner_families import FAMILIES, PUZZLES, Run, family_runs
from trainer.classroom.pybkt import ROOT, pybkt_python
from trainer.learning.heldout import auc, rmse

SCRIPT = ROOT / "tools" / "bkt" / "heldout.py"
Obs = tuple[str, int, int, float]


def running_share(train: list[list[Obs]], test: list[list[Obs]]) -> list[float]:
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


def _write(children: list[list[Obs]], path: Path, first: int) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["order_id", "user_id", "skill_name", "correct", "resource"])
        order = 0
        for n, child in enumerate(children, start=first):
            for skill, ok, resource, _ in child:
                w.writerow([order, f"C{n:04d}", skill, ok, resource])
                order += 1


def pybkt(train: list[list[Obs]], test: list[list[Obs]]) -> dict[str, list[float | None]]:
    """pyBKT's predictions of the test rows, plain and with teaching (run in pyBKT's environment)."""
    python = pybkt_python()
    with tempfile.TemporaryDirectory(prefix="fives-heldout-") as tmp:
        a, b, out = Path(tmp) / "train.csv", Path(tmp) / "test.csv", Path(tmp) / "out.json"
        _write(train, a, 0)
        _write(test, b, len(train))
        subprocess.run([str(python), str(SCRIPT), "--train", str(a), "--test", str(b), "--out", str(out)],
                       check=True, stdout=subprocess.DEVNULL)
        result: dict[str, list[float | None]] = json.loads(out.read_text(encoding="utf-8"))
    return result


def family_rows(family: str, runs: list[Run]) -> list[tuple[str, str, str]]:
    half = len(runs) // 2
    train = [r.observations for r in runs[:half]]
    test = [r.observations for r in runs[half:]]
    rows = [o for child in test for o in child]
    truth = [ok for _, ok, _, _ in rows]
    models: dict[str, list[float | None]] = {"app": [p for *_, p in rows]}
    if os.environ.get("FIVES_SKIP_PYBKT") != "1":
        fitted = pybkt(train, test)
        models["pyBKT plain"], models["pyBKT + teaching"] = fitted["plain"], fitted["teaching"]
    models["running share"] = list(running_share(train, test))
    keep = [i for i in range(len(rows)) if all(m[i] is not None for m in models.values())]
    name = f"prediction: {family}"
    out: list[tuple[str, str, str]] = []
    scores: dict[str, float] = {}
    for model, preds in models.items():
        s = [float(preds[i] or 0.0) for i in keep]
        t = [truth[i] for i in keep]
        scores[model] = auc(s, t)
        out.append((f"{name}: {model}", f"AUC {scores[model]:.3f}",
                    f"RMSE {rmse(s, t):.3f} on {len(keep)} answers of {len(test)} children "
                    f"(fitted on {len(train)}; {sum(t) / max(1, len(t)):.0%} right)"))
    if "pyBKT plain" in scores:
        best = max(scores["pyBKT plain"], scores["pyBKT + teaching"])
        met = scores["app"] >= best - 0.01 or math.isnan(best)
        out.append((f"{name}: target", "met" if met else "MISSED",
                    f"the app's AUC {scores['app']:.3f} ≥ pyBKT's best {best:.3f} − 0.01"))
    else:
        out.append((f"{name}: target", "not run", "FIVES_SKIP_PYBKT=1: pyBKT left out"))
    return out


def run(children: int = 12) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    for family in FAMILIES:
        rows += family_rows(family, family_runs(family, children, PUZZLES))
    return rows
