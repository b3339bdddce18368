"""Tables of children playing each other: the game rebuilt from its numbered moves, the store keeping each
move once, and any interleaving of moves sent at the same time from the seats' devices giving exactly the
engine's legal sequence."""

from __future__ import annotations

import random
import threading
import time
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from trainer.bots import BotLevel
from trainer.games.seating import Seating
from trainer.games.table import (
    IDLE_SECONDS,
    NEXT_HAND,
    START,
    Call,
    Move,
    Refusal,
    TableGame,
    TableSetup,
    partners_of,
)
from trainer.rules import Game
from trainer.store import open_store
from trainer.store.errors import StoreError, TooManyTries
from trainer.store.tables import new_table_code, normalise_table


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def play_to_the_end(game: TableGame, limit: int = 3000) -> None:
    """Every seat played by the stand-in, dealing on between hands."""
    for _ in range(limit):
        if game.is_over:
            return
        if not game.started:
            game.extend([Move(game.number, 0, START)])
        elif game.current_seat is None:
            game.extend([Move(game.number, 1, NEXT_HAND)])
        else:
            game.extend([game.computer_move()])
    raise AssertionError("the game did not end")


# ----- the game at a table -----

@pytest.mark.parametrize("game_name", ["muggins", "all-fives", "five-up", "preset:sniff"])
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("call", list(Call))
def test_a_table_game_replays_from_its_moves_alone(game_name, seats, call):
    setup = TableSetup(game=game_name, seats=seats, call=call, seed=11)
    played = TableGame(setup)
    play_to_the_end(played)
    again = TableGame.replay(setup, played.moves)
    assert again.is_over and again.game.scores == played.game.scores
    assert [m.token for m in again.moves] == [m.token for m in played.moves]
    # the same tokens through the engine alone give the same game
    engine = Game(setup.rules(), seats, seed=11)
    for m in played.moves:
        if m.token not in (START, NEXT_HAND):
            engine.apply(m.token, player=m.seat)
    assert engine.is_over and engine.scores == played.game.scores


def test_what_a_table_refuses():
    setup = TableSetup(game="all-fives", seats=2, seed=4)
    game = TableGame(setup)
    assert game.refusal(0, "draw", 0) is Refusal.NOT_STARTED
    assert game.refusal(0, START, 1) is Refusal.STALE
    game.extend([Move(0, 0, START)])
    assert game.refusal(0, START, 1) is Refusal.STALE
    seat = game.current_seat
    other = 1 - seat
    legal = str(game.game.legal_actions()[0])
    assert game.refusal(other, legal, 1) is Refusal.NOT_YOUR_TURN
    assert game.refusal(seat, legal, 0) is Refusal.STALE
    assert game.refusal(seat, "banana", 1) is Refusal.ILLEGAL
    assert game.refusal(seat, "6-6>0-0", 1) is Refusal.ILLEGAL
    assert game.refusal(7, legal, 1) is Refusal.NOT_YOUR_TURN
    assert game.refusal(seat, NEXT_HAND, 1) is Refusal.STALE
    assert game.refusal(seat, legal, 1) is None
    with pytest.raises(ValueError):
        game.extend([Move(1, other, legal)])
    play_to_the_end(game)
    assert game.refusal(0, "draw", game.number) is Refusal.OVER


def test_between_hands_anyone_deals_on_and_nobody_plays():
    game = TableGame(TableSetup(game="muggins", seats=3, seed=2))
    game.extend([Move(0, 0, START)])
    while game.current_seat is not None:
        game.extend([game.computer_move()])
    assert game.between_hands and game.last_result is not None and not game.is_over
    with pytest.raises(ValueError):
        game.computer_move()
    assert game.refusal(2, NEXT_HAND, game.number) is None
    assert game.refusal(0, "draw", game.number) is Refusal.NOT_YOUR_TURN
    game.extend([Move(game.number, 2, NEXT_HAND)])
    assert game.current_seat is not None and len(game.game.hand.history) == 0


