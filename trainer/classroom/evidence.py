"""A child's evidence: for each stage, why the trainer says it stands where it stands — mastered (when, on how
many answers over how many days, the trap known last and since when, the confirmation on a later day), not yet
(the trap the recent wrong answers were filed under, "3 of the last 5"), taken back after forgetting ("needs a
review"), placed by the placement check, or waiting to be confirmed — and whether the coach's stage was chosen
by hand.

Everything is read from the stored answers by the learner model's own fold, replayed event by event
(:meth:`trainer.learning.progress.Progress.replay`: the answers, the Sprint's facts, the placement, the stages
chosen by hand), so a sentence always agrees with the state the child and the teacher are shown; nothing is
counted on the side. :mod:`trainer.words.evidence` says it, in a child's words and in a teacher's.
"""

from __future__ import annotations

import csv
import datetime as dt
import enum
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from puzzles import CORE_KINDS, KIND_TITLES, STAGES, Stage, mastery_traps, trap_words
from puzzles.registry import trap
from trainer.learning.attempt import Attempt
from trainer.learning.bkt import observations
from trainer.learning.choice import StageChoice
from trainer.learning.placement import Placement, check_answers
from trainer.learning.policy import DEFAULT_POLICY, Policy
from trainer.learning.progress import MASTERED, Progress
from trainer.learning.skill import answer_day
from trainer.learning.sprint import SprintAnswer, day_of
from trainer.learning.states import MasteryStep, ReviewMode
from trainer.words import evidence as words
from trainer.words.mastery import STEP_NAMES

RECENT = 5
"""The last answers a "not yet" counts over ("3 of the last 5")."""


class Standing(enum.Enum):
    """Where a stage stands, as its evidence says it."""

    MASTERED = "mastered"
    """Mastered, and confirmed on a later day."""
    CHECKING = "checking"
    """It looked mastered on a day; right answers on a later day confirm it."""
    PLACED = "placed"
    """The placement check skipped over it; right answers on a later day confirm it."""
    TAKEN_BACK = "taken-back"
    """A kind of it was mastered and its review answers failed (forgotten): it needs a review."""
    NOT_YET = "not-yet"
    """Answered, not mastered."""
    NOT_STARTED = "not-started"
    """No answer there yet."""


class Holding(enum.Enum):
    """What holds a stage that is not yet mastered back."""

    TRAP = "trap"
    """A trap its recent wrong answers were filed under."""
    KIND = "kind"
    """A core kind not mastered yet (no trap to blame)."""
    FACTS = "facts"
    """Every core kind mastered; its number facts (the Sprint's) not fluent yet."""


@dataclass(frozen=True)
class KnownSince:
    """The trap a stage waited for longest: known since when, on how many right answers in a row."""

    trap: str
    day: dt.date | None
    right_in_a_row: int
    after_teaching: bool
    """Its contrast pair and worked example came before those right answers."""


@dataclass(frozen=True)
class StageEvidence:
    """Why one stage stands where it does: the values behind its sentence (said by :mod:`trainer.words.evidence`)."""

    stage: Stage
    standing: Standing
    answers: int = 0
    """Answers at the stage (up to its mastery, for a mastered one)."""
    days: int = 0
    """Days those answers were given on."""
    day: dt.date | None = None
    """Mastered on, looked mastered on, placed on, or taken back on (by :attr:`standing`)."""
    looked: dt.date | None = None
    """A mastered stage: the day it first looked mastered."""
    confirmed_right: int = 0
    """A mastered stage: its right answers on the later day(s), up to its mastery."""
    known_last: KnownSince | None = None
    """A mastered stage: the trap known last."""
    left: int = 0
    """A stage waiting (checking, placed): right answers its confirmation still asks."""
    holding: Holding | None = None
    """A stage not mastered: what holds it back."""
    trap: str | None = None
    """The trap holding it back (:attr:`Holding.TRAP`)."""
    kind: str | None = None
    """The kind holding it back, or the kind that needs a review."""
    step: MasteryStep = MasteryStep.NOT_STARTED
    """That kind's step now."""
    wrong: int = 0
    """Wrong among :attr:`of` (the last answers that tested the trap, of the kind, or its review answers)."""
    of: int = 0
    check_right: int = 0
    """A placed stage: the check's answers there, every one right."""
    chosen: dt.date | None = None
    """The coach works at this stage because it was chosen by hand, on this day."""


