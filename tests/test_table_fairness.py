"""A fair table: nobody is told a play's score before its player has said it (or the chance to call
Muggins! has passed), the pictures on the claim and Muggins! screens do not carry the answer, a class's
table seats its own class, and a move that came too late says why."""

from __future__ import annotations

import random
import re
from xml.etree import ElementTree

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from trainer.games.seating import Seating
from trainer.games.story import working
from trainer.games.table import NEXT_HAND, SEATS, START, Call, Move, Refusal, TableGame, TableSetup
from trainer.render import render_layout
from trainer.rules import EventKind, Layout, Phase
from trainer.store import open_store
from trainer.store.errors import StoreError
from trainer.words import calls

NAMES = ("Jon", "Ivy", "Lena", "Omar")


def last_play(game: TableGame):
    return next(ev for ev in reversed(game.game.hand.history) if ev.kind is EventKind.PLAY)


def pending(game: TableGame) -> bool:
    """A play's score waits for its call, or for an opponent's Muggins!."""
    return game.current_seat is not None and game.game.hand.phase_name in (Phase.CLAIM, Phase.MUGGINS)


def first_call(seats: int, call: Call, *, scored: bool, deals: int = 300) -> tuple[TableSetup, TableGame]:
    """The first Muggins deal (seeds from 0) whose first play to wait for its call scored (``scored``) or
    scored nothing, played to that moment by computer players."""
    for seed in range(deals):
        setup = TableSetup(game="muggins", seats=seats, call=call, seed=seed)
        game = TableGame(setup, names=NAMES[:seats])
        game.extend([Move(0, 0, START)])
        while not pending(game) and game.current_seat is not None:
            game.extend([game.computer_move()])
        if pending(game) and bool(last_play(game).score) == scored:
            return setup, game
    pytest.fail(f"no play that {'scored' if scored else 'scored nothing'} in {deals} deals")


def giveaways(game: TableGame) -> list[str]:
    """What would tell the pending score: its words in the story ("a multiple of five — 5 pips", "not a
    multiple of five, no score"), the amount itself, and the working of the open ends."""
    ev = last_play(game)
    unit = game.game.rules.unit
    found = [re.escape(calls.made(ev.total, ev.score, unit))]
    if ev.score:
        found.append(rf"(?<![\d-]){re.escape(calls.amount(ev.score, unit))}")
    sums = working(game.game.hand.layout)
    if "=" in sums:
        found.append(re.escape(sums))
    return found


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), pick=st.integers(0, 2**31 - 1), seats=st.sampled_from(SEATS),
       call=st.sampled_from([Call.SAY, Call.MUGGINS]), name=st.sampled_from(["muggins", "all-fives", "five-up"]))
def test_no_seat_is_told_a_score_before_it_is_said(seed, pick, seats, call, name):
    """Every seat (the player's own, a partner's, each opponent's) and the projector, at every pending claim
    and Muggins! chance of random play: the story tells the play without its score; once the call is made
    (or the chance has passed) the score is told."""
    setup = TableSetup(game=name, seats=seats, call=call, seed=seed)
    try:
        setup.check()
    except ValueError:
        assume(False)
    names = NAMES[:seats]
    games = {v: TableGame(setup, viewer=v, names=names) for v in (-1, *range(seats))}
    rng = random.Random(pick)
    start: dict[int, int] = {}
    claims = checked = 0
    for number in range(300):
        ref = games[-1]
        if ref.is_over:
            break
        if not ref.started:
            move = Move(number, 0, START)
        elif ref.current_seat is None:
            move = Move(number, 0, NEXT_HAND)
        else:
            move = Move(number, ref.current_seat, str(rng.choice(ref.game.legal_actions())))
        before = {v: len(g.story.log) for v, g in games.items()}
        was_pending = pending(ref)
        for g in games.values():
            g.extend([move])
        if pending(ref) and not was_pending:
            start = before  # the play that waits for its call: the story from here on is read
            claims += 1
        if pending(ref):
            forbidden = giveaways(ref)
            for v, g in games.items():
                new = g.told()[start[v]:]
                assert new, "the play is told, without its score"
                for line in new:
                    for pattern in forbidden:
                        assert not re.search(pattern, line), (v, ref.current_seat, g.game.hand.phase_name, line)
                checked += 1
        elif was_pending:
            told = " ".join(games[-1].told()[start[-1]:])
            assert told and any(w in told for w in ("pip", "point", "score")), told  # now it is told
    assume(claims > 0)


