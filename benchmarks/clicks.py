"""What an answer and a Next on Practice cost, counted, not timed: the script runs, the messages sent to the
browser, the elements among them, the database statements, the calls from a run's thread to the event loop
and the writes to the socket, per click.

The app is served in this process (Streamlit's own ``st.App`` under uvicorn, with every runtime patch
``trainer/web/asgi.py`` installs), so every count is read where it happens; a learner speaks the websocket
protocol to it (:mod:`benchmarks.wsclient`). ``python -m benchmarks.clicks`` prints the counts as JSON (the
test ``tests/test_click_budget.py`` runs it in a process of its own and holds them to a budget). Set
``FIVES_PATCHES=off`` to serve the app with none of the runtime patches (Streamlit's own code), and
``--rounds N`` for more clicks (the CPU a click of server and client together, ``cpu_ms``, is timed: a figure
for the benchmarks' notes only). ``--runs N`` times each kind of run a learner makes instead (:func:`run_cpu`).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

KINDS = ("runs", "messages", "elements", "statements", "loop_calls", "writes")
"""What is counted for each click."""
PUZZLE = "What's the open-end total?"


def _counting(counts: Counter[str]) -> None:
    """Count, from here on, every script run, database statement, call from a run's thread to the event loop
    and write to a websocket's socket in this process."""
    from sqlalchemy import event
    from sqlalchemy.engine import Engine
    from streamlit.runtime.app_session import AppSession
    from streamlit.runtime.scriptrunner.script_runner import ScriptRunner
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    def counted(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            counts[name] += 1
            return fn(*args, **kwargs)
        return wrapper

    ScriptRunner._run_script = counted("runs", ScriptRunner._run_script)  # type: ignore[method-assign]
    AppSession._call_soon_on_event_loop = counted(  # type: ignore[method-assign]
        "loop_calls", AppSession._call_soon_on_event_loop)
    made = WebSocketsSansIOProtocol.connection_made

    def connection_made(self: WebSocketsSansIOProtocol, transport: Any) -> None:
        made(self, transport)
        transport.write = counted("writes", transport.write)

    WebSocketsSansIOProtocol.connection_made = connection_made  # type: ignore[method-assign]
    event.listen(Engine, "before_cursor_execute", lambda *args: counts.update(["statements"]))


def serve() -> tuple[Any, int]:
    """The app (``trainer/web/asgi.py``) served by uvicorn on a thread of this process, on a free port; with
    ``FIVES_PATCHES=off``, as when every runtime guard finds other libraries than its record: each module's
    record is made to differ, so its ``install`` leaves Streamlit's own code (:mod:`trainer.web.runtime.guard`)."""
    import uvicorn

    from trainer.serving.serve import free_port

    if os.environ.get("FIVES_PATCHES") == "off":
        from trainer.web.runtime import MODULES, guard

        for module in MODULES:
            w = module.WRITTEN
            module.WRITTEN = guard.Written(w.name, {**w.versions, "streamlit": "0 (left out)"}, w.sources, w.names)
    from trainer.web import asgi

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(asgi.app, host="127.0.0.1", port=port, ws="websockets-sansio",
                                           log_level="warning"))
    threading.Thread(target=server.run, name="fives-clicks-server", daemon=True).start()
    deadline = time.monotonic() + 120
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the app did not start")
        time.sleep(0.05)
    return server, port


def count(rounds: int = 3, signed_in: bool = False) -> dict[str, Any]:
    """The most each of :data:`KINDS` took for one answer and for one Next, over ``rounds`` of them on
    Practice (after the page is open and the open-end total chosen); ``signed_in``: a learner of the store,
    whose answers are kept, rather than a guest."""
    from benchmarks.wsclient import Session
    from puzzles import from_code
    from trainer.store import open_store

    db = f"sqlite:///{tempfile.mkdtemp(prefix='fives-clicks-')}/fives.db"
    os.environ["FIVES_DATABASE_URL"] = db
    store = open_store(db)
    query = f"me={store.new_learner('Budget')}" if signed_in else ""
    store.engine.dispose()
    server, port = serve()
    counts: Counter[str] = Counter()
    _counting(counts)
    most: dict[str, Any] = {"answer": dict.fromkeys(KINDS, 0), "next": dict.fromkeys(KINDS, 0)}
    cpu = [0.0]

    class Counted(Session):
        def _apply(self, msg: Any) -> None:
            counts["elements"] += 1
            super()._apply(msg)

    async def measure(name: str, s: Session, click: Awaitable[float]) -> None:
        await asyncio.sleep(0.1)  # the last click's loop has looked at its line for the last time
        counts.clear()
        sent = s.messages
        began = time.process_time()
        await click
        cpu[0] += time.process_time() - began
        await asyncio.sleep(0.1)  # what the run's end still sends (its runner's shutdown)
        counts["messages"] = s.messages - sent
        for kind in KINDS:
            most[name][kind] = max(most[name][kind], counts[kind])

    async def main() -> None:
        s = Counted(f"http://127.0.0.1:{port}", query=query)
        await s.connect()
        if signed_in:  # a new learner is offered the placement check first: skipped
            skip = s.find("button", key_part="pc_skip")
            assert skip is not None, "no placement check for a new learner"
            await s.click(skip)
        await s.choose_puzzle(PUZZLE)
        try:
            for _ in range(rounds):
                p = from_code(s.param("code") or "")
                box, check = s.find("text_input"), s.find("button", label="Check")
                assert box is not None and check is not None, "no answer box on the page"
                await measure("answer", s, s.type_and_submit(box, str(p.answer), check))
                assert s.said_right() and not s.exceptions, "a right answer was not said to be right"
                nxt = s.find("button", label="Next puzzle")
                assert nxt is not None, "no Next button after the answer"
                await measure("next", s, s.click(nxt))
        finally:
            await s.close()

    try:
        asyncio.run(asyncio.wait_for(main(), 300 + 5 * rounds))
    finally:
        server.should_exit = True
    # the CPU of this process (server and client together) a click, in milliseconds: timed, so a figure for the
    # benchmarks' notes, never for the budget
    most["cpu_ms"] = round(cpu[0] / (2 * rounds) * 1000, 2)
    return most


