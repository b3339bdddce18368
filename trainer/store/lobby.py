"""The store's side of a live lesson's lobby and countdown: the teacher starts the lesson once the
children are in, chooses a time for each puzzle (kept with the class's lesson, so every app process
reads the same deadline) and whether the projector chimes when it ends; the projector lists who has
joined, in the order they came."""

from __future__ import annotations

from sqlalchemy import and_, select, update

from trainer.store.base import StoreBase, _calm
from trainer.store.schema import learners, lesson_members, lessons
from trainer.store.values import Countdown

LATE_GRACE = 1.0
"""Seconds after a deadline an answer still counts: one sent as the ring empties takes a moment to
arrive. Later than that, :meth:`trainer.store.Store.live_answer` refuses it."""


class LobbyStore(StoreBase):
    """The lobby's part of :class:`trainer.store.Store`."""

    def _teacher(self, class_code: object, teacher_key: object) -> str:  # pragma: no cover - the Store's own
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
