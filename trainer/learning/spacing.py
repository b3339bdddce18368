"""Spacing from FSRS: when an item (a number fact, a mastered puzzle kind) should come back, and how
likely the child is to recall it now.

FSRS (the Free Spaced Repetition Scheduler, the algorithm under Anki's scheduler) models each item's
memory by two numbers: its *stability* (the days until recall drops to 90%) and its *difficulty*;
each review updates both, and the *retrievability* — the chance of recall now — falls along a
forgetting curve as the days pass. We use py-fsrs (open-spaced-repetition/py-fsrs) for all of it:
:class:`Memory` is a fold of a learner's reviews into one py-fsrs ``Card`` per item, through one
``Scheduler`` with fuzzing off, so the same answers always give the same schedule; it is rebuilt
from the stored answers (their times are epoch seconds, read as UTC), never stored itself.

An answer becomes a rating (:func:`rating`): wrong is *Again*; right but slower than the time bar is
*Hard* (the child got there, but by working it out rather than recalling it); right within the time
bar is *Good*. *Easy* is never given: a quick right answer is what every fact aims for, and an answer
says nothing more than that (FSRS's Easy bonus is for a card the learner marks as too easy).

>>> DAY = 86400.0
>>> memory = Memory(desired_retention=0.9)
>>> memory.review("make10:3", correct=True, fluent=True, at=0.0)
>>> memory.seen("make10:3"), memory.seen("make10:4")
(True, False)
>>> memory.retrievability("make10:3", 0.0)
1.0
>>> memory.due("make10:3", 1 * DAY), memory.due("make10:3", 3 * DAY)
(False, True)
>>> round(memory.retrievability("make10:3", 20 * DAY), 2)
0.71

A low desired retention lets FSRS wait days after a wrong answer; ``again_hours`` brings it back sooner:

>>> low = Memory(desired_retention=0.7, again_hours=12)
>>> low.review("make10:3", correct=False, fluent=False, at=0.0)
>>> low.due("make10:3", 0.4 * DAY), low.due("make10:3", 0.6 * DAY)
(False, True)
>>> Memory(desired_retention=0.7).due("make10:3", 0.6 * DAY)  # never reviewed: new, not due
False
"""

from __future__ import annotations

import datetime as dt
import zlib
from dataclasses import dataclass, field

from fsrs import Card, Rating, Scheduler

DEFAULT_RETENTION = 0.9
"""py-fsrs's own default desired retention."""


def rating(correct: bool, fluent: bool) -> Rating:
    """The FSRS rating of an answer: wrong → Again, right but slow → Hard, right within the bar → Good."""
    if not correct:
        return Rating.Again
    return Rating.Good if fluent else Rating.Hard


def moment(at: float) -> dt.datetime:
    """An answer's time (epoch seconds) as the timezone-aware UTC datetime py-fsrs wants."""
    return dt.datetime.fromtimestamp(at, tz=dt.UTC)


def card_id(item: str) -> int:
    """A card's id from its item's id: stable across processes (py-fsrs's default is the clock's)."""
    return zlib.crc32(item.encode("utf-8"))


def scheduler(desired_retention: float = DEFAULT_RETENTION, learning_minutes: tuple[float, ...] = ()) -> Scheduler:
    """The py-fsrs scheduler every :class:`Memory` reviews with: default FSRS-6 parameters, fuzzing
    off (the same answers always give the same days), the learning steps given (in minutes)."""
    return Scheduler(desired_retention=desired_retention, enable_fuzzing=False,
                     learning_steps=tuple(dt.timedelta(minutes=m) for m in learning_minutes))


@dataclass
class Memory:
    """Every item's py-fsrs card, folded from its reviews in order (a pure function of them)."""

    desired_retention: float = DEFAULT_RETENTION
    """The chance of recall an item is let fall to before it is due again (py-fsrs's, 0.9 by default)."""
    learning_minutes: tuple[float, ...] = ()
    """py-fsrs's learning steps, in minutes: how soon a new item comes back before its first gap in days."""
    again_hours: float | None = None
    """An item answered wrong is due again this many hours later at the latest, whatever FSRS's gap after
    *Again* (which grows as the desired retention falls: 1 day at 0.85, 2–3 at 0.7). ``None``: FSRS's gap."""
    cards: dict[str, Card] = field(default_factory=dict, repr=False)
    """Each reviewed item's card, by item id."""
    wrong_at: dict[str, float] = field(default_factory=dict, repr=False)
    """The items whose last answer was wrong, and when (epoch seconds)."""

    def __post_init__(self) -> None:
        self._scheduler = scheduler(self.desired_retention, self.learning_minutes)

    @property
    def scheduler(self) -> Scheduler:
        return self._scheduler

    def review(self, item: str, correct: bool, fluent: bool, at: float) -> None:
        """Fold one answer about ``item`` (at ``at``, epoch seconds) into its card."""
        when = moment(at)
        card = self.cards.get(item)
        if card is None:
            card = Card(card_id=card_id(item), due=when)
        elif card.last_review is not None and when < card.last_review:
            when = card.last_review  # answers kept out of order (a clock set back): never before the last
            at = when.timestamp()
        self.cards[item], _ = self._scheduler.review_card(card, rating(correct, fluent), review_datetime=when)
        if correct:
            self.wrong_at.pop(item, None)
        else:
            self.wrong_at[item] = at

    def seen(self, item: str) -> bool:
        """Whether ``item`` was ever reviewed."""
        return item in self.cards

    def due(self, item: str, now: float) -> bool:
        """Whether a reviewed item's next review has come (an item never reviewed is new, not due)."""
        card = self.cards.get(item)
        if card is None:
            return False
        wrong = self.wrong_at.get(item)
        if wrong is not None and self.again_hours is not None and now >= wrong + self.again_hours * 3600:
            return True
        return card.due <= moment(now)

    def retrievability(self, item: str, now: float) -> float:
        """The chance the child recalls ``item`` now, by FSRS's forgetting curve (0 for an item never seen)."""
        card = self.cards.get(item)
        if card is None:
            return 0.0
        return float(self._scheduler.get_card_retrievability(card, moment(now)))

    def card(self, item: str) -> Card | None:
        """The item's py-fsrs card (``None`` if never reviewed)."""
        return self.cards.get(item)
