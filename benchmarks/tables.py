"""Tables over the wire: tables of four children play each other on ``make serve``, every child its own
websocket session (:mod:`benchmarks.wsclient`, no browsers).

One child at each table opens it on the page (four players), the other three join with its code, the
opener starts; then every child plays when it is their turn after 1–3 s of thought (a legal move from the
buttons on their own page: a draw, a pass, or one of the places a tile goes), deals the next hand and asks
for a rematch when a game ends. A child's page is drawn again when the server pushes a run to it (a move at
its table, kept by either process), and its timed fragment runs when its timer fires, as a browser's does
(every 20 s while the push works). One more table, of four computer players, is started in the store with
no tablet watching it before the children sit down: the servers' drivers must play it to the end (within
:data:`NOBODY_WAIT`), and the children's play is measured after it.

The store is PostgreSQL (started here, as the ``postgres`` user, where its server programs are installed;
``--database sqlite`` for a SQLite file), the servers ``make serve``'s two processes behind HAProxy.
``--school`` is the whole school: 50 tables of four (200 children), its targets beside it.

Measured, each beside its target:

- a move seen on the other devices: from the mover's click being answered to each other device's page
  having been drawn again after the move was kept (a run drawing the table, the whole page or its part alone,
  began after the move's time in the store); p50 / p95 / slowest;
- moves lost or doubled: every move a child's page answered without a refusal is in the store under its
  number, with its seat and token, and every move in the store is one a child's page answered;
- illegal states: every table's stored moves replayed with :meth:`TableGame.replay`;
- server CPU per move: the app processes' (and HAProxy's) CPU during the run, their idle rate taken off (read
  for :data:`IDLE_SECONDS` with their watchers and drivers running and no page open), and that CPU as a share of
  the machine's cores;
- the table nobody watches: played to its end;
- a move's server CPU in clicks of a one-button Streamlit app (:mod:`benchmarks.onebutton`), measured on the
  same machine once play is over and the servers are stopped: the machine's speed divided out
  (``--no-yardstick`` leaves it out).

The children play a tile with the place buttons under the picture ("3-4 on end B"); with ``--taps`` they tap it
on the picture, a tile then an end, as most children do (a draw, a pass and a call are buttons either way).

Loopback only; the run is bounded in time (``--seconds``; 5 minutes by default).
"""

from __future__ import annotations

import asyncio
import glob
import os
import random
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field

from streamlit.proto.Alert_pb2 import Alert

from benchmarks import onebutton
from benchmarks.classroom import Served
from benchmarks.measuring import cpu_seconds, pct, split, thread_cpu
from benchmarks.wsclient import Element, Session
from trainer.bots import BotLevel
from trainer.games.table import NEXT_HAND, START, Move, TableGame, TableSetup
from trainer.rules import Play
from trainer.serving.serve import cores, free_port, haproxy_path
from trainer.store import Store, open_store
from trainer.words import game_tables as words

SECONDS = 300.0
"""How long the children play (``--seconds``)."""
TABLES = 8
SCHOOL = 50
"""``--school``: tables of four for the whole school."""
SEATS = 4
NOBODY_WAIT = 180.0
"""The most the children wait, before they sit down, for the servers to play out the table nobody watches."""
IDLE_SECONDS = 10.0
"""How long the servers' CPU is read with nothing to do (after the table nobody watches is played out, before the
children sit down): the idle rate taken off the children's play."""
THINK = (1.0, 3.0)
"""A child's thought before each click, in seconds."""
DRAIN = 0.02
"""Before a tap, how long a child's page waits for a run the server may have just begun (a wake): a browser
draws it before the child taps, and this client, reading one run at a time, would otherwise take that run's
end for the tap's answer."""
BEHIND = 0.1
"""After a tap's answer, how long a child's page waits for another run: the tap's own, queued behind a run the
server had begun as the tap went (whose end would otherwise be taken for the tap's answer)."""
SEEN_TARGET = 1.0
"""p95 of a move seen on the other devices, in seconds (8 tables)."""
SCHOOL_SEEN_TARGET = 1.5
"""The same at the school's 50 tables."""
CPU_TARGET = 0.020
"""Server CPU per move, in seconds (8 tables)."""
SCHOOL_CPU_SHARE = 0.80
"""The app processes' share of the machine at the school's 50 tables."""
CODE = re.compile(r"\b[A-Z0-9]{4}-[A-Z0-9]{3}\b")
SEAT_TOLD = re.compile(r"^- Seat \d ", re.MULTILINE)
"""A story line naming a seat, not its child (every seat here has a child with a name)."""
MOVE_KEYS = ("tb_draw_", "tb_pass_", "tb_letgo_", "tb_claim_", "tb_opt_")


