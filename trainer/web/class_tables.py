"""A class's tables, as the teacher sees them: on My class, open tables for the class (the same deal at
each, if chosen), see who plays where, the score and whose turn, start or end a table; on the projector,
one table's layout and scores (never a hand), and after a hand of one deal, the tables compared."""

from __future__ import annotations

from urllib.parse import quote

import streamlit as st

from trainer.bots import BotLevel
from trainer.classroom.joining import app_base
from trainer.games.duplicate import Comparison, compare, finished_hand
from trainer.games.guided import BOT_TITLES, GAME_TITLES
from trainer.games.seating import Seating
from trainer.games.story import settlement_lines
from trainer.games.table import SEATS, Call, TableGame, TableSetup, seat_names
from trainer.render import render_layout
from trainer.store import Store, StoreError
from trainer.store.tables import TableRow
from trainer.web import pagestate, push, session, teacher_class, ui
from trainer.words import game_tables as words
from trainer.words import narration
from trainer.words import play_page as play_words

RECENT_SECONDS = 3 * 3600.0
"""My class lists the tables opened in the last three hours."""
GAMES = list(GAME_TITLES)
CALLS = {Call.OFF: words.call_off, Call.SAY: words.call_say, Call.MUGGINS: words.call_muggins}
MOST_TABLES = 10
LIST_EVERY = 5.0
"""How often My class draws its list of tables again by itself (seconds)."""


def seating(s: Store) -> Seating:
    ts = pagestate.tables()
    if ts.seating is None or ts.seating.store is not s:
        ts.seating = Seating(s)
    return ts.seating


def names_of(row: TableRow, seats: int) -> tuple[str, ...]:
    """Every seat's name: the child's, or the computer player's (:func:`seat_names`)."""
    return seat_names(children_of(row, seats), seats)


def children_of(row: TableRow, seats: int) -> tuple[str, ...]:
    """The children's names by seat, for the game's story ("" for a seat the computer plays from the start)."""
    held = {s.seat: s.nickname for s in row.seats}
    return tuple(held.get(i, "") for i in range(seats))


def game_of(s: Store, row: TableRow) -> TableGame:
    setup = seating(s).setup_of(row)
    return seating(s).game(row.code, viewer=-1, names=children_of(row, setup.seats))


def side_of(game: TableGame, row: TableRow, side: int) -> str:
    """A side's name on the teacher's list, a computer player marked as one ("Leo (computer)"): its names are
    Play a hand's, which a child of the class may have too."""
    children = children_of(row, game.setup.seats)
    return narration.partners([game.name(p) if children[p] else words.computer_named(game.name(p))
                               for p in game.game.hand.sides[side]])


def watch_link(code: str) -> str:
    """The address of table ``code`` on the projector, opened in a tab of its own (My class stays open in this one,
    and the new tab finds the class as a reload does: :func:`trainer.web.teacher_class.find_class`)."""
    return f"{app_base(st.context.url)}tables?watch={quote(code, safe='')}"


def status(game: TableGame, names: tuple[str, ...]) -> str:
    """Where a table's game is, in a few words."""
    if not game.started:
        return words.status_waiting()
    if game.is_over:
        return words.game_over()
    if game.between_hands:
        return words.hand_over(len(game.game.results))
    turn = game.current_seat
    return words.turn_of(names[turn]) if turn is not None else ""


# ----- My class -----

def section(s: Store, class_code: str) -> None:
    """My class's tables: open some for the class, and each table's players, score and turn."""
    st.subheader(words.tables_heading())
    st.caption(words.tables_caption())
    problem, pagestate.tables().message = pagestate.tables().message, None
    # a switch that keeps its state (an expander closed again at the form's first choice): a problem comes
    # from the form, so it is open, and stays open to be put right
    if st.toggle(words.open_for_class(), key="ct_form"):
        with st.container(border=True):
            if problem:
                st.warning(problem)
            open_form(class_code)
    st.fragment(table_list, run_every=LIST_EVERY)(class_code)


def table_list(class_code: str) -> None:
    """My class's tables as they stand: drawn with the page, then again by itself every :data:`LIST_EVERY`
    seconds (the scores and whose turn change as the children play, a table starts or ends), and at a click on
    one of its buttons, without the rest of My class."""
    s = session.store()
    if s is None:
        return
    notice = session.take_notice()  # a button here that went wrong says so here (its run draws this alone)
    if notice:
        st.warning(notice)
    with ui.calm("My class's tables"):  # a look of its own while the store is away: said calmly, looked at again
        each_table(s, class_code)


