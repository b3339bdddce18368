"""The store's errors: each message is one a child or a teacher can read, with no host, port,
SQL or parameters in it."""

from __future__ import annotations

UNAVAILABLE = "Saving is not working right now."
LEARNER_GONE = "This learner code is no longer in use: your teacher may have removed it."


class StoreError(ValueError):
    """Something a person typed does not fit (a code, a nickname): the message says what to do."""


class StoreUnavailable(StoreError):
    """The database cannot be reached or written right now (server down, connection refused, disk
    full, database file deleted or made read-only). The real error is logged, never shown."""

    def __init__(self, message: str = UNAVAILABLE) -> None:
        super().__init__(message)


class LearnerGone(StoreError):
    """The learner code is no longer in use (their teacher removed them, or deleted the class)."""

    def __init__(self, message: str = LEARNER_GONE) -> None:
        super().__init__(message)


class TooManyTries(StoreError):
    """Too many wrong codes or keys from this session or address: wait ``wait_seconds``.

    >>> str(TooManyTries(30))
    'Too many tries. Wait 30 seconds, then try again.'
    >>> TooManyTries(1).wait_seconds
    1
    """

    def __init__(self, wait_seconds: int) -> None:
        self.wait_seconds = max(1, int(wait_seconds))
        super().__init__(f"Too many tries. Wait {_how_long(self.wait_seconds)}, then try again.")


def _how_long(seconds: int) -> str:
    if seconds == 1:
        return "1 second"
    if seconds < 120:
        return f"{seconds} seconds"
    return f"{-(-seconds // 60)} minutes"
