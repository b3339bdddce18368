"""A piece of work a teacher sets (:class:`Assignment`), and how far a child is with it (:class:`Standing`).

Progress is never kept as a counter: it is read from the child's stored answers each time, so an answer
sent twice, kept on a device through an outage or given on another tablet counts once, and nothing is
lost. An answer counts when it was given between the moment the work was set and the end of its due day
(or its closing, if earlier), to a puzzle of the work's stages and kinds (for a trap: a puzzle that
exposes the trap). A Sprint a day counts the school days (Monday to Friday) from the day it was set to
the due day; each day with the Sprint's green light is one done (a weekend's green light makes up for a
missed weekday).

>>> import datetime as dt
>>> work = Assignment(1, "KQ7-MXR-4PD", Work.PUZZLES, ("muggins",), ("open-total",), None, 3,
...                   dt.date(2026, 11, 27), set_at=1_700_000_000.0)
>>> work.total
3
>>> mine = [Attempt("open-total", "muggins", 1, True, 4.0, at=1_700_000_100.0),
...         Attempt("best-play", "muggins", 1, True, 4.0, at=1_700_000_200.0),   # another kind
...         Attempt("open-total", "muggins", 1, True, 4.0, at=1_600_000_000.0)]  # before it was set
>>> standing(work, mine).done, standing(work, mine).status
(1, <Status.IN_PROGRESS: 'in progress'>)
"""

from __future__ import annotations

import datetime as dt
import enum
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from puzzles import KINDS, STAGES, TRAPS, Stage, mastery_traps
from trainer.learning.attempt import Attempt, attempt_traps
from trainer.learning.policy import DEFAULT_POLICY, Policy
from trainer.learning.sprint import SprintAnswer, day_of, green_light

MOST_PUZZLES = 200
"""The most puzzles one piece of work asks for."""
STUCK_AFTER = 3
"""Wrong answers on a trap, with no right one since, that make a child stuck on it (as My class's
"Who is stuck")."""
SCHOOL_DAYS = frozenset(range(5))
"""Monday to Friday (:meth:`datetime.date.weekday`): the days a Sprint a day asks for."""


class Work(enum.StrEnum):
    """What a piece of work asks for (its stored text is the value)."""

    PUZZLES = "puzzles"
    """A number of puzzles of some stages and kinds."""
    TRAP = "trap"
    """A number of puzzles that expose one trap (at some stages)."""
    SPRINT = "sprint"
    """The Fives Sprint's green light every school day until the due day."""


class Status(enum.StrEnum):
    """Where a child stands with a piece of work."""

    DONE = "done"
    IN_PROGRESS = "in progress"
    NOT_STARTED = "not started"
    STUCK = "stuck"
    """Stuck on a trap among its puzzles (see :func:`standing`), finished or not: the teacher is to look."""


class Problem(enum.StrEnum):
    """Why a piece of work cannot be set as the teacher filled it in (:func:`check`)."""

    NO_STAGE = "no-stage"
    UNKNOWN = "unknown"
    """A stage or kind the trainer does not know (an old page, a hand-made request)."""
    NO_TRAP = "no-trap"
    TRAP_NOT_AT_STAGE = "trap-not-at-stage"
    TOO_FEW = "too-few"
    TOO_MANY = "too-many"
    PAST_DUE = "past-due"
    NO_CHILDREN = "no-children"
    CHILD_GONE = "child-gone"
    """A chosen child is no longer in the class (the store says this one)."""
    NOT_FOUND = "not-found"
    """The work was deleted meanwhile (the store says this one too)."""