def each_table(s: Store, class_code: str) -> None:
    """Each of the class's recent tables: its players, score and turn, and its buttons."""
    now = seating(s).clock()
    rows = [r for r in s.class_tables(class_code, since=now - RECENT_SECONDS)]
    if not rows:
        st.markdown(words.no_tables_yet())
        return
    deals: dict[str, dict[str, TableGame]] = {}
    for row in rows[:24]:
        try:
            game = game_of(s, row)
        except ValueError:
            continue
        if row.deal:
            deals.setdefault(row.deal, {})[row.code] = game
        names = names_of(row, game.setup.seats)
        scores = " · ".join(f"{side_of(game, row, i)} {v}" for i, v in enumerate(game.standing))
        ended = row.ended is not None
        with st.container(border=True, horizontal=True, vertical_alignment="center"):
            st.markdown(f"**{row.code}** · {GAME_TITLES.get(game.setup.game, game.setup.game)} · "
                        f"{words.table_ended() if ended and not game.is_over else status(game, names)}  \n"
                        f"{scores}")
            st.link_button(words.show_on_projector(), watch_link(row.code), icon=":material/co_present:")
            if not game.started and not ended:
                st.button(words.start_button(), key=f"ct_start_{row.code}", on_click=start, args=(row.code,))
            if not ended and pagestate.tables().ending != row.code:
                st.button(words.end_table(), key=f"ct_end_{row.code}", on_click=ask_end, args=(row.code,))
        if not ended and pagestate.tables().ending == row.code:  # a game stopped for good: asked once more
            with st.container(border=True, horizontal=True, vertical_alignment="center"):
                st.markdown(f"**{words.end_table_sure(row.code)}**")
                st.button(words.end_table_yes(), type="primary", key=f"ct_end_yes_{row.code}", on_click=end,
                          args=(row.code,))
                st.button(words.end_table_no(), key=f"ct_end_no_{row.code}", on_click=ask_end, args=(None,))
    for games in deals.values():  # the tables of one deal, compared after a hand, as on the projector
        finished = [len(g.game.results) for g in games.values()]
        done = sorted(finished, reverse=True)
        if len(done) >= 2 and done[1] >= 1:
            hand = done[1] - 1  # the last hand two tables or more have finished
            with st.expander(f"{words.compare_heading(hand + 1)} ({', '.join(games)})", icon=":material/compare:"):
                same_tiles(games)
                show_comparison(compare(games, hand))


def open_form(class_code: str) -> None:
    st.selectbox(play_words.game(), GAMES, key="ct_game", format_func=lambda g: GAME_TITLES[g])
    c1, c2 = st.columns(2)
    seats = c1.segmented_control(words.seats_label(), list(SEATS), key="ct_seats", default=4, required=True)
    c2.number_input(words.how_many_tables(), 1, MOST_TABLES, 2, key="ct_count")
    ui.four_only_box(words.partners_label(), "ct_partners", seats == 4)  # a line of its own: its words whole
    st.segmented_control(words.stand_in_label(), list(BotLevel), key="ct_stand_in", default=BotLevel.GREEDY,
                         required=True, format_func=lambda b: BOT_TITLES[b])
    st.radio(words.call_label(), list(Call), key="ct_call", format_func=lambda c: CALLS[c](), horizontal=True)
    st.checkbox(words.hints_label(), key="ct_hints", value=True)
    st.checkbox(words.same_deal(), key="ct_same", value=True, help=words.same_deal_help())
    st.checkbox(words.guests_label(), key="ct_guests", value=False)
    st.button(words.open_tables(), type="primary", key="ct_open", on_click=open_tables, args=(class_code,))


@ui.guarded
def open_tables(class_code: str) -> None:
    s = session.store()
    if s is None:
        return
    get = st.session_state.get
    setup = TableSetup(game=get("ct_game") or "muggins", seats=get("ct_seats") or 4,
                       partners=bool(get("ct_partners", True)),
                       stand_in=BotLevel.parse(get("ct_stand_in") or BotLevel.GREEDY),
                       hints=bool(get("ct_hints", True)), call=Call(get("ct_call") or Call.OFF),
                       guests=bool(get("ct_guests", False)))
    count = max(1, min(MOST_TABLES, int(get("ct_count") or 1)))
    try:
        setup.check()
    except ValueError:
        pagestate.tables().message = words.seats_for_game(GAME_TITLES[setup.game],
                                                          TableSetup(game=setup.game).rules().seats)
        return
    if get("ct_same", True):
        seating(s).open_same_deal(setup, count, class_code=class_code)
    else:
        for _ in range(count):
            seating(s).open(setup.dealt_anew(), class_code=class_code)


