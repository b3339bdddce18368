import json
import random

import pytest

from puzzles import CORE_KINDS, GENERATOR, KINDS, STAGES, CodeError, Stage, from_code, generate, has_trap
from puzzles.__main__ import main as cli
from puzzles.codes import ALPHABET, decode, encode
from puzzles.judge import judge
from tests.oracle import oracle_from_record
from trainer.rules import EndKind, IllegalPlay, Tile, round_to_five

ALL = [(k, s, lv) for k in KINDS for s in STAGES for lv in (1, 2, 3)]
SEEDS = range(12)


def test_contract_names():
    assert STAGES == ("muggins", "all-fives", "five-up")
    assert set(CORE_KINDS) <= set(KINDS) and len(KINDS) >= 5


def test_stages_are_an_enum_whose_stored_text_is_unchanged():
    """A stage is a ``Stage`` member everywhere; what the store, codes and addresses keep is the same text."""
    from trainer.learning.attempt import Attempt
    from trainer.learning.choice import StageChoice

    assert [s.value for s in Stage] == ["muggins", "all-fives", "five-up"] and STAGES == tuple(Stage)
    p = generate("open-total", stage=Stage.ALL_FIVES, level=2, seed=3)
    assert p.stage is Stage.ALL_FIVES and from_code(p.code).stage is Stage.ALL_FIVES
    row = Attempt("open-total", Stage.FIVE_UP, 1, True, 3.0, at=1.0).to_row()
    assert row["stage"] == "five-up" and json.loads(json.dumps(row))["stage"] == "five-up"
    assert Attempt.from_row(row).stage is Stage.FIVE_UP
    assert StageChoice.from_row({"stage": "all-fives", "at": 2.0}).stage is Stage.ALL_FIVES
    with pytest.raises(ValueError):
        StageChoice.from_row({"stage": "sniff", "at": 2.0})


@pytest.mark.parametrize("kind,stage,level", ALL)
def test_every_kind_stage_level(kind, stage, level):
    for seed in SEEDS:
        p = generate(kind, stage=stage, level=level, seed=seed)
        assert generate(kind, stage=stage, level=level, seed=seed) == p, "same arguments, same puzzle"
        assert from_code(p.code) == p
        d = p.to_dict()
        assert json.loads(json.dumps(d)) == d
        for key in ("kind", "stage", "level", "code", "variant", "layout", "hand", "question", "answer",
                    "explanation"):
            assert key in d
        assert d["variant"] == stage and p.kind == kind and p.level == level
        lay = p.board
        on_table = set(lay.tiles)
        assert not on_table & {Tile.parse(t) for t in p.hand}, "hand tiles are never on the table"
        assert p.explanation and p.question
        assert judge(p, p.answer).correct
        for junk in (None, "banana", [], {}, 3.5, "ZZ", object(), {"pips": "x"}, "-", ["7-9>1-1"]):
            verdict = judge(p, junk)
            assert not verdict.correct and verdict.message and not verdict.is_answer
        check_kind(p, lay)


def oracle_total(p, extra: str = "") -> int:
    """The open-end total by the plain second reading of the rules (tests/oracle.py)."""
    return oracle_from_record((p.board.record + " " + extra).strip(), p.variant).total()


def brute_points(p, token: str) -> int:
    total = oracle_total(p, token)
    return total // 5 if total and total % 5 == 0 else 0


