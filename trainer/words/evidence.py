"""A child's evidence, stage by stage: why the trainer says a stage is mastered, not yet, taken back, placed or
waiting, in a teacher's words (parts joined into one sentence by :func:`for_teacher`) and in a child's (whole
sentences, :func:`for_child`). The values come from :mod:`trainer.classroom.evidence`.

>>> import datetime as dt
>>> for_teacher([mastered(dt.date(2024, 12, 3), 42, 3), confirmed(2, next_day=True, on=dt.date(2024, 12, 4))])
'Mastered on Tue 3 December: 42 answers over 3 days; confirmed the next day with 2 right.'
>>> not_yet_trap("still rounds 2 past a five up (12 → 15)", 3, 5)
'Not yet: still rounds 2 past a five up (12 → 15) — 3 of the last 5 answers that tested it were wrong'
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from trainer.words import N_, Said, _, ngettext
from trainer.words.days import MONTHS, WEEKDAYS


def day(when: dt.date | None) -> str:
    """A day as a teacher and a child read it: ``"Tue 3 December"`` (``"a day not known"`` without one)."""
    if when is None:
        return _("a day not known")
    return _("{weekday} {day} {month}").format(weekday=WEEKDAYS[when.weekday()], day=when.day,
                                               month=MONTHS[when.month - 1])


def answers(n: int) -> str:
    return ngettext("{n} answer", "{n} answers", n).format(n=n)


def days(n: int) -> str:
    return ngettext("{n} day", "{n} days", n).format(n=n)


def heading() -> str:
    """Above a child's evidence on My progress."""
    return _("Why each stage is where it is")


def teacher_heading() -> str:
    """The section under the teacher's grid: a child's evidence, and the numbers behind it."""
    return _("Why the grid says so: a child's evidence and the numbers behind it")


def teacher_caption() -> str:
    return _("Each stage in one sentence, worked out again from the child's stored answers; the numbers the "
             "sentences stand on are in the table under them.")


def numbers_subheading() -> str:
    return _("The numbers behind it")


def home_heading() -> str:
    """The report for home's section of evidence."""
    return _("Why the trainer says so, stage by stage")


def stage_line(stage: str, why: str) -> str:
    """A stage's sentence under its name: ``"Muggins: Mastered on …"``."""
    return _("{stage}: {why}").format(stage=stage, why=why)


def for_teacher(parts: list[str]) -> str:
    """A teacher's sentence from its parts: ``"Mastered on …; … known since …; confirmed …."``."""
    return "; ".join(parts) + "."  # (punctuation both languages share)


def for_child(sentences: list[str]) -> str:
    return " ".join(sentences)


# ----- a teacher's parts -----

def mastered(on: dt.date | None, n_answers: int, n_days: int) -> str:
    return _("Mastered on {day}: {answers} over {days}").format(day=day(on), answers=answers(n_answers),
                                                                  days=days(n_days))


def known_since(trap: str, on: dt.date | None, run: int, *, taught: bool) -> str:
    """The trap a mastered stage waited for last: known since when, on how many right answers in a row."""
    if taught:
        return ngettext("{trap}: known since {day} ({n} right in a row after the contrast pair)",
                        "{trap}: known since {day} ({n} right in a row after the contrast pair)",
                        run).format(trap=trap, day=day(on), n=run)
    return ngettext("{trap}: known since {day} ({n} right in a row)", "{trap}: known since {day} ({n} right in a row)",
                    run).format(trap=trap, day=day(on), n=run)


def confirmed(right: int, *, next_day: bool, on: dt.date | None) -> str:
    if next_day:
        return ngettext("confirmed the next day with {n} right", "confirmed the next day with {n} right",
                        right).format(n=right)
    return ngettext("confirmed on {day} with {n} right", "confirmed on {day} with {n} right",
                    right).format(n=right, day=day(on))


def checking(on: dt.date | None, left: int) -> str:
    return ngettext("Looked mastered on {day}; to be confirmed on a later day: {n} more right answer to go",
                    "Looked mastered on {day}; to be confirmed on a later day: {n} more right answers to go",
                    left).format(day=day(on), n=left)


def placed(on: dt.date | None, check_right: int, left: int) -> str:
    return ngettext("Placed by the placement check on {day} (all {k} of its puzzles there right); to be confirmed "
                    "on a later day: {n} more right answer to go",
                    "Placed by the placement check on {day} (all {k} of its puzzles there right); to be confirmed "
                    "on a later day: {n} more right answers to go", left).format(day=day(on), k=check_right, n=left)


def taken_back(on: dt.date | None, kind: str, wrong: int, of: int) -> str:
    return ngettext("Taken back on {day}: “{kind}” needs a review ({wrong} of its last {n} review answer wrong)",
                    "Taken back on {day}: “{kind}” needs a review ({wrong} of its last {n} review answers wrong)",
                    of).format(day=day(on), kind=kind, wrong=wrong, n=of)


def not_yet_trap(trap: str, wrong: int, of: int) -> str:
    """``trap``: the trap in a teacher's words, after "still" (``"still rounds 12 up"``)."""
    return ngettext("Not yet: {trap} — {wrong} of the last {n} answer that tested it was wrong",
                    "Not yet: {trap} — {wrong} of the last {n} answers that tested it were wrong",
                    of).format(trap=trap, wrong=wrong, n=of)


