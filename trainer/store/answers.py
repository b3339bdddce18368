"""Every learner's answers at once, for refitting the learner model's numbers (``python -m
trainer.classroom.fit``): the whole store (a school) or one class, learner by learner, with no names
or codes attached. Read by whoever runs the command on the server, who holds the database's address.
"""

from __future__ import annotations

from sqlalchemy import select

from trainer.learning.attempt import Attempt
from trainer.store import codes
from trainer.store.base import StoreBase, _calm
from trainer.store.schema import attempts, classes, learners
from trainer.words import errors


class UnknownClass(LookupError):
    """No class in the store has this code."""


@_calm
def answers_by_learner(store: StoreBase, class_code: str | None = None) -> list[list[Attempt]]:
    """Each learner's answers in the order they were given (learners in the order they joined), of
    the whole store or of one class. :class:`UnknownClass` for a class code the store does not have."""
    query = select(attempts).join(learners, learners.c.code == attempts.c.learner_code)
    with store._read() as conn:
        if class_code is not None:
            code = codes.normalise_class(class_code)
            if code is None or conn.execute(select(classes.c.code).where(classes.c.code == code)).first() is None:
                raise UnknownClass(errors.no_class_in_store(class_code))
            query = query.where(learners.c.class_code == code)
        rows = conn.execute(query.order_by(learners.c.created, learners.c.code, attempts.c.id)).all()
    by_learner: dict[str, list[Attempt]] = {}
    for r in rows:
        by_learner.setdefault(r.learner_code, []).append(Attempt.from_row(r))
    return list(by_learner.values())
