"""Puzzles stay the same puzzles: a fingerprint over many seeds × kinds × stages × levels of each
puzzle's dict, its answer in words, the verdict on every choice, a similar puzzle's code and a
worksheet's puzzles. A change here means codes in teachers' hands would open other puzzles: each
generator (the version of the puzzle makers a code carries) keeps its own fingerprint.

Regenerated on purpose when puzzles learned which traps they expose (``Puzzle.traps``) and were
made so that no simple rule answers them: choices place the right answer anywhere among them,
rounding asks every remainder as often, best-play hands have several plays that score, counted-ends
offers covered places more often. Regenerated again when every worksheet page said what the dashed
outline means and answer keys drew a straight line of tiles taller: the PDFs changed, the puzzles did not
(the same fingerprint with the PDFs left out, before and after). Regenerated again when the working of an
open-end total ended with the total ("The total is 8.") instead of what it scores, and a similar puzzle (a
worked example's) came with another hand, other open ends and another answer: the words and the similar
codes changed, the puzzles themselves did not (tests/test_codes.py); and when answer keys drew their tiles
16 mm long (4 mm a cell) where the page allows: the PDFs changed. Regenerated again when every named wrong
total came from its trap's own model (a double's total counted once on a spinner is named ``spinner-once``, not
``double-once``): the names of the mistakes changed, the totals and the puzzles did not. Regenerated again when a
similar puzzle to a hand's tiles to round, or a number to round (whose layouts have no open ends to tell apart),
was taken with another hand and another answer, not after every seed of the search had failed to find other open
ends: the similar codes of those two kinds changed, the puzzles did not. Regenerated again when an end's letter
passed to the end that covers it (``trainer.rules.end_letters``): the letters on the worksheets' pictures changed,
the puzzles, their words and verdicts did not (the same fingerprint with the PDFs left out, before and after)."""

import hashlib
import json

import pytest

from puzzles import GENERATOR, KINDS, STAGES, generate, similar
from puzzles.judge import judge
from puzzles.registry import answer_words
from puzzles.worksheet import answer_key_pdf, make_sheet, worksheet_pdf

SEEDS = (0, 1, 2, 3, 7, 42, 99, 1000, 12345, 2**24 - 1)
"""Seeds per kind × stage × level: 630 puzzles in all."""
FINGERPRINTS = {
    1: "22c6f92c2ff43044b07f86e62441fa513acea72501e76d4d8ee56bf5753625f9",
    2: "743659b9ea1de00ba81a30e16c567fa15405b3dcdef96332e6377ad3c116d9c8",
    3: "c974fe800294cef9f4413d1eb16c135d202c44ab112b8392d348537fc2145ba2",
}
"""Per generator (:data:`puzzles.GENERATOR`). Generator 1 is every code made before codes had a
version: its puzzles never change (its fingerprint also covers the puzzles' words, so it changes with
them; the codes test checks layouts, hands and answers alone). Generator 2 puts more plays that score
in best-play hands (a tile more at levels 2 and 3) and balances the places of number answers among the
choices, so that no simple rule answers the puzzles. Generator 3 closes the shortcuts generator 2 left
open (always answering 2 points, the play that leaves the biggest total, the multiple of five among the
choices): play-score asks for each score about as often, best-play hands hold a play that scores nothing yet
leaves more than the best, open-total offers another multiple of five. A change to the newest generator's
puzzles is a new generator: keep the old one behind its number (the makers take ``generator``) and add it
here."""


def fingerprint(generator: int) -> str:
    h = hashlib.sha256()
    for kind in KINDS:
        for stage in STAGES:
            for level in (1, 2, 3):
                for seed in SEEDS:
                    p = generate(kind, stage=stage, level=level, seed=seed, generator=generator)
                    verdicts = [judge(p, c.value) for c in p.choices] + [judge(p, p.answer), judge(p, "banana")]
                    record = {
                        "puzzle": p.to_dict(),
                        "words": answer_words(p),
                        "verdicts": [[v.correct, v.mistake, v.message, v.is_answer] for v in verdicts],
                        "hint": p.hint.text,
                        "similar": similar(p, 1).code if seed < 3 else "",
                    }
                    h.update(json.dumps(record, sort_keys=True, ensure_ascii=False).encode())
    for stage in STAGES:
        sheet = make_sheet(stage, 2, count=12, seed=5, generator=generator)
        h.update(sheet.code.encode())
        h.update(" ".join(p.code for p in sheet.puzzles).encode())
        h.update(worksheet_pdf(sheet, key=False))
        h.update(answer_key_pdf(sheet))
    return h.hexdigest()


@pytest.mark.parametrize("generator", sorted(FINGERPRINTS))
def test_puzzles_are_the_same_puzzles(generator):
    assert KINDS == ("open-total", "best-play", "hand-rounding", "play-score", "counted-ends", "nearest-five",
                     "make-five")
    assert fingerprint(generator) == FINGERPRINTS[generator]


def test_every_generator_has_a_fingerprint():
    assert sorted(FINGERPRINTS) == list(range(1, GENERATOR + 1))
