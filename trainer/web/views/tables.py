"""Play at a table: children play each other, each on their own device (or passing one tablet round).

The page draws the game as this device's seat sees it: its own hand only, the layout, whose turn it is,
every seat's tile count and the scores. A move goes through the store under its number
(:mod:`trainer.games.seating`), so any app process can serve any seat; a move kept by any process wakes
the pages that show the table (:mod:`trainer.web.push`), and a small fragment looks now and then by itself
in case a wake was lost. The page is drawn as a part of its own (:func:`trainer.web.ui.page_part`): a click
at the table, and a wake, run that part alone, not the app's menu, sign-in and language chooser around it.
A seat whose child is away is played by a computer player, moved by the server, until they come back."""

from __future__ import annotations

import functools
import secrets

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from puzzles import pictures, responses
from trainer.bots import BotLevel
from trainer.bots.hints import name_of
from trainer.games.guided import BOT_TITLES, GAME_TITLES, claim_choices
from trainer.games.seating import Seating
from trainer.games.table import SEATS, Call, TableGame, TableSetup
from trainer.render.taps import BoardMode
from trainer.rules import DRAW, LET_GO, MUGGINS, PASS, Claim, EventKind, Phase, Play
from trainer.store import Store, StoreError
from trainer.store.tables import TableRow
from trainer.web import class_list, class_tables, device, pagestate, push, session, table_parts, table_sheet, ui
from trainer.web.markup import Sheet, sentence
from trainer.web.pagestate import TableState
from trainer.web.runtime import waking
from trainer.web.table_parts import hand_picture, read_table, refusal_words, sat_again, story
from trainer.web.table_parts import layout_picture as drawn
from trainer.words import game_tables as words
from trainer.words import play_page as play_words

SEEN_EVERY = 10.0
"""How often a device tells the store it is still here (a seat unseen for a minute gets a computer player)."""
GAMES = list(GAME_TITLES)
CALLS = {Call.OFF: words.call_off, Call.SAY: words.call_say, Call.MUGGINS: words.call_muggins}


def record() -> TableState:
    return pagestate.tables()


def seating() -> Seating:
    ts = record()
    s = session.store()
    if ts.seating is None or ts.seating.store is not s:
        assert s is not None
        ts.seating = Seating(s)
    return ts.seating


# ----- opening and joining -----

def chosen_setup() -> TableSetup:
    get = st.session_state.get
    seats = get("tb_seats") or 2
    return TableSetup(game=get("tb_game") or "muggins", seats=seats, partners=bool(get("tb_partners", True)),
                      stand_in=BotLevel.parse(get("tb_stand_in") or BotLevel.GREEDY), hints=bool(get("tb_hints", True)),
                      call=Call(get("tb_call") or Call.OFF))


@ui.guarded
def open_table() -> None:
    ts, s = record(), session.store()
    me = session.me()
    setup = chosen_setup()
    shared = bool(st.session_state.get("tb_shared"))
    names = tuple((st.session_state.get(f"tb_name_{i}") or "").strip() for i in range(setup.seats))
    if me is None and not shared and not (st.session_state.get("tb_my_name") or "").strip():
        ts.message = words.sign_in_or_name()
        return
    try:
        setup.check()
    except ValueError:
        ts.message = words.seats_for_game(GAME_TITLES[setup.game], TableSetup(game=setup.game).rules().seats)
        return
    assert s is not None
    code = seating().open(setup.dealt_anew(),
                          class_code=me.class_code if me is not None else None)
    try:
        if shared:
            seats = tuple(s.sit(code, setup.seats, learner_code=None, nickname=names[i] or words.seat_label(i),
                                key=device_key()) for i in range(setup.seats))
            ts.names = tuple(names[i] or words.seat_label(i) for i in range(setup.seats))
        else:
            seats = (sit_me(code, setup.seats),)
    except StoreError as err:
        s.delete_table(code)
        ts.message = str(err)
        return
    ts.code, ts.seats, ts.shown_to, ts.message = code, seats, None, None


def sit_me(code: str, seats: int, *, guests: bool = True) -> int:
    """Sit this device's child down (``guests=False``: a class's table seats only its own class)."""
    me, s = session.me(), session.store()
    assert s is not None
    if me is not None:
        return s.sit(code, seats, learner_code=me.code, nickname=me.nickname, key=device_key(), guests=guests)
    return s.sit(code, seats, learner_code=None, nickname=st.session_state.get("tb_my_name") or "", key=device_key(),
                 guests=guests)


