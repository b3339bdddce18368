"""The words of a class's learning curves on My class: the heading, how to read them, the chart's axes and
legend, the flat traps and the download of the points."""

from __future__ import annotations

from collections.abc import Iterable

from trainer.words import N_, Said, _, ngettext


def heading() -> str:
    return _("Is the teaching working?")


def caption() -> str:
    return _("For each kind of puzzle and each trap: the share of wrong answers at a child's 1st, 2nd, 3rd … "
             "chance at it, over the class, beside the share the trainer expected. A line that falls means the "
             "practice teaches; a line that stays up names a trap to teach the whole class.")


def too_few() -> str:
    return _("Not enough answers yet: a line needs at least two children who met the same trap or kind of puzzle.")


def flat_heading() -> str:
    return _("Traps to teach the whole class")


def flat_line(trap: str, children: int, share: int) -> str:
    """A flat trap: its words, the children who met it and the share still wrong lately (a whole percent)."""
    return ngettext("{trap}: still {share} wrong on the later chances ({n} child met it)",
                    "{trap}: still {share} wrong on the later chances ({n} children met it)",
                    children).format(trap=trap, share=f"{share}%", n=children)


def none_flat() -> str:
    return _("No trap's line stays up: every trap the class met is being learned.")


def download() -> str:
    return _("Download the learning curves (CSV)")


# Translators: each header names a column of the downloaded learning curves; keep them short
HEADERS = Said({
    "curve": N_("curve"),
    "skill": N_("skill"),
    "name": N_("name"),
    "opportunity": N_("opportunity"),
    "children": N_("children"),
    "wrong": N_("wrong"),
    "share_wrong": N_("share_wrong"),
    "predicted": N_("predicted"),
    "flat": N_("flat"),
})


def csv_headers(fields: Iterable[str]) -> list[str]:
    """The headers of ``fields`` in the reader's language."""
    return [HEADERS[f] if f in HEADERS else f for f in fields]


def kinds_heading() -> str:
    return _("Kinds of puzzle")


def traps_heading() -> str:
    return _("Traps")


def whole_school(classes: int) -> str:
    return ngettext("All my classes together ({n} class)", "All my classes together ({n} classes)",
                    classes).format(n=classes)


def whole_school_help() -> str:
    return _("The curves of this class and of the classes added below, together.")


def add_class() -> str:
    return _("Add another of my classes to these curves")


def add() -> str:
    return _("Add it to the curves")


def added() -> str:
    return _("Added: turn on “All my classes together” to see the classes’ curves as one.")


def numbers_heading() -> str:
    return _("The numbers behind the grid: what the trainer believes a child knows")


def numbers_caption() -> str:
    return _("For each skill the child's answers were evidence for: the trainer's chance that the child knows it "
             "(updated after every answer given without a hint), the answers and right ones that moved it, and the "
             "last of them (✓ right, ✗ wrong, from what chance to what).")


def no_evidence() -> str:
    return _("No answer of this child is evidence yet (hinted answers are not).")


def column_skill() -> str:
    return _("skill")


def column_known() -> str:
    return _("chance known")


def column_answers() -> str:
    return _("answers")


def column_right() -> str:
    return _("right")


def column_moves() -> str:
    return _("the last answers that moved it")


def move(number: int, correct: bool, before: int, after: int) -> str:
    """One answer that moved a skill: its number among the child's answers, right or wrong, and the chance known
    before and after it (whole percents)."""
    return _("#{number} {mark} {before} → {after}").format(number=number, mark="✓" if correct else "✗",
                                                        before=f"{before}%", after=f"{after}%")
