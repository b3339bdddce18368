"""Pieces of Play at a table (:mod:`trainer.web.views.tables`) that need none of the page's state: a layout's
picture drawn once a process for all the tablets at a table, a hand's likewise, a table read once a process for
one news, the scoreboard and the story, the words for what happened to a move, and a device back at its seats
marked here."""

from __future__ import annotations

import contextlib
import functools
import html
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from trainer.games.reads import table_once
from trainer.games.seating import Outcome
from trainer.games.story import settlement_lines
from trainer.games.table import NEXT_HAND, START, Refusal, TableGame
from trainer.render import render_hand, render_layout
from trainer.rules import HandResult, Layout
from trainer.store import Store, StoreError
from trainer.store.tables import MoveRow, TableRow
from trainer.web import push
from trainer.web.markup import Sheet
from trainer.words import game_tables as words
from trainer.words import language
from trainer.words import play_page as play_words

PICTURES_KEPT = 512
"""Layout pictures kept by a process (:func:`layout_picture`): a few for each table playing."""
_PICTURES: OrderedDict[tuple[Any, ...], str] = OrderedDict()
_PICTURES_LOCK = threading.Lock()


def layout_picture(code: str | None, game: TableGame, layout: Layout, **how: Any) -> str:
    """The picture of a layout of table ``code`` as it stands (``game``), drawn as ``how`` says: drawn once by the
    process, for every tablet at the table it serves (each shows the same layout after a move), and kept through the
    moves that leave it as it is (a draw, a pass, a score said): a hand's layout only grows."""
    key = (code, game.setup.seed, len(game.past), len(layout.placements), tuple(sorted(how.items())), language())
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


def sat_again(s: Store, code: str, seats: tuple[int, ...]) -> None:
    """A device back at its seats (a reload, or a child back on another tablet) is here from now on: the
    computer stops playing for a child who left before their turn can come round, rather than at the next
    marking of the seats of open pages (:data:`trainer.web.push.SEEN_EVERY`, which marks them anyway when
    the store is away now)."""
    with contextlib.suppress(StoreError):
        s.seen_all([(code, seat) for seat in seats])


def read_table(s: Store, code: str, since: int, drawn: int | None,
               made: int | None = None) -> tuple[TableRow, list[MoveRow]] | None:
    """The table and its moves from ``since`` on (the session's copy holds those before). A run the news asked for
    (a wake: the watcher heard of a version newer than ``drawn``, the one the page drew), or one after this
    session's own move (``made``: the version it left the table at), takes the read another page of this process
    (or the computer players' driver) made for the same news, brought on by the moves since, or waits for it
    (:func:`trainer.games.reads.table_once`)."""
    p = push.of(s)
    heard = p.news.version(code) if p is not None and p.live else None
    if made is not None and (heard is None or made > heard):
        heard = made
    woken = heard if heard is not None and drawn is not None and heard > drawn else None
    return table_once(s, code, since, woken)


def scoreboard(sheet: Sheet, game: TableGame, names: tuple[str, ...]) -> None:
    """The scores by side ("You & Maya", as Play a hand names them), the hand, the target and the boneyard,
    and every seat's tile count (the viewer's as "You")."""
    hand = game.game.hand
    scores = hand.scores
    where = play_words.hand_on(len(game.game.results) + 1, game.game.target, hand.boneyard_size, game.game.rules.unit)
    note = " · ".join([where] + [words.tiles_held(game.name(p) if p == game.viewer else names[p], len(hand.hands[p]))
                                 for p in range(hand.n)])  # "You: 5 tiles" on the child's own tablet, as the scores
    # HTML on the page's sheet, not a row of metrics and a caption: every tablet at the table draws it at every move
    sides = "".join(f'<div class="fives-score"><div class="fives-score-label">{html.escape(game.side_name(side))}'
                    f'</div><div class="fives-score-value">{scores[side]}</div></div>' for side in game.sides_seen())
    sheet.add(f'<div class="fives-scores">{sides}</div><div class="fives-score-note">{html.escape(note)}</div>')


def story(sheet: Sheet, game: TableGame) -> None:
    """What happened this hand, newest first, in one box (its heading scrolls with a long story)."""
    told = game.told()
    lines = ("<ul>" + "".join(f"<li>{html.escape(line, quote=False)}</li>" for line in reversed(told)) + "</ul>"
             if told else f"<p>{html.escape(play_words.just_dealt(), quote=False)}</p>")
    heading = play_words.what_happened()
    box = ('class="fives-story fives-story-long" tabindex="0"' if len(told) > 8  # a box that scrolls, by keyboard too
           else 'class="fives-story"')
    # HTML on the page's sheet, not a box and its text: every tablet at the table draws it again at every move
    sheet.add(f'<div {box} role="region" aria-label="{html.escape(heading)}">'
              f"<p><strong>{html.escape(heading, quote=False)}</strong> "
              f'<span class="fives-story-order">{html.escape(play_words.newest_first(), quote=False)}</span></p>'
              f"{lines}</div>")


def winner_line(game: TableGame, seats: tuple[int, ...]) -> str:
    """Who won, as a child at one of ``seats`` reads it: "You won the game!" (with a partner named), another
    side's name on a child's own tablet, or the winners named on a tablet passed round (or nobody's)."""
    winner = game.game.winner
    if winner is None:
        return play_words.shared_win()
    side = game.game.hand.sides[winner]
    if len(seats) == 1 and seats[0] in side:
        partners = [game.name(p) for p in side if p != seats[0]]
        return f":material/emoji_events: {play_words.won(partners[0] if partners else None)}"
    if len(seats) == 1:
        return play_words.won_this_time(game.side_name(winner))
    return words.side_won(game.side_name(winner))


def score_lines(game: TableGame) -> str:
    """The scores as they stand, a line a side, the viewer's own first (Markdown)."""
    return "\n".join(f"- {game.side_name(i)}: **{game.standing[i]}**" for i in game.sides_seen())


def count_lines(game: TableGame, res: HandResult, seats: tuple[int, ...]) -> str:
    """How a hand was counted (Markdown), told to a child's own tablet (one of ``seats``) as "You"."""
    lines = settlement_lines(res, game.name, game.side_name, learner=seats[0] if len(seats) == 1 else None)
    return "\n".join(f"- {line}" for line in lines)
