"""Play a hand as a game that moves, in a real browser: on a laptop (1280×800) the layout's tiles are at least
60 px long, measured on the page; on a tablet (768×1024) and a phone (390×844) the page never scrolls sideways;
the tile just played slides in (its computed animation is the slide), and with motion reduced nothing is
animated and each score is still said in words; after a score the page asks for the score's sound while the
sound is on, and never once the child has switched it off. Screenshots go to tests/artifacts/
(motion-<screen>.png). Under `make serve`'s own server, with its Content-Security-Policy, the sound's script
runs and nothing is blocked."""

import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import chromium
import pytest
from chromium import shot

from trainer.serving.serve import free_port, haproxy_path, healthy

pytestmark = [pytest.mark.browser, chromium.needs_chromium]

LONGEST = "els => els.map(e => { const b = e.getBoundingClientRect(); return Math.max(b.width, b.height); })"
ANIMATIONS = "els => els.map(e => getComputedStyle(e).animationName)"
SIDEWAYS = "() => document.documentElement.scrollWidth - window.innerWidth"
INSIDE = "els => els.map(e => e.scrollWidth - e.clientWidth)"
"""How far each layout's own box scrolls sideways."""
SCORED = re.compile(r"(You|Leo) scored \d+ points?[.!]")
TAPS = """els => els.map(e => {
  const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return null;
  const hit = e.getRootNode().elementFromPoint(x, y);
  return hit && (hit === e || e.contains(hit)) ? '' : (e.getAttribute('data-end') + ' under ' +
    (hit ? (hit.closest('[class]') || hit).getAttribute('class') : 'nothing'));
}).filter(v => v !== null)"""
"""Each lettered end on the screen, tapped at its centre: '' where the end takes the tap, else what took it."""
DECORATIONS = """els => els.map(e => getComputedStyle(e).pointerEvents)"""


def takes_taps(page) -> int:
    """Every lettered end on the screen takes a tap at its centre, whatever popped or glowed over it (a score's
    number that had faded out still caught a phone's taps on the end beside the tile that scored), and the
    picture's decorations never take one. How many ends were tapped."""
    ends = page.locator(".fives-board .layout [data-end]").evaluate_all(TAPS)
    assert all(e == "" for e in ends), ends
    decorations = page.locator(".fives-board .layout .fives-pop, .fives-board .layout .fives-lit")
    assert all(p == "none" for p in decorations.evaluate_all(DECORATIONS))
    return len(ends)


def start(page) -> None:
    hand = page.locator(".fives-board .hand [data-tile]")
    chromium.until_shown(page, lambda: chromium.tap_if_there(page.get_by_role("button", name="Start the game")),
                         hand.first)


def move(page) -> None:
    """The learner's move by the page's own buttons: a play that fits, else draw, pass or deal on."""
    chromium.settled(page, 60000)
    for name in (r" → total ", r"^Lead ", r"^Draw a tile", r"^Pass the lead", r"^Pass$", r"^Next hand",
                 r"^See who won"):
        button = page.get_by_role("button", name=re.compile(name))
        if button.count():
            with chromium.rerun(page):
                button.first.click()
            return
    raise AssertionError("no move on the page")


def tiles(page) -> list[float]:
    return page.locator(".fives-layout g[data-tile]").evaluate_all(LONGEST)


def sounds(page) -> list[str]:
    """The marks of the score sounds the page asked the browser for (the sound's own element keeps it)."""
    return page.locator(".fives-sound").evaluate_all("els => els.map(e => e.dataset.mark || '')")


def test_a_laptops_tiles_are_long_and_the_tile_just_played_slides_in(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = chromium.open_page(context, f"{server}/play")
    start(page)
    measured, slid, tapped = 0, 0, 0
    for _ in range(8):
        move(page)
        chromium.settled(page, 60000)
        longest = tiles(page)
        if longest:
            measured += 1
            assert min(longest) >= 60, longest
        names = page.locator(".fives-layout .fives-slide").evaluate_all(ANIMATIONS)
        slid += bool(names)
        assert all(n == "fives-slide" for n in names), names
        chromium.at_rest(page)
        assert not page.locator(".fives-layout .fives-pop").evaluate_all(
            "els => els.filter(e => getComputedStyle(e).opacity !== '0')"), "a score's number stays up"
        assert page.evaluate(SIDEWAYS) <= 0
        tapped += takes_taps(page)
    assert measured >= 4 and slid >= 3 and tapped >= 2, (measured, slid, tapped)
    shot(page, "motion-laptop.png")
    context.close()


@pytest.mark.parametrize("size", [(768, 1024), (390, 844)], ids=["tablet", "phone"])
def test_a_tablet_and_a_phone_never_scroll_sideways(browser, server, size):
    width, height = size
    phone = width < 500
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone)
    page = chromium.open_page(context, f"{server}/play")
    start(page)
    measured, tapped = 0, 0
    for _ in range(8):
        move(page)
        chromium.settled(page, 60000)
        measured += bool(tiles(page))
        assert page.evaluate(SIDEWAYS) <= 0, page.evaluate(SIDEWAYS)
        if not phone:  # a tablet's layout fits its width: no scrolling inside the picture either
            boxes = page.locator(".fives-board .layout").evaluate_all(INSIDE)
            assert all(b <= 1 for b in boxes), boxes
        chromium.at_rest(page)
        tapped += takes_taps(page)
        scores = page.locator(".st-key-fives-play-scores [data-testid='stMetric']").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().top)")
        assert len(scores) == 2 and abs(scores[0] - scores[1]) < 2, scores  # side by side, even on a phone
    assert measured >= 4 and tapped >= 2, (measured, tapped)
    shot(page, f"motion-{'phone' if phone else 'tablet'}.png")
    context.close()


