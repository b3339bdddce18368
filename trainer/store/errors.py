"""The store's errors."""


class StoreError(ValueError):
    """Something a person typed does not fit (a code, a nickname): the message says what to do."""
