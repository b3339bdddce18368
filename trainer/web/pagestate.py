"""Typed page state: each page keeps what it needs between reruns as one record under one key of
``st.session_state``, and the session keeps its own record beside them.

A record is a dataclass defined here (never in a page script, which is run anew on every rerun and
would make ``isinstance`` fail). A page's record is changed only by that page's callbacks; the
session's record only by :mod:`trainer.web.session`. Widgets keep their own keys (Streamlit needs them),
but a chooser reports into its page's record through its callback, and the record is what the page
reads: a widget that Streamlit forgot while another page was open, or one that came back empty,
never leaves the page without its choice.

Besides these records the session holds two keys of :mod:`trainer.web.session`: ``"me"`` (the signed-in
learner) and ``"practice"`` (their :class:`~trainer.learning.practice.Practice`). :data:`KEYS` lists every
key that is not a widget's. My progress and Rules keep no state of their own: they draw the
learner's practice.

Signing in or out goes through :func:`trainer.web.signin.reset_learner`, which asks every record to
:meth:`forget_learner` what belongs to the learner (the game, the live lesson, the outbox's
bookkeeping); nothing else clears another module's state.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar

import streamlit as st

from puzzles import KINDS, STAGES, Puzzle, Stage
from trainer.games.guided import GameSaver, GuidedGame, Setup
from trainer.games.seating import Seating
from trainer.learning.assignment import Assignment
from trainer.learning.practice import COACH

T = TypeVar("T")


@dataclass
class SessionState:
    """This browser session: who asks, what the browser remembers, the outbox's bookkeeping, the class
    a teacher opened, and the notices every page shows. Kept by :mod:`trainer.web.session` under
    ``"session"``."""

    client: str = field(default_factory=lambda: uuid.uuid4().hex)
    """This session's id, for the store's limits on code and key checks."""
    notice: str | None = None
    """A word for whoever is here (a code that did not work, a removed learner), shown once on the next page."""
    saved_again: bool = False
    """Answers waiting in the outbox were saved after an outage: say so once."""
    tried_code: str | None = None
    """The ``?me=`` code this session has tried (a code that did not work is reported once)."""
    waiting: bool = False
    """Signed in from the address while the store was away: the code is checked once it is back."""
    home_pass: str | None = None
    """The printed sign-in token (``?pass=``) this session's learner signed in with: their own pages only, and
    their learner code is never shown, put in the address or kept by the browser (``None``: signed in with
    the code itself)."""
    tried_pass: str | None = None
    """The ``?pass=`` token this session has tried (one that did not work is reported once)."""
    device: dict | None = None
    """What the browser remembers (``{"code", "nickname", "outbox", "teacher"}``), once it has said."""
    device_asks: int = 0
    runs: int = 0
    """Page runs of this session so far (:func:`trainer.web.ui.run_page` counts them)."""
    device_asked_in: int = -1
    """The run in which the browser was last asked what it remembers."""
    device_saved: str | None = None
    """The learner code this browser was last asked to remember."""
    device_forget: bool = False
    """The browser is to forget the learner on the next run (after a sign-out)."""
    device_declined: bool = False
    """"Continue as …?" was answered no."""
    teacher_forgets: int = 0
    outbox_sent: str = ""
    """The copy of the outbox last given to the browser."""
    outbox_n: int = 0
    outbox_adopted: bool = False
    """Answers the browser kept from an earlier session were taken into the outbox."""
    guest_sent: tuple[int, int, int] = (0, 0, 0)
    """How many answers, Sprint answers and stages chosen by hand of a guest's this tab was last given to keep."""
    guest_adopted: bool = False
    """What this tab kept of a guest's practice before a reload was taken back (or there was none)."""
    teacher: tuple[str, str] | None = None
    """The class a teacher opened in this browser: (class code, teacher key)."""
    page: str | None = None
    """The page drawn last (a phone's menu closes when it changes)."""
    page_language: str | None = None
    """The language the document was last said to be in (``<html lang>``)."""
    release: int = 0
    """How many times the keys were given back to the page's shortcuts."""
    boards: int = 0
    """Pictures the board has drawn so far (the first are also plain images: :func:`trainer.web.ui.first_paint`)."""
    menu: tuple[tuple[str, str], Any] | None = None
    """The menu built for this session, with the title of the sign-in page and the language it was built for."""
    menu_pages: dict[str, Any] = field(default_factory=dict)
    """That menu's pages by name (``st.Page``): a link to one of them names it directly, where a link to its
    file would look the file up on the disk on every run."""

    def forget_learner(self) -> None:
        self.waiting = False
        self.outbox_sent = ""
        self.outbox_adopted = False


