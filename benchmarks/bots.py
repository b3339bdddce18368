"""Tournaments: Expert vs Greedy (and Greedy vs Beginner) in 2-player Five-Up games to 61, then a
short Expert vs Greedy match on every preset the Play page offers (four players, as partners, where
the preset is for four)."""

from __future__ import annotations

import os
import statistics
from concurrent.futures import ProcessPoolExecutor

from trainer.bots import BotLevel
from trainer.bots.tournament import Record, match
from trainer.rules import PRESETS

PAIRS = 1000  # seeds; each is played twice with the seats swapped: 2,000 games
PRESET_PAIRS = 40  # per preset: 80 games


def _chunk(args: tuple[BotLevel, BotLevel, int, int, str, int]) -> Record:
    first, second, start, stop, preset, players = args
    return match(first, second, range(start, stop), preset=preset, players=players)


def _run(first: BotLevel, second: BotLevel, pairs: int, preset: str = "five-up-armanino", players: int = 2) -> Record:
    workers = max(1, min(2, os.cpu_count() or 1))
    step = max(1, pairs // (workers * 8))
    jobs = [(first, second, s, min(s + step, pairs), preset, players) for s in range(0, pairs, step)]
    total = Record()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for rec in pool.map(_chunk, jobs):
            total.add(rec)
    return total


def run(pairs: int = PAIRS) -> list[tuple[str, str, str]]:
    rows = []
    for first, second, target in ((BotLevel.EXPERT, BotLevel.GREEDY, 0.55), (BotLevel.GREEDY, BotLevel.BEGINNER, None)):
        rec = _run(first, second, pairs)
        lo, hi = rec.interval()
        note = f"95% interval {lo:.1%}–{hi:.1%}, {rec.games:,} games"
        if target is not None:
            note += f"; target ≥ {target:.0%}: " + ("met" if rec.win_rate >= target else "MISSED")
        rows.append((f"bots: {first} vs {second}, win rate", f"{rec.win_rate:.1%}", note))
        if first is BotLevel.EXPERT:
            ds = rec.decision_seconds
            med, worst = statistics.median(ds) * 1000, max(ds) * 1000
            rows.append(("bots: expert decision, median ms", f"{med:.1f}",
                         "target < 250 ms: " + ("met" if med < 250 else "MISSED")))
            rows.append(("bots: expert decision, slowest ms", f"{worst:.1f}", f"{len(ds):,} decisions with a choice"))
    for preset, rules in sorted(PRESETS.items()):
        players = 2 if 2 in rules.seats else max(rules.seats)
        rec = _run(BotLevel.EXPERT, BotLevel.GREEDY, PRESET_PAIRS, preset, players)
        lo, hi = rec.interval()
        rows.append((f"bots: expert vs greedy, {preset} ({players} players)", f"{rec.win_rate:.1%}",
                     f"95% interval {lo:.1%}–{hi:.1%}, {rec.games} games; target ≥ 55%: "
                     + ("met" if rec.win_rate >= 0.55 else "MISSED")))
    return rows
