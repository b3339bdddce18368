"""The report for home: what it gathers from a child's answers, its words in both languages, the PDF rendered
and read back (one page per child, the child's language, a QR code that signs the child in), and the buttons
on My class and My progress that make it."""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import shutil
import subprocess

import pytest
from apptest import app, make_class, sign_up
from histories import master_stage, prime
from pypdf import PdfReader

from puzzles import (
    CORE_KINDS,
    KINDS,
    STAGES,
    TRAPS,
    Stage,
    from_code,
    generate,
    generate_for,
    trap_words,
)
from trainer import words
from trainer.classroom import home_report_pdf as printed
from trainer.classroom.home_report import (
    Along,
    HomeReport,
    along,
    app_address,
    class_reports,
    home_report,
    learning_trap,
    practice_link,
    report_of,
    trap_example,
)
from trainer.classroom.home_report_pdf import home_report_pdf
from trainer.learning.progress import Attempt, Progress
from trainer.learning.sprint import SprintAnswer
from trainer.store import StoreUnavailable
from trainer.store.traps import with_traps
from trainer.words import home_report as home_words

DAY = dt.date(2026, 11, 26)
NOON = dt.datetime(2026, 11, 26, 12, tzinfo=dt.UTC).timestamp()
ADDRESS = "http://192.168.1.20:8501/"
DAY_SECONDS = 86400.0


STAGE_DAY = {stage: NOON - (6 - 2 * i) * DAY_SECONDS for i, stage in enumerate(STAGES)}
"""The day each stage is learnt on (and confirmed the day after), in the days before the report's."""


def answer(p: Progress, kind: str, stage: str, *, level: int = 3, correct: bool = True, **kw) -> None:
    kw.setdefault("at", STAGE_DAY[stage])
    p.record(with_traps(Attempt(kind, stage, level, correct, 5.0, **kw)))


def know_traps(p: Progress, stage: Stage, kinds: tuple[str, ...] = CORE_KINDS) -> None:
    """Every trap of ``kinds`` at ``stage`` answered right until known (and the stage's facts fluent)."""
    prime(p, kinds, stage, at=STAGE_DAY[stage])


def master(p: Progress, stage: Stage) -> None:
    """The stage looks mastered on its day, and is confirmed the day after with what the coach asks."""
    master_stage(p, stage, at=STAGE_DAY[stage])
    assert p.is_mastered(stage)


TOKEN = "pQ3xTok3n_abcdefg"
UNTIL = dt.date(2027, 3, 26)


def report(p: Progress, nickname: str = "Blue Fox", *, language: str = "en", address: str = ADDRESS) -> HomeReport:
    """The report of a progress as it is folded."""
    return report_of(p, nickname, "KQ7M-XR4P", language=language, day=DAY, app_address=address,
                     sign_in=(TOKEN, UNTIL))


LONGEST = HomeReport(
    nickname="Wwwwwwwwwwwwwwwwwwww", code="KQ7M-XR4P", language="es", day=DAY, answered=400,
    mastered=("muggins", "all-fives"), working_on="five-up", along=Along.PAST_HALFWAY,
    sure_of=tuple(k for k in KINDS if k != "hand-rounding"), trap="missed-lowering", days_this_month=26,
    practised_days=tuple(range(1, 27)), link=practice_link(ADDRESS, TOKEN, "es"),
    example=trap_example("missed-lowering"), until=UNTIL)
"""The most a page ever says: two stages learned, six skills sure, a mistake, the widest nickname, in Spanish."""


# ----- what it gathers -----


def test_a_child_who_has_not_started_is_at_the_first_stage_with_a_link_that_signs_them_in():
    r = report(Progress())
    assert (r.answered, r.mastered, r.working_on, r.along, r.trap, r.days_this_month) == (
        0, (), "muggins", Along.STARTING, None, 0)
    assert r.link == f"{ADDRESS}?pass={TOKEN}" and r.language == "en" and r.until == UNTIL


