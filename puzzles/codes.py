"""Short puzzle codes a child can type and a teacher can write on the board.

A code packs (kind, stage, level, seed, generator) into eight characters from an alphabet with no
look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V), shown as ``XXXX-XXXX``. The last character is a
check character, so a typo is caught instead of showing another puzzle.

The generator is the version of the puzzle makers the code was made with, so a code opens the
puzzle it was made for even after the makers change. Codes made before generators had versions
carry none: they mean generator 1, and their numbers (seeds up to 2**24) fill the low part of the
code space. Codes of later generators sit above them, with the version inside and seeds up to
2**19; that room holds generators 2 to 14.
"""

from __future__ import annotations

from typing import NamedTuple

from trainer.words import _

ALPHABET = "ACDEFGHJKMNPQRTWXY34679"
"""The characters a code may use (case does not matter when typing)."""
BASE = len(ALPHABET)
GENERATOR = 3
"""The version of the puzzle makers new codes are made with (see :func:`seed_space`)."""
FIRST_SEEDS = 2**24
"""Seeds of generator 1 (codes without a version) are kept below this."""
SEED_SPACE = 2**19
"""Seeds of the generators after 1 are kept below this so every puzzle fits in a code."""
_N_KINDS = 16  # room for kinds in a code (puzzle kinds 0–7, sheet kinds 8–15)
_CELLS = _N_KINDS * 3 * 3
_BODY = 7
_SPACE = BASE**_BODY
_FIRST_END = FIRST_SEEDS * _CELLS  # generator-1 numbers are below this
_VERSIONS = (_SPACE - _FIRST_END) // (SEED_SPACE * _CELLS)  # versioned generators that fit: 2 … 14
_MIX = 1_234_567_891  # codes are scrambled by this multiplier (coprime to the space)
_UNMIX = pow(_MIX, -1, _SPACE)


class CodeError(ValueError):
    """A code that does not name a puzzle."""


class Code(NamedTuple):
    """What a code names."""

    kind: int
    """The kind's index (a sheet's kinds are 8 and up)."""
    stage: int
    level: int
    seed: int
    generator: int
    """The version of the puzzle makers (1 for codes made before versions)."""


def seed_space(generator: int) -> int:
    """How many seeds a generator's codes hold."""
    return FIRST_SEEDS if generator == 1 else SEED_SPACE


def encode(kind_index: int, stage_index: int, level: int, seed: int, generator: int = GENERATOR) -> str:
    """Pack a puzzle's identity into a code like ``"HX7K-3MPA"``."""
    if not 1 <= generator <= min(GENERATOR, _VERSIONS + 1):
        raise CodeError(_("There is no puzzle generator with that number."))
    if not 0 <= seed < seed_space(generator):
        raise CodeError(_("That puzzle number is too large for a code."))
    number = ((seed * _N_KINDS + kind_index) * 3 + stage_index) * 3 + (level - 1)
    if generator > 1:
        number = _FIRST_END + number * _VERSIONS + (generator - 2)
    number = number * _MIX % _SPACE
    chars = []
    for _place in range(_BODY):
        number, r = divmod(number, BASE)
        chars.append(ALPHABET[r])
    body = "".join(reversed(chars))
    text = body + _check_char(body)
    return f"{text[:4]}-{text[4:]}"


def decode(code: str) -> Code:
    """Unpack a code into what it names; raises :class:`CodeError`."""
    if not isinstance(code, str):
        raise CodeError(_("A puzzle code is eight letters and numbers, like HX7K-3MPA."))
    text = "".join(ch for ch in code.upper() if ch not in " -_")
    if not text:
        raise CodeError(_("Type a puzzle code, like HX7K-3MPA."))
    bad = sorted({ch for ch in text if ch not in ALPHABET})
    if bad:
        shown = ", ".join(bad)
        raise CodeError(_("Puzzle codes never use {letters}. Check the code and try again.").format(letters=shown))
    if len(text) != _BODY + 1:
        raise CodeError(_("A puzzle code has 8 characters; that one has {n}.").format(n=len(text)))
    body, check = text[:-1], text[-1]
    if _check_char(body) != check:
        raise CodeError(_("That code has a typo somewhere: check each character."))
    number = 0
    for ch in body:
        number = number * BASE + ALPHABET.index(ch)
    number = number * _UNMIX % _SPACE
    generator = 1
    if number >= _FIRST_END:
        number, v = divmod(number - _FIRST_END, _VERSIONS)
        generator = v + 2
        if number >= SEED_SPACE * _CELLS:
            raise CodeError(_("That code is not one of ours."))
        if generator > GENERATOR:
            raise CodeError(_("That code is from a newer Fives Trainer: ask for the app to be updated."))
    number, level = divmod(number, 3)
    number, stage = divmod(number, 3)
    seed, kind = divmod(number, _N_KINDS)
    return Code(kind, stage, level + 1, seed, generator)


def _check_char(body: str) -> str:
    total = sum((i + 1) * (ALPHABET.index(ch) + 1) for i, ch in enumerate(body))
    return ALPHABET[total % BASE]