def test_the_stand_ins_move_is_the_same_wherever_it_is_worked_out():
    setup = TableSetup(game="five-up", seats=4, stand_in=BotLevel.BEGINNER, seed=9)
    a, b = TableGame(setup), TableGame(setup)
    for g in (a, b):
        g.extend([Move(0, 0, START)])
    for _ in range(30):
        if a.current_seat is None:
            break
        ma, mb = a.computer_move(), b.computer_move()
        assert ma == mb and ma.by_computer
        a.extend([ma])
        b.extend([mb])


def test_setups_round_trip_and_bad_ones_are_refused():
    setup = TableSetup(game="preset:all-fives", seats=4, partners=True, stand_in=BotLevel.EXPERT, hints=False,
                       call=Call.MUGGINS, seed=5)
    assert TableSetup.from_record(setup.to_record()) == setup
    fresh = setup.dealt_anew()
    assert replace(fresh, seed=setup.seed) == setup and 0 <= fresh.seed < 2**31
    assert partners_of(setup, 1) == (1, 3) and partners_of(TableSetup(seats=3), 1) == (1,)
    for bad in ({"game": "chess"}, {"seats": 5}, {"call": "shout"}, {"stand_in": "grandmaster"}, {"colour": 1}):
        with pytest.raises(ValueError):
            TableSetup.from_record({**setup.to_record(), **bad})


# ----- the store -----

def test_table_codes_are_typable_and_never_a_learner_or_class_code():
    code = new_table_code()
    assert len(code) == 8 and code[4] == "-"
    assert normalise_table(f" {code.lower()} ") == code
    assert normalise_table(code[:-1] + ("A" if code[-1] != "A" else "B")) is None
    assert normalise_table("KQ7-MXR-4PD") is None and normalise_table(None) is None


def test_a_table_in_the_store(url):
    clock = Clock()
    store = open_store(url, clock=clock)
    try:
        klass = store.create_class("Room 4").code
        maya = store.join(klass, "Maya")
        sam = store.join(klass, "Sam")
        code = store.open_table(TableSetup(seats=2).to_record(), class_code=klass)
        assert store.find_table(code.lower().replace("-", "")).code == code
        assert [t.code for t in store.class_tables(klass)] == [code]
        assert store.sit(code, 2, learner_code=maya, nickname="ignored") == 0
        assert store.sit(code, 2, learner_code=maya, nickname="ignored") == 0  # a reload: the same seat
        assert store.sit(code, 2, learner_code=sam, nickname="", key="sams-tablet") == 1
        assert store.seats_held(code, "sams-tablet") == (1,) and store.seats_held(code, "someone-else") == ()
        assert store.seats_held(code, "") == () and store.seats_held(code, "x" * 99) == ()
        with pytest.raises(StoreError) as full:
            store.sit(code, 2, learner_code=None, nickname="Ana")
        assert full.value.reason == "table-full"
        row = store.table(code)
        assert [(s.seat, s.nickname) for s in row.seats] == [(0, "Maya"), (1, "Sam")]
        assert row.seat_of(sam) == 1 and row.seat_of(None) is None
        assert store.add_move(code, 0, 0, START)
        assert not store.add_move(code, 0, 1, START)  # the number is taken
        assert not store.add_move(code, 2, 1, "draw")  # a gap
        assert [m.number for m in store.table_moves(code)] == [0]
        version = store.table(code).version
        assert store.keep_move(code, 1, 1, "draw") == version + 1 == store.table(code).version
        assert store.keep_move(code, 1, 0, "draw") is None and store.table(code).version == version + 1
        with pytest.raises(StoreError) as gone:
            store.keep_move("ZZZZ-ZZZ", 0, 0, START)
        assert gone.value.reason == "no-table"
        if store.engine.dialect.name == "postgresql":  # a move kept by itself (autocommit) leaves no connection so
            from psycopg.pq import TransactionStatus

            with store.engine.connect() as conn:
                conn.execute(select(1))
                assert conn.connection.dbapi_connection.info.transaction_status == TransactionStatus.INTRANS
                conn.rollback()
        store.end_table(code)
        with pytest.raises(StoreError) as ended:
            store.add_move(code, 2, 0, "draw")
        assert ended.value.reason == "table-ended"
        with pytest.raises(StoreError):
            store.sit(code, 2, learner_code=None, nickname="Ana")
    finally:
        store.engine.dispose()


