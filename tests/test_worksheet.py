"""Worksheets: the PDF opens, has its pages and codes, its key agrees with the puzzles, its QR codes
open the puzzles, and the same seed gives the same sheet."""

import io
import math
import os
import re
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from puzzles import KINDS, CodeError, from_code, generate
from puzzles import print_pictures as printed
from puzzles.__main__ import main as cli
from puzzles.pictures import layout_letters, puzzle_pictures
from puzzles.registry import answer_words
from puzzles.registry import kind as kind_record
from puzzles.worksheet import (
    MAX_ADDRESS,
    Sheet,
    address_problem,
    answer_key_pdf,
    build_pdf,
    make_sheet,
    puzzle_link,
    sheet_from_code,
    worksheet_pdf,
)
from trainer.rules import IllegalPlay

ARTIFACTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "artifacts")
BASE = "https://fives.example.org/trainer"


@pytest.fixture(scope="module")
def sheet():
    return make_sheet("five-up", 2, count=7, seed=7)


@pytest.fixture(scope="module")
def pdf(sheet):
    return worksheet_pdf(sheet, base_url=BASE)


def text_of(reader, pages):
    return "\n".join(reader.pages[i].extract_text() for i in pages)


def test_same_seed_same_sheet_and_codes_rebuild_it(sheet, pdf):
    again = make_sheet("five-up", 2, count=7, seed=7)
    assert again == sheet and worksheet_pdf(again, base_url=BASE) == pdf
    assert sheet_from_code(sheet.code) == sheet
    assert sheet_from_code(sheet.code.lower().replace("-", " ")) == sheet
    assert make_sheet("five-up", 2, count=7, seed=8).puzzles != sheet.puzzles
    for p in sheet.puzzles:
        assert from_code(p.code) == p and (p.stage, p.level) == ("five-up", 2)


def test_pages_codes_and_answer_key(sheet, pdf):
    reader = PdfReader(io.BytesIO(pdf))
    sheet_pages = math.ceil(sheet.count / 3)
    assert len(reader.pages) > sheet_pages
    front = text_of(reader, range(sheet_pages))
    assert f"Sheet {sheet.code}" in front
    for i, p in enumerate(sheet.puzzles, start=1):
        assert p.code in front and f"{i}. " in front
    key = text_of(reader, range(sheet_pages, len(reader.pages))).replace("\n", " ")
    assert "Answer key" in key
    for p in sheet.puzzles:
        words = answer_words(p)
        assert f"({p.code}) Answer: {words}"[:60] in key
        if isinstance(p.answer, int):
            assert f"({p.code}) Answer: {p.answer}" in key
        elif isinstance(p.answer, dict):
            assert f"{p.answer['pips']} pips, rounded to {p.answer['rounded']}" in key


def test_qr_codes_open_the_puzzles(sheet, pdf):
    zxingcpp = pytest.importorskip("zxingcpp")
    from PIL import Image

    reader = PdfReader(io.BytesIO(pdf))
    found = []
    for page in reader.pages[: math.ceil(sheet.count / 3)]:
        for img in page.images:
            picture = Image.open(io.BytesIO(img.data)).convert("L")
            found.extend(r.text for r in zxingcpp.read_barcodes(picture))
    assert found == [puzzle_link(BASE, p) for p in sheet.puzzles]
    assert found[0] == f"{BASE}/?code={sheet.puzzles[0].code}"


def test_letter_paper_and_a_separate_key(sheet):
    letter = PdfReader(io.BytesIO(worksheet_pdf(sheet, paper="letter", key=False)))
    box = letter.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    assert len(letter.pages) == math.ceil(sheet.count / 3)
    key = PdfReader(io.BytesIO(answer_key_pdf(sheet)))
    assert "Answer key" in key.pages[0].extract_text()


def test_build_it_with_real_dominoes_lists_tiles_in_play_order(sheet):
    reader = PdfReader(io.BytesIO(build_pdf(sheet)))
    text = " ".join(page.extract_text() for page in reader.pages).replace("\n", " ")
    for p in sheet.puzzles:
        if not p.board:
            continue
        assert p.code in text
        plays = p.board.plays
        assert f"1. {plays[0].tile} lead" in text
        positions = [text.index(f"{i + 1}. {pl.tile}", text.index(p.code)) for i, pl in enumerate(plays)]
        assert positions == sorted(positions)


