"""Work a teacher sets: the form on My class, each child's standing in the grid and the CSV, and the
"From your teacher" card on the child's Practice page.

>>> import datetime as dt
>>> puzzles_to_go(1), puzzles_to_go(7)
('1 puzzle to go', '7 puzzles to go')
>>> due_on(dt.date(2026, 11, 27), dt.date(2026, 11, 25))
'Due Fri 27 November'
>>> due_on(dt.date(2026, 11, 27), dt.date(2026, 11, 27))
'Due today'
"""

from __future__ import annotations

import datetime as dt

from trainer.words import N_, Said, _, ngettext
from trainer.words.days import MONTHS, WEEKDAYS

WORK_NAMES = Said({"puzzles": N_("Puzzles"), "trap": N_("A trap to work on"), "sprint": N_("A Sprint a day")})
"""What a piece of work asks for (:class:`trainer.learning.assignment.Work`), as the form offers it."""

_PROBLEMS = Said({
    "no-stage": N_("Choose at least one stage."),
    "unknown": N_("That stage or kind of puzzle is not one the trainer knows. Choose again."),
    "no-trap": N_("Choose the trap to work on."),
    "trap-not-at-stage": N_("That trap can't happen in the stages and kinds chosen. Add another stage."),
    "too-few": N_("Ask for at least 1 puzzle."),
    "too-many": N_("That is a lot! Ask for 200 puzzles or fewer."),
    "past-due": N_("The due day has passed. Choose today or a later day."),
    "no-children": N_("Choose at least one child, or set it for the whole class."),
    "child-gone": N_("A child you chose is no longer in the class. Choose again."),
    "not-found": N_("That work is no longer there."),
})


def problem(reason: str) -> str:
    """Why the work was not set (a :class:`trainer.learning.assignment.Problem`'s value), in words."""
    return _PROBLEMS[reason] if reason in _PROBLEMS else _("That didn't work. Check the form and try again.")


# ----- My class -----


def heading() -> str:
    return _("Work for the class")


def set_heading() -> str:
    return _("Set new work")


def what() -> str:
    return _("What")


def stages() -> str:
    return _("Stages")


def kinds() -> str:
    return _("Kinds of puzzle")


def every_kind() -> str:
    return _("Every kind")


def trap() -> str:
    return _("Trap")


def choose_trap() -> str:
    return _("Choose a trap")


def how_many() -> str:
    return _("How many puzzles")


def due() -> str:
    return _("Due day")


DATE_FORMATS = ("YYYY/MM/DD", "DD/MM/YYYY", "MM/DD/YYYY")
"""The ways Streamlit's date box can write a day."""


def date_format() -> str:
    """How the due day's box writes a day in this language (one of :data:`DATE_FORMATS`; Spanish puts the day
    first)."""
    # TRANSLATORS: one of YYYY/MM/DD, DD/MM/YYYY or MM/DD/YYYY, the order a reader of the language expects
    said = _("YYYY/MM/DD")
    return said if said in DATE_FORMATS else DATE_FORMATS[0]


def for_whom() -> str:
    return _("For")


def whole_class() -> str:
    return _("The whole class")


def some_children() -> str:
    return _("Some children")


def children() -> str:
    return _("Children")


def choose_children() -> str:
    return _("Choose children")


def set_it() -> str:
    return _("Set the work")


def was_set() -> str:
    return _("The work is set. Children see it first on their Practice page.")


def none_yet() -> str:
    return _("No work set yet. Set some below: children see it first on their Practice page.")


def close() -> str:
    return _("Close")


def close_help() -> str:
    return _("Children stop seeing it. Its progress stays here.")


def delete() -> str:
    return _("Delete")


def delete_for_good() -> str:
    return _("Delete it for good")


def keep_it() -> str:
    return _("Keep it")


def closed_now() -> str:
    return _("Closed. Children no longer see it.")


def deleted_now() -> str:
    return _("Deleted.")


def closed() -> str:
    return _("closed")


def past_due() -> str:
    return _("past its due day")


def sprint_a_day() -> str:
    return _("A Sprint a day")


