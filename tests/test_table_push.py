"""Moves pushed, not polled: a table's version goes up with every change a page shows, one watcher a process
hears of it (SQLite: one small read; PostgreSQL: LISTEN/NOTIFY), the pages that show that table and only
those are woken, and the computer players are moved by the server, a table with no tablet watching too,
never twice for one turn by two processes."""

from __future__ import annotations

import threading
import time

import pytest

from trainer.bots import BotLevel
from trainer.games.driver import StandIns
from trainer.games.seating import Seating
from trainer.games.table import IDLE_SECONDS, START, Move, TableGame, TableSetup
from trainer.store import open_store
from trainer.store.table_news import TableNews


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def two_stores(url: str, clock=None):
    """Two stores on one database, as two app processes have."""
    kw = {"clock": clock} if clock is not None else {}
    return open_store(url, **kw), open_store(url, **kw)


def opened(store, *, seats: int = 2, seed: int = 5) -> str:
    return Seating(store).open(TableSetup(game="all-fives", seats=seats, stand_in=BotLevel.BEGINNER, seed=seed))


# ----- the version -----

def test_every_change_a_page_shows_puts_the_version_up_and_being_seen_does_not(url):
    s = open_store(url)
    code = opened(s)
    versions = [s.table(code).version]
    s.sit(code, 2, learner_code=None, nickname="Maya", key="k1")
    versions.append(s.table(code).version)
    s.seen(code, 0)
    s.seen_all([(code, 0)])
    versions.append(s.table(code).version)  # being seen changes nothing a page shows
    assert s.add_move(code, 0, 0, START)
    versions.append(s.table(code).version)
    assert not s.add_move(code, 0, 0, START)  # refused: nothing changed
    versions.append(s.table(code).version)
    s.leave(code, 0)
    versions.append(s.table(code).version)
    s.end_table(code)
    versions.append(s.table(code).version)
    assert versions == [0, 1, 1, 2, 2, 3, 4]


def test_a_page_reads_the_table_and_the_moves_it_lacks_in_one_visit(url):
    s = open_store(url)
    code = opened(s)
    s.sit(code, 2, learner_code=None, nickname="Maya", key="k1")
    assert s.add_move(code, 0, 0, START)
    seating = Seating(s)
    row, moves = s.table_and_moves(code, since=seating.known(code))
    assert row.code == code and [seat.nickname for seat in row.seats] == ["Maya"] and [m.number for m in moves] == [0]
    game = seating.game(code, read=(row, moves))
    assert game.number == 1 and seating.known(code) == 1
    mover = game.current_seat
    token = str(game.view(mover).legal_actions[0])
    assert s.add_move(code, 1, mover, token)
    row, moves = s.table_and_moves(code, since=seating.known(code))  # only the move this copy lacks
    assert [m.number for m in moves] == [1] and row.version == s.table(code).version
    assert seating.game(code, read=(row, moves)).number == 2
    assert s.table_and_moves("ZZZZ-ZZZ") == (None, [])


# ----- the watcher -----

def test_the_watcher_tells_a_change_made_in_another_process_for_that_table_only(url):
    here, there = two_stores(url)
    a, b = opened(there, seed=1), opened(there, seed=2)
    news = TableNews(here)
    heard: list[dict[str, int]] = []
    news.listen(heard.append)
    news.look()
    assert heard == [{a: 0, b: 0}]
    assert news.look() == {}  # nothing new: nothing told
    there.add_move(a, 0, 0, START)
    news.look()
    assert heard[-1] == {a: 1} and news.version(a) == 1 and news.version(b) == 0


def wait_for(event: threading.Event, what: str) -> None:
    assert event.wait(30), f"{what} never came"


def test_the_watcher_in_its_thread_hears_a_move_from_another_process(url):
    """SQLite: the watcher's own small read; PostgreSQL: LISTEN, told as the move's transaction commits."""
    here, there = two_stores(url)
    code, other = opened(there, seed=3), opened(there, seed=4)
    news = TableNews(here, look_every=0.05, catch_up_every=30.0)  # PostgreSQL: no catch-up read in this test
    told: list[dict[str, int]] = []
    got = threading.Event()

    def listener(changed: dict[str, int]) -> None:
        told.append(changed)
        if changed.get(code) == 1:
            got.set()

    news.listen(listener)
    news.start()
    try:
        for _ in range(300):
            if news.alive:
                break
            threading.Event().wait(0.05)
        assert news.alive
        assert news.listening == url.startswith("postgresql")
        there.add_move(code, 0, 0, START)
        wait_for(got, "the news of the move")
        assert all(other not in c or c[other] == 0 for c in told)  # the other table was never told changed
    finally:
        news.stop()
    assert not news.alive


def test_postgresql_tells_the_news_only_when_the_move_commits(postgres):
    import uuid

    url = postgres.new_database("t" + uuid.uuid4().hex[:12])
    here, there = two_stores(url)
    code = opened(there)
    news = TableNews(here, catch_up_every=30.0)
    got, second = threading.Event(), threading.Event()
    heard: list = []
    news.listen(lambda changed: got.set() if changed.get(code, 0) >= 1 else None)
    news.listen(lambda changed: second.set() if changed.get(code, 0) >= 2 else None)
    news.listen_moves(lambda c, version, move: heard.append((c, version, move)))
    news.start()
    try:
        for _ in range(300):
            if news.alive:
                break
            threading.Event().wait(0.05)
        assert not there.add_move(code, 5, 0, START)  # refused (not the next number): no news
        assert not got.wait(1.0)
        assert there.add_move(code, 0, 0, START)
        wait_for(got, "the notification")
        assert news.version(code) == 1
        assert there.keep_move(code, 1, 1, "let it go") == 2  # a token with spaces, as news_of allows
        wait_for(second, "the second notification")
        # the news carries each move kept, exactly as the store holds it
        assert heard == [(code, n + 1, m) for n, m in enumerate(there.table_moves(code))], heard
    finally:
        news.stop()


