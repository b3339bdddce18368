"""Debian's Chromium driven by Playwright, for the real-browser tests: launching it, opening a page of the
app, and waiting on what the page shows, never for a fixed time. Streamlit marks its app element with the
connection (``data-test-connection-state``) and the script's state (``data-test-script-state``), and fades
what a run is about to redraw (``data-stale``); the waits here read those, as Streamlit's own browser
tests do. Screenshots go to tests/artifacts/."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium: the browser the real-browser tests drive (never a downloaded one)."""
needs_chromium = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian's chromium is not installed")
ARTIFACTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "artifacts")

CONNECTED = "[data-testid='stApp'][data-test-connection-state='CONNECTED']"
"""The app's page, its websocket connected to the server."""
_CALM = ("(() => { const app = document.querySelector(\"[data-testid='stApp']\");"
         " const state = app ? app.getAttribute('data-test-script-state') : 'notRunning';"
         " return !document.querySelector('[data-stale=\"true\"]')"
         " && (state === 'notRunning' || state === 'compilationError'); })()")
"""True while no run is asked for or under way and nothing on the page is left over from before."""
CALM = f"() => {_CALM}"
_QUIET = f"""quiet => {{
  const now = performance.now();
  const w = window.__fivesQuiet || (window.__fivesQuiet = {{start: now, since: null}});
  if (!{_CALM}) {{ w.since = null; return false; }}
  if (w.since === null) w.since = now;
  return now - w.since >= quiet || now - w.start >= 3 * quiet;
}}"""
"""Calm for ``quiet`` ms on end; or, on a page whose fragments rerun on a timer (a live lesson's), calm
again at least three times ``quiet`` after the wait began."""
_STEADY = """([el, quiet]) => {
  const r = el.getBoundingClientRect(), now = performance.now();
  const key = [r.x, r.y, r.width, r.height, window.scrollY, document.documentElement.scrollHeight].join();
  const w = window.__fivesSteady;
  if (!w || w.key !== key) { window.__fivesSteady = {key: key, since: now}; return false; }
  return now - w.since >= quiet;
}"""
WATCH_RUNS = """() => {
  window.__fivesRan = false;
  if (window.__fivesRuns) window.__fivesRuns.disconnect();
  window.__fivesRuns = new MutationObserver(() => { window.__fivesRan = true; });
  window.__fivesRuns.observe(document.body, {attributes: true, subtree: true,
                                             attributeFilter: ['data-test-script-state']});
}"""


class AskedRuns:
    """The runs a page asks its server for, read off its websocket (each a ``rerun_script`` message): a click
    that runs the page shows here even while a part of the page runs again by itself on a timer (which the
    page's ``data-test-script-state`` cannot tell apart). Made before the page opens its websocket."""

    def __init__(self, page) -> None:
        self.sent: list[tuple[bool, str]] = []
        """Each run asked for: whether the page's timer asked it, and the part it runs ("" for the whole page)."""
        page.on("websocket", lambda ws: ws.on("framesent", self._sent))

    def _sent(self, payload) -> None:
        from streamlit.proto.BackMsg_pb2 import BackMsg

        if isinstance(payload, str):
            return
        msg = BackMsg.FromString(payload)
        if msg.WhichOneof("type") == "rerun_script":
            self.sent.append((msg.rerun_script.is_auto_rerun, msg.rerun_script.fragment_id))

    def mark(self) -> int:
        return len(self.sent)

    def not_by_a_timer(self, since: int) -> list[tuple[bool, str]]:
        """The runs asked for after ``mark()`` that were not a part of the page running again by itself."""
        return [run for run in self.sent[since:] if not (run[0] and run[1])]


def launch_browser(pw):
    """Chromium for a test, through Playwright's ``sync_playwright()`` object ``pw``."""
    return pw.chromium.launch(executable_path=CHROMIUM,
                              args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])


