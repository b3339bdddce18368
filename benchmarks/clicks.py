"""What an answer and a Next on Practice cost, counted, not timed: the script runs, the messages sent to the
browser, the elements among them, the database statements, the calls from a run's thread to the event loop
and the writes to the socket, per click.

The app is served in this process (Streamlit's own ``st.App`` under uvicorn, with every runtime patch
``trainer/web/asgi.py`` installs), so every count is read where it happens; a learner speaks the websocket
protocol to it (:mod:`benchmarks.wsclient`). ``python -m benchmarks.clicks`` prints the counts as JSON (the
test ``tests/test_click_budget.py`` runs it in a process of its own and holds them to a budget). Set
``FIVES_PATCHES=off`` to serve the app with none of the runtime patches (Streamlit's own code), and
``--rounds N`` for more clicks (the CPU a click of server and client together, ``cpu_ms``, is timed: a figure
for the benchmarks' notes only).
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


if __name__ == "__main__":
    args = sys.argv[1:]
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 3
    print(json.dumps(count(rounds, signed_in="--signed-in" in args)))
