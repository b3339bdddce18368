"""A class's report, from its learners' stored answers: the mastery grid, each kind's accuracy and
speed, the mistakes the class makes most, a CSV, and the spread of a live round's answers.

Pure Python: the teacher's page and the projector only draw these. Nothing here ranks children.
"""

from __future__ import annotations

import csv
import io
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from puzzles import KIND_TITLES, KINDS, STAGES, TRAPS, Stage, generate_for, mistake_name, trap_words
from trainer.learning.progress import Attempt, Progress, attempt_traps, fluency_bar
from trainer.learning.sprint import day_of
from trainer.learning.states import ReviewMode
from trainer.store.codes import normalise_class
from trainer.words.mastery import class_answer
from trainer.words.tables import csv_headers


class LearnerRecord(Protocol):
    """What the report needs of a learner (the store's report rows have it)."""

    @property
    def code(self) -> str: ...

    @property
    def nickname(self) -> str: ...

    @property
    def attempts(self) -> Sequence[Attempt]: ...


@dataclass(frozen=True)
class GridRow:
    """One learner's mastery step (0–4) for every kind at every stage."""

    code: str
    nickname: str
    answers: int
    right: int
    steps: dict[tuple[str, str], int]
    """(kind, stage) → step, see :data:`trainer.learning.progress.STEP_NAMES`."""
    mastered: tuple[str, ...]
    """The stages this learner has mastered."""
    review: frozenset[tuple[str, str]] = frozenset()
    """(kind, stage) taken back from Mastered: its review answers failed (it needs a review)."""


@dataclass(frozen=True)
class KindSummary:
    kind: str
    answers: int
    right: int
    fluent: int
    """Right answers given inside the kind's time bar (:func:`trainer.learning.progress.fluency_bar`)."""
    median_seconds: float | None

    @property
    def accuracy(self) -> float:
        return self.right / self.answers if self.answers else 0.0

    @property
    def fluency(self) -> float:
        return self.fluent / self.answers if self.answers else 0.0


@dataclass(frozen=True)
class MistakeCount:
    mistake: str
    name: str
    """The mistake in words for a teacher (``"counted a covered spinner"``)."""
    children: int
    """How many children made it (the report says this, not who)."""
    times: int
    example: str
    """The code of a puzzle where it was made, to show the class."""
    kind: str


def grid(learners: Iterable[LearnerRecord]) -> list[GridRow]:
    """The class's mastery grid: a row per learner, in the order given."""
    rows = []
    for lr in learners:
        progress = Progress.from_attempts(lr.attempts)
        rows.append(GridRow(
            code=lr.code, nickname=lr.nickname, answers=progress.answered, right=progress.right,
            steps={(k, s): progress.step(k, s) for s in STAGES for k in KINDS},
            mastered=tuple(s for s in STAGES if s in progress.mastered),
            review=frozenset((k, s) for s in STAGES for k in KINDS if progress.needs_review(k, s)),
        ))
    return rows


def kind_summaries(learners: Iterable[LearnerRecord]) -> list[KindSummary]:
    """Accuracy and fluency per kind over the whole class (kinds nobody answered are left out)."""
    by_kind: dict[str, list[Attempt]] = {}
    for lr in learners:
        for a in lr.attempts:
            by_kind.setdefault(a.kind, []).append(a)
    out = []
    for kind in KINDS:
        answers = by_kind.get(kind, [])
        if not answers:
            continue
        out.append(KindSummary(
            kind=kind, answers=len(answers), right=sum(a.correct for a in answers),
            fluent=sum(a.correct and a.seconds <= fluency_bar(a.kind, a.level) for a in answers),
            median_seconds=statistics.median(a.seconds for a in answers),
        ))
    return out


def common_mistakes(learners: Iterable[LearnerRecord], top: int = 5) -> list[MistakeCount]:
    """The named mistakes most children in the class make, most children first."""
    children: dict[str, set[str]] = {}
    times: Counter[str] = Counter()
    example: dict[str, Attempt] = {}
    for lr in learners:
        for a in lr.attempts:
            if a.correct or not a.mistake or a.mistake in ("other", "unreadable"):
                continue
            children.setdefault(a.mistake, set()).add(lr.code)
            times[a.mistake] += 1
            example[a.mistake] = a  # the latest one: the class may remember it
    ranked = sorted(children, key=lambda m: (-len(children[m]), -times[m], m))[:top]
    return [MistakeCount(m, mistake_name(m), len(children[m]), times[m], example[m].code, example[m].kind)
            for m in ranked]


STUCK_AFTER = 3
"""Wrong answers on a trap, with no right one since, that flag a child as stuck on it."""


@dataclass(frozen=True)
class Stuck:
    """A child stuck on a trap: what to show the class (or the child) next."""

    code: str
    nickname: str
    trap: str
    words: str
    """The trap in words for a teacher: ``"rounds 2 past a five up (12 → 15)"``."""
    wrong: int
    """Wrong answers on it since the last right one."""
    kind: str
    stage: Stage
    puzzle: str
    """A puzzle code that exposes the trap, to project with its contrast pair
    (``puzzles.contrast.contrast(from_code(puzzle), trap)`` draws the pair)."""


