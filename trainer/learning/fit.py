"""What a fit of the BKT numbers (:mod:`trainer.learning.bkt`) is made from and makes, as the learner model sees it.

The answers become observations (:func:`~trainer.learning.bkt.observations`), one CSV row each in
pyBKT's own columns; a fit's JSON answer becomes a :class:`~trainer.learning.bkt.ParamTable`, held to the
bounds and read as a table a person reads. Running pyBKT itself (its own environment and a subprocess) is
:mod:`trainer.classroom.pybkt`; the command around both is ``python -m trainer.classroom.fit`` (it reads a
store or a CSV of answers).

>>> from trainer.learning.attempt import Attempt
>>> rows = observation_rows([[Attempt("open-total", "muggins", 3, True, 5.0)],
...                          [Attempt("open-total", "muggins", 3, False, 9.0, hinted=True)]])
>>> [(r.order, r.learner, r.skill, r.correct, r.resource) for r in rows]
[(0, 'L00001', 'open-total@muggins', True, <Resource.PRACTICE: 1>)]
"""

from __future__ import annotations

import csv
import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trainer.learning.attempt import Attempt
from trainer.learning.bkt import BktParams, ParamTable, Resource, observations

MIN_OBSERVATIONS = 150
"""A skill with fewer observations than this keeps the default numbers."""
MIN_LEARNERS = 15
"""… and so does one answered by fewer learners than this."""
FALLBACK_TAUGHT_LEARN = 0.3
"""The learning rate after teaching when no answer after teaching was seen at all (the shipped
starting value; never below the skill's own ``learn``)."""
CSV_COLUMNS = ("learner_code", "number", "kind", "stage", "level", "correct", "seconds", "puzzle_code",
               "mistake", "hinted", "review", "origin", "at")
"""A CSV of stored answers: the columns of a class's download (My class, in English), with
``origin`` and ``at`` added; those two may be missing."""


class NotEnoughAnswers(ValueError):
    """Too few answers that count as evidence for a fit; the message says how many there are."""


@dataclass(frozen=True)
class ObservationRow:
    """One observation of one skill: a row of the CSV pyBKT reads (``order_id``, ``user_id``,
    ``skill_name``, ``correct``, ``resource``)."""

    order: int
    learner: str
    """An anonymous name (``L00001``…): a learner's code signs them in, so it never leaves the store."""
    skill: str
    correct: bool
    resource: Resource


def observation_rows(learners: Iterable[Sequence[Attempt]]) -> list[ObservationRow]:
    """Every learner's answers, in order, as observations (learner after learner)."""
    rows: list[ObservationRow] = []
    for n, attempts in enumerate(learners, start=1):
        for a in attempts:
            for o in observations(a):
                rows.append(ObservationRow(len(rows), f"L{n:05d}", o.skill, o.correct, o.resource))
    return rows


def write_observations(rows: Iterable[ObservationRow], path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["order_id", "user_id", "skill_name", "correct", "resource"])
        for r in rows:
            w.writerow([r.order, r.learner, r.skill, int(r.correct), int(r.resource)])


# ----- a CSV of stored answers -----


def write_answers_csv(learners: Iterable[Sequence[Attempt]], path: Path) -> None:
    """Answers in the columns :func:`read_answers_csv` reads (learners named ``L00001``…)."""
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(CSV_COLUMNS)
        for n, attempts in enumerate(learners, start=1):
            for i, a in enumerate(attempts, start=1):
                w.writerow([f"L{n:05d}", i, a.kind, a.stage, a.level, a.correct, a.seconds, a.code, a.mistake or "",
                            a.hinted, a.review.value, a.origin, "" if a.at is None else a.at])


def read_answers_csv(path: Path) -> list[list[Attempt]]:
    """Each learner's answers, in order, from a CSV of stored answers (:data:`CSV_COLUMNS`; a class's
    download from My class is one). ``ValueError`` naming the line for a row that is not an answer."""
    by_learner: dict[str, list[tuple[int, Attempt]]] = {}
    with path.open(newline="", encoding="utf-8-sig") as f:
        reader = csv.DictReader(f)
        need = {"learner_code", "kind", "stage", "level", "correct", "seconds"}
        if not need <= set(reader.fieldnames or ()):
            raise ValueError(f"{path} is not a CSV of answers: it needs the columns {sorted(need)}")
        for line, row in enumerate(reader, start=2):
            try:
                a = Attempt.from_row(_answer_values(row))
            except ValueError as err:
                raise ValueError(f"{path}, line {line}: {err}") from None
            answers = by_learner.setdefault(row["learner_code"], [])
            answers.append((int(row.get("number") or len(answers) + 1), a))
    return [[a for _, a in sorted(answers, key=lambda na: na[0])] for answers in by_learner.values()]


def _flag(text: str | None) -> bool:
    value = (text or "").strip().lower()
    if value not in ("true", "false", "1", "0", ""):
        raise ValueError(f"not true or false: {text!r}")
    return value in ("true", "1")


