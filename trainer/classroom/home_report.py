"""What a report for home says about one child, gathered from their answers: the stages learned, the stage
being learned now and how far along, the mistake they are growing out of, the days practised this month, and
the address that signs them in to practise at home. Pure Python: the date and the app's address are passed in;
:mod:`trainer.classroom.home_report_pdf` prints it, :mod:`trainer.words.home_report` says it.

Nothing here compares children: a report reads one child's answers only.

>>> from trainer.learning.attempt import Attempt
>>> r = home_report("Blue Fox", "KQ7M-XR4P", [Attempt("open-total", "muggins", 1, True, 4.0, at=1.8e9)], [],
...                 language="es", day=dt.date(2027, 1, 15), app_address="http://10.0.0.5:8501/",
...                 sign_in=("pQ3x-Tok3n_abcdef", dt.date(2027, 5, 15)))
>>> r.mastered, r.working_on, r.along, r.days_this_month
((), 'muggins', <Along.STARTING: 'starting'>, 1)
>>> r.link, r.until
('http://10.0.0.5:8501/?pass=pQ3x-Tok3n_abcdef&lang=es', datetime.date(2027, 5, 15))

The page never carries the learner code: its QR code carries a sign-in token of its own (``?pass=``, made by
the store: :mod:`trainer.store.passes`), one child's, to that child's own pages, until :attr:`HomeReport.until`.
"""

from __future__ import annotations

import datetime as dt
import enum
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import urlsplit

from puzzles import CORE_KINDS, KINDS, STAGES, TRAPS, CodeError, Stage, all_kinds, from_code, generate_for, kind
from puzzles.registry import TrapFamily, trap
from puzzles.worksheet import address_problem
from trainer.classroom.evidence import StageEvidence, of_progress
from trainer.classroom.report import LearnerRecord
from trainer.learning.attempt import Attempt
from trainer.learning.choice import StageChoice
from trainer.learning.days import month_calendar, practice_days
from trainer.learning.placement import Placement
from trainer.learning.progress import MASTERED, Progress
from trainer.learning.sprint import SprintAnswer
from trainer.store.errors import StoreError
from trainer.words import DEFAULT, normalise_language

LOCAL_ADDRESS = "http://localhost:8501/"
"""The app's address when the page's own is not known (as on the sign-in card)."""


class Along(enum.Enum):
    """How far along the stage being learned is, in a parent's steps (from its core kinds' mastery steps)."""

    STARTING = "starting"
    ON_THE_WAY = "on-the-way"
    PAST_HALFWAY = "past-halfway"
    NEARLY_THERE = "nearly-there"
    CHECKING = "checking"
    """It looked mastered on a day; right answers on a later day confirm it (:attr:`Progress.pending`)."""


ALONG_FROM: tuple[tuple[float, Along], ...] = ((0.8, Along.NEARLY_THERE), (0.5, Along.PAST_HALFWAY),
                                              (0.2, Along.ON_THE_WAY))
"""The share of a stage's mastery steps (:meth:`Progress.mastery_report`) from which each step is said."""


@dataclass(frozen=True)
class HomeReport:
    """One child's report for home: values only; the words come when it is printed in :attr:`language`."""

    nickname: str
    code: str
    """The learner code: never printed (the QR code carries a token of its own, :attr:`link`)."""
    language: str
    """The language the page is printed in: the child's own (``"en"``, ``"es"``)."""
    day: dt.date
    """The day the report was made."""
    answered: int
    mastered: tuple[str, ...]
    """The stages learned (confirmed on a later day), in the learning path's order."""
    working_on: str | None
    """The first stage not learned yet (``None``: every stage learned)."""
    along: Along
    sure_of: tuple[str, ...]
    """The kinds already mastered at :attr:`working_on`, core kinds first."""
    trap: str | None
    """The mistake the child is growing out of: the trap of their latest wrong answer that is not known yet."""
    days_this_month: int
    """Days of :attr:`day`'s month on which the child answered a puzzle or a Sprint fact."""
    practised_days: tuple[int, ...]
    """Those days, by their number in the month (for the page's little calendar)."""
    link: str | None
    """The address that opens the trainer signed in as the child with the page's own token (``?pass=``;
    ``None``: no token, or too long or not an address a QR code can carry: the page then has no QR code)."""
    example: str | None = None
    """The code of a puzzle on which to say why :attr:`trap` is wrong (:func:`trap_example`)."""

    until: dt.date | None = None
    """The last day the page's token signs in (a term after it was printed)."""
    evidence: tuple[StageEvidence, ...] = ()
    """Why each stage stands where it does (:mod:`trainer.classroom.evidence`), a sentence each on the page."""

    @property
    def trap_family(self) -> TrapFamily | None:
        return trap(self.trap).family if self.trap is not None else None


