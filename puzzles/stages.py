"""Stages, levels, and the real game positions puzzles are cut from."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from trainer.rules import TILES, HandState, Layout, RuleSet, Tile

STAGES: tuple[str, ...] = ("muggins", "all-fives", "five-up")
"""The learning path: two ends, then one spinner, then every double spins."""

STAGE_TITLES = {
    "muggins": "Muggins — two ends",
    "all-fives": "All Fives — one spinner",
    "five-up": "Five-Up — every double spins",
}
LEVELS = (1, 2, 3)


HARD_TRAPS: dict[str, frozenset[str]] = {
    "muggins": frozenset({"double-at-end", "covered-double"}),
    "all-fives": frozenset({"covered-spinner", "empty-spinner-end", "covered-double"}),
    "five-up": frozenset({"covered-spinner", "empty-spinner-end", "covered-double"}),
}
"""The traps a level's trap share counts, per stage. In the spinner stages a double at an arm
end is the lesson of level 1 itself, so only the harder traps count there."""


@dataclass(frozen=True)
class Stage:
    """What one level of one stage asks for."""

    tiles: tuple[int, int]
    """Smallest and largest number of tiles on the table."""
    min_ends: int
    """Fewest open ends (arms) the layout must have."""
    trap_share: float
    """How often the layout must hold a trap (a double at an end, a covered spinner…)."""
    need_spinner: bool
    """Whether a spinner must be on the table."""


LEVEL_TABLE: dict[tuple[str, int], Stage] = {
    ("muggins", 1): Stage((2, 3), 2, 0.15, False),
    ("muggins", 2): Stage((4, 6), 2, 0.45, False),
    ("muggins", 3): Stage((6, 10), 2, 0.75, False),
    ("all-fives", 1): Stage((2, 4), 2, 0.3, True),
    ("all-fives", 2): Stage((4, 7), 3, 0.5, True),
    ("all-fives", 3): Stage((7, 12), 3, 0.75, True),
    ("five-up", 1): Stage((3, 5), 2, 0.3, True),
    ("five-up", 2): Stage((5, 9), 3, 0.55, True),
    ("five-up", 3): Stage((9, 16), 4, 0.8, True),
}


def check_stage_level(stage: str, level: int) -> None:
    from trainer.rules import IllegalPlay

    if stage not in STAGES:
        raise IllegalPlay(f"'{stage}' is not a stage: choose one of {', '.join(STAGES)}.")
    if level not in LEVELS:
        raise IllegalPlay("Levels go from 1 to 3.")


def traps(layout: Layout) -> set[str]:
    """The trap positions in a layout, by name.

    ``double-at-end``: a double at an arm end counts both halves; ``covered-spinner``: a
    spinner with both sides covered counts nothing; ``empty-spinner-end``: an open spinner end
    adds nothing; ``covered-double``: a plain double inside the line counts nothing.
    """
    found = set()
    for end in layout.open_ends:
        if end.kind == "double":
            found.add("double-at-end")
        elif end.kind == "spinner-end":
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
        if ev.kind != "play" or s.is_terminal:
            continue
        n = len(board.tiles)
        if n > high:
            return
        if n < low or (need_spinner and not board.n_spinners):
            continue
        if sum(len(a) for a in board.avail) < min_ends:  # one entry per open end
            continue
        yield Position(s.layout, [h[:] for h in s.hands], s.cur)


def basic_fit(layout: Layout, spec: Stage) -> bool:
    """Size, arms and spinner of a level (not its traps)."""
    low, high = spec.tiles
    if not low <= len(layout) <= high:
        return False
    if spec.need_spinner and not layout.spinners:
        return False
    return len(layout.open_ends) >= spec.min_ends


def has_trap(layout: Layout, stage: str) -> bool:
    """Whether the layout holds one of the stage's hard traps."""
    return bool(traps(layout) & HARD_TRAPS[stage])
