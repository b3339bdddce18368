"""The words on the printed cards: a learner's sign-in card and a teacher's card for their files."""

from __future__ import annotations

from trainer.words import _


def this_is_me() -> str:
    return _("Fives Trainer: this is me!")


def my_code() -> str:
    return _("My code:")


def type_the_code() -> str:
    return _("Type the code on the Sign in page.")


def scan_or_type() -> str:
    """Under the QR code (the line break keeps it beside the square)."""
    return _("Scan the square, or type the code\non the Sign in page.")


def class_title(class_name: str) -> str:
    return _("Fives Trainer: {class_name}").format(class_name=class_name)


def teacher_rows() -> tuple[tuple[str, str], tuple[str, str]]:
    """(title, note) of the class code's row and of the teacher key's row."""
    return ((_("Class code (for the children)"), _("Children type it on Sign in, under Join my class.")),
            (_("Teacher key (keep it secret)"),
             _("Type it with the class code on My class to open your class on any computer.")))


def keep_it_safe() -> str:
    return _("Anyone with the teacher key can see every child's code and answers and delete the class. Keep "
             "this page somewhere safe.")


def no_link() -> str:
    return _("There is no link.")
