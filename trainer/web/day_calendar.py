"""A month of a child's days as HTML (no Streamlit here): Monday first, a tick on each day practised, a
star too on each day whose Sprint green light was earned, today ringed.

Each day says what happened in a mark (and in words, for a screen reader or a tooltip) as well as its
colour, so it reads for a colour-blind child; the cells are big enough for a finger and for a projector.

>>> import datetime as dt
>>> from trainer.learning.days import PracticeDay, month_calendar
>>> today = dt.date(2026, 11, 26)
>>> html = day_calendar(month_calendar({today: PracticeDay(today, puzzles=3)}, 2026, 11, today=today))
>>> 'data-practised="1"' in html and 'data-today="1"' in html
True
"""

from __future__ import annotations

from html import escape

from trainer.learning.days import CalendarDay, MonthCalendar
from trainer.words import days as words

PRACTISED = ("#CFE3F1", "#1F2933")
"""A day practised: background and text colour."""
GREEN = ("#0B7A4B", "#ffffff")
"""A day whose green light was earned."""
QUIET = ("#F5F7FA", "#52606D")
"""A day without practice."""
FUTURE = ("#FFFFFF", "#52606D")
"""A day still to come: white, with a dashed edge (``FUTURE_EDGE``); its number as readable as any other."""
FUTURE_EDGE = "#7B8794"

CALENDAR_CSS = (
    "<style>.fives-days{border-collapse:separate;border-spacing:4px;font-size:1.2rem;margin:0.2rem 0}"
    ".fives-days th{font-size:0.95rem;font-weight:600;text-align:center;padding:0.1rem}"
    ".fives-days td{width:3.2rem;min-width:2.9rem;height:3.2rem;text-align:center;vertical-align:middle;"
    "border-radius:8px;font-weight:600;line-height:1.15;padding:0.1rem;border:3px solid transparent}"
    ".fives-days td.today{box-shadow:inset 0 0 0 3px #1F2933}"
    f".fives-days td.future{{border:3px dashed {FUTURE_EDGE}}}"
    ".fives-days td small{display:block;font-size:1rem;min-height:1.1rem}</style>")


def _cell(d: CalendarDay | None) -> str:
    if d is None:
        return "<td aria-hidden='true'></td>"
    bg, fg = GREEN if d.green else PRACTISED if d.practised else FUTURE if d.is_future else QUIET
    mark = f"{words.PRACTISED_MARK}{words.GREEN_MARK}" if d.green else words.PRACTISED_MARK if d.practised else ""
    classes = " ".join(c for c, on in (("today", d.is_today), ("future", d.is_future)) if on)
    label = escape(words.day_label(d.day.day, practised=d.practised, green=d.green, today=d.is_today))
    return (f'<td class="{classes}" style="background:{bg};color:{fg}" title="{label}" aria-label="{label}" '
            f'data-practised="{int(d.practised)}" data-green="{int(d.green)}" data-today="{int(d.is_today)}">'
            f"{d.day.day}<small aria-hidden='true'>{mark}</small></td>")


def day_calendar(month: MonthCalendar) -> str:
    """The month as a table of weeks; the page shows it with ``st.markdown(..., unsafe_allow_html=True)``."""
    name = words.month_name(month.year, month.month)
    head = "".join(f'<th scope="col">{escape(w)}</th>' for w in words.weekday_names())
    rows = "".join(f"<tr>{''.join(_cell(d) for d in week)}</tr>" for week in month.weeks)
    label = escape(words.calendar_label(month.year, month.month))
    return (f'{CALENDAR_CSS}<div style="overflow-x:auto"><table class="fives-days" '
            f'aria-label="{label}" data-month="{month.year}-{month.month:02d}">'
            f"<caption style='caption-side:top;text-align:left;font-weight:700;font-size:1.15rem'>"
            f"{escape(name)}</caption><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>")