def device_key() -> str:
    """This device's secret for the seats it takes (made once a session)."""
    ts = record()
    if ts.key is None:
        ts.key = secrets.token_urlsafe(12)
    return ts.key


def back_to_seats() -> None:
    """A reload: the tab kept the table and its key for the seats (:func:`trainer.web.device.keep_table`), so
    the device sits again. An older address with the key in it (``?tk=``) is taken once and cleaned."""
    ts, s = record(), session.store()
    if ts.code is not None or s is None:
        return
    code, key = st.query_params.get("table"), st.query_params.get("tk")
    if key:
        device.clean_address(("tk",))
        st.query_params.pop("tk", None)
    elif not device.has_answered():
        device.kept_table()  # asks the tab; the page runs again when it answers
        seat_held_elsewhere(s)  # a signed-in child's seat needs no key from the tab
        return
    else:
        code, key = device.kept_table() or (None, None)
    if not code or not key:
        seat_held_elsewhere(s)
        return
    try:
        row = s.table(str(code))
        held = s.seats_held(str(code), str(key)) if row is not None and row.ended is None else ()
    except StoreError:
        return
    if not held or row is None:
        for name in ("table", "tk"):
            st.query_params.pop(name, None)
        device.keep_table(None, None)
        seat_held_elsewhere(s)  # a signed-in child back on another tablet: their own seat, by their code
        return
    ts.code, ts.seats, ts.key, ts.shown_to = row.code, held, str(key), None
    ts.names = tuple(name_at(row, seat) for seat in held) if len(held) > 1 else ()
    sat_again(s, row.code, held)


def seat_held_elsewhere(s: Store) -> None:
    """A signed-in child who holds a seat at an open table (from another device) goes back to it, once a
    session: leaving the table, or choosing another, is theirs to do."""
    ts, me = record(), session.me()
    if me is None or ts.looked_for == me.code:
        return
    ts.looked_for = me.code
    try:
        held = s.open_seat_of(me.code)
        ts.away_end = table_sheet.ended_while_away(s, seating(), me.code) if held is None else None
    except StoreError:
        return
    if held is not None:
        ts.code, ts.seats, ts.shown_to, ts.names = held[0], (held[1],), None, ()
        device_key()
        sat_again(s, held[0], (held[1],))


def keep_in_address() -> None:
    """The table in the address, and this device's key for its seats in the tab's own storage (never the
    address), so a reload comes back to the same seats."""
    ts = record()
    if ts.code is None or ts.key is None:
        return
    if st.query_params.get("table") != ts.code:
        st.query_params["table"] = ts.code
    if device.kept_table() != (ts.code, ts.key) and ts.kept_sent != (ts.code, ts.key):
        device.keep_table(ts.code, ts.key)
        ts.kept_sent = (ts.code, ts.key)


@ui.guarded
def join(code_text: str | None = None) -> None:
    ts, s = record(), session.store()
    assert s is not None
    if session.me() is None and not (st.session_state.get("tb_my_name") or "").strip():
        ts.message = words.sign_in_or_name()
        return
    try:
        row = s.find_table(code_text if code_text is not None else st.session_state.get("tb_code"),
                           clients=session.clients())
        setup = seating().setup_of(row)
        seat = sit_me(row.code, setup.seats, guests=setup.guests)
    except (StoreError, ValueError) as err:
        ts.message = str(err)
        return
    ts.code, ts.seats, ts.shown_to, ts.message, ts.names = row.code, (seat,), None, None, ()


def choose() -> None:
    """Not at a table: open one, or join one by its code or from the class's list."""
    ts = record()
    st.markdown(words.intro())
    if ts.message:
        st.warning(ts.message)
        ts.message = None
    me, s = session.me(), session.store()
    assert s is not None
    if ts.away_end is not None and me is not None:
        table_sheet.tell_ended(seating(), *ts.away_end)
    if me is None:
        st.text_input(words.your_name(), key="tb_my_name", max_chars=20)
    modes = {"join": words.join_heading, "open": words.open_heading}
    mode = st.segmented_control(words.join_or_open(), list(modes), key="tb_mode", default="join", required=True,
                                format_func=lambda m: modes[m](), label_visibility="collapsed")
    if mode == "open":  # a choice kept across reruns (a tab would jump back to the first on every tap)
        open_form()
        return
    with st.form("tb_join", border=False):
        st.text_input(words.code_label(), key="tb_code", max_chars=12, help=words.code_help(),
                      placeholder=words.code_example())
        st.form_submit_button(words.join_button(), type="primary", on_click=join)
    if me is not None and me.class_code:
        st.markdown(f"**{words.class_tables()}**")
        ts.listed = class_list.listed(s, me.class_code)
        if not ts.listed:
            st.caption(words.no_class_tables())
        for code, names in ts.listed:
            st.button(words.join_this(code, ", ".join(names) or words.nobody_yet()), key=f"tb_join_{code}",
                      on_click=join, args=(code,))
        st.fragment(class_list.look, run_every=class_list.EVERY)(me.class_code)