def test_a_partner_and_the_opponents_read_jons_play_without_its_score():
    """The case reported: Jon is asked "What did your play score?" and nobody else reads "… 5 pips"."""
    setup, game = first_call(4, Call.MUGGINS, scored=True, deals=200)
    jon = game.current_seat
    for viewer in range(4):
        told = TableGame.replay(setup, game.moves, viewer=viewer, names=NAMES).told()
        assert calls.made(last_play(game).total, last_play(game).score, game.game.rules.unit) not in " ".join(told)
        who = "You" if viewer == jon else NAMES[jon]
        assert told[-1].startswith((f"{who} played ", f"{who} led ")) and "pip" not in told[-1], told[-1]


# ----- the pictures on the claim and Muggins! screens -----

def svg_texts(svg: str) -> tuple[str, str, list[str]]:
    root = ElementTree.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    titles = [t.text or "" for t in root.iter(f"{ns}title")]
    return root.find(f"{ns}title").text or "", root.find(f"{ns}desc").text or "", titles


def test_a_layout_to_count_keeps_its_total_out_of_its_title_and_description():
    lay = Layout.from_record("5-6 6-6>5-6", variant="muggins")
    shown = render_layout(lay)
    title, desc, _ = svg_texts(shown)
    assert str(lay.total) in title and "Open-end total" in desc  # an ordinary picture tells it
    hidden = render_layout(lay, counted=False)
    title, desc, titles = svg_texts(hidden)
    assert "total" not in title.lower() and "total" not in desc.lower() and "counts" not in desc, (title, desc)
    assert not re.search(rf"(?<!\d){lay.total}(?!\d)", title + " " + desc.replace("6-6", "").replace("5-6", ""))
    assert "the double 6-6" in desc and "the 5 on 5-6" in desc  # the ends are still named, to be counted
    assert "data-value" not in hidden and not any("counts" in t for t in titles)
    hidden = render_layout(lay, counted=False, letters=True, working=True)
    assert "data-value" not in hidden and "Open-end total" not in hidden


# ----- a class's table seats its own class -----

def test_a_class_table_seats_its_own_class_and_guests_only_where_the_teacher_allows(tmp_path):
    s = open_store(f"sqlite:///{tmp_path}/fives.db")
    room5 = s.create_class("Room 5").code
    room6 = s.create_class("Room 6").code
    ivy, zed = s.join(room5, "Ivy"), s.join(room6, "Zed")
    closed = s.open_table(TableSetup(seats=3).to_record(), class_code=room5)
    assert s.sit(closed, 3, learner_code=ivy, nickname="", guests=False) == 0
    with pytest.raises(StoreError) as refused:
        s.sit(closed, 3, learner_code=zed, nickname="", guests=False)
    assert refused.value.reason == "table-class" and "another class" in str(refused.value)
    with pytest.raises(StoreError) as guest:  # a child not signed in is told to sign in, not that it is another class
        s.sit(closed, 3, learner_code=None, nickname="Guest", guests=False)
    assert guest.value.reason == "table-class-guest" and "Sign in" in str(guest.value), guest.value
    assert [x.seat for x in s.table(closed).seats] == [0]
    welcome = s.open_table(TableSetup(seats=3, guests=True).to_record(), class_code=room5)
    assert s.sit(welcome, 3, learner_code=zed, nickname="", guests=True) == 0
    anyone = s.open_table(TableSetup(seats=2).to_record())  # a table of no class seats anyone
    assert s.sit(anyone, 2, learner_code=zed, nickname="", guests=False) == 0
    assert TableSetup.from_record({"game": "muggins", "seats": 2}).guests is False  # tables kept before


# ----- a move that came too late says why -----

def test_a_move_too_late_says_whose_it_was_and_a_deal_says_it_was_dealt(tmp_path):
    s = open_store(f"sqlite:///{tmp_path}/fives.db")
    seating = Seating(s)
    code = seating.open(TableSetup(game="all-fives", seats=2, seed=5))
    s.sit(code, 2, learner_code=None, nickname="Omar", key="a" * 12)
    s.sit(code, 2, learner_code=None, nickname="Sam", key="b" * 12)
    assert seating.start(code).kept
    game = seating.game(code)
    seat, number = game.current_seat, game.number
    token = str(game.game.legal_actions()[0])
    assert seating.play(code, seat, token, number).kept  # Omar's tap on one tablet…
    again = Seating(s).play(code, seat, token, number)  # …and the same turn from his other tablet
    assert again.refusal is Refusal.ALREADY and again.first is None
    other = Seating(s).play(code, 1 - seat, token, number)
    assert other.refusal is Refusal.TAKEN and other.first == ("Omar", "Sam")[seat]
    while not game.between_hands:
        game = seating.game(code)
        if game.current_seat is None:
            break
        assert seating.play(code, game.current_seat, str(game.game.legal_actions()[0]), game.number).kept
    game = seating.game(code)
    assert game.between_hands
    n = game.number
    assert seating.play(code, 0, NEXT_HAND, n).kept
    late = Seating(s).play(code, 1, NEXT_HAND, n)
    assert late.refusal is Refusal.DEALT


