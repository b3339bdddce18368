"""The words of a class's printed report (My class's **Class report (PDF)**): its title, its date line, and the
button that makes it. The curves' own words are :mod:`trainer.words.curves`'."""

from __future__ import annotations

import datetime as dt

from trainer.words import _
from trainer.words.days import MONTHS


def title(name: str) -> str:
    return _("Class report: {name}").format(name=name)


def subheading(day: dt.date) -> str:
    return _("Fives Trainer · made on {day} {month} {year}").format(day=day.day, month=MONTHS[day.month - 1],
                                                                      year=day.year)


def download() -> str:
    return _("Class report (PDF)")


def download_help() -> str:
    return _("The class's learning curves, for each kind of puzzle and each trap, and the traps to teach the "
             "whole class, on A4 pages to print.")