def _answer_values(row: Mapping[str, str | None]) -> dict[str, object]:
    """A CSV row as :meth:`Attempt.to_row`'s values."""
    try:
        level, seconds = int(row["level"] or ""), float(row["seconds"] or "")
        at = float(row.get("at") or "") if row.get("at") else None
    except ValueError:
        raise ValueError("its level, seconds or time is not a number") from None
    return {"kind": row["kind"], "stage": row["stage"], "level": level, "correct": _flag(row["correct"]),
            "seconds": seconds, "code": row.get("puzzle_code") or row.get("code") or "",
            "mistake": row.get("mistake") or None, "hinted": _flag(row.get("hinted")),
            "review": row.get("review") or "", "origin": row.get("origin") or "", "at": at}


# ----- the fit -----


@dataclass(frozen=True)
class SkillFit:
    """What the fit made of one skill."""

    skill: str
    observations: int
    learners: int
    params: BktParams | None
    """pyBKT's numbers, or ``None``: the skill keeps the default."""
    why_default: str = ""
    """Why it keeps the default (too few answers, or a fit where knowing does not help)."""
    held: tuple[str, ...] = ()
    """The numbers the bounded fit fixed at a bound, the others fitted again (``guess``, ``learn``, ``prior``,
    ``slip``); empty: EM settled within the bounds by itself."""


@dataclass(frozen=True)
class FitReport:
    """A fit: the table to ship, and what became of every skill."""

    table: ParamTable
    skills: tuple[SkillFit, ...]
    observations: int
    learners: int


def counts(rows: Iterable[ObservationRow]) -> dict[str, tuple[int, int]]:
    """Per skill: how many observations, from how many learners."""
    seen: dict[str, tuple[int, set[str]]] = {}
    for r in rows:
        n, who = seen.get(r.skill, (0, set()))
        who.add(r.learner)
        seen[r.skill] = (n + 1, who)
    return {s: (n, len(who)) for s, (n, who) in sorted(seen.items())}




def bounded(p: BktParams) -> BktParams:
    """A fitted skill's taught rate never below its practice one (teaching never makes learning less likely)."""
    return dataclasses.replace(p, taught_learn=max(p.taught_learn, p.learn))


def bounded_table(table: ParamTable) -> ParamTable:
    """Every skill of a table held to the bounds (:mod:`trainer.learning.bounds`: learn ≤ 0.5, prior ≤ 0.8,
    slip ≤ 0.1, guess at least the item's chance, never known from one answer); skills with no fit take the
    documented default (:data:`~trainer.learning.bkt.UNFITTED`). EM can settle on a *degenerate* model — a skill
    "known" by children who answer wrong, or guessed right more often than not (Baker, Corbett & Aleven 2008)
    — and a wrong answer that another skill of the same puzzle caused reads as a slip."""
    return ParamTable(bounded(table.default), {k: bounded(v) for k, v in table.skills.items()}, table.cohort).held()


def params_from(fitted: Mapping[str, Any], default: BktParams | None) -> BktParams | None:
    """pyBKT's numbers for a skill as :class:`BktParams`; ``None`` for a degenerate fit. A resource the
    skill never had takes the default's rate (the taught rate never below the practice one)."""
    learns = {Resource(int(k)): _prob(v) for k, v in fitted["learns"].items()}
    guess, slip = _prob(fitted["guesses"]), _prob(fitted["slips"])
    if guess >= 1.0 - slip:
        return None
    learn = learns.get(Resource.PRACTICE, default.learn if default else learns.get(Resource.TAUGHT, 0.0))
    fallback = default.taught_learn if default else FALLBACK_TAUGHT_LEARN
    taught = learns.get(Resource.TAUGHT, max(learn, fallback))
    return BktParams(prior=_prob(fitted["prior"]), learn=learn, guess=guess, slip=slip, taught_learn=taught)


def _prob(value: Any) -> float:
    """A probability from pyBKT's JSON, rounded (its last digits are EM's noise) and kept in [0, 1]."""
    return min(1.0, max(0.0, round(float(value), 6)))


# ----- what a person reads -----


def summary(report: FitReport) -> str:
    """The fit as a table a person reads: every skill's numbers, or why it keeps the default."""
    lines = [f"{report.observations} observations from {report.learners} learners.",
             f"{'skill':28} {'obs':>6} {'who':>5}  prior  learn taught  guess   slip",
             _line("(default: all pooled)", report.observations, report.learners, report.table.default)]
    for f in report.skills:
        if f.params is None:
            lines.append(f"{f.skill:28} {f.observations:>6} {f.learners:>5}  default ({f.why_default})")
        else:
            held = f"  (held at a bound: {', '.join(f.held)})" if f.held else ""
            lines.append(_line(f.skill, f.observations, f.learners, f.params) + held)
    return "\n".join(lines)


HELD_NAMES = {"guesses": "guess", "learns": "learn", "prior": "prior", "slips": "slip"}
"""pyBKT's names of the numbers (its ``fixed`` keys), as the trainer says them."""


def _line(name: str, n: int, who: int, p: BktParams) -> str:
    return (f"{name:28} {n:>6} {who:>5}  {p.prior:.3f}  {p.learn:.3f}  {p.taught_learn:.3f}  {p.guess:.3f}  "
            f"{p.slip:.3f}")
