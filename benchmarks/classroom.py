"""A class at once, over the wire: simulated learners speak the app's websocket protocol
(:mod:`benchmarks.wsclient`, no browsers) against a real server.

- Practice: 1, 10 and 30 learners answer open-end-total puzzles and press Next, thinking 0.5–2 s
  between clicks; answer-to-feedback latency (p50/p95), server CPU per rerun (the app processes'
  CPU time ÷ reruns), errors, and whether every verdict was right. Once on one process (``make
  run``) and once behind HAProxy (``make serve``, one process per core).
- Live lesson: a projector and 30 children (learners in a class, each on the Live lesson page)
  answer 10 puzzles; answer-to-feedback beside one child alone, how long the projector's count
  takes to show the last answer, and whether every answer was stored.

Loopback only; each run is bounded in time and in clicks.
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import time
import urllib.request
from collections.abc import Callable

from benchmarks import onebutton, school
from benchmarks.measuring import measured, pct
from benchmarks.wsclient import Session
from puzzles import from_code
from trainer.serving.serve import Cluster, cores, free_port, haproxy_path, healthy, launch_app, stop_process
from trainer.store import open_store

THINK = (0.5, 2.0)
CLASS_SIZES = (1, 10, 30)
SECONDS = 20.0
"""How long each practice load runs (every learner also stops after 40 clicks)."""
LIVE_PUZZLES = 10


class OneServer:
    """``make run``: one Streamlit process."""

    def __init__(self, db_url: str) -> None:
        self.port = free_port()
        self.proc = launch_app(self.port, FIVES_DATABASE_URL=db_url)
        deadline = time.time() + 60
        while time.time() < deadline and not healthy(self.port):
            time.sleep(0.3)
        self.pids = [self.proc.pid]
        warm(self, 2)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def cookie(self) -> str:
        return ""

    def stop(self) -> None:
        stop_process(self.proc, timeout=20)


class Served:
    """``make serve``: one process per core behind HAProxy."""

    def __init__(self, db_url: str, processes: int | None = None) -> None:
        os.environ["FIVES_DATABASE_URL"] = db_url
        self.processes = processes or cores()
        self.cluster = Cluster(count=self.processes, port=free_port(), host="127.0.0.1", quiet=True)
        self.cluster.start()
        apps = [p.proc.pid for p in self.cluster.processes if p.proc is not None]
        self.app_pids = apps
        self.pids = [*apps, self.cluster.balancer.pid]  # HAProxy's work is the servers' work too
        warm(self, 2 * len(apps))  # the balancer takes turns: every process gets two

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.cluster.port}"

    def cookie(self) -> str:
        """The first visit's cookie: the balancer's choice of process for this browser."""
        with urllib.request.urlopen(self.url + "/", timeout=10) as r:
            return r.headers.get("Set-Cookie", "").split(";", 1)[0]

    def stop(self) -> None:
        self.cluster.stop()


class InDistrict:
    """The district layout (:mod:`trainer.serving.district`) on this machine: each host a network namespace
    (:mod:`benchmarks.hosts`), one app process per app host, PostgreSQL on its own host, HAProxy on the
    balancer's. The hosts share this machine's cores: what it measures is the layout's own cost (an extra
    network hop, PostgreSQL instead of SQLite), not more capacity."""

    def __init__(self, apps: int) -> None:
        from benchmarks.hosts import HostedDistrict

        self.processes = apps
        self.district = HostedDistrict(apps=apps)
        self.district.start()
        self.app_pids = [self.district.procs[f"app{i}"].pid for i in range(1, apps + 1)]
        self.pids = [*self.app_pids, self.district.procs["balancer"].pid]  # PostgreSQL's CPU is not counted
        self.allow = self.district.allow

    @property
    def url(self) -> str:
        return self.district.url

    def stop(self) -> None:
        self.district.stop()


def warm(server, sessions: int) -> None:
    """A few clicks before measuring: each process imports its libraries on its first page."""
    async def one() -> None:
        s = Session(server.url, cookies=server.cookie())
        await s.connect()
        await s.choose_puzzle("What's the open-end total?")
        p = from_code(s.param("code"))
        await s.type_and_submit(s.find("text_input"), str(p.answer), s.find("button", label="Check"))
        await s.close()

    async def main() -> None:
        for _ in range(sessions):
            await one()

    asyncio.run(asyncio.wait_for(main(), 120))


async def practice_learner(server, rng: random.Random, until: float, out: dict) -> None:
    s = Session(server.url, cookies=server.cookie())
    try:
        await s.connect()
        await s.choose_puzzle("What's the open-end total?")
        out["reruns"] += 3
        clicks = 0
        while time.monotonic() < until and clicks < 40:
            await asyncio.sleep(rng.uniform(*THINK))
            p = from_code(s.param("code"))
            took = await s.type_and_submit(s.find("text_input"), str(p.answer), s.find("button", label="Check"))
            out["latency"].append(took)
            out["answers"] += 1
            out["right"] += s.said_right()
            await asyncio.sleep(rng.uniform(*THINK))
            await s.click(s.find("button", label="Next puzzle"))
            out["reruns"] += 2
            clicks += 2
    except Exception as err:  # counted, never hidden
        out["errors"].append(f"{type(err).__name__}: {err}")
    finally:
        await s.close()


def practice_load(server, learners: int, seconds: float = SECONDS) -> dict:
    out = {"latency": [], "answers": 0, "right": 0, "reruns": 0, "errors": []}

    async def main() -> None:
        until = time.monotonic() + seconds
        rngs = [random.Random(i) for i in range(learners)]
        await asyncio.gather(*(practice_learner(server, rngs[i], until, out) for i in range(learners)))

    busy, _ = measured(server.pids, lambda: asyncio.run(asyncio.wait_for(main(), seconds + 120)))
    out["cpu_per_rerun"] = busy / max(1, out["reruns"])
    return out


def practice_rows(name: str, results: dict[int, dict]) -> list[tuple[str, str, str]]:
    rows = []
    one = pct(results[1]["latency"], 0.95)
    for n, r in results.items():
        p50, p95 = pct(r["latency"], 0.5), pct(r["latency"], 0.95)
        wrong = r["answers"] - r["right"]
        note = (f"p50 {p50 * 1000:.0f} ms, {r['answers']} answers, {len(r['errors'])} errors, {wrong} verdicts "
                f"not right, {r['cpu_per_rerun'] * 1000:.1f} ms server CPU per rerun")
        rows.append((f"classroom {name}: {n} learners, p95 answer→feedback (ms)", f"{p95 * 1000:.0f}", note))
    # a lone learner's few clicks are dominated by opening the session; a class is what counts
    cpu = max(r["cpu_per_rerun"] for n, r in results.items() if n > 1) * 1000
    rows.append((f"classroom {name}: server CPU per rerun, 10 and 30 learners (ms)", f"{cpu:.1f}",
                 "idle CPU taken off; target ≤ 20 ms: " + ("met" if cpu <= 20 else "MISSED")))
    if 30 in results:
        p95_30 = pct(results[30]["latency"], 0.95)
        ratio = p95_30 / one
        target = ratio <= 3 and p95_30 <= 0.3
        rows.append((f"classroom {name}: p95 at 30 ÷ p95 at 1", f"{ratio:.2f}×",
                     f"{p95_30 * 1000:.0f} ms vs {one * 1000:.0f} ms; target ≤ 3× and ≤ 300 ms"
                     + (": " + ("met" if target else "MISSED") if name == "make serve" else "")))
    errors = sum(len(r["errors"]) for r in results.values())
    wrong = sum(r["answers"] - r["right"] for r in results.values())
    rows.append((f"classroom {name}: errors / verdicts not right", f"{errors} / {wrong}",
                 "target 0 / 0: " + ("met" if errors == wrong == 0 else "MISSED")))
    return rows


# ----- a live lesson -----

async def live_lesson(server, children: int, db_url: str) -> dict:
    store = open_store(db_url)
    keys = store.create_class("Bench class")
    kids = [store.learner(store.join(keys.code, f"Child {i}")) for i in range(children)]
    out = {"latency": [], "catch_up": [], "errors": [], "sent": 0}

    teacher = Session(server.url, cookies=server.cookie(), page="teacher",
                      query=f"class={keys.code}&key={keys.teacher_key}")
    await teacher.connect()
    teacher.page, teacher.query_string, teacher.page_hash = "projector", "", ""
    await teacher.rerun()
    await teacher.choose(teacher.find("button_group", label="Kind"), "What's the open-end total?")
    await teacher.click(teacher.find("button", label="Start a live lesson with Bench class"))

    sessions = [Session(server.url, cookies=server.cookie(), page="live", query=f"me={k.code}") for k in kids]
    await asyncio.gather(*(s.connect() for s in sessions))
    rng = random.Random(5)

    async def child(s: Session, round_no: int) -> None:
        try:
            # the waiting screen's timer notices the new puzzle
            for _ in range(20):
                if s.find("text_input") is not None:
                    break
                await s.tick()
                await asyncio.sleep(0.2)
            await asyncio.sleep(rng.uniform(*THINK))
            box, send = s.find("text_input"), s.find("button", label="Send")
            code = store.lesson(keys.code).puzzle_code
            took = await s.type_and_submit(box, str(from_code(code).answer), send)
            out["latency"].append(took)
            out["sent"] += 1
            if "look at the big screen" not in s.texts():
                out["errors"].append("no 'sent' screen")
        except Exception as err:
            out["errors"].append(f"{type(err).__name__}: {err}")

    for round_no in range(1, LIVE_PUZZLES + 1):
        await asyncio.gather(*(child(s, round_no) for s in sessions))
        last = time.perf_counter()
        # the projector's own timer brings the count up to date
        for _ in range(30):
            if f"<b>{children}</b> of" in teacher.texts():
                break
            await asyncio.sleep(teacher.auto.get(next(iter(teacher.auto), ""), 1.0))
            await teacher.tick()
        out["catch_up"].append(time.perf_counter() - last)
        await teacher.click(teacher.find("button", label="Reveal the answer"))
        await teacher.click(teacher.find("button", label="Next puzzle"))
    await teacher.click(teacher.find("button", label="End the live lesson"))
    stored = sum(len(store.attempts(k.code)) for k in kids)
    out["stored"], out["expected"] = stored, children * LIVE_PUZZLES
    for s in [*sessions, teacher]:
        await s.close()
    store.engine.dispose()
    return out


def live_rows(alone: dict, class_: dict, children: int) -> list[tuple[str, str, str]]:
    a95, c95 = pct(alone["latency"], 0.95), pct(class_["latency"], 0.95)
    ratio = c95 / a95
    catch = max(class_["catch_up"])
    ok = class_["stored"] == class_["expected"] and not class_["errors"]
    return [
        ("classroom live: 1 child, p50 / p95 answer→feedback (ms)",
         f"{pct(alone['latency'], 0.5) * 1000:.0f} / {a95 * 1000:.0f}", f"{LIVE_PUZZLES} puzzles"),
        (f"classroom live: {children} children, p50 / p95 (ms)",
         f"{pct(class_['latency'], 0.5) * 1000:.0f} / {c95 * 1000:.0f}",
         f"p95 ratio {ratio:.2f}×; target ≤ 3×: " + ("met" if ratio <= 3 else "MISSED")),
        ("classroom live: projector count catches up (s, slowest round)", f"{catch:.2f}",
         "after the last answer; target ≤ 2 s: " + ("met" if catch <= 2 else "MISSED")),
        ("classroom live: answers stored", f"{class_['stored']} of {class_['expected']}",
         f"{len(class_['errors'])} errors; target all: " + ("met" if ok else "MISSED")),
    ]


def on_fresh_serve(name: str, measure: Callable[[Served], list[tuple[str, str, str]]],
                   processes: int | None = None) -> list[tuple[str, str, str]]:
    """``measure`` on a fresh ``make serve`` (a new SQLite store, migrated first; ``processes`` app processes,
    one per core unless given), stopped after; a row saying why where HAProxy is missing."""
    if haproxy_path() is None:
        return [(name, "skipped", "HAProxy is not installed")]
    folder = tempfile.mkdtemp(prefix="fives-bench-")
    db = f"sqlite:///{folder}/fives.db"
    open_store(db).engine.dispose()
    served = Served(db, processes)
    try:
        return measure(served)
    finally:
        served.stop()


def school_rows(learners: int, ramp: float, processes: int | None = None,
                district: bool = False) -> list[tuple[str, str, str]]:
    """A school on ``make serve``: ``learners`` opening over ``ramp`` seconds (:mod:`benchmarks.school`), then a
    one-button Streamlit app's click on the same machine (:mod:`benchmarks.onebutton`), the school's yardstick.
    ``processes``: ``N=`` app processes (one per core unless given); ``district``: through the district layout
    instead, ``processes`` app hosts (two unless given)."""

    def measure(served) -> list[tuple[str, str, str]]:
        with onebutton.OneButton() as yardstick:
            load = school.school(served, learners, ramp, yardstick)
        load.one_button = onebutton.rerun_cpu()
        return school.rows(load)

    if district:
        from benchmarks.hosts import why_not

        if (reason := why_not()) is not None:
            return [("school: district", "skipped", reason)]
        hosted = InDistrict(processes or 2)
        try:
            return measure(hosted)
        finally:
            hosted.stop()
    return on_fresh_serve("school", measure, processes)


def rerun_cost_rows(open_sessions: int) -> list[tuple[str, str, str]]:
    """A rerun's server CPU on ``make serve`` with a school's pages open (:func:`benchmarks.school.reruns`)."""

    return on_fresh_serve("school: server CPU per rerun",
                          lambda served: school.rerun_rows(school.reruns(served, open_sessions)))


SCHOOL_OPEN = 900
"""Pages open at once in a school's morning (3,000 learners over 300 s, each for a minute and a half)."""


