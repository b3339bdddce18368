"""A child's evidence (trainer/classroom/evidence.py): each stage's sentence from hand-built answer histories —
mastered, not yet (a trap), taken back after forgetting, placed, chosen by hand — exactly, in English and in
Spanish, always agreeing with the fold's own state; and My progress and the teacher's view showing them."""

from __future__ import annotations

import datetime as dt

import pytest
from evidence_histories import DAY, MONDAY, answer, mastered

from puzzles import CORE_KINDS, generate_for, mastery_traps
from trainer.classroom.evidence import Holding, Standing, evidence, for_child, for_teacher, of_progress
from trainer.learning.choice import StageChoice
from trainer.learning.placement import Placement
from trainer.learning.progress import Progress
from trainer.learning.states import ReviewMode
from trainer.words import speaking


def said(p: Progress, stage: str = "muggins", lang: str = "en") -> tuple[str, str]:
    """(the teacher's sentence, the child's) for ``stage``, replayed from the stored events alone; the replay
    ends where the fold the child is shown ends."""
    ev = {e.stage: e for e in evidence(p.attempts, p.facts.answers, placement=p.placement, choices=p.choices)}
    again = Progress.from_attempts(p.attempts, p.facts.answers, placement=p.placement, choices=p.choices)
    assert again.mastered == p.mastered and again.skill_rows() == p.skill_rows()
    assert of_progress(p) == list(ev.values())
    with speaking(lang):
        return for_teacher(ev[stage]), for_child(ev[stage])


def test_a_mastered_stage_says_when_on_what_and_its_confirmation():
    p = mastered()
    e = of_progress(p)[0]
    assert e.standing is Standing.MASTERED and e.day == dt.date(2026, 1, 6) and e.looked == dt.date(2026, 1, 5)
    assert e.answers == len(p.at_stage("muggins")) and e.days == 2
    assert e.known_last is not None and e.known_last.trap in mastery_traps("open-total", "muggins")
    teacher, child = said(p)
    assert teacher == (f"Mastered on Tue 6 January: {e.answers} answers over 2 days; "
                       f"counts a double at an arm end once (4-4 as 4): known since Mon 5 January "
                       f"({e.known_last.right_in_a_row} right in a row); "
                       f"confirmed the next day with {e.confirmed_right} right.")
    assert child == (f"You mastered it on Tue 6 January, after {e.answers} answers over 2 days! The trap “counts a "
                     f"double at an arm end once (4-4 as 4)” stopped catching you on Mon 5 January: "
                     f"{e.known_last.right_in_a_row} right in a row. The next day you showed it again with "
                     f"{e.confirmed_right} right answers.")
    teacher, child = said(p, lang="es")
    assert teacher.startswith(f"Dominada el mar 6 de enero: {e.answers} respuestas en 2 días; cuenta una sola vez ")
    assert teacher.endswith(f"confirmada al día siguiente con {e.confirmed_right} bien.")
    assert child.startswith(f"¡La dominaste el mar 6 de enero, después de {e.answers} respuestas en 2 días!")
    # the next stage: nothing there yet
    assert said(p, "all-fives") == ("Not started yet.", "Not started yet.")


def test_a_stage_not_yet_names_the_trap_its_recent_wrong_answers_were_filed_under():
    p = Progress()
    trap = "round-1"
    for i, ok in enumerate((False, True, False, True, False)):
        code = generate_for("hand-rounding", stage="muggins", level=1, trap=trap, seed=i).code
        answer(p, "hand-rounding", level=1, code=code, correct=ok, mistake=None if ok else trap)
    e = of_progress(p)[0]
    assert (e.standing, e.holding, e.trap, e.wrong, e.of) == (Standing.NOT_YET, Holding.TRAP, trap, 3, 5)
    assert said(p) == ("Not yet: still rounds 1 past a five up (11 → 15) — 3 of the last 5 answers that tested it "
                       "were wrong.",
                       "Not yet: a trap caught you in 3 of your last 5 tries at it. You rounded 1 past a five up: "
                       "1 and 2 past a five go down.")
    assert said(p, lang="es") == (
        "Aún no: todavía redondea hacia arriba con 1 más que un cinco (11 → 15) — 3 de las últimas 5 respuestas "
        "que lo ponían a prueba, mal.",
        "Aún no: una trampa te pilló en 3 de tus últimos 5 intentos. Redondeaste hacia arriba 1 más que un cinco: "
        "con 1 o 2 más que un cinco se va hacia abajo.")


