"""Run every benchmark and print one table.

``python -m benchmarks [section …] [--seconds S] [--tables N] [--school] [--database D] [--no-yardstick] [--taps]
[--learners N] [--ramp S] [--processes N] [--district] [--children N]``:
the options reach the sections whose ``run`` takes them (``tables``: how long the
children play, and at how many tables, or the whole school's 50, on PostgreSQL or SQLite, and whether a move's CPU
is also given in clicks of a one-button app measured after play, and whether tiles are tapped on the picture;
``classroom``: a school of N learners opening the page over S seconds, on ``--processes`` app processes (``N=``)
or through the district layout's hosts (``--district``); ``learner_families``: how many simulated children a
family, ``--children N``)."""

from __future__ import annotations

import argparse
import importlib
import inspect
import sys

SECTIONS = ["engine", "puzzles", "render", "bots", "app", "learners", "misconceptions", "mastery", "learner_families",
            "prediction", "placement", "sprint", "spacing", "worksheet", "classroom", "store", "transfer", "tables",
            "district"]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks")
    parser.add_argument("sections", nargs="*", metavar="section")
    parser.add_argument("--seconds", type=float, help="how long a timed load runs (tables: 300)")
    parser.add_argument("--tables", type=int, help="tables of four children (tables: 8)")
    parser.add_argument("--school", action="store_true", help="tables: the whole school, 50 tables of four")
    parser.add_argument("--database", choices=("postgresql", "sqlite"),
                        help="tables: the store (postgresql, started here; or sqlite)")
    parser.add_argument("--learners", type=int, help="classroom: a school of this many learners on make serve")
    parser.add_argument("--ramp", type=float, help="classroom: the seconds over which those learners open the page")
    parser.add_argument("--processes", type=int, help="classroom: the school on this many app processes (N=)")
    parser.add_argument("--district", action="store_true",
                        help="classroom: the school through the district layout (--processes app hosts, or 2)")
    parser.add_argument("--children", type=int, help="learner_families, prediction: simulated children a family (12)")
    parser.add_argument("--taps", action="store_true",
                        help="tables: tiles played by tapping the picture (a tile, then an end), not the place buttons")
    parser.add_argument("--no-yardstick", action="store_true",
                        help="tables: no one-button app's click measured after play to divide a move's CPU by")
    args = parser.parse_args(argv)
    options = {k: v for k, v in (("seconds", args.seconds), ("tables", args.tables), ("learners", args.learners),
                                 ("ramp", args.ramp), ("children", args.children), ("database", args.database),
                                 ("school", args.school or None), ("processes", args.processes),
                                 ("district", args.district or None),
                                 ("yardstick", False if args.no_yardstick else None),
                                 ("taps", args.taps or None)) if v is not None}
    wanted = args.sections or SECTIONS
    rows: list[tuple[str, str, str]] = []
    for name in wanted:
        if name not in SECTIONS:
            print(f"no benchmark section '{name}': choose from {', '.join(SECTIONS)}", file=sys.stderr)
            return 2
        mod = importlib.import_module(f"benchmarks.{name}")  # a section that fails to import fails loudly
        print(f"running {name} …", file=sys.stderr, flush=True)
        takes = inspect.signature(mod.run).parameters
        rows.extend(mod.run(**{k: v for k, v in options.items() if k in takes}))
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    print(f"{'benchmark':<{w0}}  {'result':>{w1}}  note")
    print(f"{'-' * w0}  {'-' * w1}  ----")
    for a, b, c in rows:
        print(f"{a:<{w0}}  {b:>{w1}}  {c}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
