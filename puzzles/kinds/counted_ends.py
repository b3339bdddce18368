"""``counted-ends``: which open ends count towards the total? Answer: a tuple of end ids
(``"1-4:4"``); an end that adds 0 may be picked or not."""

from __future__ import annotations

import random
from typing import Any

from puzzles.kinds.judging import choice_value
from puzzles.kinds.making import Wants, end_steps, find_position, first_trap, lettered
from puzzles.puzzle import Fields, Puzzle, Verdict
from puzzles.registry import AnswerShape, Kind, Scene, per_level, register_kind, trap
from puzzles.stages import Position, Stage
from puzzles.traps import COUNTED_COVERED, COVERED_SPINNER
from trainer.rules import EndKind, Layout, OpenEnd
from trainer.words import N_, _
from trainer.words.ends import end_words
from trainer.words.feedback import listing, say

EVERY_END_KEEP = 0.25
"""How often a position where every end counts is kept for counted-ends."""
DECOY_SHARE = 0.7
"""How often covered places (a covered half, a covered double) are offered beside the open ends, so
that no rule such as "every lettered end but the spinner's" answers the question."""
"""How often a position where every end counts is kept for counted-ends."""


def blank(end: OpenEnd) -> bool:
    """An end that adds 0 whatever a child picks: a 0 on a plain tile, or 0-0."""
    return end.number == 0 and end.kind != EndKind.SPINNER_END


def decoys(lay: Layout) -> list[tuple[str, str]]:
    """Places that look like ends but are covered: (id, words), for counted-ends choices."""
    out: list[tuple[str, str]] = []
    open_tiles = {e.tile for e in lay.open_ends}
    seen = {e.id for e in lay.open_ends}
    for t in lay.tiles:
        if t.is_double and t not in open_tiles and not lay.is_spinner(t):
            out.append((f"{t}:{t.low}", _("the double {tile}").format(tile=t)))
    tiles = lay.tiles
    for pl in lay.placements[1:]:
        target = tiles[pl.target]
        if not target.is_double and pl.number > 0:
            out.append((f"{target}:{pl.number}", _("the {number} on {tile}").format(number=pl.number, tile=target)))
    unique = []
    for i, words in out:
        if i not in seen:
            seen.add(i)
            unique.append((i, words))
    return unique