@ui.guarded
def start(code: str) -> None:
    s = session.store()
    if s is not None:
        push.of(s)  # this process's driver plays the seats nobody sits at, with or without a tablet watching
        seating(s).start(code)


def ask_end(code: str | None) -> None:
    """End this table pressed (``code``), or the teacher's No (``None``)."""
    pagestate.tables().ending = code


@ui.guarded
def end(code: str) -> None:
    pagestate.tables().ending = None
    s = session.store()
    if s is not None:
        s.end_table(code)


# ----- the projector -----

def watch_page(code: str) -> None:
    """One table on the projector: the layout big, the scores, whose turn; never a hand."""
    s = session.store()
    teacher_class.find_class()
    opened = session.opened_class()
    if s is None:
        st.warning(words.not_working())
        return
    row = s.table(code) if isinstance(code, str) else None
    if opened is None or row is None or row.class_code != opened[0]:
        st.info(words.watch_needs_class())
        st.page_link(ui.page_path("teacher"), label=words.open_my_class(), icon=":material/school:")
        return
    ui.whole_width(f"projector-{row.code}", projector=True)  # the room sees the table, not the menu
    with st.container(key="fives-projector"):  # read from the back of the room: page.css sets its sizes
        projected(s, row, code)


def projected(s: Store, row: TableRow, code: str) -> None:
    """What the projector shows of one table, within one 1920×1080 screen."""
    game = game_of(s, row)
    names = names_of(row, game.setup.seats)
    st.markdown(f"# {words.table_heading(row.code)}")
    hand = game.game.hand
    cols = st.columns(len(game.game.scores))
    for side, value in enumerate(game.standing):
        cols[side].metric(game.side_name(side), value)
    # whose turn, who is away, the tiles held: one element; a table the teacher ended says so instead
    ended = row.ended is not None and not game.is_over
    lines = [f"## {words.table_ended() if ended else status(game, names)}"]
    if game.started and not game.is_over and not ended:
        for held in row.seats:  # the children the computer is playing for
            if seating(s).away(row, held.seat):
                lines.append(words.away(names[held.seat]))
    if ended:
        pass  # the scores above are how it stood
    elif game.started and not game.between_hands and not game.is_over:
        lines.append(" · ".join(words.tiles_held(names[p], len(hand.hands[p])) for p in range(hand.n)))
    elif game.last_result is not None:  # the hand's count, as every tablet shows it
        lines.append("\n".join(f"- {line}" for line in settlement_lines(game.last_result, game.name, game.side_name,
                                                                        learner=None)))
    st.markdown("\n\n".join(lines))
    layout = hand.layout if not game.between_hands else game.game.hands[len(game.game.results) - 1].layout
    if not layout.is_empty:
        svg = render_layout(layout, style="projector", working=game.between_hands or game.is_over,
                            counted=not game.pending_call)
        on_screen(svg, max_width=ui.natural_width(svg, scale=5.0))  # read from the back of the room
    told = game.told_lately()  # the last three lines or so, each move whole (a call with its play)
    if told:  # newest first, as on the tablets; the heading and the lines one element (no gap between them)
        st.markdown(f"**{play_words.what_happened()}** :gray[{play_words.newest_first()}]\n\n"
                    + "\n".join(f"- {line}" for line in reversed(told)))
    others = compared(s, row, game) if row.deal else ()
    every = push.follow(s, code, row.version)
    # the tables it waits for change without a move at this one: the projector asks the store about them
    watch_fragment(code, row.version, min(every, push.POLL_EVERY) if others else every, others)


PROJECTOR_HEIGHT = "42vh"
"""The most of the screen's height a layout takes on the projector: the scores above it and the story
under it, in type read from the back of the room (page.css), stay on a 1920×1080 screen."""


CHOICE_HEIGHT = "28vh"
"""The most of the screen's height each different move of a deal's comparison takes (they stand side by side,
under the scores of every table)."""


def on_screen(svg: str, *, max_width: str, height: str = PROJECTOR_HEIGHT) -> None:
    """A layout as large as the projector's screen allows: never wider than the room (no least tile
    size that would push it off the side, as on a tablet) nor taller than ``height``;
    the whole layout scales down to fit."""
    fitted = svg.replace('width="100%"', f'width="100%" style="max-height:{height}"', 1)
    st.markdown(f'<div class="fives-picture" style="max-width:{max_width}">{fitted}</div>', unsafe_allow_html=True)