@dataclass(frozen=True)
class Ack:
    """A move a child's page answered without a refusal."""

    code: str
    number: int
    seat: int
    token: str | None
    """``None`` when the button does not say its token (a call's score)."""
    at: float
    """When the page's answer arrived (``time.time()``)."""


@dataclass
class Child:
    index: int
    table: int
    opener: bool
    rng: random.Random
    session: Session | None = None
    seat: int = -1
    """The seat the store gave this child."""
    root: str = ""
    """The code of the table this child sat down at first (rematches follow from it)."""
    acks: list[Ack] = field(default_factory=list)
    runs: list[tuple[float, float]] = field(default_factory=list)
    """Every run that drew the table (the whole page, or the page's part alone): when it began, when it ended
    (``time.time()``)."""
    whole: int = 0
    """How many of them were whole-page runs."""
    repainted: int = 0
    """How many of them were no run at all: the table's sheet sent again by the server alone."""
    refused: int = 0
    clicks: int = 0
    misnamed: int = 0
    """Pages whose story named a seat instead of the child sitting there."""
    errors: list[str] = field(default_factory=list)
    taps: bool = False
    """Tiles are played by tapping the board (a tile, then an end), not by the place buttons."""


def key_of(el: Element) -> str:
    """The key a page gave a widget (the end of its id)."""
    wid = el.widget_id
    at = wid.rfind("tb_")
    return wid[at:] if at >= 0 else ""


def buttons(s: Session) -> dict[str, Element]:
    return {key_of(el): el for el in s.elements.values() if el.type == "button" and key_of(el)}


def action(s: Session) -> tuple[str, Element] | None:
    """The click this child's page offers now: a move when it is their turn, dealing on, a rematch, or
    (the opener) the start; ``None``: nothing to do but watch."""
    found = buttons(s)
    for prefix in MOVE_KEYS:
        mine = sorted(k for k in found if k.startswith(prefix))
        if mine:
            return mine[0], found[mine[0]]
    for key in sorted(found):
        if key.startswith("tb_next_") or key in ("tb_rematch", "tb_start"):
            return key, found[key]
    return None


def choose_move(s: Session, child: Child) -> tuple[str, Element] | None:
    """Like :func:`action`, but a tile to play is picked at random among the places the page offers."""
    found = buttons(s)
    options = sorted(k for k in found if k.startswith("tb_opt_"))
    if options and not any(k.startswith(("tb_draw_", "tb_pass_")) for k in found):
        pick = child.rng.choice(options)
        return pick, found[pick]
    return action(s)


def move_of(key: str) -> tuple[int, str | None] | None:
    """The number and token a button's key says (``None``: not a move, e.g. a rematch)."""
    if key == "tb_start":
        return 0, START
    head, _sep, number = key.rpartition("_")
    if not number.isdigit():
        return None
    n = int(number)
    if head == "tb_next":
        return n, NEXT_HAND
    if head == "tb_draw":
        return n, "draw"
    if head == "tb_pass":
        return n, "pass"
    if head.startswith("tb_opt_"):
        return n, head.removeprefix("tb_opt_")
    return n, None


