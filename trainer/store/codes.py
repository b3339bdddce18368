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

Class codes are three groups of three (``"KQ7-MXR-4PD"``), so a class code never looks like a
learner code or a puzzle code (two groups of four); classes made before have two groups of three
(``"KQ7-MXR"``) and keep working:

>>> cc = new_class_code()
>>> len(cc), cc[3], cc[7]
(11, '-', '-')
>>> normalise_class(cc.lower().replace("-", " ")) == cc
True
>>> normalise_class("eng 6xt"), normalise_class("ENG6XT"), normalise_class("eng-6xu")
('ENG-6XT', 'ENG-6XT', None)
"""

from __future__ import annotations

import secrets

from puzzles.codes import ALPHABET

BASE = len(ALPHABET)
LEARNER_LENGTH = 8
"""Seven random characters and a check character: 23**7, about 3.4 billion codes."""
CLASS_LENGTH = 9
"""Eight random characters and a check character: 23**8, about 78 billion codes (see docs/privacy-security.md,
"Codes and rate limits", for why)."""
OLD_CLASS_LENGTH = 6
"""Classes made before: five random characters and a check character (23**5, 6.4 million)."""
GROUP = 3
"""Class codes are written in groups of three."""
NO_CLASS = "no-class"
"""The reason for a class code that names no class (or fails its check character)."""


def _check(body: str) -> str:
    total = sum((i + 1) * ALPHABET.index(ch) for i, ch in enumerate(body))
    return ALPHABET[total % BASE]


def _plain(text: object) -> str | None:
    """The characters of a typed code, upper case, without spaces, dashes or underscores."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    return "".join(ch for ch in text.upper() if ch not in " -_")


def _fits(plain: str) -> bool:
    return all(ch in ALPHABET for ch in plain) and _check(plain[:-1]) == plain[-1]


def _grouped(plain: str) -> str:
    return "-".join(plain[i:i + GROUP] for i in range(0, len(plain), GROUP))


def _random_body(length: int) -> str:
    body = "".join(secrets.choice(ALPHABET) for _ in range(length - 1))
    return body + _check(body)


def new_learner_code() -> str:
    """A fresh learner code like ``"KQ7M-XR4P"``."""
    text = _random_body(LEARNER_LENGTH)
    half = LEARNER_LENGTH // 2
    return f"{text[:half]}-{text[half:]}"


def new_class_code() -> str:
    """A fresh class code like ``"KQ7-MXR-4PD"``."""
    return _grouped(_random_body(CLASS_LENGTH))


def normalise(text: object, length: int = LEARNER_LENGTH) -> str | None:
    """The code in its stored form (upper case, one dash in the middle), or ``None`` if it cannot
    be one (wrong characters, wrong length, a typo caught by the check character)."""
    plain = _plain(text)
    if plain is None or len(plain) != length or not _fits(plain):
        return None
    half = length // 2
    return f"{plain[:half]}-{plain[half:]}"


def normalise_class(text: object) -> str | None:
    """A class code of either length in its stored form (``"KQ7-MXR-4PD"`` or, for an older class,
    ``"KQ7-MXR"``) from anything a person types (case, spaces and dashes do not matter), or
    ``None`` if it cannot be one."""
    plain = _plain(text)
    if plain is None or len(plain) not in (CLASS_LENGTH, OLD_CLASS_LENGTH) or not _fits(plain):
        return None
    return _grouped(plain)


def class_code_problem(text: object) -> tuple[str, dict[str, object]]:
    """Why some text does not open a class: a reason and its fields, worded by
    :func:`trainer.words.errors.store_problem`. A code of the right shape that fails its check
    character gets the same reason as one that names no class.

    >>> class_code_problem("KQ0-MXR")
    ('class-code-characters', {'letters': '0'})
    >>> class_code_problem("KQ7")
    ('class-code-length', {'want': 9, 'got': 3})
    """
    if not isinstance(text, str) or is_blank(text):
        return "class-code-blank", {}
    plain = "".join(ch for ch in text.upper() if ch not in " -_")
    bad = sorted({ch for ch in plain if ch not in ALPHABET})
    if bad:
        return "class-code-characters", {"letters": ", ".join(bad)}
    if len(plain) not in (CLASS_LENGTH, OLD_CLASS_LENGTH):
        return "class-code-length", {"want": CLASS_LENGTH, "got": len(plain)}
    return NO_CLASS, {}


def is_blank(text: object) -> bool:
    """Whether nothing was typed (no guess to count)."""
    return not isinstance(text, str) or not text.strip(" -_\t")
