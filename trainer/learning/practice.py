"""One learner's practice session: which puzzle is up, the clock, answering it, and teaching after
mistakes. Pure Python.

A wrong answer teaches. Its feedback names the mistake (see :meth:`puzzles.Puzzle.check`). After the
same named mistake twice — or after 4 wrong answers in a row, whatever they were — a *teaching plan*
starts, and :attr:`Practice.teaching` tells the page what to show next:

1. ``CONTRAST`` — a contrast pair (:func:`puzzles.contrast.contrast`): two pictures that differ only
   in what the mistake gets wrong; the page calls :meth:`Practice.teach_next` once it is read;
2. ``EXAMPLE`` — a worked example: a puzzle with that trap and all of its steps; then ``teach_next``;
3. ``DRILL`` — one step down, the matching number drill (nearest five for rounding, adding the ends
   for counting): :meth:`Practice.new_puzzle` shows it, and the child answers until right;
4. ``RETRY`` — back up: the missed puzzle again, answered until right. Then practice goes on.
"""

from __future__ import annotations

import enum
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzles import CodeError, Puzzle, Stage, Step, Verdict, from_code, generate, generate_for, similar
from puzzles.contrast import contrast
from puzzles.found import SEEDS
from puzzles.judge import judge
from puzzles.pair import Contrast
from puzzles.traps import drill_kind
from puzzles.worked import worked_example
from trainer.learning.asking import Setting, confirming_puzzle, missed_where, setting_of
from trainer.learning.attempt import attempt_traps, puzzle_traps
from trainer.learning.choice import StageChoice
from trainer.learning.confirming import checks
from trainer.learning.placement import Placement, PlacementCheck, check_answers, is_offered
from trainer.learning.policy import DEFAULT_POLICY, Policy
from trainer.learning.progress import Attempt, Outcome, Progress
from trainer.learning.sprint import FactKind, FactVerdict, SprintAnswer, SprintRound, day_of
from trainer.learning.states import MasteryStep, ReviewMode
from trainer.learning.transfer import Decision, RealGames, answered_since
from trainer.words import transfer as transfer_words
from trainer.words.mastery import code_did_not_work, no_puzzle_yet
from trainer.words.mastery import notice as coach_notice

COACH = "coach"
"""The kind choice that lets the coach decide."""


class TeachStep(enum.StrEnum):
    """The steps of a teaching plan, in order (a plan without a named trap has EXAMPLE and RETRY only)."""

    CONTRAST = "contrast"
    EXAMPLE = "example"
    DRILL = "drill"
    RETRY = "retry"


CONTRAST, EXAMPLE, DRILL, RETRY = TeachStep.CONTRAST, TeachStep.EXAMPLE, TeachStep.DRILL, TeachStep.RETRY
"""The teaching steps, by name."""


@dataclass(frozen=True)
class Teaching:
    """What the page shows next while a wrong answer is being taught."""

    step: TeachStep
    trap: str | None
    """The trap being taught (None when the wrong answers had no name in common)."""
    missed: Puzzle
    """The puzzle that was missed (shown again at ``RETRY``)."""
    pair: Contrast | None = None
    """At ``CONTRAST``: the two pictures and what differs."""
    example: Puzzle | None = None
    """At ``EXAMPLE``: the puzzle to show worked, every step (``example.steps``) with its answer."""
    drill: Puzzle | None = None
    """At ``DRILL``: the number drill."""
    words: str = ""
    """The mistake in words (``"rounds 2 past a five up (12 → 15)"``), for a heading."""


