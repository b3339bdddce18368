"""The learner model: every answer, a mastery level per kind and stage, review, and the coach.

Pure Python, and a fold over the ordered answers: :meth:`Progress.from_attempts` rebuilds
everything (p(known) of every skill, mastery, the coach's stage and levels, the review queue) from the
stored list.

What the learner knows is traced by Bayesian Knowledge Tracing (:mod:`trainer.learning.bkt`): every trap,
and every kind's general skill at each stage, has a p(known). Each kind at each stage climbs four steps
(:class:`~trainer.learning.states.MasteryStep`; the numbers are the default
:class:`~trainer.learning.policy.Policy`'s):

- **Practised** — answered at least once;
- **Familiar** — at least 2 of its last 3 answers right, at any level;
- **Proficient** — its general skill known (p(known) ≥ 0.95, from answers at the top level, level 3);
- **Mastered** — proficient, every trap that applies there known, and fluent: at least 2 of its last 3
  answers at the top level right within the kind's time bar (:func:`fluency_bar`). It stays mastered
  until one of those skills falls below 0.7, or its review answers fail: 2 wrong among its last 3 answers at
  the top level on a later day than it was mastered take it back (it *needs a review*,
  :meth:`Progress.needs_review`) until its last 3 there are right.

A stage is mastered when every core kind is mastered there and steady now (at most 2 wrong among its
last 10 answers at the top level, :attr:`Policy.steady_wrong`), and its number facts (:data:`STAGE_FACTS`,
answered in the Fives Sprint) are fluent — and then only on a later day: the day it first looks mastered the
coach goes on to the next stage, and on a later day right answers confirm it (two per core kind and two per
trap; a wrong answer starts that skill's count again, and a skill missed since the stage looked mastered asks
as many in a row as make a lucky run at most 1 in 9 likely, 4 on a rounding: :attr:`Progress.doubted`). A
mastered kind comes back in review when its py-fsrs card says (:mod:`trainer.learning.spacing`), as a Sprint
fact does. Hinted answers are kept but never count toward mastery. A trap taught twice in a day without becoming
known is left until a later day (:meth:`Progress.parked`).

Before Muggins, and whenever a trap maps to a number fact, the coach steps to the Sprint's facts
(:meth:`Progress.coach_facts`); a day's practice has a goal (:attr:`Policy.daily_goal`), after which the
coach says so and offers free play. A new child's placement check (:mod:`trainer.learning.placement`) may
start the coach further on: each stage it skips over waits for its confirmation, never mastered by the check.
"""

from __future__ import annotations

import datetime as dt
import random
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from puzzles import CORE_KINDS, KINDS, STAGES, Stage, mastery_traps
from trainer.learning.attempt import Attempt as Attempt
from trainer.learning.attempt import attempt_traps as attempt_traps
from trainer.learning.bkt import TOP_LEVEL as TOP_LEVEL
from trainer.learning.bkt import Knowledge, Observation, general_skill
from trainer.learning.choice import StageChoice
from trainer.learning.confirming import STAGE_FACTS as STAGE_FACTS
from trainer.learning.confirming import TRAP_FACTS, checks, lucky_run
from trainer.learning.events import Replayed, in_order
from trainer.learning.history import held_lately, taught_trap
from trainer.learning.outcomes import Outcome as Outcome
from trainer.learning.outcomes import Review as Review
from trainer.learning.outcomes import StageReport as StageReport
from trainer.learning.placement import Placement, refuted
from trainer.learning.policy import DEFAULT_POLICY, Policy
from trainer.learning.skill import FAMILIAR as FAMILIAR
from trainer.learning.skill import FLUENCY_SECONDS as FLUENCY_SECONDS
from trainer.learning.skill import MASTERED as MASTERED
from trainer.learning.skill import NOT_STARTED as NOT_STARTED
from trainer.learning.skill import OTHER_TIME_BARS as OTHER_TIME_BARS
from trainer.learning.skill import PRACTISED as PRACTISED
from trainer.learning.skill import PROFICIENT as PROFICIENT
from trainer.learning.skill import Skill as Skill
from trainer.learning.skill import answer_day, first_day
from trainer.learning.skill import fluency_bar as fluency_bar
from trainer.learning.spacing import Memory
from trainer.learning.sprint import FactKind, SprintAnswer, SprintHistory, day_of
from trainer.learning.states import MasteryStep, ReviewMode, TrapStatus
from trainer.learning.tallies import Tallies
from trainer.words.mastery import STEP_NAMES, unknown_answer


