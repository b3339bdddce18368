"""A hand of Play a hand, told move by move, and its end-of-hand count.

>>> played("Maya", "4-6", 6, "2-6", "4 + 5 + 6 = 15", score(15, 3, points_unit=True))
'Maya played 4-6 on the 6 of 2-6: ends 4 + 5 + 6 = 15 — a multiple of five — 15 → 3 points.'
>>> passed("Leo", drew=2)
'Leo drew 2 tiles and passed: nothing fits.'
"""

from __future__ import annotations

from trainer.rules import Unit
from trainer.words import N_, _, ngettext, said
from trainer.words.calls import amount
from trainer.words.scores import points_words

NAMES = (N_("You"), N_("Leo"), N_("Maya"), N_("Sam"), N_("Nia"))
"""The seats: the learner, then the computer players (Play a hand has three at most; a table of four with nobody
sitting yet has four)."""


def seat_name(player: int) -> str:
    return said(NAMES[player])


def score(total: int, points: int, *, points_unit: bool) -> str:
    """What a play scored, after its ends: ``"a multiple of five — 15 → 3 points"``."""
    if points:
        if points_unit:
            return ngettext("a multiple of five — {total} → {n} point", "a multiple of five — {total} → {n} points",
                            points).format(total=total, n=points)
        return ngettext("a multiple of five — {n} point", "a multiple of five — {n} points", points).format(n=points)
    return _("not a multiple of five, no score") if total else _("nothing to score")


def _did(tile: str, number: int | None, target: str | None, beside: bool) -> str:
    if target is None:
        return _("led {tile}").format(tile=tile)
    if beside:
        return _("set {tile} beside the sniff {target}").format(tile=tile, target=target)
    return _("played {tile} on the {number} of {target}").format(tile=tile, number=number, target=target)


def played(who: str, tile: str, number: int | None, target: str | None, working: str, scored: str, *,
           beside: bool = False, drew: int = 0) -> str:
    """A play with its working: who, what, the ends and the score (after the tiles drawn first)."""
    did = _did(tile, number, target, beside)
    if drew:
        return ngettext("{who} drew {n} tile and {did}: ends {working} — {score}.",
                        "{who} drew {n} tiles and {did}: ends {working} — {score}.", drew).format(
            who=who, n=drew, did=did, working=working, score=scored)
    return _("{who} {did}: ends {working} — {score}.").format(who=who, did=did, working=working, score=scored)


def played_unscored(who: str, tile: str, number: int | None, target: str | None, *, beside: bool = False,
                    drew: int = 0) -> str:
    """The learner's play told without its score, while the learner is still to call it."""
    did = _did(tile, number, target, beside)
    if drew:
        return ngettext("{who} drew {n} tile and {did}.", "{who} drew {n} tiles and {did}.", drew).format(
            who=who, n=drew, did=did)
    return _("{who} {did}.").format(who=who, did=did)


def passed(who: str, *, drew: int = 0) -> str:
    if drew:
        return ngettext("{who} drew {n} tile and passed: nothing fits.",
                        "{who} drew {n} tiles and passed: nothing fits.", drew).format(who=who, n=drew)
    return _("{who} passed: nothing fits.").format(who=who)


def passed_the_lead(who: str) -> str:
    return _("{who} passed the lead: no double and no tile that scores by itself.").format(who=who)


def go_again(who: str, *, you: bool) -> str:
    return _("You go again!") if you else _("{who} goes again.").format(who=who)


def turn_ends_no_score(who: str, *, you: bool) -> str:
    """Why a turn that went on stops: the last play neither scored nor was a double."""
    if you:
        return _("Your last tile made no score and was not a double, so your turn ends.")
    return _("{who}'s last tile made no score and was not a double, so the turn ends.").format(who=who)


def turn_ends_nothing_fits(who: str, *, you: bool) -> str:
    """Why a turn that went on stops: nothing left in the hand fits."""
    if you:
        return _("Nothing else in your hand fits, so your turn ends.")
    return _("Nothing else in {who}'s hand fits, so the turn ends.").format(who=who)


def turn_ends_drawn(who: str, *, you: bool) -> str:
    """Why a turn that went on stops: a tile just drawn was played, and that always ends a turn."""
    if you:
        return _("A tile just drawn ends the turn, even when it scores.")
    return _("{who} played a tile just drawn: that ends the turn, even when it scores.").format(who=who)


def called(who: str, points: int) -> str:
    return ngettext("{who} called {n} point.", "{who} called {n} points.", points).format(who=who, n=points)


def forgot_to_call(who: str, points: int) -> str:
    return ngettext("{who} forgot to call {n} point!", "{who} forgot to call {n} points!", points).format(
        who=who, n=points)


def called_wrong(who: str, points: int, made: int) -> str:
    return ngettext("{who} called {n} point, but the play made {made}.",
                    "{who} called {n} points, but the play made {made}.", points).format(
        who=who, n=points, made=points_words(made))


def may_call_muggins(who: str) -> str:
    return _("{who} may call Muggins! and take them.").format(who=who)


def took_muggins(who: str, points: int) -> str:
    return ngettext("{who} called Muggins! and took {n} point.", "{who} called Muggins! and took {n} points.",
                    points).format(who=who, n=points)


def let_go(who: str, points: int) -> str:
    return ngettext("{who} let the missed {n} point go.", "{who} let the missed {n} points go.", points).format(
        who=who, n=points)