@dataclass
class LanguageState:
    """The language this session reads (``"language"``), kept by :mod:`trainer.web.language`."""

    chosen: str | None = None
    """Chosen here (the chooser or ``?lang=``); it wins over everything else."""
    learner: str | None = None
    """The signed-in learner's stored language (or their class's), read once per sign-in."""
    learner_code: str | None = None
    """Whose stored language :attr:`learner` is."""
    device: str | None = None
    """The language this browser remembers."""
    device_saved: str | None = None
    """The language this browser was last asked to remember."""

    def forget_learner(self) -> None:
        self.learner = self.learner_code = None


@dataclass
class PracticeState:
    """Everything the Practice page keeps between reruns (``"practice_page"``).

    The choosers' widgets report into it through their callbacks; a widget that comes back empty
    (a page caught mid-run, or a widget Streamlit forgot while another page was open) never
    changes it, so the page always has a stage, a level and a kind to make a puzzle from. Signing in
    or out keeps it: the puzzle is there on the next visit."""

    stage: Stage = STAGES[0]
    level: int = 1
    kind: str = COACH
    opened_code: str | None = None
    """The ``?code=`` this session has opened already (a shared link opens its puzzle once)."""
    notice: str | None = None
    """A message about the puzzle on screen (a bad code, a box left empty): kept until the next answer
    or puzzle, so a rerun never erases it before the child has read it."""
    notice_for: str | None = None
    """The puzzle code the notice belongs to."""
    example_step: int = 0
    examples_done: set[str] = field(default_factory=set)
    welcome: str | None = None
    """The placement check has just ended: its end screen says the child starts at this stage."""
    work: Assignment | None = None
    """The teacher's work the child is doing now: its puzzles come next (:mod:`trainer.web.from_teacher`)."""
    finished: int | None = None
    """The teacher's work just finished (its id): said once, with a friendly word."""

    def forget_learner(self) -> None:
        self.welcome = None
        self.work = self.finished = None

    def say(self, text: str, code: str | None) -> None:
        self.notice, self.notice_for = text, code

    def notice_on(self, code: str) -> str | None:
        return self.notice if self.notice and self.notice_for == code else None


@dataclass
class WorksheetState:
    """The projector's worksheet panel: the next sheet's seed and the files made last."""

    seed: int = 1
    files: dict[str, Any] | None = None
    """``{"code", "sheet", "key", "build"}``: the sheet's code and its three PDFs."""
    problem: str | None = None
    """Why no sheet was made (an address a QR code cannot carry)."""


