"""The suggested play on Play a hand, named as its button names it (the end's letter, as on the
picture), with its score in the game's unit and a reason that is true.

>>> play_name("4-5", "B")
'4-5 on end B'
>>> suggestion(play_name("4-5", "B"), score=10, unit="pips", total=10, again=False)
'Try 4-5 on end B. It scores 10 pips and leaves the next player a total of 10.'
>>> suggestion("5-5", score=2, unit="points", total=10, again=False, lead=True)
'Try leading 5-5. It scores 2 points and leaves the next player a total of 10.'
"""

from __future__ import annotations

from trainer.rules import Unit
from trainer.words import _, ngettext, play_page
from trainer.words.calls import amount


def play_name(tile: str, letter: str | None, *, beside: bool = False) -> str:
    """A play as the Play page's buttons name it: ``"3-4 on end B"``, ``"3-4 beside the sniff, end C"``;
    a lead (no end yet) is its tile."""
    if letter is None:
        return tile
    return play_page.beside_sniff(tile, letter) if beside else play_page.on_end(tile, letter)


def suggestion(play: str, *, score: int, unit: Unit, total: int, again: bool, lead: bool = False,
               double: bool = False, others_score: bool = False) -> str:
    """The suggestion and what it does now: its score, and the total it leaves the next player (or
    that the learner goes again, in the games where a score or a double goes on). ``others_score``: another
    play would score now (the reason why this one is better follows)."""
    first = _("Try leading {tile}.").format(tile=play) if lead else _("Try {play}.").format(play=play)
    if again and score:
        then = _("It scores {amount}, so you go again.").format(amount=amount(score, unit))
    elif again:
        then = _("It is a double, so you go again.") if double else _("You go again.")
    elif score:
        then = _("It scores {amount} and leaves the next player a total of {total}.").format(
            amount=amount(score, unit), total=total)
    elif others_score:
        then = _("It scores nothing now and leaves the next player a total of {total}.").format(total=total)
    else:
        then = _("No play scores now; this one leaves the next player a total of {total}.").format(total=total)
    return f"{first} {then}"


def fewer_for_them(play: str, other: str, mine: int, theirs: int, *, score: int) -> str:
    """Why ``play`` beats ``other``, which scores the same now: after ``other`` more of the tiles the
    learner cannot see could score for the next player."""
    if score:
        head = ngettext("{other} scores the same, but after it {n} of the tiles you can't see could score "
                        "for the next player.",
                        "{other} scores the same, but after it {n} of the tiles you can't see could score "
                        "for the next player.", theirs).format(other=other, n=theirs)
    else:
        head = ngettext("After {other}, {n} of the tiles you can't see could score for the next player.",
                        "After {other}, {n} of the tiles you can't see could score for the next player.",
                        theirs).format(other=other, n=theirs)
    if mine == 0:
        tail = _("After {play}, none could.").format(play=play)
    else:
        tail = ngettext("After {play}, only {n} could.", "After {play}, only {n} could.", mine).format(
            play=play, n=mine)
    return f"{head} {tail}"


def more_for_you(play: str, other: str, mine: int, theirs: int) -> str:
    """Why ``play`` beats ``other``, which scores the same now: it leaves more of the learner's own
    tiles ready to score next turn."""
    return ngettext("After {play}, {n} of your tiles could score next turn; after {other}, {m}.",
                    "After {play}, {n} of your tiles could score next turn; after {other}, {m}.",
                    mine).format(play=play, other=other, n=mine, m=theirs)


def bigger_threat(other: str, play: str, other_score: int, threat: int, tiles: int, unseen: int, held: int,
                  after_play: int, unit: Unit) -> str:
    """Why a play that scores less now is still the one to make: the play that scores more would let
    the next player score more, with tiles they are likely to hold."""
    head = ngettext(
        "{other} would score {score} now, but then the next player could score {threat}: {n} of the {unseen} "
        "tile you can't see would do it, and they hold {held} of them.",
        "{other} would score {score} now, but then the next player could score {threat}: {n} of the {unseen} "
        "tiles you can't see would do it, and they hold {held} of them.", unseen).format(
        other=other, score=amount(other_score, unit), threat=amount(threat, unit), n=tiles, unseen=unseen,
        held=held)
    if after_play:
        tail = _("After {play}, they could score no more than {most}.").format(play=play, most=amount(after_play, unit))
    else:
        tail = _("After {play}, no tile could score at all.").format(play=play)
    return f"{head} {tail}"


def draw_now() -> str:
    return _("No play scores now: drawing keeps your good tiles for later.")


def nothing_fits(draw: bool) -> str:
    return _("Nothing fits: draw from the boneyard.") if draw else _("Nothing fits and nothing is left: pass.")
