"""A class's learning curves: for each trap and each kind of puzzle, the share of wrong answers at a child's
1st, 2nd, 3rd … chance at it, over the class's children, beside the share the learner model predicted.

A curve that falls says the practice teaches; one that stays up names a trap to teach the whole class.

The chances ("opportunities") are the learner model's own evidence (:func:`trainer.learning.bkt.observations`),
so the line drawn from the answers and the model's line count the same answers:

- a **trap**'s opportunity is an unhinted answer to a puzzle that exposed it (:func:`attempt_traps`): a right
  answer, or a wrong one filed under that trap (a wrong answer filed under another trap, or a slip no trap
  explains, says nothing about this one);
- a **kind**'s opportunity is an unhinted answer of that kind at the top level of any stage (levels 1 and 2
  are the climb; the model judges a kind at the top level), its wrong answers every wrong one.

The model's line (``predicted``) is, at each opportunity, the BKT chance of a wrong answer
``1 − (p(L)(1 − slip) + (1 − p(L))guess)`` with the shipped numbers, p(L) updated by that child's answers
before it, averaged over the children who had that opportunity. :func:`expected_curve` is the curve of the
numbers alone (no answers seen).

>>> from trainer.learning.bkt import BktParams
>>> [round(x, 2) for x in expected_curve(BktParams(prior=0.2, learn=0.3, guess=0.2, slip=0.1, taught_learn=0.3), 3)]
[0.66, 0.49, 0.37]
"""

from __future__ import annotations

import csv
import enum
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from puzzles import KINDS, TRAPS, all_kinds, generate_for, trap_words
from trainer.learning.attempt import Attempt
from trainer.learning.bkt import BktParams, Observation, ParamTable, observations, shipped_params
from trainer.words import Said
from trainer.words.curves import csv_headers

KIND_NAMES = Said({k.id: k.short_title for k in all_kinds()})
"""A kind's short name, said in the reader's language."""
MAX_OPPORTUNITIES = 10
"""The opportunities a curve shows: 1st to 10th (a child's later ones say little about teaching)."""
MIN_CHILDREN = 2
"""Children an opportunity needs for its point to be drawn (one child's answer is not a class's curve)."""
FLAT_SHARE = 0.3
"""A curve whose later points still have this share of wrong answers or more, not fallen by ``FALL`` from the
first ones, is flat: the trap to teach the whole class."""
FALL = 0.1


class SkillKind(enum.Enum):
    """What a curve follows."""

    TRAP = "trap"
    KIND = "kind"


@dataclass(frozen=True)
class CurvePoint:
    """One opportunity of a curve."""

    opportunity: int
    """1 for each child's first chance at it, 2 for the second, …"""
    children: int
    """Children who had this opportunity."""
    wrong: int
    """How many of those answers were wrong."""
    predicted: float
    """The model's chance of a wrong answer here, averaged over those children."""

    @property
    def share_wrong(self) -> float:
        return self.wrong / self.children if self.children else 0.0


@dataclass(frozen=True)
class Curve:
    """The learning curve of one trap or one kind, over a class (or several)."""

    skill: str
    """A trap's id or a kind's id."""
    what: SkillKind
    points: tuple[CurvePoint, ...]
    """Opportunity 1, 2, … while at least :data:`MIN_CHILDREN` children had it."""
    example: str = ""
    """For a trap: the code of a puzzle that exposes it, to show with its contrast pair on the projector."""

    @property
    def flat(self) -> bool:
        """Not falling: the last two points' share wrong still :data:`FLAT_SHARE` or more and under
        :data:`FALL` below the first two's (at least three points)."""
        if len(self.points) < 3:
            return False
        first = sum(p.share_wrong for p in self.points[:2]) / 2
        last = sum(p.share_wrong for p in self.points[-2:]) / 2
        return last >= FLAT_SHARE and last > first - FALL

    @property
    def name(self) -> str:
        """What the curve follows, in words for a teacher."""
        return trap_words(self.skill) if self.what is SkillKind.TRAP else KIND_NAMES.get(self.skill, self.skill)


def _skill_of(o: Observation) -> tuple[SkillKind, str] | None:
    if o.skill in TRAPS:
        return SkillKind.TRAP, o.skill
    kind, at, _stage = o.skill.partition("@")
    return (SkillKind.KIND, kind) if at and kind in KINDS else None