@dataclass
class ProjectorState:
    """The Projector page (``"projector"``): the puzzle on the big screen, how much of its answer is
    shown, the side panel's choices, the worksheet panel and whether a live lesson runs here."""

    puzzle: Puzzle | None = None
    revealed: bool = False
    step: int = 0
    """How many parts of a rounding answer are shown (they are revealed one at a time)."""
    rng: random.Random = field(default_factory=random.Random)
    stage: Stage = STAGES[0]
    kind: str = KINDS[0]
    level: int = 1
    opened_code: str | None = None
    """The ``?code=`` this session has opened already."""
    notice: str | None = None
    """A bad code, said once and never left above the next puzzle."""
    blur: bool = False
    """The code box was used: give the keys A and N back to the page."""
    live: bool = False
    """The live panel: this projector runs the class's live lesson."""
    worksheet: WorksheetState = field(default_factory=WorksheetState)
    contrast: str | None = None
    """A trap whose contrast pair stands above the puzzle (a teacher's link from My class)."""
    children_address: str = ""
    """The address the children's tablets use, typed in a live lesson's lobby (kept for the next lesson, and by
    the browser for the next session: :func:`trainer.web.device.keep_children_address`)."""
    address_typed: bool = False
    """The teacher typed :attr:`children_address` in this session (it wins over what the browser kept)."""

    def show(self, puzzle: Puzzle) -> None:
        self.puzzle, self.revealed, self.step, self.contrast = puzzle, False, 0, None


@dataclass
class PlayState:
    """The Play page (``"play"``): the game on the table and the bookkeeping of its saved copy. All of
    it belongs to the learner: signing in or out forgets it (a signed-in learner's game is in the store)."""

    game: GuidedGame | None = None
    saver: GameSaver = field(default_factory=GameSaver)
    checked: bool = False
    """The store was asked for the learner's saved game."""
    message: str | None = None
    """What the last move or choice said (a tap that is not allowed), shown once."""
    deal_seed: int | None = None
    """A fixed deal (tests set it); otherwise every game is dealt at random."""
    kept: Setup | None = None
    """The settings last played with: a rematch or a new game starts from them."""
    asking_quit: bool = False
    """Quit this game was tapped once: the page asks whether to quit."""
    widened: str | None = None
    """The game for which a tablet's side menu was closed (once a game: the page's reruns send nothing)."""
    sound: bool = True
    """The score sound is on (a child's one switch; kept for the session)."""
    chosen_for: tuple[str, tuple[int, int]] | None = None
    """The game and move the keyboard's tile and end lists were last set for (a new move sets them again)."""

    def forget_learner(self) -> None:
        self.game, self.saver, self.checked, self.message = None, GameSaver(), False, None
        self.kept, self.asking_quit = None, False


@dataclass
class TableState:
    """Play at a table (``"tables"``): the table this device sits at and the seats it plays. All of it
    belongs to the learner: signing in or out leaves the table (a signed-in learner gets their seat
    back from the store by joining again)."""

    code: str | None = None
    seats: tuple[int, ...] = ()
    """The seats this device plays: one, or every seat on a shared tablet (pass and play)."""
    names: tuple[str, ...] = ()
    """A shared tablet's players, by seat."""
    shown_to: int | None = None
    """Pass and play: the seat whose tiles are showing (after the hand-off screen)."""
    seating: Seating | None = None
    """This device's copy of its table's game (brought up to date from the store on every run)."""
    message: str | None = None
    seen_at: float = 0.0
    """When this device last told the store it is here (every few seconds, not on every run)."""
    key: str | None = None
    """This device's secret for its seats, kept in the address too (``?table=…&tk=…``), so a reload
    finds the seats again."""
    looked_for: str | None = None
    """The learner whose seat at an open table this session looked for (once a session)."""
    ending: str | None = None
    """My class: the table whose End this table was pressed, asking the teacher to confirm."""
    listed: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The class's open tables (code, children seated) as the choice of tables last listed them."""
    drawn: int | None = None
    """The version of the table the page last drew (its slow look asks whether the table moved on since)."""
    kept_sent: tuple[str, str] | None = None
    """The table and key this session last asked the tab to keep (asked once, even of a tab that never says
    what it keeps)."""
    look_every: float = 0.0
    """How often the page's slow look was set to run when the whole page last ran."""
    away_end: tuple[str, int] | None = None
    """The table and seat of the learner's game that ended while they were away, told above the choice of tables."""

    def forget_learner(self) -> None:
        self.code, self.seats, self.names, self.shown_to, self.message = None, (), (), None, None
        self.seen_at, self.key, self.drawn = 0.0, None, None


