"""Learner and class codes: random, typable, with a check character so a typo is caught.

They use the puzzle codes' alphabet (no look-alikes such as 0/O or 1/I/L), and case, spaces and
dashes do not matter when typing:

>>> code = new_learner_code()
>>> len(code), code[4]
(9, '-')
>>> normalise(code.lower().replace("-", " ")) == code
True
>>> normalise("AAAA-AAAC") is None   # the check character is wrong
True
"""

from __future__ import annotations

import secrets

from puzzles.codes import ALPHABET

BASE = len(ALPHABET)
LEARNER_LENGTH = 8
"""Seven random characters and a check character: 23**7, about 3.4 billion codes."""
CLASS_LENGTH = 6
"""Five random characters and a check character."""


def _check(body: str) -> str:
    total = sum((i + 1) * ALPHABET.index(ch) for i, ch in enumerate(body))
    return ALPHABET[total % BASE]


def _new(length: int) -> str:
    body = "".join(secrets.choice(ALPHABET) for _ in range(length - 1))
    text = body + _check(body)
    half = length // 2
    return f"{text[:half]}-{text[half:]}"


def new_learner_code() -> str:
    """A fresh learner code like ``"KQ7M-XR4P"``."""
    return _new(LEARNER_LENGTH)


def new_class_code() -> str:
    """A fresh class code like ``"KQ7-MXR"``."""
    return _new(CLASS_LENGTH)


def normalise(text: object, length: int = LEARNER_LENGTH) -> str | None:
    """The code in its stored form (upper case, one dash in the middle), or ``None`` if it cannot
    be one (wrong characters, wrong length, a typo caught by the check character)."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    plain = "".join(ch for ch in text.upper() if ch not in " -_")
    if len(plain) != length or any(ch not in ALPHABET for ch in plain):
        return None
    if _check(plain[:-1]) != plain[-1]:
        return None
    half = length // 2
    return f"{plain[:half]}-{plain[half:]}"


def class_code_problem(text: object) -> str:
    """Why some text is not a class code, in words for a child."""
    if not isinstance(text, str) or not text.strip():
        return "Type your class code: your teacher has it."
    plain = "".join(ch for ch in text.upper() if ch not in " -_")
    bad = sorted({ch for ch in plain if ch not in ALPHABET})
    if bad:
        return f"Class codes never use {', '.join(bad)}. Check the code on the board."
    if len(plain) != CLASS_LENGTH:
        return f"A class code has {CLASS_LENGTH} letters and numbers; that one has {len(plain)}."
    return "That class code has a typo somewhere: check each character."
