"""Whose ``X-Forwarded-For`` the app believes: the balancer's alone, listed in ``FIVES_BALANCER_ADDRESSES``,
which ``make serve`` and a district's layout fill in (the end-to-end check is in tests/test_serve.py)."""

from __future__ import annotations

from trainer.serving import forwarded
from trainer.serving.district import District
from trainer.serving.forwarded import BALANCERS, LOOPBACK, UVICORN_TRUSTS, client_address, from_balancer
from trainer.serving.serve import FORWARDED, app_environment


def test_the_header_is_believed_only_from_a_listed_address():
    forged = "10.9.1.2"
    assert client_address("192.0.2.50", forged, LOOPBACK) == "192.0.2.50"  # straight to the app port
    assert client_address("192.0.2.50", forged, "192.0.2.0/24") == forged  # the balancer's network
    assert client_address(None, forged, LOOPBACK) == forged  # HAProxy on this computer (Streamlit: None)
    assert client_address(None, forged, "10.0.0.9") is None
    assert client_address("::ffff:10.0.0.9", "a, b, 1.2.3.4", "10.0.0.9") == "1.2.3.4"  # the balancer's own, last
    assert client_address("10.0.0.9", "", "10.0.0.9") == "10.0.0.9"
    assert client_address("10.0.0.8", forged, "") == "10.0.0.8"  # nothing listed: never believed
    assert client_address("10.0.0.8", forged, "1") == "10.0.0.8"  # the old on/off setting believes nobody
    assert not from_balancer("not an address", "10.0.0.0/8") and not from_balancer("fe80::1", "10.0.0.0/8")


def test_a_balancer_named_by_host_is_looked_up_and_looked_up_again_later():
    asked = []
    clock = [0.0]

    def lookup(name):
        asked.append(name)
        return ("172.18.0.5",) if clock[0] < 100 else ("172.18.0.9",)

    forwarded._RESOLVED.clear()
    assert from_balancer("172.18.0.5", "balancer", lookup=lookup, now=lambda: clock[0])
    assert from_balancer("172.18.0.5", "balancer", lookup=lookup, now=lambda: clock[0]) and asked == ["balancer"]
    clock[0] = 200.0  # a minute and more later the balancer came back elsewhere
    assert from_balancer("172.18.0.9", "balancer", lookup=lookup, now=lambda: clock[0])
    assert not from_balancer("172.18.0.5", "balancer", lookup=lookup, now=lambda: clock[0])
    forwarded._RESOLVED.clear()


def test_make_serve_and_the_district_say_where_the_balancer_is():
    assert FORWARDED == BALANCERS == "FIVES_BALANCER_ADDRESSES"
    app = District().host("app1")
    assert District().environment(app, secret="s")[BALANCERS] == "balancer"
    assert District(addresses={"balancer": "10.1.0.4"}).environment(app, secret="s")[BALANCERS] == "10.1.0.4"
    # every app process: Streamlit's own server believes no header, the app decides
    assert app_environment(**{BALANCERS: LOOPBACK})[UVICORN_TRUSTS] == ""
