"""My progress: the numbers, the stages, the grid of kinds and the charts' titles, axes and legends."""

from __future__ import annotations

from trainer.words import _


def title() -> str:
    return _("My progress")


def nothing_yet() -> str:
    return _("Nothing here yet: answer a few puzzles on **Practice** and your progress shows up here.")


def go_to_practice() -> str:
    return _("Go to Practice")


def answered() -> str:
    return _("Answered")


def right() -> str:
    return _("Right")


def best_streak() -> str:
    return _("Best streak")


def median_time() -> str:
    return _("Median time")


def seconds(n: float) -> str:
    """A time in whole seconds: ``"12 s"``."""
    return _("{n} s").format(n=f"{n:.0f}")


def stages() -> str:
    return _("Stages")


def stage_mastered(stage: str) -> str:
    return _("**{stage}** — mastered :material/check_circle:").format(stage=stage)


def stage_so_far(stage: str, mastered: int, count: int) -> str:
    return _("**{stage}** — {mastered} of {count} main puzzles mastered").format(
        stage=stage, mastered=mastered, count=count)


def each_kind() -> str:
    return _("Each kind of puzzle")


def steps_legend() -> str:
    return _("Practised → Familiar → Proficient (right every time at level 3) → Mastered (right and quick). "
             "The main puzzles are marked ★.")


def right_over_time() -> str:
    return _("Right answers over time")


def overall() -> str:
    """The line of every answer so far."""
    return _("overall")


def last_five() -> str:
    return _("last five")


def share_right() -> str:
    return _("share right")


def answer_number() -> str:
    return _("answer number")


def by_kind_and_stage() -> str:
    return _("Mastery by kind and stage")


def time_to_answer() -> str:
    return _("Time to answer")


def seconds_axis() -> str:
    return _("seconds")


def right_dot() -> str:
    """A right answer's dots on the time chart."""
    return _("right")


def not_right_dot() -> str:
    return _("not right")


def download() -> str:
    return _("Download my answers (CSV)")


def hover_answered() -> str:
    """The count of answers, where a bar's details show on hover."""
    return _("answered")


def hover_right() -> str:
    return _("right")