def compared(s: Store, row: TableRow, game: TableGame) -> tuple[tuple[str, int], ...]:
    """The tables of one deal: which children hold the same tiles; after a hand, every table that has
    finished it, compared (until another has, "waiting for the other tables"). A deal at one table alone
    shows none of it. Returns the deal's other tables, each with its version, while one of them is still to
    finish this table's last hand (the comparison changes when it does)."""
    mates = [r for r in s.class_tables(row.class_code or "", since=row.opened - RECENT_SECONDS) if r.deal == row.deal]
    games = {r.code: game_of(s, r) for r in mates}
    if len(games) < 2:
        return ()  # a deal played at one table alone: nothing to compare it with, nobody to wait for
    same_tiles(games, here=row.code)
    if not game.game.results:
        return ()
    hand = len(game.game.results) - 1  # the last hand this table finished
    playing = tuple((r.code, r.version) for r in mates if not finished_hand(games[r.code], hand))
    done = sum(finished_hand(g, hand) for g in games.values())
    if done < 2:
        # waited for only where another table can still finish the hand: an ended one never will, and one
        # not started yet is said to be so (the teacher may start it), not waited for as if it played
        can = [r for r in mates if r.ended is None and not finished_hand(games[r.code], hand)]  # (not this one)
        if not can:
            return ()
        st.markdown(f"## {words.compare_heading(hand + 1)}")
        if any(games[r.code].started for r in can):
            st.info(words.waiting_for_tables(hand + 1))
        else:
            st.caption(words.tables_not_started(hand + 1))
        return playing
    st.markdown(f"## {words.compare_heading(hand + 1)}")
    if done < len(games):
        st.caption(words.tables_still_playing(len(games) - done))
    show_comparison(compare(games, hand), projector=True)
    return playing


def same_tiles(games: dict[str, TableGame], here: str | None = None) -> None:
    """With one deal, the same seat holds the same tiles at every table: the children who held the same
    tiles, seat by seat (tables in the order of their codes, the table ``here`` first: the projector's own)."""
    seats = min(g.setup.seats for g in games.values())
    tables = sorted(games.items(), key=lambda item: (item[0] != here, item[0]))
    lines = []
    for seat in range(seats):
        children = [f"{g.name(seat)} ({code})" for code, g in tables if g.is_child(seat)]
        if len(children) > 1:
            lines.append(f"- {words.held_the_same(', '.join(children))}")
    if lines:
        st.markdown(f"**{words.same_tiles_heading()}**\n" + "\n".join(lines))


def show_comparison(c: Comparison, *, projector: bool = False) -> None:
    lines = [f"| {words.table_column()} | {words.scores_heading()} |", "|---|---|"]
    for h in c.hands:
        lines.append(f"| {h.code} | " + " · ".join(f"{n} {v}" for n, v in zip(h.sides, h.totals)) + " |")
    st.markdown("\n".join(lines))
    if c.at is None:
        st.markdown(words.played_alike())
        return
    st.markdown(words.parted_after(c.at) if c.at else words.parted_at_once())
    players = {h.code: h.players for h in c.hands}
    cols = st.columns(max(1, len(c.choices)))
    for col, choice in zip(cols, c.choices):
        with col:
            svg = render_layout(choice.after, working=True, style="projector")
            if projector:  # side by side under every table's scores, within the room's one screen
                on_screen(svg, max_width=ui.natural_width(svg, scale=4.0), height=CHOICE_HEIGHT)
            else:
                ui.picture(svg, max_width=ui.natural_width(svg, scale=4.0))
            who = players.get(choice.codes[0], ())
            name = who[choice.player] if choice.player < len(who) else words.seat_label(choice.player)
            st.markdown(f"#### {words.choice_line(', '.join(choice.codes), name, choice.move, choice.score)}")


def watch_fragment(code: str, version: int, every: float, others: tuple[tuple[str, int], ...] = ()) -> None:
    """The projector's own look at its table, every ``every`` seconds: it is woken when the table changes
    (:mod:`trainer.web.push`), so it looks only in case a wake was lost, or asks the store while the push
    does not work. ``others``: the tables of its deal it waits for, each at the version shown; the page is drawn
    again when one of them changes (one may finish the hand the comparison waits for)."""
    st.fragment(projector_look, run_every=every)(code, version, others)


def projector_look(code: str, version: int, others: tuple[tuple[str, int], ...] = ()) -> None:
    s = session.store()
    if s is None:
        return
    try:
        if any(getattr(s.table(other), "version", None) != seen for other, seen in others):
            st.rerun(scope="app")
    except StoreError:
        return  # asked again in a moment
    p = push.of(s)
    if p is not None and p.live:
        if p.behind(code, version):
            st.rerun(scope="app")
        return
    try:
        row = s.table(code)
    except StoreError:
        return
    if row is None or row.version != version:
        st.rerun(scope="app")