def evidence(attempts: Sequence[Attempt], facts: Iterable[SprintAnswer] = (), *,
             placement: Placement | None = None, choices: Iterable[StageChoice] = (),
             policy: Policy = DEFAULT_POLICY) -> list[StageEvidence]:
    """Every stage's evidence, in the learning path's order, from a learner's stored events (as
    :meth:`Progress.from_attempts` takes them)."""
    progress = Progress(policy=policy)
    mastered_at: dict[Stage, tuple[dt.date | None, int]] = {}   # stage → (day, answers up to it)
    known_since: dict[str, KnownSince] = {}                  # trap → since when (while known)
    runs: dict[str, int] = {}                                # trap → right observations in a row
    taken_back: dict[Stage, tuple[dt.date | None, str, int, int]] = {}  # stage → (day, kind, wrong, of)
    bar = policy.mastered_at
    for item, out in progress.replay(attempts, facts, placement=placement, choices=choices):
        day = answer_day(item.at)
        if out is not None and out.mastered:  # (a Sprint fact can complete a stage too)
            mastered_at[out.mastered] = (day, len(progress.at_stage(out.mastered)))
        if not isinstance(item, Attempt):
            continue
        for o in observations(item):
            if o.skill.partition("@")[1]:
                continue
            runs[o.skill] = runs.get(o.skill, 0) + 1 if o.correct else 0
            known = progress.knowledge.p(o.skill) >= bar
            if known and o.skill not in known_since:
                known_since[o.skill] = KnownSince(o.skill, day, runs[o.skill], o.skill in progress.teachings)
            elif not known:
                known_since.pop(o.skill, None)
        for kind in CORE_KINDS:
            s = progress.skills.get((kind, item.stage))
            if s is not None and s.needs_review and item.stage not in taken_back:
                taken_back[item.stage] = (day, kind, sum(not ok for ok in s.reviews), len(s.reviews))
            elif s is not None and not s.needs_review and taken_back.get(item.stage, (None, ""))[1] == kind:
                del taken_back[item.stage]  # earned again
    chosen = progress.choices[-1] if progress.choices and progress.choices[-1].stage == progress.coach_stage else None
    said = []
    for stage in STAGES:
        here = [a for a in progress.attempts if a.stage == stage]
        hand = day_of(chosen.at) if chosen is not None and chosen.stage == stage and not progress.is_mastered(stage) \
            else None
        said.append(_stage(progress, stage, here, mastered_at, known_since, taken_back, hand))
    return said


def of_progress(progress: Progress) -> list[StageEvidence]:
    """The evidence of a progress folded already (My progress has the child's), replayed from its own events."""
    return evidence(progress.attempts, progress.facts.answers, placement=progress.placement,
                    choices=progress.choices, policy=progress.policy)


def _days(answers: Sequence[Attempt]) -> int:
    return len({d for a in answers if (d := answer_day(a.at)) is not None})


