"""The words of a report for home: one printed page for a child's family, in the child's language, saying what
the child has learned and is learning in words a parent understands (no puzzle names, no scores, no other
children), and the words of the buttons that make it.

>>> stage_mastered("muggins")
'Muggins: adds the two open ends of a line of dominoes and spots a multiple of five.'
>>> days_line("Blue Fox", 1, "November 2026")
'Blue Fox practised on 1 day in November 2026.'
>>> from trainer.words import speaking
>>> with speaking("es"):
...     long_date(dt.date(2026, 11, 26))
'26 de noviembre de 2026'
"""

from __future__ import annotations

import datetime as dt

from trainer.words import N_, Said, _, ngettext
from trainer.words.days import MONTHS
from trainer.words.feedback import listing

STAGE_DONE = Said({
    "muggins": N_("Muggins: adds the two open ends of a line of dominoes and spots a multiple of five."),
    "all-fives": N_("All Fives: counts every open end around a spinner (a double that grows four ways) and "
                    "finds the play that scores most."),
    "five-up": N_("Five-Up: keeps count when every double spins, and rounds a hand of dominoes to the "
                  "nearest five."),
})
"""What a child who has mastered each stage can do, for a parent."""

STAGE_NOW = Said({
    "muggins": N_("Muggins: adding the two open ends of a line of dominoes and spotting a multiple of five."),
    "all-fives": N_("All Fives: counting every open end around a spinner, a double that grows four ways, and "
                    "finding the play that scores most."),
    "five-up": N_("Five-Up: keeping count when every double spins, and rounding a hand of dominoes to the "
                  "nearest five."),
})
"""What a child works on at each stage, for a parent."""


ALONG = Said({
    "starting": N_("Just starting."),
    "on-the-way": N_("On the way."),
    "past-halfway": N_("More than halfway there."),
    "nearly-there": N_("Nearly there."),
    "checking": N_("Learned! The trainer checks it once more on another day before it counts."),
})
"""How far along the stage being learned is (:class:`trainer.classroom.home_report.Along`, by value)."""


def long_date(day: dt.date) -> str:
    """A date as a parent reads it: ``26 November 2026``."""
    return _("{day} {month} {year}").format(day=day.day, month=MONTHS[day.month - 1], year=day.year)


def month_in_sentence(day: dt.date) -> str:
    """The month of ``day`` inside a sentence (``November 2026``, ``noviembre de 2026``)."""
    return _("{month} {year}").format(month=MONTHS[day.month - 1], year=day.year)


def title() -> str:
    """The PDF's title (its file's properties)."""
    return _("Fives Trainer: a report for home")


def heading(nickname: str) -> str:
    return _("How {nickname} is doing").format(nickname=nickname)


def subheading(day: dt.date) -> str:
    """Under the heading: where it comes from and when."""
    return _("Fives Trainer, the domino game that practises multiples of five · {date}").format(date=long_date(day))


def mastered_heading(nickname: str) -> str:
    return _("What {nickname} has learned").format(nickname=nickname)


def stage_mastered(stage: str) -> str:
    return STAGE_DONE[stage]


def nothing_mastered_yet(nickname: str) -> str:
    return _("{nickname} is working toward the first stage.").format(nickname=nickname)


def working_heading(nickname: str) -> str:
    return _("What {nickname} is learning now").format(nickname=nickname)


def working_on(stage: str) -> str:
    return STAGE_NOW[stage]


def along(value: str) -> str:
    """How far along: a value of :class:`trainer.classroom.home_report.Along`."""
    return ALONG[value]


def sure_of(titles: list[str]) -> str:
    """The kinds of puzzle of the stage already mastered (``titles``: how the app asks them), in one sentence."""
    return _("Already sure of these puzzles: {titles}.").format(titles=listing([f"“{t}”" for t in titles]))


def every_stage_done(nickname: str) -> str:
    return _("{nickname} has learned every stage. Now it is practice to stay quick and sure.").format(
        nickname=nickname)


def not_started(nickname: str) -> str:
    return _("{nickname} has not answered any puzzles yet.").format(nickname=nickname)


def trap_heading() -> str:
    return _("A mistake to grow out of")