def test_with_motion_reduced_nothing_moves_and_the_score_is_said_in_words(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = chromium.open_page(context, f"{server}/play")
    start(page)
    seen, said = 0, 0
    for _ in range(14):
        move(page)
        chromium.settled(page, 60000)
        names = page.locator(".fives-layout .fives-slide, .fives-layout .fives-lit").evaluate_all(ANIMATIONS)
        seen += bool(names)
        assert all(n == "none" for n in names), names
        pops = page.locator(".fives-layout .fives-pop").evaluate_all("els => els.map(e => getComputedStyle(e).display)")
        assert all(p == "none" for p in pops), pops
        if pops:
            assert page.get_by_text(SCORED).count(), "a score with no words"
            said += 1
        if seen >= 3 and said >= 1:
            break
    assert seen >= 3 and said >= 1, (seen, said)
    context.close()


def test_the_score_sound_is_asked_for_after_a_score_and_never_once_switched_off(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = chromium.open_page(context, f"{server}/play")
    start(page)
    switch = page.get_by_role("switch", name=re.compile("Sound"))
    assert switch.count() == 1 and switch.is_checked()
    asked = []
    for _ in range(24):
        move(page)
        chromium.settled(page, 60000)
        if page.get_by_text(SCORED).count():
            page.locator(".fives-sound[data-mark]").first.wait_for(state="attached", timeout=15000)
            asked = sounds(page)
            assert asked and all(asked), "a score, and no sound asked for"
            break
        asked = sounds(page)
        assert not asked, asked
    assert asked, "no score in 24 moves"
    heard = set(asked)
    with chromium.rerun(page):
        switch.uncheck(force=True)  # the switch's drawn knob lies over its box: the tap lands on the label
    assert not switch.is_checked()
    scores = 0
    for _ in range(24):
        move(page)
        chromium.settled(page, 60000)
        scores += bool(page.get_by_text(SCORED).count())
        assert set(sounds(page)) <= heard, sounds(page)
        if scores >= 1:
            break
    assert scores >= 1, "no score with the sound off in 24 moves"
    context.close()


CSP_WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
"""
"""Every script, style or sound the page's Content-Security-Policy blocks, kept for the test to read."""


@pytest.fixture(scope="module")
def served():
    """The app as `make serve` runs it (``python -m trainer.serving``: the balancer in front, with the
    Content-Security-Policy), one app process; skipped where HAProxy is missing."""
    if haproxy_path() is None:
        pytest.skip("HAProxy is not installed")
    port, out = free_port(), tempfile.mkdtemp(prefix="fives-motion-")
    marker = os.path.join(out, "run-dir")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(out, "log"), "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "trainer.serving", "--processes", "1", "--port", str(port),
                                 "--host", "127.0.0.1", "--run-dir-file", marker], cwd=root, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.time() + 90
        while not (os.path.exists(marker) and healthy(port)):
            if proc.poll() is not None or time.time() > deadline:
                pytest.fail("trainer.serving did not start")
            time.sleep(0.3)  # fixed on purpose: polling the server's health while it starts (no page yet)
        yield f"http://127.0.0.1:{port}"
    finally:
        os.kill(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


def test_under_the_content_security_policy_the_sound_and_the_motion_run(browser, served):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(CSP_WATCH)
    page = chromium.open_page(context, f"{served}/play")
    start(page)
    for _ in range(30):
        move(page)
        chromium.settled(page, 60000)
        if page.get_by_text(SCORED).count():
            break
    sound = page.locator(".fives-sound[data-sound]").first
    sound.wait_for(state="attached", timeout=15000)
    assert sound.get_attribute("data-sound") in ("played", "none")  # the script ran: it made its sound, or said why not
    assert page.locator(".fives-layout .fives-slide").count(), "nothing slid in"
    assert page.evaluate("window.__csp") == []
    context.close()
