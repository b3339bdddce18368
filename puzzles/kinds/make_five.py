"""``make-five``: how many more (or fewer) make a multiple of five; or which number on the other
end of a tile played on a given end makes the open-end total a multiple of five. Answer: ``int``.
It comes from a real position of the stage's game and carries ``Puzzle.number`` for a number-line
picture."""

from __future__ import annotations

import random
from typing import Any

from puzzles.kinds.judging import choice_value, judge_number, number_explains, read_int
from puzzles.kinds.making import between, find_position, number_choices
from puzzles.puzzle import Puzzle, Step, Verdict
from puzzles.registry import AnswerShape, Kind, per_level, register_kind
from puzzles.stages import Position
from puzzles.words import end_words
from trainer.rules import TILES, Layout, OpenEnd, Tile

MORE_LEAN = (0.6, 0.7, 1.3, 1.5)
"""Generator 2 on: how many more (or fewer) is 1 to 4, often the smallest choices by force, so the others
lean higher."""


def make_make_five(stage: str, level: int, rng: random.Random, generator: int) -> dict[str, Any]:
    form = rng.choice(("more", "fewer")) if level == 1 else ("number" if rng.random() < 0.8 else "more")

    def accept(pos: Position, want_trap: bool) -> dict[str, Any] | None:
        lay = pos.layout
        total = lay.total
        if form in ("more", "fewer"):
            if total % 5 == 0 or (form == "fewer" and total < 5):
                return None
            return build_more(form, lay, rng, MORE_LEAN if generator >= 2 else None)
        return build_number(lay, rng)

    return find_position(stage, level, rng, accept)