def stuck(learners: Iterable[LearnerRecord]) -> list[Stuck]:
    """Children stuck on a trap: three wrong answers on puzzles that expose it (filed under it, or
    under no other trap) with no right answer on it since, or a trap the coach moved on from after
    teaching it twice in a day without it becoming known (:meth:`Progress.parked`, on the child's last
    day). Learners in the order given, their traps most wrong first. Old stored answers count too: a
    trap is recomputed from the puzzle's code."""
    out = []
    for lr in learners:
        runs: dict[str, list[Attempt]] = {}
        for a in lr.attempts:
            if a.hinted:
                continue
            for t in attempt_traps(a):
                if a.correct:
                    runs.pop(t, None)
                elif a.mistake == t or a.mistake not in TRAPS:
                    runs.setdefault(t, []).append(a)
        parked = parked_lately(lr.attempts)
        for t in sorted(set(runs) | parked, key=lambda t: (-len(runs.get(t, ())), t)):
            wrong = runs.get(t, [])
            if len(wrong) < STUCK_AFTER and t not in parked:
                continue
            last = wrong[-1] if wrong else next(a for a in reversed(lr.attempts) if t in attempt_traps(a))
            seed = sum(map(ord, lr.code + t)) % 4096
            show = generate_for(last.kind, stage=last.stage, level=1, trap=t, seed=seed)
            out.append(Stuck(lr.code, lr.nickname, t, trap_words(t), len(wrong), last.kind, last.stage, show.code))
    return out


def parked_lately(attempts: Sequence[Attempt]) -> frozenset[str]:
    """The traps the coach moved on from on the child's last day of practice."""
    last = next((a.at for a in reversed(attempts) if a.at is not None), None)
    if last is None or not any(a.review is ReviewMode.DRILL for a in attempts):
        return frozenset()
    return Progress.from_attempts(attempts).parked(day_of(last))


CSV_FIELDS = ("nickname", "learner_code", "number", "kind", "stage", "level", "correct", "seconds", "puzzle_code",
              "mistake", "hinted", "review")


def csv_text(learners: Iterable[LearnerRecord], extra: tuple[Sequence[str], dict[str, list[str]]] | None = None) -> str:
    """Every answer of the class, a row each (opens in any spreadsheet). ``extra``: more columns (their
    headings, and each learner's cells, repeated on each of their rows): with them, a learner without
    answers has a row too, so that their cells show (the work a teacher set, :mod:`.assignments`)."""
    heads, cells = extra if extra is not None else ((), {})
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(csv_headers(CSV_FIELDS) + [_cell(h) for h in heads])
    for lr in learners:
        more = cells.get(lr.code, [""] * len(heads))
        if extra is not None and not lr.attempts:
            w.writerow([_cell(lr.nickname), lr.code, 0] + [""] * (len(CSV_FIELDS) - 3) + more)
        for i, a in enumerate(lr.attempts, start=1):
            w.writerow([_cell(lr.nickname), lr.code, i, a.kind, a.stage, a.level, a.correct, a.seconds, a.code,
                        a.mistake or "", a.hinted, a.review] + more)
    return out.getvalue()


LEARNER_CSV_FIELDS = ("number", "kind", "stage", "level", "correct", "seconds", "code", "mistake", "hinted", "review",
                      "origin", "at")


def learner_csv(progress: Progress) -> str:
    """Every answer of one learner, a row each numbered from 1, with the headers in the reader's language (the
    download on My progress)."""
    out = io.StringIO()
    csv.writer(out).writerow(csv_headers(LEARNER_CSV_FIELDS))
    w = csv.DictWriter(out, fieldnames=LEARNER_CSV_FIELDS, extrasaction="ignore")  # what else a row keeps stays out
    for i, a in enumerate(progress.attempts, start=1):
        w.writerow({"number": i, **a.to_row()})
    return out.getvalue()


def _cell(text: str) -> str:
    """A spreadsheet never runs a cell as a formula: a leading ``= + - @`` is quoted."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


@dataclass(frozen=True)
class Bar:
    """One bar of a live round's answer chart."""

    answer: str
    count: int
    correct: bool
    label: str
    """What the projector writes under the bar: the answer, and the mistake it shows."""


def answer_bars(answers: Iterable[tuple[str, bool, str | None, int]]) -> list[Bar]:
    """A live round's answers as bars: the right answer first, then the wrong ones, most given first.
    Each wrong bar is named by its mistake; no child is named."""
    merged: dict[tuple[str, bool], list[Any]] = {}
    for text, correct, mistake, count in answers:
        entry = merged.setdefault((text, bool(correct)), [0, mistake])
        entry[0] += count
    bars = []
    for (text, correct), (count, mistake) in merged.items():
        name = class_answer(correct, mistake_name(mistake))
        bars.append(Bar(text, count, correct, f"{text}<br>{name}"))
    return sorted(bars, key=lambda b: (not b.correct, -b.count, b.answer))


def kind_title(kind: str) -> str:
    return KIND_TITLES.get(kind, kind)


def class_login(code: object, key: object) -> tuple[str, str] | None:
    """A class code and teacher key as a teacher typed them (or an old link or the browser kept them),
    ready for the store's check: the code in its one written form (any case, spaces or dashes) and
    the key without spaces around it. ``None`` if either cannot be right (junk, an empty box).

    >>> class_login("rqx 79t rfe", "  s3cret ")
    ('RQX-79T-RFE', 's3cret')
    >>> class_login("banana", "s3cret") is None and class_login("RQX-79T-RFE", "  ") is None
    True
    """
    canonical = normalise_class(code)
    secret = key.strip() if isinstance(key, str) else ""
    if canonical is None or not secret:
        return None
    return canonical, secret