@dataclass
class SignInState:
    """The Sign in page (``"sign_in"``): the suggested nicknames, how the child signs in, and its notices."""

    names: list[str] = field(default_factory=list)
    names_language: str = ""
    """The language the suggested nicknames were made in (Spanish ones read "Nutria Alegre")."""
    way: str = "new"
    """``"new"``, ``"code"`` or ``"class"``."""
    problem: str | None = None
    welcome: bool = False

    def forget_learner(self) -> None:
        self.problem, self.welcome = None, False


@dataclass
class ClassState:
    """The My class page (``"my_class"``): its notices, the chosen stage, and its steps with the browser
    (the class it keeps open). The opened class itself is the session's (:attr:`SessionState.teacher`):
    the projector's live lesson uses it too."""

    stage: Stage = STAGES[0]
    problem: str | None = None
    done: str | None = None
    new: bool = False
    """A class was just made: show the teacher key once, big."""
    remember: bool = False
    """The browser is to keep the opened class on the next run."""
    forget: bool = False
    """The browser is to forget the class on the next run."""
    device_tried: bool = False
    link: tuple[str | None, str | None] | None = None
    """An old teacher link (``?class=…&key=…``) already followed."""
    work_said: str | None = None
    """What setting, closing or deleting a piece of work did, said once beside the work."""
    work_problem: str | None = None
    """Why a piece of work was not set (0 puzzles, no stage, a past due day), said once beside the form."""
    deleting: int | None = None
    """The piece of work whose Delete was pressed once: the page asks to delete it for good."""
    roster: dict[str, str] | None = None
    """The children the work form offered when last drawn (learner code → nickname): a child removed
    meanwhile is still what the teacher chose, and the store says they are gone."""
    taught: dict[str, str] = field(default_factory=dict)
    """The classes whose key fitted in this session (class code → teacher key): the learning curves of
    all of them together (the teacher's school), forgotten when a class is closed."""
    more_said: str | None = None
    """What adding another class to the learning curves did, said once beside the form."""


@dataclass
class LiveState:
    """The Live lesson page (``"live"``): the child's side of a lesson. All of it is the learner's."""

    joined: tuple[str, int] | None = None
    """(class code, lesson) this learner was counted in, once per lesson."""
    seen: dict[tuple[int, int], float] = field(default_factory=dict)
    """When each (lesson, round) was first shown, for the time to answer."""
    verdicts: dict[tuple[int, int], str] = field(default_factory=dict)
    notice: str | None = None
    names: list[str] = field(default_factory=list)
    """Nicknames offered on the join form a class's QR code opens (nobody's yet)."""
    ends: dict[tuple[int, int], float | None] = field(default_factory=dict)
    """This device's own end of time for each (lesson, round), counted by the store from when this device
    first showed the puzzle (``None``: no countdown)."""

    def forget_learner(self) -> None:
        self.joined, self.seen, self.verdicts, self.notice, self.ends = None, {}, {}, None, {}


@dataclass
class SprintState:
    """The Fives Sprint page (``"sprint"``): what the last answer said and a word about bad input. The
    round itself is the learner's (:attr:`trainer.learning.practice.Practice.sprint`)."""

    said: str | None = None
    """What the last answer got: right and quick, right, or the right answer."""
    good: bool = False
    notice: str | None = None
    """Why a typed answer was not taken (not a number): said until the next answer."""
    typed: int = 0
    """Bumped after each answer, so the answer box starts empty for the next fact."""
    band: str = "older"
    """The time bars' age band (:class:`trainer.learning.sprint.AgeBand`): ``"young"`` gives each fact more time."""

    def forget_learner(self) -> None:
        self.said, self.good, self.notice = None, False, None


class Section(Enum):
    """The menu's two parts."""

    LEARN = "learn"
    TEACH = "teach"


