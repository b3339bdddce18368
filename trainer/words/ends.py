"""Open ends, as a child finds them on the picture, and what each one adds.

>>> from trainer.rules import Layout
>>> lay = Layout.from_record("1-4 4-4>1-4", variant="muggins")
>>> [end_words(e) for e in lay.open_ends]
['the 1 on 1-4', 'the double 4-4']
>>> [end_counts(e) for e in lay.open_ends]
['the 1 on 1-4 counts 1', '4-4 at an arm end counts both halves, 8']
"""

from __future__ import annotations

from trainer.rules import EndKind, OpenEnd
from trainer.words import _


def end_words(end: OpenEnd) -> str:
    """An end as a child finds it on the picture: ``"the 4 on 1-4"``, ``"the double 4-4"``."""
    if end.kind == EndKind.DOUBLE:
        return _("the double {tile}").format(tile=end.tile)
    if end.kind == EndKind.SPINNER_END:
        return _("the spinner {tile}").format(tile=end.tile)
    return _("the {number} on {tile}").format(number=end.number, tile=end.tile)


def end_counts(end: OpenEnd) -> str:
    """What an end adds, in words for a child: ``"the 4 on 1-4 counts 4"`` (the engine's
    :attr:`~trainer.rules.OpenEnd.words`, said in the reader's language)."""
    tile, number, value = end.tile, end.number, end.value
    if end.kind == EndKind.DOUBLE:
        return _("{tile} at an arm end counts both halves, {value}").format(tile=tile, value=value)
    if end.kind == EndKind.SPINNER_END:
        return _("the spinner {tile} has both sides covered, so it counts 0").format(tile=tile)
    if end.kind == EndKind.SNIFF_END:
        if end.free == 1:
            return _("the sniff {tile}: its free end counts {number}, {value} in all").format(
                tile=tile, number=number, value=value)
        return _("the sniff {tile}: each free end counts {number}, {value} in all").format(
            tile=tile, number=number, value=value)
    if end.kind == EndKind.SNIFF_SIDE:
        return _("a long side of the sniff {tile} takes one tile and counts 0").format(tile=tile)
    if end.kind == EndKind.BESIDE:
        return _("the {number} on {tile}, beside the sniff, counts {value} to the end").format(
            tile=tile, number=number, value=value)
    return _("the {number} on {tile} counts {value}").format(tile=tile, number=number, value=value)