def check_kind(p, lay):
    if p.kind == "open-total":
        assert p.answer == oracle_total(p)
        assert p.answer in [c.value for c in p.choices]
        assert str(p.answer) in p.explanation
    elif p.kind == "best-play":
        plays = sorted(oracle_from_record(p.board.record, p.variant).legal([str(t) for t in p.hand]))
        assert plays == sorted(str(x) for x in lay.legal_plays(list(p.hand)))
        scores = {t: brute_points(p, t) for t in plays}
        best = max(scores.values())
        assert best > 0 and len(set(scores.values())) >= 2 and len(plays) >= 2
        assert sorted(str(a) for a in p.answer) == sorted(t for t, v in scores.items() if v == best)
        assert {str(c.value) for c in p.choices} == set(plays)
        for t, v in scores.items():
            assert judge(p, t).correct == (v == best)
    elif p.kind == "hand-rounding":
        pips = sum(t.pips for t in p.hand)
        assert p.answer == {"pips": pips, "rounded": round_to_five(pips), "points": round_to_five(pips) // 5}
        assert judge(p, dict(p.answer)).correct
        assert not judge(p, {"pips": pips}).is_answer, "adding alone is not an answer"
        assert not judge(p, {"pips": pips, "rounded": p.answer["rounded"], "points": p.answer["points"] + 1}).correct
    elif p.kind == "play-score":
        assert p.play == str(p.the_play) and p.the_play.tile in p.hand and p.hand == (p.the_play.tile,)
        assert p.answer == brute_points(p, p.play)
    elif p.kind == "counted-ends":
        # an end counts when removing it from the oracle's total changes the total: re-derive by value
        counted = [e for e in lay.open_ends if e.value]
        assert sum(e.value for e in counted) == oracle_total(p)
        assert sorted(p.answer) == sorted(f"{e.tile}:{e.number}" for e in counted)
        labels = [c.label for c in p.choices if c.value in p.answer]
        assert judge(p, ",".join(labels)).correct
    elif p.kind == "nearest-five":
        n = sum(t.pips for t in p.hand)
        assert p.number == n and str(n) in p.question
        down, up = n - n % 5, n - n % 5 + 5
        want = {"up": up, "down": down}.get(p.question.split("next multiple of five ")[-1].split()[0], None)
        assert p.answer == (want if "next multiple" in p.question else (down if n % 5 < 3 else up))
    elif p.kind == "make-five":
        total = oracle_total(p)
        if "How many more" in p.question:
            assert (total + p.answer) % 5 == 0 and 0 < p.answer < 5
        elif "How many fewer" in p.question:
            assert (total - p.answer) % 5 == 0 and 0 < p.answer < 5
        else:
            def named(e):
                return f"the double {e.tile}" if e.kind == EndKind.DOUBLE else f"the {e.number} on {e.tile}"

            end = next(e for e in lay.open_ends if p.question.startswith(f"A tile goes on {named(e)}."))
            tile = f"{min(p.answer, end.number)}-{max(p.answer, end.number)}"
            after = oracle_total(p, f"{tile}>{end.tile}")
            assert after > 0 and after % 5 == 0
    for c in p.choices:
        if p.kind in ("open-total", "play-score", "nearest-five", "make-five") and c.value != p.answer:
            v = judge(p, c.value)
            assert v.is_answer and not v.correct and v.mistake and str(c.value) in v.message


def test_wrong_choices_name_real_mistakes():
    named = set()
    for seed in range(60):
        for stage in STAGES:
            p = generate("open-total", stage=stage, level=3, seed=seed)
            for c in p.choices:
                if c.value != p.answer:
                    v = judge(p, c.value)
                    assert not v.correct and v.mistake
                    named.add(v.mistake)
    assert {"double-once", "covered-spinner", "covered-double"} <= named


def test_rounding_13_down_is_named():
    for seed in range(200):
        p = generate("hand-rounding", stage="muggins", level=2, seed=seed)
        if p.answer["pips"] % 5 in (3, 4):
            v = judge(p, dict(p.answer, rounded=p.answer["rounded"] - 5))
            rem = p.answer["pips"] % 5
            assert v.mistake == f"round-{rem}" and v.traps == (f"round-{rem}",) and "up" in v.message
            return
    pytest.fail("no rounding-up puzzle found")


def test_levels_grow():
    for stage in STAGES:
        sizes = {lv: [len(generate("open-total", stage=stage, level=lv, seed=s).board) for s in range(25)]
                 for lv in (1, 2, 3)}
        assert max(sizes[1]) <= min(sizes[3])
        assert sum(sizes[1]) < sum(sizes[2]) < sum(sizes[3])


def test_trap_share_rises_with_level():
    for stage in STAGES:
        share = []
        for lv in (1, 3):
            ps = [generate("open-total", stage=stage, level=lv, seed=s) for s in range(60)]
            share.append(sum(has_trap(p.board, stage) for p in ps) / len(ps))
        assert share[0] < 0.5 < share[1], (stage, share)


def test_stage_spinners():
    for seed in range(20):
        assert not generate("open-total", stage="muggins", level=3, seed=seed).board.spinners
        assert len(generate("open-total", stage="all-fives", level=3, seed=seed).board.spinners) == 1
        assert generate("open-total", stage="five-up", level=2, seed=seed).board.spinners


def test_codes_are_short_and_safe():
    seen = set()
    for kind in KINDS:
        for seed in (0, 1, 2, 2**24 - 1):
            code = generate(kind, stage="five-up", level=3, seed=seed).code
            assert len(code) == 9 and code[4] == "-"
            assert set(code.replace("-", "")) <= set(ALPHABET)
            assert not set(code) & set("01OILZ5S8BUV")
            seen.add(code)
    assert len(seen) == len(KINDS) * 4
    code = generate("best-play", stage="all-fives", level=2, seed=5).code
    assert from_code(code.lower().replace("-", " ")).code == code
    assert decode(encode(3, 2, 3, 99)) == (3, 2, 3, 99, GENERATOR)


@pytest.mark.parametrize("bad,needle", [("", "Type"), ("HELLO", "never use"), ("ACDE-FGH", "8 characters"),
                                        ("ACDE-FGHJK", "8 characters"), (None, "eight")])
def test_bad_codes(bad, needle):
    with pytest.raises(CodeError, match=needle):
        from_code(bad)


def test_typo_is_caught():
    code = generate("open-total", stage="muggins", level=1, seed=3).code
    i = 1
    swapped = code[:i] + ("C" if code[i] != "C" else "D") + code[i + 1:]
    with pytest.raises(CodeError, match="typo"):
        from_code(swapped)
    assert isinstance(CodeError("x"), ValueError)


def test_bad_arguments():
    with pytest.raises(IllegalPlay, match="kind"):
        generate("riddle", stage="muggins")
    with pytest.raises(IllegalPlay, match="stage"):
        generate("open-total", stage="chess")
    with pytest.raises(IllegalPlay, match="Levels"):
        generate("open-total", stage="muggins", level=4)
    with pytest.raises(IllegalPlay, match="seed"):
        generate("open-total", stage="muggins", seed=-1)


def test_unseeded_puzzles_still_rebuild():
    random.seed(3)
    p = generate("best-play", stage="five-up", level=2)
    assert from_code(p.code) == p


def test_best_play_answers_by_label_and_explains_wrong_ones():
    p = generate("best-play", stage="five-up", level=2, seed=4)
    right = next(c for c in p.choices if c.value in p.answer)
    wrong = next(c for c in p.choices if c.value not in p.answer)
    assert judge(p, right.label).correct
    v = judge(p, wrong.label)
    assert not v.correct and v.message.startswith(f"You chose {wrong.text}")
    assert not judge(p, "6-6>0-0").correct


def test_cli_text_and_json(capsys):
    assert cli(["--kind", "best-play", "--stage", "five-up", "--level", "2", "--count", "3", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.count("Puzzle ") == 3 and "Answer:" in out
    assert cli(["--kind", "hand-rounding", "--count", "2", "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [json.loads(x)["kind"] for x in lines] == ["hand-rounding"] * 2


def test_a_worked_example_shows_the_idea_on_another_position_not_the_childs_own_puzzle():
    """A new child's first puzzles and the worked example Practice opens for them (``similar(p, 0)``): another
    hand, other open ends, another answer."""
    import random

    from puzzles import similar
    from trainer.learning.practice import COACH, Practice

    for seed in range(8):
        pr = Practice(seed_source=random.Random(seed), clock=lambda: 1767628800.0 + 16 * 3600)
        p = pr.new_puzzle(COACH, "muggins", 1)
        example = similar(p, 0)
        assert example.kind == p.kind and example.code != p.code
        assert str(example.answer) != str(p.answer), (p.code, example.code)
        if p.hand:
            assert sorted(map(str, example.hand)) != sorted(map(str, p.hand)), (p.code, example.code)
        ends = [sorted(e.number for e in q.board.open_ends) for q in (p, example)]
        assert ends[0] != ends[1], (p.code, example.code)


@pytest.mark.parametrize("kind", ["hand-rounding", "nearest-five"])
def test_a_similar_puzzle_without_open_ends_to_ask_about_still_has_another_hand_and_another_answer(kind):
    """A hand's tiles to round, or a number to round, show a layout with no open ends to tell apart: the similar
    puzzle is still another hand with another answer (a quarter of them had the child's own answer, after every
    seed of the search was tried in vain for other open ends)."""
    from puzzles import STAGES, generate, similar

    for seed in range(24):
        p = generate(kind, stage=STAGES[seed % len(STAGES)], level=1 + seed % 3, seed=seed * 7 + 1)
        q = similar(p, seed)
        assert (q.kind, q.stage, q.level, q.trap) == (p.kind, p.stage, p.level, p.trap)
        assert str(q.answer) != str(p.answer), (p.code, q.code)
        if p.hand:
            assert sorted(map(str, q.hand)) != sorted(map(str, p.hand)), (p.code, q.code)


@pytest.mark.parametrize("kind_name", KINDS)
def test_a_puzzles_picture_tells_no_total_and_no_ends_value_until_the_working_is_shown(kind_name):
    """A tooltip or a screen reader reads a picture's title and description: before the answer they name the
    open ends but say nothing they add or what they total (the answer to "What's the open-end total?"), and
    no end carries its value; the projector's open puzzle the same; with the working, all of it."""
    import re

    from puzzles.pictures import big_screen_layout, puzzle_pictures

    drawn = 0
    for stage in STAGES:
        for seed in range(3):
            p = generate(kind_name, stage=stage, level=2, seed=seed)
            if not p.board or p.board.is_empty:
                continue
            drawn += 1
            total = p.board.total
            for before in (puzzle_pictures(p, working=False)[0], big_screen_layout(p, revealed=False)):
                title, desc = re.search(r"<title>(.*?)</title><desc>(.*?)</desc>", before).groups()
                assert "data-value" not in before and "total" not in title.lower(), (p.code, title)
                assert "Open-end total" not in desc and "counts" not in desc, (p.code, desc)
                assert str(total) not in re.sub(r"\d-\d", "", title), (p.code, title)
            after = puzzle_pictures(p, working=True)[0]
            assert "data-value" in after and f"open-end total {total}" in after, p.code
    assert drawn or kind_name in ("hand-rounding", "nearest-five", "make-five")