@dataclass
class Practice:
    """The puzzle on screen for one learner, and what happened to it."""

    progress: Progress = field(default_factory=Progress)
    puzzle: Puzzle | None = None
    started: float = 0.0
    verdict: Verdict | None = None
    response: Any = None
    """The response ``verdict`` answers (its words are told again in another language: :meth:`tell_again`)."""
    outcome: Outcome | None = None
    coached: bool = False
    seed_source: random.Random = field(default_factory=random.Random)
    clock: Callable[[], float] = time.time
    """Wall-clock seconds: times answers, and its days space the review (a test passes a fake one)."""
    policy: Policy = field(default=DEFAULT_POLICY, kw_only=True)
    """The thresholds of teaching, the day's goal, the Sprint and puzzles from games; the progress folds
    under the same one (see :meth:`__post_init__`)."""
    on_attempt: Callable[[Attempt], None] | None = None
    """Called with every recorded attempt (a progress store saves it)."""
    on_fact: Callable[[SprintAnswer], None] | None = None
    """Called with every Sprint answer (a progress store saves it)."""
    on_choice: Callable[[StageChoice], None] | None = None
    """Called with every stage chosen by hand for the coach (a progress store saves it)."""
    sprint: SprintRound | None = None
    """The Fives Sprint round on screen (a whole round on the Sprint page, or the coach's short step)."""
    sprint_coached: bool = False
    """The round is the coach's step on Practice."""
    hinted: bool = False
    """The learner asked for a hint on the puzzle on screen."""
    review: ReviewMode = ReviewMode.NEW
    """Why the puzzle on screen came up."""
    origin: str = ""
    """For a retry or a similar puzzle, the code of the puzzle that was missed."""
    notice: str = ""
    """A word for the learner about why this puzzle came up (``"Let's try this one again."``)."""
    plan: list[Teaching] = field(default_factory=list)
    """The teaching still to come (its first item is :attr:`teaching`)."""
    named: dict[str, int] = field(default_factory=dict)
    """How often each named mistake was made since it was last taught."""
    wrong_run: int = 0
    """Wrong answers in a row since the last teaching."""
    tries: int = 0
    """Answers to the teaching puzzle on screen (never more than :attr:`Policy.most_tries`)."""
    taught: int = 0
    """How many teaching plans have started (for the progress page and the benchmarks)."""
    games: RealGames = field(default_factory=RealGames)
    """The learner's decisions in real games (Play a hand): missed scores come back as puzzles."""
    on_decision: Callable[[Decision], None] | None = None
    """Called with every new decision (a progress store saves it)."""
    check: PlacementCheck | None = None
    """The placement check, while a new child takes it (:mod:`trainer.learning.placement`)."""

    def __post_init__(self) -> None:
        """One policy for the practice and its progress: a practice given its own rebuilds the progress
        under it; one given none follows its progress's."""
        if self.progress.policy == self.policy:
            return
        if self.policy == DEFAULT_POLICY:
            self.policy = self.progress.policy
        else:
            given = self.progress
            self.progress = Progress.from_attempts(given.attempts, given.facts.answers, policy=self.policy,
                                                   placement=given.placement, choices=given.choices)
            self.progress.facts.band = given.facts.band

    # ----- teaching -----

    @property
    def teaching(self) -> Teaching | None:
        """What to show next while a mistake is taught, or None."""
        return self.plan[0] if self.plan else None

    @property
    def must_answer(self) -> bool:
        """The puzzle on screen is the teaching's drill or missed puzzle: the child answers it again, until
        right or :attr:`Policy.most_tries` answers; the page keeps it up and offers no Next."""
        t = self.teaching
        if t is None or t.step not in (DRILL, RETRY) or self.puzzle is None:
            return False
        target = t.drill if t.step == DRILL and t.drill is not None else t.missed
        return self.puzzle.code == target.code and self.review in (ReviewMode.DRILL, ReviewMode.RETEACH)

    def teach_next(self) -> Teaching | None:
        """The child has read the contrast pair or the worked example: go on to the next step."""
        if self.plan and self.plan[0].step in (CONTRAST, EXAMPLE):
            self.plan.pop(0)
        return self.teaching

    def _teach(self, missed: Puzzle, trap: str | None) -> None:
        seed = self.seed_source.randrange(2**24)
        steps: list[Teaching] = []
        if trap is not None:
            pair = contrast(missed, trap)
            words = pair.you  # what the child did, said to them with the missed puzzle's numbers
            example = worked_example(missed, trap, seed)  # the same trap, really changing the answer
            drill_id = drill_kind(trap) or missed.kind
            drill = generate_for(drill_id, stage=missed.stage, level=1, trap=trap, seed=seed)
            steps += [Teaching(CONTRAST, trap, missed, pair=pair, words=words),
                      Teaching(EXAMPLE, trap, missed, example=example, words=words),
                      Teaching(DRILL, trap, missed, drill=drill, words=words)]
        else:
            steps.append(Teaching(EXAMPLE, None, missed, example=missed))
        steps.append(Teaching(RETRY, trap, missed, words=steps[0].words))
        self.plan = steps
        self.wrong_run = self.tries = 0
        self.taught += 1
        if trap is not None:
            self.named[trap] = 0

    def _after_answer(self, p: Puzzle, verdict: Verdict) -> None:
        """Move the teaching plan on, or start one."""
        step = self.teaching
        if step is not None and step.step in (DRILL, RETRY):
            self.tries += 1
            if verdict.correct or self.tries >= self.policy.most_tries:
                # right, or tried enough: the page shows the working and the child goes on (never locked in)
                self.plan.pop(0)
                self.wrong_run = self.tries = 0
                if step.trap is not None and step.trap in self.progress.parked(day_of(self.clock())):
                    self.plan.clear()  # taught twice today without it sticking: the coach moves on
            return
        if verdict.correct:
            self.wrong_run = 0
            return
        self.wrong_run += 1
        parked = self.progress.parked(day_of(self.clock()))
        if verdict.mistake in verdict.traps:  # the trap the child was told about (the likeliest of those that fit)
            self.named[verdict.mistake] = self.named.get(verdict.mistake, 0) + 1
        again = [t for t in verdict.traps[:1] if self.named.get(t, 0) >= self.policy.same_mistake_teaches
                 and t not in parked]
        if parked.intersection(verdict.traps) and not again:
            self.wrong_run = 0  # the coach has moved on from this trap today: no more teaching on it
        if again:
            self._teach(p, again[0])
        elif self.wrong_run >= self.policy.most_wrong_in_a_row:
            self._teach(p, verdict.traps[0] if verdict.traps else None)

    def new_puzzle(self, kind: str, stage: Stage, level: int) -> Puzzle:
        """Start a fresh puzzle; ``kind=COACH`` lets the coach choose (missed puzzles come back first).

        While a mistake is being taught, the teaching comes first: a contrast pair or worked example
        not yet gone through is passed (the page shows :attr:`teaching` first), then the drill and
        the missed puzzle are shown until answered right."""
        while self.plan and self.plan[0].step in (CONTRAST, EXAMPLE):
            self.plan.pop(0)
        if self.plan and not self.must_answer:
            t = self.plan[0]
            shown = t.drill if t.step == DRILL and t.drill is not None else t.missed
            if self.progress.parked(day_of(self.clock())).intersection(shown.traps):
                self.plan.clear()  # a trap the coach moved on from today: not this puzzle again today
        if self.plan:
            t = self.plan[0]
            if self.must_answer and self.puzzle is not None:  # answered wrong: up again, until right
                return self.show(self.puzzle, review=self.review, origin=self.origin,
                                 notice=coach_notice("again"))
            if t.step == DRILL and t.drill is not None:
                return self.show(t.drill, review=ReviewMode.DRILL, origin=t.missed.code,
                                 notice=coach_notice("warm-up"))
            return self.show(t.missed, review=ReviewMode.RETEACH, origin=t.missed.code,
                             notice=coach_notice("the-missed-one"))
        self.coached = kind == COACH
        if self.coached:
            due = self.progress.due_review(self.clock())
            if due is not None:
                missed = from_code(due.code)
                if due.how is ReviewMode.RETRY:
                    return self.show(missed, review=ReviewMode.RETRY, origin=due.code,
                                     notice=coach_notice("retry"))
                return self.show(similar(missed, self.seed_source.randrange(2**24)), review=ReviewMode.SIMILAR,
                                 origin=due.code, notice=coach_notice("similar"))
            game = self.games.due(self.clock(),
                                  answered_since([a.review for a in self.progress.attempts], ReviewMode.GAME),
                                  policy=self.policy)
            if game is not None:
                return self.show(game, review=ReviewMode.GAME, notice=transfer_words.from_your_game())
            kind, stage, level = self.progress.coach_pick(self.seed_source, self.clock())
            mastered = stage in self.progress.mastered or stage in self.progress.pending
            if mastered or self.progress.step(kind, stage) == MasteryStep.MASTERED:
                review = ReviewMode.REVIEW
            else:
                review = ReviewMode.NEW
            trap = self.progress.coach_trap(kind, stage, self.clock())
            puzzle = self._coached_puzzle(kind, stage, level, trap)
            return self.show(puzzle, review=review, notice=coach_notice("review") if review else "")
        seed = self.seed_source.randrange(2**24)
        return self.show(generate(kind, stage=stage, level=level, seed=seed))

    def _coached_puzzle(self, kind: str, stage: Stage, level: int, trap: str | None) -> Puzzle:
        """A puzzle of ``kind`` exposing ``trap`` (if any) and none of the traps the coach moved on from today
        (a few seeds are tried; a puzzle with none of the learner's traps at all will do)."""
        avoid = self.progress.parked(day_of(self.clock()))
        confirming = self.progress.confirming(stage, self.clock())
        if confirming and not avoid:
            return self._confirming_puzzle(kind, stage, level, trap, confirming)
        puzzle = None
        for aim in (trap, None) if avoid and trap else (trap,):  # the trap asked for, else any puzzle
            for _ in range(12 if avoid else 1):
                seed = self.seed_source.randrange(SEEDS if aim else 2**24)
                puzzle = (generate_for(kind, stage=stage, level=level, trap=aim, seed=seed) if aim
                          else generate(kind, stage=stage, level=level, seed=seed))
                if not avoid.intersection(puzzle.traps):
                    return puzzle
        assert puzzle is not None
        return puzzle

    def _confirming_puzzle(self, kind: str, stage: Stage, level: int, trap: str | None,
                           wanted: dict[str, int]) -> Puzzle:
        """While a stage is being confirmed, the puzzle to serve (:func:`.asking.confirming_puzzle`)."""
        return confirming_puzzle(kind, stage, level, trap, wanted, asked=self._asked_today(stage),
                                 missed=self._missed_where(stage), choices=self.policy.confirm_choices,
                                 seeds=self.seed_source)

    def _missed_where(self, stage: Stage) -> dict[str, dict[Setting, float]]:
        """Where this child got each trap wrong at ``stage`` lately (:func:`.asking.missed_where`)."""
        return missed_where(self.progress.attempts, stage)

    def _asked_today(self, stage: Stage) -> dict[tuple[str, tuple[Setting, ...]], int]:
        """How many of today's checks at ``stage`` (answers that can confirm it) asked each trap in each
        setting."""
        today = day_of(self.clock())
        asked: dict[tuple[str, tuple[Setting, ...]], int] = {}
        for a in reversed(self.progress.attempts):
            if a.at is None or day_of(a.at) != today:
                break
            if a.stage == stage and checks(a) and a.code:
                where = setting_of(a.code)
                for t in attempt_traps(a):
                    asked[(t, where)] = asked.get((t, where), 0) + 1
        return asked

    def choose_stage(self, stage: Stage) -> StageChoice:
        """The coach works at ``stage`` from now on, chosen by hand: an event, folded into the progress and
        handed to :attr:`on_choice`, so a reload or another tablet carries on there."""
        choice = StageChoice(stage, self.clock())
        self.progress.choose(choice)
        if self.on_choice is not None:
            self.on_choice(choice)
        return choice

    def try_similar(self) -> Puzzle:
        """A puzzle like the one on screen: the same kind, stage, level and trap."""
        if self.puzzle is None:
            raise ValueError(no_puzzle_yet())
        p = self.puzzle
        origin = self.origin or p.code
        return self.show(similar(p, self.seed_source.randrange(2**24)), review=ReviewMode.SIMILAR, origin=origin,
                         coached=self.coached)

    def show(self, puzzle: Puzzle, *, review: ReviewMode = ReviewMode.NEW, origin: str = "", notice: str = "",
             coached: bool | None = None) -> Puzzle:
        self.puzzle = puzzle
        self.started = self.clock()
        self.verdict = None
        self.outcome = None
        self.hinted = False
        self.review, self.origin, self.notice = review, origin, notice
        if coached is not None:
            self.coached = coached
        return puzzle

    def open_code(self, code: str) -> str | None:
        """Show the puzzle a code names; returns a friendly message if the code is bad."""
        try:
            self.show(from_code(code))
        except CodeError as err:
            return code_did_not_work(str(err))
        except ValueError:
            return code_did_not_work()
        self.coached = False
        return None

    @property
    def answered(self) -> bool:
        return self.verdict is not None

    @property
    def first_time(self) -> bool:
        """Whether the learner has never answered this kind at this stage (a worked example helps)."""
        p = self.puzzle
        return p is not None and not any(a.kind == p.kind and a.stage == p.stage for a in self.progress.attempts)

    def hint(self) -> Step | None:
        """The first step of the working; the answer is then recorded as hinted."""
        if self.puzzle is None or self.answered:
            return None
        self.hinted = True
        return self.puzzle.hint

    def tell_again(self) -> None:
        """The verdict on screen told again in the language spoken now, for the puzzle as it is told now (the
        page's language changed): the same answer, judged the same, in the other words."""
        if self.verdict is None or self.puzzle is None or self.response is None:
            return
        again = judge(self.puzzle, self.response, rank=self.progress.likeliest)
        if again.correct == self.verdict.correct:
            self.verdict = Verdict(self.verdict.correct, again.message, self.verdict.mistake, self.verdict.traps,
                                   self.verdict.is_answer)

    def answer(self, response: Any) -> Verdict:
        """Check an answer and record it (only the first answer to a puzzle counts).

        A response that is not an answer (junk, or a tap that is not a legal play) records
        nothing: the verdict says why, and the learner tries again."""
        if self.puzzle is None:
            return Verdict(False, no_puzzle_yet(), "unreadable", is_answer=False)
        verdict = judge(self.puzzle, response, rank=self.progress.likeliest)
        if not verdict.is_answer:
            return verdict
        if self.verdict is not None:
            if self.must_answer:
                self._after_answer(self.puzzle, verdict)  # answered again until right
            return verdict
        if self.verdict is None:
            seconds = max(0.0, self.clock() - self.started)
            p = self.puzzle
            attempt = Attempt(p.kind, p.stage, p.level, verdict.correct, round(seconds, 1), p.code,
                              verdict.mistake, hinted=self.hinted, review=self.review, origin=self.origin,
                              at=self.clock(), traps=puzzle_traps(p))
            self.outcome = self.progress.record(attempt)
            self.verdict, self.response = verdict, response
            if self.review is ReviewMode.GAME:
                self.games.practised(p.code, self.clock())
            if self.on_attempt is not None:
                self.on_attempt(attempt)
            self._after_answer(p, verdict)
        return verdict

    # ----- the Fives Sprint and the day's goal -----

    def coach_step(self) -> tuple[FactKind, ...]:
        """The number facts the coach steps to before its next puzzle (empty: none now, or while a
        mistake is being taught)."""
        if self.plan:
            return ()
        return self.progress.coach_facts(self.clock())

    def start_sprint(self, kinds: tuple[FactKind, ...] | None = None, *, coached: bool = False) -> SprintRound:
        """A round of number facts: a whole one (the Sprint page), or the coach's short step on ``kinds``."""
        count = self.policy.step_facts if coached else self.policy.round_facts
        self.sprint = SprintRound.start(self.progress.facts, self.seed_source, now=self.clock(), kinds=kinds,
                                        count=count, on_answer=self._fact_answered)
        self.sprint_coached = coached
        return self.sprint

    def _fact_answered(self, answer: SprintAnswer) -> None:
        out = self.progress.record_fact(answer)
        if out.mastered or out.unlocked or out.lost:
            self.outcome = out
        if self.on_fact is not None:
            self.on_fact(answer)

    def answer_fact(self, given: object) -> FactVerdict | None:
        """Answer the fact on screen (``None`` when no round is on, or it is over)."""
        if self.sprint is None:
            return None
        return self.sprint.answer(given, self.clock())

    @property
    def sprint_over(self) -> bool:
        return self.sprint is None or self.sprint.is_over(self.clock())

    def end_sprint(self) -> None:
        """Close the round; after the coach's step the puzzle waiting under it starts its clock now."""
        if self.sprint_coached and self.puzzle is not None and not self.answered:
            self.started = self.clock()
        self.sprint, self.sprint_coached = None, False

    @property
    def done_today(self) -> int:
        """Puzzles answered today."""
        today = day_of(self.clock())
        return sum(1 for a in self.progress.attempts if a.at is not None and day_of(a.at) == today)

    @property
    def goal_done(self) -> bool:
        """Today's goal of :attr:`Policy.daily_goal` puzzles is reached: the coach says so and offers free play."""
        return self.done_today >= self.policy.daily_goal

    def record_decision(self, decision: Decision) -> None:
        """Keep a decision from a real game (once per uid) and hand it to :attr:`on_decision`."""
        if self.games.add(decision) and self.on_decision is not None:
            self.on_decision(decision)

    # ----- the placement check -----

    @property
    def check_offered(self) -> bool:
        """The placement check is for this child now (not placed yet, nothing answered but the check)."""
        return is_offered(self.progress.attempts, self.progress.placement)

    def start_check(self) -> PlacementCheck:
        """The placement check, begun or taken up again where the stored answers left it."""
        if self.check is None:
            self.check = PlacementCheck(check_answers(self.progress.attempts), self.seed_source, self.clock)
        return self.check

    def record_check(self, attempt: Attempt | None) -> None:
        """Record one of the check's answers as every answer is (the progress, then :attr:`on_attempt`)."""
        if attempt is None:
            return
        self.progress.record(attempt)
        if self.on_attempt is not None:
            self.on_attempt(attempt)

    def place(self, placement: Placement) -> None:
        """The check is over (or skipped): its result goes into the progress, and the coach's first puzzle
        comes from where it starts."""
        self.check = None
        self.progress.place(placement)
        self.puzzle, self.verdict, self.outcome = None, None, None

    # ----- a live lesson's answers -----

    def judge_live(self, puzzle: Puzzle, response: Any, started: float) -> tuple[Verdict, Attempt | None]:
        """Check an answer to the teacher's puzzle in a live lesson (first shown at ``started`` on this
        practice's clock): the verdict, and the attempt to keep if it is an answer (``None`` for junk or
        a mis-tap). Nothing is recorded here: the store keeps the attempt with the class's answer, and
        then :meth:`record_live` counts it as practice."""
        verdict = judge(puzzle, response)
        if not verdict.is_answer:
            return verdict, None
        now = self.clock()
        seconds = round(max(0.0, now - started), 1)
        return verdict, Attempt(puzzle.kind, puzzle.stage, puzzle.level, verdict.correct, seconds, puzzle.code,
                                verdict.mistake, at=now, traps=puzzle_traps(puzzle))

    def record_live(self, attempt: Attempt) -> None:
        """Count a live answer the store already keeps (so it never goes to :attr:`on_attempt` as well)."""
        self.progress.record(attempt)
