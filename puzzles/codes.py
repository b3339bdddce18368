"""Short puzzle codes a child can type and a teacher can write on the board.

A code packs (kind, stage, level, seed) into eight characters from an alphabet with no
look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V), shown as ``XXXX-XXXX``. The last
character is a check character, so a typo is caught instead of showing another puzzle.
"""

from __future__ import annotations

from trainer.words import _

ALPHABET = "ACDEFGHJKMNPQRTWXY34679"
"""The characters a code may use (case does not matter when typing)."""
BASE = len(ALPHABET)
SEED_SPACE = 2**24
"""Seeds are kept below this so every puzzle fits in a code."""
_BODY = 7
_SPACE = BASE**_BODY
_MIX = 1_234_567_891  # codes are scrambled by this multiplier (coprime to the space)
_UNMIX = pow(_MIX, -1, _SPACE)


class CodeError(ValueError):
    """A code that does not name a puzzle."""


def encode(kind_index: int, stage_index: int, level: int, seed: int, n_kinds: int = 16) -> str:
    """Pack a puzzle's identity into a code like ``"HX7K-3MPA"``."""
    number = ((seed * n_kinds + kind_index) * 3 + stage_index) * 3 + (level - 1)
    if number >= _SPACE:
        raise CodeError(_("That puzzle number is too large for a code."))
    number = number * _MIX % _SPACE
    chars = []
    for _place in range(_BODY):
        number, r = divmod(number, BASE)
        chars.append(ALPHABET[r])
    if number:
        raise CodeError(_("That puzzle number is too large for a code."))
    body = "".join(reversed(chars))
    text = body + _check_char(body)
    return f"{text[:4]}-{text[4:]}"


def decode(code: str, n_kinds: int = 16) -> tuple[int, int, int, int]:
    """Unpack a code into (kind index, stage index, level, seed); raises :class:`CodeError`."""
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
    number, level = divmod(number, 3)
    number, stage = divmod(number, 3)
    seed, kind = divmod(number, n_kinds)
    if seed >= SEED_SPACE:
        raise CodeError(_("That code is not one of ours."))
    return kind, stage, level + 1, seed


def _check_char(body: str) -> str:
    total = sum((i + 1) * (ALPHABET.index(ch) + 1) for i, ch in enumerate(body))
    return ALPHABET[total % BASE]