def app_address(page_url: str | None, page: str) -> str:
    """The app's own address, from the address of one of its pages (``page``: its name, the last part of
    the path): without the page's name and anything after ``?`` or ``#``.

    >>> app_address("http://10.0.0.5:8501/teacher?lang=es", "teacher")
    'http://10.0.0.5:8501/'
    >>> app_address("https://school.example/fives/my_progress", "my_progress"), app_address(None, "teacher")
    ('https://school.example/fives/', 'http://localhost:8501/')
    """
    base = (page_url or "").split("#", 1)[0].split("?", 1)[0].strip()
    if base.rstrip("/").endswith("/" + page):
        base = base.rstrip("/")[: -len(page)]
    if not base:
        return LOCAL_ADDRESS
    return base if base.endswith("/") else base + "/"


def is_local(address: str) -> bool:
    """Whether ``address`` names the computer it is opened on (``localhost``, ``127.…``, ``::1``): a QR code
    carrying it opens nothing at home.

    >>> is_local("http://127.0.0.1:8501/"), is_local("http://192.168.1.20:8501/"), is_local("")
    (True, False, True)
    """
    host = urlsplit(address.strip() or LOCAL_ADDRESS).hostname or ""
    return host == "localhost" or host.startswith("127.") or host == "::1"


def practice_link(address: str, token: str, language: str) -> str:
    """The address that opens Practice signed in with a printed page's token (``?pass=``: that child's own
    pages only, never the learner code), in their language.

    >>> practice_link("http://10.0.0.5:8501", "pQ3xTok3n_abcdef", "en")
    'http://10.0.0.5:8501/?pass=pQ3xTok3n_abcdef'
    """
    base = address.strip() or LOCAL_ADDRESS
    if not base.endswith("/"):
        base += "/"
    return f"{base}?pass={token}" + (f"&lang={language}" if language != DEFAULT else "")


def learning_trap(progress: Progress) -> Attempt | None:
    """The wrong answer whose trap the child is growing out of: their latest wrong answer that names a trap,
    while that trap is not known yet (its p(known) under the policy's mastery bar). ``None`` otherwise."""
    for a in reversed(progress.attempts):
        if not a.correct and a.mistake in TRAPS:
            return a if progress.knowledge.p(a.mistake) < progress.policy.mastered_at else None
    return None


def trap_example(trap_id: str, missed: str = "") -> str | None:
    """The code of a puzzle on which the trap's reason can be said (:attr:`puzzles.registry.Kind.trap_reason`):
    the puzzle the child missed (``missed``, its code) when it exposes the trap, else one made to show it."""
    try:
        p = from_code(missed) if missed else None
    except (CodeError, ValueError):
        p = None
    if p is not None and trap_id in p.traps and kind(p.kind).trap_reason is not None:
        return p.code
    return _made_example(trap_id)


@functools.cache
def _made_example(trap_id: str) -> str | None:
    """A puzzle made to show the trap, at the first stage it can happen (the same one every time)."""
    for record in all_kinds():
        if trap_id in record.mastery_traps and record.trap_reason is not None:
            p = generate_for(record.id, stage=trap(trap_id).stages[0], level=1, trap=trap_id, seed=0)
            if trap_id in p.traps:
                return p.code
    return None


