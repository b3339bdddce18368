"""Stages, levels, and the real game positions puzzles are cut from."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum

from trainer.rules import TILES, EndKind, EventKind, HandState, IllegalPlay, Layout, RuleSet, Tile
from trainer.words import N_, Said, _


class Stage(StrEnum):
    """A stage of the learning path, by its id, which is also its rules variant and the text the store keeps.

    >>> Stage("all-fives") is Stage.ALL_FIVES, Stage.MUGGINS == "muggins", [Stage.FIVE_UP]
    (True, True, ['five-up'])
    """

    MUGGINS = "muggins"
    """Two ends."""
    ALL_FIVES = "all-fives"
    """One spinner."""
    FIVE_UP = "five-up"
    """Every double spins."""

    def __repr__(self) -> str:  # in a list or a record, a stage reads as the text the store keeps
        return repr(self.value)


@dataclass(frozen=True)
class StageRecord:
    """One stage of the learning path: a game of the Fives family, and how it is named."""

    id: Stage
    """The stage (its id is also its rules variant: ``"muggins"``, ``"all-fives"``, ``"five-up"``)."""
    title: str
    """Its name with what it adds, for headings: ``"Muggins — two ends"`` (marked with ``N_``, like its
    label and hint: a page shows ``_(record.title)``)."""
    label: str
    """Its short name, for choosers: ``"Muggins"``."""
    hint: str
    """What it adds, in a few words: ``"two ends"``."""
    hard_traps: frozenset[str]
    """The traps a level's trap share counts. In the spinner stages a double at an arm end is the
    lesson of level 1 itself, so only the harder traps count there."""


STAGE_RECORDS: tuple[StageRecord, ...] = (
    StageRecord(Stage.MUGGINS, N_("Muggins — two ends"), N_("Muggins"), N_("two ends"),
          frozenset({"double-at-end", "covered-double"})),
    StageRecord(Stage.ALL_FIVES, N_("All Fives — one spinner"), N_("All Fives"), N_("one spinner"),
          frozenset({"covered-spinner", "empty-spinner-end", "covered-double"})),
    StageRecord(Stage.FIVE_UP, N_("Five-Up — every double spins"), N_("Five-Up"), N_("every double spins"),
          frozenset({"covered-spinner", "empty-spinner-end", "covered-double"})),
)
"""The learning path in order: two ends, then one spinner, then every double spins."""
_BY_ID = {s.id: s for s in STAGE_RECORDS}

STAGES: tuple[Stage, ...] = tuple(s.id for s in STAGE_RECORDS)
"""The stages' ids, in order."""
STAGE_TITLES: Mapping[str, str] = Said({s.id: s.title for s in STAGE_RECORDS})
"""Each stage's title, by id (said in the reader's language)."""
STAGE_LABELS: Mapping[str, str] = Said({s.id: s.label for s in STAGE_RECORDS})
"""Each stage's short name, by id (said in the reader's language)."""
STAGE_HINTS: Mapping[str, str] = Said({s.id: s.hint for s in STAGE_RECORDS})
"""What each stage adds, by id (said in the reader's language)."""
LEVELS = (1, 2, 3)
HARD_TRAPS: dict[Stage, frozenset[str]] = {s.id: s.hard_traps for s in STAGE_RECORDS}
"""Each stage's hard traps, by id (see :attr:`StageRecord.hard_traps`)."""


def stage(stage_id: str) -> StageRecord:
    """The record of a stage, by its id (a ``KeyError`` for any other text)."""
    return _BY_ID[Stage(stage_id)]


@dataclass(frozen=True)
class LevelSpec:
    """What one level of one stage asks for."""

    tiles: tuple[int, int]
    """Smallest and largest number of tiles on the table."""
    min_ends: int
    """Fewest open ends (arms) the layout must have."""
    trap_share: float
    """How often the layout must hold a trap (a double at an end, a covered spinner…)."""
    need_spinner: bool
    """Whether a spinner must be on the table."""


