"""The same deal at every table (duplicate dominoes): after a hand, the tables are compared. With one deal,
every table starts from the same position, so until two tables make different moves their hands are the
same; the first move where they part is the one worth talking about, and each table's score for the
hand says what came of it.

Pure Python: the projector draws what :func:`compare` finds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from trainer.games.table import TableGame
from trainer.rules import Event, EventKind, HandState, Layout


@dataclass(frozen=True)
class TableHand:
    """One table's hand: who sat there, and what each side scored in it (play and count together)."""

    code: str
    sides: tuple[str, ...]
    """Each side's name (partners together)."""
    totals: tuple[int, ...]
    players: tuple[str, ...] = ()
    """Each seat's name."""


@dataclass(frozen=True)
class Choice:
    """What some tables did where the tables parted: the same move at each of them."""

    codes: tuple[str, ...]
    player: int
    move: str
    """The move's record token (``"3-4>4-4"``, ``"draw"``, ``"pass"``, ``"claim 10"``…)."""
    score: int
    """What a play scored there (0 for anything else)."""
    after: Layout
    """The layout after the move (a play shows where it went)."""


@dataclass(frozen=True)
class Comparison:
    hands: tuple[TableHand, ...]
    at: int | None
    """How many moves of the hand all the tables made alike before they parted (``None``: they never
    did: every table played the hand the same way)."""
    before: Layout | None
    """The layout where they parted."""
    choices: tuple[Choice, ...]


def _move(ev: Event) -> str:
    if ev.kind is EventKind.PLAY and ev.play is not None:
        return str(ev.play)
    if ev.kind is EventKind.CLAIM:
        return f"claim {ev.score}"
    return str(ev.kind.value)


def finished_hand(game: TableGame, hand: int) -> bool:
    return len(game.game.results) > hand


def compare(games: Mapping[str, TableGame], hand: int = 0) -> Comparison:
    """Compare the tables (by code) that have finished hand ``hand`` (0: the first); tables still playing
    it are left out. ``ValueError`` if the tables were not dealt the same."""
    done = {code: g for code, g in games.items() if finished_hand(g, hand)}
    seeds = {g.setup.seed for g in games.values()}
    if len(seeds) > 1:
        raise ValueError("only tables with the same deal can be compared")
    hands = tuple(TableHand(code, tuple(g.side_name(s) for s in range(len(g.game.scores))),
                            tuple(g.game.results[hand].totals), tuple(g.name(p) for p in range(g.setup.seats)))
                  for code, g in done.items())
    histories = {code: g.game.hands[hand].history for code, g in done.items()}
    if len(histories) < 2:
        return Comparison(hands, None, None, ())
    shortest = min(len(h) for h in histories.values())
    at = None
    for i in range(shortest + 1):
        seen = {(_move(h[i]), h[i].player) if i < len(h) else None for h in histories.values()}
        if len(seen) > 1:
            at = i
            break
    if at is None:
        return Comparison(hands, None, None, ())
    first = next(iter(done.values())).game.hands[hand]
    before = _layout_after(first.history[:at], first)
    groups: dict[tuple[str, int], list[str]] = {}
    events: dict[tuple[str, int], Event] = {}
    for code, h in histories.items():
        if at < len(h):
            key = (_move(h[at]), h[at].player)
            groups.setdefault(key, []).append(code)
            events[key] = h[at]
    choices = []
    for key, codes in groups.items():
        ev = events[key]
        after = before.play(ev.play) if ev.kind is EventKind.PLAY and ev.play is not None else before
        choices.append(Choice(tuple(codes), ev.player, key[0], ev.score if ev.kind is EventKind.PLAY else 0, after))
    choices.sort(key=lambda c: -c.score)
    return Comparison(hands, at, before, tuple(choices))


def _layout_after(events: Sequence[Event], hand: HandState) -> Layout:
    """The layout after the plays among ``events``, from the hand's empty layout."""
    lay = Layout(variant=hand.rules.variant)
    for ev in events:
        if ev.kind is EventKind.PLAY and ev.play is not None:
            lay = lay.play(ev.play)
    return lay


__all__ = ["Choice", "Comparison", "TableHand", "compare", "finished_hand"]
