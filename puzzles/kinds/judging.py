"""Reading a learner's response and judging a number: what the kind modules share when they judge."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from puzzles.puzzle import Puzzle, Verdict
from trainer.rules import IllegalPlay, Play
from trainer.words import _
from trainer.words.feedback import say


def judge_number(p: Puzzle, response: Any, right: int, because: str) -> Verdict:
    value = read_int(choice_value(p, response) if isinstance(response, str) else response)
    if value is None:
        return Verdict(False, _("Type a whole number, like 15."), "unreadable", is_answer=False)
    if value < 0 or value > 999:
        return Verdict(False, _("That number is too big or below zero. Try again!"), "unreadable", is_answer=False)
    if value == right:
        return Verdict(True, say(p.level, (_("Yes!"), True), (because, True)), None)
    echo = _("You said {value}.").format(value=value)
    for key, name, text in p.mistakes:
        if key == str(value):
            return Verdict(False, say(p.level, (echo, False), (text, True), (because, False)), name)
    return Verdict(False, say(p.level, (echo, True), (because, True)), "other")


def number_explains(misconceive: Callable[[Puzzle, str], Any]) -> Callable[[Puzzle, str, Any], bool]:
    """A kind's ``explains`` for number answers: the response is the trap's model answer."""

    def explains(p: Puzzle, trap: str, response: Any) -> bool:
        value = read_int(choice_value(p, response) if isinstance(response, str) else response)
        return value is not None and value == misconceive(p, trap)

    return explains


def read_int(response: Any) -> int | None:
    if isinstance(response, bool):
        return None
    if isinstance(response, int):
        return response
    if isinstance(response, float) and response.is_integer():
        return int(response)
    if isinstance(response, str):
        text = response.strip().rstrip(".")
        if text.lower() in ("no", "none", "zero"):
            return 0
        if text.lstrip("-").isdigit():
            return int(text)
    return None


def read_play(response: Any) -> Play | None:
    if isinstance(response, (list, tuple)) and len(response) == 1:
        response = response[0]
    if isinstance(response, Play):
        return response
    if isinstance(response, str):
        try:
            return Play.parse(response)
        except IllegalPlay:
            return None
    return None


def choice_value(p: Puzzle, response: Any) -> Any:
    """Let a learner answer with a choice's label (``"B"``)."""
    if isinstance(response, str) and p.choices:
        label = response.strip().upper()
        for c in p.choices:
            if c.label == label:
                return c.value
    return response
