"""Puzzles stay the same puzzles: a fingerprint over many seeds × kinds × stages × levels of each
puzzle's dict, its answer in words, the verdict on every choice, a similar puzzle's code and a
worksheet's puzzles. A change here means codes in teachers' hands would open other puzzles.

Regenerated on purpose when puzzles learned which traps they expose (``Puzzle.traps``) and were
made so that no simple rule answers them: choices place the right answer anywhere among them,
rounding asks every remainder as often, best-play hands have several plays that score, counted-ends
offers covered places more often."""

import hashlib
import json

from puzzles import KINDS, STAGES, generate, similar
from puzzles.registry import answer_words
from puzzles.worksheet import answer_key_pdf, make_sheet, worksheet_pdf

SEEDS = (0, 1, 2, 3, 7, 42, 99, 1000, 12345, 2**24 - 1)
"""Seeds per kind × stage × level: 630 puzzles in all."""
FINGERPRINT = "5056449108f0e0bb1cd3984330b17aad75324a1fe5b3a1d9b2b693fefbab2bde"
"""Last changed with puzzles that cannot be guessed (choices and rounding remainders balanced, several
scoring plays), the answer key's larger pictures, the quieter last-played outline and open-total answers
in words ("13 (4 + 6 + 3)"); then when a wrong answer that a counting mistake's model gives was
answered with that mistake's reason."""


def fingerprint() -> str:
    h = hashlib.sha256()
    for kind in KINDS:
        for stage in STAGES:
            for level in (1, 2, 3):
                for seed in SEEDS:
                    p = generate(kind, stage=stage, level=level, seed=seed)
                    verdicts = [p.check(c.value) for c in p.choices] + [p.check(p.answer), p.check("banana")]
                    record = {
                        "puzzle": p.to_dict(),
                        "words": answer_words(p),
                        "verdicts": [[v.correct, v.mistake, v.message, v.is_answer] for v in verdicts],
                        "hint": p.hint.text,
                        "similar": similar(p, 1).code if seed < 3 else "",
                    }
                    h.update(json.dumps(record, sort_keys=True, ensure_ascii=False).encode())
    for stage in STAGES:
        sheet = make_sheet(stage, 2, count=12, seed=5)
        h.update(sheet.code.encode())
        h.update(" ".join(p.code for p in sheet.puzzles).encode())
        h.update(worksheet_pdf(sheet, key=False))
        h.update(answer_key_pdf(sheet))
    return h.hexdigest()


def test_puzzles_are_the_same_puzzles():
    assert KINDS == ("open-total", "best-play", "hand-rounding", "play-score", "counted-ends", "nearest-five",
                     "make-five")
    assert fingerprint() == FINGERPRINT