# ----- the letters a child taps -----

@pytest.mark.parametrize("record, variant", [("6-6", "five-up"), ("6-6 1-6>6-6 2-6>6-6", "five-up"),
                                             ("5-5", "muggins")])
def test_each_open_end_is_lettered_once_even_a_spinners_two_free_sides(record, variant):
    lay = Layout.from_record(record, variant=variant)
    svg = render_layout(lay, letters=True)
    drawn = re.findall(r'font-weight="700" fill="[^"]*">([A-Z])</text>', svg)
    assert sorted(drawn) == sorted(set(drawn)) and len(drawn) == len(lay.open_ends), drawn  # never two A's
    assert "data-letter" in svg and len(re.findall(r'class="letter"', svg)) == len(lay.open_ends)


def test_a_missed_score_said_as_said_and_muggins_told_in_the_second_person_with_no_stale_line():
    """Jon says "no score" on a play that scored and Ivy calls Muggins!: every seat reads that Jon *said* no score
    (never that he forgot), nobody reads "may call Muggins!" once Ivy has chosen, and Ivy's own line is in the
    second person (Spanish conjugates it: "Cantaste ¡Muggins! y te llevaste …")."""
    from trainer.words import speaking

    setup, game = first_call(3, Call.MUGGINS, scored=True)
    jon = game.current_seat
    moves = [*game.moves, Move(game.number, jon, "claim 0")]
    game.extend(moves[-1:])
    assert game.game.hand.phase_name is Phase.MUGGINS
    ivy = game.current_seat
    moves.append(Move(game.number, ivy, "muggins"))
    made = last_play(game).score
    for lang in ("en", "es"):
        with speaking(lang):
            for viewer in range(3):
                told = TableGame.replay(setup, moves, viewer=viewer, names=NAMES[:3]).told()
                text = " ".join(told)
                assert "forgot" not in text and "olvidó" not in text, text
                assert "may call Muggins" not in text and "puede cantar" not in text, text
                if lang == "en" and viewer != jon:
                    assert f"{NAMES[jon]} said no score, but the play made" in text, text
                if viewer == ivy:
                    mine = told[-1]
                    assert mine.startswith("You called Muggins! and took" if lang == "en"
                                           else "Cantaste ¡Muggins! y te llevaste"), mine
                    assert str(made) in mine


def test_the_projectors_last_lines_never_start_in_the_middle_of_a_move():
    """Over random games with the calls on, the projector's few lines start where a play or a pass is told
    (a call never without the play it was made on), are about three, and end with the story's last line."""
    starts_seen = 0
    for seed in range(40):
        setup = TableSetup(game="muggins", seats=3, call=(Call.SAY, Call.MUGGINS)[seed % 2], seed=seed)
        game = TableGame(setup, names=NAMES[:3])
        game.extend([Move(0, 0, START)])
        for _ in range(40):
            if game.current_seat is None or game.is_over:
                break
            game.extend([game.computer_move()])
            if game.pending_call:
                continue
            lines, log = game.told_lately(), game.story.log
            assert lines == log[len(log) - len(lines):], "the story's end"
            assert len(lines) <= 5
            assert len(lines) >= 3 or len(log) < 3 or len(lines) == len(log) - game.story.turns[-1]
            if len(log) > 3:
                assert len(log) - len(lines) in game.story.turns, (lines, log)  # a move's first line
                starts_seen += 1
    assert starts_seen > 100


def test_a_right_call_of_no_score_is_told_as_a_right_call_is():
    """Jon's play scores nothing and he says "no score": every seat reads it, as "Ivy called 2 points." is read."""
    from trainer.words import speaking

    setup, game = first_call(2, Call.SAY, scored=False)
    jon = game.current_seat
    moves = [*game.moves, Move(game.number, jon, "claim 0")]
    for lang, mine, theirs in (("en", "You said no score.", f"{NAMES[jon]} said no score."),
                               ("es", "Dijiste «sin puntos».", f"{NAMES[jon]}: dijo «sin puntos».")):
        with speaking(lang):
            assert TableGame.replay(setup, moves, viewer=jon, names=NAMES[:2]).told()[-1] == mine
            assert TableGame.replay(setup, moves, viewer=1 - jon, names=NAMES[:2]).told()[-1] == theirs


