"""Words in one place: every sentence a person reads comes from ``trainer.words`` through ``_()``,
``ngettext()`` or ``N_()``, so that a translator can carry it into another language.

The source check reads the modules in :data:`CHECKED` (a module converted to the words package is
listed here, and stays converted): a string literal that looks like a sentence must be inside one of
those calls, or be one of the few non-sentences in :data:`NOT_SENTENCES`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from puzzles import generate
from puzzles.traps import mistake_name, trap_words
from trainer.rules import IllegalPlay, Layout, Play, Reason, say
from trainer.words import N_, Said, _, ngettext, said, speaking
from trainer.words.ends import end_counts, end_words
from trainer.words.feedback import alternatives, for_speech, listing
from trainer.words.games import GAME_TITLES, game_name, preset_title, variant_name
from trainer.words.plays import play_words
from trainer.words.reasons import REASONS, error_words, reason_words
from trainer.words.rounding import rounding_words
from trainer.words.scores import points_words, score_words

ROOT = Path(__file__).resolve().parent.parent

CHECKED = sorted(
    {*ROOT.glob("puzzles/*.py"), *ROOT.glob("puzzles/kinds/*.py"), *ROOT.glob("puzzles/traps/*.py"),
     *ROOT.glob("trainer/words/*.py"),
     *ROOT.glob("trainer/render/*.py"), *ROOT.glob("trainer/bots/*.py"), ROOT / "trainer/games/guided.py",
     ROOT / "trainer/classroom/report.py", ROOT / "trainer/learning/progress.py", ROOT / "trainer/learning/practice.py"}
    - {ROOT / "puzzles/__main__.py", ROOT / "puzzles/guessing.py", ROOT / "puzzles/shape.py"}
)
"""The modules whose sentences all live in ``trainer.words`` calls (add a module once its sentences have
moved; the command line of ``puzzles``
and the guessing and shape reports for engineers are not for children, teachers or players)."""

NOT_SENTENCES = {
    "system-ui, -apple-system, 'Segoe UI', sans-serif",  # a CSS font list
    "Fives Trainer",  # the app's name
    "no position found for ",  # an engineer's error: the kind cannot be made
    "four players play as two partnerships here: choose a rule set with partners",  # the bot tournament's
    "the computer players did not finish the hand",  # an engineer's error: a hand that never ends
    "The kind ", " is registered twice.", "Two kinds have the number ",  # the registry's, at import time
    "The trap ", " is not a trap.",  # the trap registry's: at import time, or an id that names no trap
}
"""Literals in :data:`CHECKED` that look like sentences and are not read by a child, teacher or player."""

WORDS_CALLS = {"_", "ngettext", "N_"}


def looks_like_sentence(text: str) -> bool:
    """Words a person would read: two words or more, or one with a capital and a closing stop.

    >>> [looks_like_sentence(t) for t in ("Yes!", "Check it", "the 4 on 1-4", "not-in-hand", "a-b")]
    [True, True, True, False, False]
    >>> looks_like_sentence(' class="tile" data-tile="3-4"'), looks_like_sentence('">Empty table</text>')
    (False, True)
    """
    bare = re.sub(r"<[^>]*>|[\w:-]+=\"[^\"]*\"", " ", text).strip()
    words = [w for w in bare.split() if re.fullmatch(r"[\"'“(>]*[A-Za-z][a-z']*[,.;:!?)”\"']*", w)]
    if re.fullmatch(r"[A-Z][a-z']+[.!?]", bare):
        return True
    return len(words) >= 2


def _sources() -> list[tuple[str, ast.Module]]:
    return [(str(p.relative_to(ROOT)), ast.parse(p.read_text(encoding="utf-8"))) for p in CHECKED]


def _calls(tree: ast.AST) -> list[ast.Call]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
            and n.func.id in WORDS_CALLS]


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for stmt in body:  # a string on a line of its own: a docstring, or an attribute's
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                    out.add(id(stmt.value))
    return out


def test_the_checked_modules_are_the_converted_ones():
    names = {str(p.relative_to(ROOT)) for p in CHECKED}
    assert {"puzzles/kinds/best_play.py", "puzzles/traps/counting.py", "trainer/render/svg.py",
            "trainer/bots/players.py", "trainer/words/reasons.py"} <= names


def test_every_allowed_literal_is_still_there():
    literals = {n.value for _path, tree in _sources() for n in ast.walk(tree) if isinstance(n, ast.Constant)}
    assert NOT_SENTENCES <= literals


@pytest.mark.parametrize("path, tree", _sources(), ids=[str(p.relative_to(ROOT)) for p in CHECKED])
def test_every_sentence_is_said_through_the_words_package(path, tree):
    inside = {id(n) for call in _calls(tree) for n in ast.walk(call)}
    skip = _docstrings(tree) | inside
    found = [f"{path}:{n.lineno}: {n.value!r}" for n in ast.walk(tree)
             if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip
             and n.value not in NOT_SENTENCES and looks_like_sentence(n.value)]
    assert not found, "sentences outside _(), ngettext() or N_():\n" + "\n".join(found)


@pytest.mark.parametrize("path, tree", _sources(), ids=[str(p.relative_to(ROOT)) for p in CHECKED])
def test_every_words_call_holds_literals_with_named_placeholders(path, tree):
    bad = []
    for call in _calls(tree):
        n_texts = 2 if call.func.id == "ngettext" else 1
        texts = call.args[:n_texts]
        if len(texts) != n_texts or not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in texts):
            bad.append(f"{path}:{call.lineno}: {call.func.id}() of something other than a literal")
            continue
        for a in texts:
            if re.search(r"\{(\d*|\d+[^}]*)\}", a.value) or "%" in a.value:
                bad.append(f"{path}:{call.lineno}: {a.value!r} needs named placeholders, like {{n}}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("path, tree", _sources(), ids=[str(p.relative_to(ROOT)) for p in CHECKED])
def test_nothing_hides_the_words_function(path, tree):
    """``for _ in …`` or ``x, _ = …`` in a module that calls ``_()`` would make it a number."""
    if not any(call.func.id == "_" for call in _calls(tree)):
        return
    in_comprehension = {id(n) for c in ast.walk(tree) if isinstance(c, ast.comprehension) for n in ast.walk(c.target)}
    hidden = [f"{path}:{n.lineno}" for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id == "_"
              and isinstance(n.ctx, ast.Store) and id(n) not in in_comprehension]
    assert not hidden, "the name _ is assigned: " + ", ".join(hidden)


def test_extraction_finds_the_sentences():
    found = {m[2] if isinstance(m[2], str) else m[2][0] for folder in ("trainer", "puzzles")
             for m in extract_from_dir(str(ROOT / folder), method_map=[("**.py", "python")])}
    assert {"{n} point", "What's the open-end total?", "Which play scores most?", "Sniff (crosswise)",
            "{tile} does not match any open end of {target}.", "counted a covered spinner",
            "{tile} goes on the {number} of {target}, {side}.", "to the right"} <= found
    assert all(reason.value and REASONS[reason] in found for reason in REASONS)


def test_counts_take_the_plural():
    assert (points_words(1), points_words(2), points_words(0)) == ("1 point", "2 points", "0 points")
    assert ngettext("{n} pip", "{n} pips", 1).format(n=1) == "1 pip"


def test_a_score_a_play_an_end_and_rounding():
    assert score_words(15) == "15 → 3 points"
    assert score_words(5) == "5 → 1 point"
    assert score_words(12) == "not a multiple of five, so 0"
    assert play_words(Play.parse("4-6>2-6")) == "4-6 on 2-6"
    lay = Layout.from_record("1-4 4-4>1-4", variant="all-fives")
    assert [end_words(e) for e in lay.open_ends] == ["the 1 on 1-4", "the double 4-4"]
    assert [end_counts(e) for e in lay.open_ends] == [e.words for e in lay.open_ends]  # the engine's own words
    assert rounding_words(13) == "13 is 2 from 15: it rounds up to 15."
    assert listing(["a", "b", "c"]) == "a, b and c" and alternatives(["a", "b"]) == "a or b"
    assert for_speech("1-4: 5 → 1 point") == "1 4: 5 makes 1 point"


SAMPLE_FIELDS = {"player": 1, "turn_of": 0, "tile": "3-4", "target": "4-4", "points": 41, "play": "3-4>4-4",
                 "low": 2, "high": 1, "shown": "'7-1'", "number": 5, "double": "4-4", "lead": "1-4",
                 "index": 2, "token": "5-6>1-4", "message": "5-6 does not match any open end of 1-4.",
                 "inner": "no-match", "inner_fields": {"tile": "5-6", "target": "1-4"}, "hands": 50,
                 "names": "muggins, all-fives", "name": "Hand size", "size": 9, "allowed": "pips, points",
                 "only": "4", "players": 4}


@pytest.mark.parametrize("reason", [r for r in Reason if r is not Reason.RULE])
def test_every_reason_is_worded_as_the_engine_says_it(reason):
    assert reason in REASONS
    assert reason_words(reason, **SAMPLE_FIELDS) == say(reason, **SAMPLE_FIELDS)


def test_an_engine_error_in_words():
    with pytest.raises(IllegalPlay) as err:
        Layout.from_record("1-4 5-6>1-4", variant="muggins")
    assert err.value.reason is Reason.AT_PLAY
    assert error_words(err.value) == str(err.value) == "Play 2 (5-6>1-4): 5-6 does not match any open end of 1-4."
    with pytest.raises(IllegalPlay) as err:
        Layout.from_record("1-4", variant="muggins").play("1-4>1-4")
    assert err.value.reason is Reason.AGAINST_ITSELF
    assert error_words(err.value) == "1-4 cannot be played against itself."
    old = IllegalPlay("Something the rules forbid.")  # no reason code: its own words
    assert error_words(old) == "Something the rules forbid."


def test_names_are_said_when_read():
    table = Said({"a": N_("Off")})
    assert table["a"] == said("Off") == _("Off") == "Off" and dict(table) == {"a": "Off"}
    assert variant_name("sniff-crosswise") == "Sniff (crosswise)"
    assert preset_title("five-up-pagat") == GAME_TITLES["preset:five-up-pagat"] == "Five-Up — Pagat's rules"
    assert game_name("preset:horse-race") == "Horse Race"
    assert mistake_name("covered-spinner") == "counted a covered spinner"  # a trap's, from its record
    assert mistake_name("adding") == "added wrong" and mistake_name("some-new-one") == "some new one"
    assert trap_words("round-3") == "rounds 3 past a five down (13 → 10)"


def test_an_unknown_language_speaks_english():
    with speaking("xx"):
        p = generate("open-total", stage="muggins", level=1, seed=1)
        assert p.question == "What's the open-end total?"


def test_a_catalogue_carries_the_sentences_into_another_language(tmp_path, monkeypatch):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    import trainer.words as words

    catalog = Catalog(locale="es")
    catalog.add("What's the open-end total?", "¿Cuánto suman los extremos abiertos?")
    catalog.add(("{n} point", "{n} points"), ("{n} punto", "{n} puntos"))
    catalog.add("{tile} cannot be played against itself.", "{tile} no se puede jugar contra sí misma.")
    catalog.add("Five-Up", "Cinco arriba")
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "messages.po").open("wb") as f:
        write_po(f, catalog)
    monkeypatch.setattr(words, "LOCALE_DIR", tmp_path)
    monkeypatch.setitem(words.LANGUAGES, "es", "Español")
    words._catalogue.cache_clear()
    try:
        with speaking("es"):
            assert generate("open-total", stage="muggins", level=1, seed=1).question.startswith("¿Cuánto")
            assert (points_words(1), points_words(3)) == ("1 punto", "3 puntos")
            assert variant_name("five-up") == "Cinco arriba"
            with pytest.raises(IllegalPlay) as err:
                Layout.from_record("1-4", variant="muggins").play("1-4>1-4")
            assert error_words(err.value) == "1-4 no se puede jugar contra sí misma."
            assert str(err.value) == "1-4 cannot be played against itself."  # the engine's own words stay
            assert score_words(12) == "not a multiple of five, so 0"  # not translated yet: the English
        assert points_words(3) == "3 points"
    finally:
        words._catalogue.cache_clear()


def test_a_plural_rule_written_in_c_with_a_third_form_left_empty(tmp_path, monkeypatch):
    """Babel's newer rules give Spanish three plural forms (one, many for millions, other) in C's syntax; a
    catalogue written for two leaves the third empty: it says what the second says."""
    import trainer.words as words

    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: es\\n"\n'
        '"Plural-Forms: nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);\\n"\n'
        '"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "{n} point"\nmsgid_plural "{n} points"\nmsgstr[0] "{n} punto"\nmsgstr[1] "{n} puntos"\n'
        'msgstr[2] ""\n', encoding="utf-8")
    monkeypatch.setattr(words, "LOCALE_DIR", tmp_path)
    words._catalogue.cache_clear()
    try:
        with speaking("es"):
            assert [points_words(n) for n in (1, 3, 0, 1000000)] == ["1 punto", "3 puntos", "0 puntos",
                                                                     "1000000 puntos"]
    finally:
        words._catalogue.cache_clear()
