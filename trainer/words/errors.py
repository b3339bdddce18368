"""What went wrong, in words a child or a teacher can act on: the progress store's reasons (a code
that names no class, a nickname that does not fit, a store that is away), and the pages' own calm
notices (saving paused, a page that failed).

The store raises a reason code with fields (:class:`trainer.store.StoreError`); :func:`store_problem`
words it when it is shown, so it is read in the reader's language:

>>> store_problem("too-many-tries", wait_seconds=30)
'Too many tries. Wait 30 seconds, then try again.'
>>> store_problem("class-code-length", want=9, got=4)
'A class code has 9 letters and numbers, like KQ7-MXR-4PD; that one has 4.'
"""

from __future__ import annotations

from collections.abc import Callable

from trainer.words import _, ngettext


def how_long(seconds: int) -> str:
    """A wait in words: ``"1 second"``, ``"90 seconds"``, ``"3 minutes"``."""
    if seconds < 120:
        return ngettext("{n} second", "{n} seconds", seconds).format(n=seconds)
    minutes = -(-seconds // 60)
    return ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes)


def _too_many_tries(wait_seconds: int = 1, **_fields: object) -> str:
    return _("Too many tries. Wait {wait}, then try again.").format(wait=how_long(int(wait_seconds)))


_STORE: dict[str, Callable[..., str]] = {
    "unavailable": lambda **f: _("Saving is not working right now."),
    "saving-off": lambda **f: _("Saving progress is not working right now. You can still practise."),
    "saving-off-guest": lambda **f: _(
        "Saving progress is not working right now. You can still practise as a guest."),
    "learner-gone": lambda **f: _("This learner code is no longer in use: your teacher may have removed it."),
    "learner-code-unknown": lambda **f: _(
        "That code didn't work. It looks like KQ7M-XR4P: check each letter on your card."),
    "too-many-tries": _too_many_tries,
    "hidden-characters": lambda **f: _(
        "Use letters, numbers and spaces: that has an invisible or control character in it."),
    "class-name-missing": lambda **f: _("Give the class a name, like Room 4."),
    "class-name-long": lambda limit=60, **f: _("Keep the class name to {limit} letters or fewer.").format(
        limit=limit),
    "nickname-missing": lambda **f: _("Pick a nickname, or type one."),
    "nickname-characters": lambda **f: _("Use letters, numbers and spaces only."),
    "nickname-short": lambda least=2, **f: ngettext(
        "A nickname needs at least {n} letter.", "A nickname needs at least {n} letters.", least).format(n=least),
    "nickname-long": lambda most=20, **f: ngettext(
        "That is a long one! Keep it to {n} letter.", "That is a long one! Keep it to {n} letters.",
        most).format(n=most),
    "nickname-no-letters": lambda **f: _("Put some letters in your nickname."),
    "nickname-unkind": lambda **f: _("Please choose a kinder nickname."),
    "class-code-blank": lambda **f: _("Type your class code: your teacher has it."),
    "class-code-characters": lambda letters="", **f: _(
        "Class codes never use {letters}. Check the code on the board.").format(letters=letters),
    "class-code-length": lambda want=9, got=0, **f: ngettext(
        "A class code has {want} letters and numbers, like KQ7-MXR-4PD; that one has {n}.",
        "A class code has {want} letters and numbers, like KQ7-MXR-4PD; that one has {n}.",
        got).format(want=want, n=got),
    "no-class": lambda **f: _("There is no class with that code. Check the code on the board."),
    "not-in-class": lambda **f: _("That learner is not in this class."),
    "no-live-lesson": lambda **f: _("Start a live lesson first."),
    "teacher-key": lambda **f: _("That class code and teacher key do not match."),
    "no-table": lambda **f: _("There is no table with that code. Check it with the child who opened the table."),
    "table-full": lambda **f: _("That table is full. Ask for another table, or wait for the next game."),
    "table-ended": lambda **f: _("That table has ended. Open a new one, or join another."),
    "table-class": lambda **f: _("That table is for another class. Join one of your own class's tables, or ask "
                                 "your teacher."),
    "table-class-guest": lambda **f: _("That table is for a class. Sign in with your own learner code first "
                                       "(your teacher has it), then type the table's code again."),
}
STORE_REASONS = frozenset(_STORE)
"""Every reason the store (and the sign-in steps) may give."""


def store_problem(reason: str, **fields: object) -> str:
    """The store's ``reason`` (with its ``fields``) in words; an unknown reason reads as the store
    being away, never as a code."""
    return _STORE.get(reason, _STORE["unavailable"])(**fields)


# ----- the pages' own notices -----

def failure(ref: str) -> str:
    """A page or a button that went wrong: a calm line quoting the log's id."""
    return _("Oops — something went wrong here (error {ref}). Your answers and your game are safe: try again, "
             "or choose another page.").format(ref=ref)


def store_away(problem: str) -> str:
    """The store went away in the middle of a page."""
    return _("{problem} Try again in a minute: your answers are safe.").format(problem=problem)


def saved_again() -> str:
    return _("Saving works again: all your answers are saved.")


def saving_paused(waiting: int) -> str:
    """Answers wait in the outbox while the store is away."""
    return ngettext(
        "Saving is paused for a moment. Keep going: {n} answer waits on this tablet and is saved as soon as it "
        "works again.",
        "Saving is paused for a moment. Keep going: {n} answers wait on this tablet and are saved as soon as it "
        "works again.",
        waiting).format(n=waiting)


def saving_paused_none() -> str:
    return _("Saving is paused for a moment. Keep going: your answers wait on this tablet and are saved as soon "
             "as it works again.")


def class_list_away() -> str:
    return _("The class list is not working right now, so nothing here can be saved or opened. Try again in a "
             "minute.")


def pass_did_not_work() -> str:
    """A printed report's sign-in (``?pass=``) that opens no one: it ended, or the teacher switched it off."""
    return _("The sign-in on that printed page no longer works: it ended after a term, or your teacher switched it "
             "off. Sign in with your learner code, or ask your teacher for a new page.")


def code_did_not_work() -> str:
    """A learner code in the address that opens no one."""
    return _("That learner code didn't work. Check it on your card, or sign in again on the Sign in page.")


def learner_removed(code: str) -> str:
    return _("The code {code} is not in use any more (your teacher may have removed it), so your answers are "
             "not saved now. You can sign in again on the Sign in page.").format(code=code)


def no_class_in_store(code: str) -> str:
    """Refitting the learner model's numbers for a class the store does not have."""
    return _("No class in this store has the code {code}.").format(code=code)