@dataclass
class Progress(Tallies):
    """One learner's answers, mastery and coach state: a fold over :attr:`attempts` (its numbers for the progress
    page: :class:`~trainer.learning.tallies.Tallies`)."""

    attempts: list[Attempt] = field(default_factory=list)
    coach_level: dict[Stage, int] = field(default_factory=lambda: {s: 1 for s in STAGES})
    coach_stage: Stage = STAGES[0]
    mastered: list[Stage] = field(default_factory=list)
    skills: dict[tuple[str, Stage], Skill] = field(default_factory=dict)
    reviews: list[Review] = field(default_factory=list)
    _run: dict[str, int] = field(default_factory=lambda: {s: 0 for s in STAGES})
    _last_change: dict[str, tuple[int, int]] = field(default_factory=dict)  # stage → (answer number, ±1)
    facts: SprintHistory = field(default_factory=SprintHistory)
    """The learner's Fives Sprint answers (number facts)."""
    pending: dict[Stage, dt.date] = field(default_factory=dict)
    """Stages that looked mastered on a day, waiting for right answers on a later day to confirm them."""
    looked: dict[Stage, dt.date] = field(default_factory=dict)
    """The day each stage first looked mastered."""
    confirmed: dict[Stage, dict[str, int]] = field(default_factory=dict)
    """Per stage waiting: right answers in a row on a later day, per skill (general skills and traps)."""
    confirm_day: dict[Stage, dt.date] = field(default_factory=dict)
    """Per stage waiting: the day of the answers in :attr:`confirmed` (a confirmation is one day's answers)."""
    doubted: dict[Stage, set[str]] = field(default_factory=dict)
    """Per stage: the skills missed since it first looked mastered (a check on a later day, at any stage, while the
    skill's count here was not finished; while it is mastered too, for when misses take it back). Each asks a run
    as unlikely as :attr:`Policy.confirm_luck_missed` until the stage is mastered (a stage lost and earned again
    keeps them)."""
    knowledge: Knowledge = field(default_factory=Knowledge)
    """p(known) of every skill (:mod:`trainer.learning.bkt`)."""
    kinds_memory: Memory = field(default_factory=Memory)
    """A py-fsrs card per mastered kind and stage (its general skill): when it comes back for review."""
    teachings: dict[str, list[tuple[dt.date | None, str]]] = field(default_factory=dict)
    """Per trap: each time it was taught (a warm-up drill after its contrast pair and example), as the day
    and the drill's code (a drill answered again is the same teaching)."""
    placement: Placement | None = None
    """What the placement check showed (:mod:`trainer.learning.placement`), once it was taken or skipped."""
    placed: dict[Stage, dt.date] = field(default_factory=dict)
    """Stages the check skipped over, by its day: each waits in :attr:`pending` too, until it is mastered."""
    choices: list[StageChoice] = field(default_factory=list)
    """The coach's stages chosen by hand, in order (:mod:`trainer.learning.choice`)."""
    policy: Policy = field(default=DEFAULT_POLICY, kw_only=True)
    """The thresholds every answer is folded with (the Sprint answers' too)."""

    def __post_init__(self) -> None:
        self.kinds_memory = Memory(self.policy.kind_retention)
        if self.facts.policy != self.policy:  # one policy for the whole fold
            self.facts = SprintHistory(list(self.facts.answers), self.facts.band, policy=self.policy)

    @classmethod
    def from_attempts(cls, attempts: Iterable[Attempt], facts: Iterable[SprintAnswer] = (), *,
                      policy: Policy = DEFAULT_POLICY, placement: Placement | None = None,
                      choices: Iterable[StageChoice] = ()) -> Progress:
        """Rebuild a learner's progress from their answers, Sprint answers, placement and stages chosen by hand."""
        progress = cls(policy=policy)
        deque(progress.replay(attempts, facts, placement=placement, choices=choices), maxlen=0)
        return progress

    def replay(self, attempts: Iterable[Attempt], facts: Iterable[SprintAnswer] = (), *,
               placement: Placement | None = None, choices: Iterable[StageChoice] = ()) -> Iterator[Replayed]:
        """Fold the events in time order (:func:`~trainer.learning.events.in_order`), handing back each with what it
        changed once folded: a reader of the fold step by step (a child's evidence) sees the very states shown."""
        for item in in_order(attempts, facts, placement, choices):
            if isinstance(item, StageChoice):
                self.choose(item)
            elif isinstance(item, Placement):
                self.place(item)
            yield item, (self.record(item) if isinstance(item, Attempt) else
                         self.record_fact(item) if isinstance(item, SprintAnswer) else None)

    def choose(self, choice: StageChoice) -> None:
        """Fold in a stage chosen by hand: the coach works there from now on (until a mastery moves it on, or a
        stage before it slips), as after any answer there."""
        self.choices.append(choice)
        self.coach_stage = choice.stage

    def place(self, placement: Placement) -> None:
        """Fold in what the placement check showed: the coach starts at its stage (at level 2 at least, as after
        a stage that looked mastered); each stage skipped over waits for its confirmation (:attr:`placed`)."""
        self.placement = placement
        for stage in placement.placed:  # nothing is mastered here; one mastered or waiting already stays so
            if stage not in self.mastered and stage not in self.pending:
                self.placed[stage] = self.pending[stage] = day_of(placement.at)
        if STAGES.index(placement.start) > STAGES.index(self.coach_stage):
            self.coach_stage = placement.start
            self.coach_level[placement.start] = max(self.coach_level[placement.start], self.policy.next_stage_level)

    def record_fact(self, answer: SprintAnswer) -> Outcome:
        """Add a Sprint answer: number facts becoming fluent may complete a stage (confirmed on a later day)."""
        self.facts.add(answer)
        return self._settle(self.coach_stage, day_of(answer.at), confirm=False, at=answer.at)

    # ----- recording -----

    def record(self, attempt: Attempt) -> Outcome:
        """Add an answer; returns what changed (mastery, the next stage, a level step)."""
        if attempt.stage not in STAGES or attempt.kind not in KINDS or attempt.level not in (1, 2, 3):
            raise ValueError(unknown_answer())
        number = len(self.attempts)
        self.attempts.append(attempt)
        skill = self.skill(attempt.kind, attempt.stage)
        before = skill.step
        observed = self.knowledge.add(attempt)
        if attempt.review is ReviewMode.DRILL and not attempt.hinted:
            t = taught_trap(self.attempts, attempt)
            if t is not None:
                taught = self.teachings.setdefault(t, [])
                if (answer_day(attempt.at), attempt.code) not in taught:
                    taught.append((answer_day(attempt.at), attempt.code))
        skill.add(attempt, number)
        self._refresh_others(skill, {o.skill for o in observed}, answer_day(attempt.at))
        self._space(skill, attempt)
        self._tally(attempt, observed)
        change = 0
        if attempt.stage == self.coach_stage and not attempt.hinted and attempt.review.moves_level:
            change = self._step_level(attempt, number)
        self._schedule(attempt, number)
        out = self._settle(attempt.stage, answer_day(attempt.at), confirm=not attempt.hinted, at=attempt.at)
        return Outcome(out.mastered, out.unlocked, change, out.lost, (before, skill.step))

    def _settle(self, stage: Stage, day: dt.date | None, *, confirm: bool, at: float | None = None) -> Outcome:
        """Mastery of ``stage`` after an answer on ``day``: first looked mastered (the coach moves on),
        confirmed on a later day, or lost. An answer whose time is not known is evidence like any other, but
        it neither makes a stage look mastered nor confirms one: only a day can (every path that records an
        answer gives it its time)."""
        mastered = unlocked = lost = None
        ok = self.meets_mastery(stage, facts=False)
        held = ok or self.meets_mastery(stage, facts=False, steady=False)  # a slip does not undo it
        first = self.pending.get(stage)
        placed = stage in self.placed
        if placed and stage not in self.mastered and self.facts.not_fluent(STAGE_FACTS[stage], at):
            held = False  # a placed stage never looked mastered with its number facts: they are asked now
        if placed and not held and refuted(self.attempts, stage):
            del self.placed[stage]  # the check was wrong: the stage is learnt as any other (below)
            placed = False
        if held and stage not in self.mastered:
            fluent = ok and not self.facts.not_fluent(STAGE_FACTS[stage], at)  # the facts as they are now
            if fluent and first is None and day is not None:
                # looked mastered before, lost it, earned it again: the first day stands (a later day confirms)
                self.pending[stage] = self.looked.setdefault(stage, day)
                unlocked = self._move_on(stage)
            elif confirm and first is not None and day is not None and day > first and self.confirmation_done(stage):
                mastered = stage  # the later day's right answers confirm it: a slip since does not hold it back
            if mastered:
                self.pending.pop(stage, None)
                self.confirmed.pop(stage, None)
                self.doubted.pop(stage, None)
                self.placed.pop(stage, None)
                self.mastered.append(stage)
                unlocked = self._move_on(stage)
        elif not held and not placed and (stage in self.mastered or first is not None):  # (placed: it waits)
            if stage in self.mastered:
                self.mastered.remove(stage)
                lost = stage
            self.pending.pop(stage, None)
            self.confirmed.pop(stage, None)
            if STAGES.index(stage) < STAGES.index(self.coach_stage):
                self.coach_stage = stage  # back to the stage that slipped
        return Outcome(mastered, unlocked, 0, lost)

    def _move_on(self, stage: Stage) -> str | None:
        """The coach goes on to the next stage, at level 2 at least: a child who has just mastered a stage
        does not start the next among its easiest puzzles."""
        nxt = self.next_stage(stage)
        if nxt is not None and self.coach_stage == stage:
            self.coach_stage = nxt
            if not any(a.stage == nxt for a in self.attempts):
                self.coach_level[nxt] = max(self.coach_level[nxt], self.policy.next_stage_level)
        return nxt

    def _step_level(self, a: Attempt, number: int) -> int:
        stage = a.stage
        run = self._run[stage]
        if a.level != self.coach_level[stage]:
            return 0  # an answer at another level says nothing about this one
        run = (run + 1 if run > 0 else 1) if a.correct else (run - 1 if run < 0 else -1)
        self._run[stage] = run
        level = self.coach_level[stage]
        last = self._last_change.get(stage)

        def allowed(direction: int) -> bool:
            return last is None or last[1] == direction or number - last[0] >= self.policy.no_flip_within

        if run >= self.policy.level_up_after and level < TOP_LEVEL and allowed(1):
            step = 1
        elif run <= -self.policy.level_down_after and level > 1 and allowed(-1):
            step = -1
        else:
            return 0
        self.coach_level[stage] = level + step
        self._run[stage] = 0
        self._last_change[stage] = (number, step)
        return step

    def _schedule(self, a: Attempt, number: int) -> None:
        """Missed puzzles come back: the same one soon, a similar one later."""
        done = number + 1
        if a.review is ReviewMode.DRILL:  # a mistake is being taught: its missed puzzles need not come back too
            taught = set(attempt_traps(a))
            self.reviews = [r for r in self.reviews if not taught & set(r.traps)]
        if a.review is ReviewMode.RETEACH:  # the missed puzzle again, inside the teaching: its round is done
            origin = a.origin or a.code
            self.reviews = [r for r in self.reviews if r.code != origin]
        if a.review in (ReviewMode.RETRY, ReviewMode.SIMILAR):
            origin = a.origin or a.code
            self.reviews = [r for r in self.reviews if not (r.code == origin and r.how == a.review)]
            if a.review is ReviewMode.RETRY:
                self.reviews.append(Review(origin, done + self.policy.sibling_after, ReviewMode.SIMILAR,
                                           attempt_traps(a)))
        if a.code and not a.hinted and not a.correct and a.review.starts_retry:
            # (a similar puzzle missed again does not start the round once more: teaching takes over)
            self.reviews.append(Review(a.code, done + self.policy.retry_after, ReviewMode.RETRY, attempt_traps(a)))

    # ----- mastery -----

    def skill(self, kind: str, stage: Stage) -> Skill:
        s = self.skills.get((kind, stage))
        if s is None:
            s = self.skills[(kind, stage)] = Skill(needs=mastery_traps(kind, stage), policy=self.policy,
                                                   knowledge=self.knowledge, general=general_skill(kind, stage))
        return s

    def _space(self, skill: Skill, a: Attempt) -> None:
        """A mastered kind's answers at the top level are its reviews (a py-fsrs card, as a Sprint fact's):
        its card starts the moment it is mastered, and goes when it is no longer."""
        cards = self.kinds_memory.cards
        if skill.step != MASTERED:
            cards.pop(skill.general, None)
        elif a.at is not None and not a.hinted and a.level == TOP_LEVEL and a.review is not ReviewMode.DRILL:
            fluent = a.correct and a.seconds <= fluency_bar(a.kind, a.level)
            self.kinds_memory.review(skill.general, a.correct, fluent, a.at)

    def kind_due(self, kind: str, stage: Stage, now: float | None) -> bool:
        """A mastered kind whose review has come, by its py-fsrs card."""
        return now is not None and self.step(kind, stage) == MASTERED and \
            self.kinds_memory.due(general_skill(kind, stage), now)

    def _refresh_others(self, answered: Skill, observed: set[str], day: dt.date | None) -> None:
        """Other kinds whose traps this answer was evidence for take their step again."""
        for s in self.skills.values():
            if s is not answered and observed.intersection(s.needs):
                s.refresh(day)

    def confirm_skills(self, stage: Stage) -> dict[str, int]:
        """What confirming ``stage`` on a later day asks: right answers in a row per skill (each core kind's
        general skill, each trap that applies to them there) — at least :attr:`Policy.confirm_right` (a trap:
        :attr:`Policy.confirm_trap_right`), and as many as make a lucky run no likelier than
        :attr:`Policy.confirm_luck` at the skill's guess (:func:`lucky_run`); for a skill missed since the stage
        looked mastered (:attr:`doubted`), no likelier than :attr:`Policy.confirm_luck_missed`."""
        guess, doubted = self.knowledge.params, self.doubted.get(stage, set())

        def run(skill: str, least: int) -> int:
            luck = self.policy.confirm_luck_missed if skill in doubted else self.policy.confirm_luck
            return max(least, lucky_run(guess[skill].guess, luck))
        need = {(g := general_skill(k, stage)): run(g, self.policy.confirm_right) for k in CORE_KINDS}
        for k in CORE_KINDS:
            for t in mastery_traps(k, stage):
                need[t] = run(t, self.policy.confirm_trap_right)
        return need

    def confirmation_left(self, stage: Stage) -> dict[str, int]:
        """Right answers still wanted per skill before ``stage`` is confirmed (empty: done)."""
        got = self.confirmed.get(stage, {})
        return {k: n - got.get(k, 0) for k, n in self.confirm_skills(stage).items() if got.get(k, 0) < n}

    def confirming(self, stage: Stage, now: float | None) -> dict[str, int]:
        """What confirming ``stage`` still asks, on a later day than it looked mastered (else nothing)."""
        first, today = self.pending.get(stage), answer_day(now)
        return self.confirmation_left(stage) if first is not None and today is not None and today > first else {}

    def confirmation_done(self, stage: Stage) -> bool:
        return not self.confirmation_left(stage)

    def _tally(self, a: Attempt, observed: tuple[Observation, ...]) -> None:
        """Count an answer toward confirming its stage, on a later day than it first looked mastered: a right
        answer counts for each skill it was evidence for, a wrong one starts those skills' counts again. A
        skill that has its right answers keeps them (a slip after that is the stage's own business: it is
        lost if a skill falls below :attr:`Policy.drops_below`). Only a check counts (:func:`checks`): an
        answer to a puzzle chosen afresh, not the missed puzzle again just after its answer was shown, nor a
        teaching step. And a confirmation is one day's answers: a count not finished by the end of a day
        starts again the next (a trap shown yesterday may be forgotten overnight)."""
        day = answer_day(a.at)
        if day is None or not checks(a):
            return
        self._doubt(a, day, observed)
        first = self.pending.get(a.stage)
        if first is None or day <= first:
            return
        if self.confirm_day.get(a.stage) != day:  # a new day: what was shown yesterday may be forgotten
            self.confirmed[a.stage] = {}
            self.confirm_day[a.stage] = day
        got = self.confirmed.setdefault(a.stage, {})
        wanted = self.confirm_skills(a.stage)
        for o in observed:
            if o.skill in wanted and got.get(o.skill, 0) < wanted[o.skill]:
                got[o.skill] = got.get(o.skill, 0) + 1 if o.correct else 0

    def _doubt(self, a: Attempt, day: dt.date, observed: tuple[Observation, ...]) -> None:
        """A check missed on a later day than a stage looked mastered, on a skill that stage needs, makes the
        skill doubted there (:attr:`doubted`): the miss says the child may have lost it since (forgotten
        overnight: on a two-way rounding a child who forgot is still right half the time), so its count asks a
        run of right answers as unlikely by luck as :attr:`Policy.confirm_luck_missed` (4 on a rounding). A miss
        at any stage counts (a trap is one skill wherever it is asked), and one while the stage is mastered (if
        misses take it back, they are doubts when it is confirmed again); one after the skill's count here was
        finished today does not (a skill that has its right answers keeps them)."""
        missed = {o.skill for o in observed if not o.correct}
        if not missed:
            return
        for stage, first in {**self.looked, **self.pending}.items():  # a mastered stage too: misses that take
            if day <= first:  # it back are doubts when it is confirmed again
                continue
            wanted = self.confirm_skills(stage)
            got = self.confirmed.get(stage, {}) if self.confirm_day.get(stage) == day else {}
            for skill in missed:
                if skill in wanted and got.get(skill, 0) < wanted[skill]:
                    self.doubted.setdefault(stage, set()).add(skill)

    def likeliest(self, traps: tuple[str, ...]) -> tuple[str, ...]:
        """Traps that all explain one wrong answer, likeliest held first: by the learner's own answers to
        puzzles setting each alone (:func:`held_lately`), then the lowest p(known), then the puzzle's order."""
        return tuple(sorted(traps, key=lambda t: (-held_lately(self.attempts, t, traps), self.knowledge.p(t),
                                                  traps.index(t))))

    def parked(self, today: dt.date | None) -> frozenset[str]:
        """Traps taught :attr:`Policy.stuck_after_teaching` times today without becoming known: the coach
        moves on from them until a later day (and the teacher's "Who is stuck" shows them)."""
        n = self.policy.stuck_after_teaching
        return frozenset(t for t, taught in self.teachings.items()
                         if sum(day == today for day, _ in taught) >= n
                         and self.knowledge.p(t) < self.policy.mastered_at)

    def trap_status(self, kind: str, stage: Stage) -> dict[str, TrapStatus]:
        """Each trap the kind must show at ``stage``: shown, shaky (met, not yet 2 of the last 3 right)
        or not met — for the progress page."""
        s = self.skills.get((kind, stage)) or Skill(needs=mastery_traps(kind, stage), policy=self.policy,
                                                    knowledge=self.knowledge)
        return {t: s.trap_status(t) for t in s.needs}

    def confirm_kind(self, stage: Stage) -> str:
        """The core kind to ask next while confirming ``stage``: the one with most still to answer."""
        left = self.confirmation_left(stage)

        def wanted(kind: str) -> tuple[int, int]:
            need = left.get(general_skill(kind, stage), 0) + sum(left.get(t, 0) for t in mastery_traps(kind, stage))
            return (-need, self.skill(kind, stage).last_seen)
        return min(CORE_KINDS, key=wanted)

    def coach_trap(self, kind: str, stage: Stage, now: float | None = None) -> str | None:
        """The trap the coach's next puzzle of ``kind`` at ``stage`` should expose (the least known, or one
        its stage's confirmation still asks for), or None. Never a trap the coach moved on from today."""
        parked = self.parked(answer_day(now))
        if stage in self.pending:
            left = self.confirmation_left(stage)
            ask = [t for t in mastery_traps(kind, stage) if t in left and t not in parked]
            if ask:
                return ask[0]
        s = self.skills.get((kind, stage))
        missing = s.missing if s is not None else mastery_traps(kind, stage)
        missing = tuple(t for t in missing if t not in parked)
        if not missing:
            return None
        last = next((a for a in reversed(self.attempts) if a.kind == kind and a.stage == stage), None)
        if last is not None and not last.correct and missing[0] in attempt_traps(last):
            return None  # just missed on it: a plain puzzle between, not the same trap again and again
        return missing[0]

    def step(self, kind: str, stage: Stage) -> MasteryStep:
        """The mastery step of a kind at a stage (in words: :data:`STEP_NAMES`)."""
        s = self.skills.get((kind, stage))
        return s.step if s else NOT_STARTED

    def needs_review(self, kind: str, stage: Stage) -> bool:
        """The kind was mastered at ``stage`` and its review answers failed (:attr:`Policy.review_wrong` of the
        last :attr:`Policy.review_window`, on a later day): taken back until earned again."""
        s = self.skills.get((kind, stage))
        return s is not None and s.needs_review

    def step_name(self, kind: str, stage: Stage) -> str:
        return str(STEP_NAMES[self.step(kind, stage)])

    def at_stage(self, stage: Stage) -> list[Attempt]:
        return [a for a in self.attempts if a.stage == stage]

    def is_mastered(self, stage: Stage) -> bool:
        """Mastered, and confirmed on a later day than it first looked mastered."""
        return stage in self.mastered

    def meets_mastery(self, stage: Stage, *, facts: bool = True, steady: bool = True) -> bool:
        """Every core kind mastered at ``stage`` (its general skill and every trap there known, and fluent)
        and (with ``steady``) steady now (:attr:`Skill.is_steady`: a stage is entered and confirmed
        steady, and kept through a slip), and (with ``facts``) its number facts fluent. Once a stage is
        mastered a slip in a number fact does not take it away: the fact comes back sooner in the Sprint."""
        if not all(self.step(k, stage) == MASTERED for k in CORE_KINDS):
            return False
        if facts and self.facts.not_fluent(STAGE_FACTS[stage]):
            return False
        return not steady or all(self.skill(k, stage).is_steady for k in CORE_KINDS)

    @staticmethod
    def next_stage(stage: Stage) -> Stage | None:
        i = STAGES.index(stage)
        return STAGES[i + 1] if i + 1 < len(STAGES) else None

    def mastery_report(self, stage: Stage) -> StageReport:
        """Where each kind stands at ``stage``, and how far the stage is along (0–1)."""
        steps = {k: self.step(k, stage) for k in KINDS}
        core = [steps[k] for k in CORE_KINDS]
        share = 1.0 if stage in self.mastered else sum(core) / (MASTERED * len(core))
        return {"steps": steps, "share": share, "core_mastered": sum(s == MASTERED for s in core),
                "core_count": len(core)}

    # ----- the coach -----

    def due_review(self, now: float | None = None) -> Review | None:
        """The missed puzzle that is due now, if any (the oldest first); not one on a trap the coach
        moved on from today."""
        done = len(self.attempts)
        parked = self.parked(answer_day(now))
        due = [r for r in self.reviews if r.due <= done and not parked.intersection(r.traps)]
        return min(due, key=lambda r: r.due) if due else None

    def coach_pick(self, rng: random.Random, now: float | None = None) -> tuple[str, Stage, int]:
        """(kind, stage, level) for the next coached puzzle.

        First a stage waiting to be confirmed on a later day, then a mastered kind due by days.
        Now and then a review: a mastered earlier stage, or a mastered kind at this stage.
        Otherwise the weakest kind here (core kinds first), never one kind three times running.
        """
        stage = self.coach_stage
        today = answer_day(now)
        for waiting, first in self.pending.items():
            if today is not None and today > first and not (waiting in self.placed and self.confirmation_done(waiting)):
                return self.confirm_kind(waiting), waiting, TOP_LEVEL
        gap = self.policy.earlier_review_gap
        recent = [a for a in self.attempts[-4 * gap:] if not a.review.is_follow_up][-gap:]
        rested = not any(STAGES.index(a.stage) < STAGES.index(stage) for a in recent)  # no earlier stage lately
        due = [(self.skill(k, s).last_seen, k, s) for (k, s) in self.skills
               if (STAGES.index(s) < STAGES.index(stage) and rested or s == stage) and self.kind_due(k, s, now)]
        if due:
            _, kind_, where = min(due)
            return kind_, where, TOP_LEVEL if where != stage else self.coach_level[stage]
        # a placed stage confirmed but not yet mastered: its least known core kind, as an earlier stage's review
        for where in (s for s in self.placed if rested and today is not None and today > self.placed[s]):
            return min(CORE_KINDS, key=lambda k: (self.step(k, where) == MASTERED, self.knowledge.p(
                general_skill(k, where)), self.skill(k, where).last_seen)), where, TOP_LEVEL
        coached = sum(1 for a in self.attempts if not a.review.is_follow_up)
        earlier = [s for s in self.mastered if STAGES.index(s) < STAGES.index(stage)]
        if earlier and rested and coached and coached % self.policy.stage_review_every == 0:
            old = min((self.skill(k, s).last_seen, k, s) for s in earlier for k in CORE_KINDS)
            return old[1], old[2], TOP_LEVEL
        here = [a for a in self.attempts if a.stage == stage]
        solid = [k for k in CORE_KINDS if self.step(k, stage) == MASTERED and self.skill(k, stage).is_steady]
        if solid and here and len(here) % self.policy.kind_review_every == 0:
            kind = min(solid, key=lambda k: self.skill(k, stage).last_seen)
            return kind, stage, TOP_LEVEL

        parked = self.parked(today)

        def weakness(kind: str) -> tuple[float, int, float, float]:
            """The kind's least known skill (traps the coach moved on from left out), then its step and
            its share right; the other kinds after the core ones."""
            s = self.skill(kind, stage)
            if s.step == MASTERED:  # a core kind not steady yet holds the stage up: next after the unknown ones
                return (1.0 if kind in CORE_KINDS and not s.is_steady else 99.0, 0, 0.0, rng.random())
            known = min([s.p(s.general), *(s.p(t) for t in s.needs if t not in parked)])
            if parked and set(s.needs) <= parked and s.needs:
                known += 2.0  # nothing but a trap it is stuck on to learn here today
            acc = s.right / s.answered if s.answered else 0.0
            return (known + (0 if kind in CORE_KINDS else 1.5), int(s.step), acc, rng.random())

        kinds = sorted(KINDS, key=weakness)
        last = [a.kind for a in self.attempts[-2:]]
        kind = kinds[0]
        if len(last) == 2 and last[0] == last[1] == kind and len(kinds) > 1:
            kind = kinds[1]
        return kind, stage, self._level(kind, stage)

    def _level(self, kind: str, stage: Stage) -> int:
        """The coach's level at ``stage``; the top level for a kind mastered there (known: it is asked as
        the stage asks it)."""
        return TOP_LEVEL if self.step(kind, stage) == MASTERED else self.coach_level[stage]

    def coach_facts(self, now: float | None = None) -> tuple[FactKind, ...]:
        """The number facts the coach steps to before the next puzzle (empty: none now).

        After a trap that maps to a number fact (a rounding remainder, adding the ends), its facts;
        the first thing on a new day, the day's facts due or not fluent yet; while the stage's facts
        are not fluent (and always before Muggins is mastered), a step every :attr:`Policy.step_every` puzzles."""
        last_fact = self.facts.answers[-1].at if self.facts.answers else None
        since = [a for a in self.attempts if last_fact is None or (a.at or 0.0) > last_fact]
        stage, today = self.coach_stage, answer_day(now)
        if len(self.attempts) < self.policy.first_puzzles and first_day(today, self.attempts, self.facts.answers):
            return ()  # a new child's first session starts with puzzles
        if since and not since[-1].correct and not since[-1].hinted:
            mapped = tuple(dict.fromkeys(k for t in attempt_traps(since[-1]) for k in TRAP_FACTS.get(t, ())))
            if mapped:
                return mapped
        needed = tuple(dict.fromkeys(k for s in STAGES[: STAGES.index(stage) + 1] for k in STAGE_FACTS[s]))
        weak = self.facts.not_fluent(needed) + self.facts.any_due(needed, now or 0.0)
        if today is not None and (last_fact is None or day_of(last_fact) < today) and weak:  # the day's first
            return tuple(dict.fromkeys(weak))[:3]
        weak = self.facts.not_fluent(STAGE_FACTS[stage], now)
        every = self.policy.step_every
        if weak and self.meets_mastery(stage, facts=False, steady=False):
            every = self.policy.step_every_when_facts_hold  # only the facts hold the stage up now
        return weak[:3] if weak and len(since) >= every else ()

    # ----- numbers for the progress page -----

    def skill_rows(self) -> list[dict[str, object]]:
        """One row per kind × stage: its step, answers, right and fluent counts."""
        return [
            {"kind": k, "stage": s, "step": int(self.step(k, s)), "level": self.step_name(k, s),
             "answered": sk.answered if (sk := self.skills.get((k, s))) else 0,
             "right": sk.right if sk else 0, "fluent": sk.fluent if sk else 0}
            for s in STAGES for k in KINDS
        ]
