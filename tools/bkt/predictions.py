"""The reference logs ``tests/test_bkt.py`` replays: many answer sequences, scored by pyBKT's ``predict``.

``python -m tools.bkt.predictions`` makes 320 sequences (8 sets of numbers: the shipped default, three
shipped skills, and four others at the edges — a high prior, no learning, a learning rate near 1, heavy
guessing and slipping, forgetting) of random answers and long runs of right and wrong ones, on both
resources (practice, and after teaching), has pyBKT score them in its own environment
(``tools/bkt/pybkt_fit.py predict``) and writes them with pyBKT's state predictions to
``tests/data/bkt_predictions.json``. Runs in the trainer's environment.

No set has a guess or slip of exactly 0: pyBKT then treats the impossible answer's likelihood as 1
(``np.where(sl == 0, 1, sl)`` in its E-step), where Bayes' rule (and the trainer) gives certainty.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Any

from trainer.classroom.pybkt import SCRIPT, pybkt_python
from trainer.learning.bkt import BktParams, shipped_params

OUT = Path(__file__).resolve().parents[2] / "tests" / "data" / "bkt_predictions.json"
PER_SET = 40
SEED = 11
OTHERS = {
    "high-prior": BktParams(prior=0.95, learn=0.1, guess=0.25, slip=0.05, taught_learn=0.4),
    "no-learning": BktParams(prior=0.2, learn=0.0, guess=0.15, slip=0.1, taught_learn=0.0),
    "fast": BktParams(prior=0.01, learn=0.9, guess=0.05, slip=0.02, taught_learn=0.99),
    "noisy-forgetting": BktParams(prior=0.4, learn=0.2, guess=0.45, slip=0.3, taught_learn=0.5, forget=0.05),
}


def param_sets() -> dict[str, BktParams]:
    """The shipped default and three shipped skills (the most answered ones), then the others."""
    table = shipped_params()
    sets = {"default": table.default}
    for name in sorted(table.skills)[:3]:
        sets[name] = table.skills[name]
    return {**sets, **OTHERS}


def answers(rng: random.Random, n: int, i: int) -> list[tuple[int, int]]:
    """One sequence: every few a pattern of long runs, else random answers; teaching now and then."""
    pattern = i % 6
    if pattern == 0:
        right = [1] * n
    elif pattern == 1:
        right = [0] * n
    elif pattern == 2:
        right = [0] * (n // 2) + [1] * (n - n // 2)
    elif pattern == 3:
        right = [1] * (n // 2) + [0] * (n - n // 2)
    else:
        chance = rng.choice((0.3, 0.5, 0.8))
        right = [int(rng.random() < chance) for _ in range(n)]
    taught = rng.choice((0.0, 0.2, 0.5, 1.0)) if i % 7 else 0.0
    return [(c, 2 if rng.random() < taught else 1) for c in right]


def logs(seed: int = SEED) -> tuple[dict[str, BktParams], list[dict[str, Any]]]:
    rng = random.Random(seed)
    sets = param_sets()
    out = []
    for name in sets:
        for i in range(PER_SET):
            n = rng.choice((1, 2, 3, 5, 8, 13, 21, 34, 55)) if i % 6 > 3 else rng.choice((10, 25, 60))
            out.append({"params": name, "answers": answers(rng, n, i)})
    return sets, out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="pyBKT's state predictions for the reference logs.")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    sets, spec = logs()
    params = {k: asdict(v) for k, v in sets.items()}
    with tempfile.TemporaryDirectory(prefix="fives-bkt-") as tmp:
        given, scored = Path(tmp) / "logs.json", Path(tmp) / "predictions.json"
        given.write_text(json.dumps({"params": params, "logs": spec}), encoding="utf-8")
        subprocess.run([str(pybkt_python()), str(SCRIPT), "predict", "--logs", str(given), "--out", str(scored)],
                       check=True)
        result = json.loads(scored.read_text(encoding="utf-8"))
    data = {"about": "Answer logs and pyBKT's state predictions (p(known) before each answer), made by "
                     "python -m tools.bkt.predictions; tests/test_bkt.py replays them with BktParams.update.",
            "pybkt": result["pybkt"], "params": params,
            "logs": [{"params": log["params"], "correct": "".join(str(c) for c, _ in log["answers"]),
                      "resources": "".join(str(r) for _, r in log["answers"]), "states": states}
                     for log, states in zip(spec, result["state_predictions"])]}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{len(data['logs'])} logs, {sum(len(x['correct']) for x in data['logs'])} answers -> {args.out}")


if __name__ == "__main__":
    main()
