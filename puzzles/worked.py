"""The worked example of a trap: after the contrast pair, the teaching works one puzzle through in which
the trap the child just fell into really changes the answer, and the step where it would bite says so.

A puzzle that merely *could* hold the trap teaches nothing (a two-tile line where counting a covered end
gives the right total anyway): the example is checked with the trap's model (:func:`bites`). It is of
the missed puzzle's own kind and stage, found by trying seeds; failing that, the missed puzzle itself.

>>> from puzzles import generate_for
>>> missed = generate_for("hand-rounding", stage="muggins", level=1, trap="round-2", seed=0)
>>> ex = worked_example(missed, "round-2", seed=1)
>>> bites(ex, "round-2") and ex.code != missed.code
True
>>> [s.text for s in ex.steps if s.text.startswith("Watch out!")]  # doctest: +ELLIPSIS
['Watch out! ... 1 and 2 past a five go down, to ...']
"""

from __future__ import annotations

import dataclasses
import random

from puzzles import generate, generate_for
from puzzles.codes import SEED_SPACE
from puzzles.puzzle import Puzzle, Step
from puzzles.registry import kind
from puzzles.traps import misconceived, reason
from trainer.words.traps import watch_out

TRIES = 40
"""Seeds tried per level, nearest level first, for an example of the missed puzzle's kind and stage
once :func:`puzzles.generate_for` has not found one (a trap the kind names but does not master)."""


def trapped_answer(p: Puzzle, trap_id: str) -> object:
    """The answer a child who holds the trap gives to ``p``: :func:`puzzles.traps.misconceived`, or the
    kind's own model for a trap it names beyond its mastery traps (an open-end total with a covered
    end counted); None when the kind has no model of it."""
    got = misconceived(p, trap_id)
    record = kind(p.kind)
    if got is None and record.misconceive is not None and trap_id in record.traps:
        got = record.misconceive(p, trap_id)
    return got


def bites(p: Puzzle, trap_id: str) -> bool:
    """Whether the trap really changes the answer to ``p``: the trapped answer is not a right one."""
    got = trapped_answer(p, trap_id)
    return got is not None and not kind(p.kind).judge(p, got).correct


def _search(missed: Puzzle, trap_id: str, seed: int) -> Puzzle | None:
    """A puzzle of the missed one's kind and stage, not the missed one, where the trap bites."""
    found = generate_for(missed.kind, stage=missed.stage, level=missed.level, trap=trap_id, seed=seed)
    if found.code != missed.code and bites(found, trap_id):
        return found
    rng = random.Random(f"worked/{missed.kind}/{missed.stage}/{missed.level}/{trap_id}/{seed}")
    for level in sorted((1, 2, 3), key=lambda x: (abs(x - missed.level), -x)):
        for _try in range(TRIES):
            p = generate(missed.kind, stage=missed.stage, level=level, seed=rng.randrange(SEED_SPACE))
            if p.code != missed.code and bites(p, trap_id):
                return p
    return None


def point(p: Puzzle, trap_id: str) -> Step:
    """The step where the trap would bite on ``p``, and why, in a child's words with ``p``'s numbers
    (``"Watch out! The 4 of 1-4 is covered now: it adds nothing."``): a page shows it strongest."""
    return Step(watch_out(reason(p, trap_id)))


def with_the_point(p: Puzzle, trap_id: str) -> Puzzle:
    """``p`` with its :func:`point` as one more step, just before its last (the answer)."""
    steps = list(p.steps)
    return dataclasses.replace(p, steps=(*steps[:-1], point(p, trap_id), *steps[-1:]))


def worked_example(missed: Puzzle, trap_id: str, seed: int) -> Puzzle:
    """The worked example after a trap was fallen into twice: a puzzle of the missed one's kind and
    stage where the trap bites (the missed puzzle itself when none is found), its steps saying where."""
    return with_the_point(_search(missed, trap_id, seed) or missed, trap_id)