def test_a_childs_kept_move_is_taken_into_their_copy_without_reading_the_store_again(url):
    s = open_store(url)
    code = opened(s)
    seating = Seating(s)
    seating.start(code)
    game = seating.game(code)
    reads: list[str] = []
    for name in ("table_moves", "table_and_moves", "table"):
        real = getattr(s, name)
        setattr(s, name, lambda *a, _real=real, _name=name, **k: reads.append(_name) or _real(*a, **k))
    seat = game.current_seat
    token = str(game.view(seat).legal_actions[0])
    assert seating.play(code, seat, token, game.number).kept
    assert reads == []  # the copy was at the move's position: checked there, kept, and taken in as kept
    assert seating.held(code).number == 2 and seating.held(code).moves[-1] == Move(1, seat, token)
    assert Seating(s).game(code).moves == seating.held(code).moves  # what the store holds, as a fresh copy reads it
    other = Seating(s)
    nxt = other.game(code)
    assert other.play(code, nxt.current_seat, str(nxt.view(nxt.current_seat).legal_actions[0]), 2).kept
    reads.clear()
    stale = seating.play(code, seat, token, 1)  # a second tap from the old position: refused, read to say why
    assert not stale.kept and reads


def test_a_table_read_by_one_page_serves_the_other_pages_of_the_process_woken_by_the_same_news():
    from trainer.games import reads as parts
    from trainer.store.tables import MoveRow, TableRow

    store = object()

    def row(version: int) -> TableRow:
        return TableRow("KQ7M-XR4", None, {}, 0.0, None, None, (), version=version)

    def moves(a: int, b: int) -> list[MoveRow]:
        return [MoveRow(n, n % 2, "draw", False, 0.0) for n in range(a, b)]

    assert parts.kept_read(store, "KQ7M-XR4", 0, 3, 100.0) is None  # nothing read yet
    parts.keep_read(store, 0, row(3), moves(0, 4), 100.0)  # the first page woken reads the store
    got = parts.kept_read(store, "KQ7M-XR4", 2, 3, 100.5)  # the next one, woken by the same news, lacks 2 moves
    assert got is not None and got[0].version == 3 and [m.number for m in got[1]] == [2, 3]
    assert parts.kept_read(store, "KQ7M-XR4", 4, 3, 100.5)[1] == []  # one that holds every move
    assert parts.kept_read(store, "KQ7M-XR4", 2, 4, 100.5) is None  # news of a newer version: read the store
    assert parts.kept_read(store, "KQ7M-XR4", 5, 3, 100.5) is None  # a page that holds a move the read lacks
    assert parts.kept_read(store, "KQ7M-XR4", 2, 3, 100.0 + parts.READ_FOR + 1) is None  # too old: seen times
    assert parts.kept_read(store, "KQ7M-XR4", 2, None, 100.5) is None  # no news heard: never
    assert parts.kept_read(object(), "KQ7M-XR4", 2, 3, 100.5) is None  # another store's table
    parts.keep_read(store, 4, row(5), moves(4, 6), 101.0)  # a later read of the moves the first lacked: joined
    got = parts.kept_read(store, "KQ7M-XR4", 1, 5, 101.0)
    assert [m.number for m in got[1]] == [1, 2, 3, 4, 5]
    parts.keep_read(store, 0, row(4), moves(0, 5), 101.2)  # an older read than the one kept: not kept
    assert parts.kept_read(store, "KQ7M-XR4", 0, 5, 101.2)[0].version == 5


def test_a_move_told_brings_the_kept_read_on_but_a_computers_move_for_a_child_has_the_seats_read_again():
    from trainer.games import reads as parts
    from trainer.store.tables import MoveRow, SeatRow, TableRow

    store = object()
    seats = (SeatRow(0, "L1", "Lena", 100.0), SeatRow(1, "L2", "Omar", 100.0))  # seats 2 and 3: the computer's
    parts.keep_read(store, 0, TableRow("PQ4M-XR7", None, {}, 0.0, None, None, seats, version=3), [
        MoveRow(n, n, "draw", False, 0.0) for n in range(3)], 100.0)
    assert parts.advance(store, "PQ4M-XR7", 4, MoveRow(3, 1, "draw", False, 101.0))  # Omar's move: no visit
    row, moves = parts.kept_read(store, "PQ4M-XR7", 3, 4, 101.0)
    assert moves[0].token == "draw" and [s.seen for s in row.seats] == [100.0, 101.0]  # Omar is here
    assert not parts.advance(store, "PQ4M-XR7", 6, MoveRow(5, 2, "pass", True, 102.0))  # a gap: not brought on
    assert parts.advance(store, "PQ4M-XR7", 5, MoveRow(4, 2, "pass", True, 102.0))  # an empty seat's computer
    assert parts.kept_read(store, "PQ4M-XR7", 5, 5, 102.0) == (parts.kept_read(store, "PQ4M-XR7", 5, 5, 102.0)[0], [])
    # the computer playing for Lena (her tablet unseen for a minute): the seats that say so are read again
    assert not parts.advance(store, "PQ4M-XR7", 6, MoveRow(5, 0, "draw", True, 103.0))
    assert parts.kept_read(store, "PQ4M-XR7", 5, 5, 103.0) is None
    from trainer.web.push import SEEN_EVERY

    assert parts.READ_FOR + SEEN_EVERY < IDLE_SECONDS  # a kept seat of a tablet marked seen never looks away


