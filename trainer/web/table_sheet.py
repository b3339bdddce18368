"""The table as a child's tablet shows it during a hand, in one sheet (:class:`~trainer.web.markup.Sheet`), and a
waiting child's sheet drawn again without a run of the page.

While it is another child's turn, a tablet at a table shows one element above its Leave button: the scores, whose
turn it is, the layout and the child's own tiles, "Waiting for Sam…", the story and the table's code. Every move
changes that element and nothing else on the page, so a move need not run the waiting tablets' pages: the page
keeps the message its sheet went out in (:func:`trainer.web.runtime.waking.kept_message`) and says how to draw it
again (:func:`repainting`); the process's watcher reads the table for the news once, and the sheet goes out again
with its new text (:func:`trainer.web.runtime.waking.repaint`). When what the move changed is more than the sheet
(the child's turn, the hand's end, a rematch, a seat lost), the page runs, as any woken page does.
"""

from __future__ import annotations

import streamlit as st
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from puzzles import pictures
from trainer.games.reads import table_once
from trainer.games.seating import Seating
from trainer.games.table import TableGame
from trainer.rules import Phase
from trainer.store import Store
from trainer.store.tables import MoveRow, SeatRow, TableRow
from trainer.web import class_tables, push, ui
from trainer.web.markup import Sheet
from trainer.web.pagestate import TableState
from trainer.web.table_parts import (
    hand_picture,
    layout_picture,
    played_for,
    score_lines,
    scoreboard,
    story,
    winner_line,
)
from trainer.words import game_tables as words
from trainer.words import language, speaking

Read = tuple[TableRow, list[MoveRow]]


def head(sheet: Sheet, row: TableRow, game: TableGame, names: tuple[str, ...], mine: tuple[int, ...],
         seating: Seating) -> None:
    """The top of the table during a hand, for a device that plays the seats ``mine``: the scores, whose turn it
    is, every child the computer is playing for, and "the computer played for you" to a child just back."""
    scoreboard(sheet, game, names)
    turn = game.current_seat
    assert turn is not None
    shared = len(mine) > 1
    sheet.heading(words.your_turn() if turn in mine and not shared else words.turn_of(names[turn]))
    for held in row.seats:  # every child the computer is playing for, from the moment it takes over
        if held.seat not in mine and seating.away(row, held.seat):
            sheet.caption(words.away(names[held.seat]))
    if not shared and mine and played_for(game, mine[0]):
        sheet.note(words.played_for_you())  # the story's "You played…" lines of that time were the computer's


def others_turn(sheet: Sheet, code: str, game: TableGame, names: tuple[str, ...], mine: tuple[int, ...]) -> None:
    """While another seat is to move: the layout and (on a child's own tablet) their tiles, and who is thinking."""
    turn = game.current_seat
    assert turn is not None
    shared = len(mine) > 1
    layout = game.game.hand.layout  # (the table's: every seat sees it)
    parts: list[str] = []  # the layout and this child's own tiles, one element
    if not layout.is_empty:
        svg = layout_picture(code, game, layout, letters=False, counted=not game.pending_call)
        parts.append(ui.picture_html(svg, max_width=ui.natural_width(svg, scale=2.0)))
    if not shared and mine:
        own = game.game.hand.hand(mine[0])
        parts.append(ui.picture_html(hand_picture(own, width=pictures.hand_width(len(own))),
                                     max_width=f"{pictures.hand_width(len(own))}px", caption=words.your_tiles()))
    if parts:
        sheet.add(ui.GAP.join(parts))
    if not shared and mine:
        phase = game.game.hand.phase_name if game.pending_call else None
        sheet.note(words.waiting_for_score(names[turn]) if phase is Phase.CLAIM
                   else words.waiting_for_muggins(names[turn]) if phase is Phase.MUGGINS
                   else words.waiting_for(names[turn]))


def tail(sheet: Sheet, code: str, game: TableGame) -> None:
    """The story, and the code to come back with (after a reload, or on another tablet); a game under way
    takes a tablet's whole width (its mark closes the side menu once, as on Play a hand)."""
    story(sheet, game)
    sheet.caption(words.table_heading(code))
    sheet.add(ui.wide_mark(f"table-{code}"))