def test_a_table_code_that_names_no_table_is_counted_like_every_code(store):
    clients = ("session:tables-test",)
    misses = 0
    with pytest.raises(TooManyTries):
        for _ in range(20):
            with pytest.raises(StoreError) as err:
                store.find_table("ZZZZ-ZZZ", clients=clients)
            if isinstance(err.value, TooManyTries):
                raise err.value
            assert err.value.reason == "no-table"
            misses += 1
    assert 5 <= misses < 10


# ----- many devices at once -----

def _propose(game: TableGame, seat: int, rng: random.Random) -> str | None:
    """What a child at ``seat`` would send from the position they see (``None``: nothing to do)."""
    if not game.started:
        return START if seat == 0 else None
    if game.is_over:
        return None
    if game.current_seat is None:
        return NEXT_HAND
    if game.current_seat != seat:
        return "draw" if rng.random() < 0.2 else None  # a tap out of turn
    actions = game.game.legal_actions()
    return str(rng.choice(actions))


@pytest.fixture(scope="module")
def shared():
    """One store for every example (each example opens its own table), on a clock the test moves."""
    import tempfile

    clock = Clock()
    store = open_store(f"sqlite:///{tempfile.mkdtemp(prefix='fives-tables-')}/fives.db", clock=clock)
    yield store, clock
    store.engine.dispose()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seats=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10_000),
       steps=st.lists(st.tuples(st.integers(0, 3), st.sampled_from(["look", "send", "again", "away"])),
                      min_size=20, max_size=160))
def test_any_interleaving_of_moves_gives_the_engines_legal_sequence_each_move_once(shared, seats, seed, steps):
    store, clock = shared
    server = Seating(store, clock=clock)
    code = server.open(TableSetup(game="all-fives", seats=seats, stand_in=BotLevel.BEGINNER, seed=seed))
    devices = [Seating(store, clock=clock) for _ in range(seats)]
    for s in range(seats):
        store.sit(code, seats, learner_code=None, nickname=f"Kid{s}")
    assert server.start(code).kept
    seen = [devices[s].game(code) for s in range(seats)]
    rng = random.Random(seed)
    kept: list[tuple[int, int, str]] = [(0, 0, START)]
    last_sent: list[tuple[str, int] | None] = [None] * seats
    for who, what in steps:
        seat = who % seats
        clock.now += 1
        if what == "look":
            seen[seat] = devices[seat].game(code)
            continue
        if what == "away":  # a child goes quiet: the stand-in plays for whoever is idle
            clock.now += IDLE_SECONDS + 1
            server.stand_in(code)
            for s in range(seats):
                store.seen(code, s)
            continue
        if what == "again" and last_sent[seat] is not None:
            token, number = last_sent[seat]
        else:
            token = _propose(seen[seat], seat, rng)
            if token is None:
                continue
            number = seen[seat].number  # the number as this device last saw it: maybe stale
        last_sent[seat] = (token, number)
        outcome = devices[seat].play(code, seat, token, number)
        if outcome.kept:
            kept.append((number, seat, token))
        else:
            assert outcome.refusal is not None
    moves = store.table_moves(code)
    assert [m.number for m in moves] == list(range(len(moves)))
    children = [(m.number, m.seat, m.token) for m in moves if not m.by_computer]
    assert children == kept  # every move a device was told was kept is there once, and nothing else
    TableGame.replay(TableSetup(game="all-fives", seats=seats, stand_in=BotLevel.BEGINNER, seed=seed),
                     [Move(m.number, m.seat, m.token, m.by_computer) for m in moves])  # legal, in order


