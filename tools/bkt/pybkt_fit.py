"""Fit and score BKT skills with pyBKT, inside pyBKT's own environment (``.venv-bkt``).

pyBKT 1.4.3 imports only with numpy < 2, pandas < 2.3 and scikit-learn < 1.6, so it never joins the
trainer's environment: the trainer writes its observations as a CSV, runs this script with the
``.venv-bkt`` Python, and reads back plain JSON (``trainer/learning/fit.py``). Nothing here imports
the trainer, and the trainer never imports this file.

``fit``: one pyBKT model per skill asked for (multilearn on the ``resource`` column, so the learning rate after
teaching is fitted too; no forgetting), plus one on every skill's sequences pooled, each with the same
seed so a fit is reproducible. With ``--bounds`` (a JSON file: per skill, the highest learn, prior and slip, the
lowest and highest guess, and the p(known) that counts as known) the fit is **bounded**: where EM settles outside
a bound, that number is fixed at the bound (pyBKT's ``fixed``) and the others are fitted again, until every
number lies within them (:func:`bounded_fit`). A prior from which one answer would make the skill known is fixed
at the highest prior from which it does not.

``predict``: pyBKT's state predictions (p(known) before each answer) for logs under given numbers, the
reference ``tests/test_bkt.py`` checks the trainer's update against.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings

import numpy as np
import pandas as pd
from pyBKT.models import Model

POOLED = "*pooled*"
"""The name of the fit over every skill's sequences (each learner-and-skill a sequence of its own)."""
COLUMNS = ["order_id", "user_id", "skill_name", "correct", "resource"]
"""pyBKT's own column names (its defaults), and ``resource`` for multilearn."""


def _model(seed: int, num_fits: int) -> Model:
    # serial E-step: the same numbers on any machine, and no process pool on a shared one
    return Model(seed=seed, num_fits=num_fits, parallel=False)


def _learns(values: np.ndarray, names: dict) -> dict[str, float]:
    """The learning rate per resource value (pyBKT numbers the resources a skill has 1, 2, … in order)."""
    return {str(int(value)): float(values[index - 1]) for value, index in names.items()}


ROUNDS = 6
"""A bounded fit fixes at most this many times (each round fixes at least one more number, and there are five)."""


def _em(df: pd.DataFrame, skill: str, seed: int, num_fits: int, fixed: dict) -> dict:
    model = _model(seed, num_fits)
    if fixed:
        model.fit(data=df.copy(), multilearn="resource", forgets=False, fixed={skill: dict(fixed)})
    else:
        model.fit(data=df.copy(), multilearn="resource", forgets=False)
    return model.fit_model[skill]


def _after_one(prior: float, learn: float, guess: float, slip: float, correct: bool) -> float:
    """p(known) after one answer from ``prior`` (the trainer's update: the posterior, then one learning step)."""
    yes = prior * ((1 - slip) if correct else slip)
    no = (1 - prior) * (guess if correct else 1 - guess)
    known = yes / (yes + no) if yes + no > 0 else prior
    return known + (1 - known) * learn


def highest_prior(learn: float, guess: float, slip: float, known_at: float) -> float:
    """The highest prior (to 3 places, rounded down) from which no one answer makes the skill known: the trainer's
    own rule (``trainer.learning.bounds.held``), written again here because this script imports nothing of it."""
    if all(_after_one(0.0, learn, guess, slip, c) >= known_at for c in (True, False)):
        return 0.0
    low, high = 0.0, 1.0
    for _ in range(40):
        mid = (low + high) / 2
        if any(_after_one(mid, learn, guess, slip, c) >= known_at for c in (True, False)):
            high = mid
        else:
            low = mid
    return float(np.floor(low * 1000) / 1000)


def _outside(m: dict, b: dict) -> dict:
    """The numbers of fitted model ``m`` outside bounds ``b``, each at its bound (pyBKT's ``fixed`` form)."""
    out: dict = {}
    learns = np.asarray(m["learns"], dtype=float)
    if (learns > b["learn_max"]).any():
        out["learns"] = np.where(learns > b["learn_max"], b["learn_max"], -1.0)
    if float(m["prior"]) > b["prior_max"]:
        out["prior"] = b["prior_max"]
    guess, slip = float(m["guesses"][0]), float(m["slips"][0])
    if slip > b["slip_max"]:
        out["slips"] = np.array([b["slip_max"]])
    if guess < b["guess_min"]:
        out["guesses"] = np.array([b["guess_min"]])
    elif guess > b["guess_max"]:
        out["guesses"] = np.array([b["guess_max"]])
    if not out:
        fastest = float(learns.max())
        cap = highest_prior(fastest, guess, slip, b["known_at"])
        if float(m["prior"]) > cap:
            out["prior"] = cap
    return out


