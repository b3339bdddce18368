"""The computer's advice to a player: the suggested play and its one-line reason.

>>> from trainer.rules import Play
>>> suggestion(Play.parse("1-6>1-4"), 2, points=True, total=10)
'1-6 on 1-4: scores 2 points and leaves the next player a total of 10.'
>>> suggestion(Play.parse("1-6>1-4"), 0, points=False, total=7)
'1-6 on 1-4: scores nothing now and leaves the next player a total of 7.'
"""

from __future__ import annotations

from trainer.rules import Play
from trainer.words import _, ngettext


def where(play: Play) -> str:
    """A play as the advice names it: ``"3-4 on 4-4"``, ``"3-4 beside the sniff 4-4"``, a lead alone."""
    if play.target is None:
        return str(play.tile)
    if play.beside:
        return _("{tile} beside the sniff {target}").format(tile=play.tile, target=play.target)
    return _("{tile} on {target}").format(tile=play.tile, target=play.target)


def nothing_fits(*, can_draw: bool) -> str:
    if can_draw:
        return _("Nothing fits: draw from the boneyard.")
    return _("Nothing fits and nothing is left: pass.")


def draw_now() -> str:
    return _("Drawing now keeps your good tiles for later.")


def suggestion(play: Play, got: int, *, points: bool, total: int) -> str:
    """The suggested play, what it scores, and the total it leaves."""
    if not got:
        return _("{play}: scores nothing now and leaves the next player a total of {total}.").format(
            play=where(play), total=total)
    if points:
        text = ngettext("{play}: scores {n} point and leaves the next player a total of {total}.",
                        "{play}: scores {n} points and leaves the next player a total of {total}.", got)
    else:
        text = ngettext("{play}: scores {n} pip and leaves the next player a total of {total}.",
                        "{play}: scores {n} pips and leaves the next player a total of {total}.", got)
    return text.format(play=where(play), n=got, total=total)


def wait_for_it(play: Play, got: int, *, points: bool, why: str) -> str:
    """A play that scores less now, and why it is still the better one (``why``: a whole sentence)."""
    if not got:
        return _("{play}: scores nothing now — {why}").format(play=where(play), why=why)
    if points:
        text = ngettext("{play}: scores {n} point now — {why}", "{play}: scores {n} points now — {why}", got)
    else:
        text = ngettext("{play}: scores {n} pip now — {why}", "{play}: scores {n} pips now — {why}", got)
    return text.format(play=where(play), n=got, why=why)


def they_could_score(top: object, theirs_top: int, best: object, theirs_best: int) -> str:
    return _("{top} would score more, but then {theirs_top} of the tiles you can't see could score for the next "
             "player; after {best} only {theirs_best} could.").format(
                 top=top, theirs_top=theirs_top, best=best, theirs_best=theirs_best)


def ready_to_score(top: object, mine_top: int, best: object, mine_best: int) -> str:
    return _("{top} would score more now, but {best} leaves {mine_best} of your tiles ready to score next turn "
             "(after {top}: {mine_top}).").format(top=top, mine_top=mine_top, best=best, mine_best=mine_best)