def build_more(form: str, lay: Layout, rng: random.Random,
               lean: tuple[float, float, float, float] | None = None) -> dict[str, Any]:
    total = lay.total
    down, up = between(total)
    counted = tuple(e.id for e in lay.open_ends if e.value)
    if form == "more":
        right = up - total
        question = f"The ends make {total}. How many more make the next multiple of five?"
        wrong = [("to-the-five", up, f"{up} is the multiple; {total} needs {right} more to get there."),
                 ("went-down", total - down, f"{total - down} takes you down to {down}, not up."),
                 ("ten-not-five", (total // 10 + 1) * 10 - total, "The next five comes before the next ten.")]
        because = f"{total} + {right} = {up}."
    else:
        right = total - down
        question = f"The ends make {total}. How many fewer make a multiple of five?"
        wrong = [("to-the-five", down, f"{down} is the multiple; {total} is {right} more than it."),
                 ("went-up", up - total, f"{up - total} takes you up to {up}, not down."),
                 ("ten-not-five", total - (total // 10) * 10 if total % 10 != right else right + 5,
                  "The five below comes before the ten below.")]
        because = f"{total} − {right} = {down}."
    goal = up if form == "more" else down
    wrong.append(("counted-the-start", right + 1, f"Count the steps, not {total} itself: {right} to {goal}."))
    if right > 1:
        wrong.append(("stopped-short", right - 1, f"{right - 1} stops one short of {goal}."))
    choices, mistakes = number_choices(right, wrong, rng, slip_text="Count on in ones to the next five.",
                                       lean=lean)
    return {
        "layout": lay, "hand": (), "question": question, "answer": right,
        "explanation": because, "choices": choices, "mistakes": mistakes,
        "steps": [Step(f"The ends make {lay.working}.", counted),
                  Step(f"{total} is between {down} and {up}."),
                  Step(because)],
        "trap": f"make-{form}", "number": total,
    }


def build_number(lay: Layout, rng: random.Random) -> dict[str, Any] | None:
    total = lay.total
    ends = [e for e in lay.open_ends if e.kind in ("end", "double") and e.free]
    rng.shuffle(ends)
    numbers = {e.number for e in ends}
    off = [t for t in TILES if not t.is_double and (t.low in numbers or t.high in numbers) and t not in lay]
    after_of: dict[tuple[Tile, Tile], int] = {}
    for play, t in lay.totals_after(off):  # every hypothetical play at once, without building layouts
        after_of[(play.tile, play.target)] = t  # type: ignore[index]
    for end in ends:
        rest = total - end.value
        results: dict[int, int] = {}
        for n in range(7):
            tile = Tile(min(n, end.number), max(n, end.number))
            after = after_of.get((tile, end.tile))
            if n == end.number or after is None:
                continue  # a double would count both halves; a tile on the table can't be played
            results[n] = after
        if any(t - n != rest for n, t in results.items()):
            continue  # the end keeps counting after the play: not this end
        scoring = [n for n, t in results.items() if t > 0 and t % 5 == 0]
        if len(scoring) != 1 or len(results) < 3:
            continue
        return number_puzzle(lay, end, rest, scoring[0], results, rng)
    return None


def number_puzzle(lay: Layout, end: OpenEnd, rest: int, n: int, results: dict[int, int],
                  rng: random.Random) -> dict[str, Any]:
    total = lay.total
    goal = rest + n
    wrong: list[tuple[str, int, str]] = []
    forgot = [m for m in results if m != n and (total + m) % 5 == 0]
    for m in forgot:
        wrong.append(("forgot-covered", m, f"{end_words(end).capitalize()} gets covered: it stops counting."))
    for m in sorted(results, key=lambda m: abs(m - n)):
        if m != n and m not in forgot:
            wrong.append(("not-multiple", m, f"{rest} + {m} = {rest + m}: not a multiple of five."))
    for m in range(7):
        if m != n and m not in results:
            if m == end.number:
                wrong.append(("double", m, f"{m}-{m} is a double: it would count both halves."))
            else:
                tile = f"{min(m, end.number)}-{max(m, end.number)}"
                wrong.append(("on-the-table", m, f"{tile} is on the table already."))
    choices, mistakes = number_choices(n, wrong, rng, slip_text="Add the new end to the others.", high=6)
    covered = "both halves" if end.kind == "double" else f"the {end.number}"
    return {
        "layout": lay, "hand": (),
        "question": f"A tile goes on {end_words(end)}. What number on its other end makes a multiple of five?",
        "answer": n,
        "explanation": f"Without {covered} the ends make {rest}; {rest} + {n} = {goal}.",
        "choices": choices, "mistakes": mistakes,
        "steps": [Step(f"The ends make {lay.working}.", tuple(e.id for e in lay.open_ends if e.value)),
                  Step(f"The new tile covers {end_words(end)}: {total} − {end.value} = {rest}.", (end.id,)),
                  Step(f"{rest} + {n} = {goal}, a multiple of five.")],
        "trap": "cover-double" if end.kind == "double" else "cover-end", "number": total,
    }


def judge_make_five(p: Puzzle, response: Any) -> Verdict:
    value = read_int(choice_value(p, response) if isinstance(response, str) else response)
    if p.trap in ("cover-end", "cover-double") and value is not None and not 0 <= value <= 6:
        return Verdict(False, "A domino end shows 0 to 6. Try again!", "unreadable", is_answer=False)
    return judge_number(p, response, p.answer, p.explanation)


def number_words(p: Puzzle) -> str:
    return str(p.answer)

def misconceive_make_five(p: Puzzle, trap: str) -> int:
    """A child who forgets the covered end stops counting: a number that makes a five with it counted."""
    if not p.question.startswith("A tile goes on"):
        return p.answer
    total = p.number or 0
    wrong = [m for m in range(7) if (total + m) % 5 == 0 and total + m > 0]
    return p.answer if p.answer in wrong or not wrong else wrong[0]


def make_five_reason(p: Puzzle, trap: str) -> str:
    return "The end the new tile covers stops counting."


MAKE_FIVE = register_kind(Kind(
    id="make-five", number=6, title="Make a multiple of five", short_title="Make 5",
    answer_shape=AnswerShape.NUMBER, maker=make_make_five, judge=judge_make_five, answer_words=number_words,
    time_bars=per_level(15, 20, 25),
    traps=("to-the-five", "went-down", "went-up", "ten-not-five", "forgot-covered", "not-multiple", "double",
           "on-the-table", "counted-covered", "counted-the-start", "stopped-short"),
    mastery_traps=("counted-covered",), misconceive=misconceive_make_five,
    explains=number_explains(misconceive_make_five), trap_reason=make_five_reason,
))