def domino(who: str, *, you: bool) -> str:
    if you:
        return _("{who} have no tiles left: domino!").format(who=who)
    return _("{who} has no tiles left: domino!").format(who=who)


def blocked() -> str:
    return _("Blocked: nobody can play, and nothing is left to draw.")


def drew_the_last(who: str, drew: int) -> str:
    """A player drew the boneyard's last tiles and none of them fitted (the hand blocks on it)."""
    return ngettext("{who} drew {n} tile, the last in the boneyard: it fits nowhere.",
                    "{who} drew {n} tiles, the last in the boneyard: none of them fits.", drew).format(who=who, n=drew)


def target_reached(who: str, target: int, unit: Unit, *, you: bool) -> str:
    """The game ends the moment a side reaches the target (``game_end="at-target"``)."""
    if you:
        return _("{who} reached {target}: the game ends at once!").format(who=who, target=amount(target, unit))
    return _("{who} reached {target}: the game ends at once.").format(who=who, target=amount(target, unit))


def target_hit() -> str:
    return _("The target has been hit exactly!")


# ----- the end of a hand -----


def tiles_left(who: str, tiles: str, sums: str, pips: int) -> str:
    """``"Leo: 2-3, 1-1 — 5 + 2 = 7 spots"``: the spots on the tiles, worded apart from a score in pips."""
    return ngettext("{who}: {tiles} — {sums} = {n} spot", "{who}: {tiles} — {sums} = {n} spots", pips).format(
        who=who, tiles=tiles, sums=sums, n=pips)


def no_tiles_left(who: str) -> str:
    return _("{who}: no tiles left").format(who=who)


def hold_together(side: str, pips: int) -> str:
    return ngettext("{side} hold {n} spot together.", "{side} hold {n} spots together.", pips).format(
        side=side, n=pips)


def each_loses(side: str, pips: int, rounded: int, points: int, unit: Unit = Unit.POINTS) -> str:
    """Under "each subtracts own": ``"Leo: 12 rounds to 10 → -2 points."`` (in the game's unit)."""
    if rounded:
        return _("{side}: {pips} rounds to {rounded} → -{amount}.").format(
            side=side, pips=pips, rounded=rounded, amount=amount(points, unit))
    return _("{side}: {pips} rounds to {rounded} → {amount}.").format(
        side=side, pips=pips, rounded=rounded, amount=amount(points, unit))


def shared_count() -> str:
    return _("Two players tied for the fewest spots: they share the third player's count.")


def nobody_scores() -> str:
    return _("A tie for the fewest spots: nobody scores for the tiles left.")


def rounds(pips: int, rounded: int) -> str:
    """``"23 rounds up to 25"`` (a clause of :func:`hands_hold`)."""
    rem = pips % 5
    if rem in (1, 2):
        return _("{pips} rounds down to {rounded}").format(pips=pips, rounded=rounded)
    if rem in (3, 4):
        return _("{pips} rounds up to {rounded}").format(pips=pips, rounded=rounded)
    return _("{pips} is already a multiple of five").format(pips=pips)


def hands_hold(pot: int, how: str, *, every_hand: bool, one_other: bool = False) -> str:
    """``"The other hands hold 23 spots; 23 rounds up to 25."`` (spots on the tiles: a score in pips
    is another thing); ``one_other``: a game of two, "The other hand holds…"."""
    if one_other and not every_hand:
        return ngettext("The other hand holds {n} spot; {how}.", "The other hand holds {n} spots; {how}.",
                        pot).format(n=pot, how=how)
    if every_hand:
        return ngettext("All the hands hold {n} spot; {how}.", "All the hands hold {n} spots; {how}.", pot).format(
            n=pot, how=how)
    return ngettext("The other hands hold {n} spot; {how}.", "The other hands hold {n} spots; {how}.",
                    pot).format(n=pot, how=how)


def winners_score(winners: str, rounded: int, points: int, *, points_unit: bool, plural: bool) -> str:
    """``"You score 25 → 5 points."``: ``plural`` for "You" and partners (they score)."""
    scored = (ngettext("{rounded} → {n} point", "{rounded} → {n} points", points).format(rounded=rounded, n=points)
              if points_unit else amount(points, Unit.PIPS))
    if plural:
        return _("{winners} score {scored}.").format(winners=winners, scored=scored)
    return _("{winners} scores {scored}.").format(winners=winners, scored=scored)


def partners(names: list[str]) -> str:
    """``"You & Maya"``."""
    return _(" & ").join(names)


def your_turn_first() -> str:
    return _("Wait a moment: it is not your turn.")


def wait_for(who: str, *, you: bool) -> str:
    if you:
        return _("Wait a moment: it is your turn.")
    return _("Wait a moment: it is {who}'s turn.").format(who=who)


def not_in_your_hand(tile: str) -> str:
    return _("{tile} is not in your hand.").format(tile=tile)


def tap_tile_then_end() -> str:
    return _("Tap a tile in your hand, then a lettered end.")


def no_such_end(tile: str, number: int) -> str:
    return _("{tile} has no {number}, so it can't go on that end.").format(tile=tile, number=number)


def players_fill(name: str, players: int) -> str:
    """A game for more players than chosen: computer players fill the table."""
    return ngettext("{name} is for {players} players, so {n} computer player joins you.",
                    "{name} is for {players} players, so {n} computer players join you.", players - 1).format(
        name=name, players=players, n=players - 1)
