"""Outboxes: what a signed-in learner does (answers, Sprint answers, decisions in real games) waits
in ``pending`` until the progress store has it. While the database is away it stays there and is
written later, in order and once each (every item carries a uid the store skips when it has it), so
nothing done during an outage is lost. Pure Python: the store comes from a function given to it."""

from __future__ import annotations

import logging
import time
import uuid
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from trainer.learning.progress import Attempt
from trainer.learning.sprint import SprintAnswer
from trainer.learning.transfer import Decision

log = logging.getLogger("fives_trainer")
T = TypeVar("T")
RETRY_SECONDS = 3.0
"""How often what waits in an outbox is tried again while the store is away."""


class Gone(Exception):
    """What an outbox writes to no longer knows its learner (their teacher removed them): what waits is
    kept, never written. The store's :class:`~trainer.store.LearnerGone` is one."""


@dataclass
class Outbox(ABC, Generic[T]):
    """One learner's outbox; a subclass says how its items are written (:meth:`write`)."""

    code: str
    store: Callable[[], Any]
    """Gives the progress store (or ``None`` when it cannot be opened)."""
    pending: list[T] = field(default_factory=list)
    failed: int = 0
    """How many times writing has failed (the page says so once per outage)."""
    gone: bool = False
    """The store no longer knows this learner (their teacher removed them)."""
    tried: float = 0.0
    clock: Callable[[], float] = time.monotonic
    what: ClassVar[str] = "items"
    """What waits, for the log."""

    def __call__(self, item: T) -> None:
        self.pending.append(item)
        self.flush(force=True)

    @abstractmethod
    def write(self, store: Any, items: list[T]) -> None:
        """Keep ``items`` in ``store`` in one go (an item it has already is skipped)."""

    def flush(self, *, force: bool = False) -> bool:
        """Write what is waiting; ``True`` once nothing is. Between failures it waits
        :data:`RETRY_SECONDS` unless ``force``d (a new item always tries at once)."""
        if not self.pending or self.gone:
            return not self.pending
        now = self.clock()
        if not force and now - self.tried < RETRY_SECONDS:
            return False
        self.tried = now
        try:
            s = self.store()
            if s is None:
                raise ConnectionError("the progress store cannot be opened")
            self.write(s, list(self.pending))
        except Gone:
            self.gone = True
            return False
        except Exception:
            log.warning("%s could not be saved yet; %d waiting", self.what, len(self.pending))
            self.failed += 1
            return False
        self.pending.clear()
        return True


@dataclass
class DecisionSaver(Outbox[Decision]):
    """The learner's decisions in real games (``Practice.on_decision``): a decision's uid names the game
    and the move, so one sent again is skipped."""

    what: ClassVar[str] = "decisions"

    def write(self, store: Any, items: list[Decision]) -> None:
        store.record_decisions(self.code, items)


@dataclass
class AnswerSaver(Outbox[tuple[str, Attempt]]):
    """Keeps each answer in the store as it is given (``Practice.on_attempt``): an outbox
    (:class:`trainer.learning.outbox.Outbox`) of answers, each with its id, also kept in the browser's own
    storage (:func:`trainer.web.device.outbox_on_device`) so a reload during an outage loses none of them."""

    what: ClassVar[str] = "answers"

    def __call__(self, attempt: Attempt) -> None:  # type: ignore[override]
        super().__call__((uuid.uuid4().hex, attempt))

    def write(self, s: Any, items: list[tuple[str, Attempt]]) -> None:
        s.record_many(self.code, [a for _, a in items], uids=[u for u, _ in items])

    def adopt(self, items: list[tuple[str, Attempt]]) -> int:
        """Take answers an earlier session left waiting (a reload during an outage); returns how many
        were new here."""
        known = {u for u, _ in self.pending}
        new = [(u, a) for u, a in items if u not in known]
        self.pending.extend(new)
        return len(new)


@dataclass
class FactSaver(Outbox[tuple[str, SprintAnswer]]):
    """Keeps each Fives Sprint answer in the store as it is given (``Practice.on_fact``), each with its id."""

    what: ClassVar[str] = "sprint answers"

    def __call__(self, answer: SprintAnswer) -> None:  # type: ignore[override]
        super().__call__((uuid.uuid4().hex, answer))

    def write(self, s: Any, items: list[tuple[str, SprintAnswer]]) -> None:
        s.record_sprint(self.code, [a for _, a in items], uids=[u for u, _ in items])

