"""The message catalogues: every sentence the code marks has a translation in every language the
trainer offers, with the same placeholders, and the translation is what a page then shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from trainer import words

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None}
FIELD = re.compile(r"(?<!\{)\{([^{}]*)\}(?!\})")
OTHERS = [lang for lang in words.LANGUAGES if lang != words.DEFAULT]


def marked() -> dict[str, tuple[str, ...]]:
    """msgid → its forms (one, or singular and plural), from the source as Babel extracts it."""
    found: dict[str, tuple[str, ...]] = {}
    for folder in ("trainer", "puzzles"):
        for filename, _line, message, _comments, _context in extract_from_dir(
                str(ROOT / folder), method_map=[("**.py", "python")], keywords=KEYWORDS):
            if "/.venv/" in filename or filename.startswith("tests"):
                continue
            forms = message if isinstance(message, tuple) else (message,)
            found[forms[0]] = forms
    return found


def fields(text: str) -> set[str]:
    return {m.split(":")[0].split("!")[0] for m in FIELD.findall(text)}


@pytest.fixture(scope="module")
def sentences():
    return marked()


def test_the_code_marks_its_sentences(sentences):
    assert len(sentences) > 300, "the pages' and puzzles' sentences go through trainer.words"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_sentence_has_a_translation_with_the_same_placeholders(lang, sentences):
    path = words.LOCALE_DIR / lang / "LC_MESSAGES" / f"{words.DOMAIN}.po"
    assert path.exists(), f"no catalogue for {lang}: {path}"
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    missing, wrong = [], []
    for msgid, forms in sentences.items():
        entry = catalog.get(msgid)
        strings = entry.string if entry is not None else None
        strings = strings if isinstance(strings, tuple) else (strings,)
        if entry is None or entry.fuzzy or not all(strings):
            missing.append(msgid)
            continue
        want = set().union(*(fields(f) for f in forms))
        got = [fields(s) for s in strings]
        # a singular form may leave out the count ("the one you missed"); together they say every field
        if any(not g <= want for g in got) or set().union(*got) != want or (len(forms) == 1 and got[0] != want):
            wrong.append((msgid, strings))
    assert not missing, f"{len(missing)} sentences have no {lang} translation, e.g. {missing[:5]}"
    assert not wrong, f"placeholders differ: {wrong[:5]}"


@pytest.mark.parametrize("lang", OTHERS)
def test_a_translated_sentence_is_what_the_words_give(lang, sentences):
    with words.speaking(lang):
        sample = [m for m in sentences if m.strip()][:50]
        changed = [m for m in sample if words._(m) != m]
    assert changed, f"no sentence comes out in {lang}"
