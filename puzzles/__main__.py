"""Print puzzles for a teacher: ``python -m puzzles --kind best-play --stage five-up --level 2``."""

from __future__ import annotations

import argparse
import json
import sys

from puzzles import KINDS, STAGES, generate
from trainer.rules import IllegalPlay


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m puzzles", description="Print Fives Trainer puzzles.")
    ap.add_argument("--kind", choices=KINDS, default="open-total")
    ap.add_argument("--stage", choices=STAGES, default="muggins")
    ap.add_argument("--level", type=int, choices=(1, 2, 3), default=1)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1, help="the first puzzle's seed; the next ones follow it")
    ap.add_argument("--json", action="store_true", help="print one JSON object per line")
    args = ap.parse_args(argv)
    if args.count < 1 or args.count > 1000:
        ap.error("--count goes from 1 to 1000")
    for i in range(args.count):
        try:
            p = generate(args.kind, stage=args.stage, level=args.level, seed=args.seed + i)
        except IllegalPlay as err:
            ap.error(str(err))
        if args.json:
            print(json.dumps(p.to_dict(), ensure_ascii=False))
            continue
        print(f"Puzzle {i + 1} — code {p.code}")
        if p.layout:
            print(f"  Layout: {p.layout}")
        if p.hand:
            print(f"  Hand:   {' '.join(p.hand)}")
        print(f"  {p.question}")
        for c in p.choices:
            print(f"    {c.label}. {c.text}")
        answer = p.answer
        if isinstance(answer, tuple):
            answer = " or ".join(answer)
        elif isinstance(answer, dict):
            answer = ", ".join(f"{k} {v}" for k, v in answer.items())
        print(f"  Answer: {answer}")
        print(f"  Why:    {p.explanation}")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