def tap_of(token: str) -> dict[str, str]:
    """What the board sends for the play ``token`` (a place button's move): its tile, then the end it goes on
    (``"3-4>4-4"``: 3-4, then the 4 of 4-4; a long side of the in-line sniff ``"4-4^4"``; a lead, the tile alone)."""
    play = Play.parse(token)
    if play.target is None:
        return {"tile": str(play.tile)}
    n = next(x for x in (play.target.low, play.target.high) if play.tile.has(x))
    return {"tile": str(play.tile), "end": f"{play.target}{'^' if play.beside else ':'}{n}"}


def board_of(s: Session) -> Element | None:
    """The page's board (its picture a tile is tapped on), if it shows one."""
    return next((el for el in s.elements.values() if el.type == "bidi_component" and "tb_board_" in el.widget_id),
                None)


def current_table(store: Store, root: str) -> str:
    """The table the children of ``root`` play at now (the last of its rematches)."""
    code = root
    for _ in range(1000):
        row = store.table(code)
        if row is None or row.rematch is None:
            return code
        code = row.rematch
    return code


def refused(s: Session) -> bool:
    return any(fmt == Alert.WARNING for fmt, _ in s.alerts())


class Clock:
    """A child's page's timed fragment, fired as the browser's timer fires it (at the interval the page asked
    for), whatever the child is doing."""

    def __init__(self, s: Session) -> None:
        self.s = s
        self.next = time.monotonic() + self.interval()

    def interval(self) -> float:
        return next(iter(self.s.auto.values()), 1.0) if self.s.auto else 1.0

    def wait(self) -> float:
        return max(0.0, self.next - time.monotonic())

    async def tick(self) -> None:
        self.next += self.interval()
        if self.next < time.monotonic():  # fell behind (a slow run): the browser's timer does not queue up
            self.next = time.monotonic() + self.interval()
        if self.s.auto:
            await self.s.tick(timeout=60)


async def page_run(child: Child, step) -> None:
    """One request of the child's page; a run it caused that drew the table (the whole page, or its part) is
    noted."""
    s = child.session
    assert s is not None
    before, whole, repainted = s.drawn, s.runs, s.repaints
    await step
    child.whole += s.runs - whole
    child.repainted += s.repaints - repainted
    if s.drawn != before:
        child.runs.append((s.drawn_started, time.time()))
        child.misnamed += bool(SEAT_TOLD.search(s.texts()))
    if s.exceptions:
        child.errors.extend(s.exceptions)
        s.exceptions.clear()
    failed = [body for fmt, body in s.alerts() if fmt == Alert.ERROR]  # the page's calm words for a failure
    if failed and failed[0] not in child.errors[-1:]:
        child.errors.append(failed[0])


async def sit_down(child: Child, url: str, cookie: str, store: Store, codes: list[asyncio.Future],
                   joined: list[int]) -> None:
    s = child.session = Session(url, cookies=cookie, page="tables")
    await s.connect(timeout=60)
    box = s.find("text_input", key_part="tb_my_name")
    assert box is not None, "no name box on the tables page"
    await s.rerun([(box.widget_id, "string_value", f"Child {child.index}")], timeout=60)
    if child.opener:
        mode = s.find("button_group", key_part="tb_mode")
        if mode is not None:  # join or open: a switch
            await s.choose(mode, words.open_heading(), timeout=60)
        seats = s.find("button_group", key_part="tb_seats")
        assert seats is not None, "no choice of players"
        await s.choose(seats, str(SEATS), timeout=60)
        await s.click(buttons(s)["tb_open"], timeout=60)
        found = CODE.search(s.texts())
        if found is None:
            raise RuntimeError(f"no table code on the opener's page: {s.texts()[:200]!r}")
        codes[child.table].set_result(found.group(0))
    code = await codes[child.table]
    child.root = code
    if not child.opener:
        box = s.find("text_input", key_part="tb_code")
        submit = s.find("button", label=words.join_button())
        assert box is not None and submit is not None, "no join form"
        await s.type_and_submit(box, code, submit, timeout=60)
        joined[child.table] += 1
    row = store.table(code)
    child.seat = next(seat.seat for seat in (row.seats if row else ()) if seat.nickname == f"Child {child.index}")


