"""One kind of puzzle at one stage, for one learner: its step of mastery (:class:`Skill`), from the learner's
p(known) (:mod:`trainer.learning.bkt`) and the record of its answers at the top level, and the time bars
that make an answer fluent (:func:`fluency_bar`). :class:`~trainer.learning.progress.Progress` holds one per
kind and stage met."""

from __future__ import annotations

import datetime as dt
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from puzzles import KINDS, all_kinds, kind
from trainer.learning.attempt import Attempt
from trainer.learning.bkt import TOP_LEVEL, Knowledge
from trainer.learning.policy import DEFAULT_POLICY, Policy
from trainer.learning.sprint import day_of
from trainer.learning.states import MasteryStep, ReviewMode, TrapStatus

NOT_STARTED, PRACTISED, FAMILIAR = MasteryStep.NOT_STARTED, MasteryStep.PRACTISED, MasteryStep.FAMILIAR
PROFICIENT, MASTERED = MasteryStep.PROFICIENT, MasteryStep.MASTERED
"""The steps of mastery (:class:`~trainer.learning.states.MasteryStep`), by name."""

FLUENCY_SECONDS: dict[str, tuple[float, float, float]] = {
    k.id: (k.time_bars[1], k.time_bars[2], k.time_bars[3]) for k in all_kinds()
}
"""Seconds for a fluent answer, per kind, at levels 1, 2 and 3 (each kind's ``time_bars``)."""
OTHER_TIME_BARS = (20.0, 25.0, 35.0)
"""The time bars of a kind this trainer does not know."""

def fluency_bar(kind_id: str, level: int) -> float:
    """Seconds within which an answer counts as fluent: the kind's time bar at that level."""
    return kind(kind_id).time_bars[level] if kind_id in KINDS else OTHER_TIME_BARS[level - 1]


def answer_day(at: float | None) -> dt.date | None:
    """The day of an answer's time, or None when it is not known."""
    return None if at is None else day_of(at)


class Given(Protocol):
    """An answer, of a puzzle or a fact: when it was given."""

    @property
    def at(self) -> float | None: ...


def first_day(today: dt.date | None, *answers: Sequence[Given]) -> bool:
    """Whether ``today`` is a learner's first day: the first of each of ``answers`` (puzzles', facts') was
    given today, or there is none yet (an answer without a time: not known, so not)."""
    firsts = [given[0].at for given in answers if given]
    return today is not None and all(at is not None and day_of(at) >= today for at in firsts)