def test_pages_woken_by_one_news_read_the_table_once_and_a_run_not_woken_reads_the_store():
    import threading

    from trainer.games import reads as parts
    from trainer.store.tables import MoveRow, TableRow

    store, code = object(), "WQ7M-XR4"
    calls: list[int] = []
    reading = threading.Event()
    let_go = threading.Event()

    def read(start: int) -> tuple[TableRow, list[MoveRow]]:
        calls.append(start)
        reading.set()
        let_go.wait(5)
        return (TableRow(code, None, {}, 0.0, None, None, (), version=7),
                [MoveRow(n, n % 2, "draw", False, 0.0) for n in range(start, 7)])

    got: dict[str, object] = {}
    first = threading.Thread(target=lambda: got.update(a=parts.read_once(store, code, 0, 7, read)))
    first.start()
    assert reading.wait(5)  # the first page woken by the news is reading
    second = threading.Thread(target=lambda: got.update(b=parts.read_once(store, code, 3, 7, read)))
    second.start()  # the second, woken by the same news, waits for that read rather than reading again
    let_go.set()
    first.join(5)
    second.join(5)
    assert calls == [0]
    assert [m.number for m in got["b"][1]] == [3, 4, 5, 6] and got["b"][0].version == 7
    parts.read_once(store, code, 7, None, read)  # a run no news asked for (a click, a reload) reads the store
    assert calls == [0, 7]


# ----- the driver of the computer players -----

def play_until_over(driver: StandIns, code: str, limit: int = 400) -> None:
    for _ in range(limit):
        driver.drive(code)
        if driver.seating.game(code).is_over:
            return
    raise AssertionError("the table did not play to the end")


def test_a_table_nobody_watches_plays_its_computer_seats_to_the_end(url):
    s = open_store(url)
    code = opened(s, seats=4)
    Seating(s).start(code)  # the teacher's Start on a table nobody sits at
    driver = StandIns(s)
    play_until_over(driver, code)
    moves = s.table_moves(code)
    game = TableGame.replay(TableSetup.from_record(s.table(code).setup),
                            (Move(m.number, m.seat, m.token, m.by_computer) for m in moves))
    assert game.is_over and len(game.game.results) >= 2  # hands dealt on by the computers too
    assert all(m.by_computer for m in moves[1:])
    assert s.table(code).ended is not None  # its game over, the table ends: no child sits down in it


def test_the_driver_hears_of_a_table_and_plays_it_in_its_own_thread(url):
    s = open_store(url)
    news = TableNews(s, look_every=0.05)
    driver = StandIns(s, news, tick=0.05)
    code = opened(s, seats=3)
    news.start()
    driver.start()
    try:
        Seating(s).start(code)
        done = threading.Event()
        for _ in range(600):
            if Seating(s).game(code).is_over:
                done.set()
                break
            done.wait(0.05)
        wait_for(done, "the end of the computers' game")
    finally:
        driver.stop()
        news.stop()
    assert driver.made == len(s.table_moves(code)) - 1


def test_a_child_away_is_played_for_once_their_minute_is_up_and_never_before(url):
    clock = Clock()
    s = open_store(url, clock=clock)
    code = opened(s, seats=2)
    for name in ("Maya", "Sam"):
        s.sit(code, 2, learner_code=None, nickname=name, key=name.lower())
    seating = Seating(s, clock=clock)
    seating.start(code)
    driver = StandIns(s, clock=clock)
    assert driver.drive(code) == 0  # both here: the computer waits
    turn = seating.game(code).current_seat
    clock.now += IDLE_SECONDS / 2
    assert driver.step() == 0
    clock.now += IDLE_SECONDS / 2 + 1  # the child to move was last seen a minute ago
    s.seen(code, 1 - turn)  # the other child is still here
    assert driver.step() >= 1  # looked at again when the minute ran out, with no news of the table
    assert seating.game(code).moves[-1].by_computer or seating.game(code).current_seat == 1 - turn