def still(trap: str) -> str:
    """A trap a child still holds, in a teacher's words: ``"still rounds 2 past a five up (12 → 15)"``."""
    return _("still {trap}").format(trap=trap)


def not_yet_kind(kind: str, step: str, right: int, of: int) -> str:
    return ngettext("Not yet: “{kind}” is {step} ({right} of its last {n} answer right)",
                    "Not yet: “{kind}” is {step} ({right} of its last {n} answers right)",
                    of).format(kind=kind, step=step, right=right, n=of)


def not_yet_unanswered(kind: str) -> str:
    return _("Not yet: no answer to “{kind}” there yet").format(kind=kind)


def not_yet_facts() -> str:
    return _("Not yet: every core kind is mastered, but the stage's number facts are not all quick yet "
             "(the Fives Sprint)")


def not_started() -> str:
    return _("Not started yet")


def chosen(on: dt.date | None) -> str:
    """The coach works at the stage because it was chosen by hand."""
    return _("chosen by hand on {day}").format(day=day(on))


# ----- a child's sentences -----

def you_mastered(on: dt.date | None, n_answers: int, n_days: int) -> str:
    return _("You mastered it on {day}, after {answers} over {days}!").format(day=day(on), answers=answers(n_answers),
                                                                               days=days(n_days))


def you_beat(trap: str, on: dt.date | None, run: int, *, taught: bool) -> str:
    if taught:
        return ngettext("The trap “{trap}” stopped catching you on {day}: {n} right in a row after the two pictures.",
                        "The trap “{trap}” stopped catching you on {day}: {n} right in a row after the two pictures.",
                        run).format(trap=trap, day=day(on), n=run)
    return ngettext("The trap “{trap}” stopped catching you on {day}: {n} right in a row.",
                    "The trap “{trap}” stopped catching you on {day}: {n} right in a row.",
                    run).format(trap=trap, day=day(on), n=run)


def you_showed_again(right: int, *, next_day: bool, on: dt.date | None) -> str:
    if next_day:
        return ngettext("The next day you showed it again with {n} right answer.",
                        "The next day you showed it again with {n} right answers.", right).format(n=right)
    return ngettext("On {day} you showed it again with {n} right answer.",
                    "On {day} you showed it again with {n} right answers.", right).format(n=right, day=day(on))


def you_looked(on: dt.date | None, left: int) -> str:
    return ngettext("It looked mastered on {day}! Show it again on another day: {n} more right answer.",
                    "It looked mastered on {day}! Show it again on another day: {n} more right answers.",
                    left).format(day=day(on), n=left)


def you_placed(on: dt.date | None, left: int) -> str:
    return ngettext("The check on {day} showed you know it. Show it again on another day: {n} more right answer.",
                    "The check on {day} showed you know it. Show it again on another day: {n} more right answers.",
                    left).format(day=day(on), n=left)


def you_need_a_review(on: dt.date | None, kind: str, wrong: int, of: int) -> str:
    return ngettext("“{kind}” needs a review: when it came back on {day}, {wrong} of {n} answer was wrong. A few right "
                    "answers bring it back.",
                    "“{kind}” needs a review: when it came back on {day}, {wrong} of {n} answers were wrong. A few "
                    "right answers bring it back.", of).format(kind=kind, day=day(on), wrong=wrong, n=of)


def you_not_yet_trap(wrong: int, of: int, you_did: str) -> str:
    """``you_did``: what the child did, said to them (the trap's own words: "You rounded …: …")."""
    return ngettext("Not yet: a trap caught you in {wrong} of your last {n} try at it. {you_did}",
                    "Not yet: a trap caught you in {wrong} of your last {n} tries at it. {you_did}",
                    of).format(wrong=wrong, n=of, you_did=you_did)


def you_not_yet_kind(kind: str, right: int, of: int) -> str:
    return ngettext("Not yet: keep practising “{kind}” ({right} of your last {n} right).",
                    "Not yet: keep practising “{kind}” ({right} of your last {n} right).",
                    of).format(kind=kind, right=right, n=of)


def you_not_yet_unanswered(kind: str) -> str:
    return _("Not yet: next, try “{kind}”.").format(kind=kind)


def you_not_yet_facts() -> str:
    return _("Not yet: your puzzles are there! Now make your number facts quick in the Fives Sprint.")


def you_not_started() -> str:
    return _("Not started yet.")


def you_chose(on: dt.date | None) -> str:
    return _("You chose to practise here on {day}.").format(day=day(on))


def download() -> str:
    """My class's button: the class's evidence as a table."""
    return _("Download the evidence (CSV)")


def download_help() -> str:
    return _("A row for each child and stage: the sentence and the numbers under it.")


# Translators: each header names a column of the downloaded evidence; keep them short
HEADERS = Said({
    "nickname": N_("nickname"),
    "stage": N_("stage"),
    "standing": N_("standing"),
    "sentence": N_("sentence"),
    "day": N_("day"),
    "answers": N_("answers"),
    "days": N_("days"),
    "trap": N_("trap"),
    "kind": N_("kind"),
    "wrong": N_("wrong"),
    "of": N_("of the last"),
})


def csv_headers(fields: Iterable[str]) -> list[str]:
    """The headers of ``fields`` in the reader's language."""
    return [HEADERS[f] if f in HEADERS else f for f in fields]
