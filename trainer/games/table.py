"""A game at a table of children: two to four seats, each played from its own device (or one tablet
passed round), the moves kept in order with their numbers.

Pure Python. The game is rebuilt from its setup and its moves alone (the deal is seeded), so any app
process can serve any seat: it reads the moves kept so far, checks a child's move against the position
they made it in, and keeps it under the next number. A second move for the same number is refused
(:class:`Refusal`), so nothing is played twice; a seat left empty is played by a computer player whose
move is worked out from the position and the move's number alone, so two processes standing in for the
same seat make the same move.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum
from typing import Any

from trainer.bots import BotLevel, make_bot
from trainer.games.rulesets import base_rules
from trainer.games.story import Story
from trainer.rules import (
    Game,
    HandResult,
    IllegalPlay,
    MugginsCall,
    Phase,
    PlayerView,
    RuleSet,
    parse_action,
)
from trainer.words import calls, language, narration
from trainer.words.game_tables import back_at_the_table, computer_plays_for, seat_label
from trainer.words.narration import seat_name

START = "start"
"""The first move of every table: the game begins (seats still empty are played by computer players)."""
NEXT_HAND = "next-hand"
"""The move that deals the next hand once everyone has seen the last one's count."""
SEATS = (2, 3, 4)
"""How many children (and stand-ins) a table seats."""
IDLE_SECONDS = 60.0
"""A seat whose child has not been seen for this long is played by a computer player until they return."""


class Call(StrEnum):
    """What a table asks of a child after a scoring play."""

    OFF = "off"
    """Every score counts by itself."""
    SAY = "say"
    """Say your score: a score not said, or said wrong, is lost."""
    MUGGINS = "muggins"
    """The muggins call: an opponent may call "Muggins!" and take a score not said."""

    @property
    def rule(self) -> MugginsCall:
        return {Call.OFF: MugginsCall.OFF, Call.SAY: MugginsCall.LOSE, Call.MUGGINS: MugginsCall.STRICT}[self]


class Refusal(StrEnum):
    """Why a move was not kept (each has its own kind sentence on the page)."""

    NOT_YOUR_TURN = "not-your-turn"
    STALE = "stale"
    """The move was made in a position that has moved on (another device, or a second tap)."""
    ILLEGAL = "illegal"
    NOT_STARTED = "not-started"
    OVER = "over"
    TAKEN = "taken"
    """Another move got the same number first."""
    ALREADY = "already"
    """The seat's own move got the number first: from the child's other tablet (or a second tap)."""
    PLAYED_FOR_YOU = "played-for-you"
    """The computer, standing in while the child was away, made the seat's move first."""
    DEALT = "dealt"
    """Someone dealt the next hand first."""


@dataclass(frozen=True)
class TableSetup:
    """What the table's opener chose. Kept as a JSON record with the table."""

    game: str = "muggins"
    """A stage (``"muggins"``, ``"all-fives"``, ``"five-up"``) or ``"preset:<id>"`` (docs/rules.md)."""
    seats: int = 2
    partners: bool = True
    """At four seats: seats 0 and 2 play 1 and 3."""
    stand_in: BotLevel = BotLevel.GREEDY
    """The computer player that plays an empty seat."""
    hints: bool = True
    call: Call = Call.OFF
    seed: int = 0
    """The deal: tables opened together with the same seed get the same deal (duplicate dominoes)."""
    guests: bool = False
    """A class's table seats children of other classes and children not signed in too (the teacher
    allows it); otherwise only its own class's children may join it."""

    def rules(self) -> RuleSet:
        """The rule set of the table's game; ``ValueError`` for a game we do not know."""
        return base_rules(self.game).with_options(teams=self.partners and self.seats == 4,
                                                  muggins_call=self.call.rule)

    def dealt_anew(self) -> TableSetup:
        """The same table on a fresh random deal (a new table, a rematch)."""
        return replace(self, seed=secrets.randbelow(2**31))

    def check(self) -> None:
        """``ValueError`` if the table cannot be played (its game, or its number of seats for that game)."""
        if self.seats not in SEATS:
            raise ValueError("a table seats 2, 3 or 4")
        if not isinstance(self.stand_in, BotLevel) or not isinstance(self.call, Call):
            raise ValueError("a table's stand-in and call are chosen from their lists")
        self.rules().check_players(self.seats)

    def to_record(self) -> dict[str, Any]:
        return {**asdict(self), "stand_in": self.stand_in.value, "call": self.call.value}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> TableSetup:
        """The setup kept with a table; ``ValueError`` for a record that is not one."""
        try:
            values = dict(record)
            values["stand_in"] = BotLevel.parse(str(values.get("stand_in", BotLevel.GREEDY)))
            values["call"] = Call(str(values.get("call", Call.OFF)))
            setup = cls(**values)
        except (TypeError, ValueError) as err:
            raise ValueError("that table's setup could not be read") from err
        setup.check()
        return setup


