"""The held-out prediction (benchmarks/prediction.py): the app refitted through its own refit path
(trainer/classroom/refit.py) beside the shipped numbers, pyBKT and the running share, every row and the target
scored on the same held-out children and answers. A few simulated children whose true numbers are unlike the
shipped ones (pyBKT's environment is made the first time, as tests/test_refit.py's; ``FIVES_SKIP_PYBKT`` skips
what needs it)."""

from __future__ import annotations

import os
import random

import pytest

from benchmarks import prediction
from trainer.classroom import refit
from trainer.learning.attempt import Attempt
from trainer.learning.fit import NotEnoughAnswers, observation_rows
from trainer.learning.heldout import SEED, auc, split

TRUTH = {  # kind at Muggins → (prior, learn, guess, slip), unlike the shipped numbers; a guess inside its bounds
    # (0.25–0.5 for a kind answered with a number), though 4 children's free fit may land outside them (held at
    # the bound, the rest fitted again); make-five's slip of 0.25 lies outside them (held at 0.1)
    "open-total": (0.1, 0.02, 0.275, 0.05),
    "play-score": (0.1, 0.02, 0.275, 0.05),
    "make-five": (0.1, 0.02, 0.275, 0.25),
}


def few_children(children: int = 8, answers: int = 150, seed: int = 3) -> list[list[Attempt]]:
    """Children answering each kind by BKT with the numbers above (interleaved, top level, no traps)."""
    rng = random.Random(seed)
    out = []
    for _ in range(children):
        known = {k: rng.random() < t[0] for k, t in TRUTH.items()}
        child = []
        for _ in range(answers):
            for kind, (_prior, learn, guess, slip) in TRUTH.items():
                child.append(Attempt(kind, "muggins", 3, rng.random() < ((1 - slip) if known[kind] else guess), 5.0))
                known[kind] = known[kind] or rng.random() < learn
        out.append(child)
    return out


def test_without_pybkt_the_refit_and_the_target_say_they_were_not_run():
    h = prediction.heldout(few_children(), with_pybkt=False)
    assert set(h.models) == {prediction.SHIPPED, prediction.SHARE} and h.checked is None
    target = prediction.rows_for("few", h)[-1]
    assert target[:2] == ("prediction: few: target", "not run") and "FIVES_SKIP_PYBKT" in target[2]


@pytest.fixture(scope="module")
def held():
    if os.environ.get("FIVES_SKIP_PYBKT"):
        pytest.skip("FIVES_SKIP_PYBKT is set")
    return prediction.heldout(few_children(), fits=1)


def test_the_refitted_app_predicts_otherwise_than_with_its_shipped_numbers(held):
    assert held.checked is not None and held.checked.refitted  # refitted from 4 children: the benchmark's minimums
    assert held.checked.min_learners == prediction.MIN_LEARNERS
    refitted, shipped = held.models[prediction.REFITTED], held.models[prediction.SHIPPED]
    assert sum(abs((a or 0) - (b or 0)) > 0.01 for a, b in zip(refitted, shipped, strict=True)) > len(shipped) / 2
    scores = held.scores()
    assert scores[prediction.REFITTED][1] < scores[prediction.SHIPPED][1]  # nearer the truth (RMSE)


def test_every_row_and_the_target_are_scored_on_the_same_held_out_answers(held):
    _, test = split(few_children(), held_out=prediction.HELD_OUT, seed=SEED)
    rows = observation_rows(test)
    assert held.truth == [int(r.correct) for r in rows] and (held.fitted_on, held.held_out) == (4, 4)
    assert all(len(m) == len(rows) for m in held.models.values())
    assert set(held.models) == {prediction.SHIPPED, prediction.REFITTED, prediction.PLAIN, prediction.TEACHING,
                                prediction.SHARE}
    # the refit path's own split held out the same children: its scores of the refit are the benchmark's
    c = held.checked
    assert c is not None and c.scores[refit.REFIT].observations == len(rows)
    assert c.scores[refit.REFIT].auc == pytest.approx(auc([float(p or 0) for p in held.models[prediction.REFITTED]],
                                                          held.truth))
    printed = prediction.rows_for("few", held)
    keep, scores = held.keep, held.scores()
    for model in held.models:
        (row,) = [r for r in printed if r[0] == f"prediction: few: {model}"]
        assert row[1] == f"AUC {scores[model][0]:.3f}" and f"on {len(keep)} answers of 4 children" in row[2]
    name, verdict, why = printed[-1]
    best = max(scores[prediction.PLAIN][0], scores[prediction.TEACHING][0])
    assert name == "prediction: few: target" and verdict == ("met" if scores[prediction.REFITTED][0] >= best - 0.01
                                                             else "MISSED")
    assert f"the refitted app's AUC {scores[prediction.REFITTED][0]:.3f} ≥ pyBKT's best {best:.3f}" in why
    (refit_row,) = [r for r in printed if r[0] == f"prediction: few: {prediction.REFITTED}"]
    assert f"{len(c.refitted)} skills refitted ({len(c.held)} of them held at a bound), {len(c.refused)} refused" \
        in refit_row[2]
    assert dict(c.held)["make-five@muggins"] == ("slip",) and not c.refused  # refitted, held within the bounds by EM
    (held_row,) = [r for r in printed if r[0] == "prediction: few: held at a bound"]
    assert held_row[1] == f"{len(c.held)} skills" and all(skill in held_row[2] for skill, _ in c.held)
    assert not [r for r in printed if r[0] == "prediction: few: refused"]


def test_a_missed_target_says_why_by_the_numbers_the_bounds_held(held):
    import dataclasses

    flat = dataclasses.replace(held, models={**held.models, prediction.REFITTED: [0.5] * len(held.truth)})
    name, verdict, why = prediction.rows_for("few", flat)[-1]
    assert verdict == "MISSED" and "the refitted app's AUC 0.500" in why
    assert "why: pyBKT's free fit lies outside the bounds on 1 skills (the slip on 1;" in why
    unheld = dataclasses.replace(flat, checked=dataclasses.replace(held.checked, held=()))
    assert "why: no skill was held at a bound" in prediction.rows_for("few", unheld)[-1][2]


def test_the_refit_paths_split_and_minimums_are_the_callers_today_s_by_default():
    if os.environ.get("FIVES_SKIP_PYBKT"):
        pytest.skip("FIVES_SKIP_PYBKT is set")
    import datetime as dt

    with pytest.raises(NotEnoughAnswers, match="from 15 learners"):  # 8 children: too few for the app's own check
        refit.check(few_children(), where="few", day=dt.date(2026, 11, 29), with_pybkt=False, fits=1)
    c = refit.check(few_children(), where="few", day=dt.date(2026, 11, 29), with_pybkt=False, fits=1,
                    held_out=0.5, min_observations=100, min_learners=3)
    assert (c.fitted_on, c.held_out) == (4, 4) and c.refitted
    assert "a skill needs 100 observations from 3 children" in refit.report_text(c)
