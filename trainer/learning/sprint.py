"""The Fives Sprint: a short daily round of the number facts under the games.

Counting on and back in fives, the next and the previous multiple of five, the nearest five, pairs
that make 5 and 10, "is it a multiple of five?", and adding the three or four small numbers of a
layout's open ends. Each fact has a time bar (3–6 seconds, by fact type and age band) that the
child sees; a round is 20 facts or 2 minutes, whichever comes first. Each fact is a card of FSRS
(py-fsrs, :mod:`trainer.learning.spacing`): a round asks the facts that are due first, the likeliest
forgotten first, keeps a few places for new facts, and a fact is fluent (green) while its last answer
was right and quick and FSRS still expects the child to recall it (the numbers are the default
:class:`~trainer.learning.policy.Policy`'s).

Pure Python: the clock and the randomness are injected.

>>> fact = Fact.parse("make10:3")
>>> fact.question, fact.answer
('3 + ? = 10', 7)
>>> fact.kind.time_bar(AgeBand.YOUNG)
5.0
>>> round_ = SprintRound.start(SprintHistory(), random.Random(1), now=0.0)
>>> len(round_.facts)
20
"""

from __future__ import annotations

import datetime as dt
import enum
import functools
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from trainer.learning.policy import DEFAULT_POLICY, Policy
from trainer.learning.rows import row_values
from trainer.learning.spacing import Memory
from trainer.rules import round_to_five
from trainer.words import sprint as words


class AgeBand(enum.Enum):
    """Younger children get a second more on every fact."""

    YOUNG = "young"
    """About 5 to 7 years old."""
    OLDER = "older"
    """8 and over."""


class FactKind(enum.Enum):
    """The kinds of number fact, each with its time bar (seconds, for an older child)."""

    COUNT_ON = ("on", "Count on in fives", 3.0)
    COUNT_BACK = ("back", "Count back in fives", 4.0)
    NEXT_FIVE = ("next", "The next multiple of five", 4.0)
    PREVIOUS_FIVE = ("prev", "The multiple of five before", 4.0)
    NEAREST_FIVE = ("near", "The nearest five", 4.0)
    MAKE_FIVE = ("make5", "Pairs that make 5", 3.0)
    MAKE_TEN = ("make10", "Pairs that make 10", 4.0)
    IS_MULTIPLE = ("is5", "Is it a multiple of five?", 3.0)
    ADD_ENDS = ("add", "Add the open ends", 5.0)

    def __init__(self, prefix: str, name: str, bar: float) -> None:
        self.prefix = prefix
        self.bar = bar

    @property
    def title(self) -> str:
        """The kind's title in the reader's language."""
        return words.kind_title(self.prefix)

    def time_bar(self, band: AgeBand = AgeBand.OLDER) -> float:
        """Seconds a fluent child needs for a fact of this kind (3–6 s)."""
        return self.bar + (1.0 if band is AgeBand.YOUNG else 0.0)

    @classmethod
    def by_prefix(cls, prefix: str) -> FactKind:
        for k in cls:
            if k.prefix == prefix:
                return k
        raise ValueError(f"no fact kind {prefix!r}")


