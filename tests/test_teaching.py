"""Puzzles that teach: sums that grow, answers that can't be guessed, short feedback, similar puzzles."""

import dataclasses

import pytest

import puzzles.registry
from puzzles import KINDS, STAGES, from_code, generate, similar
from puzzles.judge import judge
from puzzles.kinds import blank, is_combination, is_lowering
from puzzles.shape import TARGETS, measure
from puzzles.traps import COUNTING, misconceived
from trainer.rules import Play
from trainer.words.feedback import WORD_LIMITS, word_count


def test_shape_targets_hold_on_a_sample():
    shape = measure(100)
    assert shape.problems() == []
    assert shape.rising()
    assert shape.big_five_up_3 >= TARGETS["five-up-3-big"]


def responses(p):
    """The right answer and every offered wrong one, in the shape the page sends."""
    if p.kind == "hand-rounding":
        return [p.answer] + [dict(p.answer, rounded=c.value) for c in p.choices] + [
            dict(p.answer, points=p.answer["points"] + 1), dict(p.answer, pips=p.answer["pips"] + 1)]
    if p.kind == "counted-ends":
        return [list(p.answer)] + [[c.value] for c in p.choices]
    return [p.answer] + [c.value for c in p.choices]


@pytest.mark.parametrize("kind", KINDS)
def test_feedback_fits_the_word_limit(kind):
    for stage in STAGES:
        for level in (1, 2, 3):
            for seed in range(25):
                p = generate(kind, stage=stage, level=level, seed=seed)
                for r in responses(p):
                    v = judge(p, r)
                    assert word_count(v.message) <= WORD_LIMITS[level], (p.code, v.message)
                assert p.steps and p.hint == p.steps[0]


def test_wrong_answers_are_echoed():
    p = generate("open-total", stage="muggins", level=1, seed=3)
    wrong = next(v for v in range(40) if v != p.answer and judge(p, v).mistake == "other")
    v = judge(p, wrong)
    assert v.message.startswith(f"You said {wrong}.") and p.board.working in v.message


def test_a_wrong_total_names_its_mistake_as_the_projector_does():
    """TX3E-EA64 (2-3 then 3-5 on its 3): 10 counts the covered 3, and the feedback says so (it once
    said only "You said 10. The ends make 2 + 5 = 7." while the class chart named the mistake)."""
    p = from_code("TX3E-EA64")
    v = judge(p, 10)
    assert v.mistake == "counted-covered" and "The 3 of 2-3 is covered now" in v.message
    assert v.message.startswith("You said 10.")
    for stage in STAGES:  # every answer a counting trap's model gives is answered with its reason
        for level in (1, 2, 3):
            for seed in range(15):
                p = generate("open-total", stage=stage, level=level, seed=seed)
                for trap in COUNTING:
                    wrong = puzzles.registry.kind("open-total").misconceive(p, trap)
                    if wrong == p.answer:
                        continue
                    v = judge(p, wrong)
                    assert v.mistake != "other" and v.message.split(". ", 1)[1] != p.explanation, (p.code, trap, v)


def best_play_with(trap):
    """A level-2 best-play puzzle built around ``trap``, or else one that exposes it."""
    found = None
    for seed in range(400):
        for stage in STAGES:
            p = generate("best-play", stage=stage, level=2, seed=seed)
            if p.trap == trap:
                return p
            found = found or (p if trap in p.traps else None)
    if found is not None:
        return found
    pytest.fail(f"no best-play puzzle with {trap}")


@pytest.mark.parametrize("trap,words", [("missed-combination", "No 5 needed"), ("missed-lowering", "smaller")])
def test_combination_and_lowering_are_named(trap, words):
    p = best_play_with(trap)
    lay = p.board
    best = Play.parse(p.answer[0])
    after = lay.play(best)
    assert (is_lowering(lay, after) if trap == "missed-lowering" else is_combination(after))
    if trap == "missed-combination":
        assert all(e.number not in (0, 5) for e in after.open_ends) and after.total % 5 == 0
    else:
        assert after.total < lay.total
    v = judge(p, misconceived(p, trap))
    assert not v.correct and trap in v.traps and words in v.message


def test_a_mis_tap_is_not_an_answer():
    p = generate("best-play", stage="muggins", level=2, seed=11)
    lay = p.board
    for tile in p.hand:
        for end in lay.open_ends:
            play = Play.parse(f"{tile}>{end.tile}")
            if not lay.is_legal(play):
                v = judge(p, str(play))
                assert not v.is_answer and not v.correct
                assert f"{play.tile} has no {end.number}" in v.message
                return
    pytest.fail("every tap was legal")


