"""A school on one machine, over the wire: thousands of learners on ``make serve``.

Each simulated learner is its own websocket session (:mod:`benchmarks.wsclient`, no browser): it
opens the page (the HTML page, then the websocket and the first run), opens the folded choosers and
chooses the open-end total, then answers and presses Next four times, thinking 5–15 s before each
click. Learners arrive evenly
over the ramp (3,000 over 300 s is a school's morning; 1,000 over 10 s is every class of a school
opening the page at the bell). Printed: answer and Next p50/p95, page-open p95, errors, server CPU
per request (HAProxy's too, the servers' idle CPU taken off) and memory per session.

``python -m benchmarks classroom --learners N [--ramp S]`` runs one such load alone. :func:`reruns` measures
one rerun's server CPU among a school's open pages (the target of ≤ 5 ms is a rerun's: an opening costs
more, and the per-request figure counts openings beside reruns).
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import time
import urllib.request
from dataclasses import dataclass, field

from benchmarks import onebutton
from benchmarks.measuring import measured, pct
from benchmarks.wsclient import Session
from puzzles import from_code

THINK = (5.0, 15.0)
ROUNDS = 4
"""Answer + Next, this many times per learner."""
ANSWER_P95 = 0.100
OPEN_P95 = 2.0
RERUN_CPU = 0.005
"""Server CPU a rerun (an answer or a Next) may take, with a school's sessions open."""
CPU_RATIO = 3.0
"""The school's server CPU a request may be at most this many times a one-button Streamlit app's click,
measured in the same run on the same machine (:mod:`benchmarks.onebutton`)."""
YARDSTICK_EVERY = 15.0
"""Seconds between two batches of the one-button app's clicks while a school runs."""
YARDSTICK_PAGES, YARDSTICK_CLICKS = 10, 10
"""A batch: this many one-button pages, each clicked this many times, one click after another."""
OPEN_BURST = 10.0
"""A ramp this short or shorter is a burst of openings: its page-open p95 is held to :data:`OPEN_P95`."""
PUZZLE = "What's the open-end total?"


@dataclass
class Load:
    """What one school load measured."""

    learners: int
    ramp: float
    answers: list[float] = field(default_factory=list)
    """Seconds from sending an answer or a Next to the end of its run."""
    opens: list[float] = field(default_factory=list)
    """Seconds from asking for the page to the end of its first run."""
    requests: int = 0
    wrong: int = 0
    errors: list[str] = field(default_factory=list)
    open_now: int = 0
    peak_open: int = 0
    cpu_per_request: float = 0.0
    rss_base: int = 0
    rss_peak: int = 0
    rss_at_peak_open: int = 0
    seconds: float = 0.0
    client_cpu: float = 0.0
    """CPU seconds the load client itself used (it shares the machine with the servers)."""
    machine: str = ""
    """The machine and its load average before the run (:func:`benchmarks.onebutton.machine`)."""
    processes: int = 0
    """App processes serving it (``N=``), or app hosts in a district."""
    district: bool = False
    """Served through the district layout's hosts (:class:`benchmarks.classroom.InDistrict`)."""
    one_button: float = 0.0
    """Server CPU seconds a click of a one-button Streamlit app takes on this machine, measured right after
    (:func:`benchmarks.onebutton.rerun_cpu`)."""
    one_button_during: list[float] = field(default_factory=list)
    """The same, measured in batches every :data:`YARDSTICK_EVERY` seconds while the school runs (its pages
    open, its learners clicking): the yardstick of :attr:`cpu_per_request`, whose median the target reads."""


def rss(pids: list[int]) -> int:
    """Resident memory of these processes, in bytes."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/statm") as f:
                total += int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            pass
    return total


def page_html(url: str) -> str:
    """The HTML page, as a browser asks for it first: returns the balancer's cookie for this browser."""
    with urllib.request.urlopen(url + "/", timeout=30) as r:
        r.read()
        return r.headers.get("Set-Cookie", "").split(";", 1)[0]


async def open_page(s: Session) -> None:
    """Open the page as a browser opens it: the HTML page (its balancer cookie kept), then the websocket and
    the first run."""
    s.cookies = await asyncio.to_thread(page_html, s.url)
    await s.connect(timeout=60)


async def answer(s: Session) -> float:
    """Type the puzzle's answer and press Check; the seconds it took."""
    p = from_code(s.param("code") or "")
    box, check = s.find("text_input"), s.find("button", label="Check")
    if box is None or check is None:
        raise RuntimeError("no answer box on the page")
    return await s.type_and_submit(box, str(p.answer), check, timeout=60)


async def next_puzzle(s: Session) -> float:
    """Press Next after an answer; the seconds it took."""
    nxt = s.find("button", label="Next puzzle")
    if nxt is None:
        raise RuntimeError("no Next button after the answer")
    return await s.click(nxt, timeout=60)


