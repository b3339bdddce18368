"""How long after the question a puzzle's picture appears, on a cheap phone: Debian's Chromium (through
Playwright) with its CPU slowed four times (CDP ``Emulation.setCPUThrottlingRate``, rate 4) opens Practice at a
phone's size (390×844) on one ``streamlit run``, a fresh browser context per load.

A watcher set in the page before anything loads looks, every animation frame, for the question's text and for
a puzzle picture that has a size (the board's, in its shadow root, or its plain copy drawn with the page:
``trainer.web.ui.first_paint``) and notes when each first appears (``performance.now()``, which starts at
navigation). Not part of ``make bench`` (a browser, and long): ``python -m benchmarks.latepictures [LOADS]``."""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile

from trainer.serving.serve import free_port, healthy, launch_app, stop_process

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
WATCH = """
const QUESTION = %s;
window.__late = {};
(function look() {
  const w = window.__late, now = performance.now();
  const main = document.querySelector("[data-testid='stMain']");
  if (main && w.question === undefined
      && [...main.querySelectorAll('h4')].some(h => h.textContent.includes(QUESTION))) { w.question = now; }
  const asked = main && [...main.querySelectorAll('h4')].find(h => h.textContent.includes(QUESTION));
  const below = e => e.getBoundingClientRect().top - (asked ? asked.getBoundingClientRect().bottom : 0);
  const sized = svg => { const b = svg.getBoundingClientRect(); return b.width > 20 && b.height > 20; };
  if (w.plain === undefined) {
    const s = document.querySelector('img[src^="data:image/svg+xml;name=fives-first-layout"]');
    if (s && s.complete && sized(s)) { w.plain = now; w.plainTop = below(s); }
  }
  if (w.board === undefined) {
    for (const host of document.querySelectorAll('[data-fives-drawn]')) {
      const s = (host.shadowRoot || host).querySelector('.fives-board svg.fives-layout');
      if (s && sized(s)) { w.board = now; w.boardTop = below(s); break; }
    }
  }
  if (w.board === undefined || w.question === undefined) requestAnimationFrame(look);
})();
"""


def _puzzle() -> tuple[str, str]:
    from puzzles import generate

    p = generate("best-play", stage="five-up", level=2, seed=4)
    return p.code, p.question


def load(browser, url: str, question: str) -> dict[str, float]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.add_init_script(WATCH % json.dumps(question))
    page.goto(url)
    page.wait_for_function("() => window.__late && window.__late.board !== undefined "
                           "&& window.__late.question !== undefined", timeout=60000)
    got = page.evaluate("() => window.__late")
    context.close()
    return {k: float(v) for k, v in got.items()}


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    loads = int(argv[0]) if argv else 6
    port = free_port()
    db = f"sqlite:///{tempfile.mkdtemp(prefix='fives-late-')}/fives.db"
    proc = launch_app(port, FIVES_DATABASE_URL=db)
    try:
        while not healthy(port):
            if proc.poll() is not None:
                raise RuntimeError("the app did not start")
        code, question = _puzzle()
        url = f"http://127.0.0.1:{port}/?code={code}"
        rows = []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            load(browser, url, question)  # a first load warms the server's caches
            for _ in range(loads):
                t = load(browser, url, question)
                picture = min(v for k, v in t.items() if k in ("plain", "board"))
                rows.append((t["question"], picture, t["board"]))
                moved = (f"  below the question: copy {t['plainTop']:.0f} px, board {t['boardTop']:.0f} px"
                         if "plainTop" in t else "")
                print(f"question {t['question'] / 1000:.2f} s  picture +{(picture - t['question']) / 1000:.2f} s  "
                      f"board drawn +{(t['board'] - t['question']) / 1000:.2f} s{moved}", flush=True)
            browser.close()
        gaps = [(p - q) / 1000 for q, p, _ in rows]
        boards = [(b - q) / 1000 for q, _, b in rows]
        print(f"after the question: the picture {statistics.median(gaps):+.2f} s median "
              f"({min(gaps):+.2f} … {max(gaps):+.2f}), the board drawn {statistics.median(boards):+.2f} s "
              f"({min(boards):+.2f} … {max(boards):+.2f}); load average {os.getloadavg()[0]:.1f}")
    finally:
        stop_process(proc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