@dataclass(frozen=True)
class Assignment:
    """One piece of work a teacher set for their class or some of its children."""

    id: int
    class_code: str
    work: Work
    stages: tuple[Stage, ...]
    """The stages its puzzles are at (none for a Sprint a day)."""
    kinds: tuple[str, ...]
    """The kinds of puzzle it asks for; none: every kind (for a trap: every kind that can expose it)."""
    trap: str | None
    """The trap to work on (:attr:`Work.TRAP` only)."""
    count: int
    """How many puzzles (0 for a Sprint a day: see :attr:`total`)."""
    due: dt.date
    set_at: float
    """When it was set (epoch seconds): answers before it never count."""
    learners: tuple[str, ...] | None = None
    """The learner codes it is for; ``None``: the whole class (children who join later too)."""
    closed_at: float | None = None
    """When the teacher closed it (children no longer see it; answers after it do not count)."""

    def is_for(self, learner_code: str) -> bool:
        return self.learners is None or learner_code in self.learners

    @property
    def closed(self) -> bool:
        return self.closed_at is not None

    def is_open(self, now: float) -> bool:
        """Children see it: not closed, and its due day has not passed."""
        return not self.closed and day_of(now) <= self.due

    @property
    def ends(self) -> float:
        """When answers stop counting: the end of the due day (UTC, as :func:`day_of`), or its closing."""
        after_due = dt.datetime.combine(self.due + dt.timedelta(days=1), dt.time(), tzinfo=dt.UTC).timestamp()
        return after_due if self.closed_at is None else min(after_due, self.closed_at)

    @property
    def total(self) -> int:
        """How much there is to do: its puzzles, or the school days of a Sprint a day (at least one)."""
        if self.work is Work.SPRINT:
            return school_days(day_of(self.set_at), self.due)
        return self.count

    def in_window(self, at: float | None) -> bool:
        """Whether something done at ``at`` is inside the work's time (never an answer without a time)."""
        return at is not None and self.set_at <= at < self.ends

    def counts(self, a: Attempt) -> bool:
        """Whether an answer is one of this work's puzzles."""
        if self.work is Work.SPRINT or not self.in_window(a.at) or a.stage not in self.stages:
            return False
        if self.kinds and a.kind not in self.kinds:
            return False
        return self.work is Work.PUZZLES or self.trap in attempt_traps(a)

    @property
    def choices(self) -> tuple[tuple[str, Stage], ...]:
        """Every (kind, stage) its puzzles may be (for a trap: those that can expose it)."""
        kinds = self.kinds or KINDS
        if self.work is Work.TRAP:
            return tuple((k, s) for s in self.stages for k in kinds if self.trap in mastery_traps(k, s))
        return tuple((k, s) for s in self.stages for k in kinds)


def school_days(first: dt.date, last: dt.date) -> int:
    """The school days from ``first`` to ``last`` (both counted), at least one.

    >>> school_days(dt.date(2026, 11, 23), dt.date(2026, 11, 27))   # Monday to Friday
    5
    >>> school_days(dt.date(2026, 11, 28), dt.date(2026, 11, 29))   # a weekend
    1
    """
    days = (last - first).days + 1
    return max(1, sum((first + dt.timedelta(days=i)).weekday() in SCHOOL_DAYS for i in range(max(0, days))))


@dataclass(frozen=True)
class Standing:
    """How far one child is with one piece of work."""

    done: int
    """Puzzles answered for it (or green-light days); never more than :attr:`total`."""
    total: int
    status: Status
    stuck_on: str | None = None
    """The trap the child is stuck on (:attr:`Status.STUCK`), else None."""
    today: bool = False
    """A Sprint a day: today's green light is earned."""
    right: int = 0
    """How many of the :attr:`done` puzzles were answered right (a Sprint a day: the days done). Finishing
    is not succeeding: the child and the teacher are told both."""

    @property
    def left(self) -> int:
        return self.total - self.done

    @property
    def finished(self) -> bool:
        """Everything asked for is done (right or wrong): the work leaves the child's practice."""
        return self.done >= self.total

    @property
    def all_right(self) -> bool:
        """Finished, and every puzzle of it answered right."""
        return self.finished and self.right >= self.done


def standing(work: Assignment, attempts: Sequence[Attempt], sprint: Iterable[SprintAnswer] = (), *,
             parked: frozenset[str] = frozenset(), now: float | None = None,
             policy: Policy = DEFAULT_POLICY) -> Standing:
    """A child's standing on ``work`` from their answers (and Sprint answers). ``parked``: the traps the
    coach moved on from today (:meth:`~trainer.learning.progress.Progress.parked`), which make the child
    stuck on one the work's puzzles expose. ``now`` is today for a Sprint a day."""
    total = work.total
    if work.work is Work.SPRINT:
        days = green_days(work, sprint, policy)
        today = now is not None and day_of(now) in days
        done = min(total, len(days))
        return Standing(done, total, _status(done, total, None), today=today, right=done)
    mine = [a for a in attempts if work.counts(a)]
    done = min(total, len(mine))
    trap = stuck_trap(mine, parked)  # finished or not: a child who got them all wrong is stuck, not done
    right = sum(1 for a in mine[:total] if a.correct)
    return Standing(done, total, _status(done, total, trap), stuck_on=trap, right=right)


