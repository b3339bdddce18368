"""The numbers behind a child's mastery, for their teacher: p(known) of every skill the child's answers were
evidence for (:class:`trainer.learning.bkt.Knowledge`, the same fold the coach makes), how many answers and
right ones moved it, and the last answers that moved it (which, right or wrong, from what to what).

Pure Python, from the stored answers alone: My class shows it one click from the grid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzles import TRAPS, trap_words
from trainer.classroom.curves import KIND_NAMES, SkillKind
from trainer.learning.attempt import Attempt
from trainer.learning.bkt import Knowledge, ParamTable, observations, shipped_params

LAST_MOVES = 3
"""The answers that moved a skill, shown newest last."""


@dataclass(frozen=True)
class Move:
    """One answer as evidence for a skill: its number in the child's answers, its puzzle, and p(known) around it."""

    number: int
    code: str
    correct: bool
    before: float
    after: float


@dataclass(frozen=True)
class SkillNumbers:
    """One skill of one child."""

    skill: str
    what: SkillKind
    name: str
    """A trap in words, or a kind's short name."""
    stage: str
    """A kind's stage (``""`` for a trap)."""
    known: float
    """p(known) now."""
    answers: int
    right: int
    moves: tuple[Move, ...]


def skill_numbers(attempts: Sequence[Attempt], params: ParamTable | None = None,
                  last: int = LAST_MOVES) -> list[SkillNumbers]:
    """Every skill ``attempts`` were evidence for: kinds first (by stage, then kind), then traps, least known first."""
    k = Knowledge(params or shipped_params())
    moves: dict[str, list[Move]] = {}
    right: dict[str, int] = {}
    for number, a in enumerate(attempts, start=1):
        obs = observations(a)
        before = {o.skill: k.p(o.skill) for o in obs}
        k.add(a)
        for o in obs:
            moves.setdefault(o.skill, []).append(Move(number, a.code, o.correct, before[o.skill], k.p(o.skill)))
            right[o.skill] = right.get(o.skill, 0) + o.correct
    out = []
    for skill, seen in moves.items():
        if skill in TRAPS:
            what, name, stage = SkillKind.TRAP, trap_words(skill), ""
        else:
            kind, _, stage = skill.partition("@")
            what, name = SkillKind.KIND, KIND_NAMES.get(kind, kind)
        out.append(SkillNumbers(skill, what, name, stage, k.p(skill), len(seen), right[skill], tuple(seen[-last:])))
    return sorted(out, key=lambda n: (n.what is SkillKind.TRAP, n.stage, n.known if n.what is SkillKind.TRAP else 0,
                                      n.skill))
