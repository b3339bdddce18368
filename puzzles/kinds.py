"""The kinds of puzzle: how each is made from a real position, and how answers are judged.

Every answer comes from the engine (``Layout.total``, ``open_ends``, ``legal_plays``,
``round_to_five``); the mistake models only change which ends are counted, to name the
mistakes children really make. The two number kinds live in :mod:`puzzles.numbers`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from puzzles.puzzle import Choice, Puzzle, Step, Verdict
from puzzles.stages import LEVEL_TABLE, Position, basic_fit, has_trap, positions, traps
from puzzles.words import end_words, play_words, points_words, say, score_words, sentence
from trainer.rules import TILES, IllegalPlay, Layout, OpenEnd, Play, Tile, play_points, round_to_five

LABELS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
TOTAL_RANGE = {1: (1, 12), 2: (5, 20), 3: (10, 80)}
"""The open-end totals a level prefers: sums grow with the level."""
MULTIPLE_SHARE = 0.45
"""How often a position is asked to have a total that scores."""


# ----- mistake models -----

def mistaken_totals(lay: Layout) -> list[tuple[str, int, str]]:
    """Totals a child gets by a known mistake: (mistake name, total, what to say), each total once."""
    total = lay.total
    ends = lay.open_ends
    out: list[tuple[str, int, str]] = []
    doubles = [e for e in ends if e.kind == "double"]
    if doubles:
        d = doubles[0]
        out.append(("double-once", total - sum(e.number for e in doubles),
                    f"{d.tile} is a double at an end: it counts {d.value}."))
    spinners = [e for e in ends if e.kind == "spinner-end"]
    if spinners:
        s = spinners[0]
        out.append(("covered-spinner", total + sum(2 * e.number for e in spinners),
                    f"The spinner {s.tile} has both sides covered: it counts 0."))
        out.append(("empty-spinner-end", total + sum(e.number * e.free for e in spinners),
                    "An empty spinner end adds 0."))
    open_tiles = {e.tile for e in ends}
    covered = [t for t in lay.tiles if t.is_double and t not in open_tiles]
    if covered:
        c = covered[0]
        out.append(("covered-double", total + sum(t.pips for t in covered),
                    f"{c} has both sides covered: it counts 0."))
    counted = [e for e in ends if e.value]
    if len(counted) >= 2:
        e = max(counted, key=lambda x: x.value)
        out.append(("missed-end", total - e.value, f"You missed {end_words(e)}."))
    last = lay.placements[-1] if len(lay) > 1 else None
    if last is not None and last.number > 0:
        target = lay.tiles[last.target]
        if not target.is_double:
            out.append(("counted-covered", total + last.number,
                        f"The {last.number} of {target} is covered now: it adds nothing."))
    if counted:
        e = min(counted, key=lambda x: x.value)
        out.append(("counted-twice", total + e.value, f"You counted {end_words(e)} twice."))
    seen = {total}
    unique = []
    for name, value, text in out:
        if value not in seen and value >= 0:
            seen.add(value)
            unique.append((name, value, text))
    return unique


def slips(right: int, count: int, rng: random.Random, taken: set[int]) -> list[int]:
    """Near misses from adding slips, for filling out choices when no named mistake is left."""
    out: list[int] = []
    if count <= 0:
        return out
    for delta in rng.sample([1, -1, 2, -2, 5, -5, 3, 10], 8):
        v = right + delta
        if v >= 0 and v not in taken and v not in out:
            out.append(v)
        if len(out) == count:
            break
    return out


# ----- finding positions -----

def find_position(
    stage: str, level: int, rng: random.Random, accept: Callable[[Position, bool], Any],
    *, check_layout: bool = True,
) -> Any:
    """Search seeded random hands for a position that suits the level and the kind.

    The level's share of trap positions is kept by asking for a trap (or for none) at
    random; if three whole hands show no such position, either kind of position will do.
    """
    spec = LEVEL_TABLE[(stage, level)]
    want_trap = rng.random() < spec.trap_share
    span = spec.tiles if check_layout else (1, 28)
    ends = spec.min_ends if check_layout else 0
    spinner = spec.need_spinner and check_layout
    for attempt in range(500):
        for pos in positions(stage, rng, tiles=span, min_ends=ends, need_spinner=spinner):
            if check_layout:
                if not basic_fit(pos.layout, spec):
                    continue
                if attempt < 3 and has_trap(pos.layout, stage) != want_trap:
                    continue
            got = accept(pos, want_trap)
            if got is not None:
                return got
    raise RuntimeError(f"no position found for {stage} level {level}")  # pragma: no cover


class Wants:
    """What a maker hopes a position has; every wish is dropped after enough tries."""

    def __init__(self, patience: int = 40) -> None:
        self.tries = 0
        self.patience = patience

    def tick(self) -> bool:
        """Count a try; True while wishes still hold."""
        self.tries += 1
        return self.tries <= self.patience


def total_fits(total: int, level: int, stage: str, want_multiple: bool, want_big: bool) -> bool:
    low, high = TOTAL_RANGE[level]
    if not low <= total <= high:
        return False
    if want_big and total < 20:
        return False
    return (total > 0 and total % 5 == 0) == want_multiple


def lettered(values: Iterable[Any], texts: Iterable[str]) -> tuple[Choice, ...]:
    return tuple(Choice(LABELS[i], v, t) for i, (v, t) in enumerate(zip(values, texts)))


def number_choices(
    right: int, wrong: list[tuple[str, int, str]], rng: random.Random, *, slip_text: str,
) -> tuple[tuple[Choice, ...], tuple[tuple[str, str, str], ...]]:
    """Four number choices: the right one and three named mistakes (adding slips only if too few)."""
    picked: list[tuple[str, int, str]] = []
    for name, value, text in wrong:
        if value != right and value >= 0 and all(value != v for _, v, _ in picked):
            picked.append((name, value, text))
        if len(picked) == 3:
            break
    taken = {right} | {v for _, v, _ in picked}
    fill = slips(right, 3 - len(picked), rng, taken)
    mistakes = [(str(v), name, text) for name, v, text in picked]
    mistakes += [(str(v), "adding", slip_text) for v in fill]
    values = [right] + [v for _, v, _ in picked] + fill
    rng.shuffle(values)
    return lettered(values, (str(v) for v in values)), tuple(mistakes)


def end_steps(lay: Layout) -> list[Step]:
    """One step per open end, then the sum."""
    steps = [Step(sentence(e.words) + ".", (e.id,)) for e in lay.open_ends]
    counted = tuple(e.id for e in lay.open_ends if e.value)
    steps.append(Step(f"Add them: {lay.working}. {sentence(score_words(lay.total))}.", counted))
    return steps


def first_trap(lay: Layout) -> str | None:
    found = sorted(traps(lay))
    return found[0] if found else None


# ----- open-total -----

def make_open_total(stage: str, level: int, rng: random.Random) -> dict[str, Any]:
    wants = Wants(25)
    want_multiple = rng.random() < MULTIPLE_SHARE
    want_big = stage == "five-up" and level == 3 and rng.random() < 0.5

    def accept(pos: Position, want_trap: bool) -> dict[str, Any] | None:
        lay = pos.layout
        if wants.tick() and not total_fits(lay.total, level, stage, want_multiple, want_big):
            return None
        choices, mistakes = number_choices(lay.total, mistaken_totals(lay), rng,
                                           slip_text="Add the open ends one at a time.")
        counted = tuple(e.id for e in lay.open_ends if e.value)
        return {
            "layout": lay.record, "hand": (),
            "question": "What's the open-end total?",
            "answer": lay.total,
            "explanation": f"The ends make {lay.working}.",
            "choices": choices, "mistakes": mistakes,
            "steps": [Step("Find every open end. Which ones count?", counted)] + end_steps(lay),
            "trap": first_trap(lay),
        }

    return find_position(stage, level, rng, accept)


def judge_number(p: Puzzle, response: Any, right: int, because: str, *, unit: str = "") -> Verdict:
    value = read_int(choice_value(p, response) if isinstance(response, str) else response)
    if value is None:
        return Verdict(False, "Type a whole number, like 15.", "unreadable", is_answer=False)
    if value < 0 or value > 999:
        return Verdict(False, "That number is too big or below zero. Try again!", "unreadable", is_answer=False)
    if value == right:
        return Verdict(True, say(p.level, ("Yes!", True), (because, True)), None)
    echo = f"You said {value}{unit}."
    for key, name, text in p.mistakes:
        if key == str(value):
            return Verdict(False, say(p.level, (echo, True), (text, False), (because, True)), name)
    return Verdict(False, say(p.level, (echo, True), (because, True)), "other")


def read_int(response: Any) -> int | None:
    if isinstance(response, bool):
        return None
    if isinstance(response, int):
        return response
    if isinstance(response, float) and response.is_integer():
        return int(response)
    if isinstance(response, str):
        text = response.strip().rstrip(".")
        if text.lower() in ("no", "none", "zero"):
            return 0
        if text.lstrip("-").isdigit():
            return int(text)
    return None


# ----- best-play -----

HAND_SIZES = {1: (2, 3), 2: (3, 3), 3: (3, 4)}
SPECIAL_SHARE = 0.2
"""How often a best-play puzzle is built around a combination or a lowering play."""
TWO_SCORES_SHARE = 0.9
"""At levels 2–3, how often two plays must score different non-zero amounts."""


def play_outcomes(lay: Layout, hand: Iterable[str]) -> list[tuple[Play, Layout]]:
    return [(pl, lay.play(pl)) for pl in lay.legal_plays(list(hand))]


def is_combination(after: Layout) -> bool:
    """A score with no 5 and no 0 end: the ends add up to a multiple of five, like 4 + 6."""
    return bool(play_points(after.total)) and all(e.number not in (0, 5) for e in after.open_ends)


def is_lowering(before: Layout, after: Layout) -> bool:
    """A score made by making the total smaller, e.g. by covering a double."""
    return bool(play_points(after.total)) and after.total < before.total


def special_words(before: Layout, play: Play, after: Layout) -> str:
    """Name a combination or a lowering play in a child's words ("" for neither)."""
    if is_lowering(before, after):
        target = play.target
        what = f"Covering {target}" if target is not None and target.is_double else "It"
        return f"{what} made the total smaller: {before.total} → {after.total}."
    if is_combination(after):
        return f"No 5 needed: {after.working}."
    return ""


