"""``make fit-bkt``'s check (trainer/classroom/refit.py, trainer/learning/heldout.py): children split, never one
child on both sides; next-answer AUC and RMSE of the shipped numbers and of a refit on held-out children beside
pyBKT's own; a fit EM settles outside the bounds held at them, the rest refitted; skills with too few answers
named; the report kept, dated, with its numbers. The end-to-end test is a simulated school whose true numbers are
known (pyBKT's environment is made the first time, as tests/test_bkt.py's fit; ``FIVES_SKIP_PYBKT`` skips it)."""

from __future__ import annotations

import datetime as dt
import os
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.learning.attempt import Attempt
from trainer.learning.bkt import BktParams, ParamTable, shipped_params
from trainer.learning.bounds import broken
from trainer.learning.heldout import auc, predictions, rmse, split

DAY = dt.date(2026, 11, 29)
TRUTH = {  # kind at Muggins → (prior, learn, guess, slip): the school's children, unlike the shipped numbers
    "open-total": (0.15, 0.12, 0.25, 0.05),
    "hand-rounding": (0.3, 0.1, 0.5, 0.08),  # a guess at its bound: EM's estimate may lie past it (held there)
    "best-play": (0.3, 0.15, 0.34, 0.3),  # a slip of 0.3: outside the bounds, its refit is held at slip 0.1
}


def school(children: int = 60, answers: int = 25, seed: int = 11) -> list[list[Attempt]]:
    """Children who answer each kind by BKT with the true numbers above (interleaved, top level, no traps); the
    first four also answered a few "Does this play score?" (too few to fit)."""
    rng = random.Random(seed)
    out = []
    for c in range(children):
        known = {k: rng.random() < t[0] for k, t in TRUTH.items()}
        child = []
        for _ in range(answers):
            for kind, (_prior, learn, guess, slip) in TRUTH.items():
                right = rng.random() < ((1 - slip) if known[kind] else guess)
                child.append(Attempt(kind, "muggins", 3, right, 5.0))
                known[kind] = known[kind] or rng.random() < learn
        if c < 4:
            child += [Attempt("play-score", "muggins", 3, rng.random() < 0.7, 5.0) for _ in range(5)]
        out.append(child)
    return out


@given(st.integers(0, 40), st.integers(0, 10_000))
def test_a_split_never_puts_a_child_on_both_sides(n, seed):
    children = [f"child {i}" for i in range(n)]
    train, test = split(children, seed=seed)
    assert sorted(train + test) == sorted(children) and not set(train) & set(test)
    if n >= 2:
        assert train and test


def test_the_scores_against_a_hand_count():
    assert auc([0.2, 0.4, 0.6, 0.8], [False, False, True, True]) == 1.0
    assert auc([0.5, 0.5], [True, False]) == 0.5  # a tie is shared
    assert rmse([0.5, 0.5], [True, False]) == 0.5


def test_the_trainers_predictions_step_each_child_by_their_own_answers():
    p = BktParams(prior=0.2, learn=0.3, guess=0.25, slip=0.1, taught_learn=0.3)
    table = ParamTable(p, {"open-total@muggins": p})
    a, b = Attempt("open-total", "muggins", 3, True, 5.0), Attempt("open-total", "muggins", 3, False, 5.0)
    got = predictions(table, [[a, a], [b]])
    first = p.p_correct(0.2)
    assert [g.p for g in got] == pytest.approx([first, p.p_correct(p.update(0.2, True)), first])
    assert [g.correct for g in got] == [True, True, False]


def test_a_fit_outside_the_bounds_is_named_by_the_bound_it_breaks():
    assert broken("best-play@muggins", BktParams(prior=0.9, learn=0.7, guess=0.1, slip=0.3, taught_learn=0.7)) == (
        "learn 0.700 > 0.5", "prior 0.900 > 0.8", "slip 0.300 > 0.1", "guess 0.100 < the item's chance 0.333")
    assert broken("open-total@muggins", shipped_params()["open-total@muggins"]) == ()


@pytest.fixture(scope="module")
def checked():
    if os.environ.get("FIVES_SKIP_PYBKT"):
        pytest.skip("FIVES_SKIP_PYBKT is set")
    from trainer.classroom import refit

    return refit.check(school(), where="a simulated school", day=DAY, fits=1)


def test_the_refit_predicts_a_school_unlike_the_shipped_numbers_better(checked):
    from trainer.classroom import refit

    assert (checked.fitted_on, checked.held_out) == (40, 20)
    assert set(checked.scores) == {refit.SHIPPED, refit.REFIT, refit.PLAIN, refit.TEACHING}
    assert checked.refit_predicts_better, checked.scores
    assert checked.scores[refit.REFIT].auc >= checked.scores[refit.SHIPPED].auc
    assert checked.scores[refit.REFIT].rmse < checked.scores[refit.SHIPPED].rmse
    own = max(checked.scores[refit.PLAIN].auc, checked.scores[refit.TEACHING].auc)
    assert checked.scores[refit.REFIT].auc >= own - 0.02  # as good as pyBKT's own, bounds and all
    p = checked.table["open-total@muggins"]  # recovered near the truth
    assert abs(p.guess - 0.25) < 0.08 and abs(p.slip - 0.05) < 0.06 and abs(p.prior - 0.15) < 0.15