@dataclass(frozen=True, order=True)
class Fact:
    """One number fact: its kind and the numbers it is about. ``id`` round-trips through :meth:`parse`."""

    kind: FactKind = field(compare=False)
    numbers: tuple[int, ...]
    id: str = field(default="", compare=True)

    def __post_init__(self) -> None:
        if not self.id:
            object.__setattr__(self, "id", f"{self.kind.prefix}:{'+'.join(map(str, self.numbers))}")

    @classmethod
    def parse(cls, text: str) -> Fact:
        """A fact from its id (``"make10:3"``); ``ValueError`` for anything that is not one."""
        prefix, _, rest = str(text).partition(":")
        kind = FactKind.by_prefix(prefix)
        try:
            numbers = tuple(int(n) for n in rest.split("+"))
        except ValueError:
            raise ValueError(f"not a fact: {text!r}") from None
        fact = cls(kind, numbers)
        if fact.id not in _known_ids():
            raise ValueError(f"not a fact: {text!r}")
        return fact

    @property
    def answer(self) -> int | bool:
        """The right answer: a whole number, or ``True``/``False`` for "is it a multiple of five?"."""
        k, ns = self.kind, self.numbers
        n = ns[0]
        if k is FactKind.COUNT_ON:
            return n + 5
        if k is FactKind.COUNT_BACK:
            return n - 5
        if k is FactKind.NEXT_FIVE:
            return (n // 5 + 1) * 5
        if k is FactKind.PREVIOUS_FIVE:
            return ((n - 1) // 5) * 5
        if k is FactKind.NEAREST_FIVE:
            return round_to_five(n)
        if k is FactKind.MAKE_FIVE:
            return 5 - n
        if k is FactKind.MAKE_TEN:
            return 10 - n
        if k is FactKind.IS_MULTIPLE:
            return n % 5 == 0
        return sum(ns)

    @property
    def question(self) -> str:
        """The fact as the child reads it."""
        return words.question(self.kind.prefix, self.numbers)

    @property
    def choices(self) -> tuple[int | bool, ...]:
        """Four big buttons to tap (two for yes/no): the answer and the likeliest slips, in order."""
        answer = self.answer
        if isinstance(answer, bool):
            return (True, False)
        n = self.numbers[0]
        slips = {
            FactKind.COUNT_ON: (answer + 5, answer - 10, answer + 1),
            FactKind.COUNT_BACK: (answer - 5, answer + 10, answer - 1),
            FactKind.NEXT_FIVE: (answer - 5, answer + 5, n + 1),
            FactKind.PREVIOUS_FIVE: (answer + 5, answer - 5, n - 1),
            FactKind.NEAREST_FIVE: (answer + 5 if answer <= n else answer - 5, answer + 10, n),
            FactKind.MAKE_FIVE: (answer + 1, answer - 1, 5 + n),
            FactKind.MAKE_TEN: (answer + 1, answer - 1, 5 - n if n < 5 else n),
            FactKind.ADD_ENDS: (answer + 1, answer - 1, answer + 10),
        }[self.kind]
        out: list[int] = [int(answer)]
        for s in (*slips, answer + 2, answer + 3, answer - 2):
            if s >= 0 and s not in out and len(out) < 4:
                out.append(s)
        return tuple(sorted(out))

    def check(self, given: object) -> bool:
        """Whether ``given`` (a number, a yes/no, or ``"yes"``/``"no"``) is the answer."""
        answer = self.answer
        if isinstance(answer, bool):
            if isinstance(given, str):
                given = {"yes": True, "no": False}.get(given.strip().lower())
            return given is answer
        return not isinstance(given, bool) and isinstance(given, int) and given == answer


def all_facts() -> list[Fact]:
    """Every fact a sprint can ask, in a fixed order (the grid's order)."""
    return list(_all_facts())


@functools.cache
def _all_facts() -> tuple[Fact, ...]:
    facts: list[Fact] = []
    facts += [Fact(FactKind.COUNT_ON, (n,)) for n in range(10, 50, 5)]
    facts += [Fact(FactKind.COUNT_BACK, (n,)) for n in range(40, 0, -5)]
    facts += [Fact(FactKind.NEXT_FIVE, (n,)) for n in range(1, 50) if n % 5]
    facts += [Fact(FactKind.PREVIOUS_FIVE, (n,)) for n in range(1, 50) if n % 5]
    facts += [Fact(FactKind.NEAREST_FIVE, (n,)) for n in range(1, 50) if n % 5]
    facts += [Fact(FactKind.MAKE_FIVE, (n,)) for n in range(0, 6)]
    facts += [Fact(FactKind.MAKE_TEN, (n,)) for n in range(0, 11)]
    facts += [Fact(FactKind.IS_MULTIPLE, (n,)) for n in range(1, 61)]
    facts += [Fact(FactKind.ADD_ENDS, ns) for ns in _open_ends()]
    return tuple(facts)


@functools.cache
def _known_ids() -> frozenset[str]:
    return frozenset(f.id for f in _all_facts())


@functools.cache
def facts_of(kind: FactKind) -> tuple[Fact, ...]:
    """Every fact of one kind, in the grid's order."""
    return tuple(f for f in _all_facts() if f.kind is kind)


def _open_ends() -> list[tuple[int, ...]]:
    """Three or four pips of 0–6, as the open ends of a layout, sorted (each sum once per set)."""
    out: list[tuple[int, ...]] = []
    for a in range(7):
        for b in range(a, 7):
            for c in range(b, 7):
                out.append((a, b, c))
    for a in range(1, 4):  # four ends: the small ones a child adds in a spinner layout
        for b in range(a, 5):
            for c in range(b, 6):
                for d in range(c, 7):
                    out.append((a, b, c, d))
    return out


@dataclass(frozen=True)
class SprintAnswer:
    """One answered fact: what was asked, whether it was right, how long it took, when (epoch seconds)."""

    fact: str
    correct: bool
    seconds: float
    at: float
    bar: float = 4.0
    """The time bar the child saw."""

    @property
    def fluent(self) -> bool:
        return self.correct and self.seconds <= self.bar

    def to_row(self) -> dict[str, object]:
        """The answer as plain values, by field name (the store keeps these)."""
        return {"fact": self.fact, "correct": bool(self.correct), "seconds": float(self.seconds),
                "at": float(self.at), "bar": float(self.bar)}

    @classmethod
    def from_row(cls, row: object) -> SprintAnswer:
        """An answer from :meth:`to_row`'s values (a mapping or a database row), checked field by field:
        ``ValueError`` for anything malformed."""
        values = row_values(row, _SPRINT_TYPES, required=("fact", "correct", "seconds", "at"), what="a Sprint answer")
        return cls(**values)


_SPRINT_TYPES: dict[str, tuple[type, ...]] = {
    "fact": (str,), "correct": (bool,), "seconds": (int, float), "at": (int, float), "bar": (int, float)}


class FactState(enum.Enum):
    """A fact's place in the grid (as XtraMath shows it)."""

    NEW = "new"
    WRONG = "wrong"
    SLOW = "slow"
    FADING = "fading"
    """Quick last time, but long enough ago that FSRS expects it may be forgotten: time to see it again."""
    FLUENT = "fluent"


def day_of(at: float, utc_offset_hours: float = 0.0) -> dt.date:
    """The calendar day of a time (epoch seconds)."""
    return _day(at, utc_offset_hours)


def _day(at: float, utc_offset_hours: float = 0.0) -> dt.date:
    return dt.datetime.fromtimestamp(at + utc_offset_hours * 3600, tz=dt.UTC).date()


def green_light(quick: int, policy: Policy = DEFAULT_POLICY) -> bool:
    """The daily green light's one rule, for today (:meth:`SprintHistory.goal_done`) and for the days
    before (:mod:`trainer.learning.days`): a whole round's worth of right, quick answers on one day."""
    return quick >= policy.round_facts


@dataclass
class SprintHistory:
    """A learner's sprint answers in order, and everything worked out from them (a fold, like
    :class:`trainer.learning.progress.Progress`): each fact is a py-fsrs card in a
    :class:`~trainer.learning.spacing.Memory`, rebuilt from the answers.

    Where a reading depends on the time (``now``, epoch seconds) and none is given, it is the time of
    the last answer: the fold's own clock, so the same answers always read the same."""

    answers: list[SprintAnswer] = field(default_factory=list)
    band: AgeBand = AgeBand.OLDER
    policy: Policy = field(default=DEFAULT_POLICY, kw_only=True, repr=False, compare=False)
    """When a fact is fluent and due, and what a day's round is."""
    _by_fact: dict[str, list[SprintAnswer]] = field(default_factory=dict, repr=False, compare=False)
    memory: Memory = field(init=False, repr=False, compare=False)
    """Every fact's py-fsrs card."""

    def __post_init__(self) -> None:
        self.memory = Memory(self.policy.fact_retention, self.policy.fact_learning_minutes,
                             self.policy.fact_again_hours)
        answers, self.answers = self.answers, []
        for a in answers:
            self.add(a)

    @classmethod
    def from_answers(cls, answers: Iterable[SprintAnswer], band: AgeBand = AgeBand.OLDER, *,
                     policy: Policy = DEFAULT_POLICY) -> SprintHistory:
        return cls(list(answers), band, policy=policy)

    def add(self, answer: SprintAnswer) -> None:
        self.answers.append(answer)
        self._by_fact.setdefault(answer.fact, []).append(answer)
        self.memory.review(answer.fact, answer.correct, answer.fluent, answer.at)

    def _now(self, now: float | None) -> float:
        if now is not None:
            return now
        return self.answers[-1].at if self.answers else 0.0

    def of(self, fact: Fact | str) -> list[SprintAnswer]:
        fid = fact.id if isinstance(fact, Fact) else fact
        return list(self._by_fact.get(fid, ()))

    def retrievability(self, fact: Fact | str, now: float | None = None) -> float:
        """FSRS's chance that the child recalls the fact now (0 for a fact never asked)."""
        return self.memory.retrievability(fact.id if isinstance(fact, Fact) else fact, self._now(now))

    def state(self, fact: Fact | str, now: float | None = None) -> FactState:
        """Fluent when the last answers (:attr:`Policy.fluent_run`) were right within the time bar the
        child saw, and FSRS's retrievability now is at least :attr:`Policy.fluent_recall`."""
        fid = fact.id if isinstance(fact, Fact) else fact
        mine = self._by_fact.get(fid, ())
        if not mine:
            return FactState.NEW
        if not mine[-1].correct:
            return FactState.WRONG
        run = self.policy.fluent_run
        if not (len(mine) >= run and all(a.fluent for a in mine[-run:])):
            return FactState.SLOW
        if self.memory.retrievability(fid, self._now(now)) < self.policy.fluent_recall:
            return FactState.FADING
        return FactState.FLUENT

    def due(self, fact: Fact | str, now: float) -> bool:
        """Whether an answered fact is due again by its py-fsrs card (a fact never asked is new, not due)."""
        return self.memory.due(fact.id if isinstance(fact, Fact) else fact, now)

    def rounds_on(self, day: dt.date) -> int:
        """How many answers were given on that day."""
        return sum(1 for a in self.answers if _day(a.at) == day)

    def goal_done(self, now: float) -> bool:
        """The daily green light: a whole round's worth of right, quick answers today."""
        return green_light(self.quick_on(now), self.policy)

    def left_today(self, now: float) -> int:
        """How many more right, quick answers today turn the light green."""
        return max(0, self.policy.round_facts - self.quick_on(now))

    def quick_on(self, now: float) -> int:
        """Right, quick answers given on the day of ``now``."""
        today = _day(now)
        return sum(1 for a in self.answers if a.fluent and _day(a.at) == today)

    def kind_fluent(self, kind: FactKind, now: float | None = None) -> bool:
        """Whether every one of the kind's facts is fluent (the grid's green)."""
        return all(self.state(f, now) is FactState.FLUENT for f in facts_of(kind))

    def facts_fluent(self, kinds: Iterable[FactKind], now: float | None = None) -> bool:
        """Whether the learner is fluent in these kinds of fact taken together (a stage's): at least
        :attr:`Policy.fluent_share` of their facts fluent (rounded up), and none of them wrong twice running."""
        facts = [f for k in dict.fromkeys(kinds) for f in facts_of(k)]
        if any(self.wrong_twice(f) for f in facts):
            return False
        fluent = sum(1 for f in facts if self.state(f, now) is FactState.FLUENT)
        return fluent >= math.ceil(self.policy.fluent_share * len(facts) - 1e-9)

    def wrong_twice(self, fact: Fact | str) -> bool:
        """Whether the fact's last two answers were both wrong."""
        mine = self._by_fact.get(fact.id if isinstance(fact, Fact) else fact, ())
        return len(mine) >= 2 and not mine[-1].correct and not mine[-2].correct

    def not_fluent(self, kinds: Iterable[FactKind], now: float | None = None) -> tuple[FactKind, ...]:
        """The kinds among ``kinds`` that still hold them back, in the order given: none once they are fluent
        together (:meth:`facts_fluent`), else those with a fact not fluent yet."""
        kinds = tuple(kinds)
        if self.facts_fluent(kinds, now):
            return ()
        return tuple(k for k in kinds if not self.kind_fluent(k, now))

    def any_due(self, kinds: Iterable[FactKind], now: float) -> tuple[FactKind, ...]:
        """The kinds among ``kinds`` with an answered fact due again by its py-fsrs card."""
        kinds = tuple(kinds)
        due = {Fact.parse(f).kind for f in self._by_fact if f in _known_ids() and self.memory.due(f, now)}
        return tuple(k for k in kinds if k in due)

    def best_round(self) -> int:
        """The child's own best: the most right, quick answers on any one day (no ranking, only their own)."""
        days: dict[dt.date, int] = {}
        for a in self.answers:
            days[_day(a.at)] = days.get(_day(a.at), 0) + (1 if a.fluent else 0)
        return max(days.values(), default=0)

    def grid(self, now: float | None = None) -> dict[FactKind, list[tuple[Fact, FactState]]]:
        """Every fact by kind with its state, for My progress and the teacher's view."""
        out: dict[FactKind, list[tuple[Fact, FactState]]] = {k: [] for k in FactKind}
        for fact in all_facts():
            out[fact.kind].append((fact, self.state(fact, now)))
        return out

    def fluent_share(self, kinds: Sequence[FactKind] | None = None, now: float | None = None) -> float:
        """Share of the facts (of these kinds) that are fluent."""
        facts = [f for f in all_facts() if kinds is None or f.kind in kinds]
        return sum(1 for f in facts if self.state(f, now) is FactState.FLUENT) / len(facts) if facts else 0.0


def choose_facts(history: SprintHistory, rng: random.Random, now: float, *, count: int | None = None,
                 kinds: Sequence[FactKind] | None = None) -> list[Fact]:
    """The facts of a round, in the order asked (``count``, a whole round's by the history's policy
    unless said; ``kinds`` narrows it, as the coach's steps to the facts a trap needs).

    First the facts py-fsrs says are due, the likeliest forgotten first (lowest retrievability), but
    :attr:`Policy.new_share` of the round is kept for new facts, kinds taking turns, so a round always
    moves the child on; then more new facts, then the answered facts not due, again the weakest first.
    A fact is asked once per round; ties are broken by ``rng``."""
    if count is None:
        count = history.policy.round_facts
    pool = [f for f in all_facts() if kinds is None or f.kind in kinds]
    rng.shuffle(pool)
    seen = [f for f in pool if history.memory.seen(f.id)]
    weakest = sorted(seen, key=lambda f: history.retrievability(f, now))  # stable: the shuffle breaks ties
    due = [f for f in weakest if history.due(f, now)]
    rest = [f for f in weakest if not history.due(f, now)]
    new = _spread([f for f in pool if not history.memory.seen(f.id)])
    keep_new = min(len(new), max(1, round(count * history.policy.new_share)))
    first = due[:count - keep_new]
    return (first + new[:count - len(first)] + due[len(first):] + rest)[:count]


def _spread(facts: list[Fact]) -> list[Fact]:
    """The facts with kinds taking turns, so a round mixes them."""
    queues: dict[FactKind, list[Fact]] = {}
    for f in facts:
        queues.setdefault(f.kind, []).append(f)
    out: list[Fact] = []
    while any(queues.values()):
        for q in queues.values():
            if q:
                out.append(q.pop(0))
    return out


@dataclass
class FactVerdict:
    fact: Fact
    given: object
    correct: bool
    seconds: float
    bar: float

    @property
    def fluent(self) -> bool:
        return self.correct and self.seconds <= self.bar


@dataclass
class SprintRound:
    """One round in progress: the facts, which one is up, the answers so far."""

    facts: list[Fact]
    started: float
    band: AgeBand = AgeBand.OLDER
    seconds: float = DEFAULT_POLICY.round_seconds
    """How long the round lasts at most."""
    at: int = 0
    shown: float = 0.0
    """When the current fact's clock started: when the page drew it (:meth:`show`), or else when the
    round started or the last fact was answered."""
    drawn: bool = False
    """Whether the page has drawn the current fact (its clock then started at :meth:`show`)."""
    verdicts: list[FactVerdict] = field(default_factory=list)
    on_answer: Callable[[SprintAnswer], None] | None = None

    @classmethod
    def start(cls, history: SprintHistory, rng: random.Random, *, now: float,
              kinds: Sequence[FactKind] | None = None, count: int | None = None,
              on_answer: Callable[[SprintAnswer], None] | None = None) -> SprintRound:
        """A round of ``count`` facts (a whole round's by the history's policy unless said)."""
        return cls(choose_facts(history, rng, now, kinds=kinds, count=count), started=now, band=history.band,
                   seconds=history.policy.round_seconds, shown=now, on_answer=on_answer)

    @property
    def current(self) -> Fact | None:
        return self.facts[self.at] if self.at < len(self.facts) else None

    def show(self, now: float) -> None:
        """The page has the current fact on screen: its clock starts now (only the first time it is
        drawn, so a rerun of the page does not give more time), and time spent before — the page
        drawing the round, a slow first load — is not the child's."""
        if not self.drawn and self.current is not None:
            self.shown, self.drawn = now, True

    def is_over(self, now: float) -> bool:
        return self.current is None or now - self.started >= self.seconds

    def time_bar(self) -> float:
        fact = self.current
        return fact.kind.time_bar(self.band) if fact is not None else 0.0

    def answer(self, given: object, now: float) -> FactVerdict | None:
        """Answer the current fact and move on (``None`` once the round is over)."""
        fact = self.current
        if fact is None or self.is_over(now):
            return None
        seconds = max(0.0, now - self.shown)
        verdict = FactVerdict(fact, given, fact.check(given), round(seconds, 2), self.time_bar())
        self.verdicts.append(verdict)
        if self.on_answer is not None:
            self.on_answer(SprintAnswer(fact.id, verdict.correct, verdict.seconds, now, verdict.bar))
        self.at += 1
        self.shown, self.drawn = now, False
        return verdict

    @property
    def right(self) -> int:
        return sum(v.correct for v in self.verdicts)

    @property
    def fluent(self) -> int:
        return sum(v.fluent for v in self.verdicts)


def fluent_answers(kinds: Iterable[FactKind], at: float = 0.0, *,
                   policy: Policy = DEFAULT_POLICY) -> list[SprintAnswer]:
    """Answers that make each of ``kinds`` fluent (every one of its facts, right and quick, enough
    times): for tests and simulations that start from a learner who knows their number facts."""
    out = []
    for kind in kinds:
        for fact in facts_of(kind):
            out += [SprintAnswer(fact.id, True, 1.0, at, kind.time_bar())] * policy.fluent_run
    return out
