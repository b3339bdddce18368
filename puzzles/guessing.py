"""Simple rules a child could answer by without thinking, and how often each would be right.

For every stage × kind × level, :func:`measure` answers ``n`` puzzles (seeds ``0…n-1``) with each
rule that fits the kind's answer shape and returns the share each rule gets right, beside chance
(picking a choice at random). A puzzle set can be guessed when a rule beats
``max(40%, chance + 10 points)`` (:data:`LIMIT`); rounding rules are judged against chance 50%
(a number rounds one of two ways).

The rules are the shortcuts a child finds by noticing what the right answers have in common rather
than by working them out:

- every constant answer: for each value that is an answer or a choice anywhere in the cell, "always
  answer v" (on a choice-based kind, the choice with that value when it is offered);
- a place among the sorted choices (smallest, second, …, largest) or among the lettered ones (A, B, …);
- "the choice that is a multiple of five" (0 is not taken for one: it does not look like a five), the
  smallest when several are, and the largest when several are; when no choice is one, the child
  picks any (chance);
- rounding: always down, always up;
- plays: any play that scores, the play that leaves the biggest or the smallest open-end total, the
  biggest or smallest tile, a double, the first, second or last choice;
- ends: every end but the spinner's, every lettered end, every end that shows a number.

A rule that picks several choices at once on a play (every play that scores, ties for the biggest
total) is right for the share of them that are right: a child picks one of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from puzzles import generate_for
from puzzles.judge import is_right
from puzzles.kinds.nearest_five import asks_rounding
from puzzles.puzzle import Puzzle
from puzzles.registry import AnswerShape, Kind, all_kinds, kind
from puzzles.stages import STAGES, Stage
from puzzles.traps import mastery_traps
from trainer.rules import Play, play_points

LIMIT = 0.40
MARGIN = 0.10
CONSTANT = "always answer "
"""The start of every constant-answer rule's name: ``"always answer 2"``."""

Rule = Callable[[Puzzle], float]


# ----- number answers -----


def _sorted_values(p: Puzzle) -> list[Any]:
    return sorted(c.value for c in p.choices)


def _round_down(n: int) -> int:
    return n - n % 5


def _round_up(n: int) -> int:
    return n - n % 5 + (5 if n % 5 else 0)


def _rounds(p: Puzzle) -> bool:
    """Whether ``p`` asks to round a number to the nearest five."""
    return isinstance(p.answer, dict) or asks_rounding(p)


def _number(p: Puzzle) -> int:
    return p.answer["pips"] if isinstance(p.answer, dict) else (p.number or 0)


def answer_value(p: Puzzle) -> Any:
    """The value a number answer is picked by: the rounded pips of a hand, else the answer itself."""
    return p.answer["rounded"] if isinstance(p.answer, dict) else p.answer


def _right_number(p: Puzzle, value: Any) -> float:
    return float(value == answer_value(p))


def _fives(p: Puzzle) -> list[int]:
    """The choices that are multiples of five, smallest first (0 does not look like a five)."""
    return sorted(v for v in (c.value for c in p.choices) if isinstance(v, int) and v > 0 and v % 5 == 0)


def _five_choice(p: Puzzle, largest: bool) -> float:
    fives = _fives(p)
    return _right_number(p, fives[-1 if largest else 0]) if fives else chance(p)


def _lettered(i: int) -> Rule:
    return lambda p: _right_number(p, p.choices[i].value) if len(p.choices) > i else 0.0


def constant_rules(ps: Iterable[Puzzle]) -> dict[str, Rule]:
    """"Always answer v" for every value that is an answer or a choice of the puzzles ``ps``."""
    values: set[Any] = set()
    for p in ps:
        values.add(answer_value(p))
        values.update(c.value for c in p.choices)
    return {f"{CONSTANT}{v}": _constant(v) for v in sorted(values)}


def _constant(v: Any) -> Rule:
    return lambda p: _right_number(p, v)


# ----- plays -----


def _share_right(p: Puzzle, picked: list[Play]) -> float:
    """A child picks one of ``picked``: the share of them that are right (0 when none is picked)."""
    return sum(v in p.answer for v in picked) / len(picked) if picked else 0.0


def _scoring_play(p: Puzzle) -> float:
    """Best-play: any play that scores (the share of scoring plays that are right)."""
    lay = p.board
    return _share_right(p, [c.value for c in p.choices if play_points(lay.play(c.value).total)])