async def learner(url: str, rng: random.Random, load: Load, allow: tuple[str, ...] = ()) -> None:
    s = Session(url, allow=allow)
    try:
        t0 = time.perf_counter()
        await open_page(s)
        load.opens.append(time.perf_counter() - t0)
        load.open_now += 1
        load.peak_open = max(load.peak_open, load.open_now)
        await asyncio.sleep(rng.uniform(*THINK))
        await s.choose_puzzle(PUZZLE, timeout=60)  # the folded choosers opened, then the kind chosen
        load.requests += 3
        for _ in range(ROUNDS):
            await asyncio.sleep(rng.uniform(*THINK))
            load.answers.append(await answer(s))
            load.requests += 1
            load.wrong += not s.said_right()
            await asyncio.sleep(rng.uniform(*THINK))
            load.answers.append(await next_puzzle(s))
            load.requests += 1
        if s.exceptions:
            load.errors.append("the page showed an exception: " + s.exceptions[0][:80])
    except Exception as err:  # counted, never hidden
        load.errors.append(f"{type(err).__name__}: {err}"[:200])
    finally:
        if s.ws is not None:
            load.open_now -= 1
        try:
            await s.close()
        except Exception:
            pass


def school(server, learners: int, ramp: float, yardstick: onebutton.OneButton | None = None) -> Load:
    """``learners`` arriving evenly over ``ramp`` seconds on ``server`` (a :class:`~benchmarks.classroom.Served`);
    with ``yardstick``, the one-button app is clicked in batches all the while (:attr:`Load.one_button_during`),
    so that both figures of the ratio are measured on the machine as it is during the school."""
    load = Load(learners, ramp, machine=onebutton.machine(), processes=getattr(server, "processes", 0),
                district=hasattr(server, "district"))
    pids = server.app_pids

    async def measure_yardstick(yardstick: onebutton.OneButton, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), YARDSTICK_EVERY)
            except TimeoutError:
                load.one_button_during.append(await yardstick.batch(YARDSTICK_CLICKS))

    async def watch(stop: asyncio.Event) -> None:
        while not stop.is_set():
            now = rss(pids)
            load.rss_peak = max(load.rss_peak, now)
            if load.open_now >= load.peak_open:
                load.rss_at_peak_open = max(load.rss_at_peak_open, now)
            await asyncio.sleep(1.0)

    async def main() -> None:
        stop = asyncio.Event()
        measuring = []
        if yardstick is not None:  # its pages opened and its idle CPU measured before the school begins
            await yardstick.open(YARDSTICK_PAGES)
            await yardstick.idle()
            measuring.append(asyncio.create_task(measure_yardstick(yardstick, stop)))
        watcher = asyncio.create_task(watch(stop))
        start = time.monotonic()
        tasks = []
        for i in range(learners):
            await asyncio.sleep(max(0.0, start + ramp * i / learners - time.monotonic()))
            tasks.append(asyncio.create_task(learner(server.url, random.Random(i), load,
                                                     getattr(server, "allow", ()))))
        await asyncio.gather(*tasks)
        stop.set()
        await watcher
        await asyncio.gather(*measuring)
        if yardstick is not None:
            await yardstick.close()

    def run() -> None:
        load.rss_base = rss(pids)
        mine = time.process_time()
        asyncio.run(asyncio.wait_for(main(), ramp + 20 * ROUNDS * THINK[1] + 300))
        load.client_cpu = time.process_time() - mine

    busy, load.seconds = measured(server.pids, run)
    load.cpu_per_request = busy / max(1, load.requests)
    return load