async def play(child: Child, store: Store, until: float, joined: list[int]) -> None:
    """Watch the page every second; when it offers this child something to do, think, then click."""
    s = child.session
    assert s is not None
    clock = Clock(s)
    planned: tuple[str, float] | None = None
    while time.monotonic() < until:
        offer = action(s)
        if offer is not None and offer[0] == "tb_start" and joined[child.table] < SEATS - 1:
            offer = None  # the opener waits for every classmate before starting
        if offer is None:
            planned = None
        elif planned is None or planned[0] != offer[0]:
            planned = (offer[0], time.monotonic() + child.rng.uniform(*THINK))
        if planned is not None and time.monotonic() >= planned[1]:
            seen = s.runs + s.part_runs
            await page_run(child, s.listen(DRAIN))
            if s.runs + s.part_runs != seen:
                continue  # the server had begun a run (a wake) as the child was about to tap: look again first
            picked = choose_move(s, child)
            planned = None
            if picked is not None:
                await click(child, store, *picked)
            continue
        left = clock.wait() if planned is None else min(clock.wait(), planned[1] - time.monotonic())
        # the page is drawn again when the server pushes a run (a move at the table); else the timer fires
        await page_run(child, s.listen(max(0.0, min(left, until - time.monotonic()))))
        if clock.wait() <= 0:
            await page_run(child, clock.tick())


async def click(child: Child, store: Store, key: str, button: Element) -> None:
    s = child.session
    assert s is not None
    move = move_of(key)
    child.clicks += 1
    shown = CODE.search(s.texts())  # the table the page shows as the child taps: a rematch begun meanwhile by
    code = shown.group(0) if shown else current_table(store, child.root)  # another child is not this move's
    board = board_of(s) if child.taps and key.startswith("tb_opt_") else None
    if board is not None:  # the tile tapped, then its end, on the picture, as a child does
        await page_run(child, s.tap(board, "pick", tap_of(key.rpartition("_")[0].removeprefix("tb_opt_")), timeout=60))
    else:
        await page_run(child, s.click(button, timeout=60))
    answered = time.time()
    # a run the server had begun as the tap went (a wake) ends first, and the tap's own run comes right behind it:
    # the page's answer to the tap is what that run draws, as the child sees it a moment later
    await page_run(child, s.listen(BEHIND))
    if refused(s):
        child.refused += 1
        return
    if move is not None:
        child.acks.append(Ack(code, move[0], child.seat, move[1], answered))


async def child_sits(child: Child, url: str, cookie: str, store: Store, codes: list[asyncio.Future],
                     joined: list[int]) -> None:
    try:
        await sit_down(child, url, cookie, store, codes, joined)
    except Exception as err:  # counted, never hidden
        child.errors.append(f"{type(err).__name__} sitting down: {err}")
        mine = codes[child.table]  # only this table's children wait for its code in vain
        if child.opener and not mine.done():
            mine.set_exception(RuntimeError("the opener could not open the table"))


async def child_plays(child: Child, store: Store, until: float, joined: list[int]) -> None:
    try:
        if child.session is not None and child.seat >= 0:
            await play(child, store, until, joined)
    except Exception as err:  # counted, never hidden
        left = until - time.monotonic()
        child.errors.append(f"{type(err).__name__} playing, {left:.0f} s before the end: {err}")
    finally:
        if child.session is not None:
            await child.session.close()


def chains(store: Store, roots: list[str]) -> dict[str, list[str]]:
    """Each first table's codes, the first and every rematch after it."""
    out = {}
    for root in roots:
        codes, code = [root], root
        while (row := store.table(code)) is not None and row.rematch is not None:
            code = row.rematch
            codes.append(code)
        out[root] = codes
    return out


