"""Bayesian Knowledge Tracing (trainer/learning/bkt.py) against pyBKT, and the fit around it.

The reference logs (tests/data/bkt_predictions.json, made by ``python -m tools.bkt.predictions``) hold
pyBKT's state predictions: p(known) before each answer. Replaying a log with ``BktParams.update`` must
give the same numbers, so the trainer's update after answer t is pyBKT's state at t + 1. None of this
needs pyBKT in the trainer's environment; the one test that runs the real fit makes pyBKT's own
(.venv-bkt) the first time, unless ``FIVES_SKIP_PYBKT`` is set.
"""

import csv
import json
import math
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzles import KINDS, STAGES, generate
from puzzles.traps import TRAPS
from trainer.classroom import pybkt
from trainer.learning import fit
from trainer.learning.attempt import Attempt
from trainer.learning.bkt import (
    TOP_LEVEL,
    BktParams,
    Knowledge,
    Observation,
    ParamTable,
    Resource,
    general_skill,
    observations,
    shipped_params,
)
from trainer.learning.states import ReviewMode
from trainer.store.traps import with_traps

DATA = Path(__file__).parent / "data" / "bkt_predictions.json"
ROOT = Path(__file__).resolve().parents[1]


# ----- pyBKT's own predictions -----


@pytest.fixture(scope="module")
def reference():
    return json.loads(DATA.read_text(encoding="utf-8"))


def test_the_reference_logs_cover_enough(reference):
    logs = reference["logs"]
    assert len(logs) >= 300 and len({log["params"] for log in logs}) >= 6
    assert any("2" in log["resources"] for log in logs) and any("2" not in log["resources"] for log in logs)
    assert any("1" * 25 in log["correct"] for log in logs) and any("0" * 25 in log["correct"] for log in logs)
    assert DATA.stat().st_size < 400_000


def test_update_agrees_with_pybkt_state_predictions(reference):
    """To 1e-9 at every answer of every log: both states are kept, as pyBKT keeps them, so a long run of
    right answers and then wrong ones comes back down exactly as pyBKT's does."""
    checked = 0
    for n, log in enumerate(reference["logs"]):
        p = BktParams(**reference["params"][log["params"]])
        state = (1.0 - p.prior, p.prior)
        for t, (c, r, expected) in enumerate(zip(log["correct"], log["resources"], log["states"], strict=True)):
            known = state[1] / (state[0] + state[1])
            assert known == pytest.approx(expected, abs=1e-9), f"log {n} ({log['params']}), answer {t}"
            checked += 1
            state = p.step(*state, c == "1", Resource(int(r)))
    assert checked == sum(len(log["correct"]) for log in reference["logs"])


def test_p_known_comes_back_down_after_a_long_run_of_right_answers():
    p = BktParams(prior=0.3, learn=0.15, guess=0.2, slip=0.1, taught_learn=0.3)
    state = (1 - p.prior, p.prior)
    for _ in range(40):
        state = p.step(*state, True)
    for _ in range(40):
        state = p.step(*state, False)
    assert state[1] < 0.5  # exact BKT (pyBKT): 0.171, the unknown mass 2e-29 after the right answers


def test_knowledge_folds_answers_as_the_update_does():
    p = generate("open-total", stage="all-fives", level=TOP_LEVEL, seed=1)
    answers = [with_traps(Attempt(p.kind, p.stage, p.level, c, 5.0, p.code)) for c in (False, True, True)]
    k = Knowledge.from_attempts(answers)
    skill = general_skill(p.kind, p.stage)
    params = k.params[skill]
    expected = params.prior
    for a in answers:
        expected = params.update(expected, a.correct)
    assert k.p(skill) == pytest.approx(expected) and k.seen[skill] == 3


# ----- BktParams -----

prob = st.floats(0.0, 1.0, allow_nan=False)


@st.composite
def sensible(draw, forget=False):
    """Numbers where knowing helps (guess < 1 − slip, by more than a float's rounding: with guess 1.0 and a slip of
    1e-167 a wrong answer can only be a slip, and makes p(known) 1), as every fit the trainer keeps."""
    guess, slip = draw(prob), draw(prob)
    if guess + slip > 0.999:
        guess, slip = guess / 2, slip / 2
    learn = draw(prob)
    return BktParams(draw(prob), learn, guess, slip, draw(st.floats(learn, 1.0)), draw(prob) if forget else 0.0)


@given(st.builds(BktParams, prob, prob, prob, prob, prob, prob), prob, st.booleans(), st.sampled_from(Resource))
def test_p_known_stays_a_probability(p, known, correct, resource):
    after = p.update(known, correct, resource)
    assert 0.0 <= after <= 1.0 and not math.isnan(after)
    assert 0.0 <= p.p_correct(known) <= 1.0


@given(sensible(), prob, st.sampled_from(Resource))
def test_a_right_answer_never_lowers_p_known(p, known, resource):
    assert p.update(known, True, resource) >= known - 1e-12


