"""The kinds of puzzle: how each is made from a real position, and how answers are judged.

Every answer comes from the engine (``Layout.total``, ``open_ends``, ``legal_plays``,
``round_to_five``); the mistake models only change which ends are counted, to name the
mistakes children really make.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from puzzles.puzzle import Choice, Puzzle, Verdict
from puzzles.stages import LEVEL_TABLE, Position, basic_fit, has_trap, positions
from trainer.rules import IllegalPlay, Layout, OpenEnd, Play, Tile, play_points, round_to_five

LABELS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


# ----- words -----

def score_words(total: int) -> str:
    """``"a multiple of five: 15 → 3 points"`` or ``"not a multiple of five: no score"``."""
    pts = play_points(total)
    if pts:
        return f"a multiple of five: {total} → {pts} point{'s' if pts != 1 else ''}"
    if total == 0:
        return "nothing to score"
    return "not a multiple of five: no score"


def points_words(points: int) -> str:
    return f"{points} point{'s' if points != 1 else ''}"


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def end_choice_words(end: OpenEnd) -> str:
    if end.kind == "double":
        return f"the double {end.tile}"
    if end.kind == "spinner-end":
        return f"the spinner {end.tile}"
    return f"the {end.number} on {end.tile}"


def play_words(play: Play) -> str:
    return str(play.tile) if play.target is None else f"{play.tile} on {play.target}"


def ends_breakdown(lay: Layout) -> str:
    return "; ".join(e.words for e in lay.open_ends)


# ----- mistake models -----

def mistaken_totals(lay: Layout) -> list[tuple[str, int, str]]:
    """Totals a child gets by a known mistake: (mistake name, total, what to say)."""
    total = lay.total
    ends = lay.open_ends
    out: list[tuple[str, int, str]] = []
    doubles = [e for e in ends if e.kind == "double"]
    if doubles:
        d = doubles[0]
        out.append((
            "double-once", total - sum(e.number for e in doubles),
            f"A double at the end of an arm counts both halves: {d.tile} counts {d.value}, not {d.number}.",
        ))
    spinners = [e for e in ends if e.kind == "spinner-end"]
    if spinners:
        s = spinners[0]
        out.append((
            "covered-spinner", total + sum(2 * e.number for e in spinners),
            f"Once both sides of the spinner {s.tile} are covered it stops counting, "
            "even though its ends are still open.",
        ))
        out.append((
            "empty-spinner-end", total + sum(e.number * e.free for e in spinners),
            f"An empty end of the spinner {s.tile} adds nothing until a tile is played on it.",
        ))
    open_tiles = {e.tile for e in ends}
    covered = [t for t in lay.tiles if t.is_double and t not in open_tiles]
    if covered:
        c = covered[0]
        out.append((
            "covered-double", total + sum(t.pips for t in covered),
            f"{c} has both sides covered, so it counts nothing now.",
        ))
    seen = {total}
    unique = []
    for name, value, text in out:
        if value not in seen and value >= 0:
            seen.add(value)
            unique.append((name, value, text))
    return unique


def slips(right: int, count: int, rng: random.Random, taken: set[int]) -> list[int]:
    """Near misses from adding slips, for filling out choices."""
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


def lettered(values: Iterable[Any], texts: Iterable[str]) -> tuple[Choice, ...]:
    return tuple(Choice(LABELS[i], v, t) for i, (v, t) in enumerate(zip(values, texts)))


def number_choices(right: int, wrong: list[tuple[str, int, str]], rng: random.Random) -> tuple[
    tuple[Choice, ...], tuple[tuple[str, str, str], ...]
]:
    picked = wrong[:3]
    taken = {right} | {v for _, v, _ in picked}
    fill = slips(right, 3 - len(picked), rng, taken)
    mistakes = [(str(v), name, text) for name, v, text in picked]
    mistakes += [(str(v), "adding", "Check your adding: go round the open ends one by one.") for v in fill]
    values = [right] + [v for _, v, _ in picked] + fill
    rng.shuffle(values)
    return lettered(values, (str(v) for v in values)), tuple(mistakes)


# ----- open-total -----

def make_open_total(stage: str, level: int, rng: random.Random) -> dict[str, Any]:
    def accept(pos: Position, want_trap: bool) -> dict[str, Any] | None:
        lay = pos.layout
        choices, mistakes = number_choices(lay.total, mistaken_totals(lay), rng)
        return {
            "layout": lay.record, "hand": (),
            "question": "What's the open-end total?",
            "answer": lay.total,
            "explanation": f"Count every open end: {ends_breakdown(lay)}. "
                           f"{lay.working} — {score_words(lay.total)}.",
            "choices": choices, "mistakes": mistakes,
        }

    return find_position(stage, level, rng, accept)


def judge_number(p: Puzzle, response: Any, right: int, words: str) -> Verdict:
    value = read_int(response)
    if value is None:
        return Verdict(False, "Type a whole number, like 15.", "unreadable")
    if value == right:
        return Verdict(True, f"Yes! {words}", None)
    for key, name, text in p.mistakes:
        if key == str(value):
            return Verdict(False, f"Not quite. {text} The answer is {right}.", name)
    return Verdict(False, f"Not quite: the answer is {right}. {p.explanation}", "other")


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


def play_outcomes(lay: Layout, hand: Iterable[str]) -> list[tuple[Play, Layout]]:
    return [(pl, lay.play(pl)) for pl in lay.legal_plays(list(hand))]


def outcome_line(play: Play, after: Layout) -> str:
    return f"{play_words(play)} makes {after.working} — {score_words(after.total)}"


def make_best_play(stage: str, level: int, rng: random.Random) -> dict[str, Any]:
    low, high = HAND_SIZES[level]

    def cut_hand(lay: Layout, full: list[Tile], every: list[tuple[Play, int]], size: int) -> Any:
        """A hand of ``size`` tiles cut from a real one, whose plays score differently."""
        if len(full) < size:
            return None
        for _ in range(4):
            rng.shuffle(full)
            hand = sorted(full[:size])
            chosen = [(pl, total) for pl, total in every if pl.tile in hand]
            pts = [play_points(total) for _, total in chosen]
            if len(chosen) >= 2 and len(set(pts)) >= 2 and max(pts) > 0:
                return hand, [(pl, lay.play(pl)) for pl, _ in chosen], pts
        return None

    def accept(pos: Position, want_trap: bool) -> dict[str, Any] | None:
        size = rng.randint(low, high)
        lay = pos.layout
        sizes = [size] + [x for x in range(low, high + 1) if x != size]
        cut = None
        # the player to move first, then the other real hands at the table
        for full in [pos.hand] + [h for h in pos.leftovers if h != pos.hand]:
            every = lay.totals_after(full)  # cheap totals first; layouts only for the chosen hand
            if not any(play_points(total) for _, total in every):
                continue
            cut = next((c for n in sizes if (c := cut_hand(lay, list(full), every, n)) is not None), None)
            if cut is not None:
                break
        if cut is None:
            return None
        hand, outcomes, pts = cut
        best = max(pts)
        answer = tuple(str(pl) for (pl, _), v in zip(outcomes, pts) if v == best)
        lines = [outcome_line(pl, after) for pl, after in outcomes]
        best_words = " or ".join(play_words(Play.parse(a)) for a in answer)
        choices = lettered((str(pl) for pl, _ in outcomes), (play_words(pl) for pl, _ in outcomes))
        return {
            "layout": lay.record, "hand": tuple(str(t) for t in hand),
            "question": "Which play scores most?",
            "answer": answer,
            "explanation": "Try every play: " + "; ".join(lines) + f". Best: {best_words}, "
                           f"for {points_words(best)}.",
            "choices": choices, "mistakes": (),
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


def judge_play_choice(p: Puzzle, response: Any, right: tuple[str, ...], what: str) -> Verdict:
    if isinstance(response, (list, tuple)) and len(response) > 1:
        verdicts = [judge_play_choice(p, r, right, what) for r in response]
        wrong = [v for v in verdicts if not v.correct]
        return wrong[0] if wrong else Verdict(True, "Yes! Each of those plays scores the most.", None)
    play = read_play(choice_value(p, response))
    if play is None:
        return Verdict(False, "Pick a play: a tile from the hand and an open end.", "unreadable")
    lay = p.board
    if str(play) in right:
        after = lay.play(play)
        extra = " (it ties for best)" if len(right) > 1 and what == "most" else ""
        return Verdict(True, f"Yes! {outcome_line(play, after)}{extra}.", None)
    if not lay.is_legal(play) or str(play.tile) not in p.hand:
        if str(play.tile) not in p.hand:
            return Verdict(False, f"{play.tile} is not in the hand.", "not-in-hand")
        try:
            lay.play(play)
        except IllegalPlay as err:
            return Verdict(False, f"That play is not allowed: {err}", "illegal")
    after = lay.play(play)
    best = Play.parse(right[0])
    best_after = lay.play(best)
    msg = f"Not quite. {outcome_line(play, after)}. But {outcome_line(best, best_after)}."
    mistake = "lower-score" if play_points(after.total) else "not-multiple"
    for name, value, text in mistaken_totals(after):
        if play_points(value) and value >= best_after.total:
            return Verdict(False, f"{msg} Careful: {text}", name)
    return Verdict(False, msg, mistake)


# ----- play-score -----

def make_play_score(stage: str, level: int, rng: random.Random) -> dict[str, Any]:
    def accept(pos: Position, want_trap: bool) -> dict[str, Any] | None:
        lay = pos.layout
        outcomes = play_outcomes(lay, (str(t) for t in pos.hand))
        if not outcomes:
            return None
        scoring = [o for o in outcomes if play_points(o[1].total)]
        pool = scoring if scoring and rng.random() < 0.6 else outcomes
        play, after = rng.choice(pool)
        right = play_points(after.total)
        wrong = []
        for name, value, text in mistaken_totals(after):
            pts = play_points(value)
            if pts != right:
                wrong.append((name, pts, text))
        if right:
            wrong.append(("pips-not-points", after.total,
                          f"{after.total} is the open-end total; in points that is {after.total} ÷ 5 = {right}."))
        seen = {right}
        uniq = []
        for w in wrong:
            if w[1] not in seen:
                seen.add(w[1])
                uniq.append(w)
        choices, mistakes = number_choices(right, uniq, rng)
        return {
            "layout": lay.record, "hand": (str(play.tile),), "play": str(play),
            "question": f"Play {play_words(play)}. How many points does it score? (0 if none)",
            "answer": right,
            "explanation": f"After {play_words(play)} the open ends make {after.working} — "
                           f"{score_words(after.total)}.",
            "choices": choices, "mistakes": mistakes,
        }

    return find_position(stage, level, rng, accept)


# ----- counted-ends -----

def make_counted_ends(stage: str, level: int, rng: random.Random) -> dict[str, Any]:
    def accept(pos: Position, want_trap: bool) -> dict[str, Any] | None:
        lay = pos.layout
        ends = lay.open_ends
        if len(ends) < 2 or not any(e.counts for e in ends):
            return None
        ids = [e.id for e in ends]
        answer = tuple(i for i, e in zip(ids, ends) if e.counts)
        return {
            "layout": lay.record, "hand": (),
            "question": "Which open ends count towards the total? Pick all of them.",
            "answer": answer,
            "explanation": f"{sentence(ends_breakdown(lay))}. So the total is {lay.working}.",
            "choices": lettered(ids, (end_choice_words(e) for e in ends)),
            "mistakes": (),
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
        return Verdict(False, "Pick the open ends that count, by their letters.", "unreadable")
    right = set(p.answer)
    if picked == right:
        return Verdict(True, f"Yes! {p.explanation}", None)
    ends = {e.id: e for e in p.board.open_ends}
    extra = [ends[i] for i in picked - right]
    missing = [ends[i] for i in right - picked]
    for e in extra:
        if e.kind == "spinner-end":
            return Verdict(False, f"Not quite. Once both sides of the spinner {e.tile} are covered it "
                                  "counts nothing, even though its ends are still open.", "covered-spinner")
    for e in missing:
        if e.kind == "double":
            return Verdict(False, f"Not quite. {e.tile} sits at the end of an arm with a side free, so it "
                                  f"counts both halves: {e.value}.", "double-at-end")
    if missing:
        return Verdict(False, f"Not quite: {missing[0].words} too. {p.explanation}", "missed-end")
    return Verdict(False, f"Not quite. {p.explanation}", "other")


# ----- hand-rounding -----

ROUND_SIZES = {1: (1, 2), 2: (2, 3), 3: (3, 5)}


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
        if rem in (1, 2):
            why = f"{pips} is {rem} more than {rounded}, so it rounds down to {rounded}"
        elif rem in (3, 4):
            why = f"{pips} is {5 - rem} less than {rounded}, so it rounds up to {rounded}"
        else:
            why = f"{pips} is already a multiple of five"
        down = pips - rem
        up = down + 5
        wrong = []
        if rem in (3, 4):
            wrong.append(("rounded-down", down, f"{pips} rounds up: remainders 3 and 4 go up to the next five."))
        if rem in (1, 2):
            wrong.append(("rounded-up", up, f"{pips} rounds down: remainders 1 and 2 go down."))
        if rem:
            wrong.append(("not-rounded", pips, f"{pips} is the pip count: round it to the nearest five."))
        if pts and pts not in (rounded, down, up, pips):
            wrong.append(("points-not-rounded", pts, f"{pts} is the points; the rounded pips are {rounded}."))
        choices, mistakes = number_choices(rounded, wrong, rng)
        return {
            "layout": "", "hand": tuple(str(t) for t in tiles),
            "question": "These tiles are left in a hand. How many pips, rounded to the nearest five? "
                        "How many points is that?",
            "answer": {"pips": pips, "rounded": rounded, "points": pts},
            "explanation": f"Pips: {add}. {why}: {rounded} → {points_words(pts)}.",
            "choices": choices, "mistakes": mistakes,
        }

    return find_position(stage, level, rng, accept, check_layout=False)


def judge_hand_rounding(p: Puzzle, response: Any) -> Verdict:
    ans = p.answer
    if isinstance(response, dict):
        given = {k: read_int(v) for k, v in response.items() if k in ans and v not in (None, "")}
        if not given:
            return Verdict(False, "Fill in the pips, the rounded pips and the points.", "unreadable")
        if any(v is None for v in given.values()):
            return Verdict(False, "Type whole numbers, like 15.", "unreadable")
        wrong = [k for k, v in given.items() if v != ans[k]]
        if not wrong:
            return Verdict(True, f"Yes! {p.explanation}", None)
        if "pips" in wrong:
            return Verdict(False, f"Count the pips again: {p.explanation}", "pip-count")
        if "rounded" in wrong:
            return judge_number(p, given["rounded"], ans["rounded"], p.explanation)
        return Verdict(False, f"Points are the rounded pips ÷ 5: {ans['rounded']} ÷ 5 = {ans['points']}.",
                       "points")
    return judge_number(p, choice_value(p, response) if isinstance(response, str) else response,
                        ans["rounded"], p.explanation)


# ----- the registry -----

MAKERS: dict[str, Callable[[str, int, random.Random], dict[str, Any]]] = {
    "open-total": make_open_total,
    "best-play": make_best_play,
    "hand-rounding": make_hand_rounding,
    "play-score": make_play_score,
    "counted-ends": make_counted_ends,
}

KIND_TITLES = {
    "open-total": "What's the open-end total?",
    "best-play": "Which play scores most?",
    "hand-rounding": "How does this hand round?",
    "play-score": "Does this play score?",
    "counted-ends": "Which ends count?",
}


def judge(p: Puzzle, response: Any) -> Verdict:
    if p.kind in ("open-total", "play-score"):
        value = choice_value(p, response) if isinstance(response, str) and not response.strip().isdigit() else response
        return judge_number(p, value, p.answer, p.explanation)
    if p.kind == "best-play":
        return judge_play_choice(p, response, p.answer, "most")
    if p.kind == "counted-ends":
        return judge_counted_ends(p, response)
    return judge_hand_rounding(p, response)