LEVEL_TABLE: dict[tuple[str, int], LevelSpec] = {
    ("muggins", 1): LevelSpec((2, 3), 2, 0.15, False),
    ("muggins", 2): LevelSpec((4, 6), 2, 0.45, False),
    ("muggins", 3): LevelSpec((6, 10), 2, 0.75, False),
    ("all-fives", 1): LevelSpec((2, 4), 2, 0.3, True),
    ("all-fives", 2): LevelSpec((4, 7), 3, 0.5, True),
    ("all-fives", 3): LevelSpec((7, 12), 3, 0.75, True),
    ("five-up", 1): LevelSpec((3, 5), 2, 0.3, True),
    ("five-up", 2): LevelSpec((5, 9), 3, 0.55, True),
    ("five-up", 3): LevelSpec((9, 16), 4, 0.8, True),
}


def check_stage_level(stage: Stage, level: int) -> None:
    if stage not in STAGES:
        raise IllegalPlay(_("'{stage}' is not a stage: choose one of {stages}.").format(
            stage=stage, stages=", ".join(STAGES)))
    if level not in LEVELS:
        raise IllegalPlay(_("Levels go from 1 to 3."))


def traps(layout: Layout) -> set[str]:
    """The trap positions in a layout, by name.

    ``double-at-end``: a double at an arm end counts both halves; ``covered-spinner``: a
    spinner with both sides covered counts nothing; ``empty-spinner-end``: an open spinner end
    adds nothing; ``covered-double``: a plain double inside the line counts nothing.
    """
    found = set()
    for end in layout.open_ends:
        if end.kind == EndKind.DOUBLE:
            found.add("double-at-end")
        elif end.kind == EndKind.SPINNER_END:
            found.add("covered-spinner")
            found.add("empty-spinner-end")
    open_tiles = {e.tile for e in layout.open_ends}
    for t in layout.tiles:
        if t.is_double and t not in open_tiles and not layout.is_spinner(t):
            found.add("covered-double")
        elif t.is_double and layout.is_spinner(t) and t not in open_tiles:
            found.add("covered-spinner")
    return found


class Position:
    """A moment in a real, legal hand: the layout and the hands at that moment."""

    __slots__ = ("layout", "_state_hands", "_to_move")

    def __init__(self, layout: Layout, hands: list[list[int]], to_move: int) -> None:
        self.layout = layout
        """The layout on the table."""
        self._state_hands = hands
        self._to_move = to_move

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The hand of the player to move."""
        return tuple(TILES[t] for t in self._state_hands[self._to_move])

    @property
    def leftovers(self) -> tuple[tuple[Tile, ...], ...]:
        """Every player's hand at this moment."""
        return tuple(tuple(TILES[t] for t in h) for h in self._state_hands)


def positions(
    variant: str, rng: random.Random, players: int = 2, tiles: tuple[int, int] = (1, 28),
    min_ends: int = 0, need_spinner: bool = False,
) -> Iterator[Position]:
    """Play a random hand of ``variant``; yield the position after every play that leaves
    between ``tiles[0]`` and ``tiles[1]`` tiles on the table, at least ``min_ends`` open ends
    and (if asked) a spinner."""
    low, high = tiles
    s = HandState.deal(RuleSet.trainer(variant), players, rng=rng)
    board = s.board
    while not s.is_terminal:
        ev = s.step_random(rng)
        assert ev is not None  # the hand keeps its record
        if ev.kind is not EventKind.PLAY or s.is_terminal:
            continue
        n = len(board.tiles)
        if n > high:
            return
        if n < low or (need_spinner and not board.n_spinners):
            continue
        if sum(len(a) for a in board.avail) < min_ends:  # one entry per open end
            continue
        yield Position(s.layout, [h[:] for h in s.hands], s.cur)


def basic_fit(layout: Layout, spec: LevelSpec) -> bool:
    """Size, arms and spinner of a level (not its traps)."""
    low, high = spec.tiles
    if not low <= len(layout) <= high:
        return False
    if spec.need_spinner and not layout.spinners:
        return False
    return len(layout.open_ends) >= spec.min_ends


def has_trap(layout: Layout, stage: Stage) -> bool:
    """Whether the layout holds one of the stage's hard traps."""
    return bool(traps(layout) & HARD_TRAPS[stage])