def open_form() -> None:
    st.selectbox(play_words.game(), GAMES, key="tb_game", format_func=lambda g: GAME_TITLES[g])
    seats = st.segmented_control(words.seats_label(), list(SEATS), key="tb_seats", default=2, required=True)
    # its own line: read whole on a tablet; a choice only four players have
    ui.four_only_box(words.partners_label(), "tb_partners", seats == 4)
    st.segmented_control(words.stand_in_label(), list(BotLevel), key="tb_stand_in", default=BotLevel.GREEDY,
                         required=True, format_func=lambda b: BOT_TITLES[b])
    st.radio(words.call_label(), list(Call), key="tb_call", format_func=lambda c: CALLS[c](), horizontal=True)
    st.checkbox(words.hints_label(), key="tb_hints", value=True)
    shared = st.checkbox(words.pass_and_play(), key="tb_shared")
    if shared:
        me = session.me()
        # the child holding the tablet is player 1, with the name given above
        mine = me.nickname if me is not None else (st.session_state.get("tb_my_name") or "").strip()
        seats = st.session_state.get("tb_seats") or 2
        for row in range(0, seats, 2):  # a row at a time, so the keyboard goes from player 1 to 2, 3 and 4
            cols = st.columns(2)
            for i in range(row, min(row + 2, seats)):
                cols[i - row].text_input(words.player_name(i + 1), key=f"tb_name_{i}", max_chars=20,
                                         value=mine if i == 0 else "")
    st.button(words.open_button(), type="primary", on_click=open_table, key="tb_open")


# ----- at the table -----

def show() -> None:
    watched = st.query_params.get("watch")
    if watched:
        class_tables.watch_page(str(watched))
        return
    ts, s = record(), session.store()
    if s is None or session.state().waiting:
        st.warning(words.not_working())
        return
    push.unfollow(s)  # until the end of this run says which table it shows (if any)
    back_to_seats()
    if ts.code is None:
        device.forget_dropped_table()
        choose()
        return
    keep_in_address()
    read = read_table(s, ts.code, seating().known(ts.code), ts.drawn, seating().made(ts.code))  # one read at most
    if read is not None and read[0].rematch is not None and read[0].rematch != ts.code:
        ts.code, ts.shown_to = read[0].rematch, None  # another child asked for a rematch: the same seats there
        keep_in_address()
        read = read_table(s, ts.code, seating().known(ts.code), ts.drawn)
    if read is None:
        ts.code, ts.message = None, str(StoreError("no-table"))
        choose()
        return
    row = read[0]
    me = session.me()
    if me is not None and len(ts.seats) == 1 and row.seat_of(me.code) is None and row.ended is None:
        ts.forget_learner()  # the teacher took this child off the class (or the table lost the seat)
        ts.message = words.seat_gone()
        choose()
        return
    setup = seating().setup_of(row)
    names = class_tables.names_of(row, setup.seats)
    viewer = ts.seats[0] if len(ts.seats) == 1 else (ts.shown_to if ts.shown_to is not None else -1)
    game = seating().game(ts.code, viewer=viewer, names=class_tables.children_of(row, setup.seats), read=read)
    if not push.live(s):  # while pages are pushed to, this process marks its open pages' seats seen itself
        here(row)
    message, ts.message = ts.message, None
    sheet = Sheet()  # the table's lines and pictures, one element wherever no widget comes between them
    if row.ended is not None and not game.is_over:  # the teacher ended it: how the game stood, then away
        st.info(words.teacher_ended() if game.started else words.table_ended())
        if game.started:
            st.markdown(table_parts.score_lines(game))
        st.button(words.back_to_tables(), on_click=leave, key="tb_back")
        return
    if not game.started:
        waiting_room(row, game, names)
    elif game.is_over:
        over(row, game)
    elif game.between_hands:
        between_hands(game)
    else:
        playing(sheet, row, game, names)
    if message and game.started and not game.is_over:
        sheet.send()
        st.warning(message)
    if game.started and not game.is_over:
        table_sheet.tail(sheet, row.code, game)
    elif game.started:
        story(sheet, game)
    kept = None  # a waiting child's page is one sheet, which a move changes and nothing else: drawn again without a run
    if table_sheet.waiting(row, game, ts.seats) and not message:
        kept = waking.kept_message(sheet.send)[1]
    sheet.send()
    if not game.is_over:
        st.button(words.leave_button(), on_click=leave, key="tb_leave")
    push.follow(s, ts.code, row.version, ts.seats,
                table_sheet.repainting(s, ts, seating(), row, kept) if kept is not None else None)
    ts.drawn = row.version


