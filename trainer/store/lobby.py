"""The store's side of a live lesson's lobby and countdown: the teacher starts the lesson once the
children are in, chooses a time for each puzzle (kept with the class's lesson, so every app process
reads the same deadline) and whether the projector chimes when it ends; the projector lists who has
joined, in the order they came."""

from __future__ import annotations

from sqlalchemy import Connection, and_, select, update

from trainer.store.base import StoreBase, _calm
from trainer.store.schema import learners, lesson_members, lessons, live_answers
from trainer.store.values import Countdown, Learner, LessonState

LATE_GRACE = 1.0
"""Seconds after a deadline an answer still counts: one sent as the ring empties takes a moment to
arrive. Later than that, :meth:`trainer.store.Store.live_answer` refuses it."""


class LobbyStore(StoreBase):
    """The lobby's part of :class:`trainer.store.Store`."""

    def _teacher(self, class_code: object, teacher_key: object) -> str:  # pragma: no cover - the Store's own
        raise NotImplementedError

    def _my_lesson(self, learner_code: str) -> tuple[Learner, LessonState] | None:  # pragma: no cover - the Store's
        raise NotImplementedError

    def _set_open(self, class_code: str, teacher_key: str, **values: object) -> bool:
        """Change the class's open lesson; ``False`` when it has none."""
        code = self._teacher(class_code, teacher_key)
        with self._tx() as conn:
            done = conn.execute(update(lessons).where(and_(lessons.c.class_code == code, lessons.c.open))
                                .values(**values)).rowcount
        return bool(done)

    @_calm
    def begin_lesson(self, class_code: str, teacher_key: str) -> bool:
        """The teacher pressed Start: the lesson leaves its lobby (the projector then shows its first
        puzzle). ``False`` when the class has no open lesson."""
        return self._set_open(class_code, teacher_key, begun=True)

    @_calm
    def set_countdown(self, class_code: str, teacher_key: str, seconds: int) -> bool:
        """The time each puzzle gives from the next one shown (a :class:`Countdown`, 0: none; any other
        number is a ``ValueError``). The puzzle on screen keeps its own."""
        return self._set_open(class_code, teacher_key, countdown=int(Countdown(seconds)))

    @_calm
    def set_sound(self, class_code: str, teacher_key: str, on: bool) -> bool:
        """Whether the projector chimes when a puzzle's time ends."""
        return self._set_open(class_code, teacher_key, sound=bool(on))

    @_calm
    def lesson_nicknames(self, class_code: str, teacher_key: str) -> list[str]:
        """The nicknames of the children in the class's open lesson, in the order they joined (for the
        lobby on the projector; the teacher's key is needed, as for the class's report)."""
        code = self._teacher(class_code, teacher_key)
        with self._read() as conn:
            lesson = conn.execute(select(lessons.c.lesson).where(and_(lessons.c.class_code == code,
                                                                      lessons.c.open))).scalar()
            if lesson is None:
                return []
            rows = conn.execute(
                select(learners.c.nickname)
                .join(lesson_members, lesson_members.c.learner_code == learners.c.code)
                .where(and_(lesson_members.c.class_code == code, lesson_members.c.lesson == lesson))
                .order_by(lesson_members.c.joined, learners.c.nickname)).all()
        return [r.nickname for r in rows]

    @_calm
    def saw_puzzle(self, learner_code: str, round_no: int) -> float | None:
        """A child's device shows the live round ``round_no``: its time starts now (the first time it says so
        for that round). Returns this child's own end of time (``None``: no countdown, or no such round)."""
        found = self._my_lesson(learner_code)
        if found is None:
            return None
        me, state = found
        if state.round != round_no or round_no < 1:
            return None
        now = self.clock()
        where = and_(lesson_members.c.class_code == me.class_code, lesson_members.c.lesson == state.lesson,
                     lesson_members.c.learner_code == me.code)
        with self._tx() as conn:
            member = conn.execute(select(lesson_members.c.seen_round, lesson_members.c.seen_at).where(where)).first()
            if member is None:
                return state.deadline_for(None)
            if member.seen_round == round_no and member.seen_at is not None:
                return state.deadline_for(member.seen_at)
            conn.execute(update(lesson_members).where(where).values(seen_round=round_no, seen_at=now))
        return state.deadline_for(now)


def last_end(conn: Connection, class_code: str, state: LessonState) -> float:
    """When the last child's time for the round on screen ends: each device's counts from its own screen;
    one that has not shown the puzzle yet, and has not answered, may still take the whole allowance."""
    members = conn.execute(
        select(lesson_members.c.seen_round, lesson_members.c.seen_at, live_answers.c.id)
        .select_from(lesson_members.outerjoin(live_answers, and_(
            live_answers.c.class_code == lesson_members.c.class_code,
            live_answers.c.lesson == lesson_members.c.lesson, live_answers.c.round == state.round,
            live_answers.c.learner_code == lesson_members.c.learner_code)))
        .where(and_(lesson_members.c.class_code == class_code, lesson_members.c.lesson == state.lesson))).all()
    ends = [state.deadline_for(m.seen_at if m.seen_round == state.round else None) for m in members if m.id is None]
    return max([state.deadline or 0.0, *(e for e in ends if e is not None)])
