"""Feedback kept short: one message within :data:`WORD_LIMITS`, whole sentences in order.

>>> say(1, ("You said 12.", False), ("The ends make 10.", True))
'You said 12. The ends make 10.'
>>> for_speech("4-6 on 2-6: 15 → 3 points")
'4 6 on 2 6: 15 makes 3 points'
"""

from __future__ import annotations

import re

from trainer.words import _

WORD_LIMITS = {1: 20, 2: 35, 3: 35}
"""The most words a feedback message may have at each level."""


def word_count(text: str) -> int:
    return len(text.split())


def say(level: int, *parts: tuple[str, bool]) -> str:
    """Join whole sentences, in order: required ones (``True``) always, optional ones (``False``)
    only while the message stays within the level's word limit (earlier optional parts first)."""
    limit = WORD_LIMITS[level]
    keep = [need for _text, need in parts]
    count = sum(word_count(t) for t, need in parts if need)
    for i, (text, need) in enumerate(parts):
        if not need and text and count + word_count(text) <= limit:
            keep[i] = True
            count += word_count(text)
    return " ".join(t for (t, _need), k in zip(parts, keep) if k and t)


def sentence(text: str) -> str:
    """``text`` with a capital first letter, to open a sentence."""
    return text[:1].upper() + text[1:]


def for_speech(text: str) -> str:
    """Text as a speech synthesiser should say it: tiles as two numbers, signs as words."""
    text = re.sub(r"(\d)-(\d)", r"\1 \2", text)
    for sign, word in (("→", _("makes")), ("÷", _("divided by")), ("−", _("minus")), ("+", _("plus")),
                       ("=", _("equals"))):
        text = text.replace(sign, f" {word} ")
    text = text.replace("…", " ").replace("**", "")
    return " ".join(text.split())


def listing(names: list[str]) -> str:
    """Names as a list a child reads: ``"a"``, ``"a and b"``, ``"a, b and c"``.

    >>> listing(["the 4 on 1-4"]), listing(["a", "b", "c"])
    ('the 4 on 1-4', 'a, b and c')
    """
    if len(names) <= 1:
        return "".join(names)
    return _("{some} and {last}").format(some=_(", ").join(names[:-1]), last=names[-1])


def alternatives(names: list[str]) -> str:
    """Choices as a child reads them: ``"3-4 on 4-4 or 1-4 on 4-4"``.

    >>> alternatives(["3", "4", "5"])
    '3 or 4 or 5'
    """
    if len(names) <= 1:
        return "".join(names)
    return _("{some} or {last}").format(some=alternatives(names[:-1]), last=names[-1])


def sentences(*texts: str) -> str:
    """Whole sentences one after another (empty ones left out)."""
    return " ".join(t for t in texts if t)


def echo_of(message: str) -> str:
    """The first sentence of a feedback message when it echoes the child's answer ("You said 12.",
    "You chose 3-4 on end B: …"), in the reader's language; "" when it does not.

    >>> echo_of("You said 12. The ends make 6 + 4 = 10.")
    'You said 12.'
    >>> echo_of("The ends make 6 + 4 = 10.")
    ''
    """
    echoes = (_("You said {value}."), _("You chose {play}: {working}, no score."))
    starts = [template.split("{")[0] for template in echoes]
    if any(start and message.startswith(start) for start in starts) and ". " in message:
        return message.split(". ")[0] + "."
    return ""