def name_at(row: TableRow, seat: int) -> str:
    """The seat's name: the child's, or the computer player's."""
    setup = seating().setup_of(row)
    return class_tables.names_of(row, setup.seats)[seat]


def here(row: TableRow) -> None:
    """Tell the store this device is here, every few seconds."""
    ts, s = record(), session.store()
    now = seating().clock()
    if s is None or now - ts.seen_at < SEEN_EVERY or row.ended is not None:
        return
    for seat in ts.seats:
        s.seen(row.code, seat)
    ts.seen_at = now


def leave() -> None:
    ts, s = record(), session.store()
    if ts.code is not None and s is not None:
        try:
            for seat in ts.seats:
                s.leave(ts.code, seat)
        except StoreError:
            pass
    ts.forget_learner()
    for name in ("table", "tk"):
        st.query_params.pop(name, None)
    device.drop_table()


def waiting_room(row: TableRow, game: TableGame, names: tuple[str, ...]) -> None:
    """The table before its game: one element of HTML, as the game's are (the browser loads its way of drawing
    HTML here, once, rather than at the game's first move, where a tablet drew the move's buttons before them)."""
    ts, sheet = record(), Sheet()
    sheet.heading(words.table_heading(row.code), level=2)
    if len(ts.seats) == 1:
        sheet.line(words.tell_the_code())
    held = {s.seat for s in row.seats}
    lines = (words.seat_line(i, names[i]) if i in held else words.seat_empty(i, names[i])
             for i in range(game.setup.seats))
    sheet.add("<ul>" + "".join(f"<li>{sentence(line)}</li>" for line in lines) + "</ul>")
    # the opener starts the game; one who left (or whose tablet is away) hands that to the next child here
    first = next((h.seat for h in sorted(row.seats, key=lambda h: h.seat) if not seating().away(row, h.seat)), 0)
    if first in ts.seats:
        sheet.send()
        st.button(words.start_button(), type="primary", on_click=send, args=("start", first, 0), key="tb_start")
    else:
        sheet.note(words.waiting_for_start(names[first]))
        sheet.send()


def playing(sheet: Sheet, row: TableRow, game: TableGame, names: tuple[str, ...]) -> None:
    ts = record()
    turn = game.current_seat
    assert turn is not None
    table_sheet.head(sheet, row, game, names, ts.seats, seating())
    if turn in ts.seats and len(ts.seats) > 1 and ts.shown_to != turn:
        sheet.send()
        hand_off(game, names, turn)
    elif turn in ts.seats:
        my_move(sheet, game, turn)
    else:
        table_sheet.others_turn(sheet, row.code, game, names, ts.seats)


def hand_off(game: TableGame, names: tuple[str, ...], seat: int) -> None:
    """Pass and play: the tablet goes to the next child; no hand shows until they say it is them."""
    layout = game.view(seat).layout
    if not layout.is_empty:
        svg = drawn(record().code, game, layout, letters=False, counted=not game.pending_call)
        ui.picture(svg, max_width=ui.natural_width(svg, scale=2.0))
    st.markdown(f"## {words.hand_off(names[seat])}")
    st.caption(words.hand_off_note())
    st.button(words.show_my_tiles(names[seat]), type="primary", on_click=show_to, args=(seat,), key="tb_show")


def show_to(seat: int) -> None:
    record().shown_to = seat