def test_bad_sheets_are_refused_kindly():
    with pytest.raises(IllegalPlay):
        make_sheet("five-up", 2, count=0)
    with pytest.raises(IllegalPlay):
        make_sheet("chess", 1)
    with pytest.raises(IllegalPlay):
        make_sheet("muggins", 1, kind="riddle")
    with pytest.raises(CodeError, match="puzzle code"):
        sheet_from_code(generate("open-total", stage="muggins", seed=1).code)
    with pytest.raises(CodeError):
        sheet_from_code("NOPE")


def test_every_kind_prints(tmp_path):
    for kind in ("open-total", "best-play", "hand-rounding", "play-score", "counted-ends", "nearest-five",
                 "make-five"):
        s = make_sheet("all-fives", 3, count=2, seed=1, kind=kind)
        assert all(p.kind == kind for p in s.puzzles)
        assert worksheet_pdf(s)[:5] == b"%PDF-"


def test_cli_writes_the_sheet_key_and_build(tmp_path, capsys):
    out, key, build = tmp_path / "s.pdf", tmp_path / "k.pdf", tmp_path / "b.pdf"
    assert cli(["worksheet", "--stage", "five-up", "--level", "2", "--count", "12", "--seed", "7",
                "-o", str(out), "--key", str(key), "--build", str(build)]) == 0
    sheet = make_sheet("five-up", 2, count=12, seed=7)
    assert sheet.code in capsys.readouterr().out
    assert len(PdfReader(str(out)).pages) == 4 and PdfReader(str(key)).pages and PdfReader(str(build)).pages
    assert cli(["worksheet", "--code", sheet.code, "-o", str(tmp_path / "again.pdf")]) == 0
    with pytest.raises(SystemExit):
        cli(["worksheet", "--code", "NOPE-NOPE", "-o", str(tmp_path / "x.pdf")])


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler-utils (pdftoppm) is not installed")
def test_pages_as_pictures(sheet, pdf, tmp_path):
    """Pages turned into PNG files to look at (tests/artifacts/worksheet-*.png)."""
    os.makedirs(ARTIFACTS, exist_ok=True)
    src = tmp_path / "sheet.pdf"
    src.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "60", "-png", str(src), os.path.join(ARTIFACTS, "worksheet")], check=True)
    build = tmp_path / "build.pdf"
    build.write_bytes(build_pdf(sheet))
    subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "1", str(build),
                    os.path.join(ARTIFACTS, "worksheet-build")], check=True)
    pages = [f for f in os.listdir(ARTIFACTS) if f.startswith("worksheet-") and f.endswith(".png")]
    assert len(pages) >= 3


@pytest.mark.parametrize("address", [
    "http://school.example/" + "a" * 3000,  # was a traceback: no QR code holds it
    "school.example:8501",
    "javascript:alert(1)",
    "ftp://school.example/",
    "http:///nohost",
    "http://school.example:99999/",
    "http://school .example/",
    "http://school.example/?code=X",
])
def test_an_address_no_qr_code_can_carry_is_refused_in_words(sheet, address):
    problem = address_problem(address)
    assert problem and "Traceback" not in problem
    with pytest.raises(ValueError, match=re.escape(problem)):
        worksheet_pdf(sheet, base_url=address)


def test_good_addresses_and_the_longest_one_still_make_a_sheet_with_working_qr_codes(sheet):
    for address in ("", "http://192.168.1.20:8501", "https://fives.example.org/trainer/", "HTTPS://École.example/"):
        assert address_problem(address) is None, address
    longest = "http://school.example/" + "a" * (MAX_ADDRESS - len("http://school.example/"))
    assert address_problem(longest) is None and address_problem(longest + "a")
    assert worksheet_pdf(make_sheet("five-up", 2, count=1, seed=7), base_url=longest)[:5] == b"%PDF-"


def test_the_command_line_refuses_a_bad_address_with_a_message(tmp_path, capsys):
    with pytest.raises(SystemExit):
        cli(["worksheet", "--base-url", "x" * 3000, "-o", str(tmp_path / "s.pdf")])
    assert "characters long" in capsys.readouterr().err and not (tmp_path / "s.pdf").exists()