def test_a_refit_outside_the_bounds_is_held_at_them_and_too_few_answers_are_named(checked):
    assert set(checked.refitted) == {f"{k}@muggins" for k in TRUTH} and not checked.refused
    held = dict(checked.held)
    assert "slip" in held["best-play@muggins"]  # EM's free fit slips 0.3: fixed at 0.1, the rest fitted again
    p = checked.table["best-play@muggins"]
    assert p.slip == 0.1 and broken("best-play@muggins", p) == ()
    assert p != shipped_params()["best-play@muggins"]  # refitted, not the shipped numbers kept
    assert "open-total@muggins" not in held  # within the bounds by itself
    assert [s for s, _, _ in checked.too_few] == ["play-score@muggins"]


def test_a_fit_held_within_its_bounds_never_makes_a_skill_known_from_one_answer():
    if os.environ.get("FIVES_SKIP_PYBKT"):
        pytest.skip("FIVES_SKIP_PYBKT is set")
    from trainer.classroom import pybkt
    from trainer.learning.fit import observation_rows

    rng = random.Random(5)  # children who nearly all know it already: a free fit puts the prior near 1
    children = []
    for _ in range(40):
        known, child = rng.random() < 0.9, []
        for _ in range(12):
            child.append(Attempt("open-total", "muggins", 3, rng.random() < (0.95 if known else 0.3), 5.0))
            known = known or rng.random() < 0.3
        children.append(child)
    free = pybkt.fit(observation_rows(children), cohort="", fits=1, bounded=False)
    held = pybkt.fit(observation_rows(children), cohort="", fits=1)
    skill = "open-total@muggins"
    assert broken(skill, next(f.params for f in free.skills if f.skill == skill))  # the free fit breaks a bound
    fit = next(f for f in held.skills if f.skill == skill)
    assert fit.params is not None and broken(skill, fit.params) == () and fit.held


def test_the_report_is_kept_dated_with_its_numbers(checked, tmp_path):
    from trainer.classroom import refit

    text, numbers = refit.keep(checked, tmp_path)
    again, _ = refit.keep(checked, tmp_path)
    assert text.name == "2026-11-29-refit.md" and again.name == "2026-11-29-refit-2.md"
    page = text.read_text(encoding="utf-8")
    assert f"| {refit.SHIPPED} | {checked.scores[refit.SHIPPED].auc:.3f} |" in page
    assert "held at a bound" in page and "best-play@muggins (" in page and "slip" in page
    assert "play-score@muggins (" in page and "40 to refit" in page
    assert ParamTable.from_json(numbers.read_text(encoding="utf-8"))["open-total@muggins"] == \
        checked.table["open-total@muggins"]


def test_make_fit_bkt_checks_and_keeps_its_report(tmp_path, capsys):
    if os.environ.get("FIVES_SKIP_PYBKT"):
        pytest.skip("FIVES_SKIP_PYBKT is set")
    from trainer.classroom import fit as command
    from trainer.learning import fit

    answers = tmp_path / "answers.csv"
    fit.write_answers_csv(school(children=30, answers=12), answers)
    assert command.main(["--csv", str(answers), "--check", "--reports", str(tmp_path / "refits")]) == 0
    out = capsys.readouterr()
    assert "next-answer AUC" in out.out and "20 to refit" in out.out and "Kept the check in" in out.err
    assert [p.suffix for p in sorted((tmp_path / "refits").iterdir())] == [".json", ".md"]


def test_too_few_children_to_hold_some_out_skip_the_check_not_the_fit(tmp_path, monkeypatch, capsys):
    from trainer.classroom import fit as command
    from trainer.classroom import pybkt
    from trainer.learning import fit

    answers = tmp_path / "answers.csv"
    fit.write_answers_csv(school(children=18, answers=12), answers)  # 18 children: 12 left to refit on
    fitted: list[int] = []

    def no_full_fit(rows, **kw):  # the fit of every child (pyBKT's part is tested above): counted, then refused
        fitted.append(len({r.learner for r in rows}))
        raise fit.NotEnoughAnswers("stop here")
    monkeypatch.setattr(pybkt, "fit", no_full_fit)
    assert command.main(["--csv", str(answers), "--check", "--reports", str(tmp_path / "refits")]) == 1
    assert "No check on held-out children" in capsys.readouterr().err
    assert fitted == [12, 18] and not (tmp_path / "refits").exists()
