"""The Rules page's sections on going again (Seven-Toed Pete and Horse Race) and on the muggins call,
the two things Play a hand offers beyond the three learning games. The facts follow docs/rules.md;
the numbers in the worked examples come from the rules engine."""

from __future__ import annotations

from trainer.rules import HandState, Layout, Play, RuleSet, Unit
from trainer.words import _
from trainer.words.calls import amount

GO_AGAIN_EXAMPLE = ("2-3", "3-3>2-3", "3-4>3-3")
"""Going again, play by play (the first double spins, as in Seven-Toed Pete): a score, a double, then
neither."""

def go_again_header() -> str:
    return _("6. Go again: Seven-Toed Pete and Horse Race")


def go_again_intro() -> str:
    return _(
        "In these two games a good play earns another one. **If your play scores, or you play a double, you "
        "play again straight away.** A play that neither scores nor is a double ends your turn, and so does "
        "having nothing that fits."
    )


def go_again_step(tile: str, working: str, score: int, unit: Unit, *, double: bool, lead: bool) -> str:
    """One play of the worked example, with why the turn goes on or ends."""
    if score:
        if lead:
            return _("You lead {tile}: the ends make {working}, which scores {amount}, so you go again.").format(
                tile=tile, working=working, amount=amount(score, unit))
        return _("You play {tile}: the ends make {working}, which scores {amount}, so you go again.").format(
            tile=tile, working=working, amount=amount(score, unit))
    if double:
        return _("You play {tile}: the ends make {working}, no score, but it is a double, so you go again.").format(
            tile=tile, working=working)
    return _("You play {tile}: the ends make {working}, no score and not a double, so your turn ends.").format(
        tile=tile, working=working)


def go_again_example() -> list[tuple[str, Layout, bool]]:
    """The worked example of going again, played by the rules engine: each play's sentence, the layout
    after it, and whether the same player moves next (the sentence must agree)."""
    rules = RuleSet.from_options(variant="all-fives", unit="points", teams=False, chain=True)
    tiles = [token.split(">")[0] for token in GO_AGAIN_EXAMPLE]
    hand = HandState(rules, [[*tiles, "0-0"], ["0-6", "2-5", "5-6"]], [], leader=0)
    steps = []
    for token in GO_AGAIN_EXAMPLE:
        play = Play.parse(token)
        event = hand.apply(token)
        score = event.score if event is not None else 0
        words = go_again_step(str(play.tile), hand.layout.working, score, rules.unit,
                              double=play.tile.is_double, lead=play.target is None)
        steps.append((words, hand.layout, hand.current_player == 0))
    return steps


def go_again_table() -> str:
    """How the two games are dealt and played."""
    return _(
        "- **Four players**, usually as two pairs of partners (on Play a hand: you and Maya against Leo and "
        "Sam). Each takes "
        "**7 tiles**, so all 28 are dealt and there is **no boneyard**.\n"
        "- **The lead must count**: lead a double, or a tile that scores by itself (0-5, 1-4, 2-3, 4-6 or "
        "5-5). If you have neither, you **pass the lead** to the next player; if it goes all the way round, "
        "any tile may lead.\n"
        "- **The lead moves on**: each new hand is led by the next player round the table.\n"
        "- **Seven-Toed Pete** spins only the first double, as in All Fives. **Horse Race** spins every "
        "double, as in Five-Up.\n"
        "- Scores are in **points** (a total of 15 scores 3), and the game is to **61**. When a hand ends, "
        "the side that went out (or holds the fewest pips) takes the other side's tiles, as in All Fives."
    )


def horse_race_pagat() -> str:
    return _(
        "**Horse Race, Pagat's rules** is played by 2, 3 or 4 with a boneyard (7, 6 or 5 tiles each), and "
        "any tile may lead. You go again in the same way, except that **a tile you have just drawn ends your "
        "turn**, even when it scores (the score still counts)."
    )


def muggins_header() -> str:
    return _("7. Say your score: the muggins call")


def muggins_intro() -> str:
    return _(
        "The old game of Muggins and Tidwell's All Fives have one more rule: you must **say what your play "
        "scored** before the next player moves. On Play a hand you play by it, in any game, when you tick "
        "**Muggins call**."
    )


def muggins_points() -> str:
    return _(
        "- **Say it right** and the score is yours.\n"
        "- **Forget, or say the wrong number**, and the next player may call **\"Muggins!\"** and take "
        "the score for their own side. In Tidwell's All Fives nobody takes it: the score is simply lost.\n"
        "- If your play scored nothing, say **No score**: there is nothing to lose.\n"
        "- Say it in the game's own unit: **pips** in the old game of Muggins, the classic All Fives and Sniff "
        "(a total of 15 scores 15); **points** in Five-Up, Seven-Toed Pete, Horse Race and the three learning "
        "games (a total of 15 scores 3)."
    )


def muggins_example(player: str, tile: str, working: str, pips: int, points: int) -> str:
    """A worked call: the same play said in pips and in points."""
    return _(
        "{player} plays {tile} and the ends make {working}. In the old game of Muggins {player} says "
        "\"{in_pips}\"; in the learning games, \"{in_points}\". If {player} says nothing, you may call "
        "\"Muggins!\" and take it."
    ).format(player=player, tile=tile, working=working, in_pips=amount(pips, Unit.PIPS),
             in_points=amount(points, Unit.POINTS))