def bounded_fit(df: pd.DataFrame, skill: str, seed: int, num_fits: int, bounds: dict | None) -> tuple[dict, list]:
    """pyBKT's fit of ``skill``, and the numbers fixed at a bound to keep it within ``bounds`` (none: a free fit)."""
    fixed: dict = {}
    m = _em(df, skill, seed, num_fits, fixed)
    for _ in range(ROUNDS if bounds else 0):
        more = _outside(m, bounds)
        if not more:
            break
        if "learns" in more and "learns" in fixed:  # keep a rate fixed in an earlier round
            more["learns"] = np.where(fixed["learns"] >= 0, fixed["learns"], more["learns"])
        fixed.update(more)
        m = _em(df, skill, seed, num_fits, fixed)
    return m, sorted(fixed)


def fit_skill(df: pd.DataFrame, skill: str, seed: int, num_fits: int, bounds: dict | None = None) -> dict:
    m, held = bounded_fit(df, skill, seed, num_fits, bounds)
    names = m["resource_names"]
    return {"prior": float(m["prior"]), "learns": _learns(m["learns"], names),
            "forgets": _learns(m["forgets"], names), "guesses": float(m["guesses"][0]),
            "slips": float(m["slips"][0]), "observations": int(len(df)), "learners": int(df["user_id"].nunique()),
            "held": held}


def fit(csv_path: str, skills: list[str], seed: int, num_fits: int, bounds: dict | None = None) -> dict:
    df = pd.read_csv(csv_path, dtype={"user_id": str, "skill_name": str})
    missing = set(COLUMNS) - set(df.columns)
    if missing:
        raise SystemExit(f"the observations miss the columns {sorted(missing)}")
    out: dict = {"skills": {}}
    for skill in skills:
        rows = df[df["skill_name"] == skill].reset_index(drop=True)
        out["skills"][skill] = fit_skill(rows, skill, seed, num_fits, (bounds or {}).get(skill))
    pooled = df.copy()
    pooled["user_id"] = pooled["user_id"] + "/" + pooled["skill_name"]
    pooled["skill_name"] = POOLED
    out["pooled"] = fit_skill(pooled, POOLED, seed, num_fits)
    return out


def predict(logs_path: str) -> dict:
    """State predictions for each log, each param set a skill of its own. pyBKT predicts with a fitted
    model, so each skill is fitted once (one start) for the model's shape, then its numbers are set."""
    with open(logs_path, encoding="utf-8") as f:
        spec = json.load(f)
    rows = []
    for i, log in enumerate(spec["logs"]):
        for correct, resource in log["answers"]:
            rows.append((len(rows), f"s{i:05d}", log["params"], int(correct), int(resource)))
    df = pd.DataFrame(rows, columns=COLUMNS)
    model = _model(0, 1)
    model.fit(data=df.copy(), multilearn="resource", forgets=False)
    for name, p in spec["params"].items():
        m = model.fit_model[name]
        by_resource = {1: p["learn"], 2: p["taught_learn"]}
        learns = np.zeros(len(m["resource_names"]))
        for value, index in m["resource_names"].items():
            learns[index - 1] = by_resource[int(value)]
        m.update(prior=float(p["prior"]), learns=learns, forgets=np.full(len(learns), float(p.get("forget", 0.0))),
                 guesses=np.array([float(p["guess"])]), slips=np.array([float(p["slip"])]))
    scored = model.predict(data=df.copy()).sort_values("order_id")
    states = scored["state_predictions"].to_numpy()
    out, at = [], 0
    for log in spec["logs"]:
        n = len(log["answers"])
        out.append([float(x) for x in states[at:at + n]])
        at += n
    return {"state_predictions": out}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    f = sub.add_parser("fit")
    f.add_argument("--csv", required=True)
    f.add_argument("--seed", type=int, default=42)
    f.add_argument("--num-fits", type=int, default=5)
    f.add_argument("--skills", default="", help="the skills to fit one by one, a comma between two")
    f.add_argument("--bounds", default="", help="a JSON file of each skill's bounds: the fit is held within them")
    p = sub.add_parser("predict")
    p.add_argument("--logs", required=True)
    for s in (f, p):
        s.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    warnings.simplefilter("ignore")  # pandas' and numpy's notices about pyBKT's own code
    if args.command == "fit":
        bounds = None
        if args.bounds:
            with open(args.bounds, encoding="utf-8") as limits:
                bounds = json.load(limits)
        result = fit(args.csv, [s for s in args.skills.split(",") if s], args.seed, args.num_fits, bounds)
    else:
        result = predict(args.logs)
    import pyBKT

    result["pybkt"] = str(getattr(pyBKT, "version", ""))
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump(result, out)


if __name__ == "__main__":
    main(sys.argv[1:])
