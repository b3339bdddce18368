"""A learner's stored events in the one order the learner model folds them (:meth:`Progress.replay
<trainer.learning.progress.Progress.replay>`): answers, Sprint answers, the placement and the stages chosen by
hand, by time (at one time: an answer, a fact, the placement, a choice)."""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator

from trainer.learning.attempt import Attempt
from trainer.learning.choice import StageChoice
from trainer.learning.outcomes import Outcome
from trainer.learning.placement import Placement
from trainer.learning.sprint import SprintAnswer

Event = Attempt | SprintAnswer | Placement | StageChoice
"""One thing a learner did that the fold takes."""
Replayed = tuple[Event, Outcome | None]
"""An event and what folding it changed (``None``: a placement, a stage chosen)."""


def in_order(attempts: Iterable[Attempt], facts: Iterable[SprintAnswer] = (), placement: Placement | None = None,
             choices: Iterable[StageChoice] = ()) -> Iterator[Event]:
    """Every event, in the fold's order."""
    placed = () if placement is None else ((placement.at, 2, placement),)
    both: Iterable[tuple[float, int, Event]] = heapq.merge(
        ((a.at or 0.0, 0, a) for a in attempts), ((f.at, 1, f) for f in facts), placed,
        ((c.at, 3, c) for c in choices), key=lambda e: (e[0], e[1]))
    return (item for _, _, item in both)
