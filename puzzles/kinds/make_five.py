"""``make-five``: how many more (or fewer) make a multiple of five; or which number on the other
end of a tile played on a given end makes the open-end total a multiple of five. Answer: ``int``.
It comes from a real position of the stage's game and carries ``Puzzle.number`` for a number-line
picture."""

from __future__ import annotations

import random
from typing import Any

from puzzles.kinds.judging import choice_value, judge_number, number_explains, read_int
from puzzles.kinds.making import between, find_position, number_choices
from puzzles.puzzle import Fields, Puzzle, Step, Verdict
from puzzles.registry import AnswerShape, Kind, per_level, register_kind
from puzzles.stages import Position, Stage
from puzzles.traps import COUNTED_COVERED
from trainer.rules import TILES, EndKind, Layout, OpenEnd, Tile
from trainer.words import N_, _
from trainer.words.ends import end_words

MORE_LEAN = (0.6, 0.7, 1.3, 1.5)
"""Generator 2 on: how many more (or fewer) is 1 to 4, often the smallest choices by force, so the others
lean higher."""


def make_make_five(stage: Stage, level: int, rng: random.Random, generator: int) -> Fields:
    form = rng.choice(("more", "fewer")) if level == 1 else ("number" if rng.random() < 0.8 else "more")

    def accept(pos: Position, want_trap: bool) -> Fields | None:
        lay = pos.layout
        total = lay.total
        if form in ("more", "fewer"):
            if total % 5 == 0 or (form == "fewer" and total < 5):
                return None
            return build_more(form, lay, rng, MORE_LEAN if generator >= 2 else None)
        return build_number(lay, rng)

    return find_position(stage, level, rng, accept)


