"""Simple rules a child could answer by without thinking, and how often each would be right.

For every stage × kind × level, :func:`measure` answers ``n`` puzzles (seeds ``0…n-1``) with each
rule that fits the kind's answer shape and returns the share each rule gets right, beside chance
(picking a choice at random). A puzzle set can be guessed when a rule beats
``max(40%, chance + 10 points)`` (:data:`LIMIT`); rounding rules are judged against chance 50%
(a number rounds one of two ways).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from puzzles.kinds.nearest_five import asks_rounding
from puzzles.puzzle import Puzzle
from puzzles.registry import AnswerShape, all_kinds, kind
from puzzles.stages import STAGES
from trainer.rules import play_points

LIMIT = 0.40
MARGIN = 0.10


def _sorted_values(p: Puzzle) -> list[Any]:
    return sorted(c.value for c in p.choices)


def _pick(values: list[Any], i: int) -> Any:
    return values[i] if len(values) > abs(i) - (i < 0) else None


def _round_down(n: int) -> int:
    return n - n % 5


def _round_up(n: int) -> int:
    return n - n % 5 + (5 if n % 5 else 0)


def _rounds(p: Puzzle) -> bool:
    """Whether ``p`` asks to round a number to the nearest five."""
    return isinstance(p.answer, dict) or asks_rounding(p)


def _number(p: Puzzle) -> int:
    return p.answer["pips"] if isinstance(p.answer, dict) else (p.number or 0)


def _right_number(p: Puzzle, value: Any) -> float:
    answer = p.answer["rounded"] if isinstance(p.answer, dict) else p.answer
    return float(value == answer)


def _spinnerless(p: Puzzle) -> float:
    """Counted-ends: pick every lettered end except the spinner's."""
    lay = p.board
    picked = [c.value for c in p.choices if not lay.is_spinner(c.value.split(":")[0])]
    return float(p.is_right(picked)) if picked else 0.0


def _scoring_play(p: Puzzle) -> float:
    """Best-play: any play that scores (the share of scoring plays that are right)."""
    lay = p.board
    scoring = [c.value for c in p.choices if play_points(lay.play(c.value).total)]
    return sum(v in p.answer for v in scoring) / len(scoring) if scoring else 0.0


def _tile_play(p: Puzzle, biggest: bool) -> float:
    plays = sorted((c.value for c in p.choices), key=lambda v: v.tile.pips)
    return float((plays[-1] if biggest else plays[0]) in p.answer)


Rule = Callable[[Puzzle], float]
NUMBER_RULES: dict[str, Rule] = {
    "largest choice": lambda p: _right_number(p, _sorted_values(p)[-1]),
    "smallest choice": lambda p: _right_number(p, _sorted_values(p)[0]),
    "second smallest choice": lambda p: _right_number(p, _sorted_values(p)[1]),
    "second largest choice": lambda p: _right_number(p, _sorted_values(p)[-2]),
}
ROUNDING_RULES: dict[str, Rule] = {
    "always round down": lambda p: _right_number(p, _round_down(_number(p))),
    "always round up": lambda p: _right_number(p, _round_up(_number(p))),
}
RULES: dict[AnswerShape, dict[str, Rule]] = {
    AnswerShape.NUMBER: NUMBER_RULES,
    AnswerShape.ROUNDING: {**NUMBER_RULES, **ROUNDING_RULES},
    AnswerShape.PLAY: {
        "any play that scores": _scoring_play,
        "first choice": lambda p: float(p.choices[0].value in p.answer),
        "second choice": lambda p: float(p.choices[1].value in p.answer),
        "largest tile": lambda p: _tile_play(p, True),
        "smallest tile": lambda p: _tile_play(p, False),
    },
    AnswerShape.ENDS: {
        "every end but the spinner's": _spinnerless,
        "every lettered end": lambda p: float(p.is_right([c.value for c in p.choices])),
    },
}


def chance(p: Puzzle) -> float:
    """Right by picking at random among the choices."""
    if kind(p.kind).answer_shape is AnswerShape.PLAY:
        return len(p.answer) / len(p.choices)
    if kind(p.kind).answer_shape is AnswerShape.ENDS:
        return 0.0
    return 1 / len(p.choices) if p.choices else 0.0


@dataclass(frozen=True)
class Cell:
    """One stage × kind × level: each rule's share right, and chance."""

    stage: str
    kind: str
    level: int
    rules: dict[str, float]
    chance: float

    def limit(self, rule: str) -> float:
        base = 0.5 if rule in ROUNDING_RULES else self.chance
        return max(LIMIT, base + MARGIN)

    def problems(self) -> list[str]:
        return [f"{self.stage} {self.kind} level {self.level}: '{r}' right {v:.0%} (limit {self.limit(r):.0%})"
                for r, v in self.rules.items() if v > self.limit(r) + 1e-9]


def measure(n: int, generate: Callable[..., Puzzle], start: int = 0) -> list[Cell]:
    """Every rule on ``n`` puzzles of every stage × kind × level."""
    cells = []
    for k in all_kinds():
        rules = RULES[k.answer_shape]
        for stage in STAGES:
            for level in (1, 2, 3):
                ps = [generate(k.id, stage=stage, level=level, seed=s) for s in range(start, start + n)]
                shares = {}
                for name, rule in rules.items():
                    asked = [p for p in ps if name not in ROUNDING_RULES or _rounds(p)]
                    if asked:
                        shares[name] = sum(rule(p) for p in asked) / len(asked)
                cells.append(Cell(stage, k.id, level, shares, sum(chance(p) for p in ps) / n))
    return cells