def test_four_devices_and_a_stand_in_at_once_on_one_store(url):
    """Real threads, each with its own session's copy of the game, on SQLite and PostgreSQL."""
    store = open_store(url)
    try:
        setup = TableSetup(game="five-up", seats=4, stand_in=BotLevel.GREEDY, seed=21)
        code = Seating(store).open(setup)
        for s in range(4):
            store.sit(code, 4, learner_code=None, nickname=f"Kid{s}")
        refused: list[Refusal] = []
        errors: list[BaseException] = []
        kept: list[int] = []
        lock = threading.Lock()

        def device(seat: int) -> None:
            mine = Seating(store)
            rng = random.Random(seat)
            try:
                deadline = time.monotonic() + 90
                while time.monotonic() < deadline:
                    game = mine.game(code)
                    if game.is_over or game.number >= 60:
                        return
                    token = _propose(game, seat, rng) or ("draw" if rng.random() < 0.5 else None)
                    if token is None:
                        continue
                    number = game.number  # the game is brought up to date in place by the move
                    out = mine.play(code, seat, token, number)
                    with lock:
                        (kept.append(number) if out.kept else refused.append(out.refusal))
            except BaseException as err:  # noqa: BLE001 - reported below
                errors.append(err)

        threads = [threading.Thread(target=device, args=(s,)) for s in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert not errors, errors
        moves = store.table_moves(code)
        assert len(moves) >= 60 or TableGame.replay(setup, [Move(m.number, m.seat, m.token) for m in moves]).is_over
        assert [m.number for m in moves] == list(range(len(moves)))
        assert sorted(kept) == [m.number for m in moves]  # each kept once, each told once
        TableGame.replay(setup, [Move(m.number, m.seat, m.token) for m in moves])
        assert refused  # the devices did race
    finally:
        store.engine.dispose()


def test_a_computer_plays_for_a_child_away_and_gives_the_seat_back(store):
    clock = Clock()
    s = open_store(store.url if "sqlite" in store.url else None, clock=clock)
    server = Seating(s, clock=clock)
    code = server.open(TableSetup(game="muggins", seats=2, seed=3))
    maya = s.new_learner("Maya")
    s.sit(code, 2, learner_code=maya, nickname="")
    s.sit(code, 2, learner_code=None, nickname="Sam")
    assert server.start(code).kept
    assert server.stand_in(code) == 0  # both here: nobody is played for
    clock.now += IDLE_SECONDS + 5
    s.seen(code, 1)  # Sam is still here; Maya is not
    made = server.stand_in(code)
    game = server.game(code)
    assert made >= 1 and all(m.seat == 0 for m in game.moves if m.by_computer)
    assert game.current_seat in (1, None)
    s.seen(code, 0)  # Maya is back: her seat is hers again
    row = s.table(code)
    assert not server.away(row, 0)
    assert s.sit(code, 2, learner_code=maya, nickname="") == 0


# ----- the same deal at every table -----

def test_tables_of_one_deal_are_compared_where_they_parted():
    from trainer.games.duplicate import compare

    games = {}
    for code, level in (("A", BotLevel.GREEDY), ("B", BotLevel.BEGINNER), ("C", BotLevel.GREEDY)):
        g = TableGame(TableSetup(game="all-fives", seats=2, stand_in=level, seed=77), names=("Maya", "Sam"))
        g.extend([Move(0, 0, START)])
        while g.current_seat is not None:
            g.extend([g.computer_move()])
        games[code] = g
    c = compare(games)
    assert [h.code for h in c.hands] == ["A", "B", "C"]
    assert all(h.totals == tuple(games[h.code].game.results[0].totals) for h in c.hands)
    assert c.at is not None and c.before is not None
    grouped = sorted(code for choice in c.choices for code in choice.codes)
    assert grouped == ["A", "B", "C"]  # every table is in exactly one group
    same = next(ch for ch in c.choices if "A" in ch.codes)
    assert "C" in same.codes  # the two greedy tables played the same
    hist = games["A"].game.hands[0].history
    assert [e for e in hist[:c.at]] == [e for e in games["B"].game.hands[0].history[:c.at]]
    # one table, or tables of different deals, have nothing to compare
    assert compare({"A": games["A"]}).at is None
    other = TableGame(TableSetup(game="all-fives", seats=2, seed=78))
    with pytest.raises(ValueError):
        compare({"A": games["A"], "X": other})


def test_a_quiet_copy_of_a_game_plays_the_same_moves_to_the_same_position_and_tells_nothing():
    """The computer players' driver keeps its copies quiet (it reads no story): the same moves give the same
    hands, scores and turns as a told copy's, the story stays empty, and the moves it works out are the same."""
    setup = TableSetup(game="all-fives", seats=3, seed=11)
    told = TableGame.replay(setup, [Move(0, 0, START)], names=("Ana", "Ben", ""))
    quiet = TableGame.replay(setup, [Move(0, 0, START)], names=("Ana", "Ben", ""), quiet=True)
    while told.current_seat is not None and told.number < 60:
        move = told.computer_move()
        assert quiet.computer_move() == move
        told.extend([Move(move.number, move.seat, move.token, by_computer=move.seat == 0)])
        quiet.extend([Move(move.number, move.seat, move.token, by_computer=move.seat == 0)])
        assert (quiet.game.scores, quiet.current_seat, quiet.number) == (told.game.scores, told.current_seat,
                                                                         told.number)
    assert told.number > 10 and told.story.log and not quiet.story.log and not quiet.computer_for


def test_a_page_switched_to_another_language_hears_the_whole_story_again_in_it(tmp_path):
    from trainer.words import speaking

    s = open_store(f"sqlite:///{tmp_path}/fives.db")
    server = Seating(s)
    code = server.open(TableSetup(game="muggins", seats=2, seed=3, stand_in=BotLevel.GREEDY))
    s.sit(code, 2, learner_code=None, nickname="Maya")
    s.sit(code, 2, learner_code=None, nickname="Sam")
    assert server.start(code).kept
    for _ in range(4):
        game = server.game(code)
        move = game.computer_move()
        assert server.play(code, move.seat, move.token, move.number).kept
    with speaking("en"):
        english = list(server.game(code, viewer=0, names=("Maya", "Sam")).told())
    with speaking("es"):
        spanish = list(server.game(code, viewer=0, names=("Maya", "Sam")).told())
    assert len(spanish) == len(english) >= 4
    assert all("ends" in line for line in english if "+" in line)
    assert all("Puntas" in line and "ends" not in line for line in spanish if "+" in line), spanish
    with speaking("en"):
        assert server.game(code).told() == english  # and back


def test_every_seat_of_an_empty_table_of_four_has_a_computer_players_name():
    from trainer.games.table import seat_names

    assert seat_names(("", "", "", ""), 4) == ("Nia", "Leo", "Maya", "Sam")
    assert seat_names(("Leo", "", "Maya", ""), 4) == ("Leo", "Nia", "Maya", "Sam")  # never a child's name
    assert seat_names(("Sam", "Leo", "Nia", ""), 4) == ("Sam", "Leo", "Nia", "Maya")
    # a computer keeps its name as children sit down at the other seats
    assert [seat_names(kids, 4)[3] for kids in (("Ana", "", "", ""), ("Ana", "Ben", "", ""),
                                                ("Ana", "Ben", "Cleo", ""))] == ["Sam"] * 3
    assert [seat_names(kids, 4)[2] for kids in (("", "", "", ""), ("Ana", "", "", ""), ("Ana", "Ben", "", ""))] \
        == ["Maya"] * 3
    assert seat_names(("Ana", ""), 2) == ("Ana", "Leo")  # as Play a hand names its first computer


def test_a_tablet_lists_its_own_sides_score_first():
    """Partners at four: Ben (seat 2) reads "You & Dan" before "Ana & Cleo", on the scores and between hands;
    the projector (nobody's view) keeps the seats' order."""
    from trainer.web.markup import Sheet
    from trainer.web.table_parts import scoreboard

    setup = TableSetup(game="muggins", seats=4, partners=True, seed=4)
    names = ("Ana", "Ben", "Cleo", "Dan")
    ben = TableGame.replay(setup, [Move(0, 0, START, False)], viewer=1, names=names)
    assert ben.sides_seen() == [1, 0] and ben.side_name(1) == "You & Dan"
    sheet = Sheet()
    scoreboard(sheet, ben, names)
    drawn = sheet.html()
    assert drawn.index("You &amp; Dan") < drawn.index("Ana &amp; Cleo")
    ana = TableGame.replay(setup, [Move(0, 0, START, False)], viewer=0, names=names)
    assert ana.sides_seen() == [0, 1]
    assert TableGame.replay(setup, [Move(0, 0, START, False)], viewer=-1, names=names).sides_seen() == [0, 1]