def play_line(play: Play, after: Layout) -> str:
    return f"{play_words(play)} makes {after.working}: {score_words(after.total)}."


def make_best_play(stage: str, level: int, rng: random.Random) -> dict[str, Any]:
    low, high = HAND_SIZES[level]
    wants = Wants(40)
    special = rng.random() < SPECIAL_SHARE
    two_scores = level >= 2 and not special and rng.random() < TWO_SCORES_SHARE

    def cut_hand(lay: Layout, full: list[Tile], every: list[tuple[Play, int]], size: int, keen: bool) -> Any:
        """A hand of ``size`` tiles cut from a real one, whose plays score differently."""
        if len(full) < size:
            return None
        built = build_hand(lay, full, every, size, keen)
        for attempt in range(4):
            if built is not None and attempt == 0:
                hand = built
            else:
                rng.shuffle(full)
                hand = sorted(full[:size])
            chosen = [(pl, total) for pl, total in every if pl.tile in hand]
            pts = [play_points(total) for _, total in chosen]
            if len(chosen) < 2 or len(set(pts)) < 2 or max(pts) == 0:
                continue
            if keen and two_scores and len({x for x in pts if x}) < 2:
                continue
            outcomes = [(pl, lay.play(pl)) for pl, _ in chosen]
            if keen and special:
                scoring = [(pl, after) for pl, after in outcomes if play_points(after.total)]
                if not all(special_words(lay, pl, after) for pl, after in scoring):
                    continue
            return hand, outcomes, pts
        return None

    def build_hand(lay: Layout, full: list[Tile], every: list[tuple[Play, int]], size: int,
                   keen: bool) -> list[Tile] | None:
        """Put a wanted hand together on purpose: two tiles that score differently, or one special
        scoring tile among tiles that score nothing."""
        if not keen or not (two_scores or special):
            return None
        playable = sorted({pl.tile for pl, _ in every})
        best: dict[Tile, int] = {}
        for pl, total in every:
            best[pl.tile] = max(best.get(pl.tile, 0), play_points(total))
        dull = [t for t in playable if not best[t]]
        if two_scores:
            scorers = [t for t in playable if best[t]]
            rng.shuffle(scorers)
            for a in scorers:
                b = next((t for t in scorers if best[t] not in (0, best[a])), None)
                if b is not None:
                    rest = [t for t in full if t not in (a, b)]
                    return sorted([a, b] + rng.sample(rest, size - 2)) if len(rest) >= size - 2 else None
            return None
        plain = {pl.tile for pl, total in every if play_points(total) and not special_words(lay, pl, lay.play(pl))}
        good = [t for t in playable if best[t] and t not in plain]
        if not good or len(dull) < size - 1:
            return None
        return sorted([rng.choice(good)] + rng.sample(dull, size - 1))

    def accept(pos: Position, want_trap: bool) -> dict[str, Any] | None:
        keen = wants.tick()
        size = rng.randint(low, high)
        lay = pos.layout
        sizes = [size] + [x for x in range(low, high + 1) if x != size]
        cut = None
        # the player to move first, then the other hands, then any tiles off the table (late in a
        # hand the real hands are small)
        me = pos.hand
        off_table = tuple(t for t in TILES if t not in lay)
        for full in [me] + [h for h in pos.leftovers if h != me] + [off_table]:
            every = lay.totals_after(full)  # cheap totals first; layouts only for the chosen hand
            scores = {play_points(total) for _, total in every} - {0}
            if not scores:
                continue
            if keen and two_scores and len(scores) < 2:
                continue  # no cut of this hand can have two different scores
            if keen and special and not any(play_points(t) and (t < lay.total or t % 10 and t % 10 != 5)
                                            for _, t in every):
                continue  # nothing here lowers the total or adds up to a five without one
            cut = next((c for n in sizes if (c := cut_hand(lay, list(full), every, n, keen)) is not None), None)
            if cut is not None:
                break
        if cut is None:
            return None
        hand, outcomes, pts = cut
        best = max(pts)
        answer = tuple(str(pl) for (pl, _), v in zip(outcomes, pts) if v == best)
        best_play = Play.parse(answer[0])
        best_after = lay.play(best_play)
        extra = special_words(lay, best_play, best_after)
        trap = ("lowering" if is_lowering(lay, best_after) else "combination") if extra else first_trap(lay)
        choices = lettered((str(pl) for pl, _ in outcomes), (play_words(pl) for pl, _ in outcomes))
        steps = [Step(f"Now the ends make {lay.working}. Try each play.",
                      tuple(e.id for e in lay.open_ends if e.value))]
        steps += [Step(sentence(play_line(pl, after))) for pl, after in outcomes]
        steps.append(Step(f"Best: {' or '.join(play_words(Play.parse(a)) for a in answer)}, "
                          f"{points_words(best)}." + (f" {extra}" if extra else "")))
        return {
            "layout": lay.record, "hand": tuple(str(t) for t in hand),
            "question": "Which play scores most?",
            "answer": answer,
            "explanation": f"{sentence(play_line(best_play, best_after))}" + (f" {extra}" if extra else ""),
            "choices": choices, "mistakes": (), "steps": steps, "trap": trap,
        }

    return find_position(stage, level, rng, accept)


