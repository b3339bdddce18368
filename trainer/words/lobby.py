"""A live lesson's lobby and countdown: the big screen children join from (the address, the class code,
the names as they come in, Start), the time each puzzle gives, and what a child's device says while it
waits and when the time ends."""

from __future__ import annotations

from trainer.words import _, ngettext

# ----- the lobby on the projector -----


def join_title() -> str:
    return _("Join the lesson!")


def go_to(address_html: str) -> str:
    """The address children open (already made safe as HTML)."""
    return _("Go to <b>{address}</b>").format(address=address_html)


def class_code() -> str:
    return _("Class code")


def qr_alt() -> str:
    """What a screen reader says for the QR code."""
    return _("QR code of the address to join the lesson")


def scan() -> str:
    return _("Or scan this with a tablet's camera.")


def children_here(n: int) -> str:
    """The count of children in the lobby, as HTML: ``"<b>3</b> children here"``."""
    return ngettext("<b>{n}</b> child here", "<b>{n}</b> children here", n).format(n=n)


def nobody_yet() -> str:
    return _("Nobody here yet: names appear as children join.")


def start() -> str:
    return _("Start")


def join_later() -> str:
    return _("Children can still join after you start.")


def count_back_soon() -> str:
    return _("The list of children comes back in a moment.")


def local_address() -> str:
    """The page was opened as localhost: the children's tablets cannot reach that address."""
    return _("This address works only on this computer: type the address the children's tablets use in the "
             "side panel, like http://192.168.1.20:8501/.")


def children_address() -> str:
    return _("Address for the children")


# ----- the countdown and the sound (the teacher's choices) -----


def countdown() -> str:
    return _("Time for each puzzle")


def countdown_off() -> str:
    return _("Off")


def seconds(n: int) -> str:
    """A choice of countdown: ``"10 s"``."""
    return _("{n} s").format(n=n)


def countdown_help() -> str:
    return _("Answers close when the time ends. It starts with the next puzzle.")


def sound() -> str:
    return _("Sound when time ends")


# ----- the countdown on the screens -----


def seconds_left(n: int) -> str:
    """What a screen reader says of the ring (the seconds left when it was drawn)."""
    return ngettext("{n} second left to answer", "{n} seconds left to answer", n).format(n=n)


def time_up() -> str:
    return _("Time's up!")


def time_up_teacher() -> str:
    """Under the count on the projector once the time has ended."""
    return _("Time's up! Answers are closed. Reveal the answer when you're ready.")


# ----- a child's device -----


def in_lobby(nickname_html: str) -> str:
    """The child's nickname already made safe as HTML."""
    return _("You're in, <b>{name}</b>!").format(name=nickname_html)


def waiting_start() -> str:
    return _("Waiting for your teacher to start…")


def look_for_your_name() -> str:
    return _("Look for your name on the big screen. The first puzzle shows up here by itself.")


def time_up_child() -> str:
    return _("Time's up for this one! Watch the big screen to see the answer.")


def too_late() -> str:
    """An answer that arrived after the countdown ended: not counted, said kindly."""
    return _("Time was up just before your answer arrived, so this one doesn't count. "
             "No problem: watch the big screen!")


def join_lesson() -> str:
    """The heading over the join form a QR code opens."""
    return _("Join the live lesson")


def with_code(code_html: str) -> str:
    """Under it, the class code the link carries (made safe as HTML)."""
    return _("Class code: <b>{code}</b>").format(code=code_html)
