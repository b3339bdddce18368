"""Names people type (class names, nicknames): control and invisible characters are refused.

Unicode's control (Cc), format (Cf: the right-to-left override U+202E, the zero-width space
U+200B, …), private-use (Co), surrogate (Cs) and unassigned (Cn) characters and the line and
paragraph separators (Zl, Zp) can hide or reorder text on a teacher's screen, and PostgreSQL
refuses NUL outright. Everything else a class name may hold is kept exactly as typed:

>>> check_class_name("  O'Neil Fox ")
"O'Neil Fox"
>>> check_class_name("$x^2$")
'$x^2$'
>>> check_class_name("Room\\u202e4")
Traceback (most recent call last):
...
trainer.store.errors.StoreError: Use letters, numbers and spaces: that has an invisible or control character in it.
"""

from __future__ import annotations

import unicodedata

from trainer.store.errors import StoreError

HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
HIDDEN = "hidden-characters"
"""The reason for a name with a control or invisible character in it."""
CLASS_NAME_LENGTH = 60


def has_hidden(text: str) -> bool:
    """Whether the text holds a control or invisible character."""
    return any(unicodedata.category(ch) in HIDDEN_CATEGORIES for ch in text)


def strip_spaces(text: str) -> str:
    """The text without the spaces around it (any Unicode space separator), and nothing else."""
    start, end = 0, len(text)
    while start < end and unicodedata.category(text[start]) == "Zs":
        start += 1
    while end > start and unicodedata.category(text[end - 1]) == "Zs":
        end -= 1
    return text[start:end]


def check_class_name(text: object) -> str:
    """The class name as it is kept (surrounding spaces stripped, nothing else changed), or
    :class:`StoreError` saying what to change."""
    if not isinstance(text, str):
        raise StoreError("class-name-missing")
    if has_hidden(text):
        raise StoreError(HIDDEN)
    name = strip_spaces(text)
    if not name:
        raise StoreError("class-name-missing")
    if len(name) > CLASS_NAME_LENGTH:
        raise StoreError("class-name-long", limit=CLASS_NAME_LENGTH)
    return name