def test_a_learner_card_with_a_link_too_long_for_a_qr_code_still_prints_without_one():
    from trainer.classroom.cards import card_link_problem, learner_card

    link = "http://192.168.1.20:8501/" + "x" * 3000 + "?me=KQ7M-XR4P"
    assert card_link_problem(link) and card_link_problem("http://192.168.1.20:8501/?me=KQ7M-XR4P") is None
    reader = PdfReader(io.BytesIO(learner_card("Blue Fox", "KQ7M-XR4P", link)))
    text = reader.pages[0].extract_text()
    assert text.count("KQ7M-XR4P") == 4 and "Type the code" in text and not reader.pages[0].images


def ink_bands(png, dpi):
    """The picture-sized blocks of ink on a page image: (height mm, width mm) of each run of inked
    rows taller than a line of text (rows less than 1 mm apart belong together)."""
    from PIL import Image

    img = Image.open(png).convert("L")
    w, h = img.size
    px = img.load()
    mm = dpi / 25.4
    rows = [[x for x in range(w) if px[x, y] < 200] for y in range(h)]
    bands, start, last = [], None, None
    for y, ink in enumerate(rows + [[]]):
        if ink and start is None:
            start = y
        if ink:
            last = y
        elif start is not None and y - last > mm:
            cols = [x for r in rows[start:last + 1] for x in r]
            bands.append(((last - start) / mm, (max(cols) - min(cols)) / mm))
            start = None
    return [b for b in bands if b[0] > 9]


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler-utils (pdftoppm) is not installed")
def test_answer_key_pictures_are_large_enough_to_read(tmp_path):
    """The key's layouts with their working were once about 16 mm wide: now at least 60 mm (or
    with tiles 12 mm long), measured on the printed page."""
    from puzzles.worksheet import KEY_CELL, KEY_WIDTH, key_picture_size

    sheet = make_sheet("five-up", 3, count=7, seed=7)
    src = tmp_path / "key.pdf"
    src.write_bytes(answer_key_pdf(sheet))
    subprocess.run(["pdftoppm", "-r", "60", "-png", str(src), str(tmp_path / "key")], check=True)
    pictures = [b for f in sorted(tmp_path.glob("key-*.png")) for b in ink_bands(f, 60)]
    expected = [key_picture_size(key_layout(p), 178) for p in sheet.puzzles if p.board]
    assert len(pictures) == len(expected)
    for (_, width), (want, _) in zip(pictures, expected):
        # drawn as large as the key means it (its ink, a margin inside of about a cell and a third)
        assert want - 1.4 * KEY_CELL[1] <= width <= want + 0.5
    assert sum(width >= KEY_WIDTH - 1 for _, width in pictures) >= 3, pictures  # most are wider still


def test_answer_key_pictures_are_tall_enough_to_read_where_the_page_allows():
    """A straight line, one tile high, was a strip about 6 mm tall: now at least 16 mm unless the page's
    width is what limits it."""
    from puzzles.worksheet import KEY_MIN_HEIGHT, key_picture_size

    lines = 0
    for stage in ("muggins", "all-fives", "five-up"):
        for level in (1, 2, 3):
            for p in make_sheet(stage, level, count=14, seed=11).puzzles:
                if p.board:
                    w, h = key_picture_size(key_layout(p), 178)
                    assert h >= KEY_MIN_HEIGHT - 0.01 or w >= 178 - 0.01, (p.code, w, h)
                    lines += h < 20
    assert lines  # the straight lines that were thin strips are among them


def test_answer_key_tiles_are_16_mm_long_where_the_page_allows():
    """The key's tiles were 12 to 13 mm long: now 16 mm (4 mm a cell) unless the page's width or the
    picture's greatest height is what limits them."""
    from puzzles.print_pictures import picture_cells
    from puzzles.worksheet import KEY_HEIGHT, key_picture_size

    seen = 0
    for stage in ("muggins", "all-fives", "five-up"):
        for level in (1, 2, 3):
            for p in make_sheet(stage, level, count=14, seed=11).puzzles:
                if p.board:
                    lay = key_layout(p)
                    w, h = key_picture_size(lay, 178)
                    cell = w / picture_cells(lay, working=True)[0]
                    assert cell >= 4.0 - 0.01 or w >= 178 - 0.01 or h >= KEY_HEIGHT - 0.01, (p.code, cell)
                    seen += cell >= 4.0 - 0.01
    assert seen