RUNS = ("first", "unfold", "choose", "answer", "next")
"""A learner's runs on Practice, as a school's morning makes them: the page's first run, the folded choosers
opened, the open-end total chosen (the three runs of an opening), then answers and Nexts."""


def run_cpu(learners: int = 100) -> dict[str, float]:
    """The CPU of each kind of run of :data:`RUNS`, in milliseconds, the mean over ``learners`` sessions (each
    opening the page, then answering and pressing Next once): the script's thread alone, from the run's start
    to its end (``time.thread_time``), so neither the client nor the event loop's sending is in it. Timed, so
    a figure for the benchmarks' notes only (docs/benchmarks.md, "Where a click's CPU goes")."""
    from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

    from benchmarks.wsclient import Session
    from puzzles import from_code
    from trainer.store import open_store

    db = f"sqlite:///{tempfile.mkdtemp(prefix='fives-clicks-')}/fives.db"
    os.environ["FIVES_DATABASE_URL"] = db
    open_store(db).engine.dispose()
    server, port = serve()
    spent: dict[str, list[float]] = {kind: [] for kind in RUNS}
    now = [""]
    run_script = ScriptRunner._run_script

    def timed(self: ScriptRunner, request: Any) -> None:
        began = time.thread_time()
        try:
            run_script(self, request)
        finally:
            if now[0] in spent:
                spent[now[0]].append(time.thread_time() - began)

    ScriptRunner._run_script = timed  # type: ignore[method-assign]

    async def step(kind: str, click: Callable[[], Awaitable[float]]) -> None:
        now[0] = kind
        await click()
        await asyncio.sleep(0.05)  # the run has ended and its runner shut down
        now[0] = ""

    async def learner(timed_runs: bool) -> None:
        s = Session(f"http://127.0.0.1:{port}")
        kinds = iter(RUNS if timed_runs else [""] * len(RUNS))  # a warming learner's runs are not kept
        try:
            await step(next(kinds), s.connect)
            await step(next(kinds), lambda: s.unfold(s.find("expander", key_part="p_choosers")))
            group = s.find("button_group", label="Puzzle")
            assert group is not None, "the choosers did not open"
            await step(next(kinds), lambda: s.choose(group, PUZZLE))
            p = from_code(s.param("code") or "")
            box, check = s.find("text_input"), s.find("button", label="Check")
            assert box is not None and check is not None, "no answer box on the page"
            await step(next(kinds), lambda: s.type_and_submit(box, str(p.answer), check))
            nxt = s.find("button", label="Next puzzle")
            assert nxt is not None, "no Next button after the answer"
            await step(next(kinds), lambda: s.click(nxt))
        finally:
            await s.close()

    async def main() -> None:
        # a page left open all along, as a school's are: Streamlit forgets its compiled scripts whenever the
        # last session closes, which a served school never sees
        anchor = Session(f"http://127.0.0.1:{port}")
        await anchor.connect()
        try:
            for _ in range(5):  # the process's first sessions warm what every later one shares
                await learner(False)
            for _ in range(learners):
                await learner(True)
        finally:
            await anchor.close()

    try:
        asyncio.run(asyncio.wait_for(main(), 300 + learners))
    finally:
        server.should_exit = True
        ScriptRunner._run_script = run_script  # type: ignore[method-assign]
    return {kind: round(sum(xs) / len(xs) * 1000, 2) for kind, xs in spent.items() if xs}


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--runs" in args:
        print(json.dumps(run_cpu(int(args[args.index("--runs") + 1]))))
        sys.exit(0)
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 3
    print(json.dumps(count(rounds, signed_in="--signed-in" in args)))
