"""Why a trap is wrong, said for a child in one short sentence (at most 15 words): what each trap's
record gives as its reason (:attr:`puzzles.registry.Trap.reason`), with the tiles and numbers passed as
fields. The rounding traps' reason is :func:`trainer.words.rounding.rounding_reason`.

And what the child just did, said to them (``you_…``): the first line of the teaching's contrast card,
with the numbers of the puzzle they missed. A teacher reads the trap's name instead
(:func:`puzzles.traps.trap_words`); a child reads about their own answer.

>>> half_a_double("5-5", 10, spinner=True)
'The spinner 5-5 has a free side: it counts both halves, 10.'
>>> covered_end(4, "1-4"), covered_spinner(None)
('The 4 of 1-4 is covered now: it adds nothing.', 'A covered spinner counts 0.')
>>> you_counted_covered(4, "1-4", "4-6")
'You counted the 4 on 1-4, but 4-6 covers it now: it adds nothing.'
>>> you_rounded(12, 15, 10)
'You rounded 12 up to 15, but 12 is only 2 past 10: it goes down to 10.'
"""

from __future__ import annotations

from trainer.words import _


def half_a_double(tile: str | None, value: int, *, spinner: bool) -> str:
    """A double (the spinner, or an arm's) with a free side counts both halves (``tile`` None: no
    such double in sight)."""
    if tile is None:
        return _("A double with a free side counts both halves.")
    if spinner:
        return _("The spinner {tile} has a free side: it counts both halves, {value}.").format(tile=tile, value=value)
    return _("{tile} has a free side: it counts both halves, {value}.").format(tile=tile, value=value)


def covered_spinner(tile: str | None) -> str:
    """A spinner with both sides covered counts nothing (``tile`` None: no such spinner in sight)."""
    if tile is None:
        return _("A covered spinner counts 0.")
    return _("The spinner {tile} has both sides covered: it counts 0.").format(tile=tile)


def covered_end(number: int, tile: str) -> str:
    """The end a tile was just set on is covered: its number stops counting."""
    return _("The {number} of {tile} is covered now: it adds nothing.").format(number=number, tile=tile)


def made_smaller(play: str, before: int, after: int) -> str:
    """A play that scores by making the open-end total smaller."""
    return _("{play} makes the total smaller, {before} → {after}: it scores.").format(
        play=play, before=before, after=after)


def five_without_a_five(working: str) -> str:
    """A play that scores with no 5 on any end: the ends add up to a five (``working``: ``"4 + 6 = 10"``)."""
    return _("No 5 needed: {working} scores.").format(working=working)


# ----- what the child just did, said to them -----


def you_counted_half(tile: str, number: int, value: int, *, spinner: bool) -> str:
    """Counted a double with a free side as one half: ``number`` where it counts ``value``."""
    if spinner:
        return _("You counted the spinner {tile} as {number}, but a side is free: it counts both halves, "
                 "{value}.").format(tile=tile, number=number, value=value)
    return _("You counted {tile} as {number}, but a side is free: it counts both halves, {value}.").format(
        tile=tile, number=number, value=value)


def you_counted_covered_spinner(tile: str, pips: int) -> str:
    """Counted a spinner whose sides are both covered (``pips``: what the child counted it as)."""
    return _("You counted the spinner {tile} as {pips}, but both its sides are covered now: it counts 0.").format(
        tile=tile, pips=pips)


def you_counted_covered(number: int, tile: str, covering: str, *, double: bool = False) -> str:
    """Counted the end ``number`` of ``tile`` that ``covering`` was set on (a ``double``: both its halves)."""
    if double:
        return _("You counted {tile} as {value}, but {covering} covers it now: it adds nothing.").format(
            tile=tile, value=2 * number, covering=covering)
    return _("You counted the {number} on {tile}, but {covering} covers it now: it adds nothing.").format(
        number=number, tile=tile, covering=covering)


def you_rounded(number: int, wrong: int, right: int) -> str:
    """Rounded ``number`` to ``wrong``, the five on the far side, where it rounds to ``right``."""
    if wrong > number:
        return _("You rounded {number} up to {wrong}, but {number} is only {away} past {right}: it goes down "
                 "to {right}.").format(number=number, wrong=wrong, right=right, away=number - right)
    return _("You rounded {number} down to {wrong}, but {number} is only {away} from {right}: it goes up "
             "to {right}.").format(number=number, wrong=wrong, right=right, away=right - number)


def you_missed_combination(play: str, working: str) -> str:
    """Missed a play that scores with no 5 on any end (``working``: ``"4 + 6 = 10"``)."""
    return _("You missed that {play} scores: no 5 on any end, but {working}.").format(play=play, working=working)


def you_missed_lowering(play: str, before: int, after: int) -> str:
    """Missed a play that scores by making the open-end total smaller."""
    return _("You missed that {play} scores: it makes the total smaller, {before} → {after}.").format(
        play=play, before=before, after=after)


def watch_out(reason: str) -> str:
    """The step of a worked example where the trap would bite: ``reason`` is why, for a child."""
    return _("Watch out! {reason}").format(reason=reason)