def read_play(response: Any) -> Play | None:
    if isinstance(response, (list, tuple)) and len(response) == 1:
        response = response[0]
    if isinstance(response, Play):
        return response
    if isinstance(response, str):
        try:
            return Play.parse(response)
        except IllegalPlay:
            return None
    return None


def choice_value(p: Puzzle, response: Any) -> Any:
    """Let a learner answer with a choice's label (``"B"``)."""
    if isinstance(response, str) and p.choices:
        label = response.strip().upper()
        for c in p.choices:
            if c.label == label:
                return c.value
    return response


def mis_tap(p: Puzzle, play: Play) -> Verdict | None:
    """Why a play is not a legal play here, in a child's words; None if it is legal."""
    lay = p.board
    if play.target is None and not lay.is_empty:
        return Verdict(False, f"Put {play.tile} on one of the lettered ends.", "not-a-play", is_answer=False)
    if str(play.tile) not in p.hand:
        return Verdict(False, f"{play.tile} is not in your hand.", "not-in-hand", is_answer=False)
    if lay.is_legal(play):
        return None
    target = play.target
    numbers = sorted({e.number for e in lay.open_ends if target is not None and e.tile == target and e.free})
    if target is not None and target not in lay:
        return Verdict(False, f"{target} is not on the table.", "not-a-play", is_answer=False)
    if numbers and not any(play.tile.has(n) for n in numbers):
        need = " or ".join(str(n) for n in numbers)
        return Verdict(False, f"{play.tile} has no {need}, so it can't go there.", "not-a-play", is_answer=False)
    if not numbers:
        return Verdict(False, f"Nothing more can go on {target}. Pick a lettered end.", "not-a-play",
                       is_answer=False)
    try:
        lay.play(play)
    except IllegalPlay as err:
        return Verdict(False, str(err), "not-a-play", is_answer=False)
    return None  # pragma: no cover - is_legal said no, so play() raised