@dataclass
class Skill:
    """One kind at one stage: its step, from the learner's p(known) (:class:`~trainer.learning.bkt.Knowledge`,
    shared by every kind of the learner) and the fluency of its answers at the top level."""

    needs: tuple[str, ...] = ()
    """The traps that apply to this kind at this stage (:func:`puzzles.mastery_traps`)."""
    policy: Policy = field(default=DEFAULT_POLICY, repr=False, compare=False)
    knowledge: Knowledge = field(default_factory=Knowledge, repr=False, compare=False)
    general: str = ""
    """The name of its general skill (:func:`~trainer.learning.bkt.general_skill`)."""
    step: MasteryStep = MasteryStep.NOT_STARTED
    recent: deque[bool] = field(init=False)
    """Right or wrong, the last :attr:`Policy.familiar_window` unhinted answers."""
    top: deque[tuple[bool, bool]] = field(init=False)
    """(right, fluent) of the last unhinted answers at the top level (as many as the longest window needs)."""
    last_seen: int = -1
    answered: int = 0
    right: int = 0
    fluent: int = 0
    last_day: dt.date | None = None
    mastered_day: dt.date | None = None
    """The day it was last earned Mastered (None: not mastered, or the time was not known)."""
    reviews: deque[bool] = field(init=False)
    """Right or wrong, its last review answers: at the top level, while mastered, on a later day than it was."""
    needs_review: bool = False
    """Its review answers failed (:attr:`Policy.review_wrong` of the last :attr:`Policy.review_window`): taken
    back from Mastered until earned again with that many right in a row at the top level."""

    def __post_init__(self) -> None:
        self.recent = deque(maxlen=self.policy.familiar_window)
        self.top = deque(maxlen=max(self.policy.steady_window, self.policy.shaky_window, self.policy.fluent_window,
                                    self.policy.review_window))
        self.reviews = deque(maxlen=self.policy.review_window)

    def p(self, skill: str) -> float:
        return self.knowledge.p(skill)

    def trap_known(self, trap: str) -> bool:
        """The learner's p(known) of the trap has reached :attr:`Policy.mastered_at`."""
        return self.p(trap) >= self.policy.mastered_at

    def trap_status(self, trap: str) -> TrapStatus:
        return TrapStatus.SHOWN if self.trap_known(trap) else (
            TrapStatus.SHAKY if trap in self.knowledge.seen else TrapStatus.NOT_MET)

    @property
    def missing(self) -> tuple[str, ...]:
        """The traps not known yet, least likely known first (never met before met)."""
        return tuple(sorted((t for t in self.needs if not self.trap_known(t)),
                            key=lambda t: (t in self.knowledge.seen, self.p(t))))

    @property
    def is_fluent(self) -> bool:
        """Enough of its last answers at the top level right within the time bar."""
        last = list(self.top)[-self.policy.fluent_window:]
        return sum(f for _, f in last) >= self.policy.fluent_right

    @property
    def is_shaky(self) -> bool:
        """Wrong in :attr:`Policy.shaky_wrong` of its last answers at the top level: a mastered kind is
        no longer (BKT without forgetting would need a long run of wrong answers to say so)."""
        last = list(self.top)[-self.policy.shaky_window:]
        return sum(not ok for ok, _ in last) >= self.policy.shaky_wrong

    @property
    def is_steady(self) -> bool:
        """Its last answers at the top level right but for at most :attr:`Policy.steady_wrong` of them (see
        :attr:`Policy.steady_window`)."""
        last = list(self.top)[-self.policy.steady_window:]
        window = self.policy.steady_window  # in proportion while short: none of the first half, then fewer
        allowed = 0 if len(last) <= window // 2 else self.policy.steady_wrong * len(last) // window
        return len(last) >= self.policy.steady_least and sum(not ok for ok, _ in last) <= allowed

    @property
    def weakest(self) -> float:
        """The lowest p(known) among its general skill and its traps."""
        return min([self.p(self.general), *(self.p(t) for t in self.needs)])

    def add(self, a: Attempt, number: int) -> None:
        """Fold in one answer (``number``: its place among all the learner's answers); the learner's
        :class:`Knowledge` has already taken it."""
        self.last_seen = number
        day = answer_day(a.at)
        if day is not None:
            self.last_day = day
        self.answered += 1
        self.right += a.correct
        fluent = a.correct and a.seconds <= fluency_bar(a.kind, a.level)
        self.fluent += fluent
        self.step = max(self.step, PRACTISED)
        if a.hinted:
            return
        self.recent.append(a.correct)
        if a.level == TOP_LEVEL and a.review is not ReviewMode.DRILL:
            self.top.append((a.correct, fluent))
            if self.step == MASTERED and day is not None and self.mastered_day is not None and day > self.mastered_day:
                self.reviews.append(a.correct)
        self.refresh(day)

    @property
    def review_failed(self) -> bool:
        """:attr:`Policy.review_wrong` of its last :attr:`Policy.review_window` review answers were wrong."""
        return sum(not ok for ok in self.reviews) >= self.policy.review_wrong

    @property
    def earned_again(self) -> bool:
        """Its last :attr:`Policy.review_window` answers at the top level were right (after a failed review)."""
        last = list(self.top)[-self.policy.review_window:]
        return len(last) == self.policy.review_window and all(ok for ok, _ in last)

    def refresh(self, day: dt.date | None = None) -> None:
        """The step again, after the learner's p(known) moved (an answer to this kind, or to another that
        exposed one of its traps). Mastered stays until a skill falls below :attr:`Policy.drops_below`."""
        if self.step == NOT_STARTED:
            return
        policy = self.policy
        if self.step == MASTERED:
            if self.review_failed:
                self.needs_review = True  # forgotten: taken back (below)
            elif self.weakest >= policy.drops_below and not self.is_shaky:
                return
        step = PRACTISED
        if sum(self.recent) >= policy.familiar_right:
            step = FAMILIAR
        if self.p(self.general) >= policy.mastered_at and self.general in self.knowledge.seen:
            step = PROFICIENT
            if self.is_fluent and not self.missing and not self.is_shaky and \
                    (not self.needs_review or self.earned_again):
                step = MASTERED
        if step == MASTERED and self.step != MASTERED:
            self.mastered_day, self.needs_review = day, False
            self.reviews.clear()
        self.step = step
