"""The teaching in a child's words: the contrast card says what the child just did, with the numbers of
the puzzle they missed (never the teacher's name for the trap), in English and Spanish; the worked example
after it is a puzzle where that same trap really changes the answer, its step saying where."""

from __future__ import annotations

import random

import pytest

from puzzles import KINDS, STAGES, generate, generate_for
from puzzles.contrast import asked_play, contrast, layout_of
from puzzles.judge import judge
from puzzles.registry import TrapFamily, kind, trap
from puzzles.traps import TRAPS, mastery_traps, misconceived, trap_words
from puzzles.worked import bites, trapped_answer, with_the_point, worked_example
from trainer.learning import Practice
from trainer.rules import EndKind, round_to_five
from trainer.words import speaking
from trainer.words.traps import you_counted_covered, you_rounded


def missed_with(trap_id: str):
    """A puzzle a child fell into ``trap_id`` on: the first kind and stage where it applies."""
    kind_id, stage = next((k, s) for k in KINDS for s in STAGES if trap_id in mastery_traps(k, s))
    return generate_for(kind_id, stage=stage, level=2, trap=trap_id, seed=3)


def numbers_of(p, trap_id: str) -> tuple[str, ...]:
    """What the child's words must name: the missed puzzle's own tiles and numbers."""
    record = trap(trap_id)
    if record.family is TrapFamily.ROUNDING:
        n = p.answer["pips"] if isinstance(p.answer, dict) else p.number
        return str(n), str(record.model.rounded(n)), str(round_to_five(n))
    if record.family is TrapFamily.SPOTTING:
        play = asked_play(p)
        before, after = p.board, p.board.play(play)
        return (str(play.tile), str(before.total), str(after.total)) if is_lowering_trap(trap_id) else (
            str(play.tile), after.working)
    lay = layout_of(p, record)
    if trap_id == "counted-covered":
        last = lay.placements[-1]
        target = lay.tiles[last.target]
        return str(last.number * (2 if target.is_double else 1)), str(target), str(last.tile)
    if trap_id == "covered-spinner":
        free = {e.tile for e in lay.open_ends if e.kind == EndKind.DOUBLE}
        spin = next(s for s in lay.spinners if s not in free)
        return str(spin), str(spin.pips)
    spinner = trap_id == "spinner-once"
    d = next(e for e in lay.open_ends if e.kind == EndKind.DOUBLE and lay.is_spinner(e.tile) == spinner)
    return str(d.tile), str(d.number), str(d.value)


def is_lowering_trap(trap_id: str) -> bool:
    return trap_id == "missed-lowering"


@pytest.mark.parametrize("trap_id", TRAPS)
def test_the_contrast_card_says_what_the_child_did_with_the_puzzles_numbers(trap_id):
    p = missed_with(trap_id)
    with speaking("en"):
        english = contrast(p, trap_id).you
    with speaking("es"):
        spanish = contrast(p, trap_id).you
    assert english.startswith("You ") and english.endswith("."), english
    assert english != trap_words(trap_id) and trap_words(trap_id) not in english.lower()
    assert spanish != english and spanish.split()[0] in ("Contaste", "Redondeaste", "No"), spanish
    for said in (english, spanish):
        for number in numbers_of(p, trap_id):
            assert number in said, (trap_id, number, said)


def test_the_child_words_of_each_family():
    assert you_counted_covered(4, "1-4", "4-6") == "You counted the 4 on 1-4, but 4-6 covers it now: it adds nothing."
    assert you_rounded(12, 15, 10) == "You rounded 12 up to 15, but 12 is only 2 past 10: it goes down to 10."
    assert you_rounded(13, 10, 15) == "You rounded 13 down to 10, but 13 is only 2 from 15: it goes up to 15."
    with speaking("es"):
        assert you_counted_covered(4, "1-4", "4-6") == "Contaste el 4 de 1-4, pero ahora 4-6 lo tapa: no suma nada."
        assert you_rounded(12, 15, 10).startswith("Redondeaste 12 hacia arriba a 15")
    p = generate_for("open-total", stage="all-fives", level=2, trap="spinner-once", seed=3)
    pair = contrast(p, "spinner-once")
    assert pair.you.startswith("You counted the spinner ") and "both halves" in pair.you
    with speaking("es"):
        assert contrast(p, "spinner-once").you.startswith("Contaste el spinner ")


