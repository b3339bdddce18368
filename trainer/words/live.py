"""The Live lesson on a child's device: waiting for the teacher, answering once, the verdict."""

from __future__ import annotations

from trainer.words import _


def title() -> str:
    return _("Live lesson")


def not_working() -> str:
    return _("Live lessons are not working right now. Try again in a minute.")


def sign_in_first() -> str:
    return _("Sign in first, and join your class with the class code from your teacher.")


def sign_in() -> str:
    return _("Sign in")


def join_first() -> str:
    return _("Join your class first: type the class code from your teacher on the Sign in page.")


def join_my_class() -> str:
    return _("Join my class")


def waiting() -> str:
    return _("Waiting for your teacher to start the lesson…")


def stay_here() -> str:
    return _("Stay on this page: the puzzle shows up by itself.")


def get_ready() -> str:
    return _("Get ready! Your teacher's first puzzle shows up here.")


def puzzle_broken() -> str:
    return _("This puzzle could not be opened. Wait for the next one!")


def answers_closed_watch() -> str:
    return _("Answers are closed for this one. Watch the big screen!")


def answers_closed() -> str:
    return _("Answers are closed for this one.")


def sent(shown: str) -> str:
    """The child's answer went to the teacher (``shown`` as on the class's chart)."""
    return _("Sent: **{answer}**. Now look at the big screen!").format(answer=shown)


def right(answer: str) -> str:
    """After the reveal, for a right answer (``answer`` in words)."""
    return _("Right! {answer}.").format(answer=answer)


def not_this_time(answer: str, mistake: str = "") -> str:
    """After the reveal, for a wrong answer; ``mistake`` names it where it has a name."""
    if mistake:
        return _("Not this time ({mistake}). The answer: {answer}.").format(mistake=mistake, answer=answer)
    return _("Not this time. The answer: {answer}.").format(answer=answer)


def moved_on() -> str:
    return _("Your teacher has moved on: here is the new puzzle.")
