"""The store's errors: each carries a reason code and its fields, never a host, port, SQL or
parameters; :mod:`trainer.words.errors` words it for a child or a teacher when it is shown.

>>> err = StoreError("class-name-long", limit=60)
>>> err.reason, err.fields
('class-name-long', {'limit': 60})
>>> str(err)
'Keep the class name to 60 letters or fewer.'
"""

from __future__ import annotations

from trainer.learning.outbox import Gone
from trainer.words.errors import store_problem


class StoreError(ValueError):
    """Something a person typed does not fit (a code, a nickname): ``reason`` says what (one of
    :data:`trainer.words.errors.STORE_REASONS`), ``fields`` the values its words need."""

    def __init__(self, reason: str, **fields: object) -> None:
        self.reason = reason
        self.fields = fields
        super().__init__(reason)

    def __str__(self) -> str:
        return store_problem(self.reason, **self.fields)


class StoreUnavailable(StoreError):
    """The database cannot be reached or written right now (server down, connection refused, disk
    full, database file deleted or made read-only). The real error is logged, never shown."""

    def __init__(self, reason: str = "unavailable", **fields: object) -> None:
        super().__init__(reason, **fields)


class LearnerGone(StoreError, Gone):
    """The learner code is no longer in use (their teacher removed them, or deleted the class)."""

    def __init__(self, reason: str = "learner-gone", **fields: object) -> None:
        super().__init__(reason, **fields)


class TooManyTries(StoreError):
    """Too many wrong codes or keys from this session or address: wait ``wait_seconds``.

    >>> str(TooManyTries(30))
    'Too many tries. Wait 30 seconds, then try again.'
    >>> TooManyTries(1).wait_seconds
    1
    """

    def __init__(self, wait_seconds: int) -> None:
        self.wait_seconds = max(1, int(wait_seconds))
        super().__init__("too-many-tries", wait_seconds=self.wait_seconds)


class WrongTeacherKey(PermissionError):
    """The class code and the teacher key do not match (a teacher-only step was asked without them)."""

    reason = "teacher-key"

    def __str__(self) -> str:
        return store_problem(self.reason)
