"""A class's report printed (trainer/classroom/class_report_pdf.py): the learning curves per kind and per trap
drawn as pictures the PDF embeds (read back with pdftotext, and drawn with pdftoppm), in both languages, and
My class's **Class report (PDF)** button that makes it."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess

import pytest

from puzzles import generate_for
from trainer.classroom import curves
from trainer.classroom.class_report_pdf import class_report_pdf
from trainer.learning.attempt import Attempt
from trainer.render.curve_picture import curves_svg

KIND, STAGE, TRAP = "open-total", "all-fives", "covered-spinner"
DAY = dt.date(2026, 11, 26)


def answer(p, correct: bool) -> Attempt:
    return Attempt(KIND, STAGE, p.level, correct, 4.0, p.code, None if correct else TRAP, traps=p.traps)


@pytest.fixture(scope="module")
def found():
    """Three children who keep counting a covered spinner: the trap's line stays up (flat)."""
    ps = [generate_for(KIND, stage=STAGE, level=3, trap=TRAP, seed=s) for s in (1, 2, 3, 4)]
    return curves.learning_curves([[answer(p, False) for p in ps] for _ in range(3)])


def poppler(tool: str) -> None:
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} (poppler-utils) is not installed")


def pdf_text(pdf: bytes, tmp_path) -> str:
    poppler("pdftotext")
    (tmp_path / "c.pdf").write_bytes(pdf)
    subprocess.run(["pdftotext", str(tmp_path / "c.pdf"), str(tmp_path / "c.txt")], check=True)
    return " ".join((tmp_path / "c.txt").read_text(encoding="utf-8").split())


def test_the_picture_draws_both_lines_of_every_panel(found):
    panels = [{"title": c.name, "flat": c.flat, "points": [(p.opportunity, p.children, p.share_wrong, p.predicted)
                                                            for p in c.points]} for c in found]
    svg = curves_svg(panels)
    assert svg.count("<polyline") == 2 * len(panels) + 2  # the class's and the trainer's, and the legend's two
    assert "counts a spinner whose sides" in svg and "not falling" in svg and 'fill="#D55E00"' in svg  # (wrapped)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_class_report_has_the_curves_per_kind_and_per_trap(found, lang, tmp_path):
    text = pdf_text(class_report_pdf("Room 4", found, day=DAY, language=lang), tmp_path)
    if lang == "en":
        for said in ("Class report: Room 4", "made on 26 November 2026", "Is the teaching working?", "Kinds of puzzle",
                     "Traps", "the class", "expected by the trainer", "Total", "not falling",
                     "Traps to teach the whole class", "counts a spinner whose sides are both covered: still 100%"):
            assert said in text, said
    else:
        assert "Informe de la clase: Room 4" in text and "hecho el 26 de noviembre de 2026" in text
        from trainer.words import curves as curve_words
        from trainer.words import speaking

        with speaking("es"):
            assert curve_words.heading() in text and curve_words.traps_heading() in text
            assert curve_words.heading() != "Is the teaching working?"


def test_the_class_report_prints_its_pictures(found, tmp_path):
    poppler("pdftoppm")
    from PIL import Image

    (tmp_path / "c.pdf").write_bytes(class_report_pdf("Room 4", found, day=DAY, language="en"))
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(tmp_path / "c.pdf"), str(tmp_path / "p")], check=True)
    page = Image.open(next(tmp_path.glob("p-*1.png"))).convert("RGB")
    colours = {page.getpixel((x, y)) for x in range(page.width) for y in range(page.height)}
    assert (0, 114, 178) in colours and any(r > 200 and 140 < g < 175 and b < 40 for r, g, b in colours)  # blue, orange


def test_a_class_without_curves_yet_gets_a_page_that_says_so(tmp_path):
    text = pdf_text(class_report_pdf("Room 4", [], day=DAY, language="en"), tmp_path)
    assert "Not enough answers yet" in text


def test_my_class_makes_the_class_report(store, found, monkeypatch, tmp_path):
    from apptest import make_class
    from streamlit.runtime.media_file_manager import MediaFileManager

    made: dict[str, object] = {}  # the button makes its PDF on click: keep what it would give
    real = MediaFileManager.add_deferred

    def keep(self, data_callable, mimetype, coordinates, file_name=None, **kw):
        made[file_name] = data_callable
        return real(self, data_callable, mimetype, coordinates, file_name=file_name, **kw)
    monkeypatch.setattr(MediaFileManager, "add_deferred", keep)

    teacher, code, _key = make_class("Room 9")
    ps = [generate_for(KIND, stage=STAGE, level=3, trap=TRAP, seed=s) for s in (1, 2, 3)]
    for name in ("Blue Fox", "Red Panda"):
        store.record_many(store.join(code, name), [answer(p, False) for p in ps])
    teacher.run()
    assert not teacher.exception, teacher.exception
    assert "Class report (PDF)" in [b.proto.label for b in teacher.get("download_button")]
    text = pdf_text(made[f"class-{code}-report.pdf"](), tmp_path)
    assert "Class report: Room 9" in text and "counts a spinner whose sides are both covered" in text
