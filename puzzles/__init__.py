"""Puzzles that teach: generated from real positions, at three stages, reproducible by code.

>>> from puzzles import generate, from_code
>>> p = generate("open-total", stage="muggins", level=1, seed=42)
>>> from_code(p.code) == p
True
>>> judge(p, p.answer).correct
True
"""

from __future__ import annotations

import dataclasses
import functools
import random

from puzzles import found, registry
from puzzles.codes import GENERATOR, SEED_SPACE, CodeError, decode, encode, seed_space
from puzzles.judge import is_right, judge
from puzzles.kinds import CORE_KINDS, KIND_TITLES, KINDS
from puzzles.positions import is_position_code, position_puzzle, puzzle_from_position
from puzzles.puzzle import Choice, Puzzle, Step, Verdict
from puzzles.registry import AnswerShape, Kind, all_kinds, kind
from puzzles.stages import (
    LEVEL_TABLE,
    STAGE_RECORDS,
    STAGE_TITLES,
    STAGES,
    Stage,
    StageRecord,
    check_stage_level,
    has_trap,
    stage,
    traps,
)
from puzzles.traps import TRAPS, exposed, mastery_traps, mistake_name, trap_words
from trainer.rules import IllegalPlay, Layout
from trainer.words import _, language


def generate(kind: str, *, stage: Stage, level: int = 1, seed: int | None = None,
             generator: int = GENERATOR) -> Puzzle:
    """Make a puzzle. The same kind, stage, level and seed always give the same puzzle.

    ``generator`` is the version of the puzzle makers (:data:`puzzles.codes.GENERATOR`, the newest,
    unless a code names an older one): its code carries it, so the code opens this puzzle again."""
    if kind not in KINDS:
        raise IllegalPlay(_("'{kind}' is not a kind of puzzle: choose one of {kinds}.").format(
            kind=kind, kinds=", ".join(KINDS)))
    check_stage_level(stage, level)
    if not isinstance(generator, int) or not 1 <= generator <= GENERATOR:
        raise IllegalPlay(_("Puzzle generators go from 1 to {n}.").format(n=GENERATOR))
    if seed is None:
        seed = random.randrange(seed_space(generator))
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise IllegalPlay(_("A puzzle seed is a whole number, 0 or more."))
    seed %= seed_space(generator)
    rng = random.Random(f"{kind}/{stage}/{level}/{seed}")
    fields = registry.kind(kind).maker(stage, level, rng, generator)
    code = encode(KINDS.index(kind), STAGES.index(stage), level, seed, generator)
    p = Puzzle(
        kind=kind, stage=stage, level=level, seed=seed, generator=generator, code=code, variant=stage,
        board=fields["layout"] or Layout(variant=stage), hand=tuple(fields["hand"]), question=fields["question"],
        answer=fields["answer"], explanation=fields["explanation"], choices=fields["choices"],
        the_play=fields.get("play"), mistakes=tuple(fields["mistakes"]), steps=tuple(fields.get("steps", ())),
        trap=fields.get("trap"), number=fields.get("number"),
    )
    found = exposed(p)
    if not found:
        return p
    return dataclasses.replace(p, traps=found, trap=found[0])


def generate_for(kind: str, *, stage: Stage, level: int, trap: str, seed: int) -> Puzzle:
    """A puzzle that exposes ``trap``: the first of a seeded run of seeds whose puzzle does, at
    ``level`` or else at the nearest level where one turns up. Its code opens it like any puzzle.
    Without any such puzzle, the plain puzzle of ``seed``."""
    return _generate_for(kind, stage, level, trap, seed, language())  # its sentences are in the reader's language


@functools.lru_cache(maxsize=2048)
def _generate_for(kind: str, stage: Stage, level: int, trap: str, seed: int, lang: str = "") -> Puzzle:
    """:func:`generate_for`, kept for reuse: the search for a puzzle that exposes a trap can take a hundred
    puzzles, and the coach asks again for the same few (:data:`puzzles.found.SEEDS`). The
    searches a new learner's first puzzles need were made once and written down (:mod:`puzzles.found`):
    their puzzle is made straight from its code."""
    code = found.code_for(kind, stage, level, trap, seed)
    return from_code(code) if code is not None else search_for(kind, stage, level, trap, seed)


def search_for(kind: str, stage: Stage, level: int, trap: str, seed: int) -> Puzzle:
    """The search behind :func:`generate_for`, done now."""
    rng = random.Random(f"trap/{kind}/{stage}/{level}/{trap}/{seed}")
    levels = sorted((1, 2, 3), key=lambda x: (abs(x - level), -x))
    for lv in levels:
        for _try in range(TRAP_TRIES):
            p = generate(kind, stage=stage, level=lv, seed=rng.randrange(SEED_SPACE))
            if trap in p.traps:
                return p
    for _try in range(MORE_TRAP_TRIES):  # a rare trap: keep looking, every level in turn
        for lv in levels:
            p = generate(kind, stage=stage, level=lv, seed=rng.randrange(SEED_SPACE))
            if trap in p.traps:
                return p
    return generate(kind, stage=stage, level=level, seed=seed)


