"""How puzzles speak to a child: scores, plays, ends, and feedback kept short.

Feedback is one short message — the child's answer echoed, one reason — within
:data:`WORD_LIMITS`; the whole working lives in the puzzle's steps.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from puzzles.registry import kind
from trainer.rules import OpenEnd, Play, play_points

if TYPE_CHECKING:
    from puzzles.puzzle import Puzzle

WORD_LIMITS = {1: 20, 2: 35, 3: 35}
"""The most words a feedback message may have at each level."""


def word_count(text: str) -> int:
    return len(text.split())


def say(level: int, *parts: tuple[str, bool]) -> str:
    """Join the parts of a message, in order: required ones always, optional ones (``False``)
    only while the message stays within the level's word limit (earlier optional parts first)."""
    limit = WORD_LIMITS[level]
    keep = [need for _, need in parts]
    count = sum(word_count(t) for t, need in parts if need)
    for i, (text, need) in enumerate(parts):
        if not need and text and count + word_count(text) <= limit:
            keep[i] = True
            count += word_count(text)
    return " ".join(t for (t, _), k in zip(parts, keep) if k and t)


def points_words(points: int) -> str:
    return f"{points} point{'s' if points != 1 else ''}"


def score_words(total: int) -> str:
    """``"15 → 3 points"``, ``"not a multiple of five, so 0"``, ``"nothing to score"``."""
    pts = play_points(total)
    if pts:
        return f"{total} → {points_words(pts)}"
    if total == 0:
        return "nothing to score"
    return "not a multiple of five, so 0"


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def end_words(end: OpenEnd) -> str:
    """An end as a child finds it on the picture: ``"the 4 on 1-4"``, ``"the double 4-4"``."""
    if end.kind == "double":
        return f"the double {end.tile}"
    if end.kind == "spinner-end":
        return f"the spinner {end.tile}"
    return f"the {end.number} on {end.tile}"


def play_words(play: Play) -> str:
    return str(play.tile) if play.target is None else f"{play.tile} on {play.target}"



def for_speech(text: str) -> str:
    """Text as a speech synthesiser should say it: tiles as two numbers, signs as words."""
    text = re.sub(r"(\d)-(\d)", r"\1 \2", text)
    for sign, word in (("→", " makes "), ("÷", " divided by "), ("−", " minus "), ("+", " plus "),
                       ("=", " equals "), ("…", " "), ("**", "")):
        text = text.replace(sign, word)
    return " ".join(text.split())


MINUS_SIGNS = "-\u2212\u2013\u2014\ufe63\uff0d"
"""What a tablet keyboard may give for a minus sign."""


def read_typed_number(text: object) -> tuple[int | None, str]:
    """A number typed in a box: ``(value, "")``, or ``(None, what is wrong)`` in a child's words.

    Digits come as a tablet keyboard gives them: full-width (``"１５"``), superscript or circled
    (``"²"``, ``"①"``) and other scripts' decimal digits read as the digits they are.

    >>> read_typed_number("１５"), read_typed_number("²"), read_typed_number(" 7 ")
    ((15, ''), (2, ''), (7, ''))
    >>> read_typed_number("½")[0] is None and read_typed_number("3.5")[1].startswith("Use a whole")
    True
    """
    raw = "" if text is None else unicodedata.normalize("NFKC", str(text)).strip()
    if not raw:
        return None, "Type a number first."
    if raw[0] in MINUS_SIGNS and raw[1:].strip().isdecimal():
        return None, "Scores are never below zero: type 0 or more."
    if raw.replace(".", "", 1).replace(",", "", 1).isdecimal() and ("." in raw or "," in raw):
        return None, "Use a whole number, like 15 — no dots or commas."
    if not raw.isdecimal():
        shown = "".join(ch for ch in raw[:12] if ch.isprintable())
        return None, f"“{shown}” is not a number. Type digits, like 15." if shown else "Type digits, like 15."
    value = int(raw) if len(raw) <= 6 else 1000  # a very long text never reaches int()
    if value > 999:
        return None, "That number is too big for a domino puzzle. Try again!"
    return value, ""


def answer_words(p: Puzzle) -> str:
    """A puzzle's answer in words a child and a teacher read, never record notation (each kind says
    its own: :attr:`puzzles.registry.Kind.answer_words`)."""
    return kind(p.kind).answer_words(p)


MISTAKE_NAMES = {
    "adding": "added wrong",
    "before-play": "gave the score before the play",
    "counted-covered": "counted a covered end",
    "counted-twice": "counted an end twice",
    "covered-double": "counted a covered double",
    "covered-spinner": "counted a covered spinner",
    "double": "counted a double once",
    "double-at-end": "missed a double at an end",
    "double-once": "counted a double at an arm end once",
    "hand-double-once": "counted a double in the hand once",
    "spinner-once": "counted a spinner with a free side once",
    "round-1": "rounded 1 past a five up",
    "round-2": "rounded 2 past a five up",
    "round-3": "rounded 3 past a five down",
    "round-4": "rounded 4 past a five down",
    "empty-spinner-end": "counted an empty spinner end",
    "forgot-covered": "forgot a covered end stops counting",
    "lower-score": "chose a play that scores less",
    "missed-combination": "missed a play that makes a five with the other ends",
    "missed-end": "missed an open end",
    "missed-lowering": "missed a play that lowers the total to a five",
    "missed-tile": "missed a tile",
    "moved-anyway": "moved a number that was a five already",
    "nearest-ten": "rounded to a ten",
    "not-multiple": "scored a total that is not a five",
    "not-rounded": "did not round",
    "on-the-table": "used a tile already on the table",
    "one-five-off": "went one five too far",
    "other": "another mistake",
    "pip-count": "counted the pips wrong",
    "pips-not-points": "gave pips, not points",
    "points-not-rounded": "gave points, not the rounded pips",
    "rounded-down": "rounded down, not up",
    "rounded-up": "rounded up, not down",
    "ten-not-five": "went to a ten, not a five",
    "counted-the-start": "counted the starting number as a step",
    "stopped-short": "stopped one short",
    "tens-not-fives": "counted points in tens, not fives",
    "to-the-five": "gave the five, not how many more",
    "went-down": "went down, not up",
    "went-up": "went up, not down",
}
"""What each named mistake is, for a teacher's report and the class's answer chart."""


def mistake_name(key: str | None) -> str:
    """A mistake for a teacher: ``"counted a covered spinner"`` (``""`` for a right answer)."""
    if not key:
        return ""
    return MISTAKE_NAMES.get(key, key.replace("-", " "))