def test_two_processes_keeping_the_same_move_at_the_same_moment_keep_it_once(url):
    """Two app processes send the same turn's move at once (two tablets of one seat, or a page and the
    driver): one is kept, with the version it made, the other is told it was not, and nothing doubles."""
    a, b = two_stores(url)
    code = opened(a)

    def keep(i: int, store, number: int, gate: threading.Barrier, got: list[int | None]) -> None:
        gate.wait()
        got[i] = store.keep_move(code, number, 0, f"m{number}-{i}")

    for number in range(12):
        gate = threading.Barrier(2)
        got: list[int | None] = [None, None]
        threads = [threading.Thread(target=keep, args=(i, s, number, gate, got)) for i, s in enumerate((a, b))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        kept = [v for v in got if v is not None]
        assert len(kept) == 1 and kept[0] == a.table(code).version, got
        assert [m.number for m in a.table_moves(code)] == list(range(number + 1))


def test_two_drivers_on_two_processes_never_double_a_move(url):
    a, b = two_stores(url)
    codes = [opened(a, seats=4, seed=n) for n in range(3)]
    for code in codes:
        Seating(a).start(code)
    drivers = [StandIns(a), StandIns(b)]
    made = [0, 0]
    errors: list[BaseException] = []

    def run(i: int) -> None:
        driver = drivers[i]
        try:
            for _ in range(400):
                for code in codes:
                    made[i] += driver.drive(code)
                if all(driver.seating.game(c).is_over for c in codes):
                    return
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors
    for code in codes:
        moves = a.table_moves(code)
        assert [m.number for m in moves] == list(range(len(moves)))  # one move a number, no gaps
        TableGame.replay(TableSetup.from_record(a.table(code).setup),
                         (Move(m.number, m.seat, m.token, m.by_computer) for m in moves))
        assert Seating(a).game(code).is_over
    assert sum(made) == sum(len(a.table_moves(c)) - 1 for c in codes)  # every move kept by one driver alone


def test_a_claimed_turn_is_one_processes_until_its_hold_runs_out(url):
    clock = Clock()
    a, b = two_stores(url, clock=clock)
    code = opened(a)
    assert a.claim_turn(code, 3)
    assert not b.claim_turn(code, 3)  # the other process does not work the move out
    assert not b.claim_turn(code, 2)  # nor an older one
    assert b.claim_turn(code, 4)  # the next move is anyone's
    clock.now += 11
    assert a.claim_turn(code, 4)  # a claim not followed by its move (a process died) is free again
    a.end_table(code)
    assert not a.claim_turn(code, 5)


# ----- over the wire: two app processes, each child its own websocket, nobody polling -----

@pytest.fixture(scope="module")
def two_processes(tmp_path_factory):
    import appserver

    database = f"sqlite:///{tmp_path_factory.mktemp('push')}/fives.db"
    open_store(database).engine.dispose()  # migrated before either process starts
    started = [appserver.start(FIVES_DATABASE_URL=database) for _ in range(2)]
    yield started, database
    for app in started:
        app.stop()


def test_a_move_kept_by_one_process_wakes_the_pages_of_that_table_on_the_other_and_only_those(two_processes):
    """Nobody's page asks: the clients never send a timed rerun. Ana (process 1) opens a table of three, Ben
    (process 2) joins it; Cas (process 2) sits at a table of her own. Ben's sitting down wakes Ana's page;
    Ana's Start wakes Ben's, and the computer in the third seat plays there and then, moved by the server,
    since no page moves it now; Cas's page is never woken."""
    import asyncio

    from benchmarks.wsclient import Session
    from trainer.words import game_tables as words

    (one, two), database = two_processes
    store = open_store(database)

    async def seated(url: str, name: str) -> Session:
        s = Session(url, page="tables")
        await s.connect(timeout=60)
        box = s.find("text_input", key_part="tb_my_name")
        await s.rerun([(box.widget_id, "string_value", name)], timeout=60)
        return s

    async def opens(s: Session, seats: int) -> str:
        await s.choose(s.find("button_group", key_part="tb_mode"), words.open_heading(), timeout=60)
        await s.choose(s.find("button_group", key_part="tb_seats"), str(seats), timeout=60)
        await s.click(s.find("button", key_part="tb_open"), timeout=60)
        return s.param("table")

    async def main() -> None:
        ana, ben, cas = await seated(one.url, "Ana"), await seated(two.url, "Ben"), await seated(two.url, "Cas")
        code = await opens(ana, 3)
        await opens(cas, 2)
        runs = {"ana": ana.drawn, "cas": cas.drawn}
        await ben.type_and_submit(ben.find("text_input", key_part="tb_code"), code,
                                  ben.find("button", label=words.join_button()), timeout=60)
        assert await ana.listen(30), "Ben's sitting down never reached Ana's page"
        assert ana.drawn == runs["ana"] + 1 and "Ben" in ana.texts()
        runs["ben"] = ben.drawn
        await ana.click(ana.find("button", key_part="tb_start"), timeout=60)
        assert await ben.listen(30), "Ana's Start never reached Ben's page"
        assert ben.drawn > runs["ben"]
        for _ in range(40):  # the computer in the third seat plays when its turn comes, without a page asking
            moves = store.table_moves(code)
            if any(m.by_computer for m in moves):
                break
            mover = {0: ana, 1: ben}.get(Seating(store).game(code).current_seat)
            if mover is not None:
                offer = next((el for el in mover.elements.values() if el.type == "button"
                              and any(k in el.widget_id for k in ("tb_draw_", "tb_pass_", "tb_opt_"))), None)
                if offer is None:
                    assert await mover.listen(30), "the mover's page was never woken to its turn"
                    continue
                await mover.click(offer, timeout=60)
            else:
                await ben.listen(5)
        assert any(m.by_computer for m in store.table_moves(code)), "the computer seat never played"
        assert not await cas.listen(2), "a page of another table was woken"
        assert cas.drawn == runs["cas"]
        assert not ana.auto or all(v >= 10 for v in ana.auto.values())  # only the slow look in case of a lost wake
        for s in (ana, ben, cas):
            await s.close()

    asyncio.run(asyncio.wait_for(main(), 300))
    store.engine.dispose()


# ----- the page free of game logic -----

def test_one_reading_of_a_tap_for_the_puzzles_play_a_hand_and_the_tables():
    from puzzles.responses import play_from_pick, read_tap
    from trainer.games.guided import GuidedGame, Setup

    assert read_tap({"tile": "4-3", "end": "4-4:4"}).token == play_from_pick({"tile": "4-3", "end": "4-4:4"})
    assert read_tap({"tile": "4-3", "end": "4-4^4"}).token == "3-4^4-4"
    assert read_tap({"tile": "6-6"}).token == "6-6" and read_tap({"tile": "6-6"}).problem is None
    wrong = read_tap({"tile": "2-3", "end": "4-4:4"})
    assert wrong.token == "2-3>4-4" and "2-3 has no 4" in wrong.problem  # a puzzle's judge still gets the token
    assert read_tap({"end": "4-4:4"}).token is None and read_tap({"end": "4-4:4"}).problem
    assert read_tap({"tile": "banana", "end": "x"}).token is None
    g = GuidedGame(Setup(game="muggins", seed=1))
    assert g.act_at("2-3", "4-4:4") == wrong.problem  # Play a hand refuses a tap with the same words


def test_one_resolution_of_a_games_id():
    from trainer.games.guided import Setup
    from trainer.games.rulesets import base_rules

    for game in ("muggins", "all-fives", "five-up", "preset:all-fives", "preset:sniff"):
        assert Setup(game=game, players=2).rules().variant == base_rules(game).variant
        assert TableSetup(game=game).rules().variant == base_rules(game).variant
    for bad in (Setup(game="chess").rules, TableSetup(game="chess").rules):
        with pytest.raises(ValueError, match="not a game we know"):
            bad()


def test_a_kept_play_of_a_child_playing_for_themselves_comes_with_their_decision(url):
    s = open_store(url)
    code = opened(s)
    seating = Seating(s)
    seating.start(code)
    game = seating.game(code)
    seat = game.current_seat
    plays = [a for a in game.view(seat).legal_actions if str(a) not in ("draw", "pass")]
    out = seating.play(code, seat, str(plays[0]), game.number, learner=True)
    assert out.kept and out.decision is not None and out.decision.uid == f"{code}-1"
    game = seating.game(code)
    seat = game.current_seat
    token = str(game.view(seat).legal_actions[0])
    shared = seating.play(code, seat, token, game.number)  # a tablet passed round: nobody's decision
    assert shared.kept and shared.decision is None
    stale = seating.play(code, seat, token, 1, learner=True)
    assert not stale.kept and stale.decision is None


# ----- the push, in one process -----

def test_news_of_a_table_wakes_the_pages_showing_it_and_no_other(url, monkeypatch):
    from trainer.web import push
    from trainer.web.runtime import waking

    clock = Clock()
    here, there = two_stores(url, clock=clock)
    a, b = opened(there, seed=1), opened(there, seed=2)
    there.sit(a, 2, learner_code=None, nickname="Maya", key="maya")
    woken: list[tuple[str, object]] = []
    monkeypatch.setattr(waking, "wake", lambda place, wanted: woken.append((place.session_id, wanted)))
    p = push.Push(here)  # not started: the test turns the watcher's crank itself
    assert not p.live  # no watcher running: a page looks by itself every few seconds
    p.news.look()
    at_a = here.table(a).version
    p.show(waking.Place("maya", "tables"), a, at_a, (0,))
    p.show(waking.Place("projector", "tables"), a, at_a)
    p.show(waking.Place("sam", "tables"), b, here.table(b).version, (0,))
    assert woken == []  # every page drew the table as it is
    there.add_move(a, 0, 0, START)  # kept by the other process
    p.news.look()
    assert sorted(who for who, _wanted in woken) == ["maya", "projector"]
    assert all(wanted() for _who, wanted in woken)
    p.show(waking.Place("maya", "tables"), a, here.table(a).version, (0,))  # Maya's page ran by itself meanwhile
    assert not woken[0][1]() and woken[1][1]()  # then her wake is not wanted any more; the projector's is
    woken.clear()
    p.show(waking.Place("late", "tables"), a, at_a)  # a page that drew the table before the move: woken at once
    assert [who for who, _wanted in woken] == ["late"]
    monkeypatch.setattr(waking, "showing", lambda place: place.session_id == "maya")
    monkeypatch.setattr(waking, "gone", lambda session_id: session_id == "sam")
    clock.now += 30
    assert p.mark_seen() == 1  # Maya's seat, her tablet connected and on the page; Sam's session closed
    assert here.table(a).seats[0].seen == clock.now
    assert p.showing(b) == 0 and p.showing(a) == 3


def test_the_driver_reads_the_seats_again_only_when_more_than_moves_changed(tmp_path):
    clock = Clock()
    s = open_store(f"sqlite:///{tmp_path}/fives.db", clock=clock)
    code = opened(s, seats=2)
    for name in ("Maya", "Sam"):
        s.sit(code, 2, learner_code=None, nickname=name, key=name.lower())
    seating = Seating(s, clock=clock)
    seating.start(code)
    driver = StandIns(s, clock=clock)
    reads: list[str] = []
    real_row = driver.seating.row
    driver.seating.row = lambda c: reads.append(c) or real_row(c)
    assert driver.drive(code, s.table(code).version) == 0
    first = len(reads)
    game = seating.game(code)
    mover = game.current_seat
    seating.play(code, mover, str(game.view(mover).legal_actions[0]), game.number)  # a child's move: only moves
    assert driver.drive(code, s.table(code).version) == 0 and len(reads) == first  # the seats not read again
    s.leave(code, 1 - mover)  # the child to move leaves: more than moves changed
    assert driver.drive(code, s.table(code).version) >= 1  # read again, and the computer plays for them at once
    assert len(reads) > first and seating.game(code).moves[-1].by_computer


def test_the_driver_takes_the_moves_a_page_of_its_process_read_for_the_same_news_and_reads_for_them(tmp_path):
    from trainer.games.reads import table_once

    s = open_store(f"sqlite:///{tmp_path}/fives.db")
    code = opened(s, seats=2)
    for name in ("Maya", "Sam"):
        s.sit(code, 2, learner_code=None, nickname=name, key=name.lower())
    seating = Seating(s)
    seating.start(code)
    visits: list[str] = []
    real_both, real_moves = s.table_and_moves, s.table_moves
    s.table_and_moves = lambda c, since=0: visits.append("table and moves") or real_both(c, since=since)
    s.table_moves = lambda c, since=0: visits.append("moves") or real_moves(c, since=since)

    def page_woken(version: int) -> None:  # a tablet's run woken by the news, as read_table makes it
        table_once(s, code, 0, version)

    driver = StandIns(s)
    page_woken(s.table(code).version)  # a page of this process is woken first and reads the table
    assert visits == ["table and moves"]
    assert driver.drive(code, s.table(code).version) == 0 and visits == ["table and moves"]  # its moves taken
    game = seating.game(code)
    mover = game.current_seat
    seating.play(code, mover, str(game.view(mover).legal_actions[0]), game.number)
    visits.clear()
    driver.drive(code, s.table(code).version)  # a move this process kept brought its read on: nobody reads
    page_woken(s.table(code).version)
    assert visits == []
    assert driver.seating.game(code).number == seating.game(code).number  # every move kept, in both copies
    elsewhere = Seating(open_store(f"sqlite:///{tmp_path}/fives.db"))  # another process's (news without moves)
    game = elsewhere.game(code)
    elsewhere.play(code, game.current_seat, str(game.view(game.current_seat).legal_actions[0]), game.number)
    visits.clear()
    driver.drive(code, s.table(code).version)  # the driver woken first: it reads, for the pages too
    page_woken(s.table(code).version)
    assert visits == ["table and moves"]
    assert driver.seating.game(code).number == seating.game(code).number == game.number
    visits.clear()
    driver.drive(code)  # a look no news asked for (a child's minute running out) reads the store itself
    assert visits == ["moves"]


def test_a_move_the_news_carries_brings_the_processs_read_on_and_nothing_else_does(tmp_path):
    """PostgreSQL's news of a move carries the move: the driver's process adds it to the table as read, and the
    pages woken by the news take it without visiting the store. News whose version is not the next one (a seat
    taken meanwhile, a move missed) is not added: the next reader reads."""
    from dataclasses import replace

    from trainer.games.reads import kept_read, table_once
    from trainer.store.tables import MoveRow, news_of, read_news

    s = open_store(f"sqlite:///{tmp_path}/fives.db")
    code = opened(s, seats=2)
    for name in ("Maya", "Sam"):
        s.sit(code, 2, learner_code=None, nickname=name, key=name.lower())
    news = TableNews(s)
    driver = StandIns(s, news)
    told: list[dict[str, int]] = []
    news.listen(told.append)
    Seating(s).start(code)
    row, moves = table_once(s, code, 0, None)  # a page reads the table
    other = Seating(open_store(f"sqlite:///{tmp_path}/fives.db"))  # the move is kept by another process
    game = other.game(code)
    token = str(game.view(game.current_seat).legal_actions[0])
    version = other.store.keep_move(code, game.number, game.current_seat, token)
    assert version == row.version + 1
    kept = other.store.table_moves(code)[-1]
    news.heard(*read_news(news_of(code, version, kept)))
    assert told == [{code: version}]
    now = time.monotonic()
    got = kept_read(s, code, 0, version, now)
    assert got is not None and got[0].version == version and got[1] == [*moves, kept]
    # the seats as read, but for the child who has just moved: seen at their move
    assert got[0].seats == tuple(replace(seat, seen=kept.at) if seat.seat == kept.seat else seat for seat in row.seats)
    assert kept.at > row.seats[kept.seat].seen
    assert driver.seating.game(code, read=got).number == game.number + 1
    # a change that is not the next version (a seat left, then a move): the read is not brought on
    s.leave(code, 1)
    later = other.store.table(code).version
    news.heard(code, later + 1, MoveRow(game.number + 1, 0, "draw", False, now))
    assert kept_read(s, code, 0, later + 1, now) is None


WAKE_BUDGET = {"whole-page runs": 0, "runs": 1, "messages": 12, "elements": 8}
"""The most a tablet woken by another child's move may cost, as counted today: its table's part alone runs,
once (never the app's menu, sign-in and language chooser around it), and sends this many messages and
elements besides one of each for every place a tile can go (a button each, when it is the woken child's turn:
:data:`PER_PLACE`). A change that makes a woken tablet do more fails here; one that makes it do less lowers the
budget. (Before the table's lines, pictures and notes between two widgets became one element each
(:class:`trainer.web.markup.Sheet`): 18 messages and 14 elements; before the scoreboard's columns became one
row, the story one box and a waiting child's pictures one element: 23 and 19; before the page's title went above
the part and the story's heading into its lines: 20 and 16.)"""
PER_PLACE = ("messages", "elements")


def test_a_woken_tablet_runs_the_tables_part_alone_within_its_budget(two_processes):
    """Ana (process 1) and Ben (process 2) play a table of two; after each move, the other's page is woken by
    the server. What each wake costs is counted on the wire, as the browser receives it; the mover's own click
    runs the part alone too."""
    import asyncio

    from benchmarks.wsclient import Session
    from trainer.words import game_tables as words

    (one, two), database = two_processes
    store = open_store(database)
    moves = ("tb_draw_", "tb_pass_", "tb_opt_", "tb_next_")

    def counts(s: Session) -> dict[str, int]:
        return {"whole-page runs": s.runs, "runs": s.drawn, "messages": s.messages, "elements": s.deltas}

    async def seated(url: str, name: str) -> Session:
        s = Session(url, page="tables")
        await s.connect(timeout=60)
        await s.rerun([(s.find("text_input", key_part="tb_my_name").widget_id, "string_value", name)], timeout=60)
        return s

    async def main() -> list[dict[str, int]]:
        ana, ben = await seated(one.url, "Ana"), await seated(two.url, "Ben")
        await ana.choose(ana.find("button_group", key_part="tb_mode"), words.open_heading(), timeout=60)
        await ana.click(ana.find("button", key_part="tb_open"), timeout=60)
        code = ana.param("table")
        await ben.type_and_submit(ben.find("text_input", key_part="tb_code"), code,
                                  ben.find("button", label=words.join_button()), timeout=60)
        assert await ana.listen(30), "Ben's sitting down never reached Ana's page"
        await ana.click(ana.find("button", key_part="tb_start"), timeout=60)
        assert await ben.listen(30), "Ana's Start never reached Ben's page"
        woken: list[dict[str, int]] = []
        while len(woken) < 8:
            seat = Seating(store).game(code).current_seat
            mover, other = (ana, ben) if seat in (0, None) else (ben, ana)
            offer = next((el for el in sorted(mover.elements.values(), key=lambda e: e.path)
                          if el.type == "button" and any(k in el.widget_id for k in moves)), None)
            assert offer is not None, f"no move on the mover's page: {mover.texts()[:300]!r}"
            whole = mover.runs
            await mover.click(offer, timeout=60)
            assert mover.runs == whole, "the mover's click ran the whole page"
            before = counts(other)
            assert await other.listen(30), "the move never reached the other tablet"
            woken.append({**{k: v - before[k] for k, v in counts(other).items()},
                          "places": sum(1 for el in other.elements.values()
                                        if el.type == "button" and "tb_opt_" in el.widget_id)})
        for s in (ana, ben):
            await s.close()
        return woken

    woken = asyncio.run(asyncio.wait_for(main(), 300))
    store.engine.dispose()
    over = [f"wake {i}: {kind} {got[kind]} > {most} + {got['places'] if kind in PER_PLACE else 0}"
            for i, got in enumerate(woken) for kind, most in WAKE_BUDGET.items()
            if got[kind] > most + (got["places"] if kind in PER_PLACE else 0)]
    assert not over, f"a woken tablet costs more than its budget: {woken}"


def test_a_waiting_childs_tablet_is_drawn_again_without_a_run_and_the_child_to_move_runs(two_processes):
    """Ana (process 1), Ben and Cas (process 2) play a table of three. After each move, a tablet whose child is
    still waiting gets its table's one sheet again, and nothing else: one message, one element, no run of its
    page, with the move in its story and whose turn it is; the tablet of the child to move runs its part, with
    the move's buttons. A move that leaves the same child to move (a draw) leaves both others waiting."""
    import asyncio

    from benchmarks.wsclient import Session
    from trainer.words import game_tables as words

    (one, two), database = two_processes
    store = open_store(database)
    names = ("Ana", "Ben", "Cas")
    moves = ("tb_draw_", "tb_pass_", "tb_opt_")

    async def seated(url: str, name: str) -> Session:
        s = Session(url, page="tables")
        await s.connect(timeout=60)
        await s.rerun([(s.find("text_input", key_part="tb_my_name").widget_id, "string_value", name)], timeout=60)
        return s

    def texts(s: Session) -> str:
        return " ".join(el.text for el in s.elements.values() if not el.text.startswith("<style>"))

    async def main() -> tuple[int, int]:
        tablets = [await seated(one.url, "Ana"), await seated(two.url, "Ben"), await seated(two.url, "Cas")]
        ana = tablets[0]
        await ana.choose(ana.find("button_group", key_part="tb_mode"), words.open_heading(), timeout=60)
        await ana.choose(ana.find("button_group", key_part="tb_seats"), "3", timeout=60)
        await ana.click(ana.find("button", key_part="tb_open"), timeout=60)
        code = ana.param("table")
        for s in tablets[1:]:
            await s.type_and_submit(s.find("text_input", key_part="tb_code"), code,
                                    s.find("button", label=words.join_button()), timeout=60)
            assert await ana.listen(30), "a child's sitting down never reached Ana's page"
        await ana.click(ana.find("button", key_part="tb_start"), timeout=60)
        for s in tablets[1:]:  # (Ben's page was woken by Cas's sitting down too)
            while "start the game" in texts(s):
                assert await s.listen(30), "Ana's Start never reached a tablet"
        repainted = ran = made = 0
        for _ in range(9):
            game = Seating(store).game(code)
            if game.current_seat is None:
                break
            made += 1
            mover = tablets[game.current_seat]
            offer = next((el for el in sorted(mover.elements.values(), key=lambda e: e.path)
                          if el.type == "button" and any(k in el.widget_id for k in moves)), None)
            assert offer is not None, f"no move on {names[game.current_seat]}'s page: {texts(mover)[:600]!r}"
            await mover.click(offer, timeout=60)
            after = Seating(store).game(code)
            for seat, s in enumerate(tablets):
                if s is mover:
                    continue
                before = (s.messages, s.deltas, s.part_runs, s.repaints)
                assert await s.listen(30), f"the move never reached {names[seat]}'s tablet"
                got = (s.messages - before[0], s.deltas - before[1], s.part_runs - before[2],
                       s.repaints - before[3])
                if after.current_seat == seat:
                    assert got[2] == 1 and got[3] == 0, f"{names[seat]}'s turn came with no run: {got}"
                    assert any(el.type == "button" and any(k in el.widget_id for k in moves)
                               for el in s.elements.values()), f"no move on {names[seat]}'s page: {texts(s)[:300]!r}"
                    ran += 1
                    continue
                # one element and no run (a message more may be the end of this tablet's own last run: its status)
                assert got[1:] == (1, 0, 1) and got[0] <= 2, \
                    f"{names[seat]}, still waiting, got more than the sheet again: {got}"
                shown = texts(s)
                waited_on = names[after.current_seat] if after.current_seat is not None else ""
                assert f"Waiting for {waited_on}" in shown, shown[:400]
                assert after.told()[-1].split(" ")[-1] in shown, (after.told()[-1], shown[:400])
                assert any(el.type == "button" and "tb_leave" in el.widget_id for el in s.elements.values())
                repainted += 1
        for s in tablets:
            assert not s.exceptions, s.exceptions
            await s.close()
        return repainted, ran, made

    repainted, ran, made = asyncio.run(asyncio.wait_for(main(), 300))
    store.engine.dispose()
    # each move's two other tablets: the waiting ones drawn again, the next child's run (where the turn passed:
    # a child who draws from the boneyard moves again); how often the turn stays depends on the deal
    assert made >= 6 and repainted + ran == 2 * made and repainted >= made and ran >= 2, (repainted, ran, made)


def test_a_layouts_picture_is_drawn_once_a_process_for_every_tablet_at_the_table(monkeypatch):
    """Every tablet at a table shows the same layout after a move: the process draws it once (in each
    language, and apart for each way of drawing it), and again only when the table moves on."""
    from trainer import words as words_lang
    from trainer.web import table_parts

    drawn: list[str] = []

    def counting(layout, **how):
        drawn.append(str(how))
        return f"<svg>{len(drawn)}</svg>"

    monkeypatch.setattr(table_parts, "render_layout", counting)
    game = TableGame.replay(TableSetup(game="all-fives", seats=2, seed=3), [Move(0, 0, START)])
    layout = game.view(0).layout
    first = [table_parts.layout_picture("KQ7M-XR4", game, layout, letters=False, counted=True) for _ in range(4)]
    assert first == ["<svg>1</svg>"] * 4 and len(drawn) == 1
    assert table_parts.layout_picture("KQ7M-XR4", game, layout, letters=True) == "<svg>2</svg>"
    assert table_parts.layout_picture("ZZZZ-ZZZ", game, layout, letters=False, counted=True) == "<svg>3</svg>"
    with words_lang.speaking("es"):
        assert table_parts.layout_picture("KQ7M-XR4", game, layout, letters=False, counted=True) == "<svg>4</svg>"
    for _ in range(40):  # a move that leaves the layout as it is (a draw, a pass) does not draw it again
        game.extend([game.computer_move()])
        now = game.view(0).layout
        if len(now.placements) > len(layout.placements):
            break
        assert table_parts.layout_picture("KQ7M-XR4", game, now, letters=False, counted=True) == "<svg>1</svg>"
    assert len(now.placements) > len(layout.placements), "no tile played in 40 moves"
    assert table_parts.layout_picture("KQ7M-XR4", game, now, letters=False, counted=True) == "<svg>5</svg>"


def test_the_watcher_going_down_or_back_wakes_every_page_of_the_process_as_a_whole_page(tmp_path, monkeypatch):
    """A page looks by itself once a minute while the news is fresh; when the watcher goes down the process
    wakes every page it shows a table on, as a whole page (which sets its look to every 2 s), at once, and
    again when the news is back; nothing while the news stays as it was."""
    from trainer.web import push as push_module
    from trainer.web.runtime import waking

    woken: list[waking.Place] = []
    monkeypatch.setattr(waking, "wake", lambda place, wanted: woken.append(place) if wanted() else None)
    fresh = [True]
    monkeypatch.setattr(TableNews, "alive", property(lambda self: fresh[0]))
    p = push_module.Push(open_store(f"sqlite:///{tmp_path}/fives.db"))
    p.show(waking.Place("ana", "tables", part="part-1"), "KQ7M-XR4", 3, (0,))
    p.show(waking.Place("ben", "tables", part="part-2"), "KQ7M-XR4", 3, (1,))
    assert p.look_live() == 0 and p.look_live() == 0 and woken == []  # fresh all along
    fresh[0] = False
    assert p.look_live() == 2
    assert set(woken) == {waking.Place("ana", "tables"), waking.Place("ben", "tables")}  # whole pages
    assert p.look_live() == 0 and len(woken) == 2
    fresh[0] = True
    assert p.look_live() == 2 and len(woken) == 4
    assert push_module.GUARD_EVERY >= 30 * push_module.LIVE_EVERY


def test_the_seats_open_in_a_process_are_marked_seen_in_one_statement_each_at_its_time(url):
    """The process's round of marking seen (every seat whose page is open) sets each seat's time, and only
    theirs, on SQLite and PostgreSQL alike."""
    s = open_store(url)
    one, two = opened(s, seats=2), opened(s, seats=2)
    for code in (one, two):
        for name in ("Maya", "Sam"):
            s.sit(code, 2, learner_code=None, nickname=name, key=f"{code}-{name}")
    before = {code: {seat.seat: seat.seen for seat in s.table(code).seats} for code in (one, two)}
    s.clock = lambda: 4_000_000_000.0
    s.seen_all([(one, 0), (two, 1), (one, 0)])
    after = {code: {seat.seat: seat.seen for seat in s.table(code).seats} for code in (one, two)}
    assert after == {one: {0: 4_000_000_000.0, 1: before[one][1]}, two: {0: before[two][0], 1: 4_000_000_000.0}}