def warm_found(seeds: int, stage: Stage = Stage.MUGGINS) -> int:
    """Make the first ``seeds`` written-down trap puzzles of ``stage`` (where a new learner starts) now
    (:mod:`puzzles.found`), so that :func:`generate_for` has them at hand; returns how many were made."""
    made = 0
    for kind_id, where, level, trap in found.wanted():
        if where == stage:
            for seed in range(min(seeds, found.SEEDS)):
                generate_for(kind_id, stage=where, level=level, trap=trap, seed=seed)
                made += 1
    return made


def search_found(seeds: int = found.SEEDS) -> dict[str, object]:
    """The table of :mod:`puzzles.found`, searched afresh."""
    codes = {found.key(*w): [search_for(*w, seed).code for seed in range(seeds)] for w in found.wanted()}
    return {"generator": GENERATOR, "seeds": seeds, "codes": codes}


TRAP_TRIES = 60
"""Seeds tried per level when looking for a puzzle that exposes a trap."""

MORE_TRAP_TRIES = 120
"""Rounds over every level after that, for a trap that only a few puzzles of one level set."""


def similar(puzzle: Puzzle, seed: int) -> Puzzle:
    """A puzzle like ``puzzle``: the same kind, stage, level and generator and, when one can be found,
    the same trap (a puzzle that exposes it, see :attr:`Puzzle.traps`) — but another position: another
    hand, other open ends and another answer where the generator has one (a worked example shows the idea on
    another layout, never solves the child's own puzzle), else at least another layout or hand. The
    same ``puzzle`` and ``seed`` always give the same one, and it has a code of its own like any puzzle."""
    return _similar(puzzle.code, seed, language())  # its sentences are in the reader's language


@functools.lru_cache(maxsize=512)
def _similar(code: str, seed: int, lang: str = "") -> Puzzle:
    """:func:`similar` by code: a pure function of its arguments, so it is kept for reuse."""
    puzzle = from_code(code)
    rng = random.Random(f"similar/{puzzle.code}/{seed}")
    first = near = None
    for _try in range(120):
        s = rng.randrange(seed_space(puzzle.generator))
        if s == puzzle.seed:
            continue
        p = generate(puzzle.kind, stage=puzzle.stage, level=puzzle.level, seed=s, generator=puzzle.generator)
        same = p.trap == puzzle.trap or (puzzle.trap in TRAPS and puzzle.trap in p.traps)
        if same and _another_position(p, puzzle):
            return p
        if same and near is None and (p.board, p.hand) != (puzzle.board, puzzle.hand):
            near = p
        first = first or p
    assert first is not None
    return near or first


def _ends(p: Puzzle) -> tuple[int, ...]:
    """The numbers on the layout's open ends, in order (none without a layout)."""
    return tuple(sorted(e.number for e in p.board.open_ends)) if p.board is not None else ()


def _another_position(p: Puzzle, puzzle: Puzzle) -> bool:
    """Whether ``p`` shares nothing a child would recognise with ``puzzle``: not its hand (where there is one),
    not its open ends (where it asks about them: a hand's tiles to round show a layout with none), not its
    answer."""
    hand = not puzzle.hand or sorted(map(str, p.hand)) != sorted(map(str, puzzle.hand))
    ends = not _ends(puzzle) or _ends(p) != _ends(puzzle)
    return hand and ends and str(p.answer) != str(puzzle.answer)


def from_code(code: str) -> Puzzle:
    """Rebuild the puzzle a code names. A bad code raises :class:`CodeError` (a ``ValueError``)
    with a message for a person. A long code names a position from a learner's own game
    (:mod:`puzzles.positions`)."""
    if is_position_code(code):
        return position_puzzle(code)
    kind_i, stage_i, level, seed, generator = decode(code)
    if kind_i >= len(KINDS):
        raise CodeError(_("That code is for a kind of puzzle this version does not have."))
    return generate(KINDS[kind_i], stage=STAGES[stage_i], level=level, seed=seed, generator=generator)


__all__ = [
    "search_for", "search_found", "warm_found",
    "CORE_KINDS", "GENERATOR", "KINDS", "KIND_TITLES", "LEVEL_TABLE", "STAGES", "STAGE_RECORDS", "STAGE_TITLES",
    "AnswerShape",
    "Choice", "CodeError", "Kind", "Puzzle", "Stage", "StageRecord", "Step", "Verdict", "all_kinds", "from_code",
    "generate",
    "has_trap", "kind", "similar", "stage", "traps", "generate_for", "TRAPS", "mistake_name", "judge", "is_right",
    "mastery_traps", "trap_words", "puzzle_from_position",
]