def _stage(progress: Progress, stage: Stage, here: list[Attempt], mastered_at: dict[Stage, tuple[dt.date | None, int]],
           known_since: dict[str, KnownSince], taken_back: dict[Stage, tuple[dt.date | None, str, int, int]],
           chosen: dt.date | None) -> StageEvidence:
    if progress.is_mastered(stage) and stage in mastered_at:
        day, n = mastered_at[stage]
        upto = here[:n]
        looked = progress.looked.get(stage)
        confirming = [a for a in upto if looked is not None and (d := answer_day(a.at)) is not None and d > looked]
        traps = {t for k in CORE_KINDS for t in mastery_traps(k, stage)}
        known = [k for t, k in known_since.items() if t in traps]
        known_last = max(known, key=lambda k: (k.day or dt.date.min), default=None)
        return StageEvidence(stage, Standing.MASTERED, n, _days(upto), day, looked,
                             sum(a.correct and not a.hinted for a in confirming), known_last)
    if stage in taken_back:
        day, kind, wrong, of = taken_back[stage]
        return StageEvidence(stage, Standing.TAKEN_BACK, len(here), _days(here), day, kind=kind,
                             step=progress.step(kind, stage), wrong=wrong, of=of, chosen=chosen)
    left = sum(progress.confirmation_left(stage).values())
    if stage in progress.placed:
        right = sum(a.correct for a in check_answers(here))
        return StageEvidence(stage, Standing.PLACED, len(here), _days(here), progress.placed[stage], left=left,
                             check_right=right, chosen=chosen)
    if stage in progress.pending:
        return StageEvidence(stage, Standing.CHECKING, len(here), _days(here), progress.pending[stage], left=left,
                             chosen=chosen)
    practice = [a for a in here if a.review is not ReviewMode.PLACEMENT]
    if not practice:
        return StageEvidence(stage, Standing.NOT_STARTED, chosen=chosen)
    base = StageEvidence(stage, Standing.NOT_YET, len(here), _days(here), chosen=chosen)
    trap = _trap_holding(progress, stage)
    if trap is not None:
        t, wrong, of = trap
        return replace(base, holding=Holding.TRAP, trap=t, wrong=wrong, of=of)
    kinds = [k for k in CORE_KINDS if progress.step(k, stage) != MASTERED]
    if not kinds:
        return replace(base, holding=Holding.FACTS)
    kind = min(kinds, key=lambda k: (not any(a.kind == k for a in practice), progress.step(k, stage),
                                     CORE_KINDS.index(k)))  # one the child has answered, least far along
    last = [a for a in practice if a.kind == kind and not a.hinted][-RECENT:]
    return replace(base, holding=Holding.KIND, kind=kind, step=progress.step(kind, stage),
                 wrong=sum(not a.correct for a in last), of=len(last))


def _trap_holding(progress: Progress, stage: Stage) -> tuple[str, int, int] | None:
    """The trap of the stage not known yet that most of its last :data:`RECENT` tests were wrong on (the
    answers that were evidence for it: right ones, and wrong ones filed under it), with those counts."""
    traps = [t for t in dict.fromkeys(t for k in CORE_KINDS for t in mastery_traps(k, stage))
             if progress.knowledge.p(t) < progress.policy.mastered_at]
    tests: dict[str, list[bool]] = {t: [] for t in traps}
    for a in progress.attempts:
        for o in observations(a):
            if o.skill in tests:
                tests[o.skill].append(o.correct)
    found = [(sum(not ok for ok in v[-RECENT:]), -progress.knowledge.p(t), t, len(v[-RECENT:]))
             for t, v in tests.items() if v and not all(v[-RECENT:])]
    if not found:
        return None
    wrong, _, t, of = max(found)
    return t, wrong, of


def _next_day(e: StageEvidence) -> bool:
    return e.looked is not None and e.day is not None and (e.day - e.looked).days == 1


def for_teacher(e: StageEvidence) -> str:
    """The stage's sentence in a teacher's words (the trap as My class names it, the kind by its title)."""
    parts = [_teacher_part(e)]
    if e.standing is Standing.MASTERED:
        if e.known_last is not None:
            k = e.known_last
            parts.append(words.known_since(trap_words(k.trap), k.day, k.right_in_a_row, taught=k.after_teaching))
        if e.looked is not None:
            parts.append(words.confirmed(e.confirmed_right, next_day=_next_day(e), on=e.day))
    if e.chosen is not None:
        parts.append(words.chosen(e.chosen))
    return words.for_teacher(parts)