def test_a_stage_not_yet_without_a_trap_to_blame_names_its_kind():
    p = Progress()
    for ok in (True, False, True):
        answer(p, "open-total", level=1, correct=ok)
    assert said(p) == ("Not yet: “What's the open-end total?” is Familiar (2 of its last 3 answers right).",
                       "Not yet: keep practising “What's the open-end total?” (2 of your last 3 right).")


def test_a_kind_forgotten_after_mastery_is_taken_back_and_needs_a_review():
    p = mastered()
    for ok in (False, False):
        answer(p, "best-play", correct=ok, at=MONDAY + 2 * DAY)
    assert p.needs_review("best-play", "muggins") and not p.is_mastered("muggins")
    assert said(p) == ("Taken back on Wed 7 January: “Which play scores most?” needs a review (2 of its last 3 "
                       "review answers wrong).",  # (a review on Tuesday, right, and two on Wednesday, wrong)
                       "“Which play scores most?” needs a review: when it came back on Wed 7 January, 2 of 3 answers "
                       "were wrong. A few right answers bring it back.")
    assert said(p, lang="es")[0] == ("Retirada el mié 7 de enero: «¿Qué jugada anota más?» necesita un repaso (2 de "
                                     "sus últimas 3 respuestas de repaso mal).")
    for i in range(12):  # earned again: mastered once more, the sentence no longer says it needs a review
        answer(p, "best-play", at=MONDAY + 2 * DAY + 60 * (i + 1))
    assert not p.needs_review("best-play", "muggins")
    assert of_progress(p)[0].standing is not Standing.TAKEN_BACK


def test_a_stage_placed_by_the_check_says_so_and_what_its_confirmation_asks():
    p = Progress()
    for kind in CORE_KINDS * 2:
        answer(p, kind, review=ReviewMode.PLACEMENT)
    p.place(Placement("all-fives", MONDAY + 1))
    answer(p, "open-total", "all-fives", level=2, at=MONDAY + 2)
    left = sum(p.confirmation_left("muggins").values())
    assert said(p) == (f"Placed by the placement check on Mon 5 January (all 6 of its puzzles there right); to be "
                       f"confirmed on a later day: {left} more right answers to go.",
                       f"The check on Mon 5 January showed you know it. Show it again on another day: {left} more "
                       f"right answers.")
    assert said(p, lang="es")[1] == (f"La prueba del lun 5 de enero mostró que la sabes. Demuéstralo otra vez otro "
                                     f"día: {left} respuestas bien más.")


def test_a_stage_chosen_by_hand_says_so():
    p = Progress()
    answer(p, "open-total", level=1)
    p.choose(StageChoice("all-fives", MONDAY + 10))
    answer(p, "open-total", "all-fives", level=1, at=MONDAY + 20, correct=False)
    assert said(p, "all-fives") == (
        "Not yet: “What's the open-end total?” is Practised (0 of its last 1 answer right); chosen by hand on "
        "Mon 5 January.",
        "You chose to practise here on Mon 5 January. Not yet: keep practising “What's the open-end total?” (0 of "
        "your last 1 right).")
    assert said(p, "all-fives", "es")[0].endswith("; elegida a mano el lun 5 de enero.")
    assert "chosen by hand" not in said(p, "muggins")[0]  # only the stage the coach works at


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_case_says_something_in_both_languages(lang):
    p = mastered()
    for e in of_progress(p):
        with speaking(lang):
            assert for_teacher(e).endswith(".") and for_child(e)


def test_my_progress_and_the_teachers_view_show_the_sentences(store):
    from apptest import app, make_class, texts

    p = mastered()
    at = app()
    at.session_state["practice"].progress = p
    at.switch_page("views/my_progress.py").run()
    assert not at.exception, at.exception
    child = [c.value for c in at.caption if c.value.startswith("You mastered it on Tue 6 January")]
    assert len(child) == 1 and "Not started yet." in texts(at, ("caption",))

    teacher, code, _key = make_class()
    kid = store.join(code, "Jade Gecko")
    store.record_many(kid, p.attempts)
    store.record_sprint(kid, p.facts.answers)
    teacher.run()
    teacher.selectbox(key="t_numbers_child").set_value(kid).run()
    assert not teacher.exception, teacher.exception
    lines = [m.value for m in teacher.markdown if m.value.startswith("- **")]
    assert lines[0].startswith("- **Muggins**: Mastered on Tue 6 January: ") and "confirmed the next day" in lines[0]
    assert lines[1] == "- **All Fives**: Not started yet."
    assert len(teacher.dataframe) == 1  # the numbers behind them, in the same place