def _extreme(p: Puzzle, measure: Callable[[Play], int], biggest: bool) -> float:
    """The play (or the plays that tie) with the biggest or the smallest ``measure``."""
    values = {c.value: measure(c.value) for c in p.choices}
    top = (max if biggest else min)(values.values())
    return _share_right(p, [v for v, m in values.items() if m == top])


def _total_after(p: Puzzle) -> Callable[[Play], int]:
    return lambda play: p.board.play(play).total


def _double(p: Puzzle) -> float:
    """Play a double when the hand has one (else any play: chance)."""
    doubles = [c.value for c in p.choices if c.value.tile.is_double]
    return _share_right(p, doubles) if doubles else chance(p)


# ----- ends -----


def _spinnerless(p: Puzzle) -> float:
    """Counted-ends: pick every lettered end except the spinner's."""
    lay = p.board
    picked = [c.value for c in p.choices if not lay.is_spinner(c.value.split(":")[0])]
    return float(is_right(p, picked)) if picked else 0.0


def _showing(p: Puzzle) -> float:
    """Counted-ends: pick every lettered place that shows a number (not a 0)."""
    picked = [c.value for c in p.choices if not c.value.endswith(":0")]
    return float(is_right(p, picked)) if picked else 0.0


NUMBER_RULES: dict[str, Rule] = {
    "largest choice": lambda p: _right_number(p, _sorted_values(p)[-1]),
    "smallest choice": lambda p: _right_number(p, _sorted_values(p)[0]),
    "second smallest choice": lambda p: _right_number(p, _sorted_values(p)[1]),
    "second largest choice": lambda p: _right_number(p, _sorted_values(p)[-2]),
    "the choice that is a multiple of five (the smallest, when several are)": lambda p: _five_choice(p, False),
    "the largest choice that is a multiple of five": lambda p: _five_choice(p, True),
    **{f"choice {letter}": _lettered(i) for i, letter in enumerate("ABCD")},
}
ROUNDING_RULES: dict[str, Rule] = {
    "always round down": lambda p: _right_number(p, _round_down(_number(p))),
    "always round up": lambda p: _right_number(p, _round_up(_number(p))),
}
PLAY_RULES: dict[str, Rule] = {
    "any play that scores": _scoring_play,
    "the play that leaves the biggest total": lambda p: _extreme(p, _total_after(p), True),
    "the play that leaves the smallest total": lambda p: _extreme(p, _total_after(p), False),
    "first choice": lambda p: float(p.choices[0].value in p.answer),
    "second choice": lambda p: float(p.choices[1].value in p.answer),
    "last choice": lambda p: float(p.choices[-1].value in p.answer),
    "largest tile": lambda p: _extreme(p, lambda play: play.tile.pips, True),
    "smallest tile": lambda p: _extreme(p, lambda play: play.tile.pips, False),
    "a double": _double,
}
RULES: dict[AnswerShape, dict[str, Rule]] = {
    AnswerShape.NUMBER: NUMBER_RULES,
    AnswerShape.ROUNDING: {**NUMBER_RULES, **ROUNDING_RULES},
    AnswerShape.PLAY: PLAY_RULES,
    AnswerShape.ENDS: {
        "every end but the spinner's": _spinnerless,
        "every lettered end": lambda p: float(is_right(p, [c.value for c in p.choices])),
        "every lettered end that shows a number": _showing,
    },
}
CONSTANT_SHAPES = (AnswerShape.NUMBER, AnswerShape.ROUNDING)
"""The answer shapes whose answers are numbers a child could give every time."""


def chance(p: Puzzle) -> float:
    """Right by picking at random among the choices."""
    if kind(p.kind).answer_shape is AnswerShape.PLAY:
        return len(p.answer) / len(p.choices)
    if kind(p.kind).answer_shape is AnswerShape.ENDS:
        return 0.0
    return 1 / len(p.choices) if p.choices else 0.0


def family(rule: str) -> str:
    """The rule's family, for reports: every constant answer is one family."""
    return f"{CONSTANT}v (every constant answer)" if rule.startswith(CONSTANT) else rule