def my_move(sheet: Sheet, game: TableGame, seat: int) -> None:
    view = game.view(seat)
    number = game.number
    if view.phase is Phase.CLAIM:
        sheet.line(f"**{play_words.say_your_score()}**")
        svg = drawn(record().code, game, view.layout, counted=False)
        sheet.add(ui.picture_html(svg, max_width=ui.natural_width(svg, scale=2.0)))
        legal = {c.points: c for c in view.legal_actions if isinstance(c, Claim)}
        sheet.line(play_words.what_did_it_score(view.rules.unit.value == "points"))
        sheet.send()
        with st.container(horizontal=True):
            for v in [v for v in claim_choices(view.layout, view.rules) if v in legal]:
                st.button(play_words.no_score() if v == 0 else str(v), key=f"tb_claim_{v}_{number}", on_click=send,
                          args=(str(legal[v]), seat, number))
        return
    if view.phase is Phase.MUGGINS:
        said = next((e.score for e in reversed(game.game.hand.history) if e.kind is EventKind.CLAIM), 0)
        who = game.name(game.game.hand.cur)
        sheet.heading(play_words.call_muggins_hidden(who))
        svg = drawn(record().code, game, view.layout, counted=False)
        sheet.add(ui.picture_html(svg, max_width=ui.natural_width(svg, scale=2.0)))
        sheet.line(play_words.muggins_count_yourself(who, said, view.rules.unit))
        sheet.send()
        with st.container(horizontal=True):  # side by side, not half a screen apart
            st.button(play_words.muggins(), type="primary", on_click=send, args=(str(MUGGINS), seat, number),
                      key=f"tb_muggins_{number}")
            st.button(play_words.let_it_go(), on_click=send, args=(str(LET_GO), seat, number),
                      key=f"tb_letgo_{number}")
        return
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    hints = game.setup.hints
    playable = sorted({str(a.tile) for a in plays}) if hints else None
    hand_svg = hand_picture(view.hand, playable=playable, width=pictures.hand_width(len(view.hand)))
    # the ends lettered only when a tile can go on one (a draw or a pass names none)
    layout_svg = drawn(record().code, game, view.layout, letters=bool(plays)) if not view.layout.is_empty else ""
    if plays:
        sheet.send()
        mode = BoardMode.LEAD if view.layout.is_empty else BoardMode.PLAY
        ui.board(layout_svg, hand_svg, mode=mode, key=f"tb_board_{number}",
                 layout_width=ui.natural_width(layout_svg, scale=2.0) if layout_svg else "",
                 tap=f"{record().code}:{number}:{seat}", tap_session=session.session_id(),
                 on_pick=functools.partial(tapped, seat=seat, number=number))
    else:  # nothing to place: the layout and the child's tiles, as far apart as two elements
        shown = [ui.picture_html(layout_svg, max_width=ui.natural_width(layout_svg, scale=2.0))] if layout_svg else []
        shown.append(ui.picture_html(hand_svg, max_width=f"{pictures.hand_width(len(view.hand))}px",
                                     caption=words.your_tiles()))
        sheet.add(ui.GAP.join(shown))
    if DRAW in view.legal_actions and not plays:
        sheet.note(play_words.nothing_fits_draw())
        sheet.send()
        st.button(play_words.draw(), type="primary", on_click=send, args=("draw", seat, number),
                  key=f"tb_draw_{number}")
    elif PASS in view.legal_actions:
        sheet.note(play_words.cannot_lead() if view.layout.is_empty else play_words.nothing_fits_pass())
        sheet.send()
        st.button(play_words.pass_the_lead() if view.layout.is_empty else play_words.pass_(), type="primary",
                  on_click=send, args=("pass", seat, number), key=f"tb_pass_{number}")
    elif hints and plays:
        sheet.line(play_words.where_tiles_go())
        sheet.send()
        with st.container(horizontal=True):
            for play in plays:
                label = play_words.lead(str(play.tile)) if play.target is None else name_of(view.layout, play)
                st.button(label, on_click=send, args=(str(play), seat, number), key=f"tb_opt_{play}_{number}")


def tapped(pick: dict, *, seat: int, number: int) -> None:
    """A tap on the board drawn for move ``number``, before the run it starts (which then draws the move made):
    a tile then an end, or a lead; a tap that makes no move has its reason kept to be shown."""
    if pick.get("lost"):  # a tap sent to an app process that was gone before it kept it
        record().message = words.tap_not_kept()
        return
    tap = responses.read_tap(pick)
    if tap.problem:
        record().message = tap.problem
    elif tap.token:
        send(tap.token, seat, number)


