"""Puzzles from real positions: a layout and a hand from a learner's own game, asked as "which play
scores most?", with a code of their own that :func:`puzzles.from_code` opens.

A generated puzzle's code packs (kind, stage, level, seed). A real position has no seed, so its code
packs the position itself: the stage, every play of the layout (each as its place among the plays
the tiles still off the table could make then) and the hand (its place among the hands of that
size). That gives a longer code (about 20 to 30 characters, shown in groups of four) with two
check characters, in the same alphabet as the short codes.

>>> code = position_code("muggins", "3-4 4-4>3-4", ["4-6", "1-4", "2-3"])
>>> p = position_puzzle(code)
>>> d = p.to_dict()
>>> d["kind"], d["layout"], d["hand"], d["answer"]
('best-play', '3-4 4-4>3-4', ['1-4', '2-3', '4-6'], ['2-3>3-4'])
>>> position_puzzle(code.lower().replace("-", " ")) == p
True
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable
from math import comb

from puzzles.codes import ALPHABET, BASE, GENERATOR, CodeError
from puzzles.kinds.best_play import best_play_fields
from puzzles.puzzle import Puzzle
from puzzles.stages import STAGES, Stage
from puzzles.traps import exposed
from trainer.rules import TILES, IllegalPlay, Layout, Play, Tile, play_points
from trainer.words import _, language

VERSION = 0
"""The first digit of every position code (a later way of packing takes the next number)."""
_VERSIONS = 4
MOST_IN_HAND = 21
"""The most tiles a hand in a position code may hold."""
SHORTEST = 10
"""A position code's body has at least this many characters (with its two check characters, 12), so it
is never mistaken for a short code with a slip of the finger."""
GROUP = 4


def _check_chars(body: str) -> str:
    first = sum((i + 1) * (ALPHABET.index(ch) + 1) for i, ch in enumerate(body)) % BASE
    second = sum((len(body) - i) * (i % 7 + 2) * (ALPHABET.index(ch) + 1) for i, ch in enumerate(body)) % BASE
    return ALPHABET[first] + ALPHABET[second]


def _plain(code: object) -> str:
    return "".join(ch for ch in str(code).upper() if ch not in " -_")


def is_position_code(code: object) -> bool:
    """Whether ``code`` is long enough to be a position code (it may still have a typo)."""
    return isinstance(code, str) and len(_plain(code)) >= SHORTEST + 2


def _off_table(lay: Layout) -> list[Tile]:
    return [t for t in TILES if t not in lay]


def _choices(lay: Layout) -> list[str]:
    """The plays every tile off the table could make now, in a fixed order: a play's place in it is
    its digit."""
    return sorted(str(p) for p in lay.legal_plays(_off_table(lay)))


def _hand_rank(pool: list[Tile], hand: list[Tile]) -> int:
    """The place of ``hand`` among the hands of its size cut from ``pool`` (the combinatorial number)."""
    index = sorted(pool.index(t) for t in hand)
    return sum(comb(i, k + 1) for k, i in enumerate(index))


def _hand_of(pool: list[Tile], size: int, rank: int) -> list[Tile]:
    out = []
    for k in range(size, 0, -1):
        i = k - 1
        while comb(i + 1, k) <= rank:
            i += 1
        rank -= comb(i, k)
        out.append(pool[i])
    return sorted(out)


def position_code(stage: Stage, layout: str, hand: Iterable[str | Tile]) -> str:
    """The code of a real position: the stage's game, its layout record and the hand to play from.
    :class:`IllegalPlay` if the layout does not replay or the hand is not tiles off the table."""
    if stage not in STAGES:
        raise IllegalPlay(_("'{stage}' is not a stage: choose one of {stages}.").format(
            stage=stage, stages=", ".join(STAGES)))
    digits: list[tuple[int, int]] = [(VERSION, _VERSIONS), (STAGES.index(stage), len(STAGES))]
    plays = Layout.from_record(layout, variant=stage).plays
    digits.append((len(plays), len(TILES) + 1))
    lay = Layout(variant=stage)
    for play in plays:
        options = _choices(lay)
        digits.append((options.index(str(play)), len(options)))
        lay = lay.play(play)
    tiles = sorted({Tile.parse(t) for t in hand})
    pool = _off_table(lay)
    if any(t not in pool for t in tiles) or len(tiles) > MOST_IN_HAND:
        raise IllegalPlay(_("A hand is up to 21 tiles that are not on the table."))
    digits += [(len(tiles), MOST_IN_HAND + 1), (_hand_rank(pool, tiles), comb(len(pool), len(tiles)))]
    number = 0
    for digit, radix in reversed(digits):
        number = number * radix + digit
    chars: list[str] = []
    while number or len(chars) < SHORTEST:
        number, r = divmod(number, BASE)
        chars.append(ALPHABET[r])
    body = "".join(reversed(chars))
    text = body + _check_chars(body)
    return "-".join(text[i:i + GROUP] for i in range(0, len(text), GROUP))


def read_position(code: object) -> tuple[Stage, str, tuple[str, ...]]:
    """(stage, layout record, hand) from a position code; :class:`CodeError` with a message for a person."""
    text = _plain(code)
    bad = sorted({ch for ch in text if ch not in ALPHABET})
    if bad:
        raise CodeError(_("Puzzle codes never use {letters}. Check the code and try again.").format(
            letters=", ".join(bad)))
    if len(text) < SHORTEST + 2:
        raise CodeError(_("That code is too short for a puzzle from a game."))
    body, check = text[:-2], text[-2:]
    if _check_chars(body) != check:
        raise CodeError(_("That code has a typo somewhere: check each character."))
    number = 0
    for ch in body:
        number = number * BASE + ALPHABET.index(ch)

    def digit(radix: int) -> int:
        nonlocal number
        if radix <= 0:
            raise CodeError(_("That code is not one of ours."))
        number, d = divmod(number, radix)
        return d

    if digit(_VERSIONS) != VERSION:
        raise CodeError(_("That code is for a kind of puzzle this version does not have."))
    stage = STAGES[digit(len(STAGES))]
    lay = Layout(variant=stage)
    for _step in range(digit(len(TILES) + 1)):
        options = _choices(lay)
        lay = lay.play(Play.parse(options[digit(len(options))]))
    pool = _off_table(lay)
    size = digit(MOST_IN_HAND + 1)
    if size > len(pool):
        raise CodeError(_("That code is not one of ours."))
    hand = _hand_of(pool, size, digit(comb(len(pool), size)))
    if number:
        raise CodeError(_("That code is not one of ours."))
    return stage, lay.record, tuple(str(t) for t in hand)


def level_for(hand_size: int) -> int:
    """A real position's level, by the tiles in the hand: 2 tiles → 1, 3 → 2, more → 3."""
    return 1 if hand_size <= 2 else 2 if hand_size == 3 else 3


