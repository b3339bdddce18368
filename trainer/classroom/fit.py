"""``python -m trainer.classroom.fit`` (``make fit-bkt``): refit the learner model's BKT numbers with
pyBKT from a school's own answers — the whole store, one class, or a CSV of answers — and print them;
with ``--out``, write them (``--out trainer/learning/data/bkt.json`` replaces the shipped numbers).

The fitting itself is :mod:`trainer.learning.fit`; this command only finds the answers. pyBKT runs in
its own environment (``.venv-bkt``, made the first time), see docs/learner-model.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import subprocess
import sys
from pathlib import Path

from trainer.classroom import pybkt, refit
from trainer.learning import fit
from trainer.learning.attempt import Attempt
from trainer.store import StoreUnavailable, open_store
from trainer.store.answers import UnknownClass, answers_by_learner


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m trainer.classroom.fit",
                                 description="Refit the BKT numbers with pyBKT from a school's answers.")
    source = ap.add_mutually_exclusive_group()
    source.add_argument("--db", metavar="URL", help="the store: a SQLite file (sqlite:///path/fives.db) or a "
                        "PostgreSQL URL; default: the app's own store (FIVES_DATABASE_URL, else data/fives.db)")
    source.add_argument("--csv", metavar="FILE", type=Path, help="a CSV of answers instead (a class's download "
                        "from My class, in English, or tools/bkt/cohort.py's)")
    ap.add_argument("--class", dest="class_code", metavar="CODE", help="fit one class of the store, not all of it")
    ap.add_argument("--out", metavar="FILE", type=Path, help="write the numbers here (default: only print them)")
    ap.add_argument("--cohort", metavar="TEXT", help="where the answers come from, kept in the file "
                    "(default: the store or CSV, and today's date)")
    ap.add_argument("--seed", type=int, default=pybkt.SEED, help=f"pyBKT's random seed (default {pybkt.SEED})")
    ap.add_argument("--env", metavar="DIR", type=Path, help="pyBKT's environment (default .venv-bkt)")
    ap.add_argument("--check", action="store_true", help="first check the shipped numbers and a refit on held-out "
                    "children (a third of them, never one child on both sides) beside pyBKT's own, and keep the "
                    "report with the numbers it produced, dated")
    ap.add_argument("--reports", metavar="DIR", type=Path, default=refit.REPORTS,
                    help="where --check keeps its reports (default trainer/learning/data/refits)")
    return ap


def answers(args: argparse.Namespace) -> tuple[list[list[Attempt]], str]:
    """The answers to fit, learner by learner, and where they come from in words (no address or class
    code: the words are kept in the written file)."""
    if args.csv is not None:
        if args.class_code:
            raise ValueError("--class picks a class of a store; a CSV is fitted whole")
        return fit.read_answers_csv(args.csv), f"the CSV {args.csv.name}"
    store = open_store(args.db)
    say(f"Reading the answers in {store.url}...")
    return answers_by_learner(store, args.class_code), "one class of a store" if args.class_code else "a store"


def say(text: str) -> None:
    """What the command is doing, on stderr (stdout has the numbers)."""
    print(text, file=sys.stderr, flush=True)


def check(learners: list[list[Attempt]], where: str, args: argparse.Namespace) -> None:
    """The check on held-out children, printed and kept; too few children to hold some out: said, and the fit
    goes on."""
    try:
        checked = refit.check(learners, where=where, day=dt.date.today(), env=args.env, seed=args.seed, say=say)
    except fit.NotEnoughAnswers as err:
        say(f"No check on held-out children: the children left to refit on are too few. {err}")
        return
    print(refit.report_text(checked))
    text, numbers = refit.keep(checked, args.reports)
    say(f"Kept the check in {text} and its numbers in {numbers}.")


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        learners, where = answers(args)
        rows = fit.observation_rows(learners)
        say(f"{sum(map(len, learners))} answers from {len(learners)} learners in {where}.")
        if args.check:
            check(learners, where, args)
        version = pybkt.REQUIREMENTS[0].split("==")[1]
        cohort = args.cohort or (f"fitted with pyBKT {version} on {len(rows)} observations "
                                 f"from {len(learners)} learners in {where}, {dt.date.today().isoformat()}")
        report = pybkt.fit(rows, cohort=cohort, env=args.env, seed=args.seed, say=say)
    except (fit.NotEnoughAnswers, UnknownClass, ValueError) as err:
        say(str(err))
        return 1
    except subprocess.CalledProcessError as err:
        say(f"pyBKT's environment or fit failed ({' '.join(map(str, err.cmd[:3]))}...): see above.")
        return 1
    except StoreUnavailable:
        say("The store could not be opened (see the log above): check the --db address.")
        return 1
    print(fit.summary(report))
    if args.out:
        args.out.write_text(report.table.to_json(), encoding="utf-8")
        say(f"Wrote {args.out}.")
    else:
        say("Nothing written (add --out FILE to keep these numbers).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
