"""What the kind modules share when they make a puzzle: finding a real position that suits the
level, the mistake models that name wrong totals, lettered choices, and the steps of the working."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from puzzles.puzzle import Choice, Step
from puzzles.stages import LEVEL_TABLE, Position, Stage, basic_fit, has_trap, positions, traps
from puzzles.traps import COUNTED_COVERED, COUNTING, COVERED_SPINNER, DOUBLE_ONCE, TRAP_STAGES, trap
from trainer.rules import EndKind, Layout, Play, Tile
from trainer.words import _
from trainer.words.ends import end_counts, end_words
from trainer.words.feedback import sentence

T = TypeVar("T")
LABELS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
TOTAL_MISTAKES = (DOUBLE_ONCE.id, COVERED_SPINNER.id, "empty-spinner-end", "covered-double", "missed-end",
                  COUNTED_COVERED.id, "counted-twice", "double", "forgot-covered")
"""The mistakes :func:`mistaken_totals` names."""


# ----- mistake models -----


def mistaken_totals(lay: Layout) -> list[tuple[str, int, str]]:
    """Totals a child gets by a known mistake: (mistake name, total, what to say), each total once."""
    total = lay.total
    ends = lay.open_ends
    out: list[tuple[str, int, str]] = []
    doubles = [e for e in ends if e.kind == EndKind.DOUBLE]
    if doubles:
        d = doubles[0]
        out.append((DOUBLE_ONCE.id, total - sum(e.number for e in doubles),
                    _("{tile} is a double at an end: it counts {value}.").format(tile=d.tile, value=d.value)))
    spinners = [e for e in ends if e.kind == EndKind.SPINNER_END]
    if spinners:
        s = spinners[0]
        out.append((COVERED_SPINNER.id, total + sum(2 * e.number for e in spinners),
                    _("The spinner {tile} has both sides covered: it counts 0.").format(tile=s.tile)))
        out.append(("empty-spinner-end", total + sum(e.number * e.free for e in spinners),
                    _("An empty spinner end adds 0.")))
    open_tiles = {e.tile for e in ends}
    covered = [t for t in lay.tiles if t.is_double and t not in open_tiles]
    if covered:
        c = covered[0]
        out.append(("covered-double", total + sum(t.pips for t in covered),
                    _("{tile} has both sides covered: it counts 0.").format(tile=c)))
    counted = [e for e in ends if e.value]
    if len(counted) >= 2:
        e = max(counted, key=lambda x: x.value)
        out.append(("missed-end", total - e.value, _("You missed {end}.").format(end=end_words(e))))
    last = lay.placements[-1] if len(lay) > 1 else None
    if last is not None and last.number > 0:
        target = lay.tiles[last.target]
        if not target.is_double:
            out.append((COUNTED_COVERED.id, total + last.number,
                        _("The {number} of {tile} is covered now: it adds nothing.").format(
                            number=last.number, tile=target)))
    if counted:
        e = min(counted, key=lambda x: x.value)
        out.append(("counted-twice", total + e.value, _("You counted {end} twice.").format(end=end_words(e))))
    if len(counted) >= 2:
        e = min(counted, key=lambda x: x.value)
        out.append(("missed-end", total - e.value, _("You missed {end}.").format(end=end_words(e))))
        e = max(counted, key=lambda x: x.value)
        out.append(("counted-twice", total + e.value, _("You counted {end} twice.").format(end=end_words(e))))
    seen = {total}
    unique = []
    for name, value, text in out:
        if value not in seen and value >= 0:
            seen.add(value)
            unique.append((_modelled(lay, name, value), value, text))
    return unique


FALLBACK_NAMES: dict[str, str] = {DOUBLE_ONCE.id: "double", COVERED_SPINNER.id: "empty-spinner-end",
                                   COUNTED_COVERED.id: "forgot-covered"}
"""What a total found by one of :func:`mistaken_totals`'s sums is called when no trap's model gives it."""


def _modelled(lay: Layout, name: str, value: int) -> str:
    """One model per misconception: a total is named after a trap only when that trap's own model
    (:attr:`puzzles.registry.Trap.model`) counts it on ``lay``; else after the counting trap whose model does
    (a spinner's double counted once is ``spinner-once``), else after a mistake that is no trap. (The totals,
    and so every puzzle a code names, stay as they were: only their names follow the models.)"""
    if name not in FALLBACK_NAMES:
        return name
    stage = str(lay.variant.value)
    for t in (name, *COUNTING):
        if stage in TRAP_STAGES[t] and trap(t).model.total(lay) == value:
            return t
    return FALLBACK_NAMES[name]


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
    stage: Stage, level: int, rng: random.Random, accept: Callable[[Position, bool], T | None],
    *, check_layout: bool = True,
) -> T:
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


def lettered(values: Iterable[Any], texts: Iterable[str]) -> tuple[Choice, ...]:
    return tuple(Choice(LABELS[i], v, t) for i, (v, t) in enumerate(zip(values, texts)))


RANK_WEIGHTS = (0.85, 0.92, 1.0, 1.3)
"""How likely the right answer is to be the smallest, second, third or largest choice, when it can be."""


def number_choices(
    right: int, wrong: list[tuple[str, int, str]], rng: random.Random, *, slip_text: str, step: int = 1,
    high: int = 999, lean: tuple[float, float, float, float] | None = None, fives: bool = False,
) -> tuple[tuple[Choice, ...], tuple[tuple[str, str, str], ...]]:
    """Four number choices: the right one and three wrong ones, named mistakes first.

    The right answer's place among the sorted choices is drawn at random (smallest, second, third or
    largest), so that no rule like "pick the smallest" beats chance; adding slips (multiples of
    ``step``, never above ``high``) fill a side that has no named mistake left. ``lean`` weighs the
    places (smallest first) for a kind whose answers are often forced low or high among the choices (a
    small answer has few numbers below it), so that over its puzzles each place comes about as often.
    ``fives``: a wrong choice is a multiple of five too (an adding slip when no named mistake is one), so that
    "the choice that is a multiple of five" does not give the answer away."""
    named: list[tuple[str, int, str]] = []
    for name, value, text in wrong:
        if value != right and 0 <= value <= high and all(value != v for _n, v, _t in named):
            named.append((name, value, text))
    below = [w for w in named if w[1] < right]
    above = [w for w in named if w[1] > right]
    slips_below = [right - step * k for k in rng.sample([1, 2, 3], 3) + [4, 5] if right - step * k >= 0]
    slips_above = [right + step * k for k in rng.sample([1, 2, 3], 3) + [4, 5] if right + step * k <= high]
    room_below = len({v for _n, v, _t in below} | set(slips_below))
    room_above = len({v for _n, v, _t in above} | set(slips_above))
    ranks = [r for r in range(4) if r <= room_below and 3 - r <= room_above] or [min(3, room_below)]
    enough = min(2, len(named))  # at least two named mistakes among the choices, when there are two
    ranks = [r for r in ranks if len(below[:r]) + len(above[:3 - r]) >= enough] or ranks
    # small answers can't be high among the choices: favour high places when they can be
    if lean is not None:
        weights = [lean[r] for r in ranks]
    else:
        weights = [RANK_WEIGHTS[r] if len(ranks) < 4 else 1.0 for r in ranks]
    rank = rng.choices(ranks, weights=weights)[0]
    picked = below[:rank] + above[:3 - rank]
    taken = {right} | {v for _n, v, _t in picked}
    fill: list[int] = []
    for side, want in ((slips_below, rank - len(below[:rank])), (slips_above, 3 - rank - len(above[:3 - rank]))):
        for v in side:
            if want <= 0:
                break
            if v not in taken:
                fill.append(v)
                taken.add(v)
                want -= 1
    for v in slips(right, 3 - len(picked) - len(fill), rng, taken):
        fill.append(v)
    if fives:
        picked, fill = _with_a_five(right, picked, fill, high, rng)
    mistakes = [(str(v), name, text) for name, v, text in picked]
    mistakes += [(str(v), "adding", slip_text) for v in fill]
    values = [right] + [v for _n, v, _t in picked] + fill
    rng.shuffle(values)
    return lettered(values, (str(v) for v in values)), tuple(mistakes)


def _is_five(v: int) -> bool:
    return v > 0 and v % 5 == 0


def _with_a_five(right: int, picked: list[tuple[str, int, str]], fill: list[int], high: int,
                 rng: random.Random) -> tuple[list[tuple[str, int, str]], list[int]]:
    """The wrong choices with one a multiple of five: an adding slip (or else a named mistake) on a side
    drawn at random is swapped for the multiple of five nearest the answer on that side, so the answer keeps
    its place among the choices and is the smaller of the two multiples as often as the larger."""
    wrong = [v for _n, v, _t in picked] + fill
    if any(_is_five(v) for v in wrong):
        return picked, fill
    taken = {right, *wrong}
    first_below = rng.random() < 0.5
    named = [v for _n, v, _t in picked[::-1]]
    for v in sorted(fill, key=lambda x: (x < right) != first_below) + sorted(
            named, key=lambda x: (x < right) != first_below):
        below = v < right
        step = -5 if below else 5
        m = (right - 1) // 5 * 5 if below else right // 5 * 5 + 5
        while m in taken:
            m += step
        if _is_five(m) and m <= high:
            if v in fill:
                return picked, [m if x == v else x for x in fill]
            return [w for w in picked if w[1] != v], fill + [m]
    return picked, fill


def end_steps(lay: Layout) -> list[Step]:
    """One step per open end, then the sum, ending with the total: the total is the answer (what it would
    score is another question, asked by other puzzles)."""
    steps = [Step(sentence(end_counts(e)) + ".", (e.id,)) for e in lay.open_ends]
    counted = tuple(e.id for e in lay.open_ends if e.value)
    steps.append(Step(_("Add them: {working}. The total is {total}.").format(working=lay.working, total=lay.total),
                      counted))
    return steps


def first_trap(lay: Layout) -> str | None:
    found = sorted(traps(lay))
    return found[0] if found else None


def play_outcomes(lay: Layout, hand: Iterable[Tile]) -> list[tuple[Play, Layout]]:
    return [(pl, lay.play(pl)) for pl in lay.legal_plays(list(hand))]


def between(n: int) -> tuple[int, int]:
    down = n - n % 5
    return down, down + 5
