"""My progress: the numbers, the stages and the grid of kinds (the charts' words are in
:mod:`trainer.words.charts`)."""

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


def download() -> str:
    return _("Download my answers (CSV)")


