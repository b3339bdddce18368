"""Tiles of the double-six set."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Union

from trainer.rules.errors import IllegalPlay
from trainer.rules.reasons import Reason

#: Half values as (low, high), indexed by tile id: 0-0, 0-1, …, 0-6, 1-1, …, 6-6.
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(7) for b in range(a, 7))
#: Tile id for every ordered pair of halves (both orders).
ID_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(PAIRS.index((min(a, b), max(a, b))) for b in range(7)) for a in range(7)
)
#: Pip sum of each tile id.
PIPS: tuple[int, ...] = tuple(a + b for a, b in PAIRS)


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One domino. ``Tile.parse("4-1")`` is ``Tile(1, 4)``; the smaller half comes first."""

    low: int
    """The smaller half."""
    high: int
    """The larger half (equal to ``low`` for a double)."""
    id: int = field(init=False, compare=False, repr=False)
    """Index 0–27 in the canonical order of the set."""

    def __post_init__(self) -> None:
        if not (isinstance(self.low, int) and isinstance(self.high, int)):
            raise IllegalPlay.because(Reason.HALVES_NOT_NUMBERS)
        if not (0 <= self.low <= 6 and 0 <= self.high <= 6):
            raise IllegalPlay.because(Reason.HALF_OUT_OF_RANGE, low=self.low, high=self.high)
        if self.low > self.high:
            raise IllegalPlay.because(Reason.HALVES_ORDER, low=self.low, high=self.high)
        object.__setattr__(self, "id", ID_OF[self.low][self.high])

    @classmethod
    def parse(cls, text: str | Tile) -> Tile:
        """Read ``"a-b"`` (either order, spaces allowed) as a tile."""
        if isinstance(text, Tile):
            return text
        if not isinstance(text, str):
            raise IllegalPlay.because(Reason.NOT_A_DOMINO, shown=repr(text))
        hit = _PARSED.get(text)
        if hit is not None:
            return hit
        parts = text.strip().split("-")
        if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
            shown = text.strip() or "nothing"
            raise IllegalPlay.because(Reason.NOT_A_DOMINO, shown=f"'{shown}'")
        a, b = (int(p) for p in parts)
        if not (0 <= a <= 6 and 0 <= b <= 6):
            raise IllegalPlay.because(Reason.NOT_A_DOMINO_HALF, shown=f"'{text.strip()}'")
        return TILES[ID_OF[a][b]]

    @classmethod
    def from_id(cls, tile_id: int) -> Tile:
        """The tile with this id (0 is 0-0, 27 is 6-6)."""
        return TILES[tile_id]

    @property
    def pips(self) -> int:
        """Number of pips on the tile."""
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        """Whether both halves are the same."""
        return self.low == self.high

    def has(self, number: int) -> bool:
        """Whether one half shows ``number``."""
        return self.low == number or self.high == number

    def other(self, number: int) -> int:
        """The half that is left when ``number`` is matched."""
        if self.low == number:
            return self.high
        if self.high == number:
            return self.low
        raise IllegalPlay.because(Reason.HAS_NO_NUMBER, tile=self, number=number)

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    def __repr__(self) -> str:
        return f"Tile.parse('{self}')"


TILES: tuple[Tile, ...] = tuple(Tile(a, b) for a, b in PAIRS)
"""All 28 tiles of the double-six set, in id order."""

_PARSED: dict[str, Tile] = {}
for _a in range(7):
    for _b in range(7):
        _PARSED[f"{_a}-{_b}"] = TILES[ID_OF[_a][_b]]

TileLike = Union[Tile, str]


def parse_tiles(tiles: Iterable[TileLike] | str) -> list[Tile]:
    """Read a list of tiles; a string may list them separated by spaces or commas."""
    if isinstance(tiles, str):
        tiles = [t for t in tiles.replace(",", " ").split() if t]
    return [Tile.parse(t) for t in tiles]


def heaviest(tiles: Iterable[TileLike]) -> Tile:
    """The heaviest tile: most pips, then the higher half."""
    return max((Tile.parse(t) for t in tiles), key=lambda t: (t.pips, t.high))
