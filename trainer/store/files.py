"""Watching a SQLite database file, so that the store notices what SQLite itself cannot.

- **Deleted**: a file removed (or replaced) while the app runs lives on in the connections that
  have it open, and SQLite would go on writing answers into a file nobody will ever read. The
  store remembers the file's device and inode when it opens, and checks before and after every
  transaction that the file at the path is still that one.
- **Read-only**: in write-ahead-log mode every connection memory-maps the ``-shm`` file (the WAL
  index) and writes to it even to read. When that file stops being writable under a mapping —
  ``chattr +i``, or a file system that refuses a write to a mapped page — the kernel answers the
  write to the page with SIGBUS and the whole process dies; no Python ``except`` can catch it. So
  the store checks with ``access(2)`` that the database, its ``-wal`` and its ``-shm`` are
  writable before it lets SQLite touch them (``access`` reports an immutable file, a read-only
  file system and missing permission alike, even to root). The database file itself is never
  memory-mapped (``PRAGMA mmap_size=0`` on every connection), so a truncated or read-only main
  file cannot fault either.
"""

from __future__ import annotations

import os


def identity(path: str) -> tuple[int, int] | None:
    """The file's device and inode, or ``None`` when there is no file."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino


def _writable(path: str) -> bool:
    if os.access(path, os.W_OK):
        return True
    return not os.path.lexists(path)  # a -wal or -shm that is not there yet is made when needed


class DatabaseFile:
    """The SQLite file at ``path``, as it was when the store opened it."""

    def __init__(self, path: str) -> None:
        self.path = os.path.abspath(path)
        self.identity = identity(self.path)

    def problem(self, write: bool = True) -> str | None:
        """``None`` when the file is still there and usable, else ``"gone"`` (deleted or replaced)
        or ``"read-only"`` (the database, its ``-wal`` or its ``-shm`` cannot be written; reading
        needs a writable ``-shm`` too)."""
        try:
            now = identity(self.path)
        except OSError:
            return "gone"
        if now is None or now != self.identity:
            return "gone"
        needed = (self.path, self.path + "-wal", self.path + "-shm") if write else (self.path + "-shm",)
        if not all(_writable(p) for p in needed):
            return "read-only"
        return None