def test_a_mastered_stage_is_learned_and_the_next_is_being_learned_with_the_kinds_already_sure():
    p = Progress()
    master(p, "muggins")
    know_traps(p, Stage.ALL_FIVES, kinds=("open-total",))
    for _ in range(6):
        answer(p, "open-total", "all-fives")
    r = report(p)
    assert r.mastered == ("muggins",) and r.working_on == "all-fives"
    assert r.sure_of == ("open-total",) and r.along is Along.ON_THE_WAY


def test_every_stage_learned_leaves_nothing_being_learned():
    p = Progress()
    for stage in STAGES:
        master(p, stage)
    r = report(p)
    assert r.mastered == STAGES and r.working_on is None and r.sure_of == ()


def test_the_mistake_is_the_latest_wrong_answers_trap_until_it_is_known():
    p = Progress()
    code = generate_for("hand-rounding", stage="muggins", level=1, trap="round-2", seed=0).code
    answer(p, "hand-rounding", "muggins", level=1, correct=False, code=code, mistake="round-2")
    assert learning_trap(p).mistake == "round-2" and report(p).trap_family.value == "rounding"
    assert report(p).example == code  # the puzzle the child missed is the example
    answer(p, "open-total", "muggins", level=1, correct=False, mistake="missed-end")  # names no trap
    assert learning_trap(p).code == code
    for _ in range(6):
        answer(p, "hand-rounding", "muggins", level=1, code=code)
    assert learning_trap(p) is None and report(p).trap is None  # known now: grown out of it


@pytest.mark.parametrize("trap", TRAPS)
def test_every_trap_has_an_example_whose_reason_says_why_it_is_wrong(trap):
    example = trap_example(trap, "not a code")
    assert example is not None and trap in from_code(example).traps
    for lang in words.LANGUAGES:
        with words.speaking(lang):
            assert printed.trap_reason(trap, example)


def test_a_stage_waiting_for_its_later_day_is_said_as_being_checked():
    p = Progress()
    assert along(p, "muggins") is Along.STARTING
    p.pending["muggins"] = DAY
    assert along(p, "muggins") is Along.CHECKING


def test_days_practised_count_this_month_only_puzzles_and_sprint_facts_alike():
    month_start = dt.datetime(2026, 11, 1, 12, tzinfo=dt.UTC).timestamp()
    attempts = [Attempt("open-total", "muggins", 1, True, 4.0, at=month_start + d * DAY_SECONDS) for d in (0, 0, 3)]
    attempts.append(Attempt("open-total", "muggins", 1, True, 4.0, at=month_start - 5 * DAY_SECONDS))  # October
    facts = [SprintAnswer("make10:3", True, 1.0, month_start + 9 * DAY_SECONDS)]
    r = home_report("Blue Fox", "KQ7M-XR4P", attempts, facts, language="en", day=DAY, app_address=ADDRESS)
    assert r.days_this_month == 3 and r.practised_days == (1, 4, 10)


def test_the_link_opens_practice_in_the_childs_language_or_is_left_out_when_no_qr_code_can_carry_it():
    assert report(Progress(), language="es-MX").link == f"{ADDRESS}?pass={TOKEN}&lang=es"
    assert report(Progress(), address="").link == f"http://localhost:8501/?pass={TOKEN}"
    assert "KQ7M-XR4P" not in report(Progress()).link  # the printed page's own token, never the learner code
    assert report_of(Progress(), "Blue Fox", "KQ7M-XR4P", language="en", day=DAY, app_address=ADDRESS).link is None
    assert report(Progress(), address="http://x.example/" + "a" * 300).link is None
    assert report(Progress(), address="not an address").link is None


