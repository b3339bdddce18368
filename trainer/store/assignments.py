"""The store's side of the work a teacher sets (:mod:`trainer.learning.assignment`): setting it, reading
a class's and a child's, closing and deleting it. Progress is not kept here: it is read from the stored
answers each time."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, Row, and_, delete, func, insert, select, update

from puzzles import Stage
from trainer.learning.assignment import Assignment, Problem, Work, check
from trainer.learning.sprint import day_of
from trainer.store import codes
from trainer.store.base import StoreBase, _calm
from trainer.store.errors import StoreError
from trainer.store.schema import ASSIGNMENT_TABLES, assignment_learners, assignments, learners
from trainer.words.assignments import problem as problem_words


class AssignmentProblem(StoreError):
    """The work cannot be set (or found) as asked: ``problem`` says why, in words when shown."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(problem.value)

    def __str__(self) -> str:
        return problem_words(self.problem.value)


class AssignmentStore(StoreBase):
    """The teacher's work for the class. Every teacher-side method needs the class's teacher key."""

    @_calm
    def set_assignment(self, class_code: str, teacher_key: str, work: Work, *, stages: Sequence[str] = (),
                       kinds: Sequence[str] = (), trap: str | None = None, count: int = 0,
                       due: dt.date, learners_chosen: Sequence[str] | None = None) -> Assignment:
        """Set a piece of work for the whole class (``learners_chosen=None``) or some of its children.
        :class:`AssignmentProblem` for work that cannot be set (see :func:`trainer.learning.assignment.check`),
        or a chosen child no longer in the class."""
        code = self._teacher(class_code, teacher_key)  # type: ignore[attr-defined]
        now = self.clock()
        chosen = tuple(sorted(set(learners_chosen))) if learners_chosen is not None else None
        work = Work(work)
        if work is Work.SPRINT:
            stages, kinds, trap, count = (), (), None, 0
        elif work is Work.PUZZLES:
            trap = None
        found = check(work, stages, kinds, trap, count, due, day_of(now), everyone=chosen is None, chosen=chosen or ())
        if found is not None:
            raise AssignmentProblem(found)
        with self._tx() as conn:
            if chosen is not None and self._members(conn, code, chosen) != set(chosen):
                raise AssignmentProblem(Problem.CHILD_GONE)
            made = conn.execute(insert(assignments).values(
                class_code=code, work=work.value, stages=",".join(stages), kinds=",".join(kinds), trap=trap,
                count=int(count), due=due, set_at=now, everyone=chosen is None, closed_at=None,
            )).inserted_primary_key
            assert made is not None
            new_id = int(made[0])
            if chosen:
                conn.execute(insert(assignment_learners),
                             [{"assignment_id": new_id, "learner_code": c} for c in chosen])
        return Assignment(new_id, code, work, tuple(Stage(s) for s in stages), tuple(kinds), trap, int(count), due,
                          now, chosen)

    @staticmethod
    def _members(conn: Connection, class_code: str, chosen: Sequence[str]) -> set[str]:
        return set(conn.execute(select(learners.c.code).where(and_(learners.c.class_code == class_code,
                                                                   learners.c.code.in_(set(chosen))))).scalars())

    @_calm
    def class_assignments(self, class_code: str, teacher_key: str) -> list[Assignment]:
        """Every piece of work set for the class (open and closed), the newest first."""
        code = self._teacher(class_code, teacher_key)  # type: ignore[attr-defined]
        return self._of_class(code)

    def _of_class(self, code: str) -> list[Assignment]:
        with self._read() as conn:
            rows = conn.execute(select(assignments).where(assignments.c.class_code == code)
                                .order_by(assignments.c.id.desc())).all()
            chosen = conn.execute(select(assignment_learners.c.assignment_id, assignment_learners.c.learner_code)
                                  .join(assignments, assignments.c.id == assignment_learners.c.assignment_id)
                                  .where(assignments.c.class_code == code)).all()
        by_work: dict[int, list[str]] = {}
        for work_id, learner in chosen:
            by_work.setdefault(work_id, []).append(learner)
        return [_assignment(r, by_work.get(r.id, [])) for r in rows]

    @_calm
    def assignments_for(self, learner_code: object) -> list[Assignment]:
        """The work the learner's class set that is for them and not closed, the soonest due first
        (none for a learner without a class, or a code that names nobody)."""
        code = codes.normalise(learner_code)
        if code is None:
            return []
        with self._read() as conn:
            class_code = conn.execute(select(learners.c.class_code).where(learners.c.code == code)).scalar()
        if class_code is None:
            return []
        mine = [a for a in self._of_class(class_code) if not a.closed and a.is_for(code)]
        return sorted(mine, key=lambda a: (a.due, a.id))

    @_calm
    def close_assignment(self, class_code: str, teacher_key: str, assignment_id: int) -> None:
        """Children stop seeing the work; answers after now do not count. Closing it again changes nothing."""
        code = self._teacher(class_code, teacher_key)  # type: ignore[attr-defined]
        with self._tx() as conn:
            done = conn.execute(update(assignments).where(and_(
                assignments.c.id == assignment_id, assignments.c.class_code == code,
                assignments.c.closed_at.is_(None))).values(closed_at=self.clock())).rowcount
            if not done and not self._exists(conn, code, assignment_id):
                raise AssignmentProblem(Problem.NOT_FOUND)

    @_calm
    def delete_assignment(self, class_code: str, teacher_key: str, assignment_id: int) -> None:
        """The work and its list of children: gone (the children's answers stay theirs)."""
        code = self._teacher(class_code, teacher_key)  # type: ignore[attr-defined]
        with self._tx() as conn:
            if not self._exists(conn, code, assignment_id):
                raise AssignmentProblem(Problem.NOT_FOUND)
            conn.execute(delete(assignment_learners).where(assignment_learners.c.assignment_id == assignment_id))
            conn.execute(delete(assignments).where(assignments.c.id == assignment_id))

    @staticmethod
    def _exists(conn: Connection, code: str, assignment_id: int) -> bool:
        return conn.execute(select(assignments.c.id).where(and_(
            assignments.c.id == assignment_id, assignments.c.class_code == code))).first() is not None

    @staticmethod
    def _forget_class(conn: Connection, class_code: str) -> None:
        """Inside deleting a class: its work goes with it."""
        theirs = select(assignments.c.id).where(assignments.c.class_code == class_code).scalar_subquery()
        conn.execute(delete(assignment_learners).where(assignment_learners.c.assignment_id.in_(theirs)))
        conn.execute(delete(assignments).where(assignments.c.class_code == class_code))

    @staticmethod
    def _forget_learner(conn: Connection, learner_code: str) -> None:
        """Inside removing a child: they leave every list of children."""
        conn.execute(delete(assignment_learners).where(assignment_learners.c.learner_code == learner_code))

    @_calm
    def assignment_counts(self) -> dict[str, int]:
        """How many rows each table of set work holds (for checking that a deletion left nothing)."""
        with self._read() as conn:
            return {t.name: conn.execute(select(func.count()).select_from(t)).scalar_one() for t in ASSIGNMENT_TABLES}


def _assignment(row: Row[Any], chosen: list[str]) -> Assignment:
    due = row.due if isinstance(row.due, dt.date) else dt.date.fromisoformat(str(row.due))
    return Assignment(
        id=row.id, class_code=row.class_code, work=Work(row.work),
        stages=tuple(Stage(s) for s in _ids(row.stages)), kinds=_ids(row.kinds),
        trap=row.trap, count=row._mapping["count"], due=due, set_at=row.set_at,
        learners=None if row.everyone else tuple(sorted(chosen)), closed_at=row.closed_at)


def _ids(text: str) -> tuple[str, ...]:
    return tuple(t for t in text.split(",") if t)
