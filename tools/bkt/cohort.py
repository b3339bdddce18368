"""The documented cohort the shipped BKT numbers are fitted on: simulated learners whose knowledge of
every skill follows BKT, answering puzzles through the real :class:`~trainer.learning.practice.Practice`
and its coach, 30 puzzles a day on a fake day clock.

Every skill — each trap, and each kind's general skill at each stage (``open-total@muggins``) — gets
true numbers drawn once from the ranges the literature reports (Corbett & Anderson 1995; Baker,
Corbett & Aleven 2008): prior 0.1–0.5, learn 0.05–0.3, guess 0.1–0.3, slip 0.05–0.15, and after
teaching (a DRILL answer) a learning rate 1.5–3 times ``learn`` (at most 0.6). A learner knows a skill
from the start with its prior. A puzzle needs its kind's general skill at its stage and every trap it
exposes; each of those skills gives a right answer with ``1 − slip`` when known and ``guess`` when not,
and the answer is right when all of them do. A wrong answer is the model answer of the first trap that
failed (what a child holding it says), else another wrong answer. Every answer is a chance to learn
each skill it needs (at the taught rate for a drill's traps). No hints.

``python -m tools.bkt.cohort --csv cohort.csv --fit trainer/learning/data/bkt.json`` simulates the cohort
(or reads it back from ``cohort.csv``), fits it with pyBKT and writes the shipped numbers, then reports
how close they come to the true ones (``--compare bkt.json`` reports on a fit already made).
Runs in the trainer's environment (it imports no pyBKT).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from benchmarks.bkt_learners import fact_step
from benchmarks.learners import FakeClock, wrong_response
from benchmarks.misconceptions import respond
from puzzles import KINDS, STAGES, Puzzle
from puzzles.traps import TRAPS, misconceived
from trainer.classroom.pybkt import fit
from trainer.learning.bkt import BktParams, ParamTable, general_skill
from trainer.learning.fit import observation_rows, read_answers_csv, summary, write_answers_csv
from trainer.learning.practice import COACH, Practice
from trainer.learning.progress import Attempt
from trainer.learning.states import ReviewMode

LEARNERS = 200
ANSWERS = 300
PER_DAY = 30
SEED = 2026
RANGES = {"prior": (0.1, 0.5), "learn": (0.05, 0.3), "guess": (0.1, 0.3), "slip": (0.05, 0.15)}
"""The literature's ranges the true numbers are drawn from (uniformly)."""
TAUGHT = (1.5, 3.0, 0.6)
"""After teaching: ``learn`` times 1.5–3, at most 0.6."""
PUZZLE_SECONDS, FACTS_RIGHT = 6.0, 0.9
"""A simulated learner answers a puzzle in 6 s and a number fact in 2.5 s, 90% of facts right."""


def skills() -> list[str]:
    return sorted([general_skill(k, s) for k in KINDS for s in STAGES] + list(TRAPS))


def truth(seed: int = SEED) -> dict[str, BktParams]:
    """Every skill's true numbers, drawn once."""
    rng = random.Random(f"bkt-truth/{seed}")
    out = {}
    for skill in skills():
        v = {name: round(rng.uniform(lo, hi), 3) for name, (lo, hi) in RANGES.items()}
        taught = round(min(TAUGHT[2], v["learn"] * rng.uniform(TAUGHT[0], TAUGHT[1])), 3)
        out[skill] = BktParams(v["prior"], v["learn"], v["guess"], v["slip"], taught)
    return out


@dataclass
class Learner:
    """One simulated child: which skills they know, drawn and changed by BKT."""

    params: dict[str, BktParams]
    rng: random.Random
    known: dict[str, bool]

    def knows(self, skill: str) -> bool:
        if skill not in self.known:
            self.known[skill] = self.rng.random() < self.params[skill].prior
        return self.known[skill]

    def response(self, p: Puzzle) -> Any:
        """A first answer to ``p``."""
        failed = [s for s in [general_skill(p.kind, p.stage), *p.traps] if not self._gives_right(s)]
        if not failed:
            return respond(p, None, self.rng, None)
        for t in failed:
            if t in p.traps:
                got = misconceived(p, t)
                if got is not None:
                    return got
        return wrong_response(p, self.rng)

    def _gives_right(self, skill: str) -> bool:
        p = self.params[skill]
        return self.rng.random() < ((1.0 - p.slip) if self.knows(skill) else p.guess)

    def learn(self, p: Puzzle, review: ReviewMode) -> None:
        """An answer is a chance to learn every skill the puzzle needs."""
        for s in [general_skill(p.kind, p.stage), *p.traps]:
            rate = self.params[s].taught_learn if review is ReviewMode.DRILL and s in p.traps else self.params[s].learn
            if not self.knows(s) and self.rng.random() < rate:
                self.known[s] = True


def _facts(pr: Practice, clock: FakeClock, rng: random.Random) -> None:
    """The number facts the coach steps to, if any."""
    fact_step(pr, clock, rng, FACTS_RIGHT)