@dataclass(frozen=True)
class Move:
    """One move kept at a table: its number (0, 1, 2 … with no gaps), the seat, the action's token."""

    number: int
    seat: int
    token: str
    by_computer: bool = False
    """Made by the stand-in for a child who was away."""


@dataclass
class TableGame:
    """The game at a table after the moves kept so far (:meth:`extend` with the newer ones)."""

    setup: TableSetup
    game: Game = field(init=False)
    moves: list[Move] = field(default_factory=list)
    viewer: int = -1
    """The seat whose story this copy tells (their own moves are "You …"; ``-1``: nobody's)."""
    names: tuple[str, ...] = ()
    """The children's names by seat (a seat without one is "Seat 2")."""
    quiet: bool = False
    """No story told (the copy of the computer players' driver, which reads none): the moves cost less."""
    story: Story = field(init=False, repr=False)
    """This hand's story from :attr:`viewer`'s seat."""
    past: list[list[str]] = field(default_factory=list, repr=False)
    """The stories of the hands before this one."""
    started: bool = False
    """The first move (:data:`START`) has been made."""
    between_hands: bool = False
    """A hand has just ended and the next is not dealt yet (everyone sees the count first)."""
    last_result: HandResult | None = None
    computer_for: set[int] = field(default_factory=set, repr=False)
    """The children's seats the computer is playing now (their last move was its): the story says when
    it takes over and when the child is back."""
    told_in: str = field(init=False, default="")
    """The language its story was told in (a page switched to another tells it again: :meth:`Seating.game`)."""

    def __post_init__(self) -> None:
        self.setup.check()
        self.told_in = language()
        self.computer_for = set()
        self.game = Game(self.setup.rules(), self.setup.seats, seed=self.setup.seed)
        self.story = Story(self.game.rules, self.name, self.side_name, viewer=self.viewer)
        self.past = []
        kept, self.moves = self.moves, []
        self.extend(kept)

    @classmethod
    def replay(cls, setup: TableSetup, moves: Iterable[Move], *, viewer: int = -1,
               names: tuple[str, ...] = (), quiet: bool = False) -> TableGame:
        return cls(setup, moves=list(moves), viewer=viewer, names=names, quiet=quiet)

    # ----- who is who -----

    def name(self, seat: int) -> str:
        """``"You"`` for the viewer, else the child's name at that seat (a computer's seat has a computer
        player's name, as Play a hand names them)."""
        if seat == self.viewer:
            return seat_name(0)
        names = seat_names(self.names, self.setup.seats)
        return names[seat] if 0 <= seat < len(names) else seat_label(seat)

    def told(self) -> list[str]:
        """This hand's story as the viewer may read it now. While a play's score is still to be said, or an
        opponent may still call Muggins! on it, nobody reads the score: the play is told without it, to
        its player, their partner, every other seat and the projector alike, until it is called or the
        chance has passed."""
        story = self.story
        if not self.pending_call:
            return list(story.log)
        hand = self.game.hand
        if hand.phase_name is Phase.CLAIM and story.untold and story.log:
            return story.log[:-1] + [story.untold]
        if hand.phase_name is Phase.MUGGINS and story.muggins_story:
            told = list(story.muggins_story)
            if hand.caller != self.viewer:
                told.append(calls.may_call(self.name(hand.caller)))
            return told
        return list(story.log)

    def told_lately(self, lines: int = 3) -> list[str]:
        """The end of :meth:`told`, about ``lines`` lines, never starting in the middle of a move (the projector's
        story: a call is told with the play it was made on)."""
        if self.pending_call:
            return self.told()[-lines:]
        return self.story.last_moves(lines)

    @property
    def pending_call(self) -> bool:
        """A play's score is waiting for its call (Say your score) or for an opponent's Muggins!: until
        then no seat is shown the score, nor a picture that tells the open-end total."""
        return self.current_seat is not None and self.game.hand.phase_name in (Phase.CLAIM, Phase.MUGGINS)

    def side_name(self, side: int) -> str:
        """A side's name: a child's, or partners together with the viewer first ("You & Maya", as Play a
        hand says it)."""
        members = sorted(self.game.hand.sides[side], key=lambda p: p != self.viewer)
        if len(members) == 1:
            return self.name(members[0])
        return narration.partners([self.name(p) for p in members])

    @property
    def standing(self) -> Sequence[int]:
        """The scores as they stand: the game's at its end, else the hand's (its points counted as made)."""
        return self.game.scores if self.game.is_over else self.game.hand.scores

    def sides_seen(self) -> list[int]:
        """The sides in the order a tablet lists their scores: the viewer's own first (a child's side is the
        first they look for), then the others in seat order; everyone's in seat order for nobody's view."""
        sides = range(len(self.game.hand.sides))
        return sorted(sides, key=lambda side: self.viewer not in self.game.hand.sides[side])

    # ----- where the game is -----

    @property
    def number(self) -> int:
        """The number the next move will be kept under."""
        return len(self.moves)

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def current_seat(self) -> int | None:
        """The seat to move; ``None`` before the start, between hands (anyone may deal on) and once the
        game is over."""
        if not self.started or self.between_hands or self.game.is_over:
            return None
        return self.game.current_player

    def view(self, seat: int) -> PlayerView:
        """What one seat may see: its own hand, never another's."""
        return self.game.hand.view(seat)

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.game.hand.hands)

    # ----- checking and making moves -----

    def refusal(self, seat: int, token: str, number: int) -> Refusal | None:
        """Why ``token`` from ``seat``, made in the position before move ``number``, cannot be kept
        (``None``: it can)."""
        if number != self.number:
            return Refusal.STALE
        if self.game.is_over:
            return Refusal.OVER
        if not 0 <= seat < self.setup.seats:
            return Refusal.NOT_YOUR_TURN
        if not self.started:
            return None if token == START else Refusal.NOT_STARTED
        if token == START:
            return Refusal.STALE
        if token == NEXT_HAND:
            return None if self.between_hands else Refusal.STALE
        if self.between_hands or self.game.current_player != seat:
            return Refusal.NOT_YOUR_TURN
        try:
            action = parse_action(token)
        except IllegalPlay:
            return Refusal.ILLEGAL
        if action not in self.game.legal_actions():
            return Refusal.ILLEGAL
        return None

    def extend(self, moves: Iterable[Move]) -> None:
        """Apply moves kept after the ones already applied (a move already applied is skipped);
        ``ValueError`` for a move that does not fit (a gap, or one the game refuses)."""
        for move in moves:
            if move.number < self.number:
                continue
            problem = self.refusal(move.seat, move.token, move.number)
            if problem is not None:
                raise ValueError(f"move {move.number} ({move.token!r} by seat {move.seat}) does not fit: {problem}")
            self._apply(move)

    def _apply(self, move: Move) -> None:
        if move.token == START:
            self.started = True
        elif move.token == NEXT_HAND:
            self.between_hands = False
            self.past.append(self.story.new_hand())
        else:
            if not self.quiet:
                self._stand_in_words(move)
            hands = len(self.game.results)
            hand, before = self.game.hand, self.game.hand.layout
            ev = self.game.apply(move.token, player=move.seat)
            if not self.quiet:
                self.story.tell(ev, before, hand, self.game)
            if len(self.game.results) > hands:
                self.last_result = self.game.results[-1]
                self.between_hands = not self.game.is_over
        self.moves.append(move)

    def is_child(self, seat: int) -> bool:
        """A child sits at ``seat`` (a seat with no name is the computer's from the start)."""
        return 0 <= seat < len(self.names) and bool(self.names[seat])

    def _stand_in_words(self, move: Move) -> None:
        """The story says when the computer takes over a child's seat, and when the child is back."""
        if not self.is_child(move.seat):
            return
        you = move.seat == self.viewer
        if move.by_computer and move.seat not in self.computer_for:
            self.computer_for.add(move.seat)
            self.story.log.append(computer_plays_for(self.name(move.seat), you=you))
        elif not move.by_computer and move.seat in self.computer_for:
            self.computer_for.discard(move.seat)
            self.story.log.append(back_at_the_table(self.name(move.seat), you=you))

    def computer_move(self) -> Move:
        """The stand-in's move for the seat to move: the same position and number give the same move,
        whichever process works it out. ``ValueError`` when no seat is to move."""
        seat = self.current_seat
        if seat is None:
            raise ValueError("no seat is to move")
        bot = make_bot(self.setup.stand_in)
        rng = random.Random(f"{self.setup.seed}:{self.number}")
        action = bot.choose(self.view(seat), rng)
        return Move(self.number, seat, str(action), by_computer=True)


