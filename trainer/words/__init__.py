"""Every sentence a person reads, in one place, in the reader's language.

Each topic has its own module (``trainer.words.scores``, ``trainer.words.plays``, …); a
module's functions take values (numbers, tiles, plays, reason codes) and give back the
sentence. Every literal sentence goes through :func:`_` (or :func:`ngettext` when it
depends on a count), so the message catalogues in ``trainer/words/locale/`` can carry it
into another language without anyone reading the code.

The language is per run of a page (a context variable), so two learners on one server
each read their own:

>>> from trainer.words import _, ngettext, speaking
>>> _("Check")
'Check'
>>> ngettext("{n} point", "{n} points", 1).format(n=1)
'1 point'
>>> with speaking("en"):
...     language()
'en'
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

LANGUAGES: dict[str, str] = {"en": "English", "es": "Español"}
"""Language code → its own name, in the order a chooser lists them."""

DEFAULT = "en"
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "messages"

_current: ContextVar[str | None] = ContextVar("fives_language", default=None)
_resolver: Callable[[], str | None] | None = None


def language() -> str:
    """The language of the sentences being made now: the one set with :func:`speaking` or
    :func:`set_language`, else the one the app's resolver gives (the page session's), else English."""
    lang = _current.get()
    if lang is None and _resolver is not None:
        lang = _resolver()
    return lang or DEFAULT


def resolve_with(resolver: Callable[[], str | None] | None) -> None:
    """Where the language comes from when none was set in this context: the app gives a function
    that reads the page session's choice (``None`` outside a page run)."""
    global _resolver
    _resolver = resolver


def normalise_language(code: object) -> str:
    """A language code we speak for ``code`` (``"ES"``, ``"es-MX"`` → ``"es"``), else the default."""
    text = str(code or "").strip().lower().replace("_", "-")
    base = text.split("-", 1)[0]
    return base if base in LANGUAGES else DEFAULT


def set_language(code: object) -> str:
    """Speak ``code`` from now on in this run; gives the code actually used."""
    lang = normalise_language(code)
    _current.set(lang)
    return lang


@contextmanager
def speaking(code: object) -> Iterator[str]:
    """Speak ``code`` inside the ``with`` block only."""
    lang = normalise_language(code)
    token = _current.set(lang)
    try:
        yield lang
    finally:
        _current.reset(token)


@cache
def _catalogue(lang: str) -> dict[object, object]:
    """The translations of ``lang``: msgid → msgstr (a tuple of forms for plurals)."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang == DEFAULT or not path.exists():
        return {}
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    table: dict[object, object] = {"__plural__": catalog.plural_expr}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            forms = tuple(message.string or ())
            if forms and forms[0]:
                # a form left empty says what the form before it says: Babel's newer rules give Spanish a
                # third form (for millions) that a catalogue written for two leaves empty
                filled = [forms[0]]
                for form in forms[1:]:
                    filled.append(form or filled[-1])
                table[message.id[0]] = tuple(filled)
        elif message.string:
            table[message.id] = message.string
    return table


def _(message: str) -> str:
    """``message`` in the current language (itself where there is no translation)."""
    found = _catalogue(language()).get(message)
    return found if isinstance(found, str) else message


def _plural_index(lang: str, n: int) -> int:
    expr = _catalogue(lang).get("__plural__")
    if not isinstance(expr, str):
        return 0 if n == 1 else 1
    return int(_plural_rule(expr)(n))


@cache
def _plural_rule(expr: str) -> Callable[[int], int]:
    """The catalogue's own rule for its plural forms (C's syntax, ``n == 1 ? 0 : 1`` too), as Python."""
    return gettext.c2py(expr)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence that fits the count ``n`` (1 point, 2 points)."""
    found = _catalogue(language()).get(singular)
    if isinstance(found, tuple):
        index = _plural_index(language(), n)
        return found[min(index, len(found) - 1)]
    return singular if n == 1 else plural


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it yet (for tables of names)."""
    return message


def said(message: str) -> str:
    """A text marked with :func:`N_` (kept in a table or a record), in the current language.

    :func:`_` takes only a literal, so that the catalogue finds it; this takes the value of one."""
    found = _catalogue(language()).get(message)
    return found if isinstance(found, str) else message


class Said(Mapping[str, str]):
    """A table of names marked with :func:`N_`, each said in the current language when it is read.

    >>> names = Said({"off": N_("Off")})
    >>> names["off"], list(names)
    ('Off', ['off'])
    """

    def __init__(self, table: Mapping[str, str]) -> None:
        self._table = dict(table)

    def __getitem__(self, key: str) -> str:
        return said(self._table[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)

    def __repr__(self) -> str:
        return f"Said({self._table!r})"


class SaidInOrder(Sequence[str]):
    """A row of names marked with :func:`N_`, each said in the current language when it is read.

    >>> steps = SaidInOrder((N_("Practised"), N_("Mastered")))
    >>> steps[1], list(steps)
    ('Mastered', ['Practised', 'Mastered'])
    """

    def __init__(self, names: Sequence[str]) -> None:
        self._names = tuple(names)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [said(n) for n in self._names[index]]
        return said(self._names[index])

    def __len__(self) -> int:
        return len(self._names)

    def __repr__(self) -> str:
        return f"SaidInOrder({self._names!r})"
