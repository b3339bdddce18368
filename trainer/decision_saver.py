"""The outbox of a signed-in learner's decisions in real games (``Practice.on_decision``), like the
answers' outbox (:class:`trainer.session.Saver`): each decision waits in ``pending`` until the store has
it. While the database is away they stay here and are written later, in order, once each (a decision's
uid names the game and the move, so one sent again is skipped)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from trainer.store import LearnerGone, StoreUnavailable
from trainer.transfer import Decision

log = logging.getLogger("fives_trainer")
RETRY_SECONDS = 3.0
"""How often decisions waiting in the outbox are tried again while the store is away."""


@dataclass
class DecisionSaver:
    code: str
    store: Callable[[], Any]
    """Gives the progress store (or ``None`` when it cannot be opened)."""
    pending: list[Decision] = field(default_factory=list)
    failed: int = 0
    gone: bool = False
    """The store no longer knows this learner."""
    tried: float = 0.0
    clock: Callable[[], float] = time.monotonic

    def __call__(self, decision: Decision) -> None:
        self.pending.append(decision)
        self.flush(force=True)

    def flush(self, *, force: bool = False) -> bool:
        """Write what is waiting; ``True`` once nothing is. Between failures it waits
        :data:`RETRY_SECONDS` unless ``force``d."""
        if not self.pending or self.gone:
            return not self.pending
        now = self.clock()
        if not force and now - self.tried < RETRY_SECONDS:
            return False
        self.tried = now
        try:
            s = self.store()
            if s is None:
                raise StoreUnavailable("no store")
            s.record_decisions(self.code, list(self.pending))
        except LearnerGone:
            self.gone = True
            return False
        except Exception:
            log.warning("decisions could not be saved yet; %d waiting", len(self.pending))
            self.failed += 1
            return False
        self.pending.clear()
        return True
