"""A learner's sign-in card: the nickname, the learner code in big letters and a QR code that opens
the trainer as that learner, to print and keep by a shared tablet. Pure Python (fpdf2 and segno).

>>> learner_card("Blue Fox", "KQ7M-XR4P", "http://127.0.0.1:8501/?me=KQ7M-XR4P")[:5]
b'%PDF-'
"""

from __future__ import annotations

import io

import segno
from fpdf import FPDF

from puzzles.worksheet import address_problem
from trainer.words import cards as words


def learner_link(page_url: str | None, code: str) -> str:
    """The address that opens the trainer as this learner (for the QR code on their card): the app's
    own address, from the address of the page the card is made on, with ``?me=``.

    >>> learner_link("http://10.0.0.5:8501/me?me=OLD", "KQ7M-XR4P")
    'http://10.0.0.5:8501/?me=KQ7M-XR4P'
    >>> learner_link(None, "KQ7M-XR4P")
    'http://localhost:8501/?me=KQ7M-XR4P'
    """
    base = (page_url or "").split("?", 1)[0]
    if base.rstrip("/").endswith("/me"):
        base = base.rstrip("/")[: -len("me")]
    return f"{base or 'http://localhost:8501/'}?me={code}"


def learner_card(nickname: str, code: str, link: str) -> bytes:
    """A PDF of four identical cards on one A4 page (cut along the lines), one for each place a
    child might keep it. A link a QR code cannot carry (``card_link_problem``) gives cards without
    the QR code: the code on them signs in all the same.

    >>> learner_card("Blue Fox", "KQ7M-XR4P", "http://x/" + "a" * 3000 + "?me=KQ7M-XR4P")[:5]
    b'%PDF-'
    """
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.add_page()
    qr = None
    if card_link_problem(link) is None:
        qr = io.BytesIO()
        segno.make(link, error="m").save(qr, kind="png", scale=8, border=2)
    w, h = 95.0, 62.0
    for i in range(4):
        x = 10 + (i % 2) * w
        y = 12 + (i // 2) * (h + 6)
        pdf.set_draw_color(150, 150, 150)
        pdf.set_dash_pattern(dash=2, gap=2)
        pdf.rect(x, y, w, h)
        pdf.set_dash_pattern()
        pdf.set_xy(x + 5, y + 5)
        pdf.set_font("Helvetica", size=10)
        pdf.set_text_color(80, 80, 80)
        pdf.cell(50, 5, _latin(words.this_is_me()))
        pdf.set_text_color(20, 20, 20)
        pdf.set_xy(x + 5, y + 13)
        pdf.set_font("Helvetica", "B", 16)
        pdf.cell(52, 9, _fit(pdf, nickname, 52))
        pdf.set_xy(x + 5, y + 27)
        pdf.set_font("Helvetica", size=9)
        pdf.cell(52, 5, _latin(words.my_code()))
        pdf.set_xy(x + 5, y + 33)
        pdf.set_font("Courier", "B", 17)
        pdf.cell(52, 9, code)
        pdf.set_xy(x + 5, y + 47)
        pdf.set_font("Helvetica", size=8)
        if qr is None:
            pdf.multi_cell(52, 4, _latin(words.type_the_code()))
            continue
        pdf.multi_cell(52, 4, _latin(words.scan_or_type()))
        qr.seek(0)
        pdf.image(qr, x=x + w - 38, y=y + 12, w=34, h=34)
    return bytes(pdf.output())


def teacher_card(class_name: str, code: str, teacher_key: str) -> bytes:
    """A PDF for the teacher's files: the class code (for the children) and the teacher key (for
    the teacher alone), to type on **My class** on any computer. No address carries the key, so it
    never sits in a browser's history.

    >>> teacher_card("Room 4", "KQ7-MXR4", "k3y")[:5]
    b'%PDF-'
    """
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.add_page()
    pdf.set_text_color(20, 20, 20)
    pdf.set_xy(20, 20)
    title, size = _latin(words.class_title(class_name)), TITLE_SIZES[0]
    for size in TITLE_SIZES:  # the whole class name: smaller until it fits, else wrapped under itself
        pdf.set_font("Helvetica", "B", size)
        if pdf.get_string_width(title) <= 170:
            break
    pdf.multi_cell(170, size * 0.45, title, align="L", new_x="LMARGIN", new_y="NEXT")
    (code_title, code_note), (key_title, key_note) = words.teacher_rows()
    rows = ((code_title, code, code_note), (key_title, teacher_key, key_note))
    y = max(45.0, pdf.get_y() + 10)
    for title, value, note in rows:
        pdf.set_xy(20, y)
        pdf.set_font("Helvetica", size=12)
        pdf.cell(170, 7, _latin(title))
        pdf.set_xy(20, y + 9)
        pdf.set_font("Courier", "B", 22)
        pdf.cell(170, 12, value)
        pdf.set_xy(20, y + 23)
        pdf.set_font("Helvetica", size=10)
        pdf.cell(170, 6, _latin(note))
        y += 45
    pdf.set_xy(20, y)
    pdf.set_font("Helvetica", size=10)
    pdf.multi_cell(170, 5, _latin(words.keep_it_safe()))
    return bytes(pdf.output())


TITLE_SIZES = (22, 20, 18, 16)
"""The teacher card's heading, in points: the largest at which the class name fits one line; at the smallest
a longer name wraps (a class name is at most 60 characters: two lines)."""


def card_link_problem(link: str) -> str | None:
    """Why the card's link cannot go in its QR code (too long, not an http(s) address), or None."""
    return address_problem(link, with_query=True) if link.strip() else words.no_link()


def _fit(pdf: FPDF, text: str, width: float) -> str:
    """``text`` as it fits ``width`` mm in the current font: whole, or cut with ``...`` (a long class name
    says it goes on)."""
    text = _latin(text)
    if pdf.get_string_width(text) <= width:
        return text
    while text and pdf.get_string_width(text.rstrip() + "...") > width:
        text = text[:-1]
    return text.rstrip() + "..."


def _latin(text: str) -> str:
    """The PDF's built-in font has Latin-1 letters only: anything else becomes ``?``."""
    return text.encode("latin-1", "replace").decode("latin-1")