def learning_curves(learners: Iterable[Sequence[Attempt]], params: ParamTable | None = None, *,
                    most: int = MAX_OPPORTUNITIES, min_children: int = MIN_CHILDREN) -> list[Curve]:
    """The curves of every trap and kind that ``learners`` (each one child's answers, in order) met, kinds
    first (in :data:`puzzles.KINDS`' order), then traps (flat ones first, then most children); a curve with no
    point of ``min_children`` children is left out."""
    table = params or shipped_params()
    # (what, skill) → opportunity → [children, wrong, predicted sum]
    counts: dict[tuple[SkillKind, str], list[list[float]]] = {}
    last_seen: dict[str, Attempt] = {}
    for attempts in learners:
        states: dict[str, tuple[float, float]] = {}
        met: dict[tuple[SkillKind, str], int] = {}
        for a in attempts:
            for o in observations(a):
                key = _skill_of(o)
                p = table[o.skill]
                unknown, known = states.get(o.skill, (1.0 - p.prior, p.prior))
                if key is not None:
                    n = met.get(key, 0)
                    met[key] = n + 1
                    if n < most:
                        rows = counts.setdefault(key, [])
                        while len(rows) <= n:
                            rows.append([0.0, 0.0, 0.0])
                        rows[n][0] += 1
                        rows[n][1] += not o.correct
                        rows[n][2] += 1.0 - p.p_correct(known / (unknown + known))
                    if key[0] is SkillKind.TRAP:
                        last_seen[o.skill] = a
                states[o.skill] = p.step(unknown, known, o.correct, o.resource)
    curves = []
    for (what, skill), rows in counts.items():
        points = []
        for i, (children, wrong, predicted) in enumerate(rows, start=1):
            if children < min_children:
                break
            points.append(CurvePoint(i, int(children), int(wrong), predicted / children))
        if not points:
            continue
        example = ""
        if what is SkillKind.TRAP:
            seen = last_seen[skill]
            example = generate_for(seen.kind, stage=seen.stage, level=1, trap=skill,
                                   seed=sum(map(ord, skill)) % 4096).code
        curves.append(Curve(skill, what, tuple(points), example))
    kind_order = {k: i for i, k in enumerate(KINDS)}
    return sorted(curves, key=lambda c: (c.what is SkillKind.TRAP, kind_order.get(c.skill, 0) if
                                         c.what is SkillKind.KIND else 0, not c.flat, -c.points[0].children, c.skill))


def expected_curve(params: BktParams, most: int = MAX_OPPORTUNITIES) -> list[float]:
    """The chance of a wrong answer at opportunities 1 … ``most`` from a skill's numbers alone, every earlier
    answer's learning step taken and no answer seen: p(L₁) = prior, p(Lₙ₊₁) = p(Lₙ) + (1 − p(Lₙ)) learn. It
    falls whenever ``learn`` > 0 and ``1 − slip`` > ``guess``."""
    known = params.prior
    out = []
    for _ in range(most):
        out.append(1.0 - params.p_correct(known))
        known += (1.0 - known) * params.learn
    return out


CSV_FIELDS = ("curve", "skill", "name", "opportunity", "children", "wrong", "share_wrong", "predicted", "flat")


def curves_csv(curves: Iterable[Curve]) -> str:
    """The curves' points, a row each (opens in any spreadsheet; the headers in the reader's language)."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(csv_headers(CSV_FIELDS))
    for c in curves:
        for p in c.points:
            w.writerow([c.what.value, c.skill, c.name, p.opportunity, p.children, p.wrong,
                        f"{p.share_wrong:.3f}", f"{p.predicted:.3f}", c.flat])
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    """``python -m trainer.classroom.curves``: the learning curves of a whole store (a school) or one class of it,
    as the CSV My class downloads, on stdout (for whoever runs the server, who holds the database's address)."""
    import argparse
    import sys

    from trainer.store import StoreUnavailable, open_store
    from trainer.store.answers import UnknownClass, answers_by_learner

    ap = argparse.ArgumentParser(prog="python -m trainer.classroom.curves",
                                 description="The learning curves of a school's answers, as CSV.")
    ap.add_argument("--db", metavar="URL", help="the store (default: the app's own, FIVES_DATABASE_URL or "
                    "data/fives.db)")
    ap.add_argument("--class", dest="class_code", metavar="CODE", help="one class of the store, not all of it")
    args = ap.parse_args(argv)
    try:
        learners = answers_by_learner(open_store(args.db), args.class_code)
    except UnknownClass as err:
        print(err, file=sys.stderr)
        return 1
    except StoreUnavailable:
        print("The store could not be opened (see the log above): check the --db address.", file=sys.stderr)
        return 1
    sys.stdout.write(curves_csv(learning_curves(learners)))
    return 0


__all__ = ["Curve", "CurvePoint", "SkillKind", "curves_csv", "expected_curve", "learning_curves", "main"]


if __name__ == "__main__":
    raise SystemExit(main())