@pytest.mark.parametrize("url, page, want", [
    ("http://10.0.0.5:8501/teacher", "teacher", "http://10.0.0.5:8501/"),
    ("http://10.0.0.5:8501/teacher/?lang=es#x", "teacher", "http://10.0.0.5:8501/"),
    ("http://10.0.0.5:8501/", "teacher", "http://10.0.0.5:8501/"),
    ("https://school.example/fives/my_progress?me=KQ7M-XR4P", "my_progress", "https://school.example/fives/"),
    ("", "teacher", "http://localhost:8501/"),
])
def test_the_apps_address_comes_from_the_pages(url, page, want):
    assert app_address(url, page) == want


class FakeStore:
    def __init__(self, languages, *, away=False):
        self.languages, self.away = languages, away

    def sprint_answers(self, code):
        if self.away:
            raise StoreUnavailable()
        return []

    def language(self, code):
        if self.away:
            raise StoreUnavailable()
        return self.languages.get(code)

    def placement(self, code):
        return None

    def stage_choices(self, code):
        return []


@dataclasses.dataclass
class Row:
    code: str
    nickname: str
    attempts: list


def test_a_class_gets_a_report_each_in_each_childs_language_and_still_gets_them_while_the_store_is_away():
    rows = [Row("AAAA-AAAA", "Blue Fox", []), Row("BBBB-BBBB", "Red Panda", [])]
    got = class_reports(FakeStore({"BBBB-BBBB": "es"}), rows, language="en", day=DAY, app_address=ADDRESS)
    assert [(r.nickname, r.language) for r in got] == [("Blue Fox", "en"), ("Red Panda", "es")]
    away = class_reports(FakeStore({}, away=True), rows, language="es", day=DAY, app_address=ADDRESS)
    assert [r.language for r in away] == ["es", "es"]


# ----- its words -----


@pytest.mark.parametrize("lang", list(words.LANGUAGES))
def test_every_stage_kind_trap_and_step_has_words_for_a_parent(lang):
    with words.speaking(lang):
        said = [home_words.stage_mastered(s) for s in STAGES] + [home_words.working_on(s) for s in STAGES]
        said += [home_words.along(a.value) for a in Along]
        said += [home_words.trap_slip("Blue Fox", trap_words(t)) for t in TRAPS]
    assert all(said) and len(set(said)) == len(said)
    if lang == "es":
        with words.speaking("en"):
            english = [home_words.stage_mastered(s) for s in STAGES]
            english += [home_words.trap_slip("Blue Fox", trap_words(t)) for t in TRAPS]
        assert not set(english) & set(said)


def test_help_at_home_follows_what_is_being_learned():
    by = {(f, s, started): home_words.help_for_family(f, s, "Blue Fox", started=started)
          for f, s, started in [(None, "muggins", False), ("counting", "all-fives", True),
                                ("rounding", "muggins", True), ("spotting", "five-up", True),
                                (None, "muggins", True), (None, "all-fives", True), (None, None, True)]}
    assert len(set(by.values())) == len(by) and all("Blue Fox" in t for t in by.values())


# ----- the PDF, rendered and read back -----