def judge_play_choice(p: Puzzle, response: Any, right: tuple[str, ...]) -> Verdict:
    if isinstance(response, (list, tuple)) and len(response) > 1:
        verdicts = [judge_play_choice(p, r, right) for r in response]
        wrong = [v for v in verdicts if not v.correct]
        return wrong[0] if wrong else Verdict(True, "Yes! Each of those plays scores the most.", None)
    play = read_play(choice_value(p, response))
    if play is None:
        return Verdict(False, "Pick a play: a tile from the hand, then an open end.", "unreadable",
                       is_answer=False)
    lay = p.board
    if str(play) in right:
        after = lay.play(play)
        tie = "It ties for best." if len(right) > 1 else ""
        extra = special_words(lay, play, after)
        return Verdict(True, say(p.level, ("Yes!", True), (sentence(play_line(play, after)), True),
                                 (extra, False), (tie, False)), None)
    tapped = mis_tap(p, play)
    if tapped is not None:
        return tapped
    after = lay.play(play)
    best = Play.parse(right[0])
    best_after = lay.play(best)
    pts = play_points(after.total)
    echo = f"You chose {play_words(play)}: {after.working}, " + (f"{points_words(pts)}." if pts else "no score.")
    better = f"Best: {play_words(best)}, {points_words(play_points(best_after.total))}."
    extra = special_words(lay, best, best_after)
    if extra and not play_points(after.total):
        name = "missed-lowering" if is_lowering(lay, best_after) else "missed-combination"
        return Verdict(False, say(p.level, (echo, True), (better, True), (extra, False)), name)
    for name, value, text in mistaken_totals(after):
        if play_points(value) and value >= best_after.total:
            return Verdict(False, say(p.level, (echo, True), (text, False), (better, True)), name)
    mistake = "lower-score" if play_points(after.total) else "not-multiple"
    return Verdict(False, say(p.level, (echo, True), (better, True)), mistake)