def seat_names(children: tuple[str, ...], seats: int) -> tuple[str, ...]:
    """Every seat's name: the child's, or for a seat the computer plays, a computer player's name as Play a
    hand gives them: each seat its own, so that a computer keeps its name while children sit down at the other
    seats (seats 2, 3 and 4 are Leo, Maya and Sam, as Play a hand's; the first seat, where the child who opens a
    table sits, is Nia when nobody does). A name a child at the table has goes to no computer: that seat takes
    a name nobody has."""
    names = (seat_name(4), seat_name(1), seat_name(2), seat_name(3))
    at = [children[seat] if seat < len(children) else "" for seat in range(seats)]
    used = {n for n in at if n}
    for seat in range(seats):  # each computer its own seat's name where no child has it
        if not at[seat] and seat < len(names) and names[seat] not in used:
            at[seat] = names[seat]
            used.add(names[seat])
    spare = [n for n in names if n not in used]
    return tuple(name or (spare.pop(0) if spare else seat_label(seat)) for seat, name in enumerate(at))


def partners_of(setup: TableSetup, seat: int) -> tuple[int, ...]:
    """The seats on ``seat``'s side (itself included)."""
    if setup.partners and setup.seats == 4:
        return (seat % 2, seat % 2 + 2)
    return (seat,)


__all__ = ["IDLE_SECONDS", "NEXT_HAND", "SEATS", "START", "Call", "Move", "Refusal", "TableGame", "TableSetup",
           "partners_of", "seat_names"]