def _teacher_part(e: StageEvidence) -> str:
    if e.standing is Standing.MASTERED:
        return words.mastered(e.day, e.answers, e.days)
    if e.standing is Standing.TAKEN_BACK:
        return words.taken_back(e.day, KIND_TITLES[e.kind or ""], e.wrong, e.of)
    if e.standing is Standing.PLACED:
        return words.placed(e.day, e.check_right, e.left)
    if e.standing is Standing.CHECKING:
        return words.checking(e.day, e.left)
    if e.standing is Standing.NOT_STARTED:
        return words.not_started()
    if e.holding is Holding.TRAP:
        return words.not_yet_trap(words.still(trap_words(e.trap or "")), e.wrong, e.of)
    if e.holding is Holding.KIND and not e.of:
        return words.not_yet_unanswered(KIND_TITLES[e.kind or ""])
    if e.holding is Holding.KIND:
        return words.not_yet_kind(KIND_TITLES[e.kind or ""], STEP_NAMES[e.step], e.of - e.wrong, e.of)
    return words.not_yet_facts()


def for_child(e: StageEvidence) -> str:
    """The stage's sentences in a child's words (the trap as the child was told it)."""
    said: list[str] = []
    if e.chosen is not None:
        said.append(words.you_chose(e.chosen))
    if e.standing is Standing.MASTERED:
        said.append(words.you_mastered(e.day, e.answers, e.days))
        if e.known_last is not None:
            k = e.known_last
            said.append(words.you_beat(trap_words(k.trap), k.day, k.right_in_a_row, taught=k.after_teaching))
        if e.looked is not None:
            said.append(words.you_showed_again(e.confirmed_right, next_day=_next_day(e), on=e.day))
    elif e.standing is Standing.TAKEN_BACK:
        said.append(words.you_need_a_review(e.day, KIND_TITLES[e.kind or ""], e.wrong, e.of))
    elif e.standing is Standing.PLACED:
        said.append(words.you_placed(e.day, e.left))
    elif e.standing is Standing.CHECKING:
        said.append(words.you_looked(e.day, e.left))
    elif e.standing is Standing.NOT_STARTED:
        said.append(words.you_not_started())
    elif e.holding is Holding.TRAP:
        said.append(words.you_not_yet_trap(e.wrong, e.of, trap(e.trap or "").you_did))
    elif e.holding is Holding.KIND and not e.of:
        said.append(words.you_not_yet_unanswered(KIND_TITLES[e.kind or ""]))
    elif e.holding is Holding.KIND:
        said.append(words.you_not_yet_kind(KIND_TITLES[e.kind or ""], e.of - e.wrong, e.of))
    else:
        said.append(words.you_not_yet_facts())
    return words.for_child(said)


CSV_FIELDS = ("nickname", "stage", "standing", "sentence", "day", "answers", "days", "trap", "kind", "wrong", "of")
"""The columns of a class's evidence (:func:`evidence_csv`), a row per child and stage."""


def evidence_csv(children: Iterable[tuple[str, Sequence[StageEvidence]]]) -> str:
    """A class's evidence (each child's nickname and stages), a row per child and stage: the sentence a teacher
    reads and the values under it (headers and sentences in the reader's language; opens in any spreadsheet)."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(words.csv_headers(CSV_FIELDS))
    for nickname, stages in children:
        for e in stages:
            w.writerow([nickname, e.stage, e.standing.value, for_teacher(e), e.day.isoformat() if e.day else "",
                        e.answers, e.days, e.trap or (e.known_last.trap if e.known_last else ""), e.kind or "",
                        e.wrong, e.of])
    return out.getvalue()


__all__ = ["CSV_FIELDS", "RECENT", "Holding", "KnownSince", "StageEvidence", "Standing", "evidence", "evidence_csv",
           "for_child", "for_teacher", "of_progress"]