def key_layout(p):
    from puzzles import AnswerShape, kind

    return p.board.play(p.answer[0]) if kind(p.kind).answer_shape is AnswerShape.PLAY else p.board


def test_answer_key_sizes_and_words_for_every_stage():
    from puzzles import AnswerShape, kind
    from puzzles.worksheet import KEY_CELL, KEY_WIDTH, key_picture_size

    for stage in ("muggins", "all-fives", "five-up"):
        for level in (1, 2, 3):
            sheet = make_sheet(stage, level, count=14, seed=3)
            for p in sheet.puzzles:
                if not p.board:
                    continue
                shown = p.board.play(p.answer[0]) if kind(p.kind).answer_shape is AnswerShape.PLAY else p.board
                w, h = key_picture_size(shown, 178)
                from puzzles.print_pictures import picture_cells

                cells = picture_cells(shown, working=True)[0]
                assert w >= KEY_WIDTH - 0.01 or w / cells >= KEY_CELL[1] - 0.01, (p.code, w)
            text = " ".join(pg.extract_text() for pg in PdfReader(io.BytesIO(answer_key_pdf(sheet))).pages)
            assert not re.search(r"Answer: \d+:", text), "an answer reads as words, not '13: 4 + 6 + 3'"
            for p in sheet.puzzles:
                if p.kind == "open-total" and "+" in p.board.working:
                    assert f"Answer: {p.answer} ({p.board.working.split(' = ')[0]})" in text.replace("\n", " ")


def test_a_sheet_letters_each_end_as_the_app_does(monkeypatch):
    """The printed picture and the app's picture give every open end the same letter: the worksheet asks
    :func:`puzzles.pictures.layout_letters`, as the app does."""
    drawn: list[dict[str, str]] = []
    real = printed._lettered
    monkeypatch.setattr(printed, "_lettered", lambda lay, letters: drawn.append(real(lay, letters)) or drawn[-1])
    for kind_id in KINDS:
        if not kind_record(kind_id).clickable:
            continue
        sheet = make_sheet("five-up", 2, count=4, seed=3, kind=kind_id)
        for p in sheet.puzzles:
            drawn.clear()
            worksheet_pdf(Sheet(sheet.code, sheet.stage, sheet.level, sheet.kind, 1, sheet.seed, (p,)), key=False)
            app = dict(re.findall(r'data-end="([^"]+)"[^>]*data-letter="([^"]+)"',
                                  puzzle_pictures(p, working=False)[0]))
            open_ends = {e.id for e in p.board.open_ends}
            assert drawn and drawn[0] == {i: x for i, x in app.items() if i in open_ends}, p.code
            assert drawn[0] == {i: x for i, x in layout_letters(p, p.board, working=False).items() if i in open_ends}


def test_every_page_of_a_sheet_says_what_the_dashed_outline_means():
    from pypdf import PdfReader

    sheet = make_sheet("all-fives", 2, count=6, seed=3)
    reader = PdfReader(io.BytesIO(worksheet_pdf(sheet, key=False)))
    for page in reader.pages:
        assert "The dashed outline marks the tile played last." in page.extract_text()


def test_an_open_end_totals_working_and_answer_key_end_with_the_total_not_a_score():
    """The total is the answer (what it scores is another question): "…The total is 8.", never "…so 0."."""
    found = {}
    for seed in range(200):
        p = generate("open-total", stage="muggins", level=1, seed=seed)
        if p.answer % 5 and "+" in p.board.working:
            found = {"puzzle": p}
            break
    p = found["puzzle"]
    assert p.steps[-1].text.endswith(f"The total is {p.answer}.") and "so 0" not in p.steps[-1].text
    sheet = make_sheet("muggins", 1, count=12, seed=3)
    key = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(answer_key_pdf(sheet))).pages)
    totals = [q for q in sheet.puzzles if q.kind == "open-total"]
    assert totals
    for q in totals:  # each open-end total's block of the key, to the next puzzle's code
        block = key.split(f"({q.code})", 1)[1].split(". (", 1)[0]
        assert f"The total is {q.answer}." in block and "so 0" not in block, block
