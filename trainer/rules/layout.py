"""The layout on the table: plays, open ends and the open-end total."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Union

from trainer.rules.board import BESIDE, END, HALF, SIDE, SNIFF_SIDE, Board
from trainer.rules.errors import IllegalPlay
from trainer.rules.reasons import Reason
from trainer.rules.tiles import ID_OF, PAIRS, TILES, Tile, TileLike
from trainer.rules.variants import Variant


@dataclass(frozen=True, slots=True)
class Play:
    """One tile set on the layout: ``3-4>4-4`` (3-4 against 4-4), a lead ``1-4``, or in Sniff
    ``3-4^4-4`` (3-4 against a long side of the in-line sniff 4-4)."""

    tile: Tile
    """The tile that is played."""
    target: Tile | None
    """The placed tile it is set against; ``None`` for the lead."""
    beside: bool = False
    """Set against a long side of the in-line sniff (Sniff only), not on its line."""

    @classmethod
    def parse(cls, token: str | Play) -> Play:
        """Read a record token: ``"1-4"`` (a lead) or ``"3-4>4-4"``."""
        if isinstance(token, Play):
            return token
        if not isinstance(token, str):
            raise IllegalPlay.because(Reason.NOT_A_PLAY, shown=repr(token))
        hit = _PLAY_CACHE.get(token)
        if hit is not None:
            return hit
        text = token.strip()
        if not text:
            raise IllegalPlay.because(Reason.EMPTY_PLAY)
        if text.count(">") + text.count("^") > 1:
            raise IllegalPlay.because(Reason.TWO_MARKS, shown=f"'{text}'")
        if "^" in text:
            left, right = (s.strip() for s in text.split("^"))
            if not left:
                raise IllegalPlay.because(Reason.MISSING_TILE_BESIDE, shown=f"'{text}'")
            if not right:
                raise IllegalPlay.because(Reason.MISSING_SNIFF, shown=f"'{text}'")
            return cls.of(Tile.parse(left), Tile.parse(right), beside=True)
        if ">" in text:
            left, right = (s.strip() for s in text.split(">"))
            if not left:
                raise IllegalPlay.because(Reason.MISSING_TILE, shown=f"'{text}'")
            if not right:
                raise IllegalPlay.because(Reason.MISSING_TARGET, shown=f"'{text}'")
            return cls.of(Tile.parse(left), Tile.parse(right))
        return cls.of(Tile.parse(text), None)

    @classmethod
    def of(cls, tile: TileLike, target: TileLike | None = None, *, beside: bool = False) -> Play:
        """The play of ``tile`` against ``target`` (``None``: a lead); ``beside``: against a long
        side of the in-line sniff ``target``."""
        t = Tile.parse(tile)
        g = None if target is None else Tile.parse(target)
        key = (t.id, -1 if g is None else g.id, beside)
        hit = _PLAYS.get(key)
        if hit is None:
            if g is not None and g == t:
                raise IllegalPlay.because(Reason.AGAINST_ITSELF, tile=t)
            if beside:
                if g is None:
                    raise IllegalPlay.because(Reason.WHICH_SNIFF, tile=t, double=f"{t.high}-{t.high}")
                if not g.is_double:
                    raise IllegalPlay.because(Reason.BESIDE_NOT_DOUBLE, tile=t, target=g)
            hit = _PLAYS[key] = cls(t, g, beside)
        return hit

    @property
    def is_lead(self) -> bool:
        """Whether this play starts the layout."""
        return self.target is None

    def __str__(self) -> str:
        if self.target is None:
            return str(self.tile)
        return f"{self.tile}^{self.target}" if self.beside else f"{self.tile}>{self.target}"

    def __repr__(self) -> str:
        return f"Play.parse('{self}')"


_PLAYS: dict[tuple[int, int, bool], Play] = {}
_PLAY_CACHE: dict[str, Play] = {}
for _t in TILES:
    _PLAY_CACHE[str(_t)] = Play.of(_t)
    for _g in TILES:
        if _g != _t and (_t.low in (_g.low, _g.high) or _t.high in (_g.low, _g.high)):
            _PLAY_CACHE[f"{_t}>{_g}"] = Play.of(_t, _g)

PLAY_BY_ID: list[Play] = [
    Play.of(_t, None if _gid < 0 or _gid == _t.id else TILES[_gid]) for _t in TILES for _gid in range(-1, 28)
]
"""Every play by ids: ``PLAY_BY_ID[tile_id * 29 + target_id + 1]`` (target -1 for a lead). A tile is
never its own target: that slot holds its lead too, and is never read."""
for _t in TILES:
    for _n in range(7):  # beside a sniff
        if _t.has(_n) and not _t.is_double:
            _PLAY_CACHE[f"{_t}^{_n}-{_n}"] = Play.of(_t, TILES[ID_OF[_n][_n]], beside=True)


def play_of_move(tile_id: int, target_id: int, number: int) -> Play:
    """The play for a board move: tile ``tile_id`` on ``target_id`` at ``number`` (a number of
    ``SNIFF_SIDE`` or more: beside the in-line sniff)."""
    if number >= SNIFF_SIDE:
        return Play.of(TILES[tile_id], TILES[target_id], beside=True)
    return PLAY_BY_ID[tile_id * 29 + target_id + 1]

PlayLike = Union[Play, str]


class EndKind(StrEnum):
    """What sort of place an open end is (its value is the name a record or a test may hold)."""

    END = "end"
    """A free half."""
    DOUBLE = "double"
    """A double with a free side: it counts both halves."""
    SPINNER_END = "spinner-end"
    """A spinner whose sides are both covered: a tile may still go on its ends; it counts nothing."""
    SNIFF_END = "sniff-end"
    """In Sniff: the sniff's free ends, each counting its half."""
    SNIFF_SIDE = "sniff-side"
    """In Sniff: the in-line sniff's free long sides: a tile may go there; they count nothing."""
    BESIDE = "beside"
    """In Sniff: the outer half of a tile beside the in-line sniff: it counts for the rest of the hand, and
    nothing can go on it."""


