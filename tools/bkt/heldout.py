"""pyBKT's held-out predictions, inside pyBKT's own environment (``.venv-bkt``).

Fits pyBKT on the observations of some learners (``--train``, pyBKT's columns) and predicts each next
answer of *other* learners (``--test``): plain BKT (one learning rate) and with teaching as a second
resource (``multilearn`` on the ``resource`` column). No forgetting, pyBKT's defaults otherwise, one random
start of EM. A test row whose skill has no training observation gets no prediction (``null``); one after
teaching of a skill never taught in training is predicted at its practice rate. Writes JSON: for each model, one
probability of a right answer per test row, in the test file's order. Used by ``python -m benchmarks
prediction``; nothing here imports the trainer.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings

import pandas as pd
from pyBKT.models import Model


def predictions(train: pd.DataFrame, test: pd.DataFrame, multilearn: bool, seed: int, num_fits: int) -> list:
    model = Model(seed=seed, num_fits=num_fits, parallel=False)
    if multilearn:
        model.fit(data=train.copy(), multilearn="resource", forgets=False)
    else:
        model.fit(data=train.drop(columns=["resource"]).copy(), forgets=False)
    known = set(train["skill_name"])
    rows = test[test["skill_name"].isin(known)].copy()
    if not multilearn:
        rows = rows.drop(columns=["resource"])
    else:  # a resource a skill never had in training (no answer after teaching): its practice rate
        had = set(zip(train["skill_name"], train["resource"], strict=True))
        rows["resource"] = [r if (k, r) in had else 1
                            for k, r in zip(rows["skill_name"], rows["resource"], strict=True)]
    out: list = [None] * len(test)
    if len(rows):
        scored = model.predict(data=rows)
        for order, p in zip(scored["order_id"], scored["correct_predictions"], strict=True):
            out[int(order)] = float(p)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--train", required=True)
    ap.add_argument("--test", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--num-fits", type=int, default=1)
    args = ap.parse_args(argv)
    warnings.simplefilter("ignore")
    types = {"user_id": str, "skill_name": str}
    train, test = pd.read_csv(args.train, dtype=types), pd.read_csv(args.test, dtype=types)
    test["order_id"] = range(len(test))
    result = {"plain": predictions(train, test, False, args.seed, args.num_fits),
              "teaching": predictions(train, test, True, args.seed, args.num_fits)}
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(result, f)


if __name__ == "__main__":
    main(sys.argv[1:])
