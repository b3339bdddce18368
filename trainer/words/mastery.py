"""Mastery and the coach, as a learner and a teacher read them: the steps, the notices above a puzzle.

>>> STEP_NAMES[4], notice("warm-up")
('Mastered', 'A quick warm-up on this.')
"""

from __future__ import annotations

from trainer.words import N_, Said, SaidInOrder, _

STEP_NAMES = SaidInOrder((N_("Not started"), N_("Practised"), N_("Familiar"), N_("Proficient"), N_("Mastered")))
"""A kind's mastery step at a stage, in words (index = step)."""

NOTICES = Said({
    "again": N_("Try it again: you can do it now."),
    "warm-up": N_("A quick warm-up on this."),
    "the-missed-one": N_("Now try the one you missed."),
    "retry": N_("This one tripped you up before. Try it again!"),
    "similar": N_("Here is one like a puzzle you missed."),
    "review": N_("A quick review of something you know."),
})
"""What the coach says above a puzzle it chose, by why it chose it."""


def needs_a_review() -> str:
    """A kind taken back from Mastered after its review answers failed (My progress, the teacher's grid)."""
    return _("needs a review")


def notice(why: str) -> str:
    return NOTICES[why]


def no_puzzle_yet() -> str:
    return _("There is no puzzle yet.")


def code_did_not_work(why: str = "") -> str:
    """A puzzle code that opens nothing (``why``: the code's own problem, a whole sentence)."""
    if why:
        return _("That puzzle code didn't work: {why} Here is a fresh puzzle instead.").format(why=why)
    return _("That puzzle code didn't work. Here is a fresh puzzle instead.")


def unknown_answer() -> str:
    return _("That answer is for a puzzle this trainer does not know.")


def class_answer(correct: bool, mistake: str) -> str:
    """A bar of the class's answer chart: ``"right"``, or the mistake's name."""
    return _("right") if correct else (mistake or _("another mistake"))
