"""Run every benchmark and print one table."""

from __future__ import annotations

import importlib
import sys

SECTIONS = ["engine", "puzzles", "render", "bots", "app", "learners", "misconceptions", "mastery", "sprint",
            "spacing", "worksheet", "classroom", "store", "transfer"]


def main(argv: list[str]) -> int:
    wanted = argv or SECTIONS
    rows: list[tuple[str, str, str]] = []
    for name in wanted:
        if name not in SECTIONS:
            print(f"no benchmark section '{name}': choose from {', '.join(SECTIONS)}", file=sys.stderr)
            return 2
        mod = importlib.import_module(f"benchmarks.{name}")  # a section that fails to import fails loudly
        print(f"running {name} …", file=sys.stderr, flush=True)
        rows.extend(mod.run())
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    print(f"{'benchmark':<{w0}}  {'result':>{w1}}  note")
    print(f"{'-' * w0}  {'-' * w1}  ----")
    for a, b, c in rows:
        print(f"{a:<{w0}}  {b:>{w1}}  {c}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
