"""The store's side of the coach's stage chosen by hand (see :mod:`trainer.learning.choice`): each choice kept
under the learner's code, in order, so a reload or another device folds it in with the answers."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import insert, select

from trainer.learning.choice import StageChoice
from trainer.store import codes
from trainer.store.base import StoreBase, _calm
from trainer.store.errors import LearnerGone
from trainer.store.schema import learners, stage_choices


class ChoiceStore(StoreBase):
    """A learner's stage choices, in the order they were kept."""

    @_calm
    def record_stage_choices(self, learner_code: str, items: Sequence[StageChoice]) -> None:
        """Keep choices in one transaction, in order: committed when this returns. :class:`LearnerGone` when
        the learner code is no longer in use."""
        with self._tx() as conn:
            if conn.execute(select(learners.c.code).where(learners.c.code == learner_code)).first() is None:
                raise LearnerGone()
            for choice in items:
                conn.execute(insert(stage_choices).values(learner_code=learner_code, **choice.to_row()))

    @_calm
    def stage_choices(self, learner_code: str) -> list[StageChoice]:
        """A learner's stage choices, in the order they were kept."""
        code = codes.normalise(learner_code)
        if code is None:
            return []
        with self._read() as conn:
            rows = conn.execute(select(stage_choices).where(stage_choices.c.learner_code == code)
                                .order_by(stage_choices.c.id)).all()
        return [StageChoice.from_row(r) for r in rows]