# ----- play-score -----

SCORING_SHARE = 0.7
"""How often play-score asks about a play that scores."""


def make_play_score(stage: str, level: int, rng: random.Random) -> dict[str, Any]:
    wants = Wants()
    want_scoring = rng.random() < SCORING_SHARE

    def accept(pos: Position, want_trap: bool) -> dict[str, Any] | None:
        keen = wants.tick()
        lay = pos.layout
        outcomes = play_outcomes(lay, (str(t) for t in pos.hand))
        if not outcomes:
            return None
        scoring = [o for o in outcomes if play_points(o[1].total)]
        if keen and want_scoring and not scoring:
            return None
        pool = scoring if scoring and want_scoring else outcomes
        play, after = rng.choice(pool)
        right = play_points(after.total)
        wrong = []
        if right:
            wrong.append(("pips-not-points", after.total,
                          f"{after.total} is the total; in points it is {after.total} ÷ 5 = {right}."))
        else:
            if after.total > 5:
                wrong.append(("not-multiple", after.total // 5,
                              f"{after.total} is not a multiple of five, so it scores 0."))
        before = play_points(lay.total)
        if before != right:
            wrong.append(("before-play", before, "That is the score before the play."))
        for name, value, text in mistaken_totals(after):
            pts = play_points(value)
            if pts != right:
                wrong.append((name, pts, text))
        choices, mistakes = number_choices(right, wrong, rng, slip_text="Points are the total ÷ 5.")
        word = (f"The ends make {after.working}: {score_words(after.total)}." if right
                else f"The ends make {after.working}: no score.")
        return {
            "layout": lay.record, "hand": (str(play.tile),), "play": str(play),
            "question": f"Play {play_words(play)}. How many points does it score? (0 if none)",
            "answer": right,
            "explanation": word,
            "choices": choices, "mistakes": mistakes,
            "steps": [Step(f"Before the play the ends make {lay.working}.",
                           tuple(e.id for e in lay.open_ends if e.value)),
                      Step(f"{play.tile} covers the {after.placements[-1].number} of {play.target}."),
                      Step(f"After it the ends make {after.working}."),
                      Step(sentence(score_words(after.total)) + ".")],
            "trap": first_trap(after) or ("scores" if right else "no-score"),
        }

    return find_position(stage, level, rng, accept)