@dataclass(frozen=True)
class Cell:
    """One stage × kind × level: each rule's share right, and chance."""

    stage: Stage
    kind: str
    level: int
    rules: dict[str, float]
    chance: float
    source: str = ""
    """Where the puzzles come from, when not plain ``generate``: the coach's puzzles made for a trap, its
    confirmation picks."""

    def limit(self, rule: str) -> float:
        base = 0.5 if rule in ROUNDING_RULES else self.chance
        return max(LIMIT, base + MARGIN)

    def over(self, room: float = 0.0) -> list[str]:
        """Every rule that beats its limit by more than ``room``."""
        return [r for r, v in self.rules.items() if v > self.limit(r) + room + 1e-9]

    def problems(self, room: float = 0.0) -> list[str]:
        """Every rule that beats its limit by more than ``room``, in words."""
        where = f" ({self.source})" if self.source else ""
        return [f"{self.stage} {self.kind} level {self.level}{where}: '{r}' right {self.rules[r]:.1%} "
                f"(limit {self.limit(r):.0%})" for r in self.over(room)]

    def closest(self) -> tuple[str, float]:
        """The rule nearest its limit (or furthest over it), and its share."""
        rule = max(self.rules, key=lambda r: self.rules[r] - self.limit(r))
        return rule, self.rules[rule]


def measure_cell(ps: list[Puzzle], source: str = "") -> Cell:
    """Every rule that fits the puzzles' kind on ``ps`` (one stage × kind × level)."""
    first = ps[0]
    shape = kind(first.kind).answer_shape
    rules = dict(RULES[shape])
    if shape in CONSTANT_SHAPES:
        rules.update(constant_rules(ps))
    shares = {}
    for name, rule in rules.items():
        asked = [p for p in ps if name not in ROUNDING_RULES or _rounds(p)]
        if asked:
            shares[name] = sum(rule(p) for p in asked) / len(asked)
    return Cell(first.stage, first.kind, first.level, shares, sum(chance(p) for p in ps) / len(ps), source)


def measure(n: int, generate: Callable[..., Puzzle], start: int = 0) -> list[Cell]:
    """Every rule on ``n`` puzzles of every stage × kind × level."""
    cells = []
    for k in all_kinds():
        for stage in STAGES:
            for level in (1, 2, 3):
                ps = [generate(k.id, stage=stage, level=level, seed=s) for s in range(start, start + n)]
                cells.append(measure_cell(ps))
    return cells


# ----- the puzzles the coach serves -----


def made_for(n: int, seeds: int, start: int = 0, kinds: Iterable[str] | None = None) -> list[Cell]:
    """Every rule on the coach's puzzles made for a trap (:func:`puzzles.generate_for`), for every stage × kind
    × level and every trap of the kind there: ``n`` puzzles, seeds ``start…`` taken modulo ``seeds`` (the coach
    draws its seeds below :data:`puzzles.found.SEEDS`: ``n = seeds`` is every puzzle it
    can serve for the trap); ``kinds`` narrows it."""
    cells = []
    for k in _kinds(kinds):
        for stage in STAGES:
            for level in (1, 2, 3):
                for t in mastery_traps(k.id, stage):
                    ps = [generate_for(k.id, stage=stage, level=level, trap=t, seed=s % seeds)
                          for s in range(start, start + n)]
                    cells.append(measure_cell(ps, f"made for {t}"))
    return cells


def _kinds(ids: Iterable[str] | None) -> list[Kind]:
    return [k for k in all_kinds() if ids is None or k.id in set(ids)]


def confirmation_pick(generate: Callable[..., Puzzle], kind_id: str, stage: Stage, level: int, seeds: Iterable[int],
                      wanted: Iterable[str]) -> Puzzle:
    """The coach's pick while it confirms a stage: of the puzzles of ``seeds``, the first that exposes most of
    the ``wanted`` traps."""
    want = set(wanted)
    best: Puzzle | None = None
    for seed in seeds:
        p = generate(kind_id, stage=stage, level=level, seed=seed)
        if best is None or len(want & set(p.traps)) > len(want & set(best.traps)):
            best = p
    assert best is not None
    return best


def confirming(n: int, generate: Callable[..., Puzzle], choices: int, start: int = 0,
               kinds: Iterable[str] | None = None) -> list[Cell]:
    """Every rule on the coach's confirmation picks (:func:`confirmation_pick`, every trap of the kind still
    wanted, of ``choices`` puzzles each): ``n`` picks a stage × kind × level; ``kinds`` narrows it."""
    cells = []
    for k in _kinds(kinds):
        for stage in STAGES:
            wanted = mastery_traps(k.id, stage)
            if not wanted:
                continue
            for level in (1, 2, 3):
                ps = [confirmation_pick(generate, k.id, stage, level,
                                        range(start + i * choices, start + (i + 1) * choices), wanted)
                      for i in range(n)]
                cells.append(measure_cell(ps, "confirmation pick"))
    return cells
