"""The coach's stage chosen by hand (:class:`StageChoice`): an event of its own, stored under the learner's
code and folded with the answers (:meth:`~trainer.learning.progress.Progress.choose`), so a reload or another
tablet finds the coach where the child chose, as ``docs/learner-model.md`` says: "a stage chosen by hand is
where the coach carries on"."""

from __future__ import annotations

from dataclasses import dataclass

from puzzles import STAGES, Stage
from trainer.learning.rows import row_values


@dataclass(frozen=True)
class StageChoice:
    """The child (or the button after a mastery) set the coach to work at ``stage`` from ``at`` on."""

    stage: Stage
    at: float
    """When (epoch seconds, the practice's clock): the answers before it were given at the stage before."""

    def __post_init__(self) -> None:
        if self.stage not in STAGES:
            raise ValueError(f"the coach works at a stage of the trainer, not {self.stage!r}")
        object.__setattr__(self, "stage", Stage(self.stage))  # a stored row's text becomes the member

    def to_row(self) -> dict[str, object]:
        """The choice as plain values (the store keeps them)."""
        return {"stage": self.stage, "at": float(self.at)}

    @classmethod
    def from_row(cls, row: object) -> StageChoice:
        """A choice from :meth:`to_row`'s values (a mapping or a database row), checked: ``ValueError``."""
        values = row_values(row, {"stage": (str,), "at": (int, float)}, required=("stage", "at"),
                            what="a stage chosen")
        return cls(Stage(str(values["stage"])), float(values["at"]))
