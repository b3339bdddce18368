"""What players do in a hand (plays, draws, passes, calls) and the record of what happened."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple, Union

from trainer.rules.errors import IllegalPlay
from trainer.rules.layout import Play
from trainer.rules.reasons import Reason
from trainer.rules.tiles import Tile


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top tile of the boneyard."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Nothing fits and nothing can be drawn: the turn goes on."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Claim:
    """Announce the score of the play just made (the muggins call)."""

    points: int
    """The score announced, in the rule set's unit (0 for "no score")."""

    def __str__(self) -> str:
        return f"claim {self.points}"


@dataclass(frozen=True, slots=True)
class Muggins:
    """After an opponent's missed or wrong call: ``take=True`` calls "Muggins!" and takes the
    points; ``take=False`` lets them go."""

    take: bool

    def __str__(self) -> str:
        return "muggins" if self.take else "let it go"



DRAW = Draw()
PASS = Pass()
MUGGINS = Muggins(True)
LET_GO = Muggins(False)
Action = Union[Play, Draw, Pass, Claim, Muggins]


class EventKind(StrEnum):
    """What an :class:`Event` records. Each member equals its word (``EventKind.PLAY == "play"``),
    the form a record of events is written in."""

    PLAY = "play"
    """A tile was played."""
    DRAW = "draw"
    """A tile was drawn from the boneyard."""
    PASS = "pass"
    """Nothing fitted and nothing could be drawn (or no tile could lead)."""
    CLAIM = "claim"
    """A player announced the score of their play (the muggins call)."""
    MUGGINS = "muggins"
    """An opponent called "Muggins!" and took a missed score."""
    LET_GO = "let-go"
    """An opponent let a missed score go."""


class Event(NamedTuple):
    """One thing that happened in a hand."""

    player: int
    """Who acted."""
    kind: EventKind
    """What happened: a play, a draw, a pass, a claim, or a missed score taken or let go."""
    play: Play | None = None
    """The play, for :attr:`EventKind.PLAY`."""
    tile: Tile | None = None
    """The tile drawn (hidden from other players' views)."""
    total: int = 0
    """Open-end total after a play."""
    score: int = 0
    """What the play made (for a play), or the announced score (for a claim), or the missed score (for a
    muggins call taken or let go)."""
    credited: int = 0
    """What was actually added to the score board for this event."""
    side: int = -1
    """Which side was credited."""
    open_mask: int = 0
    """Bit ``n`` set: number ``n`` was open when a player drew or passed."""

    @property
    def open_numbers(self) -> frozenset[int]:
        """Numbers open on the layout when a player drew or passed (they held none of them,
        unless voluntary drawing is allowed)."""
        return frozenset(n for n in range(7) if self.open_mask >> n & 1)


_event = tuple.__new__  # builds an Event without NamedTuple's keyword handling (hot path)


def parse_action(action: Action | str) -> Action:
    """Read an action: a play token, ``"draw"``, ``"pass"``, ``"claim 3"``, ``"muggins"``."""
    if type(action) is Play or isinstance(action, (Play, Draw, Pass, Claim, Muggins)):
        return action
    if not isinstance(action, str):
        raise IllegalPlay.because(Reason.NOT_A_MOVE, shown=repr(action))
    text = action.strip().lower()
    if text == "draw":
        return DRAW
    if text == "pass":
        return PASS
    if text in ("muggins", "muggins!"):
        return MUGGINS
    if text in ("let it go", "let go"):
        return LET_GO
    if text.startswith("claim"):
        rest = text[5:].strip()
        if not rest.isdigit():
            raise IllegalPlay.because(Reason.CLAIM_NUMBER)
        return Claim(int(rest))
    return Play.parse(action)
