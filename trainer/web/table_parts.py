"""Pieces of Play at a table (:mod:`trainer.web.views.tables`) that need none of the page's state: a layout's
picture drawn once a process for all the tablets at a table, a hand's likewise, and the words for what happened
to a move."""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from trainer.games.seating import Outcome
from trainer.games.table import NEXT_HAND, START, Refusal, TableGame
from trainer.render import render_hand, render_layout
from trainer.rules import Layout
from trainer.words import game_tables as words
from trainer.words import language

PICTURES_KEPT = 512
"""Layout pictures kept by a process (:func:`layout_picture`): a few for each table playing."""
_PICTURES: OrderedDict[tuple[Any, ...], str] = OrderedDict()
_PICTURES_LOCK = threading.Lock()


def layout_picture(code: str | None, game: TableGame, layout: Layout, **how: Any) -> str:
    """The picture of a layout of table ``code`` as it stands (``game``), drawn as ``how`` says: drawn once by the
    process, for every tablet at the table it serves (each shows the same layout after a move)."""
    key = (code, game.setup.seed, game.number, tuple(sorted(how.items())), language())
    with _PICTURES_LOCK:
        svg = _PICTURES.get(key)
        if svg is not None:
            _PICTURES.move_to_end(key)
            return svg
    svg = render_layout(layout, **how)
    with _PICTURES_LOCK:
        _PICTURES[key] = svg
        while len(_PICTURES) > PICTURES_KEPT:
            _PICTURES.popitem(last=False)
    return svg


@functools.lru_cache(maxsize=PICTURES_KEPT)
def _hand(tiles: tuple[str, ...], playable: tuple[str, ...] | None, width: int, _language: str) -> str:
    return render_hand(tiles, playable=playable, width=width)


def hand_picture(tiles: Sequence[Any], *, playable: Sequence[str] | None = None, width: int) -> str:
    """A hand's picture (:func:`trainer.render.render_hand`), drawn once a process for the same tiles, the same
    playable ones, width and language: a child's hand stays as it is through the other children's moves."""
    return _hand(tuple(str(t) for t in tiles), None if playable is None else tuple(playable), width, language())


def played_for(game: TableGame, seat: int) -> bool:
    """Whether the seat's last move this hand was the computer's (its child is just back)."""
    for move in reversed(game.moves):
        if move.token in (START, NEXT_HAND):
            return False
        if move.seat == seat:
            return move.by_computer
    return False


def refusal_words(outcome: Outcome, *, shared: bool = False) -> str:
    return {
        Refusal.TAKEN: lambda: words.played_first(outcome.first),
        Refusal.ALREADY: words.already_played if shared else words.already_played_elsewhere,
        Refusal.PLAYED_FOR_YOU: words.played_for_you,
        Refusal.DEALT: words.already_dealt,
        Refusal.NOT_YOUR_TURN: words.not_your_turn,
        Refusal.STALE: words.moved_on,
        Refusal.ILLEGAL: words.not_allowed,
        Refusal.NOT_STARTED: words.not_started,
        Refusal.OVER: words.over,
    }[outcome.refusal or Refusal.STALE]()