def simulate(params: dict[str, BktParams], seed: int, answers: int = ANSWERS) -> list[Attempt]:
    """One learner's recorded answers."""
    rng = random.Random(f"bkt-learner/{seed}")
    child = Learner(params, rng, {})
    clock = FakeClock()
    pr = Practice(seed_source=random.Random(seed), clock=clock)
    while len(pr.progress.attempts) < answers:
        if len(pr.progress.attempts) and len(pr.progress.attempts) % PER_DAY == 0:
            clock.next_day()
        _facts(pr, clock, rng)
        p = pr.new_puzzle(COACH, STAGES[0], 1)
        review = pr.review
        clock.t += PUZZLE_SECONDS
        before = len(pr.progress.attempts)
        v = pr.answer(child.response(p))
        if not v.is_answer:
            v = pr.answer(respond(p, None, rng, None))
        if len(pr.progress.attempts) > before:
            child.learn(p, review)
        while pr.must_answer:  # teaching: the child copies the right answer from the working
            pr.answer(respond(p, None, rng, None))
    return pr.progress.attempts[:answers]


def cohort(learners: int = LEARNERS, answers: int = ANSWERS, seed: int = SEED) -> list[list[Attempt]]:
    params = truth(seed)
    return [simulate(params, seed * 100_000 + i, answers) for i in range(learners)]


def describe(learners: int = LEARNERS, answers: int = ANSWERS, seed: int = SEED) -> str:
    """The cohort in one paragraph (the ``cohort`` text of the fitted JSON)."""
    return (f"{learners} simulated learners x {answers} answers each (seed {seed}, tools/bkt/cohort.py), through "
            f"the real Practice and coach, {PER_DAY} puzzles a day on a fake day clock, no hints. Each skill's true "
            "BKT numbers drawn uniformly from the literature's ranges (Corbett & Anderson 1995; Baker, Corbett & "
            "Aleven 2008): prior 0.1-0.5, learn 0.05-0.3, guess 0.1-0.3, slip 0.05-0.15; after teaching "
            "learn x 1.5-3 (at most 0.6). A puzzle needs its kind's general skill and every trap it exposes; "
            "wrong answers are the first failed trap's model answer. Fitted with pyBKT 1.4.3 (multilearn on "
            "practice/taught, no forgetting, seed 42); skills with too few answers take the default, fitted on "
            "every skill's sequences pooled.")


def compare(fitted: ParamTable, true: dict[str, BktParams]) -> str:
    """How close the fitted numbers are to the true ones: per number, the mean absolute error over the
    fitted skills, the fitted range against the true range, and per skill the differences."""
    names = ("prior", "learn", "taught_learn", "guess", "slip")
    fit_skills = sorted(s for s in fitted.skills if s in true)
    lines = [f"{len(fit_skills)} skills fitted of {len(true)}"]
    for name in names:
        f = [getattr(fitted.skills[s], name) for s in fit_skills]
        t = [getattr(true[s], name) for s in fit_skills]
        err = statistics.mean(abs(a - b) for a, b in zip(f, t)) if f else float("nan")
        lines.append(f"{name:13} fitted {min(f, default=0):.3f}-{max(f, default=0):.3f} "
                     f"(true {min(t, default=0):.3f}-{max(t, default=0):.3f}), mean |fitted - true| {err:.3f}")
    for s in fit_skills:
        diffs = " ".join(f"{n}={getattr(fitted.skills[s], n):.2f}/{getattr(true[s], n):.2f}" for n in names)
        lines.append(f"  {s:28} {diffs}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="The simulated cohort the shipped BKT numbers are fitted on.")
    ap.add_argument("--csv", type=Path, help="the cohort's answers: read from this CSV if it exists, else "
                    "simulated and written to it")
    ap.add_argument("--truth", type=Path, help="write the true numbers here (JSON)")
    ap.add_argument("--fit", type=Path, help="fit the cohort with pyBKT and write the numbers here "
                    "(trainer/learning/data/bkt.json: the shipped ones)")
    ap.add_argument("--compare", type=Path, help="a fitted bkt.json: report how close it is to the truth")
    ap.add_argument("--learners", type=int, default=LEARNERS)
    ap.add_argument("--answers", type=int, default=ANSWERS)
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args(argv)
    true = truth(args.seed)
    if args.truth:
        args.truth.write_text(json.dumps({k: asdict(v) for k, v in true.items()}, indent=1) + "\n", encoding="utf-8")
    learners: list[list[Attempt]] | None = None
    if args.csv and args.csv.exists():
        learners = read_answers_csv(args.csv)
    elif args.csv or args.fit:
        learners = cohort(args.learners, args.answers, args.seed)
        if args.csv:
            write_answers_csv(learners, args.csv)
    if args.fit and learners is not None:
        report = fit(observation_rows(learners), cohort=describe(args.learners, args.answers, args.seed),
                     say=lambda text: print(text, file=sys.stderr, flush=True))
        args.fit.write_text(report.table.to_json(), encoding="utf-8")
        print(summary(report))
    if args.compare or args.fit:
        fitted = args.compare or args.fit
        print(compare(ParamTable.from_json(fitted.read_text(encoding="utf-8")), true))


if __name__ == "__main__":
    main()
