"""A child's first page load under ``make serve``, in a real browser: Debian's Chromium (through Playwright)
opens the home page in a fresh profile each time (a new browser context: no cache, no cookie, nothing kept),
from navigation until the page's content is shown and the script has finished, the run the browser's own
first answer asks for (what it remembers, :mod:`trainer.web.device`) included.

The times are the page's own clock (``performance.now()``, which starts at navigation): a watcher set in the
page before anything loads notes each change of Streamlit's script state on the app element; the load has
finished at the last change to "not running" once nothing has changed for :data:`QUIET` seconds. The bytes are
what Chromium's network layer received (CDP ``Network``: every answer with its headers, as sent, compressed
or not), and the websocket's messages."""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from dataclasses import dataclass

from trainer.serving.serve import Cluster, cores, free_port, haproxy_path
from trainer.store import open_store

CHROMIUM = "/usr/bin/chromium"
TARGET = 1.5
"""Seconds: a first load at most this long, median, on a quiet machine."""
QUIET = 1.0
"""Seconds with no change of the script's state after which a load counts as finished."""
LOADS = 7
WATCH = """
window.__firstLoad = {runs: []};
new MutationObserver(changes => {
  for (const c of changes) {
    if (c.target.getAttribute && c.target.getAttribute('data-testid') === 'stApp')
      window.__firstLoad.runs.push([performance.now(), c.target.getAttribute('data-test-script-state')]);
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-test-script-state']});
"""
CONNECTED = "[data-testid='stApp'][data-test-connection-state='CONNECTED']"


@dataclass
class Load:
    shown: float
    """Seconds from navigation until the first run of the page had finished (its content shown)."""
    done: float
    """Seconds from navigation until the last run had finished."""
    http_bytes: int
    websocket_bytes: int


class NetworkChanged(Exception):
    """Chromium dropped the load's requests because the machine's network changed under it
    (``net::ERR_NETWORK_CHANGED``: an interface came or went, as containers and test networks do on a
    shared machine); the load says nothing about the app and is made again."""


def first_load(browser, url: str, timeout: float = 60.0) -> Load:
    """One first visit of ``url`` in a fresh browser context."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(WATCH)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        received = {"http": 0, "ws": 0}
        dropped: list[str] = []
        cdp.on("Network.loadingFinished", lambda e: received.__setitem__("http", received["http"]
                                                                          + int(e["encodedDataLength"])))
        cdp.on("Network.webSocketFrameReceived", lambda e: received.__setitem__("ws", received["ws"]
                                                                                + len(e["response"]["payloadData"])))
        cdp.on("Network.loadingFailed", lambda e: dropped.append(e.get("errorText", "")))
        page.goto(url, wait_until="commit")
        try:
            page.wait_for_selector(CONNECTED, timeout=timeout * 1000)
            runs = _settled_runs(page, timeout)
        except Exception:
            if "net::ERR_NETWORK_CHANGED" in dropped:
                raise NetworkChanged() from None
            raise
        if "net::ERR_NETWORK_CHANGED" in dropped:
            raise NetworkChanged()
        ended = [t / 1000 for t, state in runs if state == "notRunning"]
        return Load(shown=ended[0], done=ended[-1], http_bytes=received["http"], websocket_bytes=received["ws"])
    finally:
        context.close()


def loads_of(browser, url: str, count: int) -> tuple[list[Load], int]:
    """``count`` first loads, each one the machine's network disturbed made again (at most ``count`` times
    in all); returns them and how many were made again."""
    results: list[Load] = []
    again = 0
    while len(results) < count:
        try:
            results.append(first_load(browser, url))
        except NetworkChanged:
            again += 1
            if again > count:
                raise
    return results, again


def _settled_runs(page, timeout: float) -> list[tuple[float, str]]:
    """The page's changes of script state, once a run has finished and nothing has changed for :data:`QUIET`."""
    deadline, seen, since = time.monotonic() + timeout, -1, time.monotonic()
    while time.monotonic() < deadline:
        runs = page.evaluate("() => window.__firstLoad.runs")
        if len(runs) != seen:
            seen, since = len(runs), time.monotonic()
        elif runs and runs[-1][1] == "notRunning" and time.monotonic() - since >= QUIET:
            return runs
        time.sleep(0.05)
    raise TimeoutError("the home page did not finish its first runs")


def run(loads: int = LOADS) -> list[tuple[str, str, str]]:
    name = "first load: home page in a fresh Chromium, make serve (s)"
    try:
        from playwright.sync_api import sync_playwright  # only here: the other benchmarks run without it
    except ImportError:
        return [(name, "skipped", "Playwright is not installed (make install)")]
    if not os.path.exists(CHROMIUM):
        return [(name, "skipped", "Debian's chromium is not installed")]
    if haproxy_path() is None:
        return [(name, "skipped", "HAProxy is not installed")]
    folder = tempfile.mkdtemp(prefix="fives-bench-")
    db = f"sqlite:///{folder}/fives.db"
    open_store(db).engine.dispose()  # migrations done before the servers start
    os.environ["FIVES_DATABASE_URL"] = db
    cluster = Cluster(count=cores(), port=free_port(), host="127.0.0.1", quiet=True)
    cluster.start()  # no warming here: the first loads are each process's first children
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            try:
                results, again = loads_of(browser, f"http://127.0.0.1:{cluster.port}/", loads)
            finally:
                browser.close()
    finally:
        cluster.stop()
    return rows(results, again)


def rows(results: list[Load], again: int = 0) -> list[tuple[str, str, str]]:
    done = statistics.median(r.done for r in results)
    shown = statistics.median(r.shown for r in results)
    http = statistics.median(r.http_bytes for r in results) / 1e6
    ws = statistics.median(r.websocket_bytes for r in results) / 1e6
    return [
        ("first load: home page in a fresh Chromium, make serve, median / worst (s)",
         f"{done:.2f} / {max(r.done for r in results):.2f}",
         f"{len(results)} loads, each a fresh profile"
         + (f" ({again} made again: the machine's network changed under Chromium)" if again else "")
         + f"; content shown at {shown:.2f} s (median); "
         f"target ≤ {TARGET} s: " + ("met" if done <= TARGET else "MISSED")),
        ("first load: bytes received (MB)", f"{http + ws:.2f}",
         f"{http:.2f} MB over HTTP (compressed by the balancer) + {ws:.2f} MB on the websocket, median"),
    ]


if __name__ == "__main__":
    for row in run():
        print(*row, sep="  ")