def position_puzzle(code: str) -> Puzzle:
    """The best-play puzzle a position code names (:class:`CodeError` if it names none)."""
    return _position_puzzle(_plain(code), language())  # its sentences are in the reader's language


@functools.lru_cache(maxsize=512)
def _position_puzzle(text: str, lang: str = "") -> Puzzle:
    stage, record, hand = read_position(text)
    lay = Layout.from_record(record, variant=stage)
    outcomes = [(pl, lay.play(pl)) for pl in sorted(lay.legal_plays(list(hand)), key=str)]
    pts = [play_points(after.total) for _, after in outcomes]
    if len(outcomes) < 2 or len(set(pts)) < 2:
        raise CodeError(_("That position has no play that scores more than another."))
    fields = best_play_fields(lay, hand, outcomes, pts)
    code = position_code(stage, record, hand)
    p = Puzzle(kind="best-play", stage=stage, level=level_for(len(hand)), seed=0, generator=GENERATOR, code=code,
               variant=stage, board=fields["layout"] or lay, hand=tuple(fields["hand"]), question=fields["question"],
               answer=fields["answer"], explanation=fields["explanation"], choices=fields["choices"],
               mistakes=tuple(fields["mistakes"]), steps=tuple(fields.get("steps", ())), trap=fields.get("trap"))
    found = exposed(p)
    return dataclasses.replace(p, traps=found, trap=found[0]) if found else p


def puzzle_from_position(stage: Stage | str, layout: str, hand: Iterable[str | Tile]) -> Puzzle | None:
    """"Which play scores most?" on a real position, or ``None`` when the position is not a puzzle (a
    game of another family, fewer than two plays, or every play scoring the same)."""
    if stage not in STAGES:
        return None
    try:
        return position_puzzle(position_code(Stage(stage), layout, hand))
    except (CodeError, IllegalPlay):
        return None