# ----- counted-ends -----

EVERY_END_KEEP = 0.25
"""How often a position where every end counts is kept for counted-ends."""


def blank(end: OpenEnd) -> bool:
    """An end that adds 0 whatever a child picks: a 0 on a plain tile, or 0-0."""
    return end.number == 0 and end.kind != "spinner-end"


def decoys(lay: Layout) -> list[tuple[str, str]]:
    """Places that look like ends but are covered: (id, words), for counted-ends choices."""
    out: list[tuple[str, str]] = []
    open_tiles = {e.tile for e in lay.open_ends}
    seen = {e.id for e in lay.open_ends}
    for t in lay.tiles:
        if t.is_double and t not in open_tiles and not lay.is_spinner(t):
            out.append((f"{t}:{t.low}", f"the double {t}"))
    tiles = lay.tiles
    for pl in lay.placements[1:]:
        target = tiles[pl.target]
        if not target.is_double and pl.number > 0:
            out.append((f"{target}:{pl.number}", f"the {pl.number} on {target}"))
    unique = []
    for i, words in out:
        if i not in seen:
            seen.add(i)
            unique.append((i, words))
    return unique


def make_counted_ends(stage: str, level: int, rng: random.Random) -> dict[str, Any]:
    wants = Wants()

    def accept(pos: Position, want_trap: bool) -> dict[str, Any] | None:
        lay = pos.layout
        ends = lay.open_ends
        if len(ends) < 2 or not any(e.counts for e in ends):
            return None
        every = all(e.counts or blank(e) for e in ends)
        extra: list[tuple[str, str]] = []
        if every and rng.random() > EVERY_END_KEEP:
            extra = decoys(lay)
            rng.shuffle(extra)
            extra = extra[:2]
            if not extra and wants.tick():
                return None
        ids = [e.id for e in ends] + [i for i, _ in extra]
        texts = [end_words(e) for e in ends] + [w for _, w in extra]
        answer = tuple(e.id for e in ends if e.counts)
        question = "Which open ends count towards the total? Pick all of them." if not extra else \
            "Which of these count towards the total? Pick all of them."
        return {
            "layout": lay.record, "hand": (),
            "question": question,
            "answer": answer,
            "explanation": f"The ends that count make {lay.working}.",
            "choices": lettered(ids, texts),
            "mistakes": (), "steps": end_steps(lay), "trap": "covered-half" if extra else first_trap(lay),
        }

    return find_position(stage, level, rng, accept)


def read_ids(p: Puzzle, response: Any) -> set[str] | None:
    if isinstance(response, str):
        items = [x for x in response.replace(",", " ").split() if x]
    elif isinstance(response, (list, tuple, set, frozenset)):
        items = list(response)
    else:
        return None
    valid = {c.value for c in p.choices}
    out = set()
    for item in items:
        if not isinstance(item, str):
            return None
        value = choice_value(p, item)
        if value not in valid:
            return None
        out.add(value)
    return out