def connected(page, timeout: float = 60000) -> None:
    """Wait until the app's page has connected to its server."""
    page.wait_for_selector(CONNECTED, timeout=timeout)


def goto(page, url: str, *, timeout: float = 60000, settle: bool = True) -> None:
    """Open ``url`` in ``page``, wait for the connection and (``settle``) for the first run to end."""
    page.goto(url)
    connected(page, timeout)
    if settle:
        settled(page, 60000)


def open_page(where, url: str, *, timeout: float = 60000, settle: bool = True, **options):
    """A new page of ``where`` (a browser, with Playwright's page ``options``, or a browser context)
    on ``url``, connected and (``settle``) done with its first run."""
    page = where.new_page(**options)
    goto(page, url, timeout=timeout, settle=settle)
    return page


def settled(page, timeout: float = 30000, quiet: float = 0.8) -> None:
    """Wait until the page's script has finished, nothing on it is left over from before, and it
    stays so for ``quiet`` seconds (a component that reports on mounting reruns the page once more);
    a page whose fragments rerun on a timer counts as settled once calm again three ``quiet`` periods
    on. A page never so until ``timeout`` is left to the caller's own checks."""
    deadline = time.monotonic() + timeout / 1000
    page.wait_for_function(CALM, timeout=timeout)
    page.evaluate("() => { window.__fivesQuiet = {start: performance.now(), since: null}; }")
    try:
        page.wait_for_function(_QUIET, arg=quiet * 1000, polling=50,
                               timeout=max(1000.0, (deadline - time.monotonic()) * 1000))
    except PlaywrightTimeout:
        pass


@contextmanager
def rerun(page, *, start: float = 10000, timeout: float = 60000) -> Iterator[None]:
    """``with rerun(page): <a tap>``: after the tap, wait until the app has run its script for it
    (the script's state changed, however briefly) and the page has settled. A tap the app did not
    answer within ``start`` milliseconds is left to the caller's own checks, as a child taps again."""
    page.evaluate(WATCH_RUNS)
    yield
    try:
        page.wait_for_function("() => window.__fivesRan === true", polling=50, timeout=start)
    except PlaywrightTimeout:
        pass
    settled(page, timeout)


def steady(page, locator, *, quiet: float = 0.2, timeout: float = 30000) -> None:
    """Wait until ``locator``'s box and the page's scroll stay put for ``quiet`` seconds (a picture
    that has been drawn at its size)."""
    handle = locator.element_handle(timeout=timeout)
    page.evaluate("() => { window.__fivesSteady = null; }")
    page.wait_for_function(_STEADY, arg=[handle, quiet * 1000], polling=50, timeout=timeout)


_AT_REST = """() => {
  const roots = [document];
  document.querySelectorAll('*').forEach(e => { if (e.shadowRoot) roots.push(e.shadowRoot); });
  return roots.every(r => r.getAnimations().every(a => !(a.animationName || '').startsWith('fives-')
                                                       || a.playState !== 'running'));
}"""
"""No animation of ours running, in the page or in a component's shadow root (the board draws there)."""


def at_rest(page, timeout: float = 15000) -> None:
    """Wait until no picture of ours is moving (Play a hand's tiles slide in and its scores pop up): what
    is measured then is where things stay."""
    page.wait_for_function(_AT_REST, polling=100, timeout=timeout)


def until_shown(page, act: Callable[[], None], shown, *, tries: int = 3, wait: float = 20000) -> None:
    """Do ``act`` (taps on the page) once the page has settled, until ``shown`` appears. On a very
    busy machine a tap can go unanswered; then, with the page settled again, it is done again, as
    a child would tap again."""
    for attempt in range(tries):
        settled(page, 60000)
        if attempt and shown.count():
            return
        act()
        try:
            shown.wait_for(timeout=wait)
            return
        except Exception:
            if attempt == tries - 1:
                raise