def _status(done: int, total: int, trap: str | None) -> Status:
    if trap is not None:
        return Status.STUCK
    if done >= total:
        return Status.DONE
    return Status.IN_PROGRESS if done else Status.NOT_STARTED


def green_days(work: Assignment, sprint: Iterable[SprintAnswer], policy: Policy = DEFAULT_POLICY) -> set[dt.date]:
    """The days inside the work's time with the Sprint's green light (right, quick answers that day)."""
    quick: dict[dt.date, int] = {}
    for a in sprint:
        if a.fluent and work.in_window(a.at):
            quick[day_of(a.at)] = quick.get(day_of(a.at), 0) + 1
    return {day for day, n in quick.items() if green_light(n, policy)}


def stuck_trap(mine: Sequence[Attempt], parked: frozenset[str] = frozenset()) -> str | None:
    """The trap a child is stuck on among the work's answers: :data:`STUCK_AFTER` wrong answers on puzzles
    that expose it with no right one since (the most such first), else one the coach parked today that those
    puzzles exposed; None when there is none."""
    runs: dict[str, int] = {}
    met: set[str] = set()
    for a in mine:
        if a.hinted:
            continue
        for t in attempt_traps(a):
            met.add(t)
            if a.correct:
                runs.pop(t, None)
            elif a.mistake == t or a.mistake not in TRAPS:
                runs[t] = runs.get(t, 0) + 1
    stuck = sorted((t for t, n in runs.items() if n >= STUCK_AFTER), key=lambda t: (-runs[t], t))
    if stuck:
        return stuck[0]
    held = sorted(parked & met)
    return held[0] if held else None


@dataclass(frozen=True)
class Pick:
    """The next puzzle of a piece of work: what the practice makes."""

    kind: str
    stage: Stage
    level: int
    trap: str | None


def next_pick(work: Assignment, attempts: Sequence[Attempt], levels: Mapping[Stage, int],
              rng: random.Random) -> Pick | None:
    """The (kind, stage) the work's answers have met least (ties drawn with ``rng``), at the child's coach
    level for the stage (``levels``); None for a Sprint a day or work with nothing to make."""
    choices = work.choices
    if not choices:
        return None
    seen = {c: 0 for c in choices}
    for a in attempts:
        if (a.kind, a.stage) in seen and work.counts(a):
            seen[(a.kind, a.stage)] += 1
    fewest = min(seen.values())
    kind, stage = rng.choice([c for c in choices if seen[c] == fewest])
    level = min(3, max(1, levels.get(stage, 1)))
    return Pick(kind, stage, level, work.trap if work.work is Work.TRAP else None)


def check(work: Work, stages: Sequence[str], kinds: Sequence[str], trap: str | None, count: int,
          due: dt.date, today: dt.date, *, everyone: bool = True, chosen: Sequence[str] = ()) -> Problem | None:
    """What is wrong with a piece of work as the teacher filled it in, or None when it can be set."""
    if due < today:
        return Problem.PAST_DUE
    if not everyone and not chosen:
        return Problem.NO_CHILDREN
    if work is Work.SPRINT:
        return None
    if not stages:
        return Problem.NO_STAGE
    if any(s not in STAGES for s in stages) or any(k not in KINDS for k in kinds):
        return Problem.UNKNOWN
    if work is Work.TRAP:
        if trap not in TRAPS:
            return Problem.NO_TRAP
        if not any(trap in mastery_traps(k, Stage(s)) for s in stages for k in (kinds or KINDS)):
            return Problem.TRAP_NOT_AT_STAGE  # none of these puzzles can expose it
    if count < 1:
        return Problem.TOO_FEW
    if count > MOST_PUZZLES:
        return Problem.TOO_MANY
    return None


def this_friday(today: dt.date) -> dt.date:
    """The due day a new piece of work starts with: this week's Friday (next week's, at the weekend).

    >>> this_friday(dt.date(2026, 11, 26)), this_friday(dt.date(2026, 11, 27)), this_friday(dt.date(2026, 11, 28))
    (datetime.date(2026, 11, 27), datetime.date(2026, 11, 27), datetime.date(2026, 12, 4))
    """
    return today + dt.timedelta(days=(4 - today.weekday()) % 7)