def judge_counted_ends(p: Puzzle, response: Any) -> Verdict:
    picked = read_ids(p, response)
    if picked is None:
        return Verdict(False, "Pick the open ends that count, by their letters.", "unreadable", is_answer=False)
    if not picked:
        return Verdict(False, "Pick at least one end.", "unreadable", is_answer=False)
    ends = {e.id: e for e in p.board.open_ends}
    blanks = {i for i, e in ends.items() if blank(e)}
    right = set(p.answer)
    sum_words = f"The ends that count make {p.board.working}."
    if picked - blanks == right - blanks:
        note = ""
        if picked & blanks:
            e = ends[sorted(picked & blanks)[0]]
            note = f"The 0 on {e.tile} adds nothing, so picking it doesn't matter."
        return Verdict(True, say(p.level, ("Yes!", True), (sum_words, True), (note, False)), None)
    extra = [ends[i] for i in sorted(picked - right - blanks) if i in ends]
    missing = [ends[i] for i in sorted(right - picked)]
    covered = sorted(picked - right - blanks - set(ends))
    if covered:
        tile, number = covered[0].split(":")
        what = (f"The double {tile} has both sides covered" if tile[0] == tile[-1]
                else f"The {number} on {tile} is covered")
        return Verdict(False, say(p.level, (f"{what}: it counts 0.", True), (sum_words, False)), "counted-covered")
    for e in extra:
        if e.kind == "spinner-end":
            return Verdict(False, say(p.level, (f"The spinner {e.tile} has both sides covered: it counts 0.", True),
                                      (sum_words, False)), "covered-spinner")
    for e in missing:
        if e.kind == "double":
            return Verdict(False, say(p.level, (f"{e.tile} is a double at an end: it counts {e.value}.", True),
                                      (sum_words, False)), "double-at-end")
    if missing:
        return Verdict(False, say(p.level, (f"You missed {end_words(missing[0])}.", True), (sum_words, False)),
                       "missed-end")
    return Verdict(False, say(p.level, ("Not quite.", True), (sum_words, True)), "other")


# ----- hand-rounding -----

ROUND_SIZES = {1: (1, 2), 2: (2, 3), 3: (3, 5)}


def rounding_words(pips: int) -> str:
    """``"13 is 2 from 15: it rounds up to 15"``."""
    rem = pips % 5
    rounded = round_to_five(pips)
    if rem in (1, 2):
        return f"{pips} is {rem} past {rounded}: it rounds down to {rounded}."
    if rem in (3, 4):
        return f"{pips} is {5 - rem} from {rounded}: it rounds up to {rounded}."
    return f"{pips} is a multiple of five already."


def make_hand_rounding(stage: str, level: int, rng: random.Random) -> dict[str, Any]:
    low, high = ROUND_SIZES[level]
    tries = [0]

    def accept(pos: Position, want_trap: bool) -> dict[str, Any] | None:
        tries[0] += 1
        relax = tries[0] > 60
        hands = [h for h in pos.leftovers if low <= len(h) <= high]
        if not hands:
            return None
        tiles = sorted(rng.choice(hands))
        pips = sum(t.pips for t in tiles)
        rem = pips % 5
        if not relax and (rem in (3, 4)) != want_trap:
            return None
        if not relax and not want_trap and rem == 0 and level > 1:
            return None
        rounded = round_to_five(pips)
        pts = play_points(rounded)
        sums = " + ".join(str(t.pips) for t in tiles)
        add = f"{sums} = {pips}" if len(tiles) > 1 else f"{pips}"
        down = pips - rem
        up = down + 5
        wrong = []
        if rem in (3, 4):
            wrong.append(("rounded-down", down, f"{pips} rounds up: 3 and 4 past a five go up."))
        if rem in (1, 2):
            wrong.append(("rounded-up", up, f"{pips} rounds down: 1 and 2 past a five go down."))
        if rem:
            wrong.append(("not-rounded", pips, f"{pips} is the pips: round it to the nearest five."))
        if pts and pts not in (rounded, down, up, pips):
            wrong.append(("points-not-rounded", pts, f"{pts} is the points; the rounded pips are {rounded}."))
        for t in tiles:
            if t.is_double and t.low:
                miss = round_to_five(pips - t.low)
                wrong.append(("double-once", miss, f"{t} has {t.pips} pips, not {t.low}."))
                break
        if len(tiles) > 1:
            t = max(tiles, key=lambda x: x.pips)
            wrong.append(("missed-tile", round_to_five(pips - t.pips), f"Don't forget {t}: {t.pips} pips."))
        choices, mistakes = number_choices(rounded, wrong, rng, slip_text="Count the pips again, tile by tile.")
        return {
            "layout": "", "hand": tuple(str(t) for t in tiles),
            "question": "These tiles are left in a hand. How many pips, rounded to the nearest five? "
                        "How many points is that?",
            "answer": {"pips": pips, "rounded": rounded, "points": pts},
            "explanation": f"Pips: {add}. Rounded: {rounded}. Points: {pts}.",
            "choices": choices, "mistakes": mistakes,
            "steps": [Step(f"Add the pips: {add}."), Step(rounding_words(pips)),
                      Step(f"Points are the rounded pips ÷ 5: {rounded} ÷ 5 = {pts}.")],
            "trap": "round-up" if rem in (3, 4) else ("round-down" if rem else "exact"),
        }

    return find_position(stage, level, rng, accept, check_layout=False)


