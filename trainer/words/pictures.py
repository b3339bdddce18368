"""What the pictures say to a screen reader: their titles (``<title>``) and descriptions (``<desc>``).

>>> placed("3-4", "half", 4, "1-4", "right", False)
'3-4 goes on the 4 of 1-4, to the right.'
>>> placed("4-4", "side", 4, "3-4", "below", True)
'4-4 goes against a side of 3-4, below; 4-4 is a spinner.'
"""

from __future__ import annotations

from trainer.words import N_, Said, _, said

SIDES = Said({"right": N_("to the right"), "left": N_("to the left"), "above": N_("above"), "below": N_("below")})
"""Where a tile lies from the tile it is set on."""


def tile_title(tile: object, *, spinner: bool = False, last: bool = False) -> str:
    """A tile in a picture: ``"4-4, a spinner"``, ``"3-4, played last (the dashed outline)"``."""
    if spinner and last:
        return _("{tile}, a spinner, played last (the dashed outline)").format(tile=tile)
    if spinner:
        return _("{tile}, a spinner").format(tile=tile)
    if last:
        return _("{tile}, played last (the dashed outline)").format(tile=tile)
    return str(tile)


def one_tile(tile: object, low: int, high: int, pips: int) -> tuple[str, str]:
    """The title and description of a picture of one tile."""
    return (_("The tile {tile}").format(tile=tile),
            _("{tile}: {low} and {high}, {pips} pips.").format(tile=tile, low=low, high=high, pips=pips))


def in_hand(tile: object, *, chosen: bool) -> str:
    """A tile of the learner's hand."""
    if chosen:
        return _("{tile} in your hand, chosen").format(tile=tile)
    return _("{tile} in your hand").format(tile=tile)


def hand(tiles: list[str]) -> tuple[str, str]:
    """The title and description of the learner's hand."""
    if not tiles:
        return _("Your hand"), _("Your hand: no tiles.")
    return _("Your hand"), _("Your hand: {tiles}.").format(tiles=", ".join(tiles))


def empty_table() -> tuple[str, str, str]:
    """An empty layout's title, description and the words drawn on it."""
    return _("An empty table"), _("The table is empty: the first tile leads."), _("Empty table")


def table_is_empty() -> str:
    return _("The table is empty.")


def leads(tile: object, *, spinner: bool) -> str:
    if spinner:
        return _("{tile} leads and is the spinner.").format(tile=tile)
    return _("{tile} leads.").format(tile=tile)


_PLACED = {
    ("half", False): N_("{tile} goes on the {number} of {target}, {side}."),
    ("side", False): N_("{tile} goes against a side of {target}, {side}."),
    ("end", False): N_("{tile} goes on an end of the spinner {target}, {side}."),
    ("half", True): N_("{tile} goes on the {number} of {target}, {side}; {tile} is a spinner."),
    ("side", True): N_("{tile} goes against a side of {target}, {side}; {tile} is a spinner."),
    ("end", True): N_("{tile} goes on an end of the spinner {target}, {side}; {tile} is a spinner."),
}


def placed(tile: object, via: str, number: int, target: object, side: str, spinner: bool) -> str:
    """Where a tile went: ``via`` is ``"half"``, ``"side"`` or ``"end"``; ``side`` one of :data:`SIDES`."""
    shown = SIDES[side] if side in SIDES else side
    return said(_PLACED[(via, spinner)]).format(tile=tile, number=number, target=target, side=shown)


def open_ends(counts: list[str], working: str) -> str:
    """``"Open ends: the 4 on 1-4 counts 4; …. Open-end total: 4 + 1 = 5."``"""
    return _("Open ends: {ends}. Open-end total: {working}.").format(ends="; ".join(counts), working=working)


def open_ends_to_count(ends: list[str]) -> str:
    """The open ends named for a child who is to count them: ``"Open ends: the 4 on 1-4; …."``."""
    return _("Open ends: {ends}.").format(ends="; ".join(ends))


def layout_title_to_count() -> str:
    """A layout's title while a child is to count its open ends (the total is the answer)."""
    return _("Layout: count its open ends")


def played_last(tile: object) -> str:
    return _("{tile} was played last: it has a dashed outline.").format(tile=tile)


def layout_title(total: int) -> str:
    return _("Layout, open-end total {total}").format(total=total)


def number_line(number: int, start: int, stop: int, *, reveal: bool) -> tuple[str, str]:
    """The title and description of a number line around ``number``."""
    desc = _("A number line from {start} to {stop} with the multiples of five marked.").format(start=start, stop=stop)
    if reveal:
        down = number - number % 5
        desc += " " + _("{number} is marked: {past} past {down}, {before} before {up}.").format(
            number=number, past=number - down, down=down, before=down + 5 - number, up=down + 5)
    return _("Number line around {number}").format(number=number), desc


def place_words(place_id: str) -> str:
    """An end or a covered place named for a child (and a screen reader), from its id (the notation of
    :attr:`trainer.rules.layout.End.id`): ``"1-4:4"`` is "the 4 on 1-4", ``"4-4^4"`` a long side of the sniff 4-4.

    >>> place_words("1-4:4")
    'the 4 on 1-4'
    >>> place_words("4-4^4")
    'a long side of 4-4'
    """
    if "^" in place_id:
        return _("a long side of {tile}").format(tile=place_id.split("^", 1)[0])
    tile, _sep, number = place_id.partition(":")
    return _("the {number} on {tile}").format(number=number, tile=tile) if number else place_id


def end_mark(end_id: str, letter: str, value: int | None) -> str:
    """An open end's mark on the picture, said as a tooltip and by a screen reader:
    ``"open end: the 4 on 1-4, letter A, counts 4"`` (its id, ``"1-4:4"``, is the page's alone)."""
    end = place_words(end_id)
    if letter and value is not None:
        return _("open end: {end}, letter {letter}, counts {value}").format(end=end, letter=letter, value=value)
    if letter:
        return _("open end: {end}, letter {letter}").format(end=end, letter=letter)
    if value is not None:
        return _("open end: {end}, counts {value}").format(end=end, value=value)
    return _("open end: {end}").format(end=end)


def covered_place(place: str, letter: str) -> str:
    """A covered place offered as a choice, for a screen reader: ``"covered place: the 1 on 1-4, letter C"``."""
    return _("covered place: {place}, letter {letter}").format(place=place_words(place), letter=letter)


def best_play_shown(play: str) -> str:
    """Above Practice's picture after a wrong play: the layout drawn is the one after the best play."""
    return _("The picture shows the best play: {play}.").format(play=play)


def last_played_legend() -> str:
    """Under a layout of two tiles or more (Practice, the Projector, a worksheet): what its one dashed outline means."""
    return _("The dashed outline marks the tile played last.")
