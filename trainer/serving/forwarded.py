"""Whose address a request comes from, for the limits on code and key checks: the address the connection
comes from, or, when that is one of the balancer's, the address the balancer wrote in ``X-Forwarded-For``.

Anyone can write ``X-Forwarded-For``: the header is believed only on a connection from an address listed in
``FIVES_BALANCER_ADDRESSES`` (:data:`BALANCERS`), which ``make serve`` (:class:`trainer.serving.serve.Cluster`)
and a district's layout (:mod:`trainer.serving.district`) fill in. An app process reached straight on its
port, from anywhere else, is judged by its connection's own address, whatever the header says.

>>> client_address("10.0.0.7", "1.2.3.4", "10.0.0.9")   # not the balancer: the header is not believed
'10.0.0.7'
>>> client_address("10.0.0.9", "6.6.6.6, 1.2.3.4", "10.0.0.9, 10.0.1.0/24")  # the balancer's own, last
'1.2.3.4'
>>> client_address(None, "1.2.3.4", "")  # nothing listed: never believed (None: this computer)
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import time
from collections.abc import Callable

log = logging.getLogger("fives_trainer")

BALANCERS = "FIVES_BALANCER_ADDRESSES"
"""The environment variable that lists the balancer's addresses (IP addresses, networks such as
``10.0.1.0/24``, or host names, resolved now and then), separated by commas or spaces."""
UVICORN_TRUSTS = "FORWARDED_ALLOW_IPS"
"""Whose ``X-Forwarded-For`` Streamlit's web server (uvicorn) believes itself, rewriting the connection's
address before the app sees it (its default: any process on this computer). The app processes get it empty
(:func:`trainer.serving.serve.app_environment`, ``make run``): only this module decides."""
LOOPBACK = "127.0.0.1,::1"
"""``make serve``'s balancer: HAProxy on the same computer."""
RESOLVE_EVERY = 60.0
"""Seconds a host name's addresses are kept before it is looked up again (a balancer moved)."""
LONGEST = 64
"""The longest address taken from the header."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
_RESOLVED: dict[str, tuple[float, tuple[Network, ...]]] = {}


def _lookup(name: str) -> tuple[str, ...]:
    try:
        return tuple({str(info[4][0]) for info in socket.getaddrinfo(name, None)})
    except OSError:
        log.warning("the balancer's address %r could not be looked up", name)
        return ()


def networks(setting: str, *, lookup: Callable[[str], tuple[str, ...]] = _lookup,
             now: Callable[[], float] = time.monotonic) -> tuple[Network, ...]:
    """The balancer's addresses as networks (a single address is a network of one).

    >>> [str(n) for n in networks("127.0.0.1, ::1 10.0.1.0/24", lookup=lambda name: ())]
    ['127.0.0.1/32', '::1/128', '10.0.1.0/24']
    >>> [str(n) for n in networks("balancer", lookup=lambda name: ("172.18.0.5",))]
    ['172.18.0.5/32']
    """
    out: list[Network] = []
    for item in setting.replace(",", " ").split():
        try:
            out.append(ipaddress.ip_network(item, strict=False))
            continue
        except ValueError:
            pass
        kept = _RESOLVED.get(item)
        if kept is None or now() - kept[0] > RESOLVE_EVERY:
            found = tuple(ipaddress.ip_network(a.split("%")[0]) for a in lookup(item))
            kept = _RESOLVED[item] = (now(), found)
        out.extend(kept[1])
    return tuple(out)


def _ip(text: str | None) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        found = ipaddress.ip_address((text or "").strip().split("%")[0])
    except ValueError:
        return None
    mapped = getattr(found, "ipv4_mapped", None)
    return mapped or found


def from_balancer(peer: str | None, setting: str, **kw: Callable) -> bool:
    """Whether the connection's address (``None``: this computer, as Streamlit reports it) is one of the
    balancer's."""
    address = _ip(peer if peer is not None else "127.0.0.1")
    return address is not None and any(address in n for n in networks(setting, **kw) if n.version == address.version)


def client_address(peer: str | None, forwarded: str | None, setting: str, **kw: Callable) -> str | None:
    """The client's address: the last one in ``forwarded`` (``X-Forwarded-For``: the balancer adds the
    address it sees at the end) when the connection comes from the balancer, else the connection's own."""
    if forwarded and from_balancer(peer, setting, **kw):
        said = forwarded.split(",")[-1].strip()[:LONGEST]
        if said:
            return said
    return peer
