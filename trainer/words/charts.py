"""The words of the charts on My progress, My class and the Projector: titles, axes and legends.

Each title says what its chart plots, so a chart read alone (projected, or printed) still makes sense.
"""

from __future__ import annotations

from trainer.words import _, ngettext


def over_time_title() -> str:
    return _("Share of answers right, over time")


def overall() -> str:
    return _("overall")


def last_five() -> str:
    return _("last five answers")


def answer_number() -> str:
    return _("answer number")


def share_right() -> str:
    return _("share right")


def by_kind_and_stage_title() -> str:
    return _("Share of answers right, by kind of puzzle and stage")


def kind_of_puzzle() -> str:
    return _("kind of puzzle")


def stage() -> str:
    return _("stage")


def answered() -> str:
    return _("answered")


def right() -> str:
    return _("right")


def time_title() -> str:
    return _("Seconds to answer each puzzle")


def seconds() -> str:
    return _("seconds")


def not_right() -> str:
    return _("not right")


def class_kinds_title() -> str:
    return _("Share of the class's answers right, and right and quick, by kind of puzzle")


def share_of_answers() -> str:
    return _("share of answers")


def right_and_quick() -> str:
    return _("right and quick")


def opportunity() -> str:
    return _("chance at it (1st, 2nd …)")


def share_wrong() -> str:
    return _("share wrong")


def observed() -> str:
    return _("the class")


def predicted() -> str:
    return _("expected by the trainer")


def flat_mark(name: str) -> str:
    """A learning curve's panel title when the curve does not fall (``name``: the trap or kind)."""
    return _("{name}: not falling").format(name=name)


def children(n: int) -> str:
    """Beside a point of a learning curve: the children who had that chance."""
    return ngettext("{n} child", "{n} children", n).format(n=n)