def pages_text(pdf: bytes) -> list[str]:
    """Each page's text, its lines joined by spaces (a sentence may wrap anywhere)."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.fixture(scope="module")
def three():
    p = Progress()
    master(p, "muggins")
    code = generate_for("open-total", stage="all-fives", level=1, trap="covered-spinner", seed=0).code
    answer(p, "open-total", "all-fives", level=1, correct=False, code=code, mistake="covered-spinner")
    first = dataclasses.replace(report_of(p, "Blue Fox", "AAAA-AAAA", language="en", day=DAY, app_address=ADDRESS,
                                          sign_in=(TOKEN, UNTIL)),
                                days_this_month=5, practised_days=(3, 10, 17, 24, 26))
    second = dataclasses.replace(first, nickname="Zorro Azul", code="BBBB-BBBB", language="es",
                                 link=practice_link(ADDRESS, "otherToken_123456", "es"))
    third = report(Progress(), "Sunny Otter")
    return [first, second, third], home_report_pdf([first, second, third])


def test_one_page_per_child_with_the_name_the_date_what_is_learned_and_the_mistake(three):
    reports, pdf = three
    text = pages_text(pdf)
    assert len(text) == 3
    assert "How Blue Fox is doing" in text[0] and "26 November 2026" in text[0]
    assert "adds the two open ends of a line of dominoes and spots a multiple of five" in text[0]
    assert "Blue Fox sometimes counts a spinner whose sides are both covered." in text[0]
    assert "The right way, for example: The spinner" in text[0] and "has both sides covered: it counts 0." in text[0]
    assert "Already sure of these puzzles" not in text[0]  # none of All Fives yet
    assert "practised on 5 days in November 2026" in text[0]
    assert "Blue Fox" not in text[1] + text[2] and "Zorro Azul" not in text[0] + text[2]  # no other child's name
    assert "has not answered any puzzles yet" in text[2]
    # no learner code on paper: the QR code's token works until a day, and the teacher can switch it off
    assert not any(code in page for code in ("AAAA-AAAA", "BBBB-BBBB", "KQ7M-XR4P") for page in text)
    assert "It works until 26 March 2027, for practice and progress only" in text[0]
    assert "Funciona hasta el 26 de marzo de 2027" in text[1]


def test_a_spanish_childs_page_is_all_in_spanish(three):
    text = pages_text(three[1])[1]
    assert "Cómo le va a Zorro Azul" in text and "26 de noviembre de 2026" in text
    assert "suma las dos puntas de una fila de fichas de dominó" in text and "Cómo ayudar en casa" in text
    english = [home_words.ALONG._table[a.value] for a in Along] + ["What ", " is learning", "How to help", "Scan",
                                                                   "The right way", "practised", "November"]
    assert not [w for w in english if w in text]


def qr_codes(pdf: bytes, tmp_path, dpi: int = 150) -> list[list[str]]:
    """The QR codes on each page, decoded from the page as pdftoppm draws it."""
    zxingcpp = pytest.importorskip("zxingcpp")
    from PIL import Image

    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    (tmp_path / "r.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(tmp_path / "r.pdf"), str(tmp_path / "p")], check=True)
    return [[r.text for r in zxingcpp.read_barcodes(Image.open(png).convert("L"))]
            for png in sorted(tmp_path.glob("p-*.png"))]


def test_each_pages_qr_code_signs_its_own_child_in_to_practise(three, tmp_path):
    reports, pdf = three
    found = qr_codes(pdf, tmp_path)
    assert found == [[f"{ADDRESS}?pass={TOKEN}"], [f"{ADDRESS}?pass=otherToken_123456&lang=es"],
                     [f"{ADDRESS}?pass={TOKEN}"]]
    assert "signed in as Blue Fox" in pages_text(pdf)[0] and "keep this page at home" in pdf_words(pdf)


def pdf_words(pdf: bytes) -> str:
    return " ".join(pages_text(pdf))


def test_without_an_address_a_qr_code_can_carry_the_page_sends_the_family_to_the_teacher(tmp_path):
    r = report(Progress(), address="http://x.example/" + "a" * 300)
    pdf = home_report_pdf([r])
    assert qr_codes(pdf, tmp_path) == [[]]
    assert "sign in with Blue Fox's learner code (the teacher has it)" in pdf_words(pdf)
    assert "KQ7M-XR4P" not in pdf_words(pdf)


def blank_pdf() -> printed._Pdf:
    pdf = printed._Pdf()
    pdf.add_page()
    return pdf


def text_lines(pdf: bytes) -> list[tuple[float, str]]:
    """Each piece of text on the first page with how far from the top of the page it is written (mm)."""
    found: list[tuple[float, str]] = []
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    height = float(page.mediabox.height)

    def seen(text, cm, tm, font, size):
        if text.strip():
            found.append(((height - tm[5] * cm[3] - cm[5]) * 25.4 / 72, text.strip()))
    page.extract_text(visitor_text=seen)
    return found


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_longest_report_fits_one_page_above_the_band_at_a_readable_size(lang, tmp_path):
    longest = dataclasses.replace(LONGEST, language=lang)
    pdf = home_report_pdf([longest])
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
    with words.speaking(lang):
        blocks = printed.sections(longest)
        scale = printed.fitting_scale(blank_pdf(), blocks)
    assert scale >= 0.84
    band_words = {home_words.qr_heading()} if lang == "en" else {"Practicar en casa"}
    lines = text_lines(pdf)
    band = next(i for i, (_y, t) in enumerate(lines) if t in band_words)  # the band is drawn after the sections
    body = [y for y, _t in lines[:band]]
    assert lines[band][0] > printed.BAND_TOP and max(body) < printed.BAND_TOP - 2
    assert "Wwwwwwwwwwwwwwwwwwww" in pdf_words(pdf)
    assert qr_codes(pdf, tmp_path) == [[LONGEST.link]]


@pytest.mark.parametrize("lang", list(words.LANGUAGES))
def test_every_mistake_and_step_fits_with_everything_else_a_page_can_say(lang):
    pdf = blank_pdf()
    room = printed.BAND_TOP - 4 - printed.TOP
    with words.speaking(lang):
        for trap in TRAPS:
            for step in Along:
                r = dataclasses.replace(LONGEST, language=lang, trap=trap, along=step, sure_of=KINDS,
                                        example=trap_example(trap))
                blocks = printed.sections(r)
                scale = printed.fitting_scale(pdf, blocks)
                assert scale >= 0.84 and printed._height(pdf, blocks, scale) <= room, (trap, step)


def test_text_too_long_for_any_size_still_makes_one_page():
    monster = dataclasses.replace(LONGEST, sure_of=KINDS * 6, mastered=STAGES * 3)
    assert printed.fitting_scale(blank_pdf(), printed.sections(monster)) == printed.SCALES[-1]
    assert len(PdfReader(io.BytesIO(home_report_pdf([monster]))).pages) == 1


def test_names_outside_the_pdfs_letters_and_an_empty_class_still_print():
    r = report(Progress(), "Ωmega Fox ✓")
    assert "mega Fox" in pdf_words(home_report_pdf([r]))
    assert len(PdfReader(io.BytesIO(home_report_pdf([]))).pages) == 1


def test_the_same_report_gives_the_same_bytes():
    assert home_report_pdf([LONGEST]) == home_report_pdf([LONGEST])


# ----- the buttons -----


@pytest.fixture
def downloads(monkeypatch):
    """What each download button made on click would give, by file name (the buttons make their PDF on click)."""
    from streamlit.runtime.media_file_manager import MediaFileManager

    made: dict[str, object] = {}
    real = MediaFileManager.add_deferred

    def keep(self, data_callable, mimetype, coordinates, file_name=None, **kw):
        made[file_name] = data_callable
        return real(self, data_callable, mimetype, coordinates, file_name=file_name, **kw)
    monkeypatch.setattr(MediaFileManager, "add_deferred", keep)
    return made


def test_my_class_has_a_report_for_each_child_and_the_whole_class(store, downloads):
    teacher, code, key = make_class()
    a, b = store.learner(store.join(code, "Blue Fox")), store.learner(store.join(code, "Zorro Azul"))
    store.set_language(b.code, "es")
    store.record(a.code, Attempt("open-total", "muggins", 1, True, 3.0, generate("open-total", stage="muggins",
                                                                                  level=1, seed=1).code, at=NOON))
    teacher.run()
    assert not teacher.exception
    buttons = {e.proto.label: e for e in teacher.get("download_button")}
    assert {home_words.whole_class(), "Blue Fox", "Zorro Azul"} <= set(buttons)
    assert "QR code signs the child in" in " ".join(c.value for c in teacher.caption)
    whole = downloads[f"fives-home-{code}.pdf"]()
    text = pages_text(whole)
    assert len(text) == 2 and "How Blue Fox is doing" in text[0] and "Cómo le va a Zorro Azul" in text[1]
    one = pages_text(downloads[f"fives-home-{b.code}.pdf"]())
    assert len(one) == 1 and "Zorro Azul" in one[0] and "Blue Fox" not in one[0]
    # each page made its own child a token of their own (two for the class, one for Zorro Azul's own page)
    assert store.passes_out(code, key) == {a.code: 1, b.code: 2}
    assert not any(c in " ".join(text + one) for c in (a.code, b.code))


def test_a_nickname_on_its_button_is_shown_as_typed(store, downloads):
    from trainer.web.markup import literal

    teacher, code, key = make_class()
    learner = store.learner(store.join(code, "Blue Fox"))
    with store.engine.begin() as conn:  # a nickname that reached the database another way
        from sqlalchemy import update

        from trainer.store.schema import learners
        conn.execute(update(learners).where(learners.c.code == learner.code).values(nickname="$x^2$ *Fox*"))
    teacher.run()
    assert not teacher.exception
    assert literal("$x^2$ *Fox*") in [e.proto.label for e in teacher.get("download_button")]
    assert "How $x^2$ *Fox* is doing" in pages_text(downloads[f"fives-home-{learner.code}.pdf"]())[0]


def test_an_address_no_qr_code_can_carry_is_refused_in_words_and_the_buttons_wait(store, downloads):
    teacher, code, key = make_class()
    store.join(code, "Blue Fox")
    teacher.run()
    teacher.text_input(key="t_home_address").set_value("school.example").run()
    assert not teacher.exception and "http://" in teacher.warning[0].value
    ours = [e for e in teacher.get("download_button") if e.proto.label in (home_words.whole_class(), "Blue Fox")]
    assert len(ours) == 2 and all(e.proto.disabled for e in ours)
    teacher.text_input(key="t_home_address").set_value("http://localhost:8501/").run()
    told = [e.value for e in teacher.info]  # (the learning curves say too that there are too few answers yet)
    assert not teacher.warning and any("will not work at home" in t for t in told)
    teacher.text_input(key="t_home_address").set_value("https://fives.school.example/").run()
    assert not teacher.warning and not any("will not work at home" in e.value for e in teacher.info)
    pdf = downloads[f"fives-home-{code}.pdf"]()
    assert b"%PDF" == pdf[:4]


def test_a_signed_in_child_gets_their_own_report_on_my_progress(store, downloads):
    at = app()
    sign_up(at, "Sunny Otter")
    at.query_params["code"] = generate("open-total", stage="muggins", level=1, seed=11).code
    at.switch_page("views/practice.py").run()  # a shared puzzle opens itself (no placement check first)
    p = at.session_state["practice"].puzzle
    assert p is not None and p.kind == "open-total"
    at.text_input(key=f"n-{p.code}").set_value(str(p.answer))
    at.form_submit_button[0].click().run()
    at.switch_page("views/my_progress.py").run()
    assert not at.exception
    me = at.session_state["me"]
    assert any(e.proto.label == home_words.my_report() for e in at.get("download_button"))
    text = pages_text(downloads["fives-home.pdf"]())
    assert len(text) == 1 and "How Sunny Otter is doing" in text[0] and "practised on 1 day" in text[0]
    assert me.code not in text[0] and "It works until" in text[0]
    with store.engine.connect() as conn:  # the page's QR code carries a token of its own, kept as a hash
        from sqlalchemy import select

        from trainer.store.schema import home_passes
        mine = select(home_passes.c.learner_code).where(home_passes.c.learner_code == me.code)
        assert conn.execute(mine).scalars().all() == [me.code]


def test_a_guest_gets_no_report_for_home():
    at = app(code=generate("open-total", stage="muggins", level=1, seed=11).code)
    p = at.session_state["practice"].puzzle
    at.text_input(key=f"n-{p.code}").set_value(str(p.answer))
    at.form_submit_button[0].click().run()
    at.switch_page("views/my_progress.py").run()
    assert not at.exception
    assert not [e for e in at.get("download_button") if e.proto.label == home_words.my_report()]