@dataclass(frozen=True)
class Page:
    """One page of the app: what the menu, the page records and the tests read (:data:`PAGES`)."""

    name: str
    """The script's name in ``trainer/web/views/`` and the page's address (``/name``); its menu title is
    :func:`trainer.words.pages.menu_titles` ``[name]``."""
    icon: str
    """A Material icon (``:material/…:``), drawn locally: nothing is fetched from the internet."""
    section: Section
    record: tuple[str, type] | None = None
    """The page's own record: its key in ``st.session_state`` and its dataclass (``None``: it draws the
    learner's practice and keeps nothing of its own)."""
    default: bool = False
    """The page at ``/``."""


PAGES: tuple[Page, ...] = (
    Page("practice", ":material/edit:", Section.LEARN, ("practice_page", PracticeState), default=True),
    Page("sprint", ":material/bolt:", Section.LEARN, ("sprint", SprintState)),
    Page("play", ":material/casino:", Section.LEARN, ("play", PlayState)),
    Page("tables", ":material/groups:", Section.LEARN, ("tables", TableState)),
    Page("my_progress", ":material/monitoring:", Section.LEARN),
    Page("live", ":material/cast_for_education:", Section.LEARN, ("live", LiveState)),
    Page("me", ":material/person:", Section.LEARN, ("sign_in", SignInState)),
    Page("rules", ":material/menu_book:", Section.LEARN),
    Page("projector", ":material/co_present:", Section.TEACH, ("projector", ProjectorState)),
    Page("teacher", ":material/school:", Section.TEACH, ("my_class", ClassState)),
)
"""Every page, in the menu's order: a new page is its script, its row here (with its record, above) and
its title in :mod:`trainer.words.pages`."""

KEYS: dict[str, type] = {
    "session": SessionState,
    "language": LanguageState,
    **{p.record[0]: p.record[1] for p in PAGES if p.record is not None},
}
"""Every record's key and type: the session's, the language's and each page's."""
LEARNER_KEYS = ("me", "practice")
"""The signed-in learner and their practice (:mod:`trainer.web.session`)."""


def get(key: str, factory: Callable[[], T]) -> T:
    """The record under ``key``, made by ``factory`` the first time."""
    found = st.session_state.get(key)
    if found is None:
        found = factory()
        st.session_state[key] = found
    return found


def kept(key: str) -> object | None:
    """The record under ``key`` if there is one (none is made)."""
    return st.session_state.get(key)


def session() -> SessionState:
    return get("session", SessionState)


def language() -> LanguageState:
    return get("language", LanguageState)


def tables() -> TableState:
    return get("tables", TableState)


def practice_page() -> PracticeState:
    return get("practice_page", PracticeState)


def projector() -> ProjectorState:
    return get("projector", ProjectorState)


def projector_if_open() -> ProjectorState | None:
    """The Projector's record if this session has opened the Projector (none is made here)."""
    found = kept("projector")
    return found if isinstance(found, ProjectorState) else None


def play() -> PlayState:
    return get("play", PlayState)


def sign_in() -> SignInState:
    return get("sign_in", SignInState)


def my_class() -> ClassState:
    return get("my_class", ClassState)


def live() -> LiveState:
    return get("live", LiveState)


def sprint() -> SprintState:
    return get("sprint", SprintState)


def forget_learner() -> None:
    """Every record forgets what belongs to the learner (see :func:`trainer.web.signin.reset_learner`)."""
    for key in KEYS:
        forget = getattr(st.session_state.get(key), "forget_learner", None)
        if forget is not None:
            forget()


def take(record: object, name: str, key: str) -> bool:
    """Copy a chooser's widget (``key``) into ``record.name``; ``False`` if it came back empty or
    unchanged (the record keeps its choice)."""
    value = st.session_state.get(key)
    if value is None or value == getattr(record, name):
        return False
    setattr(record, name, value)
    return True


def show_choices(record: object, keys: dict[str, str]) -> None:
    """Set each chooser's widget (field → widget key) to the record's choice, before it is drawn."""
    for name, key in keys.items():
        if st.session_state.get(key) != getattr(record, name):
            st.session_state[key] = getattr(record, name)
