"""The store's errors."""


class StoreError(ValueError):
    """Something a person typed does not fit (a code, a nickname): the message says what to do."""


class StoreUnavailable(StoreError):
    """The database cannot be reached or written just now (down, full, deleted, read-only)."""


class LearnerGone(StoreError):
    """The learner code is no longer in the store (their teacher removed them, or the class is gone)."""


class TooManyTries(StoreError):
    """Too many wrong codes or keys from here: wait a little before the next try."""

    def __init__(self, wait_seconds: int) -> None:
        self.wait_seconds = wait_seconds
        super().__init__(f"Too many tries. Wait {wait_seconds} seconds, then try again.")
