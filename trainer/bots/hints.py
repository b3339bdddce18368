"""The suggested play behind the Play page's hints.

The rule a child can trust: **take the sure score**, unless it hands the next player more. The
Expert's look-ahead ranks the plays; its choice is suggested when it scores as much as any play
now. A choice that scores less is suggested only when the play that scores more would let the next
player score so much with a tile the learner cannot see that, counted by the chance the next player
holds one, it outweighs the points given up even if they score all they could after the choice (a
threat the words name, with the numbers); otherwise the best-ranked of the plays that score most
is suggested. The words say only what is true of the position: the score, the total left to the
next player, and against another play the scores it allows. Plays are named as the page's buttons
name them: the tile and the end's letter.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from trainer.bots.players import Expert, play_score, plays_of
from trainer.rules import DRAW, Action, Layout, Phase, Play, PlayerView, Tile, end_letters, play_points
from trainer.words import hints as words

_NO_CHOICE = (Phase.CLAIM, Phase.MUGGINS, Phase.OVER)
"""Where a hand stands when there is no play to suggest: a call to make, or the hand over."""


@dataclass(frozen=True)
class Suggestion:
    """The suggested action, its score now (in the game's unit) and the sentence that suggests it."""

    action: Action
    reason: str
    score: int = 0


def name_of(layout: Layout, play: Play) -> str:
    """``play`` as the Play page's button names it (``"3-4 on end B"``; a lead is its tile)."""
    if play.target is None:
        return words.play_name(str(play.tile), None)
    return words.play_name(str(play.tile), letter_of(layout, play) or "?", beside=play.beside)


def letter_of(layout: Layout, play: Play) -> str | None:
    """The letter of the end ``play`` goes on, as the pictures letter it (``None``: a lead, or an end with none)."""
    if play.target is None:
        return None
    number = layout.play(play).placements[-1].number
    return end_letters(layout).get(f"{play.target}{'^' if play.beside else ':'}{number}")


def goes_again(view: PlayerView, play: Play, score: int) -> bool:
    """In the chaining games: a score or a double from the hand goes on, while a tile in hand still fits."""
    if not view.rules.chain or not (score or play.tile.is_double) or view.drawn == play.tile:
        return False
    after = view.layout.play(play)
    rest = [t for t in view.hand if t != play.tile]
    return any(after.legal_plays([t]) for t in rest)


def scoring_tiles(layout: Layout, tiles: list[Tile]) -> int:
    """How many of ``tiles`` could score if played next on ``layout``."""
    return len({pl.tile for pl, total in layout.totals_after(tiles) if play_points(total)})


def suggest(view: PlayerView, rng: random.Random, *, rollouts: int = 48) -> Suggestion | None:
    """The play to suggest to the viewer, in words (``None`` when the viewer has nothing to decide)."""
    if view.phase in _NO_CHOICE or not view.legal_actions:
        return None
    plays = plays_of(view)
    if not plays:
        act = view.legal_actions[0]
        return Suggestion(act, words.nothing_fits(act is DRAW))
    scores = {p: play_score(view.layout, p, view.rules.unit) for p in plays}
    top = max(scores.values())
    candidates: list[Action] = [p for p in plays if scores[p] == top]
    if not top and DRAW in view.legal_actions:
        candidates.append(DRAW)  # nothing scores, and this game lets a player draw instead
    ranked = Expert(rollouts=rollouts).evaluate(view, rng) if len(view.legal_actions) > 1 else []
    order = [a for a, _ in ranked] or list(view.legal_actions)
    best = next(a for a in order if a in candidates)
    first = order[0]
    if isinstance(first, Play) and isinstance(best, Play) and scores[first] < top:
        # the look-ahead would give up points in hand: only for a threat bigger than the points given up
        warning = risk_words(view, first, best, scores[first], top)
        if warning is not None:
            return said(view, first, scores[first], warning, others_score=True)
    if not isinstance(best, Play):
        return Suggestion(best, words.draw_now())
    others = [p for p in candidates if isinstance(p, Play) and p != best]
    return said(view, best, top, None if goes_again(view, best, top) else why_this_one(view, best, others, top))


def said(view: PlayerView, play: Play, score: int, why: str | None, *, others_score: bool = False) -> Suggestion:
    """The suggestion of ``play`` (which scores ``score`` now), with a reason when there is one."""
    after = view.layout.play(play)
    sentence = words.suggestion(name_of(view.layout, play), score=score, unit=view.rules.unit, total=after.total,
                                again=goes_again(view, play, score), lead=play.target is None,
                                double=play.tile.is_double, others_score=others_score)
    return Suggestion(play, f"{sentence} {why}" if why else sentence, score)


def threat(view: PlayerView, layout: Layout) -> tuple[int, int]:
    """The most the next player could score on ``layout`` with one of the tiles the viewer cannot see,
    and how many of those tiles would score that much."""
    unit = view.rules.unit
    best, count = 0, 0
    for tile in sorted(view.unseen):
        most = max((play_points(total, unit) for _, total in layout.totals_after([tile])), default=0)
        if most > best:
            best, count = most, 1
        elif most == best and most:
            count += 1
    return best, count


def chance_of_any(unseen: int, good: int, held: int) -> float:
    """The chance that ``held`` tiles dealt from ``unseen`` include at least one of ``good`` of them."""
    if good <= 0 or held <= 0:
        return 0.0
    return 1.0 - math.comb(unseen - good, held) / math.comb(unseen, held) if unseen >= held else 1.0


def risk_words(view: PlayerView, play: Play, top: Play, got: int, top_got: int) -> str | None:
    """Why ``play``, which scores ``got``, is better than ``top``, which scores more now: after ``top`` the
    next player could score so much that, counting the chance they hold such a tile, it outweighs the
    points given up, even if they score all they could after ``play``. ``None`` when that is not so
    (then the sure score is suggested), or when the same player goes on (chaining)."""
    if view.rules.chain or goes_again(view, play, got):
        return None
    after_top, after_play = view.layout.play(top), view.layout.play(play)
    (their_top, many), (their_play, _) = threat(view, after_top), threat(view, after_play)
    unseen = len(view.unseen)
    held = view.hand_sizes[(view.player + 1) % view.n_players]
    if chance_of_any(unseen, many, held) * their_top - their_play <= top_got - got:
        return None
    return words.bigger_threat(name_of(view.layout, top), name_of(view.layout, play), top_got, their_top, many,
                               unseen, held, their_play, view.rules.unit)


def why_this_one(view: PlayerView, best: Play, others: list[Play], score: int) -> str | None:
    """Against another play that scores the same now, a true reason to prefer ``best``: fewer of the
    tiles the viewer cannot see could score after it, or more of the viewer's own tiles could.
    ``None`` when no other play is worse in either way (the look-ahead's choice is then told plainly)."""
    if not others:
        return None
    unseen = sorted(view.unseen)
    after_best = view.layout.play(best)
    theirs_best = scoring_tiles(after_best, unseen)
    theirs = {p: scoring_tiles(view.layout.play(p), unseen) for p in others}
    worse = max(others, key=lambda p: theirs[p])
    if theirs[worse] > theirs_best:
        return words.fewer_for_them(name_of(view.layout, best), name_of(view.layout, worse), theirs_best,
                                    theirs[worse], score=score)
    if theirs_best > min(theirs.values()):
        return None  # another play leaves them fewer: no reason of this kind is true
    mine_best = scoring_tiles(after_best, [t for t in view.hand if t != best.tile])
    mine = {p: scoring_tiles(view.layout.play(p), [t for t in view.hand if t != p.tile]) for p in others}
    fewer = min(others, key=lambda p: mine[p])
    if mine_best > mine[fewer]:
        return words.more_for_you(name_of(view.layout, best), name_of(view.layout, fewer), mine_best, mine[fewer])
    return None


def sure_score(view: PlayerView) -> int:
    """The most any legal play scores now (in the game's unit)."""
    return max((play_score(view.layout, p, view.rules.unit) for p in plays_of(view)), default=0)


__all__ = ["Suggestion", "letter_of", "name_of", "suggest", "sure_score", "why_this_one"]