LATE = 2.0
"""Seconds before the end of play: a move kept then may be left unseen by children who stopped looking."""


def check(store: Store, children: list[Child], until: float | None = None) -> dict:
    """Compare the children's answered moves with the store's, replay every table, and time every move's
    arrival on the other pages."""
    roots = sorted({c.root for c in children if c.root})
    tables = [code for codes in chains(store, roots).values() for code in codes]
    stored = {code: store.table_moves(code) for code in tables}
    acked = {(a.code, a.number): (a, c) for c in children for a in c.acks}
    answers: dict[tuple[str, int], list[str]] = {}
    for c in children:
        for a in c.acks:
            answers.setdefault((a.code, a.number), []).append(f"seat {a.seat} {a.token or '(a call)'}")
    doubled = sum(len(said) - 1 for said in answers.values())
    twice = [f"{code} #{n}: answered to " + ", ".join(said) for (code, n), said in answers.items() if len(said) > 1]
    missing = [f"{code} #{n}: {answers[code, n][-1]} answered, "
               + (" ".join(f"seat {m.seat} {m.token}" for m in stored.get(code, []) if m.number == n) or "nothing")
               + " stored"
               for (code, n), (a, _c) in acked.items()
               if not any(m.number == n and m.seat == a.seat and (a.token is None or m.token == a.token)
                          for m in stored.get(code, []))]
    strays = [f"{code} #{m.number}: seat {m.seat} {m.token} stored, answered to no page"
              for code, moves in stored.items() for m in moves if (code, m.number) not in acked and not m.by_computer]
    illegal = []
    for code in tables:
        row = store.table(code)
        assert row is not None
        try:
            TableGame.replay(TableSetup.from_record(row.setup),
                             (Move(m.number, m.seat, m.token, m.by_computer) for m in stored[code]))
        except ValueError as err:
            illegal.append(f"{code}: {err}")
    seen, unseen, late = [], 0, 0
    by_root: dict[str, list[Child]] = {}
    for c in children:
        by_root.setdefault(c.root, []).append(c)
    for (code, n), (a, mover) in acked.items():
        kept = next((m for m in stored.get(code, []) if m.number == n), None)
        if kept is None:
            continue
        for other in by_root[mover.root]:
            if other is mover:
                continue
            shown = next((end for began, end in other.runs if began > kept.at), None)
            if shown is None:
                unseen += 1
                late += until is not None and kept.at > until - LATE
            else:
                seen.append(max(0.0, shown - a.at))
    return {"tables": len(tables), "moves": sum(len(m) for m in stored.values()),
            "by_computer": sum(1 for ms in stored.values() for m in ms if m.by_computer),
            "acked": len(acked), "doubled": doubled, "lost": len(missing), "unasked": len(strays),
            "faults": twice + missing + strays, "illegal": illegal,
            "seen": seen, "unseen": unseen, "late": late}


def unwatched_table(store: Store) -> str:
    """A table of four computer players, started in the store: no tablet ever shows it."""
    setup = TableSetup(game="all-fives", seats=SEATS, stand_in=BotLevel.GREEDY).dealt_anew()
    code = store.open_table(setup.to_record())
    store.add_move(code, 0, 0, START, by_computer=True)
    return code


def played_out(store: Store, code: str) -> tuple[bool, int]:
    """Whether a table's game is over, and how many moves it kept."""
    row = store.table(code)
    moves = store.table_moves(code)
    assert row is not None
    game = TableGame.replay(TableSetup.from_record(row.setup),
                            (Move(m.number, m.seat, m.token, m.by_computer) for m in moves))
    return game.is_over, len(moves)


