"""The store's side of transfer from real games: the learner's decisions on Play a hand, and when each
puzzle from a game was first practised (see :mod:`trainer.learning.transfer`)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import and_, func, select

from trainer.learning.states import ReviewMode
from trainer.learning.transfer import Decision
from trainer.store import codes
from trainer.store.base import StoreBase, _calm
from trainer.store.once import UID_LENGTH, fit, is_uid, write_once
from trainer.store.schema import attempts, decisions, learners


class DecisionStore(StoreBase):
    """Decisions, kept like the answers: one transaction, in order, once per uid."""

    @_calm
    def record_decisions(self, learner_code: str, items: Sequence[Decision]) -> None:
        """Keep decisions in one transaction, in order; a decision whose uid is already kept for the
        learner is skipped, so an outbox sent again after an outage keeps each once.
        :class:`LearnerGone` when the learner code is no longer in use."""
        items = list(items)
        if not all(is_uid(d.uid) for d in items):
            raise ValueError(f"a decision's uid is a string of 1 to {UID_LENGTH} characters")
        write_once(self._tx, learner_code, decisions, [fit(decisions, d.to_row()) for d in items])

    @_calm
    def record_decision(self, learner_code: str, decision: Decision) -> None:
        """:meth:`record_decisions` for one."""
        self.record_decisions(learner_code, [decision])

    @_calm
    def decisions(self, learner_code: str) -> list[Decision]:
        """A learner's decisions in the order they were made."""
        code = codes.normalise(learner_code)
        if code is None:
            return []
        with self._read() as conn:
            rows = conn.execute(select(decisions).where(decisions.c.learner_code == code)
                                .order_by(decisions.c.id)).all()
        return [Decision.from_row(r) for r in rows]

    @_calm
    def class_decisions(self, class_code: str, teacher_key: str) -> dict[str, list[Decision]]:
        """Every learner of the class (by learner code) with their decisions in order."""
        code = self._teacher(class_code, teacher_key)  # type: ignore[attr-defined]
        with self._read() as conn:
            rows = conn.execute(select(decisions).join(learners, learners.c.code == decisions.c.learner_code)
                                .where(learners.c.class_code == code).order_by(decisions.c.id)).all()
        out: dict[str, list[Decision]] = {}
        for r in rows:
            out.setdefault(r.learner_code, []).append(Decision.from_row(r))
        return out

    @_calm
    def game_puzzles_practised(self, learner_code: str) -> dict[str, float]:
        """Each puzzle from a game the learner has answered (its code) and when it was first answered."""
        code = codes.normalise(learner_code)
        if code is None:
            return {}
        with self._read() as conn:
            rows = conn.execute(select(attempts.c.code, func.min(attempts.c.at))
                                .where(and_(attempts.c.learner_code == code,
                                            attempts.c.review == ReviewMode.GAME.value))
                                .group_by(attempts.c.code)).all()
        return {r[0]: float(r[1]) for r in rows}