@given(sensible(), prob)
def test_a_wrong_answer_never_raises_p_known_before_learning(p, known):
    no_learning = BktParams(p.prior, 0.0, p.guess, p.slip, 0.0)
    assert no_learning.update(known, False) <= known + 1e-12


@given(sensible(), prob, st.booleans())
def test_teaching_learns_at_least_as_much_as_practice(p, known, correct):
    assert p.update(known, correct, Resource.TAUGHT) >= p.update(known, correct, Resource.PRACTICE) - 1e-12


def test_a_number_that_is_not_a_probability_is_refused():
    with pytest.raises(ValueError, match="slip"):
        BktParams(0.3, 0.1, 0.2, 1.5, 0.3)


# ----- observations -----


@pytest.fixture(scope="module")
def two_traps():
    """A top-level puzzle that exposes two traps."""
    return next(p for p in (generate("open-total", stage="all-fives", level=TOP_LEVEL, seed=s) for s in range(50))
                if len(p.traps) >= 2)


def _attempt(p, correct, mistake=None, **kw):
    return with_traps(Attempt(p.kind, p.stage, p.level, correct, 5.0, p.code, mistake, **kw))


def test_a_hinted_answer_is_evidence_for_nothing(two_traps):
    assert observations(_attempt(two_traps, True, hinted=True)) == ()
    assert observations(_attempt(two_traps, False, two_traps.traps[0], hinted=True)) == ()


def test_a_top_level_answer_is_evidence_for_its_general_skill_and_its_traps(two_traps):
    p = two_traps
    got = observations(_attempt(p, True))
    assert got[0] == Observation(general_skill(p.kind, p.stage), True)
    assert {o.skill for o in got[1:]} == set(p.traps)
    assert all(o.correct and o.resource is Resource.PRACTICE for o in got)


def test_a_lower_level_answer_is_no_evidence_for_the_general_skill():
    p = generate("open-total", stage="muggins", level=1, seed=3)
    assert all(o.skill in TRAPS for o in observations(_attempt(p, True)))


def test_a_wrong_answer_filed_under_another_trap_says_nothing_about_this_one(two_traps):
    p = two_traps
    first, second = p.traps[:2]
    got = {o.skill: o for o in observations(_attempt(p, False, first))}
    assert got[first] == Observation(first, False) and second not in got
    assert got[general_skill(p.kind, p.stage)].correct is False
    unexplained = {o.skill for o in observations(_attempt(p, False, "slip"))}
    assert unexplained == {general_skill(p.kind, p.stage)}  # a mistake no trap explains: against none of them


def test_a_drill_teaches_its_traps_at_the_taught_rate(two_traps):
    p = two_traps
    got = observations(_attempt(p, True, review=ReviewMode.DRILL))
    assert got and all(o.skill in p.traps and o.resource is Resource.TAUGHT for o in got)


# ----- the numbers as data -----


@given(sensible(forget=True), st.dictionaries(st.sampled_from(TRAPS), sensible(), max_size=4), st.text(max_size=40))
def test_a_param_table_reads_back_what_it_wrote(default, skills, cohort):
    table = ParamTable(default, skills, cohort)
    again = ParamTable.from_json(table.to_json())
    assert again == table and again[next(iter(skills), "any")] == table[next(iter(skills), "any")]


def test_the_shipped_numbers_are_fitted_on_a_documented_cohort():
    table = shipped_params()
    assert "simulated learners" in table.cohort and "pyBKT" in table.cohort
    known = set(TRAPS) | {general_skill(k, s) for k in KINDS for s in STAGES}
    assert table.skills and set(table.skills) <= known
    for p in [table.default, *table.skills.values()]:
        assert p.guess < 1.0 - p.slip and p.forget == 0.0


# ----- the fit command's export -----


def _learner(store, class_code, answers):
    me = store.join(class_code, "Blue Fox")
    for a in answers:
        store.record(me, a)
    return me


def test_a_class_in_the_store_exports_as_observation_rows(store, two_traps, tmp_path):
    from trainer.store.answers import UnknownClass, answers_by_learner

    p = two_traps
    keys = store.create_class("Room 4")
    _learner(store, keys.code, [_attempt(p, True), _attempt(p, False, p.traps[0]), _attempt(p, True, hinted=True)])
    _learner(store, keys.code, [_attempt(p, False, "slip", review=ReviewMode.RETRY)])
    learners = answers_by_learner(store, keys.code)
    assert [len(a) for a in learners] == [3, 1]
    rows = fit.observation_rows(learners)
    path = tmp_path / "observations.csv"
    fit.write_observations(rows, path)
    with path.open(encoding="utf-8") as f:
        table = list(csv.DictReader(f))
    assert list(table[0]) == ["order_id", "user_id", "skill_name", "correct", "resource"]
    assert [int(r["order_id"]) for r in table] == list(range(len(table)))
    general = general_skill(p.kind, p.stage)
    first = [(r["skill_name"], r["correct"]) for r in table if r["user_id"] == "L00001"]
    assert first[:3] == [(general, "1"), (p.traps[0], "1"), (p.traps[1], "1")]
    assert first[3:] == [(general, "0"), (p.traps[0], "0")]  # the hinted answer: nothing
    assert {r["resource"] for r in table} == {"1"}
    assert not any(keys.code in r["user_id"] for r in table)  # learner codes never leave the store
    assert len(fit.observation_rows(answers_by_learner(store))) >= len(rows)  # the whole store has them too
    with pytest.raises(UnknownClass):
        answers_by_learner(store, "ZZZ-ZZZ-ZZZ")