def test_a_make_five_card_names_the_end_the_new_tile_covers():
    """"A tile goes on the 2 on 2-6 …": the child kept counting that 2, not an end covered long ago."""
    for seed in range(6):
        p = generate_for("make-five", stage="muggins", level=1 + seed % 3, trap="counted-covered", seed=seed)
        (end_id,) = kind("make-five").named_ends(p)
        tile, number = end_id.split(":")
        said = contrast(p, "counted-covered").you
        double = tile[0] == tile[-1]
        assert said.startswith(f"You counted {tile} as {2 * int(number)}," if double else
                               f"You counted the {number} on {tile},"), (p.code, said)


def test_a_best_play_card_speaks_of_the_play_the_child_picked():
    """A covered end counted makes another play look best: the card is about that play's layout."""
    checked = 0
    for seed in range(4):
        p = generate_for("best-play", stage="muggins", level=2, trap="counted-covered", seed=seed)
        picked = misconceived(p, "counted-covered")
        if picked not in p.answer:
            assert f", but {picked.tile} covers it now" in contrast(p, "counted-covered").you
            checked += 1
    assert checked


def test_every_trap_has_words_for_a_puzzle_with_no_numbers_to_show():
    for t in TRAPS:
        with speaking("es"):
            spanish = trap(t).you_did
        assert trap(t).you_did.startswith("You ") and spanish != trap(t).you_did


def examples_to_check():
    """Every trap, at every kind and stage where it applies: a missed puzzle to teach it from."""
    for t in TRAPS:
        for kind_id in KINDS:
            for stage in STAGES:
                if t in mastery_traps(kind_id, stage):
                    yield t, kind_id, stage


@pytest.mark.parametrize("trap_id,kind_id,stage", list(examples_to_check()))
def test_the_worked_example_is_one_where_the_same_trap_changes_the_answer(trap_id, kind_id, stage):
    for seed in range(3):
        missed = generate_for(kind_id, stage=stage, level=1 + seed, trap=trap_id, seed=seed)
        example = worked_example(missed, trap_id, seed=seed)
        wrong = misconceived(example, trap_id)
        assert wrong is not None and not judge(example, wrong).correct, (example.code, wrong)
        assert judge(example, example.answer).correct
        assert (example.kind, example.stage) == (missed.kind, missed.stage) and example.code != missed.code
        point = [s.text for s in example.steps if s.text.startswith("Watch out! ")]
        assert len(point) == 1 and example.steps[-1].text == missed_steps_end(example)


def missed_steps_end(p) -> str:
    """The last step of the puzzle as it is made: the worked example keeps it last."""
    return generate(p.kind, stage=p.stage, level=p.level, seed=p.seed).steps[-1].text


def test_a_trap_the_kind_names_beyond_its_mastery_traps_is_shown_where_it_bites():
    """An open-end total answered with a covered end counted: the example was once a two-tile line
    where the covered end changes nothing, worked through without a word about it."""
    missed = next(p for s in range(200) if bites(p := generate("open-total", stage="muggins", level=1, seed=s),
                                                 "counted-covered"))
    assert misconceived(missed, "counted-covered") is None  # not one of open-total's mastery traps
    example = worked_example(missed, "counted-covered", seed=4)
    assert example.kind == "open-total" and example.code != missed.code
    assert trapped_answer(example, "counted-covered") != example.answer
    assert any(s.text.startswith("Watch out! ") and "is covered now" in s.text for s in example.steps)


def test_with_no_other_puzzle_the_missed_one_is_worked_through(monkeypatch):
    missed = missed_with("round-3")
    monkeypatch.setattr("puzzles.worked._search", lambda *args: None)
    example = worked_example(missed, "round-3", seed=1)
    assert example.code == missed.code and len(example.steps) == len(missed.steps) + 1
    assert with_the_point(missed, "round-3").steps == example.steps
    with speaking("es"):
        assert any(s.text.startswith("¡Ojo! ") for s in worked_example(missed, "round-3", seed=1).steps)


def test_the_teaching_plan_speaks_to_the_child():
    pr = Practice(seed_source=random.Random(5))
    for seed in range(2):
        p = pr.show(generate_for("hand-rounding", stage="muggins", level=2, trap="round-2", seed=seed))
        pr.answer(misconceived(p, "round-2"))
    t = pr.teaching
    assert t is not None and t.words == t.pair.you and t.words.startswith("You rounded ")
    example = pr.teach_next().example
    assert example is not None and bites(example, "round-2")