def build_more(form: str, lay: Layout, rng: random.Random,
               lean: tuple[float, float, float, float] | None = None) -> Fields:
    total = lay.total
    down, up = between(total)
    counted = tuple(e.id for e in lay.open_ends if e.value)
    if form == "more":
        right = up - total
        question = _("The ends make {total}. How many more make the next multiple of five?").format(total=total)
        wrong = [("to-the-five", up, _("{five} is the multiple; {total} needs {right} more to get there.").format(
                     five=up, total=total, right=right)),
                 ("went-down", total - down, _("{steps} takes you down to {five}, not up.").format(
                     steps=total - down, five=down)),
                 ("ten-not-five", (total // 10 + 1) * 10 - total, _("The next five comes before the next ten."))]
        because = f"{total} + {right} = {up}."
    else:
        right = total - down
        question = _("The ends make {total}. How many fewer make a multiple of five?").format(total=total)
        wrong = [("to-the-five", down, _("{five} is the multiple; {total} is {right} more than it.").format(
                     five=down, total=total, right=right)),
                 ("went-up", up - total, _("{steps} takes you up to {five}, not down.").format(
                     steps=up - total, five=up)),
                 ("ten-not-five", total - (total // 10) * 10 if total % 10 != right else right + 5,
                  _("The five below comes before the ten below."))]
        because = f"{total} − {right} = {down}."
    goal = up if form == "more" else down
    wrong.append(("counted-the-start", right + 1, _("Count the steps, not {total} itself: {right} to {goal}.").format(
        total=total, right=right, goal=goal)))
    if right > 1:
        wrong.append(("stopped-short", right - 1, _("{short} stops one short of {goal}.").format(
            short=right - 1, goal=goal)))
    choices, mistakes = number_choices(right, wrong, rng, slip_text=_("Count on in ones to the next five."),
                                       lean=lean)
    return {
        "layout": lay, "hand": (), "question": question, "answer": right,
        "explanation": because, "choices": choices, "mistakes": mistakes,
        "steps": [Step(_("The ends make {working}.").format(working=lay.working), counted),
                  Step(_("{total} is between {down} and {up}.").format(total=total, down=down, up=up)),
                  Step(because)],
        "trap": f"make-{form}", "number": total,
    }


def build_number(lay: Layout, rng: random.Random) -> Fields | None:
    total = lay.total
    ends = [e for e in lay.open_ends if e.kind in (EndKind.END, EndKind.DOUBLE) and e.free]
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
                  rng: random.Random) -> Fields:
    total = lay.total
    goal = rest + n
    wrong: list[tuple[str, int, str]] = []
    forgot = [m for m in results if m != n and (total + m) % 5 == 0]
    for m in forgot:
        wrong.append(("forgot-covered", m, _("{end} gets covered: it stops counting.").format(
            end=end_words(end).capitalize())))
    for m in sorted(results, key=lambda m: abs(m - n)):
        if m != n and m not in forgot:
            wrong.append(("not-multiple", m, _("{sum}: not a multiple of five.").format(
                sum=f"{rest} + {m} = {rest + m}")))
    for m in range(7):
        if m != n and m not in results:
            if m == end.number:
                wrong.append(("double", m, _("{tile} is a double: it would count both halves.").format(
                    tile=f"{m}-{m}")))
            else:
                tile = f"{min(m, end.number)}-{max(m, end.number)}"
                wrong.append(("on-the-table", m, _("{tile} is on the table already.").format(tile=tile)))
    choices, mistakes = number_choices(n, wrong, rng, slip_text=_("Add the new end to the others."), high=6)
    sums = f"{rest} + {n} = {goal}"
    if end.kind == EndKind.DOUBLE:
        because = _("Without both halves the ends make {rest}; {sum}.").format(rest=rest, sum=sums)
    else:
        because = _("Without the {number} the ends make {rest}; {sum}.").format(number=end.number, rest=rest, sum=sums)
    return {
        "layout": lay, "hand": (),
        "question": _("A tile goes on {end}. What number on its other end makes a multiple of five?").format(
            end=end_words(end)),
        "answer": n,
        "explanation": because,
        "choices": choices, "mistakes": mistakes,
        "steps": [Step(_("The ends make {working}.").format(working=lay.working),
                       tuple(e.id for e in lay.open_ends if e.value)),
                  Step(_("The new tile covers {end}: {sum}.").format(
                      end=end_words(end), sum=f"{total} − {end.value} = {rest}"), (end.id,)),
                  Step(_("{sum}, a multiple of five.").format(sum=sums))],
        "trap": "cover-double" if end.kind == EndKind.DOUBLE else "cover-end", "number": total,
    }


def judge_make_five(p: Puzzle, response: Any) -> Verdict:
    value = read_int(choice_value(p, response) if isinstance(response, str) else response)
    if _covers_an_end(p) and value is not None and not 0 <= value <= 6:
        return Verdict(False, _("A domino end shows 0 to 6. Try again!"), "unreadable", is_answer=False)
    return judge_number(p, response, p.answer, p.explanation)


def number_words(p: Puzzle) -> str:
    return str(p.answer)

def misconceive_make_five(p: Puzzle, trap: str) -> int:
    """A child who forgets the covered end stops counting: a number that makes a five with it counted."""
    if p.trap in ("make-more", "make-fewer"):  # only a tile on an end covers it
        return int(p.answer)
    total = p.number or 0
    wrong = [m for m in range(7) if (total + m) % 5 == 0 and total + m > 0]
    return p.answer if p.answer in wrong or not wrong else wrong[0]


def make_five_named(p: Puzzle) -> tuple[str, ...]:
    """The end a "which number on its other end" question names ("the 3 on 2-3"): the new tile covers it."""
    return tuple(p.steps[1].ends) if _covers_an_end(p) else ()


def _covers_an_end(p: Puzzle) -> bool:
    """The "which number on its other end" form: its second step marks the end the new tile covers
    (the trap it is filed under may be another one it exposes)."""
    return len(p.steps) >= 2 and bool(p.steps[1].ends)


def make_five_reason(p: Puzzle, trap: str) -> str:
    return _("The end the new tile covers stops counting.")


MAKE_FIVE = register_kind(Kind(
    id="make-five", number=6, title=N_("Make a multiple of five"), short_title=N_("Make 5"),
    answer_shape=AnswerShape.NUMBER, maker=make_make_five, judge=judge_make_five, answer_words=number_words,
    time_bars=per_level(15, 20, 25),
    traps=("to-the-five", "went-down", "went-up", "ten-not-five", "forgot-covered", "not-multiple", "double",
           "on-the-table", COUNTED_COVERED.id, "counted-the-start", "stopped-short"),
    mastery_traps=(COUNTED_COVERED.id,), misconceive=misconceive_make_five,
    explains=number_explains(misconceive_make_five), trap_reason=make_five_reason, named_ends=make_five_named,
))
