"""The class's side of the work a teacher sets: each child's standing on each piece of work (for the grid
on My class and the CSV), and each piece of work and standing in words.

Pure Python: the teacher's page and the child's Practice page only draw these. A standing is read from the
child's answers each time (:func:`trainer.learning.assignment.standing`); nothing here ranks children.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from puzzles import KINDS, all_kinds, trap_words
from puzzles.stages import STAGE_LABELS
from trainer.classroom.report import LearnerRecord, parked_lately
from trainer.learning.assignment import Assignment, Standing, Status, Work, standing
from trainer.learning.sprint import SprintAnswer, day_of
from trainer.words import Said
from trainer.words import assignments as words

SHORT_KINDS = Said({k.id: k.short_title for k in all_kinds()})
"""Each kind's short name (:attr:`puzzles.Kind.short_title`), said in the reader's language."""


@dataclass(frozen=True)
class WorkRow:
    """One piece of work with every child's standing on it (``None``: not for that child)."""

    work: Assignment
    standings: dict[str, Standing | None]
    """Learner code → standing, in the order of the class's learners."""

    def count(self, status: Status) -> int:
        return sum(1 for s in self.standings.values() if s is not None and s.status is status)


def class_work(works: Sequence[Assignment], learners: Sequence[LearnerRecord],
               sprint: Mapping[str, Sequence[SprintAnswer]], now: float) -> list[WorkRow]:
    """Every child's standing on every piece of work (``sprint``: each learner's Sprint answers, by code)."""
    parked = {lr.code: _parked(lr, works) for lr in learners}
    return [WorkRow(w, {lr.code: (standing(w, lr.attempts, sprint.get(lr.code, ()), parked=parked[lr.code], now=now)
                                  if w.is_for(lr.code) else None) for lr in learners})
            for w in works]


def _parked(lr: LearnerRecord, works: Sequence[Assignment]) -> frozenset[str]:
    """The traps the coach moved on from on the child's last day of practice, if that day is inside a piece of
    work's time (a fold over the answers: only worked out when it can matter)."""
    last = next((a.at for a in reversed(lr.attempts) if a.at is not None), None)
    if last is None or not any(w.in_window(last) and w.work is not Work.SPRINT for w in works):
        return frozenset()
    return parked_lately(lr.attempts)


def summary(work: Assignment) -> str:
    """A piece of work in a line: what and how much (``"10 puzzles · Muggins · Total, Best play"``)."""
    stage_names = ", ".join(STAGE_LABELS[s] for s in work.stages if s in STAGE_LABELS)
    if work.work is Work.SPRINT:
        return words.sprint_a_day()
    if work.work is Work.TRAP and work.trap is not None:
        return words.trap_summary(work.count, trap_words(work.trap), stage_names)
    kinds = [k for k in KINDS if k in work.kinds]
    kind_names = ", ".join(SHORT_KINDS[k] for k in kinds) if kinds else words.every_kind()
    return words.puzzles_summary(work.count, stage_names, kind_names)


def for_whom(work: Assignment) -> str:
    return words.for_everyone() if work.learners is None else words.for_some(len(work.learners))


def state_words(work: Assignment, now: float) -> str:
    """What a teacher reads beside a piece of work: its due day, and whether it is closed or past due."""
    said = [words.due_on(work.due, day_of(now))]
    if work.closed:
        said.append(words.closed())
    elif day_of(now) > work.due:
        said.append(words.past_due())
    return " · ".join(said)


def status_words(st: Standing | None, work: Assignment | None = None) -> str:
    """A child's standing in words: done (and how many right), in progress (n of N), not started or stuck on a
    trap (finished or not: ``"done: 0 of 3 right · stuck on: rounds 2 past a five up"``)."""
    if st is None:
        return words.not_for_them()
    done = (words.status_done() if work is not None and work.work is Work.SPRINT
            else words.status_done_right(st.right, st.done))
    if st.status is Status.STUCK and st.stuck_on is not None:
        stuck = words.status_stuck(trap_words(st.stuck_on))
        return f"{done} · {stuck}" if st.finished else stuck
    if st.status is Status.DONE:
        return done
    if st.status is Status.IN_PROGRESS:
        return words.status_progress(st.done, st.total)
    return words.status_not_started()


def finished_words(work: Assignment, st: Standing) -> str:
    """What the child reads the moment they finish the work: what was done and how it went."""
    if work.work is Work.SPRINT or st.all_right:
        return words.finished_now(st.right, st.done)
    return words.finished_with_mistakes(st.right, st.done)


def all_done_words(work: Assignment, st: Standing) -> str:
    """The card's line for work the child has finished, until its due day."""
    if work.work is Work.SPRINT or st.all_right:
        return words.all_done(st.right, st.done)
    return words.all_done_with_mistakes(st.right, st.done)


def left_words(work: Assignment, st: Standing) -> str:
    """The child's countdown: ``"7 puzzles to go"``, or today's Sprint and the days done."""
    if work.work is Work.SPRINT:
        return f"{words.sprint_today(st.today)} · {words.sprint_days(st.done, st.total)}"
    return words.puzzles_to_go(st.left)


def csv_columns(rows: Sequence[WorkRow]) -> tuple[list[str], dict[str, list[str]]]:
    """The CSV's extra columns, a piece of work each: their headings, and each learner's cells."""
    heads = [words.csv_column(summary(r.work), words.day(r.work.due)) for r in rows]
    codes: list[str] = list(rows[0].standings) if rows else []
    return heads, {c: [status_words(r.standings.get(c), r.work) for r in rows] for c in codes}