def test_a_class_download_reads_back_as_answers(tmp_path, two_traps):
    from trainer.classroom.report import csv_text

    class Row:
        def __init__(self, code, attempts):
            self.code, self.nickname, self.attempts = code, "=Fox", attempts

    p = two_traps
    first = [_attempt(p, True), _attempt(p, False, p.traps[0], review=ReviewMode.DRILL)]
    second = [_attempt(p, True, hinted=True)]
    path = tmp_path / "class.csv"
    path.write_text(csv_text([Row("AAA-AAA", first), Row("BBB-BBB", second)]), encoding="utf-8")
    assert fit.read_answers_csv(path) == [first, second]
    again = tmp_path / "again.csv"
    fit.write_answers_csv([first, second], again)
    assert fit.read_answers_csv(again) == [first, second]


def test_a_csv_row_that_is_not_an_answer_names_its_line(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("learner_code,kind,stage,level,correct,seconds\nA,open-total,muggins,7,True,3\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 2"):
        fit.read_answers_csv(path)


def test_too_few_answers_are_refused_before_pybkt_runs(tmp_path):
    rows = fit.observation_rows([[Attempt("open-total", "muggins", 3, True, 5.0)]] * 3)
    with pytest.raises(fit.NotEnoughAnswers, match="3 observations from 3 learners"):
        pybkt.fit(rows, cohort="", env=tmp_path / "never-made")
    assert not (tmp_path / "never-made").exists()


def test_the_command_says_so_when_the_store_has_too_few_answers(store, capsys):
    from trainer.classroom.fit import main

    keys = store.create_class("Room 5")
    _learner(store, keys.code, [Attempt("open-total", "muggins", 3, True, 5.0)])
    assert main(["--db", str(store.engine.url), "--class", keys.code]) == 1
    assert "a fit needs at least" in capsys.readouterr().err


def test_pybkt_numbers_become_params():
    default = BktParams(0.3, 0.1, 0.2, 0.1, 0.35)
    got = fit.params_from({"prior": 0.4, "learns": {"1": 0.12}, "guesses": 0.2, "slips": 0.08}, default)
    assert got == BktParams(0.4, 0.12, 0.2, 0.08, 0.35)  # no answer after teaching: the default's taught rate
    fast = fit.params_from({"prior": 0.4, "learns": {"1": 0.5, "2": 0.7}, "guesses": 0.2, "slips": 0.08}, default)
    assert fast is not None and (fast.learn, fast.taught_learn) == (0.5, 0.7)
    slow = fit.params_from({"prior": 0.4, "learns": {"1": 0.5}, "guesses": 0.2, "slips": 0.08}, default)
    assert slow is not None and slow.taught_learn == 0.5  # never below the practice rate
    assert fit.params_from({"prior": 0.4, "learns": {"1": 0.1}, "guesses": 0.7, "slips": 0.4}, default) is None


# ----- the real fit, in pyBKT's environment -----


def _known_learners(n, length, guess, slip, seed=5):
    """Learners who know one general skill from the start (prior 1, so every answer is p(right) = 1 − slip)
    or never learn it (guess): half and half."""
    import random

    rng = random.Random(seed)
    out = []
    for i in range(n):
        knows = i % 2 == 0
        out.append([Attempt("open-total", "muggins", 3, rng.random() < ((1 - slip) if knows else guess), 5.0)
                    for _ in range(length)])
    return out


def test_the_fit_command_recovers_a_known_guess_and_slip(tmp_path):
    if os.environ.get("FIVES_SKIP_PYBKT"):
        pytest.skip("FIVES_SKIP_PYBKT is set")
    if shutil.which("python3") is None:
        pytest.skip("no python3 to make pyBKT's environment")
    answers = tmp_path / "answers.csv"
    fit.write_answers_csv(_known_learners(60, 25, guess=0.2, slip=0.1), answers)
    out = tmp_path / "bkt.json"
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "trainer.classroom.fit", "--csv", str(answers), "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    table = ParamTable.from_json(out.read_text(encoding="utf-8"))
    p = table["open-total@muggins"]
    assert p is not table.default, done.stdout
    assert abs(p.guess - 0.2) < 0.06 and abs(p.slip - 0.1) < 0.05 and abs(p.prior - 0.5) < 0.15, done.stdout
    assert time.monotonic() - started < 600
