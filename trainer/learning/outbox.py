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
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from trainer.learning.choice import StageChoice
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

    @abstractmethod
    def uid(self, item: T) -> str:
        """The id that names ``item`` everywhere it is kept (the store skips one it has)."""

    @abstractmethod
    def to_device(self, item: T) -> list[object]:
        """``item`` as the browser keeps it: ``[uid, row]`` (see :meth:`from_device`)."""

    @abstractmethod
    def from_device(self, kept: object) -> T | None:
        """An item the browser kept, checked field by field; ``None`` if anything is off."""

    def adopt(self, items: list[T]) -> list[T]:
        """Take items an earlier session left waiting (a reload during an outage); returns those that
        were new here."""
        known = {self.uid(i) for i in self.pending}
        new = [i for i in items if self.uid(i) not in known]
        self.pending.extend(new)
        return new

    def kept_on_device(self) -> list[list[object]]:
        """What waits, as the browser keeps it."""
        return [self.to_device(i) for i in self.pending]

    def read_from_device(self, kept: object) -> list[T]:
        """The items a browser kept (:meth:`kept_on_device`); anything malformed is left out."""
        found = [self.from_device(k) for k in kept] if isinstance(kept, list) else []
        return [i for i in found if i is not None]

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

    def uid(self, item: Decision) -> str:
        return item.uid

    def to_device(self, item: Decision) -> list[object]:
        return [item.uid, item.to_row()]

    def from_device(self, kept: object) -> Decision | None:
        if not (isinstance(kept, list) and len(kept) == 2 and _is_uid(kept[0], longest=80)):
            return None
        try:
            found = Decision.from_row(kept[1])
        except (ValueError, TypeError):
            return None
        return found if found.uid == kept[0] else None


def _is_uid(value: object, *, longest: int = 40) -> bool:
    return isinstance(value, str) and 8 <= len(value) <= longest


class _Rowed(Protocol):
    def to_row(self) -> dict[str, object]: ...


R = TypeVar("R", bound=_Rowed)


@dataclass
class _IdSaver(Outbox[tuple[str, R]]):
    """An outbox whose values get a fresh id as they are given, kept in the browser as ``[id, row]``."""

    def __call__(self, value: R) -> None:  # type: ignore[override]
        super().__call__((uuid.uuid4().hex, value))

    @abstractmethod
    def read(self, row: object) -> R:
        """A value from its row (its ``from_row``)."""

    def uid(self, item: tuple[str, R]) -> str:
        return item[0]

    def to_device(self, item: tuple[str, R]) -> list[object]:
        return [item[0], item[1].to_row()]

    def from_device(self, kept: object) -> tuple[str, R] | None:
        if not (isinstance(kept, list) and len(kept) == 2 and _is_uid(kept[0])):
            return None
        try:
            return kept[0], self.read(kept[1])
        except (ValueError, TypeError):
            return None


@dataclass
class AnswerSaver(_IdSaver[Attempt]):
    """Keeps each answer in the store as it is given (``Practice.on_attempt``): an outbox
    (:class:`trainer.learning.outbox.Outbox`) of answers, each with its id, also kept in the browser's own
    storage (:func:`trainer.web.device.outbox_on_device`) so a reload during an outage loses none of them."""

    what: ClassVar[str] = "answers"

    def write(self, s: Any, items: list[tuple[str, Attempt]]) -> None:
        s.record_many(self.code, [a for _, a in items], uids=[u for u, _ in items])

    def read(self, row: object) -> Attempt:
        return Attempt.from_row(row)


@dataclass
class FactSaver(_IdSaver[SprintAnswer]):
    """Keeps each Fives Sprint answer in the store as it is given (``Practice.on_fact``), each with its id."""

    what: ClassVar[str] = "sprint answers"

    def write(self, s: Any, items: list[tuple[str, SprintAnswer]]) -> None:
        s.record_sprint(self.code, [a for _, a in items], uids=[u for u, _ in items])

    def read(self, row: object) -> SprintAnswer:
        return SprintAnswer.from_row(row)


@dataclass
class ChoiceSaver(Outbox[StageChoice]):
    """Keeps each stage chosen by hand for the coach (``Practice.on_choice``); while the store is away the
    choices wait here, in order (a choice names itself by its stage and time)."""

    what: ClassVar[str] = "stage choices"

    def write(self, s: Any, items: list[StageChoice]) -> None:
        s.record_stage_choices(self.code, items)

    def uid(self, item: StageChoice) -> str:
        return f"{item.stage}@{item.at!r}"

    def to_device(self, item: StageChoice) -> list[object]:
        return [self.uid(item), item.to_row()]

    def from_device(self, kept: object) -> StageChoice | None:
        if not (isinstance(kept, list) and len(kept) == 2):
            return None
        try:
            return StageChoice.from_row(kept[1])
        except (ValueError, TypeError):
            return None