@dataclass(frozen=True, slots=True)
class OpenEnd:
    """A place on the layout where a tile can still go, and what it adds to the total."""

    tile: Tile
    """The placed tile the end belongs to."""
    number: int
    """The number a tile must show to be set here."""
    kind: EndKind
    """What sort of place it is (:class:`EndKind`)."""
    value: int
    """What it adds to the open-end total: the half, both halves of a double, or 0."""
    free: int
    """How many more tiles it can take."""

    @property
    def counts(self) -> bool:
        """Whether it adds anything to the open-end total."""
        return self.value > 0

    @property
    def id(self) -> str:
        """A stable name for the end: ``"1-4:4"`` is the 4 of 1-4 (pictures and puzzles use it);
        ``"4-4^4"`` the long sides of an in-line sniff."""
        if self.kind == EndKind.SNIFF_SIDE:
            return f"{self.tile}^{self.number}"
        return f"{self.tile}:{self.number}"

    @property
    def words(self) -> str:
        """What it adds, in words for a child: ``"the 4 on 1-4 counts 4"``."""
        if self.kind == EndKind.DOUBLE:
            return f"{self.tile} at an arm end counts both halves, {self.value}"
        if self.kind == EndKind.SPINNER_END:
            return f"the spinner {self.tile} has both sides covered, so it counts 0"
        if self.kind == EndKind.SNIFF_END:
            ends = "its free end counts" if self.free == 1 else "each free end counts"
            return f"the sniff {self.tile}: {ends} {self.number}, {self.value} in all"
        if self.kind == EndKind.SNIFF_SIDE:
            return f"a long side of the sniff {self.tile} takes one tile and counts 0"
        if self.kind == EndKind.BESIDE:
            return f"the {self.number} on {self.tile}, beside the sniff, counts {self.value} to the end"
        return f"the {self.number} on {self.tile} counts {self.value}"


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a placed tile sits: what it was set against and on which slot."""

    tile: Tile
    """The placed tile."""
    index: int
    """Its place in the order of play (0 is the lead)."""
    target: int
    """Index of the tile it was set against (-1 for the lead)."""
    via: str
    """``"lead"``, ``"half"`` (a free half, a line end of the in-line sniff included), ``"side"``
    (a double's long side; for the in-line sniff, a tile beside it) or ``"end"`` (a spinner's
    short end)."""
    slot: int
    """Which half/side/end of the target: 0 or 1."""
    number: int
    """The matched number (-1 for the lead)."""
    is_spinner: bool
    """Whether this tile is a spinner."""
    in_line: bool = False
    """Whether this double is laid in line, lengthwise (the sniff in Sniff)."""


_VIA = {HALF: "half", SIDE: "side", END: "end", BESIDE: "side"}


class Layout:
    """An immutable layout. Build it with :meth:`from_record`; :meth:`play` returns a new one.

    >>> lay = Layout.from_record("1-4 1-1>1-4 4-4>1-4", variant="all-fives")
    >>> lay.total
    10
    >>> [str(p) for p in lay.legal_plays(["3-4", "2-2"])]
    ['3-4>4-4']
    """

    __slots__ = ("_board", "_variant", "_record", "_ends", "_places")

    def __init__(self, *, variant: Variant | str) -> None:
        self._variant = Variant.parse(variant)
        self._board = Board(self._variant.spin_rule)
        self._record: str | None = ""
        self._ends: tuple[OpenEnd, ...] | None = None
        self._places: tuple[Placement, ...] | None = None

    @classmethod
    def _wrap(cls, board: Board, variant: Variant) -> Layout:
        lay = cls.__new__(cls)
        lay._board = board
        lay._variant = variant
        lay._record = None
        lay._ends = None
        lay._places = None
        return lay

    @classmethod
    def from_record(cls, record: str | Iterable[PlayLike], *, variant: Variant | str) -> Layout:
        """Replay a record (``"1-4 1-1>1-4"``); raises :class:`IllegalPlay` at the first bad play."""
        lay = cls(variant=variant)
        if isinstance(record, str):
            tokens: Iterable[PlayLike] = record.replace(",", " ").split()
        else:
            tokens = record
        board = lay._board
        for i, token in enumerate(tokens, start=1):
            try:
                play = Play.parse(token)
                lay._check_and_push(board, play)
            except IllegalPlay as err:
                raise IllegalPlay.because(Reason.AT_PLAY, index=i, token=str(token).strip(), message=str(err),
                                          inner=err.why, inner_fields=err.fields) from None
        lay._record = None
        lay._ends = None
        lay._places = None
        return lay

    # ----- reading the layout -----

    @property
    def variant(self) -> Variant:
        """Which doubles spin."""
        return self._variant

    @property
    def total(self) -> int:
        """The open-end total."""
        return self._board.total

    def board_copy(self) -> Board:
        """A copy of the fast board underneath (for simulations that start from this layout)."""
        return self._board.copy()

    @property
    def record(self) -> str:
        """The plays in order, canonical: ``"1-4 1-1>1-4"``."""
        if self._record is None:
            self._record = " ".join(str(p) for p in self.plays)
        return self._record

    @property
    def plays(self) -> tuple[Play, ...]:
        """Every play so far, in order."""
        b = self._board
        out = []
        for q, tid in enumerate(b.tiles):
            p, how = b.attach[q][:2]
            out.append(Play.of(TILES[tid], None if p < 0 else TILES[b.tiles[p]], beside=how == BESIDE))
        return tuple(out)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The placed tiles, in order of play."""
        return tuple(TILES[t] for t in self._board.tiles)

    @property
    def last_play(self) -> Play | None:
        """The most recent play, or ``None`` for an empty layout."""
        return self.plays[-1] if self._board.tiles else None

    @property
    def is_empty(self) -> bool:
        """Whether no tile has been played yet."""
        return not self._board.tiles

    @property
    def spinners(self) -> tuple[Tile, ...]:
        """The placed tiles that are spinners."""
        b = self._board
        return tuple(TILES[t] for q, t in enumerate(b.tiles) if b.spinner[q])

    @property
    def open_numbers(self) -> frozenset[int]:
        """Numbers a tile can match somewhere right now."""
        b = self._board
        numbers = frozenset(n for n in range(7) if b.avail[n])
        if b.sniff_sides:  # a long side of the in-line sniff is still free
            numbers |= {PAIRS[b.tiles[b.sniff]][0]}
        return numbers

    def __len__(self) -> int:
        return len(self._board.tiles)

    def __contains__(self, tile: object) -> bool:
        if not isinstance(tile, (Tile, str)):
            return False
        try:
            t = Tile.parse(tile)
        except IllegalPlay:
            return False
        return self._board.pos_of[t.id] >= 0

    @property
    def open_ends(self) -> tuple[OpenEnd, ...]:
        """Every open end with its number and what it adds; their values sum to :attr:`total`."""
        if self._ends is not None:
            return self._ends
        b = self._board
        out: list[OpenEnd] = []
        for q, tid in enumerate(b.tiles):
            a, c = PAIRS[tid]
            tile = TILES[tid]
            if q == b.sniff:
                if b.sides[q]:
                    out.append(OpenEnd(tile, a, EndKind.DOUBLE, 2 * a, b.sides[q]))
                elif b.ends[q]:
                    out.append(OpenEnd(tile, a, EndKind.SNIFF_END, a * b.ends[q], b.ends[q]))
                if b.sniff_sides:
                    out.append(OpenEnd(tile, a, EndKind.SNIFF_SIDE, 0, b.sniff_sides))
            elif a == c:
                if b.sides[q]:
                    out.append(OpenEnd(tile, a, EndKind.DOUBLE, 2 * a, b.sides[q]))
                elif b.ends[q]:
                    out.append(OpenEnd(tile, a, EndKind.SPINNER_END, 0, b.ends[q]))
            elif b.attach[q][1] == BESIDE:
                out.append(OpenEnd(tile, b.free[q], EndKind.BESIDE, b.free[q], 0))
            else:
                for n in (a, c) if q == 0 else (b.free[q],):
                    if q in b.avail[n]:
                        out.append(OpenEnd(tile, n, EndKind.END, n, 1))
        self._ends = tuple(out)
        return self._ends

    @property
    def working(self) -> str:
        """The sum behind the total, e.g. ``"2 + 10 + 3 = 15"``."""
        parts = [str(e.value) for e in self.open_ends if e.value]
        if not parts:
            return "0"
        if len(parts) == 1:
            return parts[0]
        return f"{' + '.join(parts)} = {self.total}"

    @property
    def placements(self) -> tuple[Placement, ...]:
        """How each tile is attached, for drawing the layout."""
        if self._places is not None:
            return self._places
        b = self._board
        out = []
        for q, tid in enumerate(b.tiles):
            p, how, slot, n = b.attach[q]
            out.append(
                Placement(
                    TILES[tid], q, p, "lead" if p < 0 else _VIA[how], slot if p >= 0 else 0,
                    n, b.spinner[q], q == b.sniff and not b.spinner[q],
                )
            )
        self._places = tuple(out)
        return self._places

    def is_spinner(self, tile: TileLike) -> bool:
        """Whether a placed tile is a spinner."""
        q = self._board.pos_of[Tile.parse(tile).id]
        return q >= 0 and self._board.spinner[q]

    # ----- plays -----

    def legal_plays(self, hand: Iterable[TileLike] | str) -> list[Play]:
        """Every legal play of the tiles in ``hand``: one per (tile, target) pair.

        On an empty layout every tile of the hand is a legal lead.
        """
        tiles = _hand_tiles(hand)
        b = self._board
        for t in tiles:
            if b.pos_of[t.id] >= 0:
                raise IllegalPlay.because(Reason.ON_TABLE_IN_HAND, tile=t)
        if not b.tiles:
            return [Play.of(t) for t in tiles]
        return [play_of_move(tid, b.tiles[p], n) for tid, p, n in b.moves([t.id for t in tiles])]

    def totals_after(self, hand: Iterable[TileLike] | str) -> list[tuple[Play, int]]:
        """Every legal play of ``hand`` with the open-end total it would leave (cheap: no new
        layouts are built)."""
        tiles = _hand_tiles(hand)
        b = self._board
        if not b.tiles:
            return [(Play.of(t), t.pips) for t in tiles]
        out = []
        for t in tiles:
            if b.pos_of[t.id] >= 0:
                raise IllegalPlay.because(Reason.ON_TABLE_IN_HAND, tile=t)
        for tid, p, n in b.moves([t.id for t in tiles]):
            out.append((play_of_move(tid, b.tiles[p], n), b.total_after(tid, p, n)))
        return out

    def is_legal(self, play: PlayLike) -> bool:
        """Whether ``play`` can be made now."""
        try:
            self._check(Play.parse(play))
        except IllegalPlay:
            return False
        return True

    def play(self, play: PlayLike) -> Layout:
        """A new layout with ``play`` made; this one is unchanged."""
        p = Play.parse(play)
        board = self._board.copy()
        self._check_and_push(board, p)
        return Layout._wrap(board, self._variant)

    def _check(self, play: Play) -> tuple[int, int]:
        """Validate ``play``; return (target position, number) or (-1, -1) for a lead."""
        b = self._board
        t = play.tile
        if b.pos_of[t.id] >= 0:
            raise IllegalPlay.because(Reason.ON_TABLE, tile=t)
        if play.target is None:
            if b.tiles:
                raise IllegalPlay.because(Reason.HAS_A_LEAD, tile=t, lead=TILES[b.tiles[0]])
            return -1, -1
        g = play.target
        if not b.tiles:
            raise IllegalPlay.because(Reason.EMPTY_LAYOUT, tile=t)
        p = b.pos_of[g.id]
        if p < 0:
            raise IllegalPlay.because(Reason.NO_TARGET, tile=t, target=g)
        if play.beside:
            return p, self._beside_number(t, g, p)
        n = b.number_for(t.id, p)
        if n >= 0:
            return p, n
        reason, fields = self._why_not(t, g, p)
        raise IllegalPlay.because(reason, tile=t, target=g, **fields)

    def _beside_number(self, t: Tile, g: Tile, p: int) -> int:
        """The move number for ``t`` beside the in-line sniff ``g`` at ``p``, or why it cannot go."""
        b = self._board
        if self._variant is not Variant.SNIFF:
            raise IllegalPlay.because(Reason.BESIDE_ONLY_SNIFF, tile=t, target=g)
        if p != b.sniff:
            raise IllegalPlay.because(Reason.NOT_THE_SNIFF, tile=t, target=g)
        if not t.has(g.low):
            raise IllegalPlay.because(Reason.NO_NUMBER_BESIDE, tile=t, target=g, number=g.low)
        if not b.sniff_sides:
            raise IllegalPlay.because(Reason.SNIFF_SIDES_TAKEN, tile=t, target=g)
        return SNIFF_SIDE + g.low

    def _why_not(self, t: Tile, g: Tile, p: int) -> tuple[Reason, dict[str, int]]:
        """Why ``t`` cannot go on ``g`` (at ``p``): the reason, and its fields besides the two tiles."""
        b = self._board
        shared = [n for n in (g.low, g.high) if t.has(n)]
        if not shared:
            return Reason.NO_MATCH, {}
        if b.attach[p][1] == BESIDE:
            return Reason.ON_BESIDE, {}
        if not g.is_double:
            return Reason.END_COVERED, {"number": shared[0]}
        if p == b.sniff and self._variant is Variant.SNIFF:
            return (Reason.SNIFF_ENDS_COVERED if b.sniff_sides else Reason.SNIFF_FULL), {}
        if b.spinner[p]:
            return Reason.SPINNER_FULL, {}
        return {
            Variant.MUGGINS: Reason.DOUBLE_COVERED_MUGGINS, Variant.ALL_FIVES: Reason.DOUBLE_COVERED_ALL_FIVES,
            Variant.SNIFF_CROSSWISE: Reason.DOUBLE_COVERED_CROSSWISE, Variant.SNIFF: Reason.DOUBLE_COVERED_SNIFF,
        }.get(self._variant, Reason.DOUBLE_COVERED), {}

    def _check_and_push(self, board: Board, play: Play) -> None:
        # ``board`` is this layout's own board (from_record) or a fresh copy of it (play)
        p, n = self._check(play)
        if p < 0:
            board.lead(play.tile.id)
        else:
            board.push(play.tile.id, p, n)

    # ----- equality and display -----

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return self._variant == other._variant and self._board.tiles == other._board.tiles and (
            self._board.attach == other._board.attach
        )

    def __hash__(self) -> int:
        return hash((self._variant, tuple(self._board.tiles), tuple(self._board.attach)))

    def __repr__(self) -> str:
        return f"Layout.from_record({self.record!r}, variant={self._variant.value!r})"