@ui.guarded
def send(token: str, seat: int, number: int) -> None:
    """A move from this device, made in the position before move ``number``."""
    ts, me = record(), session.me()
    if ts.code is None:
        return
    try:
        outcome = seating().play(ts.code, seat, token, number, learner=me is not None and len(ts.seats) == 1)
    except (StoreError, ValueError) as err:
        ts.message = str(err)
        return
    if outcome.kept:
        held = seating().held(ts.code)
        if len(ts.seats) > 1 and (held is None or held.current_seat != seat):
            ts.shown_to = None  # pass and play: hide this hand before the tablet moves on to another child
        if outcome.decision is not None:
            session.practice().record_decision(outcome.decision)
        return
    ts.message = refusal_words(outcome, shared=len(ts.seats) > 1)


def between_hands(game: TableGame) -> None:
    ts = record()
    res = game.last_result
    assert res is not None
    st.markdown(f"### {words.hand_over(len(game.game.results))}")
    # the game's scores after the count, as the projector shows them (the count alone says only this hand's)
    scores = " · ".join(f"{game.side_name(i)} **{game.game.scores[i]}**" for i in game.sides_seen())
    st.markdown(table_parts.count_lines(game, res, ts.seats) + f"\n\n{words.scores_now()} {scores}")
    seat = ts.seats[0] if ts.seats else 0
    st.button(words.deal_next(), type="primary", on_click=send, args=("next-hand", seat, game.number),
              key=f"tb_next_{game.number}")
    # the hand's last layout under the count, the scores and the next deal: a big one would push them off a tablet
    svg = drawn(ts.code, game, game.game.hands[len(game.game.results) - 1].layout, working=True)
    ui.picture(svg, max_width=ui.natural_width(svg, scale=2.0))


def over(row: TableRow, game: TableGame) -> None:
    """The game's end: who won, said to each child from their own seat, the scores, and how its last hand was
    counted (the count that ended it, as between hands)."""
    st.markdown(f"## {words.game_over()}")
    st.markdown(f"### {table_parts.winner_line(game, record().seats)}")
    st.markdown(table_parts.score_lines(game))
    for line in game.story.log[-1:]:
        st.success(line)
    if game.last_result is not None:
        st.markdown(table_parts.count_lines(game, game.last_result, record().seats))
    with st.container(horizontal=True):
        st.button(words.rematch(), type="primary", on_click=rematch, args=(row.code,), key="tb_rematch")
        st.button(words.back_to_tables(), on_click=leave, key="tb_done")


@ui.guarded
def rematch(code: str) -> None:
    ts, s = record(), session.store()
    assert s is not None
    setup = seating().setup_of(seating().row(code))
    fresh = s.rematch(code, setup.dealt_anew().to_record())
    ts.code, ts.shown_to = fresh, None


def watch() -> None:
    """The page's own slow look at the table it shows (drawn above the page's part, so that a run of the part,
    a click's or a wake's, does not set it up again): every :data:`push.GUARD_EVERY` seconds while moves are
    pushed, every :data:`push.POLL_EVERY` when they are not (:func:`push.follow`)."""
    if st.query_params.get("watch"):
        return  # the projector has a title and a look of its own
    st.title(words.title())  # above the part: a run of the part does not send it again
    s = session.store()
    ts = record()
    ts.look_every = push.GUARD_EVERY if push.live(s) else push.POLL_EVERY
    st.fragment(look, run_every=ts.look_every)()


def look() -> None:
    """While moves are pushed, only whether a push was missed; otherwise, as before the push: tell the store
    this device is still here, let computer players stand in for children away (when this process has no
    driver of its own) and ask whether the table changed. The page is drawn again only when it did."""
    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None or not ctx.fragment_ids_this_run:
        return  # run inline by a whole run of the page, which draws the table just after
    s, ts = session.store(), record()
    code, version = ts.code, ts.drawn
    if s is None or code is None or version is None:
        return
    p = push.of(s)
    if p is not None and p.live:
        if p.behind(code, version):
            st.rerun(scope="app")
        return
    if ts.look_every > push.POLL_EVERY:  # set up while moves were pushed: look as often as a poll needs
        st.rerun(scope="app")
    try:
        row = s.table(code)
        if row is not None:
            here(row)  # a child thinking over a turn, with nothing new to draw, is still here
            if not push.driven(s):
                seating().stand_in(code)
                row = s.table(code)
    except StoreError:
        return  # asked again in a moment
    if row is None or row.version != version:
        st.rerun(scope="app")


ui.run_page("tables", show, part=True, head=watch)