def test_a_waiting_tablet_says_what_the_player_is_deciding():
    """While Jon says his score, and while Ivy decides on Muggins!, the other tablets say so (not "to play")."""
    from trainer.web import table_sheet
    from trainer.web.markup import Sheet

    setup, game = first_call(3, Call.MUGGINS, scored=True)
    jon = game.current_seat
    waiting = [seat for seat in range(3) if seat != jon]

    def note(game: TableGame, seat: int) -> str:
        sheet = Sheet()
        table_sheet.others_turn(sheet, "ABCD-EFG", game, NAMES[:3], (seat,))
        return sheet.html()

    assert all(f"Waiting for {NAMES[jon]} to say the score…" in note(game, seat) for seat in waiting)
    game.extend([Move(game.number, jon, "claim 0")])
    ivy = game.current_seat
    assert game.game.hand.phase_name is Phase.MUGGINS
    seat = next(s for s in range(3) if s not in (ivy,))
    assert f"Waiting for {NAMES[ivy]} to call Muggins! or let it go…" in note(game, seat)
    game.extend([Move(game.number, ivy, "let it go")])
    if game.current_seat is not None and game.current_seat != seat and not game.pending_call:
        assert f"Waiting for {NAMES[game.current_seat]} to play…" in note(game, seat)


def test_a_call_on_a_play_that_made_nothing_says_no_score_not_zero_points():
    from trainer.rules import Unit
    from trainer.words import speaking

    assert calls.called_wrong("Maya", 1, 0, Unit.POINTS) == "Maya called 1 point, but the play made no score."
    assert calls.called_wrong("Maya", 1, 0, Unit.POINTS, you=True) == "You called 1 point, but your play made no score."
    assert calls.called_wrong("Maya", 1, 2, Unit.POINTS) == "Maya called 1 point, but the play made 2 points."
    with speaking("es"):
        assert calls.called_wrong("Maya", 1, 0, Unit.POINTS).endswith("pero la jugada no hizo puntos.")


def test_leaving_before_the_start_frees_the_seat_and_during_a_game_keeps_it(tmp_path):
    s = open_store(f"sqlite:///{tmp_path}/fives.db")
    room = s.create_class("Room 5").code
    ivy, zed = s.join(room, "Ivy"), s.join(room, "Zed")
    code = s.open_table(TableSetup(seats=2).to_record(), class_code=room)
    assert s.sit(code, 2, learner_code=ivy, nickname="") == 0
    s.leave(code, 0)  # before the start: the seat is free again, and not hers to be sent back to
    assert s.table(code).seats == () and s.open_seat_of(ivy) is None
    assert s.sit(code, 2, learner_code=zed, nickname="") == 0
    assert s.sit(code, 2, learner_code=ivy, nickname="") == 1
    assert s.add_move(code, 0, 0, START)
    s.leave(code, 1)  # in a game under way: the computer plays it, and it stays hers
    assert [x.seat for x in s.table(code).seats] == [0, 1] and s.open_seat_of(ivy) == (code, 1)


def test_a_finished_game_ends_its_table_so_no_child_sits_down_in_it(tmp_path):
    """The game's last move ends the table, whichever way it was kept (a child's own, the computer's): it leaves
    the class's list of tables to join, and a child who types its code is told it has ended."""
    from trainer.games.seating import Seating
    from trainer.web.class_list import listed

    s = open_store(f"sqlite:///{tmp_path}/fives.db")
    room = s.create_class("Room 5").code
    ivy, zed = s.join(room, "Ivy"), s.join(room, "Zed")
    seating = Seating(s)
    for by_child in (True, False):
        code = s.open_table(TableSetup(seats=2, seed=11).to_record(), class_code=room)
        assert s.sit(code, 2, learner_code=ivy, nickname="") == 0
        assert code in dict(listed(s, room))
        seating.start(code)
        s.leave(code, 0)  # away: the computer plays every seat
        for _ in range(400):
            game = seating.game(code)
            if game.is_over:
                break
            if by_child:  # every move a child's own, from the tablet (the computer's choice of move, kept as theirs)
                token = NEXT_HAND if game.between_hands else game.computer_move().token
                seat = game.current_seat if game.current_seat is not None else 0
                assert seating.play(code, seat, token, game.number).kept
            else:
                seating.stand_in(code)
        game = seating.game(code)
        assert game.is_over and s.table(code).ended is not None, by_child
        assert game.moves[-1].by_computer is not by_child  # the last move kept the way this round means
        assert code not in dict(listed(s, room))
        with pytest.raises(StoreError) as ended:
            s.sit(code, 2, learner_code=zed, nickname="")
        assert ended.value.reason == "table-ended"
