"""``best-play``: which play of this hand scores most? Answer: a tuple of record tokens — every
legal play that scores the most (each of them is right)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from puzzles.kinds.judging import choice_value, read_play
from puzzles.kinds.making import TOTAL_MISTAKES, Wants, find_position, first_trap, lettered, mistaken_totals
from puzzles.puzzle import Fields, Puzzle, Step, Verdict
from puzzles.registry import AnswerShape, Kind, Scene, per_level, register_kind, trap
from puzzles.stages import Position, Stage
from puzzles.traps import (
    COUNTED_COVERED,
    COVERED_SPINNER,
    DOUBLE_ONCE,
    MISSED_COMBINATION,
    MISSED_LOWERING,
    SPINNER_ONCE,
    is_combination,
    is_lowering,
)
from trainer.render import CELL, render_layout
from trainer.rules import TILES, IllegalPlay, Layout, Play, Tile, play_points
from trainer.words import N_, _
from trainer.words.feedback import alternatives, say, sentence, sentences
from trainer.words.plays import play_words
from trainer.words.scores import points_words, score_words

MASTERY_TRAPS = (SPINNER_ONCE.id, DOUBLE_ONCE.id, COVERED_SPINNER.id, COUNTED_COVERED.id, MISSED_COMBINATION.id,
                 MISSED_LOWERING.id)
"""The traps a child must be past to master this kind, listed by hand: a trap registered later joins them only
when it is written here, so it never becomes a requirement for learners who have mastered the kind already."""

HAND_SIZES = {1: (2, 3), 2: (3, 3), 3: (3, 4)}
LATER_HAND_SIZES = {1: (2, 3), 2: (3, 4), 3: (4, 4)}
"""Generator 2 on: a tile more at levels 2 and 3, so more of the plays score."""
DECOY_HAND_SIZES = {1: (3, 4), 2: (4, 4), 3: (4, 5)}
"""Generator 3 on: a tile more again, room for a play that scores nothing beside three that score."""
DECOY_SHARE = 0.75
"""Generator 3 on: how often a hand holds a play that scores nothing yet leaves a bigger total than the best
play, so that "the play that leaves the biggest total" is no shortcut: the best play leaves the biggest total
that is a multiple of five."""
MOST_PLAYS = 5
"""Generator 3 on: at most this many plays to choose from (one row of buttons under the picture on a
tablet with the side menu open)."""
DECOY_LEAST = 4
"""Generator 3 on: a hand with a decoy has at least this many tiles (three that score beside it: "any play that
scores" is then right one time in three)."""
DECOY_PATIENCE = 100
"""Generator 3 on: positions looked at for a hand with all that is wished (a decoy is rarer in small layouts)."""
THREE_SCORES_PATIENCE = 600
"""Generator 3 on: positions looked at for three plays that score (in hands of three tiles or more) before two
will do."""
GUESS_REFUSAL = 1.0
"""Generator 3 on: a hand is turned down this many times as often as the shortcuts that find its best play do
better than chance on it, summed (:func:`shortcut_shares`)."""
SPECIAL_SHARE = 0.2
"""How often a best-play puzzle is built around a combination or a lowering play."""
LATER_SPECIAL_SHARE = 0.1
"""The same at levels 2 and 3 from generator 2 on, and at every level from generator 3 on (such a play beside
more plays that score is rare, and the coach asks for those traps by name)."""
TWO_SCORES_SHARE = 0.95
"""How often two plays must score different non-zero amounts (at every level)."""
ALL_SCORING_SHARE = 0.75
THREE_SCORES_SHARE = 1.0
"""In hands of three tiles or more, how often three of them score."""
"""How often the rest of a built hand is tiles that cannot be played, so that every play scores and
"pick any play that scores" is no better than a guess."""


def special_words(before: Layout, play: Play, after: Layout) -> str:
    """Name a combination or a lowering play in a child's words ("" for neither)."""
    if is_lowering(before, after):
        target = play.target
        if target is not None and target.is_double:
            return _("Covering {tile} made the total smaller: {before} → {after}.").format(
                tile=target, before=before.total, after=after.total)
        return _("It made the total smaller: {before} → {after}.").format(before=before.total, after=after.total)
    if is_combination(after):
        return _("No 5 needed: {working}.").format(working=after.working)
    return ""


def play_line(play: Play, after: Layout) -> str:
    return _("{play} makes {working}: {score}.").format(play=play_words(play), working=after.working,
                                                        score=score_words(after.total))


TALLEST = 4.0
"""Generator 3 on: the tallest layout, in tile lengths (drawn with its end letters, its tiles at their smallest
on a tablet, 56 px, it is then at most about 280 px tall: the question, the hand and a row of plays fit)."""


def too_tall(lay: Layout) -> bool:
    """Whether a layout's picture is taller than :data:`TALLEST` tile lengths."""
    found = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"', render_layout(lay, working=False))
    return found is not None and float(found.group(2)) > TALLEST * 4 * CELL


def make_best_play(stage: Stage, level: int, rng: random.Random, generator: int) -> Fields:
    hunt = _Hunt.wishes(level, rng, generator)
    return find_position(stage, level, rng, hunt.accept)


@dataclass
class _Hunt:
    """What a best-play maker hopes to find, drawn once per puzzle, and the search for a hand that has it."""

    rng: random.Random
    low: int
    high: int
    """The hand sizes of the level."""
    special: bool
    """Built around a combination or a lowering play."""
    two_scores: bool
    """Two plays that score different non-zero amounts."""
    all_scoring: bool
    """The rest of a built hand is tiles that cannot be played."""
    three_scores: bool
    """In hands of three tiles or more, three of them score."""
    later: bool
    """Generator 2 on: three plays that score in hands of three, the biggest tile best less often."""
    wants: Wants
    decoy: bool | None = None
    """Generator 3 on: whether a play that scores nothing leaves a bigger total than the best play (None
    before generator 3)."""

    @classmethod
    def wishes(cls, level: int, rng: random.Random, generator: int) -> _Hunt:
        """The wishes, drawn from ``rng`` in a fixed order (codes depend on it)."""
        sizes = DECOY_HAND_SIZES if generator >= 3 else LATER_HAND_SIZES if generator >= 2 else HAND_SIZES
        low, high = sizes[level]
        wants = Wants(80)
        special = rng.random() < (LATER_SPECIAL_SHARE if generator >= 3 or generator >= 2 and level >= 2
                                  else SPECIAL_SHARE)
        two_scores = not special and (rng.random() < TWO_SCORES_SHARE or generator >= 2)
        all_scoring = rng.random() < ALL_SCORING_SHARE
        three_scores = rng.random() < THREE_SCORES_SHARE
        later = generator >= 2
        decoy = rng.random() < DECOY_SHARE if generator >= 3 else None
        if decoy:
            low = max(low, DECOY_LEAST)
        if decoy is not None:
            wants.patience = DECOY_PATIENCE
        return cls(rng, low, high, special, two_scores, all_scoring or later, three_scores, later, wants, decoy)

    def accept(self, pos: Position, want_trap: bool) -> Fields | None:
        """The puzzle's fields from a position, or None when no hand of it will do."""
        rng = self.rng
        keen = self.wants.tick()
        size = rng.randint(self.low, self.high)
        lay = pos.layout
        sizes = [size] + [x for x in range(self.low, self.high + 1) if x != size]
        cut = None
        # the player to move first, then the other hands, then any tiles off the table (late in a
        # hand the real hands are small)
        me = pos.hand
        placed = {t.id for t in lay.tiles}
        off_table = tuple(t for t in TILES if t.id not in placed)
        for full in [me] + [h for h in pos.leftovers if h != me] + [off_table]:
            every = lay.totals_after(full)  # cheap totals first; layouts only for the chosen hand
            if not self.promising(lay, every, keen):
                continue
            cut = next((c for n in sizes if (c := self.cut_hand(lay, list(full), every, n, keen)) is not None), None)
            if cut is not None:
                break
        if cut is None:
            return None
        hand, outcomes, pts = cut
        if self.decoy is not None and too_tall(lay):
            return None  # generator 3: a layout that leaves no room on a tablet for the hand and the plays
        order = list(range(len(outcomes)))
        rng.shuffle(order)  # the choices in no telling order
        return best_play_fields(lay, hand, [outcomes[i] for i in order], [pts[i] for i in order])

    def promising(self, lay: Layout, every: list[tuple[Play, int]], keen: bool) -> bool:
        """Whether some cut of a hand whose plays give these totals can have what is wished."""
        scores = {play_points(total) for _, total in every} - {0}
        if not scores:
            return False
        if keen and self.two_scores and len(scores) < 2:
            return False  # no cut of this hand can have two different scores
        if keen and self.two_scores and self.three_scores and self.high >= 3 and \
                len({pl.tile for pl, t in every if play_points(t)}) < 3:
            return False  # three tiles that score: "any play that scores" is then a guess
        if keen and self.special and not any(play_points(t) and (t < lay.total or t % 10 and t % 10 != 5)
                                             for _, t in every):
            return False  # nothing here lowers the total or adds up to a five without one
        return True

    def cut_hand(self, lay: Layout, full: list[Tile], every: list[tuple[Play, int]], size: int,
                 keen: bool) -> tuple[list[Tile], list[tuple[Play, Layout]], list[int]] | None:
        """A hand of ``size`` tiles cut from a real one, whose plays score differently."""
        if len(full) < size:
            return None
        rng = self.rng
        built = self.build_hand(lay, full, every, size, keen)
        for attempt in range(4):
            if built is not None and attempt == 0:
                hand = built
            elif keen and self.decoy is not None:
                break  # generator 3: a hand cut at random seldom has all that is wished
            else:
                rng.shuffle(full)
                hand = sorted(full[:size])
            chosen = [(pl, total) for pl, total in every if pl.tile in hand]
            pts = [play_points(total) for _, total in chosen]
            if self.fits(chosen, pts, size, keen):
                outcomes = [(pl, lay.play(pl)) for pl, _ in chosen]
                if keen and self.special:
                    top = [(pl, after) for (pl, after), v in zip(outcomes, pts) if v == max(pts)]
                    if not all(special_words(lay, pl, after) for pl, after in top):
                        continue
                if keen and self.decoy is not None and self.too_guessable(outcomes, pts):
                    continue
                return hand, outcomes, pts
        return None

    def fits(self, chosen: list[tuple[Play, int]], pts: list[int], size: int, keen: bool) -> bool:
        """Whether a cut hand's plays (and what they score) are as wished."""
        if len(chosen) < 2 or len(set(pts)) < 2 or max(pts) == 0:
            return False
        if self.decoy is not None and len(chosen) > MOST_PLAYS:
            return False  # generator 3: the plays fit one row of buttons on a tablet
        later, two_scores = self.later, self.two_scores
        if later and sum(1 for x in pts if x) < 2:
            return False  # a lone scoring play is found by "pick the one that scores"
        if keen and two_scores and len({x for x in pts if x}) < 2:
            return False
        scoring = sum(1 for x in pts if x)
        three = later and (two_scores or self.decoy is not None) and size >= 3  # generator 3: special hands too
        if self.decoy is not None and size >= 3 and scoring < 3 and self.wants.tries <= THREE_SCORES_PATIENCE:
            return False  # generator 3: three plays that score even once other wishes are given up
        if keen and (pts.count(max(pts)) > 1 or scoring < (3 if three else 2)):
            return False  # one best play, and others that score: "any play that scores" is a guess
        if keen and later and not self.special and len(chosen) > 2 and scoring == 2:
            return False  # two plays that score beside one that does not: picking a scoring one halves it
        if keen and self.decoy and not any(not x and total > chosen[pts.index(max(pts))][1]
                                           for (_, total), x in zip(chosen, pts)):
            return False  # no play that scores nothing leaves more than the best one
        top = chosen[pts.index(max(pts))][0].tile
        if keen and top == max((pl.tile for pl, _ in chosen), key=lambda t: t.pips) and \
                self.rng.random() < (0.65 if later else 0.5):
            return False  # the biggest tile is the best one no more often than by chance
        return True

    def too_guessable(self, outcomes: list[tuple[Play, Layout]], pts: list[int]) -> bool:
        """Generator 3 on: whether to turn down a hand on which shortcuts find the best play, the more
        often the better they do on it (so that over many hands each does no better than chance)."""
        chance = 1 / len(outcomes)
        excess = sum(max(0.0, share - chance) for share in shortcut_shares(outcomes, pts))
        return self.rng.random() < GUESS_REFUSAL * excess

    def build_hand(self, lay: Layout, full: list[Tile], every: list[tuple[Play, int]], size: int,
                   keen: bool) -> list[Tile] | None:
        """Put a wanted hand together on purpose: two tiles that score differently, or one special
        scoring tile among tiles that score nothing."""
        if not keen or not (self.two_scores or self.special):
            return None
        playable = sorted({pl.tile for pl, _ in every})
        best: dict[Tile, int] = {}
        most: dict[Tile, int] = {}
        for pl, total in every:
            best[pl.tile] = max(best.get(pl.tile, 0), play_points(total))
            most[pl.tile] = max(most.get(pl.tile, 0), total)
        if self.two_scores:
            return self.two_scorers(full, playable, best, most, size)
        rng = self.rng
        dull = [t for t in playable if not best[t]]
        plain = {pl.tile for pl, total in every if play_points(total) and not special_words(lay, pl, lay.play(pl))}
        good = [t for t in playable if best[t] and t not in plain]
        if not good:
            return None
        g = rng.choice(good)
        lower = [t for t in plain if best[t] < best[g] and t != g]  # a plain play that scores less
        core = [g] + rng.sample(sorted(lower), min(len(lower), size - 1, 2))
        if not lower:
            return None  # a special play beside a plain one that scores less, or look further
        return self.fill(full, best, most, core, size) if lower else sorted(core + rng.sample(dull, size - 1))

    def two_scorers(self, full: list[Tile], playable: list[Tile], best: dict[Tile, int], most: dict[Tile, int],
                    size: int) -> list[Tile] | None:
        """A hand with two (or three) tiles that score different amounts, the best not the biggest
        tile more often than by chance."""
        rng = self.rng
        scorers = [t for t in playable if best[t]]
        k = 3 if size >= 3 and self.three_scores and len(scorers) >= 3 else 2
        if self.later and k == 3 and len(scorers) >= size:
            k = size - 1 if self.decoy else size  # every tile of the hand scores, or all but a decoy
        for _try in range(12):
            if len(scorers) < k:
                return None
            core = rng.sample(scorers, k)
            values = sorted((best[t] for t in core), reverse=True)
            if len(set(values)) < 2 or values[0] == values[1]:
                continue
            top = max(core, key=lambda t: best[t])
            if top == max(core, key=lambda t: t.pips) and rng.random() > (0.45 if self.later else 0.6) / k:
                continue  # the biggest tile is best no more often than by chance
            hand = self.fill(full, best, most, core, size)
            if hand is not None or self.decoy is None:
                return hand
        return None

    def fill(self, full: list[Tile], best: dict[Tile, int], most: dict[Tile, int], core: list[Tile],
             size: int) -> list[Tile] | None:
        """The rest of the hand around ``core``: tiles that cannot be played, when that is wished, and
        a decoy when one is wished (a tile whose plays score nothing, one leaving more than the best play)."""
        if self.decoy and len(core) < size:
            top = 5 * max(best[t] for t in core)
            decoys = [t for t in full if t not in core and t in best and not best[t] and most[t] > top]
            if not decoys:
                return None
            core = core + [self.rng.choice(decoys)]
        idle = [t for t in full if t not in best]
        pool = idle if self.all_scoring and len(idle) >= size - len(core) else [t for t in full if t not in core]
        pool = [t for t in pool if t not in core]
        return sorted(core + self.rng.sample(pool, size - len(core))) if len(pool) >= size - len(core) else None


def shortcut_shares(outcomes: list[tuple[Play, Layout]], pts: list[int]) -> list[float]:
    """How often each shortcut a child might take finds a best play of these plays (a shortcut that picks
    several plays, as ties, picks one of them): the play that leaves the biggest or the smallest total,
    with the biggest or the smallest tile, a double."""
    best = max(pts)
    right = [v == best for v in pts]
    measures = ([after.total for _, after in outcomes], [pl.tile.pips for pl, _ in outcomes])
    shares = []
    for values in measures:
        for top in (max(values), min(values)):
            picked = [r for r, v in zip(right, values) if v == top]
            shares.append(sum(picked) / len(picked))
    doubles = [r for r, (pl, _) in zip(right, outcomes) if pl.tile.is_double]
    if doubles:
        shares.append(sum(doubles) / len(doubles))
    return shares


def best_play_fields(lay: Layout, hand: Any, outcomes: list[tuple[Play, Layout]], pts: list[int]) -> Fields:
    """A best-play puzzle's fields for a layout, a hand, and its plays in the order they are offered
    (each with the layout after it and what it scores): generated puzzles and positions from a
    learner's own games are built alike."""
    best = max(pts)
    answer = tuple(pl for (pl, _), v in zip(outcomes, pts) if v == best)
    best_play = answer[0]
    best_after = lay.play(best_play)
    extra = special_words(lay, best_play, best_after)
    trap = ("lowering" if is_lowering(lay, best_after) else "combination") if extra else first_trap(lay)
    choices = lettered((pl for pl, _ in outcomes), (play_words(pl) for pl, _ in outcomes))
    steps = [Step(_("Now the ends make {working}. Try each play.").format(working=lay.working),
                  tuple(e.id for e in lay.open_ends if e.value))]
    steps += [Step(sentence(play_line(pl, after))) for pl, after in outcomes]
    best_words = _("Best: {plays}, {points}.").format(
        plays=alternatives([play_words(a) for a in answer]), points=points_words(best))
    steps.append(Step(sentences(best_words, extra)))
    return {
        "layout": lay, "hand": tuple(Tile.parse(t) for t in hand),
        "question": _("Which play scores most?"),
        "answer": answer,
        "explanation": sentences(sentence(play_line(best_play, best_after)), extra),
        "choices": choices, "mistakes": (), "steps": steps, "trap": trap,
    }


def mis_tap(p: Puzzle, play: Play) -> Verdict | None:
    """Why a play is not a legal play here, in a child's words; None if it is legal."""
    lay = p.board
    if play.target is None and not lay.is_empty:
        return Verdict(False, _("Put {tile} on one of the lettered ends.").format(
            tile=play.tile), "not-a-play", is_answer=False)
    if play.tile not in p.hand:
        return Verdict(False, _("{tile} is not in your hand.").format(tile=play.tile), "not-in-hand", is_answer=False)
    if lay.is_legal(play):
        return None
    target = play.target
    numbers = sorted({e.number for e in lay.open_ends if target is not None and e.tile == target and e.free})
    if target is not None and target not in lay:
        return Verdict(False, _("{tile} is not on the table.").format(tile=target), "not-a-play", is_answer=False)
    if numbers and not any(play.tile.has(n) for n in numbers):
        need = alternatives([str(n) for n in numbers])
        return Verdict(False, _("{tile} has no {need}, so it can't go there.").format(tile=play.tile, need=need),
                       "not-a-play", is_answer=False)
    if not numbers:
        return Verdict(False, _("Nothing more can go on {tile}. Pick a lettered end.").format(
            tile=target), "not-a-play",
                       is_answer=False)
    try:
        lay.play(play)
    except IllegalPlay as err:
        return Verdict(False, str(err), "not-a-play", is_answer=False)
    return None  # pragma: no cover - is_legal said no, so play() raised


def judge_play_choice(p: Puzzle, response: Any, right: tuple[Play, ...]) -> Verdict:
    if isinstance(response, (list, tuple)) and len(response) > 1:
        verdicts = [judge_play_choice(p, r, right) for r in response]
        wrong = [v for v in verdicts if not v.correct]
        return wrong[0] if wrong else Verdict(True, _("Yes! Each of those plays scores the most."), None)
    play = read_play(choice_value(p, response))
    if play is None:
        return Verdict(False, _("Pick a play: a tile from the hand, then an open end."), "unreadable",
                       is_answer=False)
    lay = p.board
    if play in right:
        after = lay.play(play)
        tie = _("It ties for best.") if len(right) > 1 else ""
        extra = special_words(lay, play, after)
        return Verdict(True, say(p.level, (_("Yes!"), True), (sentence(play_line(play, after)), True),
                                 (extra, False), (tie, False)), None)
    tapped = mis_tap(p, play)
    if tapped is not None:
        return tapped
    after = lay.play(play)
    best = right[0]
    best_after = lay.play(best)
    pts = play_points(after.total)
    if pts:
        echo = _("You chose {play}: {working}, {points}.").format(play=play_words(play), working=after.working,
                                                                 points=points_words(pts))
    else:
        echo = _("You chose {play}: {working}, no score.").format(play=play_words(play), working=after.working)
    better = _("Best: {plays}, {points}.").format(plays=play_words(best),
                                                 points=points_words(play_points(best_after.total)))
    extra = special_words(lay, best, best_after)
    if extra and not play_points(after.total):
        missed = MISSED_LOWERING.id if is_lowering(lay, best_after) else MISSED_COMBINATION.id
        return Verdict(False, say(p.level, (echo, False), (extra, True), (better, False)), missed)
    for name, value, text in mistaken_totals(after):
        if play_points(value) and value >= best_after.total:
            return Verdict(False, say(p.level, (echo, False), (text, True), (better, False)), name)
    mistake = "lower-score" if play_points(after.total) else "not-multiple"
    return Verdict(False, say(p.level, (echo, True), (better, True)), mistake)


def judge_best_play(p: Puzzle, response: Any) -> Verdict:
    return judge_play_choice(p, response, p.answer)


def best_play_words(p: Puzzle) -> str:
    """``"3-4 on the 4 of 4-4 or …"``: every best play, as a child finds it on the picture."""
    lay = p.board
    parts = []
    for play in p.answer:
        number = lay.play(play).placements[-1].number
        parts.append(_("{tile} on the {number} of {target}").format(tile=play.tile, number=number, target=play.target))
    return alternatives(parts)


def best_of(p: Puzzle, response: Any = None) -> Play | None:
    """The working is shown on the layout after a best play: the child's own when it is one (two plays can tie
    for best), the first otherwise."""
    play = read_play(choice_value(p, response))
    if play in p.answer:
        return play
    first: Play = p.answer[0]
    return first

def believed_best(p: Puzzle, trap_id: str) -> tuple[Play, ...]:
    """The plays a child who holds a trap thinks score most (any wrong play when none seems to score)."""
    lay = p.board
    model = trap(trap_id).model
    scores: dict[Play, int] = {c.value: model.points(lay, lay.play(c.value)) for c in p.choices}
    top = max(scores.values())
    if not top:
        return tuple(v for v in scores if v not in p.answer) or tuple(scores)
    return tuple(v for v, s in scores.items() if s == top)


def misconceive_best_play(p: Puzzle, trap: str) -> Play:
    wrong = [v for v in believed_best(p, trap) if v not in p.answer]
    best = believed_best(p, trap)
    return wrong[0] if wrong and not set(best) & set(p.answer) else p.answer[0]


def best_play_explains(p: Puzzle, trap: str, response: Any) -> bool:
    play = read_play(choice_value(p, response))
    return play is not None and play not in p.answer and play in believed_best(p, trap)


def best_play_reason(p: Puzzle, trap_id: str) -> str:
    return trap(trap_id).reason(Scene(p.board, p.answer[0]))


BEST_PLAY = register_kind(Kind(
    id="best-play", number=1, title=N_("Which play scores most?"), short_title=N_("Best play"),
    answer_shape=AnswerShape.PLAY, maker=make_best_play, judge=judge_best_play, answer_words=best_play_words,
    time_bars=per_level(25, 35, 45), core=True, hand_caption="", working_after=best_of,
    traps=(MISSED_LOWERING.id, MISSED_COMBINATION.id, "lower-score", "not-multiple", *TOTAL_MISTAKES,
           SPINNER_ONCE.id),
    mastery_traps=MASTERY_TRAPS, misconceive=misconceive_best_play, explains=best_play_explains,
    trap_reason=best_play_reason,
))
