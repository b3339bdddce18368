"""Reading a value back from its plain row: the one check behind every ``from_row`` of the learner
model (an answer, a Sprint answer, a decision), whether the row comes from the database or from the
browser's own storage.

>>> row_values({"fact": "make10:3", "correct": True}, {"fact": (str,), "correct": (bool,)},
...            required=("fact",), what="a Sprint answer")
{'fact': 'make10:3', 'correct': True}
>>> row_values({"fact": 3}, {"fact": (str,)}, required=("fact",), what="a Sprint answer")
Traceback (most recent call last):
...
ValueError: a Sprint answer's fact should be of type str, not 3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

TEXT_MAX = 40
"""The longest text a row's field may hold (its columns are no wider)."""


def row_values(row: object, types: Mapping[str, tuple[type, ...]], *, required: Sequence[str], what: str,
               text_max: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The fields of ``row`` named in ``types``, each of one of its types.

    ``row`` is a mapping (it may leave out fields not ``required``, and holds no other key) or a
    database row (its fields read by name, other columns left alone). A ``bool`` is never taken for
    a number. Texts are at most ``text_max[name]`` characters (:data:`TEXT_MAX` unless said).
    Anything else: ``ValueError``, saying what is wrong. (The values are typed ``Any``: each is of a
    type ``types`` names, so a ``from_row`` may hand them on.)"""
    if isinstance(row, Mapping):
        unknown = [k for k in row if k not in types]
        if unknown:
            raise ValueError(f"{what} has no field {unknown[0]!r}")
        values = {k: row[k] for k in types if k in row}
    else:
        values = {k: getattr(row, k) for k in types if hasattr(row, k)}
    for name in required:
        if name not in values:
            raise ValueError(f"{what} needs its {name}")
    limits = text_max or {}
    for name, value in values.items():
        allowed = types[name]
        if not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed):
            kinds = " or ".join(t.__name__ for t in allowed)
            raise ValueError(f"{what}'s {name} should be of type {kinds}, not {value!r}")
        if isinstance(value, str) and len(value) > limits.get(name, TEXT_MAX):
            raise ValueError(f"{what}'s {name} is longer than {limits.get(name, TEXT_MAX)} characters")
    return values