def waiting(row: TableRow, game: TableGame, mine: tuple[int, ...]) -> bool:
    """A child's own tablet while another seat is to move in a hand that goes on: the page is then one sheet above
    its Leave button, which a move changes and nothing else (:func:`repainting`)."""
    return (len(mine) == 1 and row.ended is None and row.rematch in (None, row.code) and game.started
            and not game.is_over and not game.between_hands and game.current_seat is not None
            and game.current_seat not in mine)


def waiting_sheet(row: TableRow, game: TableGame, mine: tuple[int, ...], seating: Seating) -> str:
    """A waiting child's whole sheet, as the page draws it (:func:`waiting`)."""
    sheet = Sheet()
    names = class_tables.names_of(row, game.setup.seats)
    head(sheet, row, game, names, mine, seating)
    others_turn(sheet, row.code, game, names, mine)
    tail(sheet, row.code, game)
    return sheet.html()


def repainting(store: Store, ts: TableState, seating: Seating, row: TableRow,
               message: ForwardMsg) -> push.Repaint | None:
    """How the waiting page just drawn (its sheet sent in ``message``) is drawn again after a move without a run:
    the table read for the news in the watcher's thread, the sheet drawn on the event loop, while the session
    runs nothing (so its copy of the game and its state are the page's alone then)."""
    code, mine, lang = ts.code, ts.seats, language()
    if code is None or len(mine) != 1:
        return None
    holder = _holder(row, mine[0])

    def read(heard: int) -> tuple[Read | None, int]:
        since = seating.known(code)
        return table_once(store, code, since, heard), since

    def draw(got: tuple[Read | None, int]) -> tuple[str, int] | None:
        fresh, since = got
        if (fresh is None or ts.code != code or ts.seats != mine or ts.message or ts.drawn is None
                or seating.known(code) != since or fresh[0].version <= ts.drawn):
            return None
        new = fresh[0]
        if _holder(new, mine[0]) != holder:
            return None  # the seat was left, or taken by another: the page says so
        with speaking(lang):
            game = seating.game(code, viewer=mine[0], names=class_tables.children_of(new, seating.setup_of(new).seats),
                                read=fresh)
            if not waiting(new, game, mine):
                return None  # the child's turn, the hand's end, a rematch: the page runs
            body = waiting_sheet(new, game, mine, seating)
        ts.drawn = new.version
        return body, new.version

    return push.Repaint(message, read, draw)


AWAY_NEWS_FOR = 3 * 3600.0
"""How long after a game ended while its child was away the child is told how it ended (seconds)."""


def ended_while_away(store: Store, seating: Seating, learner_code: str) -> tuple[str, int] | None:
    """The table and seat of the learner's newest game that came to its end in the last hours while the computer
    played for them (every tablet at it closed: the servers play such a table out), if any."""
    found = store.ended_seat_of(learner_code, since=seating.clock() - AWAY_NEWS_FOR)
    if found is None:
        return None
    code, seat = found
    game = _ended_game(seating, code, seat)
    return found if game.is_over and played_for(game, seat) else None


def tell_ended(seating: Seating, code: str, seat: int) -> None:
    """Above the choice of tables: how the game :func:`ended_while_away` found ended, from the child's seat (this
    session's copy of it, which the store is not asked for again: an ended game changes no more)."""
    held = seating.held(code)
    game = held if held is not None and held.told_in == language() else _ended_game(seating, code, seat)
    st.info(f"{words.ended_while_away(code)}\n\n**{winner_line(game, (seat,))}**\n\n{score_lines(game)}")


def _ended_game(seating: Seating, code: str, seat: int) -> TableGame:
    row = seating.row(code)
    return seating.game(code, viewer=seat, names=class_tables.children_of(row, seating.setup_of(row).seats))


def _holder(row: TableRow, seat: int) -> tuple[str | None, str] | None:
    held: SeatRow | None = next((s for s in row.seats if s.seat == seat), None)
    return None if held is None else (held.learner_code, held.nickname)