def make_counted_ends(stage: Stage, level: int, rng: random.Random, generator: int) -> Fields:
    wants = Wants()
    want_decoy = rng.random() < DECOY_SHARE

    def accept(pos: Position, want_trap: bool) -> Fields | None:
        lay = pos.layout
        ends = lay.open_ends
        if len(ends) < 2 or not any(e.counts for e in ends):
            return None
        every = all(e.counts or blank(e) for e in ends)
        extra: list[tuple[str, str]] = []
        if want_decoy:
            extra = decoys(lay)
            rng.shuffle(extra)
            extra = extra[:rng.choice((1, 2))]
            if not extra and wants.tick():
                return None
        elif every and rng.random() > EVERY_END_KEEP:
            extra = decoys(lay)
            rng.shuffle(extra)
            extra = extra[:2]
            if not extra and wants.tick():
                return None
        ids = [e.id for e in ends] + [i for i, _w in extra]
        texts = [end_words(e) for e in ends] + [w for _i, w in extra]
        answer = tuple(e.id for e in ends if e.counts)
        question = _("Which open ends count towards the total? Pick all of them.") if not extra else \
            _("Which of these count towards the total? Pick all of them.")
        return {
            "layout": lay, "hand": (),
            "question": question,
            "answer": answer,
            "explanation": _("The ends that count make {working}.").format(working=lay.working),
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
        return Verdict(False, _("Pick the open ends that count, by their letters."), "unreadable", is_answer=False)
    if not picked:
        return Verdict(False, _("Pick at least one end."), "unreadable", is_answer=False)
    ends = {e.id: e for e in p.board.open_ends}
    blanks = {i for i, e in ends.items() if blank(e)}
    right = set(p.answer)
    sum_words = _("The ends that count make {working}.").format(working=p.board.working)
    if picked - blanks == right - blanks:
        note = ""
        if picked & blanks:
            e = ends[sorted(picked & blanks)[0]]
            note = _("The 0 on {tile} adds nothing, so picking it doesn't matter.").format(tile=e.tile)
        return Verdict(True, say(p.level, (_("Yes!"), True), (sum_words, True), (note, False)), None)
    extra = [ends[i] for i in sorted(picked - right - blanks) if i in ends]
    missing = [ends[i] for i in sorted(right - picked)]
    covered = sorted(picked - right - blanks - set(ends))
    if covered:
        tile, number = covered[0].split(":")
        what = (_("The double {tile} has both sides covered: it counts 0.").format(tile=tile) if tile[0] == tile[-1]
                else _("The {number} on {tile} is covered: it counts 0.").format(number=number, tile=tile))
        name = "covered-double" if tile[0] == tile[-1] else COUNTED_COVERED.id
        return Verdict(False, say(p.level, (what, True), (sum_words, False)), name)
    for e in extra:
        if e.kind == EndKind.SPINNER_END:
            return Verdict(False, say(p.level, (_("The spinner {tile} has both sides covered: it counts 0.").format(
                tile=e.tile), True),
                                      (sum_words, False)), COVERED_SPINNER.id)
    for e in missing:
        if e.kind == EndKind.DOUBLE:
            return Verdict(False, say(p.level, (_("{tile} is a double at an end: it counts {value}.").format(
                tile=e.tile, value=e.value), True),
                                      (sum_words, False)), "double-at-end")
    if missing:
        return Verdict(False, say(p.level, (_("You missed {end}.").format(end=end_words(missing[0])), True),
                                  (sum_words, False)),
                       "missed-end")
    return Verdict(False, say(p.level, (_("Not quite."), True), (sum_words, True)), "other")


def counted_ends_words(p: Puzzle) -> str:
    ends = {e.id: e for e in p.board.open_ends}
    names = [end_words(ends[i]) for i in p.answer if i in ends]
    return listing(names)

def covered_choices(p: Puzzle, trap_id: str) -> set[str]:
    """The choices a child who holds a trap picks besides the right ends: covered halves
    (``counted-covered``) or the ends of a covered spinner (``covered-spinner``)."""
    record = trap(trap_id)
    ends = {e.id: e for e in p.board.open_ends}
    out = set()
    for c in p.choices:
        e = ends.get(c.value)
        tile = c.value.split(":")[0]
        if record is COUNTED_COVERED and e is None and tile[0] != tile[-1]:
            out.add(c.value)
        if record is COVERED_SPINNER and e is not None and e.kind == EndKind.SPINNER_END:
            out.add(c.value)
    return out


def misconceive_counted_ends(p: Puzzle, trap_id: str) -> list[str]:
    return sorted(set(p.answer) | covered_choices(p, trap_id))


def counted_ends_explains(p: Puzzle, trap_id: str, response: Any) -> bool:
    picked = read_ids(p, response)
    blanks = {e.id for e in p.board.open_ends if blank(e)}
    return picked is not None and picked - blanks == set(misconceive_counted_ends(p, trap_id)) - blanks


def counted_ends_reason(p: Puzzle, trap_id: str) -> str:
    extra = sorted(covered_choices(p, trap_id))
    if trap(trap_id) is COUNTED_COVERED and extra:
        tile, number = extra[0].split(":")
        return _("The {number} on {tile} is covered: it counts 0.").format(number=number, tile=tile)
    return trap(trap_id).reason(Scene(p.board))


COUNTED_ENDS = register_kind(Kind(
    id="counted-ends", number=4, title=N_("Which ends count?"), short_title=N_("Ends"),
    answer_shape=AnswerShape.ENDS, maker=make_counted_ends, judge=judge_counted_ends,
    answer_words=counted_ends_words, time_bars=per_level(20, 25, 35),
    traps=(COUNTED_COVERED.id, "covered-double", COVERED_SPINNER.id, "double-at-end", "missed-end"),
    mastery_traps=(COVERED_SPINNER.id, COUNTED_COVERED.id), misconceive=misconceive_counted_ends,
    explains=counted_ends_explains, trap_reason=counted_ends_reason,
))
