"""The placement check's sentences: the offer, the line that says how far along the check is, its buttons
and the end screen that says where the child starts (see :mod:`trainer.learning.placement`).

Stage names come in already said (the page passes its stage labels), so this module needs nothing above
:mod:`trainer.words`.

>>> question_of(2, 6)
'Question 2 of about 6'
>>> start_at("All Fives")
'You start at All Fives!'
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.words import _


def offer_title() -> str:
    return _("Let's find where you start!")


def offer_text(about: int) -> str:
    return _("A few puzzles, about 2 minutes ({n} at most). Answer what you can: it is fine not to know! "
             "Then the coach starts at the right place for you.").format(n=about)


def start_check() -> str:
    return _("Start the check")


def skip() -> str:
    return _("Skip")


def skip_help() -> str:
    return _("Start at the beginning, with the first stage.")


def check_title() -> str:
    return _("Where do you start?")


def question_of(number: int, about: int) -> str:
    """The progress line over each puzzle of the check."""
    return _("Question {n} of about {total}").format(n=number, total=about)


def stage_now(stage: str) -> str:
    return _("Stage: {stage}").format(stage=stage)


def dont_know() -> str:
    return _("I don't know")


def stop_here() -> str:
    return _("Stop here")


def stop_help() -> str:
    return _("End the check now: you start where your answers so far show.")


def well_done() -> str:
    return _("Well done, and thank you!")


def start_at(stage: str) -> str:
    return _("You start at {stage}!").format(stage=stage)


def placed_note(stages: Sequence[str]) -> str:
    """What the check showed, for the child: the stages skipped over are asked again on another day."""
    if not stages:
        return _("The coach starts at the beginning and helps you, one step at a time.")
    return _("You showed you know {stages}. On another day the coach asks a few of those puzzles again, "
             "to be sure.").format(stages=", ".join(stages))


def go_on() -> str:
    return _("Let's go!")


def not_saved() -> str:
    return _("Your starting place could not be saved just now. Practise anyway: next time the coach may start "
             "from the beginning.")
