"""The Sign in page: who is practising, a nickname and a learner code, joining a class, the card."""

from __future__ import annotations

from trainer.words import _


def way_titles() -> dict[str, str]:
    """The three ways in, by their ids."""
    return {"new": _("I'm new"), "code": _("I have a code"), "class": _("Join my class")}


def how() -> str:
    """The label of the ways (hidden: the choices say it)."""
    return _("How")


def title() -> str:
    return _("Who's practising?")


def why_sign_in() -> str:
    return _("Sign in and the trainer remembers your progress, on this tablet or any other.")


def pick_a_nickname() -> str:
    return _("Pick a nickname")


def other_names() -> str:
    return _("Other names")


def type_your_own() -> str:
    return _("Or type your own")


def nickname_example() -> str:
    return _("e.g. Sunny Otter")


def no_real_names() -> str:
    return _("No real names, please: a nickname is all the trainer needs.")


def start() -> str:
    return _("Start")


def my_code() -> str:
    return _("My code")


def code_example() -> str:
    return _("e.g. KQ7M-XR4P")


def continue_() -> str:
    return _("Continue")


def class_code() -> str:
    return _("Class code")


def class_code_example() -> str:
    return _("e.g. KQ7-MXR-4PD")


def teacher_shows_it() -> str:
    return _("Your teacher shows it on the board.")


def join() -> str:
    return _("Join")


def hello(nickname_html: str) -> str:
    """The greeting, with the nickname already made safe as HTML."""
    return _("Hi, {nickname}!").format(nickname=nickname_html)


def signed_in_now() -> str:
    return _("You're signed in. Your answers are saved from now on.")


def signed_in_from_paper(until: str | None) -> str:
    """Signed in from a printed report's QR code (``until``: the day it stops working, in words)."""
    said = _("You signed in from a printed report. It opens your own practice and progress, not your learner "
             "code, tables or the live lesson: for those, sign in with your code.")
    if until:
        said += " " + _("The printed page signs you in until {date}.").format(date=until)
    return said


def keep_your_code() -> str:
    return _("Your code signs you in on any tablet. Keep it safe, like a key.")


def print_my_card() -> str:
    return _("Print my card")


def card_without_qr() -> str:
    return _("The card has no QR code (this page's address is too long for one): the code on it signs in all "
             "the same.")


def in_class(name_html: str) -> str:
    """The learner's class, its name already made safe as HTML."""
    return _("You are in the class <b>{name}</b>.").format(name=name_html)


def join_the_live_lesson() -> str:
    return _("Join the live lesson")


def join_my_class() -> str:
    return _("Join my class")


def sign_out() -> str:
    return _("This is not me: sign out")


def sign_out_help() -> str:
    return _("This tablet forgets you. Your answers stay saved under your code.")
