"""The store's side of the placement check: what a learner's check showed, kept once under their code (see
:mod:`trainer.learning.placement`), so a reload or another device finds them placed and never offers it again."""

from __future__ import annotations

from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from trainer.learning.placement import Placement
from trainer.store import codes
from trainer.store.base import StoreBase, _calm
from trainer.store.errors import LearnerGone
from trainer.store.schema import learners, placements


class PlacementStore(StoreBase):
    """One placement per learner: the first one kept stands."""

    @_calm
    def record_placement(self, learner_code: str, placement: Placement) -> Placement:
        """Keep a learner's placement; returns the one kept (an earlier one, from another device, stands).
        :class:`LearnerGone` when the learner code is no longer in use."""
        kept = self.placement(learner_code)
        if kept is not None:
            return kept
        try:
            with self._tx() as conn:
                if conn.execute(select(learners.c.code).where(learners.c.code == learner_code)).first() is None:
                    raise LearnerGone()
                conn.execute(insert(placements).values(learner_code=learner_code, **placement.to_row()))
        except IntegrityError:  # two devices at once: the other one's stands
            pass
        return self.placement(learner_code) or placement

    @_calm
    def placement(self, learner_code: str) -> Placement | None:
        """A learner's placement, or None when they have not taken (or skipped) the check."""
        code = codes.normalise(learner_code)
        if code is None:
            return None
        with self._read() as conn:
            row = conn.execute(select(placements).where(placements.c.learner_code == code)).first()
        return None if row is None else Placement.from_row(row)