LETTERS_KEPT = 4096
"""How many layouts' end letters are kept (a bounded cache shared by every session: a layout is no one's data)."""
_LETTERS: dict[tuple[str, str], dict[str, str]] = {}


def end_letters(lay: Layout) -> dict[str, str]:
    """The letter of each open end, by end id, in the letters' order: how the pictures and the buttons name the
    places a tile can go (the outer half of a tile beside the sniff takes none). The lead's ends are A and B;
    an end a play covers hands its letter on to the end the played tile opens, so a letter stays on its side of
    the layout from one turn to the next (the left end of a Muggins line is A all hand long); an end opened
    as well (a spinner's new arm) takes the first letter no open end has.

    >>> end_letters(Layout.from_record("2-5 3-5>2-5", variant="muggins"))
    {'2-5:2': 'A', '3-5:3': 'B'}
    >>> end_letters(Layout.from_record("2-5 3-5>2-5 1-2>2-5", variant="muggins"))  # 1-2 covers the 2 of A
    {'1-2:1': 'A', '3-5:3': 'B'}
    """
    variant = lay.variant.name
    known = _LETTERS.get((variant, lay.record))
    if known is not None:  # (a layout drawn, hinted and named again at every run)
        return dict(known)
    plays = [str(p) for p in lay.plays]
    done = max(len(plays) - 1, 0)  # the longest start of the record whose letters are known
    while done and (variant, " ".join(plays[:done])) not in _LETTERS:
        done -= 1
    letters = _LETTERS[(variant, " ".join(plays[:done]))] if done else {}
    step = Layout.from_record(plays[:done], variant=lay.variant) if done < len(plays) else lay
    for k in range(done, len(plays)):
        step = step.play(plays[k])
        letters = _handed_on(letters, [e.id for e in step.open_ends if e.kind != EndKind.BESIDE])
        if len(_LETTERS) >= LETTERS_KEPT:
            _LETTERS.pop(next(iter(_LETTERS)))  # the oldest goes
        _LETTERS[(variant, " ".join(plays[: k + 1]))] = letters
    return dict(letters)


