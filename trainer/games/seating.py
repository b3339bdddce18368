"""Tables served from the store: opening, sitting down, making a move, and computer players standing in
for children who are away.

Each device's session keeps its own copy of its table's game (:class:`TableGame`, in its
:class:`Seating`, never shared between threads) and brings it up to date from the store's moves before
it answers; a move is checked against that position and then kept under its number, and the store
refuses a second move for the same number. So any process can serve any seat,
and a move made twice (a double tap, a reload, two devices) is kept once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from trainer.games.reads import advance
from trainer.games.table import IDLE_SECONDS, NEXT_HAND, START, Move, Refusal, TableGame, TableSetup
from trainer.learning.transfer import Decision, decide
from trainer.store import Store
from trainer.store.errors import StoreError
from trainer.store.tables import MoveRow, TableRow
from trainer.words import language

MOST_STAND_IN_MOVES = 400
"""The most moves computer players make in one go (a whole game of four computers is fewer)."""


@dataclass(frozen=True)
class Outcome:
    """What happened to a move: kept, or refused and why (with who moved first, for "Sam played first.")."""

    kept: bool
    refusal: Refusal | None = None
    first: str | None = None
    """The nickname of the seat whose move took the number (a refusal :attr:`Refusal.TAKEN`)."""
    decision: Decision | None = None
    """The learner's choice among the plays they had, for their learner model (a kept play of a child who
    plays for themselves: :meth:`Seating.play`)."""


@dataclass
class Seating:
    """The tables of one store, as one device's session sees them (one a session: its games are
    brought up to date in place)."""

    store: Store
    clock: Callable[[], float] = time.time
    _games: dict[str, TableGame] = field(default_factory=dict)
    _setups: dict[str, TableSetup] = field(default_factory=dict)
    quiet: bool = False
    """Its games tell no story (the computer players' driver's: it reads none)."""
    _made: dict[str, int] = field(default_factory=dict)
    """Each table's version as this session's last kept move left it."""

    # ----- opening and sitting -----

    def open(self, setup: TableSetup, *, class_code: str | None = None, deal: str | None = None) -> str:
        """A new table; ``ValueError`` for a setup that cannot be played."""
        setup.check()
        return self.store.open_table(setup.to_record(), class_code=class_code, deal=deal)

    def open_same_deal(self, setup: TableSetup, tables: int, *, class_code: str) -> list[str]:
        """``tables`` tables with one deal (duplicate dominoes): the hands can be compared afterwards."""
        same = setup.dealt_anew()
        deal = f"{same.seed:08x}"[-8:]
        return [self.open(same, class_code=class_code, deal=deal) for _ in range(max(1, tables))]

    def row(self, code: str) -> TableRow:
        """The table, or :class:`StoreError` "no-table"."""
        row = self.store.table(code)
        if row is None:
            raise StoreError("no-table")
        return row

    def setup_of(self, row: TableRow) -> TableSetup:
        """The table's setup (read from its record once: it never changes)."""
        found = self._setups.get(row.code)
        if found is None:
            found = self._setups[row.code] = TableSetup.from_record(row.setup)
        return found

    # ----- the game -----

    def game(self, code: str, *, viewer: int | None = None, names: tuple[str, ...] | None = None,
             read: tuple[TableRow, list[MoveRow]] | None = None) -> TableGame:
        """The table's game after every move kept so far (this session's copy, brought up to date), its story
        told from ``viewer``'s seat (``-1``: nobody's, as the projector tells it) with the children's
        ``names`` by seat; either left out keeps what this copy had; a copy told in another language than the
        page's now is told again in it. ``read``: the table and its moves from
        :meth:`known` on (or from earlier: the moves this copy holds are skipped), as just read
        (:func:`trainer.web.table_parts.read_table`), so the store is not asked again."""
        mine = self._games.get(code)
        want_viewer = viewer if viewer is not None else (mine.viewer if mine is not None else -1)
        want_names = names if names is not None else (mine.names if mine is not None else ())
        if mine is None or (mine.viewer, mine.names, mine.told_in) != (want_viewer, want_names, language()):
            setup = (mine.setup if mine is not None else
                     self.setup_of(read[0] if read is not None else self.row(code)))
            kept = mine.moves if mine is not None else []
            mine = self._games[code] = TableGame.replay(setup, kept, viewer=want_viewer, names=want_names,
                                                        quiet=self.quiet)
        fresh = read[1] if read is not None else self.store.table_moves(code, since=mine.number)
        mine.extend(Move(m.number, m.seat, m.token, m.by_computer) for m in fresh)
        return mine

    def held(self, code: str) -> TableGame | None:
        """This session's copy of the table's game as it stands, without asking the store (``None``: no copy)."""
        return self._games.get(code)

    def made(self, code: str) -> int | None:
        """The table's version as this session's last kept move left it (``None``: it kept none)."""
        return self._made.get(code)

    def known(self, code: str) -> int:
        """How many of the table's moves this session's copy of its game holds."""
        mine = self._games.get(code)
        return mine.number if mine is not None else 0

    def play(self, code: str, seat: int, token: str, number: int, *, learner: bool = False) -> Outcome:
        """A child's move from ``seat``, made in the position before move ``number``. ``learner``: the move
        is a signed-in child's own, from a device that plays their seat alone (not a tablet passed round),
        so a kept play comes with the :class:`Decision` their learner model records."""
        game = self._games.get(code)
        if game is None or game.number != number:  # this copy is not at the position the move was made in: read
            game = self.game(code)
        problem = game.refusal(seat, token, number)
        if problem is Refusal.STALE and number < game.number:
            return self._taken(code, game, number, seat)
        if problem is not None:
            return Outcome(False, problem)
        decision = (decide(game.view(seat), token, uid=f"{code}-{number}", at=self.clock(), game=game.setup.game)
                    if learner and game.current_seat == seat else None)
        try:
            version = self.store.keep_move(code, number, seat, token)
        except StoreError as err:  # the table ended at its game's last move, kept by another tablet or process
            game = self.game(code)
            if err.reason != "table-ended" or not game.is_over:
                raise
            return self._taken(code, game, number, seat) if number < game.number else Outcome(False, Refusal.OVER)
        if version is not None:
            game.extend([Move(number, seat, token)])  # kept under its number after every move this copy holds
            self._made[code] = version
            advance(self.store, code, version, MoveRow(number, seat, token, False, self.clock()))
            self.close_finished(code, game)
            return Outcome(True, decision=decision)
        return self._taken(code, self.game(code), number, seat)

    def _taken(self, code: str, game: TableGame, number: int, seat: int) -> Outcome:
        """Why a move for ``number`` from ``seat`` came too late: the next hand was dealt, the seat's own
        move was kept first (another tablet, or the computer standing in), or another seat's."""
        if number >= len(game.moves):
            return Outcome(False, Refusal.TAKEN)
        first = game.moves[number]
        if first.token == NEXT_HAND:
            return Outcome(False, Refusal.DEALT)
        if first.seat == seat and first.token != START:
            return Outcome(False, Refusal.PLAYED_FOR_YOU if first.by_computer else Refusal.ALREADY)
        row = self.store.table(code)
        names = {s.seat: s.nickname for s in row.seats} if row else {}
        return Outcome(False, Refusal.TAKEN, names.get(first.seat))

    def start(self, code: str) -> Outcome:
        """The opener starts the game (seats still empty get computer players)."""
        return self.play(code, 0, START, 0)

    # ----- who is here -----

    def away(self, row: TableRow, seat: int) -> bool:
        """Whether ``seat`` is played by a computer now: no child sits there, or their device has not been
        seen for :data:`IDLE_SECONDS`."""
        now = self.clock()
        held = next((s for s in row.seats if s.seat == seat), None)
        return held is None or now - held.seen > IDLE_SECONDS

    def stand_in_move(self, row: TableRow, game: TableGame, *, deal_on: bool = True) -> Move | None:
        """The move a computer player makes now, if any: for the seat to move when its child is away, and
        (``deal_on``) the next hand's deal when every seat is away (a table of computers, or one everyone
        left)."""
        if row.ended is not None:
            return None
        seat = game.current_seat
        if seat is not None:
            return game.computer_move() if self.away(row, seat) else None
        if deal_on and game.between_hands and all(self.away(row, s) for s in range(game.setup.seats)):
            return Move(game.number, 0, NEXT_HAND, by_computer=True)
        return None

    def next_look(self, row: TableRow, game: TableGame) -> float | None:
        """When a child here will have been away long enough for a computer to play for them (``None``: no
        child is to move, so only news of the table can change that)."""
        if row.ended is not None or game.is_over or not game.started:
            return None
        seats = (game.current_seat,) if game.current_seat is not None else tuple(range(game.setup.seats))
        seen = [s.seen for s in row.seats if s.seat in seats]
        return min(seen) + IDLE_SECONDS if seen else None

    def stand_in(self, code: str, *, claim: bool = False, deal_on: bool = True) -> int:
        """Computer players make the moves of the seats whose children are away, until a child is to move
        (or the hand or game ends); returns how many moves were kept. Two processes doing this at once
        work out the same moves, and the store keeps each once; with ``claim``, each move is first claimed
        in the store (:meth:`Store.claim_turn`), so a process that does not get it does not keep it; without
        ``deal_on``, a hand that ends with everyone away waits for a child to deal the next."""
        made = 0
        for _ in range(MOST_STAND_IN_MOVES):
            row = self.row(code)
            game = self.game(code)
            if row.ended is None:
                self.close_finished(code, game)
            move = self.stand_in_move(row, game, deal_on=deal_on)
            if move is None:
                return made
            if claim and not self.store.claim_turn(code, move.number):
                return made
            if self.store.add_move(code, move.number, move.seat, move.token, by_computer=True):
                made += 1
        return made

    def close_finished(self, code: str, game: TableGame) -> None:
        """A game over ends its table, whoever kept its last move (a child's tablet, or a computer player for a
        child away), so that no child sits down in a finished game (ending an ended table changes nothing)."""
        if game.is_over:
            self.store.end_table(code)

    def forget(self, code: str) -> None:
        """Drop this copy of a table's game (a table over, or gone)."""
        self._games.pop(code, None)
        self._setups.pop(code, None)


__all__ = ["Outcome", "Seating"]