# ----- the report for home, and the class's evidence as a table -----


def pdf_text(pdf: bytes, tmp_path) -> str:
    """The PDF's text as pdftotext reads it, on one line."""
    import shutil
    import subprocess

    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    (tmp_path / "r.pdf").write_bytes(pdf)
    subprocess.run(["pdftotext", str(tmp_path / "r.pdf"), str(tmp_path / "r.txt")], check=True)
    return " ".join((tmp_path / "r.txt").read_text(encoding="utf-8").split())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_report_for_home_has_a_sentence_of_evidence_for_each_stage(lang, tmp_path):
    from trainer.classroom.home_report import home_report
    from trainer.classroom.home_report_pdf import home_report_pdf

    p = mastered()
    r = home_report("Blue Fox", "KQ7M-XR4P", p.attempts, p.facts.answers, language=lang, day=dt.date(2026, 1, 9),
                    app_address="http://10.0.0.5:8501/")
    assert [e.stage for e in r.evidence] == ["muggins", "all-fives", "five-up"]
    text = pdf_text(home_report_pdf([r]), tmp_path)
    with speaking(lang):
        first = for_teacher(r.evidence[0]).replace("—", "-")
        heading = "Why the trainer says so, stage by stage" if lang == "en" else "Por qué lo dice el entrenador"
    assert heading in text
    assert f"Muggins: {first}" in text
    assert ("All Fives: Not started yet." if lang == "en" else "All Fives: Sin empezar todavía.") in text


def test_the_classs_evidence_as_a_csv_a_row_per_child_and_stage():
    import csv
    import io

    from trainer.classroom.evidence import evidence_csv

    sure = mastered()
    unsure = Progress()
    for i, ok in enumerate((False, True, False, True, False)):
        code = generate_for("hand-rounding", stage="muggins", level=1, trap="round-1", seed=i).code
        answer(unsure, "hand-rounding", level=1, code=code, correct=ok, mistake=None if ok else "round-1")
    text = evidence_csv([("Blue Fox", of_progress(sure)), ("Red Panda", of_progress(unsure))])
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["nickname", "stage", "standing", "sentence", "day", "answers", "days", "trap", "kind",
                       "wrong", "of the last"]
    assert len(rows) == 1 + 2 * 3
    fox, panda = rows[1], rows[4]
    assert fox[:3] == ["Blue Fox", "muggins", "mastered"] and fox[3].startswith("Mastered on Tue 6 January: ")
    assert fox[4] == "2026-01-06" and fox[6] == "2" and fox[7] in mastery_traps("open-total", "muggins")
    assert panda == ["Red Panda", "muggins", "not-yet", said(unsure)[0], "", "5", "1", "round-1", "", "3", "5"]
    assert rows[2][:4] == ["Blue Fox", "all-fives", "not-started", "Not started yet."]
    with speaking("es"):
        spanish = list(csv.reader(io.StringIO(evidence_csv([("Red Panda", of_progress(unsure))]))))
    assert spanish[0][:4] == ["apodo", "etapa", "situación", "frase"] and spanish[1][3].startswith("Aún no: todavía")


def test_my_class_downloads_the_evidence_beside_the_answers(store, monkeypatch):
    import csv
    import io

    from apptest import make_class
    from streamlit.runtime.media_file_manager import MediaFileManager

    made: dict[str, object] = {}  # the button makes its file on click: keep what it would give
    real = MediaFileManager.add_deferred

    def keep(self, data_callable, mimetype, coordinates, file_name=None, **kw):
        made[file_name] = data_callable
        return real(self, data_callable, mimetype, coordinates, file_name=file_name, **kw)
    monkeypatch.setattr(MediaFileManager, "add_deferred", keep)

    teacher, code, _key = make_class()
    p = Progress()
    answer(p, "open-total", level=1)
    kid = store.join(code, "Jade Gecko")
    store.record_many(kid, p.attempts)
    teacher.run()
    assert not teacher.exception, teacher.exception
    labels = [b.proto.label for b in teacher.get("download_button")]
    assert "Download the evidence (CSV)" in labels
    assert labels.index("Download the evidence (CSV)") == labels.index("Download all answers (CSV)") + 1
    rows = list(csv.reader(io.StringIO(made[f"class-{code}-evidence.csv"]())))
    assert [r[:3] for r in rows[1:]] == [["Jade Gecko", "muggins", "not-yet"], ["Jade Gecko", "all-fives",
                                                                               "not-started"],
                                        ["Jade Gecko", "five-up", "not-started"]]
