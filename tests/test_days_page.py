"""AppTest: My progress shows the child's days as a calendar with its count in words (an empty one, kindly,
for a new child), and after a mastery My progress and Practice say what comes next with one button that
goes there."""

from __future__ import annotations

import time

from apptest import answer, app, texts

from puzzles import STAGES, generate
from trainer.learning.days import practice_days
from trainer.learning.policy import DEFAULT_POLICY
from trainer.learning.progress import Attempt, Outcome, Progress
from trainer.learning.sprint import SprintAnswer, day_of


def practice(at):
    return at.session_state["practice"]


def calendar_html(at) -> str:
    return next(m.value for m in at.markdown if "fives-days" in m.value)


def test_a_new_child_sees_an_empty_calendar_and_a_friendly_line():
    at = app(page="my_progress")
    html = calendar_html(at)
    assert 'data-today="1"' in html and 'data-practised="1"' not in html
    assert "No practice days here yet" in texts(at)


def test_my_progress_shows_the_days_practised_and_the_green_lights():
    now = time.time()
    quick = [SprintAnswer("make10:3", True, 1.0, now - 60 + i / 100, 4.0) for i in range(DEFAULT_POLICY.round_facts)]
    at = app()
    practice(at).progress = Progress.from_attempts([Attempt("open-total", "muggins", 1, True, 3.0, at=now - 120)],
                                                   quick)
    at.switch_page("views/my_progress.py").run()
    assert not at.exception, at.exception
    html = calendar_html(at)
    today = f'data-practised="1" data-green="1" data-today="1">{day_of(now).day}<'
    assert today in html, "today: practised, its green light earned, ringed"
    assert "✓★" in html, "a mark, not the colour alone"
    assert "You practised on 1 day this month. 1 green light." in texts(at)
    assert len([m for m in at.markdown if "fives-days" in m.value]) == 2, "this month, and the month before folded"
    assert practice_days(practice(at).progress.attempts, quick)[day_of(now)].green


def test_my_progress_in_spanish_names_the_month_and_the_days():
    at = app(page="my_progress", lang="es")
    html = calendar_html(at)
    assert '<th scope="col">lun</th>' in html and " de 20" in html
    assert "Mis días" in [s.value for s in at.subheader]


def test_after_a_mastery_my_progress_says_whats_next_and_its_button_starts_it():
    at = app(code=generate("open-total", stage="muggins", level=1, seed=11).code)
    answer(at)
    practice(at).progress.mastered.append("muggins")
    at.switch_page("views/my_progress.py").run()
    assert not at.exception, at.exception
    assert "Next: **All Fives**" in texts(at) and "Coach me" in texts(at)
    button = at.button(key="mp_next")
    assert button.label == "Start All Fives"
    button.click().run()
    assert not at.exception, at.exception
    pr = practice(at)
    assert pr.coached and pr.puzzle.stage == "all-fives" and pr.progress.coach_stage == "all-fives"
    assert at.query_params["code"] == pr.puzzle.code, "the Practice page shows the new puzzle"
    assert not any(b.key == "mp_next" for b in at.button)


def test_after_the_mastery_news_on_practice_one_button_starts_the_next_stage():
    at = app(code=generate("open-total", stage="muggins", level=1, seed=11).code)
    answer(at)
    pr = practice(at)
    pr.progress.mastered.append("muggins")
    pr.outcome = Outcome(mastered="muggins", unlocked="all-fives")
    at.run()
    assert "Next up: All Fives" in texts(at) and "**Coach me** will start it." in texts(at)
    at.button(key="whats_next").click().run()
    assert not at.exception, at.exception
    assert pr.coached and pr.puzzle.stage == "all-fives" and not pr.answered


def test_after_the_last_stage_the_button_goes_to_a_game():
    at = app(code=generate("open-total", stage="five-up", level=1, seed=11).code)
    answer(at)
    pr = practice(at)
    pr.progress.mastered.extend(STAGES)
    pr.outcome = Outcome(mastered=STAGES[-1])
    at.run()
    assert "Sprint" in texts(at) and "against the computer" in texts(at)
    button = at.button(key="whats_next")
    assert button.label == "Play a game"
    button.click().run()
    assert not at.exception, at.exception
    assert any(s.key == "g_game" for s in at.selectbox), "the Play page, with its new game's form"


def _luminance(hex_colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(hex_colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _over_white(hex_colour: str, opacity: float) -> str:
    parts = (round(opacity * int(hex_colour[i:i + 2], 16) + (1 - opacity) * 255) for i in (1, 3, 5))
    return "#" + "".join(f"{p:02x}" for p in parts)


def test_every_day_of_a_month_reads_at_four_and_a_half_to_one_whatever_the_date():
    """Mid-month, so days past, today and days to come are all drawn; any opacity the style gives a day's class
    fades its text and its background into the white page, as a browser does."""
    import datetime as dt
    import re

    from trainer.learning.days import PracticeDay, month_calendar
    from trainer.web.day_calendar import CALENDAR_CSS, day_calendar

    today = dt.date(2026, 12, 9)
    days = {dt.date(2026, 12, 2): PracticeDay(dt.date(2026, 12, 2), puzzles=3), today: PracticeDay(today, puzzles=1)}
    html = day_calendar(month_calendar(days, 2026, 12, today=today))
    faded = {m[0]: float(m[1]) for m in re.findall(r"td\.(\w+)\{[^}]*opacity:([\d.]+)", CALENDAR_CSS)}
    cells = re.findall(r'<td class="([^"]*)" style="background:(#\w{6});color:(#\w{6})" title="(\d+)', html)
    assert len(cells) == 31 and {"future", "today"} <= {c for cell in cells for c in cell[0].split()}
    for classes, bg, fg, day in cells:
        opacity = min([faded.get(c, 1.0) for c in classes.split()] + [1.0])
        a, b = (_luminance(_over_white(x, opacity)) for x in (bg, fg))
        ratio = (max(a, b) + 0.05) / (min(a, b) + 0.05)
        assert ratio >= 4.5, f"day {day} ({classes or 'past'}): {ratio:.2f} to 1"


def test_spanish_writes_a_month_in_lower_case_within_a_sentence_and_capitalises_it_as_a_title():
    import datetime as dt

    from trainer import words
    from trainer.learning.days import month_calendar
    from trainer.web.day_calendar import day_calendar
    from trainer.words import days as day_words

    with words.speaking("es"):
        html = day_calendar(month_calendar({}, 2026, 12, today=dt.date(2026, 12, 9)))
        folded = day_words.last_month(2026, 11)
    assert 'aria-label="Días de práctica en diciembre de 2026"' in html
    assert ">Diciembre de 2026</caption>" in html
    assert folded == "Antes: noviembre de 2026"
