"""Print puzzles for a teacher: ``python -m puzzles --kind best-play --stage five-up --level 2``.

``python -m puzzles worksheet …`` makes a worksheet; ``python -m puzzles found`` writes down the searches
for trap puzzles a new learner's first puzzles need (:mod:`puzzles.found`)."""

from __future__ import annotations

import argparse
import json
import sys

from puzzles import KINDS, STAGES, generate
from trainer.rules import IllegalPlay


def worksheet(argv: list[str]) -> int:
    """``python -m puzzles worksheet --stage five-up --level 2 --count 12 --seed 7 -o sheet.pdf``."""
    from puzzles.codes import CodeError
    from puzzles.worksheet import (
        MIX,
        address_problem,
        answer_key_pdf,
        build_pdf,
        make_sheet,
        sheet_from_code,
        worksheet_pdf,
    )

    ap = argparse.ArgumentParser(prog="python -m puzzles worksheet",
                                 description="Make a printable worksheet (PDF) with its answer key.")
    ap.add_argument("--stage", choices=STAGES, default="muggins")
    ap.add_argument("--level", type=int, choices=(1, 2, 3), default=1)
    ap.add_argument("--kind", choices=(MIX, *KINDS), default=MIX, help="one kind, or a mix (the default)")
    ap.add_argument("--count", type=int, default=12, help="how many puzzles (1 to 60)")
    ap.add_argument("--seed", type=int, default=1, help="the same seed gives the same sheet")
    ap.add_argument("--code", help="rebuild the sheet with this sheet code (instead of the options above)")
    ap.add_argument("--paper", choices=("a4", "letter"), default="a4")
    ap.add_argument("--base-url", default="", help="the app's address, for the QR codes (default localhost)")
    ap.add_argument("--key", help="write the answer key to this file instead of the sheet's last pages")
    ap.add_argument("--build", help="also write the 'build it with real dominoes' sheet to this file")
    ap.add_argument("-o", "--output", required=True, help="the PDF file to write")
    args = ap.parse_args(argv)
    try:
        sheet = sheet_from_code(args.code) if args.code else make_sheet(
            args.stage, args.level, count=args.count, seed=args.seed, kind=args.kind)
    except (CodeError, IllegalPlay) as err:
        ap.error(str(err))
    if problem := address_problem(args.base_url):
        ap.error(problem)
    with open(args.output, "wb") as f:
        f.write(worksheet_pdf(sheet, paper=args.paper, base_url=args.base_url, key=not args.key))
    if args.key:
        with open(args.key, "wb") as f:
            f.write(answer_key_pdf(sheet, paper=args.paper))
    if args.build:
        with open(args.build, "wb") as f:
            f.write(build_pdf(sheet, paper=args.paper))
    print(f"Sheet {sheet.code}: {sheet.count} puzzles → {args.output}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["worksheet"]:
        return worksheet(argv[1:])
    if argv[:1] == ["found"]:  # write down the searches for a new learner's first trap puzzles
        from puzzles import found, search_found

        found.write(search_found())
        return 0
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
        if p.board:
            print(f"  Layout: {p.board.record}")
        if p.hand:
            print(f"  Hand:   {' '.join(str(t) for t in p.hand)}")
        print(f"  {p.question}")
        for c in p.choices:
            print(f"    {c.label}. {c.text}")
        answer = p.answer
        if isinstance(answer, tuple):
            answer = " or ".join(str(a) for a in answer)
        elif isinstance(answer, dict):
            answer = ", ".join(f"{k} {v}" for k, v in answer.items())
        print(f"  Answer: {answer}")
        print(f"  Why:    {p.explanation}")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