def judge_hand_rounding(p: Puzzle, response: Any) -> Verdict:
    """Right only with the rounded pips AND the points (the pips themselves are optional)."""
    ans = p.answer
    if not isinstance(response, dict):
        return Verdict(False, "Fill in the rounded pips and the points.", "unreadable", is_answer=False)
    given = {k: read_int(v) for k, v in response.items() if k in ans and v not in (None, "")}
    if any(v is None for v in given.values()):
        return Verdict(False, "Type whole numbers, like 15.", "unreadable", is_answer=False)
    if "rounded" not in given or "points" not in given:
        return Verdict(False, "Fill in the rounded pips and the points too.", "unreadable", is_answer=False)
    wrong = [k for k, v in given.items() if v != ans[k]]
    short = p.explanation
    if not wrong:
        return Verdict(True, say(p.level, ("Yes!", True), (short, True)), None)
    if "pips" in wrong:
        echo = f"You said {given['pips']} pips."
        return Verdict(False, say(p.level, (echo, True), (short, True)), "pip-count")
    if "rounded" in wrong:
        echo = f"You said {given['rounded']}."
        for key, name, text in p.mistakes:
            if key == str(given["rounded"]):
                return Verdict(False, say(p.level, (echo, True), (text, False), (short, True)), name)
        return Verdict(False, say(p.level, (echo, True), (short, True)), "rounding")
    return Verdict(False, say(p.level, (f"You said {given['points']} points.", True),
                              (f"Points are {ans['rounded']} ÷ 5 = {ans['points']}.", True)), "points")


# ----- the registry -----

def judge(p: Puzzle, response: Any) -> Verdict:
    from puzzles.numbers import judge_make_five, judge_nearest_five

    if p.kind in ("open-total", "play-score"):
        return judge_number(p, response, p.answer, p.explanation)
    if p.kind == "best-play":
        return judge_play_choice(p, response, p.answer)
    if p.kind == "counted-ends":
        return judge_counted_ends(p, response)
    if p.kind == "nearest-five":
        return judge_nearest_five(p, response)
    if p.kind == "make-five":
        return judge_make_five(p, response)
    return judge_hand_rounding(p, response)


def _makers() -> dict[str, Callable[[str, int, random.Random], dict[str, Any]]]:
    from puzzles.numbers import make_make_five, make_nearest_five

    return {
        "open-total": make_open_total,
        "best-play": make_best_play,
        "hand-rounding": make_hand_rounding,
        "play-score": make_play_score,
        "counted-ends": make_counted_ends,
        "nearest-five": make_nearest_five,
        "make-five": make_make_five,
    }


MAKERS = _makers()
"""Every kind's maker, in code order (new kinds go at the end)."""

KIND_TITLES = {
    "open-total": "What's the open-end total?",
    "best-play": "Which play scores most?",
    "hand-rounding": "How does this hand round?",
    "play-score": "Does this play score?",
    "counted-ends": "Which ends count?",
    "nearest-five": "Round to the nearest five",
    "make-five": "Make a multiple of five",
}
