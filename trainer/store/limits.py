"""Rate limits on every code and key check, kept in the database (table ``guards``) so that they
hold across all the app processes that share it.

A caller names its *clients*: strings such as ``"session:<id>"`` or ``"address:<ip>"``; the part
before the colon picks the policy. A miss (no such learner, no such class, a wrong teacher key, a
code that fails its check character) counts against every client given. After a policy's free
misses, each further miss makes the client wait, twice as long each time, up to the longest wait;
misses are forgotten after a quiet time with none (counted from the end of the last wait). While
any client is waiting, a check is refused without being made (:class:`TooManyTries`). Clients
are kept only as a SHA-256 hash, and a row goes once it is forgotten.

>>> SESSION.wait(5), SESSION.wait(6), SESSION.wait(7), SESSION.wait(100)
(0.0, 2.0, 4.0, 600.0)
>>> ADDRESS.wait(30), ADDRESS.wait(31)
(0.0, 2.0)
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, case, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from trainer.store.schema import guards

Clock = Callable[[], float]
"""Seconds since the epoch (``time.time``): every process sharing the database must agree."""


@dataclass(frozen=True)
class Policy:
    free: int
    """Misses allowed before any wait."""
    first_wait: float
    """Seconds to wait after the first miss beyond the free ones; each further miss doubles it."""
    longest_wait: float
    forget_after: float
    """Seconds without a miss (after the last wait ends) before the misses are forgotten."""

    def wait(self, misses: int) -> float:
        """How long a client waits after its ``misses``-th miss."""
        beyond = misses - self.free
        if beyond <= 0:
            return 0.0
        return float(min(self.longest_wait, self.first_wait * 2 ** min(beyond - 1, 40)))


SESSION = Policy(free=5, first_wait=2, longest_wait=600, forget_after=900)
"""One browser session: 5 free misses, then 2 s, 4 s, 8 s … up to 10 minutes; forgotten after 15
quiet minutes."""
ADDRESS = Policy(free=30, first_wait=2, longest_wait=600, forget_after=600)
"""One network address: a whole classroom may share it, so 30 free misses, then 2 s, 4 s, 8 s …
up to 10 minutes; forgotten after 10 quiet minutes."""
NEW_SESSION = Policy(free=2, first_wait=30, longest_wait=600, forget_after=3600)
"""New learners made from one browser session (signing up, joining a class): 3 at once, then a
wait of 30 s, 60 s … up to 10 minutes before each next one; forgotten after a quiet hour."""
NEW_ADDRESS = Policy(free=60, first_wait=5, longest_wait=600, forget_after=1800)
"""New learners made from one address: 61 at once (two classes of 30 joining together), then
5 s, 10 s … up to 10 minutes; forgotten after a quiet half hour."""
POLICIES = {"session": SESSION, "address": ADDRESS, "new-session": NEW_SESSION, "new-address": NEW_ADDRESS}
DEFAULT = SESSION
"""A client of any other kind gets the stricter policy."""


def for_new_learners(clients: Sequence[str]) -> tuple[str, ...]:
    """The clients as counted for making new learners (each learner made counts, not only misses).

    >>> for_new_learners(["session:ab", "address:1.2.3.4"])
    ('new-session:ab', 'new-address:1.2.3.4')
    """
    return tuple(f"new-{c}" for c in as_clients(clients) if c.split(":", 1)[0] in ("session", "address"))


def policy_for(client: str) -> Policy:
    return POLICIES.get(client.split(":", 1)[0], DEFAULT)


def client_key(client: str) -> str:
    """How a client is kept: a hash, never the address itself."""
    return hashlib.sha256(client.encode("utf-8", "replace")).hexdigest()


def as_clients(clients: Sequence[str] | str) -> tuple[str, ...]:
    """The clients, each once (a lone string is one client, not a list of characters)."""
    if isinstance(clients, str):
        clients = (clients,)
    return tuple(dict.fromkeys(str(c) for c in clients if c))


def wait_seconds(conn: Connection, clients: Iterable[str], now: float) -> int:
    """The longest wait of any of the clients, in whole seconds (0: none is waiting)."""
    keys = [client_key(c) for c in clients]
    if not keys:
        return 0
    until = conn.execute(select(func.max(guards.c.blocked_until)).where(guards.c.client.in_(keys))).scalar()
    left = (until or 0.0) - now
    return math.ceil(left) if left > 0 else 0


def count_miss(conn: Connection, clients: Iterable[str], now: float) -> None:
    """One more miss for each client (in one transaction; in a fixed order, so that two processes
    counting the same clients never deadlock)."""
    for key, policy in sorted((client_key(c), policy_for(c)) for c in clients):
        forgotten = guards.c.forget_at <= now
        done = conn.execute(update(guards).where(guards.c.client == key).values(
            misses=case((forgotten, 1), else_=guards.c.misses + 1),
            blocked_until=case((forgotten, 0.0), else_=guards.c.blocked_until))).rowcount
        if not done:
            try:
                with conn.begin_nested():
                    conn.execute(insert(guards).values(client=key, misses=1, blocked_until=0.0,
                                                       forget_at=now + policy.forget_after))
            except IntegrityError:  # another process counted this client's first miss just now
                conn.execute(update(guards).where(guards.c.client == key).values(misses=guards.c.misses + 1))
        misses = conn.execute(select(guards.c.misses).where(guards.c.client == key)).scalar_one()
        wait = policy.wait(misses)
        conn.execute(update(guards).where(guards.c.client == key).values(
            blocked_until=now + wait if wait else 0.0, forget_at=now + wait + policy.forget_after))


def forget_old(conn: Connection, now: float) -> None:
    """Remove the clients whose misses are forgotten."""
    conn.execute(delete(guards).where(guards.c.forget_at <= now))
