"""What happened since the learner's last move, for a page that shows it moving (Play a hand's tiles slide in,
its scores pop up: :mod:`trainer.render.motion`). Pure Python, read from a hand's history."""

from __future__ import annotations

from dataclasses import dataclass, replace

from trainer.rules import EventKind, HandState


@dataclass(frozen=True)
class Placed:
    """A tile played since the learner last moved (the learner's own last play included)."""

    index: int
    """Its place in the layout's order of play (:attr:`Layout.placements`)."""
    player: int
    """Who played it: the learner is seat 0, so it came from the hand below the table; anyone else's from above."""


@dataclass(frozen=True)
class Scored:
    """A score since the learner last moved: a play's, a call's or a Muggins! taken."""

    player: int
    side: int
    points: int
    """What went on the scoreboard (in the game's unit)."""
    index: int
    """The place in the order of play of the tile whose play made the score."""
    ends: tuple[str, ...]
    """The open ends that counted (end ids), while the layout is still as that play left it; else empty."""


@dataclass(frozen=True)
class News:
    """What happened since the learner last moved, for a page that shows it moving: the tiles played and
    the scores made, in order. :attr:`mark` names this news, so a page plays it once."""

    placed: tuple[Placed, ...] = ()
    scored: tuple[Scored, ...] = ()
    mark: str = ""


def news_since(hand: HandState, start: int, *, mark: str) -> News:
    """The tiles played and the scores made in ``hand`` from its event ``start`` on, in order; the last
    score's ends are given while the layout is still as its play left it. ``mark`` names the game and
    hand: the news's own mark adds where it ends, so each move's news has its own."""
    history = hand.history
    last = sum(1 for ev in history[:start] if ev.kind is EventKind.PLAY) - 1
    placed: list[Placed] = []
    scored: list[Scored] = []
    for ev in history[start:]:
        if ev.kind is EventKind.PLAY:
            last += 1
            placed.append(Placed(last, ev.player))
        if ev.credited > 0 and last >= 0:
            scored.append(Scored(ev.player, ev.side, ev.credited, last, ()))
    layout = hand.layout
    if scored and scored[-1].index == len(layout) - 1:
        scored[-1] = replace(scored[-1], ends=tuple(e.id for e in layout.open_ends if e.value > 0))
    return News(tuple(placed), tuple(scored), f"{mark}-{len(history)}" if placed or scored else "")


__all__ = ["News", "Placed", "Scored", "news_since"]
