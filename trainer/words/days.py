"""A child's days on My progress: the month's calendar, its marks and its count in words; and what comes
next after a mastery.

>>> month_name(2026, 11), weekday_names()[0]
('November 2026', 'Mon')
>>> month_count(5, 3, this_month=True)
'You practised on 5 days this month. 3 green lights.'
"""

from __future__ import annotations

from trainer.words import N_, SaidInOrder, _, ngettext

MONTHS = SaidInOrder((N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
                      N_("August"), N_("September"), N_("October"), N_("November"), N_("December")))
"""The months, January first (index = month − 1)."""

WEEKDAYS = SaidInOrder((N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun")))
"""The days of the week, short, Monday first (as the calendar's columns)."""

PRACTISED_MARK = "✓"
"""On a day the child practised: a tick, so the day never reads by its colour alone."""
GREEN_MARK = "★"
"""On a day the Sprint's green light was earned."""


def month_name(year: int, month: int, *, title: bool = True) -> str:
    """A month and its year: capitalised as a calendar's title (Spanish writes its months in lower case), as
    written within a sentence with ``title=False`` ("Días de práctica en diciembre de 2026")."""
    text = _("{month} {year}").format(month=MONTHS[month - 1], year=year)
    return text[:1].upper() + text[1:] if title else text


def weekday_names() -> list[str]:
    return [WEEKDAYS[i] for i in range(7)]


def heading() -> str:
    return _("My days")


def legend() -> str:
    return _("{tick} a day you practised · {star} a day you earned the Sprint's green light · "
             "today has a thick ring").format(tick=PRACTISED_MARK, star=GREEN_MARK)


def month_count(practised: int, green: int, *, this_month: bool) -> str:
    """How many days of the month the child practised, and how many green lights, in a sentence."""
    if this_month:
        days = ngettext("You practised on {n} day this month.", "You practised on {n} days this month.", practised)
    else:
        days = ngettext("You practised on {n} day that month.", "You practised on {n} days that month.", practised)
    lights = ngettext("{n} green light.", "{n} green lights.", green)
    return f"{days.format(n=practised)} {lights.format(n=green)}"


def nothing_this_month() -> str:
    return _("No practice days here yet. Answer a puzzle or do a Sprint and today gets a tick!")


def last_month(year: int, month: int) -> str:
    """The folded calendar of the month before, by its name."""
    return _("Before: {month}").format(month=month_name(year, month, title=False))


def day_label(day: int, *, practised: bool, green: bool, today: bool) -> str:
    """A day of the calendar read aloud (a screen reader, a tooltip): its number and what happened."""
    parts = [str(day)]
    if today:
        parts.append(_("today"))
    if green:
        parts.append(_("practised, green light"))
    elif practised:
        parts.append(_("practised"))
    return ", ".join(parts)


def calendar_label(year: int, month: int) -> str:
    """The calendar's name for a screen reader."""
    return _("Days practised in {month}").format(month=month_name(year, month, title=False))


def whats_next() -> str:
    return _("What's next")


def mastered_stage(stage: str) -> str:
    return _("You mastered **{stage}**!").format(stage=stage)


def next_stage(stage: str) -> str:
    """After a mastery, with a stage still to go: its name, and who starts it."""
    return _("Next: **{stage}**. **Coach me** will start it.").format(stage=stage)


def coach_will_start() -> str:
    """Who starts the next stage, where its name was said just before (Practice's mastery news)."""
    return _("**Coach me** will start it.")


def start_stage(stage: str) -> str:
    """The one button that goes to the next stage."""
    return _("Start {stage}").format(stage=stage)


def keep_going() -> str:
    """After the last stage: what to keep doing."""
    return _("You know every stage! Keep your number facts quick with the **Sprint** every day, and play a "
             "game against the computer.")


def play_a_game() -> str:
    return _("Play a game")
