"""The column headers of the answers a teacher or learner downloads (CSV): in English the fields' own
names, which spreadsheets and scripts already read; in another language, words a teacher reads. The
cells stay data (kind and stage ids, codes, True/False), the same in every language.

>>> csv_headers(["nickname", "learner_code"])
['nickname', 'learner_code']
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.words import N_, Said

# Translators: each header names a column of the downloaded answers; keep them short
HEADERS = Said({
    "nickname": N_("nickname"),
    "learner_code": N_("learner_code"),
    "number": N_("number"),
    "kind": N_("kind"),
    "stage": N_("stage"),
    "level": N_("level"),
    "correct": N_("correct"),
    "seconds": N_("seconds"),
    "puzzle_code": N_("puzzle_code"),
    "code": N_("code"),
    "mistake": N_("mistake"),
    "hinted": N_("hinted"),
    "review": N_("review"),
    "origin": N_("origin"),
    "at": N_("at"),
})


def csv_headers(fields: Iterable[str]) -> list[str]:
    """The headers of ``fields`` in the reader's language."""
    return [HEADERS[f] if f in HEADERS else f for f in fields]