def trap_slip(nickname: str, trap_words: str) -> str:
    """The mistake, as the teacher's report names it (``trap_words``: :attr:`puzzles.registry.Trap.words`)."""
    return _("{nickname} sometimes {mistake}.").format(nickname=nickname, mistake=trap_words)


def trap_right(reason: str) -> str:
    """What is right instead, on an example: ``reason`` is why the trap is wrong on one puzzle (its record's
    reason, :attr:`puzzles.registry.Kind.trap_reason`), as the child reads it after the mistake."""
    return _("The right way, for example: {reason}").format(reason=reason)


def days_heading() -> str:
    return _("Days of practice")


def days_line(nickname: str, days: int, month: str) -> str:
    """How many days of this month the child practised (never compared with anyone)."""
    return ngettext("{nickname} practised on {n} day in {month}.", "{nickname} practised on {n} days in {month}.",
                    days).format(nickname=nickname, n=days, month=month)


def no_days_yet(month: str) -> str:
    return _("No practice days yet in {month}.").format(month=month)


def help_heading() -> str:
    return _("How to help at home")


def help_for_family(family: str | None, stage: str | None, nickname: str, *, started: bool) -> str:
    """One idea for home, from what the child is learning: a trap's family (``"counting"``, ``"rounding"``,
    ``"spotting"``), else the stage being learned (``None``: every stage learned)."""
    if not started:
        text = _("Scan the code together and try the first puzzles: {nickname} can show you how they work.")
    elif family == "counting":
        text = _("Lay a few dominoes in a line and ask {nickname}: which numbers are at the two open ends, and "
                 "what do they add up to?")
    elif family == "rounding":
        text = _("Say a number up to 50 and ask {nickname} for the nearest five: 12 goes to 10, 13 goes to 15.")
    elif family == "spotting":
        text = _("Play dominoes together, and before each turn ask {nickname}: which of your dominoes would "
                 "make the ends add up to 5, 10 or 15?")
    elif stage == "muggins":
        text = _("Count in fives together, up to 50 and back, and ask {nickname} whether numbers like 35 or 42 "
                 "are multiples of five.")
    elif stage is None:
        text = _("Play a game of dominoes together and let {nickname} keep the score.")
    else:
        text = _("Play a game of dominoes together and ask {nickname} to add up the open ends after every "
                 "turn.")
    return text.format(nickname=nickname)


def little_and_often() -> str:
    return _("A few minutes on most days helps more than a long time once a week.")


def qr_heading() -> str:
    return _("Practise at home")


def qr_words(nickname: str) -> str:
    """Beside the QR code: what it does, and so why the page stays at home."""
    return _("Scan the square with a tablet or phone: it opens the trainer signed in as {nickname}. It works "
             "like a key, so keep this page at home.").format(nickname=nickname)


def until_words(date: str) -> str:
    """Under the QR code: how long it signs in, and to what (the learner code is never printed)."""
    return _("It works until {date}, for practice and progress only; the teacher can switch it off sooner.").format(
        date=date)


def no_qr(nickname: str) -> str:
    """Where the page has no QR code (the app's address cannot go in one, or no sign-in could be made)."""
    return _("To practise at home, sign in with {nickname}'s learner code (the teacher has it).").format(
        nickname=nickname)


def footer() -> str:
    return _("Fives Trainer · a report for home · it never compares children")


# ----- the buttons that make it -----


def reports_heading() -> str:
    return _("Reports for home")


def reports_caption() -> str:
    return _("A page for each child's family, in the child's language: what they have learned, what they are "
             "learning now and how to help. Its QR code signs the child in, so send it home only, never "
             "pinned up at school.")


def whole_class() -> str:
    return _("The whole class (a page each)")


def one_child() -> str:
    """Above the row of one button per child."""
    return _("One child:")


def home_address() -> str:
    return _("The trainer's address from home")


def home_address_help() -> str:
    return _("The QR codes open this address. Leave it as it is if families reach the trainer at the same "
             "address; a computer's own address (localhost) works only on that computer.")


def local_address() -> str:
    """Under the address, when it is this computer's own."""
    return _("This address opens the trainer on this computer only: the QR codes will not work at home. Type "
             "the address families use to reach the trainer.")


def my_report() -> str:
    """The button on My progress."""
    return _("A report for home")


def my_report_help() -> str:
    return _("A page to show at home. Its QR code signs you in, so keep it at home.")

