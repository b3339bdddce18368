"""Searches for trap puzzles, made once and written down.

:func:`puzzles.generate_for` looks for a puzzle that exposes a trap by trying seed after seed, which can
take a hundred puzzles (a tenth of a second and more for a best play). The coach asks for such a puzzle
for every new learner's first puzzle, from a few hundred seeds per trap (see
:data:`SEEDS`), so a school opening the page at once would make those
searches again and again. The searches for a new learner's first puzzles (every core kind, at every
stage's first level, its first trap) are kept in ``data/found.json`` by their code: the same puzzle, made
straight from its code. A change to the puzzle makers changes :data:`~puzzles.codes.GENERATOR`, and the
file is not used until it is made again::

    python -m puzzles found            # writes puzzles/data/found.json (a few minutes)

:func:`puzzles.warm_found` makes the written-down puzzles ahead, as a server starts.
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

from puzzles.codes import GENERATOR
from puzzles.kinds import CORE_KINDS
from puzzles.stages import STAGES, Stage
from puzzles.traps import mastery_traps

PATH = Path(__file__).parent / "data" / "found.json"
SEEDS = 256
"""The coach's puzzles made to expose a trap come from this many seeds per kind, stage, level and trap: a child
meets a trap's puzzle only now and then, so 256 rarely repeat. Each is searched for once per server process
(:func:`puzzles.generate_for` keeps them), where a search can take a hundred puzzles, and a new learner's first
ones are written down here (``data/found.json``): a server makes the rest as it starts (:func:`warm_found`), so
a whole school opening the page at the bell finds them ready."""


def key(kind: str, stage: Stage, level: int, trap: str) -> str:
    return f"{kind}/{stage}/{level}/{trap}"


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, list[str]]:
    try:
        data = json.loads(PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("generator") != GENERATOR:
        return {}  # made by other puzzle makers: searched afresh
    codes = data.get("codes")
    return codes if isinstance(codes, dict) else {}


def code_for(kind: str, stage: Stage, level: int, trap: str, seed: int) -> str | None:
    """The code :func:`puzzles.generate_for` finds for these, when it is written down; else ``None``."""
    found = _table().get(key(kind, stage, level, trap))
    if found is None or not 0 <= seed < len(found):
        return None
    return found[seed]


def wanted() -> list[tuple[str, Stage, int, str]]:
    """What is written down: every core kind at every stage's first level, with its first trap (a new
    learner's first puzzle, wherever they are placed)."""
    return [(k, s, 1, mastery_traps(k, s)[0]) for k in CORE_KINDS for s in STAGES if mastery_traps(k, s)]


def write(table: dict[str, object]) -> None:
    """Write the table (:func:`puzzles.search_found` makes it) where :func:`code_for` reads it."""
    PATH.parent.mkdir(parents=True, exist_ok=True)
    PATH.write_text(json.dumps(table, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    _table.cache_clear()
    print(f"wrote {PATH}", file=sys.stderr)