def run(learners: int | None = None, ramp: float | None = None, processes: int | None = None,
        district: bool = False) -> list[tuple[str, str, str]]:
    """The classes above, then a school's morning (3,000 learners over 300 s) and its bell (1,000 opening
    within 10 s); with ``learners``, only a school of that many, opening over ``ramp`` seconds (a tenth
    of a second a learner unless given), on ``processes`` app processes (``N=``; one per core unless given),
    or through the district layout's hosts with ``district``."""
    if learners is not None:
        return school_rows(learners, ramp if ramp is not None else learners / 10, processes, district)
    rows = classes()
    rows += rerun_cost_rows(SCHOOL_OPEN)
    rows += school_rows(3000, 300.0)
    rows += school_rows(1000, 10.0)
    return rows


def classes() -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    folder = tempfile.mkdtemp(prefix="fives-bench-")
    db = f"sqlite:///{folder}/fives.db"
    open_store(db).engine.dispose()  # migrations done before the servers start
    one = OneServer(db)
    try:
        rows += practice_rows("make run", {n: practice_load(one, n) for n in CLASS_SIZES})
        alone = asyncio.run(asyncio.wait_for(live_lesson(one, 1, db), 300))
        class_ = asyncio.run(asyncio.wait_for(live_lesson(one, 30, db), 600))
        rows += live_rows(alone, class_, 30)
    finally:
        one.stop()
    if haproxy_path() is None:
        rows.append(("classroom make serve", "skipped", "HAProxy is not installed"))
        return rows
    served = Served(db)
    try:
        rows += practice_rows("make serve", {n: practice_load(served, n) for n in CLASS_SIZES})
    finally:
        served.stop()
    return rows


if __name__ == "__main__":
    for row in run():
        print(*row, sep="  ")
