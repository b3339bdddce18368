"""Puzzles per second for each kind, and the slowest of 1,000 generations."""

from __future__ import annotations

import gc
import statistics
import time
from collections import Counter

from puzzles import KINDS, STAGES, Stage, generate, guessing
from puzzles.shape import TARGETS, measure
from puzzles.traps import TrapFamily, trap


def _timed(kind: str, stage: Stage, level: int, seed: int) -> float:
    t = time.perf_counter()
    generate(kind, stage=stage, level=level, seed=seed)
    return time.perf_counter() - t


def run(per_kind: int = 1000) -> list[tuple[str, str, str]]:
    rows = []
    worst_all = 0.0
    gc.disable()  # collector pauses are the machine's, not the generator's
    try:
        for kind in KINDS:
            times = []
            for i in range(per_kind):
                stage, level = STAGES[i % 3], 1 + (i // 3) % 3
                # puzzles are deterministic: the best of five runs of the same one removes
                # scheduler noise from "the slowest puzzle"
                times.append(min(_timed(kind, stage, level, i) for _ in range(5)))
            rate = len(times) / sum(times)
            worst = max(times) * 1000
            worst_all = max(worst_all, worst)
            rows.append((f"puzzles: {kind} per second (median ms)",
                         f"{rate:,.0f}", f"median {statistics.median(times) * 1000:.2f} ms, "
                                         f"slowest {worst:.2f} ms of {per_kind}"))
    finally:
        gc.enable()
    rows.append(("puzzles: slowest generation, any kind", f"{worst_all:.2f} ms",
                 "target < 5 ms: " + ("met" if worst_all < 5 else "MISSED")))
    rows.extend(shape_rows(per_kind))
    rows.extend(guessing_rows(1000))
    rows.extend(served_rows(48, 60))
    return rows


def served_rows(seeds: int, picks: int) -> list[tuple[str, str, str]]:
    """The same rules on the puzzles the coach serves: made for a trap (``seeds`` a cell, of the coach's
    :data:`puzzles.found.SEEDS`) and its confirmation picks (``picks`` a cell, each the best
    of the policy's :attr:`~trainer.learning.policy.Policy.confirm_choices`). Per source: the cells where a rule
    beats its limit, and the worst."""
    from puzzles.found import SEEDS as TRAP_SEEDS
    from trainer.learning.policy import DEFAULT_POLICY

    CONFIRM_CHOICES = DEFAULT_POLICY.confirm_choices
    rows = []
    for source, cells in (("made for a trap", guessing.made_for(seeds, TRAP_SEEDS)),
                          ("confirmation picks", guessing.confirming(picks, generate, CONFIRM_CHOICES, start=5000))):
        over = [c for c in cells if c.problems()]
        worst = max(cells, key=lambda c: c.closest()[1] - c.limit(c.closest()[0]))
        rule, v = worst.closest()
        rows.append((f"puzzles: coach's {source}: cells a rule answers", f"{len(over)} of {len(cells)}",
                     ("met" if not over else "MISSED") + f": none above max(40%, chance + 10); worst '{rule}' "
                     f"{v:.1%} on {worst.stage} {worst.kind} level {worst.level} ({worst.source}; limit "
                     f"{worst.limit(rule):.0%}, {seeds if source.startswith('made') else picks} puzzles a cell)"
                     + (f"; why: {why_over(over, picks=not source.startswith('made'))}" if over else "")))
    return rows


def the_trap_itself(cell: guessing.Cell, rule: str) -> bool:
    """A rounding rule over its limit on puzzles made for a rounding trap: such a puzzle must hold a number that
    rounds the one way the trap gets wrong (a number 2 past a five, for ``round-2``), so one way is always right
    there. That is the trap, not a shortcut the puzzles leave open: a child who always rounds one way fails the
    traps of the other way, at the same stage."""
    made = cell.source.removeprefix("made for ")
    return rule in guessing.ROUNDING_RULES and made != cell.source and trap(made).family is TrapFamily.ROUNDING


def _named(rule: str) -> str:
    """A rule as the why counts it: every constant answer one ("a constant answer")."""
    return "a constant answer" if rule.startswith(guessing.CONSTANT) else rule


def why_over(over: list[guessing.Cell], picks: bool = False) -> str:
    """Why cells are over their limit, counted: the rounding traps' own way, and the rules that answer the rest."""
    itself = [c for c in over if all(the_trap_itself(c, r) for r in c.over())]
    rest = [c for c in over if c not in itself]
    by_rule = Counter(name for c in rest for name in {_named(r) for r in c.over() if not the_trap_itself(c, r)})
    top = sorted(by_rule.items(), key=lambda rn: (-rn[1], rn[0]))[:4]
    out = []
    if itself:
        out.append(f"{len(itself)} are the rounding traps' own way (a puzzle made for a rounding trap must round "
                   "the way the trap gets wrong, so one way is always right there: the trap itself)")
    if rest:
        how = ("the pick of 8 that sets the most traps still wanted favours the layouts that set them" if picks else
               "a puzzle that must set a trap is one of a narrower set of layouts, and the coach takes the first its "
               "search finds")
        out.append(f"in {len(rest)} the answers bunch: {how} (" + ", ".join(f"'{r}' over in {n}" for r, n in top)
                   + ")")
    return "; ".join(out)


def guessing_rows(n: int) -> list[tuple[str, str, str]]:
    """Each simple rule's best stage × kind × level, over ``n`` puzzles a cell, beside its limit."""
    cells = guessing.measure(n, generate)
    rows = []
    for name in sorted({guessing.family(r) for c in cells for r in c.rules}):
        # every constant answer is one family: its row is the constant closest to its limit
        rule, worst = max(((r, c) for c in cells for r in c.rules if guessing.family(r) == name),
                          key=lambda rc: rc[1].rules[rc[0]] - rc[1].limit(rc[0]))
        v, lim = worst.rules[rule], worst.limit(rule)
        rows.append((f"puzzles: rule '{rule}'", f"{v:.1%} at most",
                     f"{worst.stage} {worst.kind} level {worst.level}; limit {lim:.0%} (40%, or chance + 10): "
                     + (f"met, {100 * (lim - v):.1f} points under" if v <= lim
                        else f"MISSED by {100 * (v - lim):.1f} points") + f" (sample of {n} a cell)"))
    for kind_id in ("hand-rounding", "nearest-five"):
        ups, r2, r3 = [], [], []
        for stage in STAGES:
            for level in (1, 2, 3):
                ps = [generate(kind_id, stage=stage, level=level, seed=x) for x in range(n)]
                nums = [p.answer["pips"] if isinstance(p.answer, dict) else p.number for p in ps
                        if isinstance(p.answer, dict) or "rounded to the nearest five" in p.question]
                ups.append(sum(x % 5 in (3, 4) for x in nums) / len(nums))
                if level == 3:
                    r2.append(sum(x % 5 == 2 for x in nums) / len(nums))
                    r3.append(sum(x % 5 == 3 for x in nums) / len(nums))
        good = min(ups) >= 0.35 and max(ups) <= 0.65 and min(r2) >= 0.15 and min(r3) >= 0.15
        rows.append((f"puzzles: {kind_id} rounds up", f"{min(ups):.0%}–{max(ups):.0%}",
                     f"every stage and level, target 35–65%; level 3 remainder 2: {min(r2):.0%}+, 3: {min(r3):.0%}+ "
                     "(target ≥ 15%): " + ("met" if good else "MISSED")))
    return rows


def shape_rows(n: int) -> list[tuple[str, str, str]]:
    """What the puzzles ask, over ``n`` puzzles per kind × stage × level, beside the targets."""
    s = measure(n)
    cells = sorted(s.mean_total, key=lambda c: (STAGES.index(c[0]), c[1]))

    def span(d: dict) -> str:
        return f"{min(d.values()):.0%}–{max(d.values()):.0%}"

    means = ", ".join(f"{st} {' < '.join(f'{s.mean_total[(st, lv)]:.1f}' for lv in (1, 2, 3))}" for st in STAGES)
    ok = lambda good: "met" if good else "MISSED"  # noqa: E731
    return [
        ("puzzles: open-total mean by level", "rising" if s.rising() else "NOT rising", means),
        ("puzzles: open-total multiples of five", span(s.multiples),
         f"every stage and level; target ≥ {TARGETS['multiples']:.0%}: "
         + ok(min(s.multiples.values()) >= TARGETS["multiples"])),
        ("puzzles: Five-Up 3 totals of 20+", f"{s.big_five_up_3:.0%}",
         f"target ≥ {TARGETS['five-up-3-big']:.0%}: " + ok(s.big_five_up_3 >= TARGETS["five-up-3-big"])),
        ("puzzles: play-score answer 0", span(s.play_score_zero),
         f"target ≤ {TARGETS['play-score-zero']:.0%}: "
         + ok(max(s.play_score_zero.values()) <= TARGETS["play-score-zero"])),
        ("puzzles: best-play L2–3 two non-zero scores", span(s.two_scores),
         f"target ≥ {TARGETS['two-scores']:.0%}: " + ok(min(s.two_scores.values()) >= TARGETS["two-scores"])),
        ("puzzles: counted-ends every end counts", span(s.every_end),
         f"target ≤ {TARGETS['every-end']:.0%}: " + ok(max(s.every_end.values()) <= TARGETS["every-end"])),
        ("puzzles: wrong choices that are named mistakes", f"{s.named:.0%}",
         f"target ≥ {TARGETS['named']:.0%}: " + ok(s.named >= TARGETS["named"])),
        ("puzzles: shape sample", f"{n} per cell", f"{len(cells)} stage × level cells, seeds 0–{n - 1}"),
    ]