def along(progress: Progress, stage: Stage) -> Along:
    """How far along ``stage`` is, in a parent's steps."""
    if stage in progress.pending:
        return Along.CHECKING
    share = progress.mastery_report(stage)["share"]
    return next((step for bar, step in ALONG_FROM if share >= bar), Along.STARTING)


SignIn = tuple[str, dt.date]
"""A printed page's sign-in token and the last day it works (from :meth:`trainer.store.Store.home_pass`)."""


def home_report(nickname: str, code: str, attempts: Sequence[Attempt], facts: Sequence[SprintAnswer], *,
                language: object, day: dt.date, app_address: str, sign_in: SignIn | None = None,
                placement: Placement | None = None, choices: Sequence[StageChoice] = ()) -> HomeReport:
    """Gather a child's report from their answers and Sprint answers, in the order given (and what their
    placement check showed, and the stages they chose by hand)."""
    return report_of(Progress.from_attempts(attempts, facts, placement=placement, choices=choices), nickname, code,
                     language=language, day=day, app_address=app_address, sign_in=sign_in)


def report_of(progress: Progress, nickname: str, code: str, *, language: object, day: dt.date,
              app_address: str, sign_in: SignIn | None = None) -> HomeReport:
    """A child's report from their progress as it is folded already (My progress has it in the session);
    ``sign_in``: the token its QR code carries (none: no QR code)."""
    mastered = tuple(s for s in STAGES if progress.is_mastered(s))
    working = next((s for s in STAGES if s not in mastered), None)
    kinds = sorted(KINDS, key=lambda k: (k not in CORE_KINDS, KINDS.index(k)))
    sure = tuple(k for k in kinds if working is not None and progress.step(k, working) == MASTERED)
    calendar = month_calendar(practice_days(progress.attempts, progress.facts.answers, policy=progress.policy),
                              day.year, day.month, today=day)
    lang = normalise_language(language)
    link = practice_link(app_address, sign_in[0], lang) if sign_in is not None else None
    missed = learning_trap(progress)
    slip = missed.mistake if missed is not None else None
    return HomeReport(
        nickname=nickname, code=code, language=lang, day=day, answered=progress.answered, mastered=mastered,
        working_on=working, along=along(progress, working) if working is not None else Along.NEARLY_THERE,
        sure_of=sure, trap=slip, example=trap_example(slip, missed.code) if missed and slip else None,
        days_this_month=calendar.practised,
        practised_days=tuple(d.day.day for d in calendar.days if d.practised),
        link=None if link is None or address_problem(link, with_query=True) else link,
        until=sign_in[1] if sign_in is not None else None, evidence=tuple(of_progress(progress)))


Learner = LearnerRecord
"""What a report needs of a learner of a class, read only (the store's report rows have it)."""


class Source(Protocol):
    """What a report reads from the store besides a class's rows (:class:`trainer.store.Store` has it)."""

    def sprint_answers(self, learner_code: str) -> list[SprintAnswer]: ...

    def language(self, learner_code: object) -> str | None: ...

    def placement(self, learner_code: str) -> Placement | None: ...

    def stage_choices(self, learner_code: str) -> list[StageChoice]: ...


def class_reports(source: Source, learners: Sequence[Learner], *, language: str, day: dt.date,
                  app_address: str, sign_ins: Mapping[str, SignIn] | None = None) -> list[HomeReport]:
    """A report for each learner, in the order given, each in the learner's own language (their choice, else
    their class's, else ``language``: the teacher's), its QR code carrying the learner's token of
    ``sign_ins`` (by learner code). While the store is away a report is still made, from the puzzle answers
    alone, in ``language``, without a QR code: a teacher at the printer gets pages, not an error."""
    out = []
    for lr in learners:
        placed: Placement | None = None
        chosen: list[StageChoice] = []
        try:
            facts, own = source.sprint_answers(lr.code), source.language(lr.code)
            placed, chosen = source.placement(lr.code), source.stage_choices(lr.code)
        except StoreError:
            facts, own = [], None
        out.append(home_report(lr.nickname, lr.code, lr.attempts, facts, language=own or language, day=day,
                               app_address=app_address, sign_in=(sign_ins or {}).get(lr.code),
                               placement=placed, choices=chosen))
    return out
