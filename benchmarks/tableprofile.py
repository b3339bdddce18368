"""Where a run of a table's page spends its CPU: one app process (``make run``'s) under cProfile, children at
tables of four playing it over the wire as in :mod:`benchmarks.tables` (every child its own websocket
session), then the split printed: Streamlit's own work for a run, the elements and messages, the store's
reads, the game and its story, the scoreboard, the pictures, and the event loop's sending.

``python -m benchmarks.tableprofile [--seconds S] [--tables N] [--database sqlite|postgresql]`` (30 s, 2 tables,
SQLite by default). Not a section of ``make bench``: a profile of one process, whose figures are inflated by
cProfile's own cost per call (a Python-heavy part more than one in C); read them as shares, not as times.

The app process is this module run as ``serve``: it starts cProfile in every script run's thread and in the
event loop's thread, and writes both profiles when it is sent SIGUSR1. Loopback only; bounded in time.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import signal
import subprocess
import sys
import tempfile
import threading
import time

from benchmarks.classroom import OneServer

CATEGORIES = (
    ("a run of the page's part (our code, all of it)", "ui.py", "page_part"),
    ("  the store's read (Store.table_and_moves)", "tables.py", "table_and_moves"),
    ("  the game brought up to date, its story told", "seating.py", "game"),
    ("  the scoreboard", "table_parts.py", "scoreboard"),
    ("  the story's box", "views/tables.py", "story"),
    ("  pictures: a layout's (drawn or kept)", "table_parts.py", "layout_picture"),
    ("  pictures: the hand drawn", "__init__.py", "render_hand"),
    ("  pictures: put in markdown (ui.picture)", "ui.py", "picture"),
    ("  following the table (push.follow / unfollow)", "push.py", "follow"),
    ("Streamlit: an element queued (DeltaGenerator._enqueue)", "delta_generator.py", "_enqueue"),
    ("Streamlit: a message hashed (populate_hash_if_needed)", "forward_msg_cache.py", "populate_hash_if_needed"),
    ("Streamlit: a button (widget registered)", "button.py", "button"),
    ("Streamlit: a metric", "metric.py", "metric"),
    ("Streamlit: markdown", "markdown.py", "markdown"),
    ("Streamlit: a run (ScriptRunner._run_script)", "script_runner.py", "_run_script"),
    ("Streamlit: a script thread, its runs and around them", "script_runner.py", "_run_script_thread"),
)


# ----- the app process -----

def serve(port: int, out: str) -> None:
    """Run the app (as ``make run`` does) with every script run and the event loop profiled."""
    from streamlit.runtime import Runtime
    from streamlit.runtime.scriptrunner import script_runner
    from streamlit.web import cli

    from trainer.serving.serve import app_command

    lock = threading.Lock()
    runs: list[cProfile.Profile] = []
    counted = {"runs": 0}
    original = script_runner.ScriptRunner._run_script_thread
    one_run = script_runner.ScriptRunner._run_script

    def profiled(self):  # noqa: ANN001, ANN202 - a script thread's whole life: every run it makes, and around
        prof = cProfile.Profile(time.thread_time)
        prof.enable()
        try:
            return original(self)
        finally:
            prof.disable()
            with lock:
                runs.append(prof)

    def counting(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        with lock:
            counted["runs"] += 1
        return one_run(self, *args, **kwargs)

    script_runner.ScriptRunner._run_script_thread = profiled
    script_runner.ScriptRunner._run_script = counting
    others: list[cProfile.Profile] = []

    def aside(cls: type, name: str) -> None:
        """Another thread's work (the driver's steps, the news told to the pages), profiled apart."""
        real = getattr(cls, name)

        def run(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            prof = cProfile.Profile(time.thread_time)
            prof.enable()
            try:
                return real(*args, **kwargs)
            finally:
                prof.disable()
                with lock:
                    others.append(prof)

        setattr(cls, name, run)

    from trainer.games.driver import StandIns
    from trainer.web.push import Push

    aside(StandIns, "step")
    aside(Push, "_told")
    aside(Push, "mark_seen")
    loop_prof = cProfile.Profile(time.thread_time)

    def on_loop() -> None:
        for _ in range(600):
            if Runtime.exists():
                try:
                    loop = Runtime.instance()._get_async_objs().eventloop
                    loop.call_soon_threadsafe(loop_prof.enable)
                    return
                except Exception:  # noqa: BLE001 - not started yet
                    pass
            time.sleep(0.1)

    def dump(_signum, _frame) -> None:  # noqa: ANN001 - the handler runs on the event loop's thread: dump beside it
        threading.Thread(target=dumping, daemon=True).start()

    def dumping() -> None:
        loop = Runtime.instance()._get_async_objs().eventloop
        done = threading.Event()
        loop.call_soon_threadsafe(lambda: (loop_prof.disable(), done.set()))
        done.wait(10)
        with lock:
            taken = list(runs)
            runs.clear()
            made = counted["runs"]
        stats = None
        for prof in taken:
            if stats is None:
                stats = pstats.Stats(prof)
            else:
                stats.add(prof)
        if stats is not None:
            stats.dump_stats(out + ".runs")
        with lock:
            side = list(others)
            others.clear()
        if side:
            first = pstats.Stats(side[0])
            for prof in side[1:]:
                first.add(prof)
            first.dump_stats(out + ".others")
        pstats.Stats(loop_prof).dump_stats(out + ".loop")
        with open(out + ".count", "w") as f:
            f.write(str(made))

    def reset(_signum, _frame) -> None:  # noqa: ANN001 - the children are seated: only play is profiled
        loop = Runtime.instance()._get_async_objs().eventloop

        def anew() -> None:
            loop_prof.disable()
            loop_prof.clear()
            loop_prof.enable()

        loop.call_soon_threadsafe(anew)
        with lock:
            runs.clear()
            others.clear()
            counted["runs"] = 0

    signal.signal(signal.SIGUSR1, dump)
    signal.signal(signal.SIGUSR2, reset)
    threading.Thread(target=on_loop, daemon=True).start()
    sys.argv = ["streamlit", *app_command(port)[3:]]
    cli.main(prog_name="streamlit")


# ----- the load and the split -----

class One(OneServer):
    """One profiled app process, as :class:`benchmarks.classroom.Served` offers it to the table load (its address
    and cookie as :class:`benchmarks.classroom.OneServer`'s)."""

    def __init__(self, db: str, out: str) -> None:
        from trainer.serving.serve import ROOT, app_environment, free_port, healthy

        self.port = free_port()
        self.out = out
        self.proc = subprocess.Popen([sys.executable, "-m", "benchmarks.tableprofile", "serve", str(self.port), out],
                                     cwd=ROOT, env=app_environment(FIVES_DATABASE_URL=db),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.app_pids = [self.proc.pid]
        self.pids = [self.proc.pid]
        for _ in range(600):
            if healthy(self.port):
                break
            time.sleep(0.2)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGUSR1)
        for _ in range(300):
            if os.path.exists(self.out + ".count"):
                break
            time.sleep(0.1)
        time.sleep(0.5)
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def cumulative(stats: pstats.Stats, file_part: str, name: str) -> float:
    """The time spent inside functions called ``name`` of a file whose path ends with ``file_part`` (counted
    once where they call each other)."""
    total = 0.0
    for (path, _line, func), (_cc, _nc, _tt, ct, callers) in stats.stats.items():  # type: ignore[attr-defined]
        if func == name and path.endswith(file_part):
            if not any(c[2] == name and c[0].endswith(file_part) for c in callers):
                total += ct
    return total


def report(out: str, moves: int) -> None:
    runs = int(open(out + ".count").read() or 0)
    stats = pstats.Stats(out + ".runs")
    loop = pstats.Stats(out + ".loop")
    total = stats.total_tt  # type: ignore[attr-defined]
    print(f"{runs} runs profiled, {moves} moves; script threads {total * 1000:.0f} ms "
          f"({total / max(1, runs) * 1000:.2f} ms a run, {total / max(1, moves) * 1000:.2f} ms a move); "
          f"event loop {loop.total_tt * 1000:.0f} ms ({loop.total_tt / max(1, moves) * 1000:.2f} ms a move)")  # type: ignore[attr-defined]
    for label, file_part, name in CATEGORIES:
        t = cumulative(stats, file_part, name)
        print(f"  {label:<66} {t / max(1, runs) * 1000:7.3f} ms a run  {t / max(total, 1e-9) * 100:5.1f}%")
    print("\nscript threads, by own time:")
    stats.sort_stats("tottime").print_stats(30)
    print("script threads, by cumulative time:")
    stats.sort_stats("cumulative").print_stats(45)
    print("event loop, by own time:")
    loop.sort_stats("tottime").print_stats(20)
    if os.path.exists(out + ".others"):
        side = pstats.Stats(out + ".others")
        print(f"the driver, the news and the seats marked seen: {side.total_tt * 1000:.0f} ms "  # type: ignore[attr-defined]
              f"({side.total_tt / max(1, moves) * 1000:.2f} ms a move), by cumulative time:")  # type: ignore[attr-defined]
        side.sort_stats("cumulative").print_stats(25)


def main(argv: list[str]) -> int:
    if argv[:1] == ["serve"]:
        serve(int(argv[1]), argv[2])
        return 0
    parser = argparse.ArgumentParser(prog="python -m benchmarks.tableprofile")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--tables", type=int, default=2)
    parser.add_argument("--database", choices=("postgresql", "sqlite"), default="sqlite")
    args = parser.parse_args(argv)
    from benchmarks import tables
    from benchmarks.tables import Postgres, table_load
    from trainer.store import open_store

    pg = Postgres() if args.database == "postgresql" else None
    db = pg.url if pg is not None else f"sqlite:///{tempfile.mkdtemp(prefix='fives-prof-')}/fives.db"
    out = os.path.join(tempfile.mkdtemp(prefix="fives-prof-"), "prof")
    try:
        store = open_store(db)
        one = One(db, out)
        measure, calls = tables.cpu_seconds, [0]

        def seated_then_measure(pids: list[int]) -> float:  # the third look is the children's play beginning
            calls[0] += 1
            if calls[0] == 3:
                one.proc.send_signal(signal.SIGUSR2)
            return measure(pids)

        tables.cpu_seconds = seated_then_measure
        try:
            result, _children = table_load(one, store, args.tables, args.seconds)
        finally:
            one.stop()
            store.engine.dispose()
    finally:
        if pg is not None:
            pg.stop()
    print(f"cpu per move {result['cpu_per_move'] * 1000:.1f} ms (the profiler's cost included), "
          f"{result['runs']} runs drawing the table, {result['whole']} whole-page runs")
    report(out, result["moves"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
