"""Puzzle codes stay valid: a code carries the generator its puzzle was made with, codes made before
generators had versions open exactly what they opened before, and codes stay eight typable characters."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import puzzles.codes as codes
from puzzles import GENERATOR, KINDS, STAGES, from_code, generate
from puzzles.codes import ALPHABET, CodeError, decode, encode, seed_space
from puzzles.worksheet import make_sheet, sheet_from_code

OLD_CODES = {
    # code: (kind, stage, level, seed, layout record, answer), as the app opened them before codes had a version
    "CQT6-QX36": ("open-total", "muggins", 1, 5, "2-6 2-5>2-6", 11),
    "WCXJ-XDCR": ("best-play", "five-up", 2, 4, "4-6 6-6>4-6 3-4>4-6 3-3>3-4 1-3>3-3 1-1>1-3", ["3-6>3-3"]),
    "376P-34YM": ("counted-ends", "five-up", 3, 95855,
                  "2-5 5-5>2-5 2-4>2-5 4-6>2-4 1-6>4-6 4-5>5-5 1-4>4-5 1-1>1-4 1-5>1-6 0-5>5-5", ["1-1:1", "1-5:5"]),
    "9MRC-Y9Q7": ("counted-ends", "five-up", 3, 8423700,
                  "6-6 0-6>6-6 0-0>0-6 0-4>0-0 1-4>0-4 0-3>0-0 4-6>6-6 1-5>1-4 5-6>1-5", ["0-3:3", "4-6:4", "5-6:6"]),
}


def old_encode(kind: int, stage: int, level: int, seed: int) -> str:
    """The code as it was made before codes had a version (seeds below 2**24, 16 kinds)."""
    number = ((seed * 16 + kind) * 3 + stage) * 3 + (level - 1)
    number = number * 1_234_567_891 % 23**7
    body = ""
    for _ in range(7):
        number, r = divmod(number, 23)
        body = ALPHABET[r] + body
    check = ALPHABET[sum((i + 1) * (ALPHABET.index(ch) + 1) for i, ch in enumerate(body)) % 23]
    return f"{body[:4]}-{body[4:]}{check}"


@pytest.mark.parametrize("code", sorted(OLD_CODES))
def test_old_codes_open_the_puzzles_they_opened(code):
    kind, stage, level, seed, record, answer = OLD_CODES[code]
    p = from_code(code)
    assert (p.kind, p.stage, p.level, p.seed, p.generator) == (kind, stage, level, seed, 1)
    assert p.code == code and p.to_dict()["layout"] == record and p.to_dict()["answer"] == answer


def test_an_old_sheet_code_opens_its_sheet():
    sheet = sheet_from_code("N674-3WKX")
    assert (sheet.stage, sheet.level, sheet.kind, sheet.count, sheet.code) == ("five-up", 2, "mix", 12, "N674-3WKX")
    assert [p.code for p in sheet.puzzles[:3]] == ["JTJF-RAKT", "H6TN-T6FH", "HTT3-X33J"]
    assert all(p.generator == 1 for p in sheet.puzzles)


@given(st.integers(0, 15), st.integers(0, 2), st.integers(1, 3), st.integers(0, 2**24 - 1))
def test_codes_without_a_version_are_read_as_before(kind, stage, level, seed):
    code = old_encode(kind, stage, level, seed)
    assert encode(kind, stage, level, seed, generator=1) == code
    assert decode(code) == (kind, stage, level, seed, 1)


@given(st.integers(0, 15), st.integers(0, 2), st.integers(1, 3), st.integers(0, codes.SEED_SPACE - 1),
       st.integers(2, GENERATOR))
def test_new_codes_carry_their_generator(kind, stage, level, seed, generator):
    code = encode(kind, stage, level, seed, generator)
    assert len(code) == 9 and code[4] == "-" and set(code.replace("-", "")) <= set(ALPHABET)
    assert decode(code) == (kind, stage, level, seed, generator)
    assert code != old_encode(kind, stage, level, seed)


def test_a_puzzle_and_its_code_keep_the_generator():
    p = generate("best-play", stage="all-fives", level=2, seed=5)
    assert p.generator == GENERATOR >= 2 and decode(p.code).generator == GENERATOR
    assert from_code(p.code) == p
    old = generate("best-play", stage="all-fives", level=2, seed=5, generator=1)
    assert old.code != p.code and from_code(old.code) == old
    sheet = make_sheet("muggins", 1, count=4, seed=3)
    assert decode(sheet.code).generator == GENERATOR and sheet_from_code(sheet.code) == sheet
    assert all(q.generator == GENERATOR for q in sheet.puzzles)


def test_seeds_of_each_generator_fit_in_a_code():
    for generator in range(1, GENERATOR + 1):
        top = seed_space(generator) - 1
        for kind in range(len(KINDS)):
            for stage in range(len(STAGES)):
                assert decode(encode(kind, stage, 3, top, generator)) == (kind, stage, 3, top, generator)
        with pytest.raises(CodeError):
            encode(0, 0, 1, top + 1, generator)
    # the room above generator 1 holds generators up to 14 before codes need a ninth character
    assert codes._VERSIONS + 1 >= 14


def test_a_code_from_a_newer_app_says_so(monkeypatch):
    monkeypatch.setattr(codes, "GENERATOR", GENERATOR + 1)
    newer = encode(1, 1, 1, 7, GENERATOR + 1)
    monkeypatch.setattr(codes, "GENERATOR", GENERATOR)
    with pytest.raises(CodeError, match="newer"):
        from_code(newer)