def rows(load: Load) -> list[tuple[str, str, str]]:
    where = (f", district of {load.processes} app hosts" if load.district
             else f", {load.processes} process{'es' if load.processes != 1 else ''}" if load.processes else "")
    name = f"school: {load.learners:,} learners opening over {load.ramp:g} s{where}"
    p50, p95 = pct(load.answers, 0.5), pct(load.answers, 0.95)
    open50, open95 = pct(load.opens, 0.5), pct(load.opens, 0.95)
    burst = load.ramp <= OPEN_BURST
    per_session = (load.rss_at_peak_open - load.rss_base) / max(1, load.peak_open)
    out = [
        (f"{name}, answer + Next p50 / p95 (ms)", f"{p50 * 1000:.0f} / {p95 * 1000:.0f}",
         f"{len(load.answers):,} clicks with 5–15 s of thought; target p95 ≤ {ANSWER_P95 * 1000:.0f} ms: "
         + ("met" if p95 <= ANSWER_P95 else "MISSED")),
        (f"{name}, page open p50 / p95 (s)", f"{open50:.2f} / {open95:.2f}",
         "HTML page, websocket and first run" + (f"; target p95 ≤ {OPEN_P95:g} s: "
                                                 + ("met" if open95 <= OPEN_P95 else "MISSED") if burst else "")),
        (f"{name}, errors / wrong verdicts", f"{len(load.errors)} / {load.wrong}",
         f"{load.requests:,} requests; target 0: " + ("met" if not load.errors and not load.wrong else "MISSED")
         + (f" (first: {load.errors[0]})" if load.errors else "")),
        (f"{name}, server CPU per request (ms)", f"{load.cpu_per_request * 1000:.1f}",
         "app processes and HAProxy, idle CPU taken off, a page's opening counted as one request beside its "
         "reruns (a rerun's own cost, and its target, is the row 'server CPU per rerun'); the load client took "
         f"{load.client_cpu / max(1, load.requests) * 1000:.1f} ms a request more"),
        (f"{name}, memory per open session (MB)", f"{per_session / 2**20:.2f}",
         f"{load.peak_open:,} sessions open at once; app processes {load.rss_base / 2**20:.0f} MB before, "
         f"{load.rss_peak / 2**20:.0f} MB at most"),
    ]
    if load.one_button_during:
        during = statistics.median(load.one_button_during)
        ratio = load.cpu_per_request / during
        out.append((f"{name}, server CPU per request ÷ a one-button app's click", f"{ratio:.2f}×",
                    f"{load.cpu_per_request * 1000:.1f} ms ÷ {during * 1000:.2f} ms (plain streamlit run, the "
                    f"median of {len(load.one_button_during)} batches clicked while the school ran, "
                    f"{min(load.one_button_during) * 1000:.2f}–{max(load.one_button_during) * 1000:.2f} ms); "
                    f"{load.machine}; target ≤ {CPU_RATIO:g}×: " + ("met" if ratio <= CPU_RATIO else "MISSED")))
    if load.one_button > 0:
        ratio = load.cpu_per_request / load.one_button
        out.append((f"{name}, server CPU per request ÷ a one-button app's click measured after", f"{ratio:.2f}×",
                    f"{load.cpu_per_request * 1000:.1f} ms ÷ {load.one_button * 1000:.2f} ms (the same app on the "
                    "machine left quiet, right after the school: how far the figure moves with the moment the "
                    "yardstick is taken)"))
    return out


@dataclass
class Reruns:
    """What :func:`reruns` measured: answers and Nexts of a few learners among many open sessions."""

    open_sessions: int
    clicks: int = 0
    cpu_per_rerun: float = 0.0
    """The median of the batches' figures (this machine's speed wanders by a fifth from minute to minute)."""
    batches: list[float] = field(default_factory=list)
    """Server CPU per rerun in each batch, in seconds."""
    errors: list[str] = field(default_factory=list)


RERUN_BATCHES = 5


def reruns(server, open_sessions: int, learners: int = 10, rounds: int = 10) -> Reruns:
    """The server CPU of one rerun as a school has it: ``open_sessions`` pages open and idle (their children
    thinking), while ``learners`` answer and press Next ``rounds`` times each, one click after another, in
    :data:`RERUN_BATCHES` batches. The CPU the servers spend meanwhile with nobody clicking (health checks,
    the idle pages' keep-alives) is taken off."""
    out = Reruns(open_sessions)
    idle: list[Session] = []
    busy: list[Session] = []

    async def open_all() -> None:
        for _ in range(open_sessions):
            idle.append(Session(server.url))  # listed first: closed at the end whatever happens
            await open_page(idle[-1])
        for _ in range(learners):
            busy.append(Session(server.url))
            await open_page(busy[-1])
            await busy[-1].choose_puzzle(PUZZLE, timeout=60)

    async def click_all() -> None:
        for _ in range(rounds):
            for s in busy:
                await answer(s)
                if not s.said_right():
                    out.errors.append("a right answer was not said to be right")
                await next_puzzle(s)
                out.clicks += 2

    async def close_all() -> None:
        for s in [*idle, *busy]:
            try:
                await s.close()
            except Exception:
                pass

    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(open_all())
        for _ in range(RERUN_BATCHES):
            before = out.clicks
            busy_cpu, _ = measured(server.pids, lambda: loop.run_until_complete(click_all()))
            out.batches.append(busy_cpu / max(1, out.clicks - before))
        out.cpu_per_rerun = pct(out.batches, 0.5)
    except Exception as err:  # counted, never hidden
        out.errors.append(f"{type(err).__name__}: {err}"[:200])
    finally:
        loop.run_until_complete(close_all())
        loop.close()
    return out


def rerun_rows(r: Reruns) -> list[tuple[str, str, str]]:
    met = r.cpu_per_rerun <= RERUN_CPU and not r.errors
    spread = f"{min(r.batches) * 1000:.1f}–{max(r.batches) * 1000:.1f}" if r.batches else "—"
    return [(f"school: server CPU per rerun among {r.open_sessions:,} open pages (ms)",
             f"{r.cpu_per_rerun * 1000:.1f}",
             f"median of {len(r.batches)} batches ({spread} ms), {r.clicks} answers and Nexts; app processes and "
             "HAProxy, idle CPU taken off; target ≤ "
             f"{RERUN_CPU * 1000:.0f} ms: " + ("met" if met else "MISSED")
             + (f" ({len(r.errors)} errors, first: {r.errors[0]})" if r.errors else ""))]
