"""The classroom's printed pages: A4, the same bytes for the same report (a fixed creation date), no page
broken by the library (each report lays out its own pages)."""

from __future__ import annotations

import datetime as dt

from fpdf import FPDF

FIXED_DATE = dt.datetime(2024, 1, 1, tzinfo=dt.UTC)
"""Every report's creation date: the same report gives the same bytes."""


class A4(FPDF):
    """An A4 page of the trainer's with ``margin`` millimetres all round."""

    def __init__(self, margin: float) -> None:
        super().__init__(format="A4")
        self.set_creation_date(FIXED_DATE)
        self.set_author("Fives Trainer")
        self.set_margins(margin, margin, margin)
        self.set_auto_page_break(False)
