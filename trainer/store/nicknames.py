"""Nicknames: a colour and an animal to pick from, or one a child types that passes a filter.

No real names are asked for; a nickname is all the trainer knows of a child.

>>> check_nickname("  blue   fox ")
'blue fox'
>>> check_nickname("<script>")
Traceback (most recent call last):
...
trainer.store.errors.StoreError: Use letters, numbers and spaces only.
"""

from __future__ import annotations

import random
import re
import unicodedata

from trainer.store.errors import StoreError
from trainer.store.names import HIDDEN, has_hidden

COLOURS = ("Blue", "Green", "Red", "Gold", "Silver", "Orange", "Purple", "Pink", "Teal", "Amber", "Ruby", "Jade",
           "Sky", "Sunny", "Misty", "Coral", "Lime", "Indigo", "Copper", "Snowy")
ANIMALS = ("Fox", "Owl", "Otter", "Panda", "Tiger", "Koala", "Dolphin", "Falcon", "Rabbit", "Turtle", "Badger",
           "Penguin", "Lynx", "Heron", "Gecko", "Moose", "Robin", "Seal", "Whale", "Zebra", "Llama", "Beaver",
           "Hedgehog", "Puffin")
# in Spanish the animal comes first and the word after it reads the same for any animal ("Nutria Alegre")
ANIMALES = ("Zorro", "Búho", "Nutria", "Panda", "Tigre", "Koala", "Delfín", "Halcón", "Conejo", "Tortuga", "Tejón",
            "Pingüino", "Lince", "Garza", "Alce", "Foca", "Ballena", "Cebra", "Llama", "Castor", "Erizo", "Gecko")
COLORES = ("Azul", "Verde", "Gris", "Alegre", "Feliz", "Veloz", "Valiente", "Brillante", "Amable", "Genial",
           "Celeste", "Lila", "Turquesa", "Estelar", "Solar", "Lunar")
MIN_LENGTH, MAX_LENGTH = 2, 20

# whole words after folding case and accents, and look-alike digits (a short list: teachers can
# remove a learner whose nickname slips through)
BLOCKED = frozenset("""
ass arse bum butt crap damn dick piss poo poop shit fuck fucker fucking bitch bastard wank wanker twat cock
cunt slut whore fag nazi hitler sex sexy porn boob boobs penis vagina idiot stupid dumb loser hate kill die
puta puto mierda culo pene idiota estupido estupida tonto tonta caca pedo cono joder cabron pendejo
""".split())
_LEET = str.maketrans("013457@$", "oieastas")
PUNCTUATION = frozenset("' -")
"""Besides letters, marks and digits of any script, a nickname may hold a space, an apostrophe and a hyphen."""
MARKS_IN_A_ROW = 3
"""Accents and vowel signs on one letter (a stack of more only piles marks above and below the line)."""
RIGHT_TO_LEFT = frozenset({"R", "AL"})
"""Unicode's bidirectional classes of right-to-left letters (Hebrew, Arabic, …)."""


def all_allowed(name: str) -> bool:
    """Whether every character of a tidied nickname may be in one: letters of every script with their
    accents and vowel signs (a few in a row), digits, spaces, apostrophes and hyphens; and whether it
    reads in one direction (right-to-left letters and left-to-right letters mixed could show a
    teacher another order than the one typed).

    >>> all_allowed("مرحبا"), all_allowed("Zoë"), all_allowed("明美"), all_allowed("नमस्ते 5")
    (True, True, True, True)
    >>> all_allowed("<b>"), all_allowed("Fox מ"), all_allowed("e" + "\u0301" * 4)
    (False, False, False)
    """
    marks = 0
    directions = set()
    for ch in name:
        category = unicodedata.category(ch)
        if category.startswith("M"):
            marks += 1
            if marks > MARKS_IN_A_ROW:
                return False
            continue
        marks = 0
        if category.startswith("L"):
            bidi = unicodedata.bidirectional(ch)
            directions.add("rtl" if bidi in RIGHT_TO_LEFT else "ltr" if bidi == "L" else "")
        elif category != "Nd" and ch not in PUNCTUATION:
            return False
    return not {"rtl", "ltr"} <= directions and not unicodedata.category(name[0]).startswith("M")


def suggest(rng: random.Random, count: int = 4, *, language: str = "en") -> list[str]:
    """Some nicknames to pick from, all different: ``["Blue Fox", "Teal Otter", …]``; in Spanish
    ``["Nutria Alegre", "Zorro Azul", …]``."""
    names: list[str] = []
    while len(names) < count:
        if language == "es":
            name = f"{rng.choice(ANIMALES)} {rng.choice(COLORES)}"
        else:
            name = f"{rng.choice(COLOURS)} {rng.choice(ANIMALS)}"
        if name not in names:
            names.append(name)
    return names


def check_nickname(text: object) -> str:
    """The nickname as it is kept (spaces tidied), or :class:`StoreError` saying what to change.
    Control and invisible characters are refused (see :mod:`trainer.store.names`)."""
    if not isinstance(text, str):
        raise StoreError("nickname-missing")
    if has_hidden(text):  # before tidying spaces: a line separator or a tab is not a space
        raise StoreError(HIDDEN)
    name = " ".join(text.split())
    if not name:
        raise StoreError("nickname-missing")
    if not all_allowed(name):
        raise StoreError("nickname-characters")
    if len(name) < MIN_LENGTH:
        raise StoreError("nickname-short", least=MIN_LENGTH)
    if len(name) > MAX_LENGTH:
        raise StoreError("nickname-long", most=MAX_LENGTH)
    if not any(ch.isalpha() for ch in name):
        raise StoreError("nickname-no-letters")
    folded = unicodedata.normalize("NFKD", name.lower()).encode("ascii", "ignore").decode().translate(_LEET)
    words = re.split(r"[^a-z]+", folded)
    joined = "".join(words)
    if any(w in BLOCKED for w in words) or joined in BLOCKED:
        raise StoreError("nickname-unkind")
    return name