def first_free_letter(used: Collection[str]) -> str:
    """The first letter, A to Z, not in ``used``.

    >>> first_free_letter({"A", "C"})
    'B'
    """
    return next(chr(n) for n in range(ord("A"), ord("Z") + 1) if chr(n) not in used)


def _handed_on(before: dict[str, str], ends: list[str]) -> dict[str, str]:
    """The letters of ``ends`` after a play, from those ``before`` it: an end still open keeps its letter, a
    new end takes a letter an end just covered had (in the order those ends were lettered), else the first free."""
    kept = {e: before[e] for e in ends if e in before}
    freed = sorted(letter for e, letter in before.items() if e not in kept)
    used = set(kept.values())
    for e in ends:
        if e in kept:
            continue
        letter = freed.pop(0) if freed else first_free_letter(used)
        kept[e] = letter
        used.add(letter)
    return dict(sorted(kept.items(), key=lambda item: item[1]))


def _hand_tiles(hand: Iterable[TileLike] | str) -> list[Tile]:
    if isinstance(hand, str):
        hand = [h for h in hand.replace(",", " ").split() if h]
    tiles: list[Tile] = []
    seen: set[int] = set()
    for h in hand:
        t = Tile.parse(h)
        if t.id in seen:
            raise IllegalPlay.because(Reason.TWICE_IN_HAND, tile=t)
        seen.add(t.id)
        tiles.append(t)
    return tiles