def test_a_tile_not_in_the_hand_is_not_an_answer():
    p = generate("best-play", stage="five-up", level=1, seed=2)
    lay = p.board
    outside = next(t for t in ("0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "6-6")
                   if t not in p.hand and t not in lay)
    v = judge(p, f"{outside}>{lay.tiles[0]}")
    assert not v.is_answer and "not in your hand" in v.message


def test_hand_rounding_needs_rounded_and_points():
    p = generate("hand-rounding", stage="five-up", level=2, seed=5)
    assert not judge(p, {"pips": p.answer["pips"]}).correct
    assert not judge(p, {"pips": p.answer["pips"]}).is_answer
    assert not judge(p, {"rounded": p.answer["rounded"]}).is_answer
    assert judge(p, {"rounded": p.answer["rounded"], "points": p.answer["points"]}).correct
    assert not judge(p, p.answer["rounded"]).is_answer
    for seed in range(60):
        q = generate("hand-rounding", stage="muggins", level=1, seed=seed)
        for _key, _, text in q.mistakes:
            assert "open end" not in text, "hand-rounding has no open ends"


def test_a_blank_end_neither_helps_nor_hurts():
    for seed in range(300):
        p = generate("counted-ends", stage="muggins", level=2, seed=seed)
        blanks = [e.id for e in p.board.open_ends if blank(e)]
        if blanks:
            v = judge(p, list(p.answer) + blanks[:1])
            assert v.correct and "adds nothing" in v.message
            assert judge(p, list(p.answer)).correct
            return
    pytest.fail("no counted-ends puzzle with a blank end")


def test_covered_places_offered_as_choices_are_wrong_with_a_reason():
    for seed in range(200):
        p = generate("counted-ends", stage="muggins", level=1, seed=seed)
        open_ids = {e.id for e in p.board.open_ends}
        decoys = [c.value for c in p.choices if c.value not in open_ids]
        if decoys:
            v = judge(p, list(p.answer) + decoys[:1])
            assert not v.correct and v.mistake == "counted-covered" and "covered" in v.message
            return
    pytest.fail("no counted-ends puzzle with a covered place")


def test_similar_keeps_kind_stage_level_and_trap():
    for kind in KINDS:
        for seed in range(6):
            p = generate(kind, stage="five-up", level=2, seed=seed)
            q = similar(p, 1)
            assert (q.kind, q.stage, q.level) == (p.kind, p.stage, p.level)
            assert q.code != p.code and similar(p, 1) == q and from_code(q.code) == q
            if p.trap is not None:
                assert q.trap == p.trap or p.trap in q.traps, (kind, p.trap, q.trap)


def test_check_catches_parse_errors_only(monkeypatch):
    p = generate("open-total", stage="muggins", level=1, seed=1)

    def broken(puzzle, response):
        raise RuntimeError("a judge that crashes must be seen")

    record = puzzles.registry.kind("open-total")
    monkeypatch.setitem(puzzles.registry._KINDS, "open-total", dataclasses.replace(record, judge=broken))
    with pytest.raises(RuntimeError):
        judge(p, p.answer)


def test_number_kinds_have_a_number_line_and_named_mistakes():
    for stage in STAGES:
        for level in (1, 2, 3):
            for seed in range(10):
                for kind in ("nearest-five", "make-five"):
                    p = generate(kind, stage=stage, level=level, seed=seed)
                    assert isinstance(p.number, int)
                    named = [m for m in p.mistakes if m[1] != "adding"]
                    assert len(named) >= 2, p.code


def test_make_five_end_number_is_checked_against_the_engine():
    found = 0
    for seed in range(40):
        p = generate("make-five", stage="all-fives", level=2, seed=seed)
        if not p.question.startswith("A tile goes on"):
            continue
        lay = p.board
        for n in range(7):
            for e in lay.open_ends:
                tile = f"{min(n, e.number)}-{max(n, e.number)}"
                here = p.question.startswith(f"A tile goes on the {e.number} on {e.tile}")
                if n == e.number or tile in lay or not here:
                    continue
                after = lay.play(f"{tile}>{e.tile}").total
                assert (after > 0 and after % 5 == 0) == (n == p.answer)
                found += 1
    assert found


def test_nearest_five_numbers_grow_with_level():
    means = []
    for level in (1, 2, 3):
        nums = [generate("nearest-five", stage="muggins", level=level, seed=s).number for s in range(40)]
        means.append(sum(nums) / len(nums))
    assert means[0] < means[1] < means[2]


def test_layout_totals_for_make_five_are_real():
    p = generate("make-five", stage="muggins", level=1, seed=4)
    assert p.board.total == p.number
