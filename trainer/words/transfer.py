"""Transfer from real games: the scores a learner spotted on Play a hand, and the missed ones that come
back as puzzles."""

from __future__ import annotations

import datetime as dt

from trainer.words import _, language, ngettext


def from_your_game() -> str:
    """Practice's word above a puzzle made from a score the learner missed in a game."""
    return _("This one is from your own game: you could have scored more. Which play scores most?")


def heading() -> str:
    return _("Scores spotted in real games")


def explained() -> str:
    return _("Each time a play could score, did you pick the play that scores most? "
             "Scores you miss come back in Practice on the next days.")


def nothing_yet() -> str:
    return _("Nothing here yet: play a hand on Play a hand, and every time a play can score, it counts here.")


def spotted_of(spotted: int, chances: int) -> str:
    """``"3 of 4 scores spotted"``."""
    return ngettext("{spotted} of {chances} score spotted", "{spotted} of {chances} scores spotted",
                    chances).format(spotted=spotted, chances=chances)


def share_label() -> str:
    return _("Scores spotted")


def week_axis() -> str:
    return _("Week")


def week_of(start: dt.date) -> str:
    """A week by its Monday, as a teacher reads it: ``"3 Nov"``."""
    try:
        from babel.dates import format_date

        return format_date(start, "d MMM", locale=language())
    except Exception:  # a locale babel does not know
        return start.isoformat()


def week_column(start: dt.date) -> str:
    return _("Week of {day}").format(day=week_of(start))


def all_time() -> str:
    return _("All games")


def child() -> str:
    return _("Child")


def none_this_week() -> str:
    return _("—")


def hand_tally(spotted: int, chances: int) -> str:
    """After a hand: how the learner did with the scoring chances of that hand."""
    if not chances:
        return _("No play of yours could score this hand.")
    return ngettext("This hand you spotted {spotted} of {chances} score.",
                    "This hand you spotted {spotted} of {chances} scores.", chances).format(
        spotted=spotted, chances=chances)


def missed_comes_back(missed: int) -> str:
    return ngettext("The one you missed comes back as a puzzle in Practice from tomorrow.",
                    "The {n} you missed come back as puzzles in Practice from tomorrow.", missed).format(n=missed)


def class_explained() -> str:
    return _("Each time a child's play could score in a game on Play a hand: did they pick the play that scores "
             "most? Week by week, and over all their games.")


def class_nothing_yet() -> str:
    return _("No one has played a hand yet.")