def tap_if_there(locator) -> None:
    """A tap on ``locator`` if it is on the page, else none: for :func:`until_shown`'s ``act`` on a busy machine,
    where the first tap was taken (the button is gone) and what it brings is still on its way, so a second
    try waits for it instead of waiting for a button that will not come back."""
    if locator.count():
        locator.first.click()


def past_worked_example(page, timeout: float = 90.0) -> None:
    """Press "My turn!" on a first puzzle's worked example if it is open, once the page has settled,
    and wait until the example has gone (a folded example is left folded). On a very busy machine a
    press can go unanswered: if the page has settled and the example is still there, it is pressed again, as a
    child would (moving past an example twice is the same as once)."""
    button = page.get_by_role("button", name="My turn!")
    example = page.get_by_text("Watch how it works first").first
    settled(page, timeout * 1000)
    if not button.first.is_visible():  # folded beside the choosers: it does not stand in the way
        return
    deadline = time.time() + timeout
    while True:
        settled(page, timeout * 1000)
        if not example.count():
            return
        if time.time() > deadline:
            raise AssertionError("the worked example did not go away after pressing My turn!")
        button.first.click()
        try:
            example.wait_for(state="detached", timeout=20000)
        except Exception:
            continue  # unanswered: press again once the page has settled


def press_until(page, key: str, locator, tries: int = 5, wait: float = 6000) -> None:
    """Press a shortcut key until ``locator`` shows (the shortcut listens once the page has settled)."""
    for _ in range(tries):
        page.keyboard.press(key)
        try:
            locator.wait_for(timeout=wait)
            return
        except Exception:
            continue
    locator.wait_for(timeout=wait)


def shot(page, name: str, **options) -> None:
    """A screenshot of ``page`` in tests/artifacts/ (``options`` as Playwright's, e.g. ``full_page``)."""
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=os.path.join(ARTIFACTS, name), **options)


def first_childs_evidence(page, server: str, keys):
    """My class (through the teacher's old link), its "Why the grid says so" opened on the first child; the
    expander."""
    follow_old_teacher_link(page, f"{server}/teacher?class={keys.code}&key={keys.teacher_key}", keys.code)
    box = page.locator("[data-testid='stExpander']").filter(has_text="Why the grid says so")
    box.locator("summary").click()
    choose = box.locator("[data-testid='stSelectbox']")
    choose.wait_for(state="visible", timeout=30000)
    settled(page)
    with rerun(page):
        choose.click()
        page.get_by_role("option").first.click(timeout=30000)
    settled(page)
    return box


def follow_old_teacher_link(page, url: str, code: str, timeout: float = 60000) -> None:
    """An old teacher link (``/teacher?class=…&key=…``): its small page, a tap on **Open my class**, then the
    class open (its code on the page, once the browser has handed the link over)."""
    page.goto(url)
    page.get_by_role("link", name="Open my class").click()
    connected(page, timeout)
    page.wait_for_function(
        f"() => (document.querySelector(\"[data-testid='stMain']\") || {{}}).innerText?.includes('{code}')",
        timeout=timeout)
    settled(page, timeout)


BROKEN_TILE_NAMES = r"""() => {
  const out = [], roots = [document.body];
  document.querySelectorAll('*').forEach(e => { if (e.shadowRoot) roots.push(e.shadowRoot); });
  for (const root of roots) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const re = /\d[-\u2011]\d/g;
      for (let m = re.exec(n.textContent); m; m = re.exec(n.textContent)) {
        const a = document.createRange(), b = document.createRange();
        a.setStart(n, m.index); a.setEnd(n, m.index + 1);
        b.setStart(n, m.index + 2); b.setEnd(n, m.index + 3);
        const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
        if (ra.height && rb.height && Math.abs(ra.top - rb.top) > 4) {
          out.push(n.textContent.slice(Math.max(0, m.index - 30), m.index + 10));
        }
      }
    }
  }
  return out;
}"""
"""Each tile's name ("5-6") whose halves stand on two lines, with the words before it."""