def table_load(server, store: Store, tables: int, seconds: float, taps: bool = False) -> tuple[dict, list[Child]]:
    children = [Child(i, i // SEATS, i % SEATS == 0, random.Random(i), taps=taps) for i in range(tables * SEATS)]
    nobody: list[str] = []

    playing: dict[str, float] = {}
    parts: dict[str, float] = {}
    others = [pid for pid in server.pids if pid not in server.app_pids]  # the balancer

    async def main() -> None:
        loop = asyncio.get_running_loop()
        codes = [loop.create_future() for _ in range(tables)]
        joined = [0] * tables
        cookies = [server.cookie() for _ in children]
        for _ in range(2 * len(server.app_pids)):  # a tables page on every process starts its driver (the balancer
            visit = Session(server.url, cookies=server.cookie(), page="tables")  # takes turns)
            await visit.connect(timeout=60)
            await visit.close()
        nobody.append(unwatched_table(store))
        # played out by the servers' drivers before the children sit down: its moves, made with no page, are
        # not among the children's whose CPU is measured
        began = time.monotonic()
        while not played_out(store, nobody[0])[0] and time.monotonic() - began < NOBODY_WAIT:
            await asyncio.sleep(0.5)
        playing["nobody"] = time.monotonic() - began
        # what the servers burn doing nothing, their watchers and drivers running, no page open: taken off
        idle_from, t0 = cpu_seconds(server.pids), time.perf_counter()
        await asyncio.sleep(IDLE_SECONDS)
        playing["idle_rate"] = (cpu_seconds(server.pids) - idle_from) / (time.perf_counter() - t0)
        await asyncio.gather(*(child_sits(c, server.url, cookies[c.index], store, codes, joined) for c in children))
        # the children are seated: from here on, only play is measured
        playing["cpu"], playing["t"] = cpu_seconds(server.pids), time.perf_counter()
        threads, balancer = thread_cpu(server.app_pids), cpu_seconds(others)
        until = time.monotonic() + seconds
        playing["until"] = time.time() + seconds
        await asyncio.gather(*(child_plays(c, store, until, joined) for c in children))
        playing["cpu"] = cpu_seconds(server.pids) - playing["cpu"]
        parts.update(split(threads, thread_cpu(server.app_pids)), balancer=cpu_seconds(others) - balancer)
        playing["t"] = time.perf_counter() - playing["t"]

    asyncio.run(asyncio.wait_for(main(), seconds + 600))
    idle_rate = playing["idle_rate"]
    busy = max(0.0, playing["cpu"] - idle_rate * playing["t"])
    out = check(store, children, playing.get("until"))  # the children's tables only: not the computers' table
    out["cpu_per_move"] = busy / max(1, out["moves"])
    out["split"] = {k: v / max(1, out["moves"]) for k, v in parts.items()}
    out["split"]["idle"] = idle_rate * playing["t"] / max(1, out["moves"])
    out["cpu_share"] = busy / playing["t"]
    out["stopped"] = [c for c in children if c.runs and c.session is not None
                      and time.time() - c.runs[-1][1] > 60]  # pages nothing drew for the last minute
    out["runs"] = sum(len(c.runs) for c in children)
    out["whole"] = sum(c.whole for c in children)
    out["repainted"] = sum(c.repainted for c in children)
    out["nobody"] = played_out(store, nobody[0]) if nobody else (False, 0)
    out["nobody_seconds"] = playing.get("nobody", 0.0)
    return out, children


def rows(out: dict, children: list[Child], tables: int, seconds: float,
         database: str = "postgresql", taps: bool = False) -> list[tuple[str, str, str]]:
    seen = out["seen"]
    p95 = pct(seen, 0.95)
    school = tables >= SCHOOL
    seen_target = SCHOOL_SEEN_TARGET if school else SEEN_TARGET
    machine = out["cpu_share"] / cores()
    over, kept = out["nobody"]
    load = os.getloadavg()
    errors = [e for c in children for e in c.errors]
    faults = out["lost"] + out["doubled"] + out["unasked"]
    where = f"{tables} tables of {SEATS}, {seconds:.0f} s, {database}" + (", tiles tapped" if taps else "")
    return [
        (f"tables ({where}): move seen on the other devices, p95 (ms)", f"{p95 * 1000:.0f}",
         f"p50 {pct(seen, 0.5) * 1000:.0f} ms, slowest {max(seen, default=float('nan')) * 1000:.0f} ms, "
         f"{len(seen)} sightings, {out['unseen']} not seen by the end"
         + (f" ({out.get('late', 0)} of them kept in the last {LATE:.0f} s of play, when the children stop looking)"
            if out["unseen"] else "") + ", "
         f"{sum(c.session.dropped for c in children if c.session)} polls the server never began; "
         f"target ≤ {seen_target * 1000:.0f} ms: "
         + ("met" if p95 <= seen_target and out["unseen"] <= len(children) else "MISSED")),
        (f"tables ({where}): moves lost / doubled", f"{out['lost']} / {out['doubled'] + out['unasked']}",
         f"{out['acked']} answered moves of {out['moves']} stored ({out['by_computer']} by computer players), "
         f"{sum(c.refused for c in children)} clicks refused kindly of {sum(c.clicks for c in children)}"
         + (f" (first: {'; '.join(out['faults'][:2])})" if out.get("faults") else "") + "; "
         "target 0 / 0: " + ("met" if faults == 0 else "MISSED")),
        (f"tables ({where}): illegal states", f"{len(out['illegal'])}",
         f"{out['tables']} tables replayed; {len(errors)} page errors, "
         f"{sum(c.misnamed for c in children)} pages telling a seat for a child"
         + (f" (first: {errors[0][:80]})" if errors else "") + "; target 0: "
         + ("met" if not out["illegal"] and not errors and not any(c.misnamed for c in children) else "MISSED")),
        (f"tables ({where}): server CPU per move (ms)", f"{out['cpu_per_move'] * 1000:.1f}",
         f"while the children play, every page that shows the move included ({out['runs']} times the table was "
         f"drawn: {out['whole']} whole-page runs, {out['repainted']} waiting children's sheets sent again without "
         f"a run, the rest runs of the page's part; for {out['moves']} moves), idle CPU taken off; "
         f"the servers were busy "
         f"{out['cpu_share'] * 100:.0f}% of one core, {machine * 100:.0f}% of the machine's {cores()} "
         f"({out['moves'] / seconds:.1f} moves/s; load average {load[0]:.1f} / {load[1]:.1f} at the end)"
         + (f"; target below {SCHOOL_CPU_SHARE * 100:.0f}% of the machine: "
            + ("met" if machine < SCHOOL_CPU_SHARE else "MISSED") if school
            else f"; target ≤ {CPU_TARGET * 1000:.0f} ms: " + ("met" if out["cpu_per_move"] <= CPU_TARGET
                                                                 else "MISSED"))),
        (f"tables ({where}): server CPU per move, where it went (ms)", f"{out['cpu_per_move'] * 1000:.1f}",
         f"the script runs {out['split']['runs'] * 1000:.1f} (a run's thread each), the event loops "
         f"{out['split']['main'] * 1000:.1f} (sending every message), the app's other threads "
         f"{out['split']['others'] * 1000:.1f} (the computer players' driver, the table news), HAProxy "
         f"{out['split']['balancer'] * 1000:.1f}, less the servers' idle rate "
         f"{out['split']['idle'] * 1000:.1f}; each app thread's CPU read from /proc at the start and the "
         "end of play"),
        *yardstick_rows(where, out["cpu_per_move"], out.get("yardstick")),
        (f"tables ({where}): pages not drawn in the last minute", f"{len(out['stopped'])}",
         "; ".join(f"child {c.index} (table {c.table}, seat {c.seat}): last drawn "
                   f"{time.time() - c.runs[-1][1]:.0f} s before the end, {len(c.runs)} runs, {c.clicks} clicks, "
                   f"{len(c.session.auto) if c.session else 0} timed looks set"
                   for c in out["stopped"][:4]) or "none"),
        (f"tables ({where}): a table no tablet watches", "played out" if over else "STALLED",
         f"four computer players started in the store, {kept} moves kept by the servers' drivers in "
         f"{out['nobody_seconds']:.0f} s, before the children sat down; "
         "target: played to the end: " + ("met" if over else "MISSED")),
    ]


def yardstick_rows(where: str, per_move: float, click: float | None) -> list[tuple[str, str, str]]:
    """A move's server CPU in clicks of the one-button app (:mod:`benchmarks.onebutton`) measured on the same
    machine right after play: this machine's speed, which moves from one run to the next on a shared one (a
    plain Python loop has taken twice as long on one day as on another), divided out. ``click``: ``None``
    when it was not measured (``--no-yardstick``) or could not be."""
    if not click:
        return []
    return [(f"tables ({where}): server CPU per move ÷ a one-button click", f"{per_move / click:.1f}×",
             f"a one-button Streamlit app's click on this machine right after play: {click * 1000:.2f} ms "
             f"(median of {onebutton.BATCHES} batches; {onebutton.machine()}); a figure that carries from one "
             "machine to another, as the absolute one does not")]


class Postgres:
    """A throwaway PostgreSQL server (Debian's, as the ``postgres`` user: it refuses to run as root) on a
    loopback port, stopped at the end."""

    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        self.bin = os.path.dirname(found[-1])
        self.folder = tempfile.mkdtemp(prefix="fives-bench-pg-")
        os.chmod(self.folder, 0o755)
        shutil.chown(self.folder, "postgres")
        self.port = free_port()
        self.data = os.path.join(self.folder, "data")
        self._run("initdb", "-D", self.data, "-A", "trust", "-U", "fives")
        self._run("pg_ctl", "-D", self.data, "-l", os.path.join(self.folder, "log"), "-o",
                  f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=200",
                  "-w", "-t", "120", "start")
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "fives", "fives")

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://fives@127.0.0.1:{self.port}/fives"

    def _run(self, program: str, *args: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", os.path.join(self.bin, program), *args], check=True,
                       capture_output=True, timeout=180)

    def stop(self) -> None:
        self._run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    @staticmethod
    def why_not() -> str | None:
        if not glob.glob("/usr/lib/postgresql/*/bin/initdb"):
            return "PostgreSQL's server is not installed"
        if os.geteuid() != 0 or shutil.which("runuser") is None:
            return "starting PostgreSQL as the postgres user needs root and runuser"
        return None


def run(seconds: float = SECONDS, tables: int = TABLES, database: str = "postgresql",
        school: bool = False, yardstick: bool = True, taps: bool = False) -> list[tuple[str, str, str]]:
    if haproxy_path() is None:
        return [("tables make serve", "skipped", "HAProxy is not installed")]
    tables = SCHOOL if school else tables
    pg = None
    if database == "postgresql":
        why = Postgres.why_not()
        if why is not None:
            return [("tables make serve (postgresql)", "skipped", f"{why}; --database sqlite runs it on SQLite")]
        pg = Postgres()
        db = pg.url
    else:
        db = f"sqlite:///{tempfile.mkdtemp(prefix='fives-bench-')}/fives.db"
    try:
        store = open_store(db)  # migrations done before the servers start
        served = Served(db)
        try:
            out, children = table_load(served, store, tables, seconds, taps)
        finally:
            served.stop()
            store.engine.dispose()
    finally:
        if pg is not None:
            pg.stop()
    if yardstick:  # the servers and the store stopped: the machine as the one-button app finds it
        try:
            out["yardstick"] = onebutton.rerun_cpu()
        except (OSError, RuntimeError, TimeoutError) as err:
            print(f"the one-button yardstick could not be measured: {err}")
    return rows(out, children, tables, seconds, database, taps)


if __name__ == "__main__":
    for row in run():
        print(*row, sep="  ")