def puzzles_summary(n: int, stage_names: str, kind_names: str) -> str:
    """A piece of puzzles work in a line: ``"10 puzzles · Muggins · Total, Best play"``."""
    return ngettext("{n} puzzle · {stages} · {kinds}", "{n} puzzles · {stages} · {kinds}", n).format(
        n=n, stages=stage_names, kinds=kind_names)


def trap_summary(n: int, trap_words: str, stage_names: str) -> str:
    """Trap work in a line: ``"8 puzzles on: counts a spinner once · All Fives"``."""
    return ngettext("{n} puzzle on: {trap} · {stages}", "{n} puzzles on: {trap} · {stages}", n).format(
        n=n, trap=trap_words, stages=stage_names)


def for_everyone() -> str:
    return _("for the whole class")


def for_some(n: int) -> str:
    return ngettext("for {n} child", "for {n} children", n).format(n=n)


def day(when: dt.date) -> str:
    """A day as a teacher and a child read it: ``"Fri 27 November"``."""
    return _("{weekday} {day} {month}").format(weekday=WEEKDAYS[when.weekday()], day=when.day,
                                               month=MONTHS[when.month - 1])


def due_on(when: dt.date, today: dt.date) -> str:
    if when == today:
        return _("Due today")
    if when == today + dt.timedelta(days=1):
        return _("Due tomorrow")
    return _("Due {day}").format(day=day(when))


def status_done() -> str:
    return _("done")


def status_done_right(right: int, done: int) -> str:
    """Work finished, and how it went: ``"done: 1 of 3 right"``."""
    return _("done: {right} of {done} right").format(right=right, done=done)


def status_progress(done: int, total: int) -> str:
    return _("in progress ({done} of {total})").format(done=done, total=total)


def status_not_started() -> str:
    return _("not started")


def status_stuck(trap_words: str) -> str:
    return _("stuck on: {trap}").format(trap=trap_words)


def not_for_them() -> str:
    return "—"


def grid_legend() -> str:
    return _("Each child's progress on each piece of work. Stuck: three wrong in a row on the same trap, "
             "or the coach has moved on from it today.")


def csv_column(summary: str, due_day: str) -> str:
    """The CSV's column for one piece of work: what it is and its due day."""
    return _("{work} (due {day})").format(work=summary, day=due_day)


# ----- the child's Practice page -----


def from_teacher() -> str:
    return _("From your teacher")


def puzzles_to_go(n: int) -> str:
    return ngettext("{n} puzzle to go", "{n} puzzles to go", n).format(n=n)


def sprint_today(done: bool) -> str:
    return _("Sprint today: done ✓") if done else _("Sprint today: not yet")


def sprint_days(done: int, total: int) -> str:
    return ngettext("{done} of {total} day", "{done} of {total} days", total).format(done=done, total=total)


def start() -> str:
    return _("Start")


def keep_going() -> str:
    return _("Keep going")


def start_sprint() -> str:
    return _("Go to the Sprint")


def all_done(right: int, done: int) -> str:
    """Work finished with every puzzle right (a Sprint a day: every day's green light)."""
    if right < done:
        return all_done_with_mistakes(right, done)
    return _("All done. Well done!")


def all_done_with_mistakes(right: int, done: int) -> str:
    return _("All done: {right} of {done} right.").format(right=right, done=done)


def working_on(left: str) -> str:
    """Above each puzzle of the teacher's work: how much is left."""
    return _("From your teacher: {left}").format(left=left)


def finished_now(right: int, done: int) -> str:
    """The last puzzle of the work just answered, every one of them right."""
    if right < done:
        return finished_with_mistakes(right, done)
    return _("You finished your teacher's work. Brilliant!")


def finished_with_mistakes(right: int, done: int) -> str:
    """The last puzzle of the work just answered, some of them wrong: what was done and how it went."""
    return _("You finished your teacher's work: {right} of {done} right. Your teacher will help you with the "
             "tricky ones.").format(right=right, done=done)


def back_to_mine() -> str:
    return _("Back to my practice")
