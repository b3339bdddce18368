"""A stage's confirmation asks each trap in its settings in turn: a misconception that shows only when the
spinner leads, or only on numbers of 10 and more, is asked where it shows, not only where it does not."""

from __future__ import annotations

import copy
import random

from puzzles import generate
from trainer.learning.practice import Practice, Setting, setting
from trainer.learning.progress import Attempt, Progress

DAY = 86400.0
MONDAY = 1767628800.0 + 16 * 3600


def test_a_puzzle_s_setting_is_what_leads_its_layout_and_the_size_of_its_number():
    settings = {setting(generate("open-total", stage="all-fives", level=3, seed=s)) for s in range(60)}
    assert settings == {(Setting.PLAIN,), (Setting.SPINNER,)}
    sizes = {setting(generate("hand-rounding", stage="muggins", level=1, seed=s)) for s in range(60)}
    assert sizes == {(Setting.UNDER_TEN,), (Setting.TEN_OR_MORE,)}


def test_a_confirmation_asks_a_trap_in_the_setting_it_was_asked_least_today():
    trap = "covered-spinner"
    plain = [p for s in range(200)
             if trap in (p := generate("open-total", stage="all-fives", level=3, seed=s)).traps
             and setting(p) == (Setting.PLAIN,)][:2]
    today = MONDAY + DAY
    checks = [Attempt("open-total", "all-fives", 3, True, 3.0, code=p.code, at=today, traps=p.traps) for p in plain]
    picked_led = could = 0
    for i in range(40):
        rng = random.Random(i)
        twin = copy.copy(rng)
        made = [generate("open-total", stage="all-fives", level=3, seed=twin.randrange(2**24)) for _ in range(8)]
        pr = Practice(progress=Progress.from_attempts(checks), seed_source=rng, clock=lambda: today + 60)
        pick = pr._confirming_puzzle("open-total", "all-fives", 3, trap, {trap: 2})
        assert pick in made or trap in pick.traps
        if any(trap in p.traps and setting(p) == (Setting.SPINNER,) for p in made):
            could += 1
            picked_led += setting(pick) == (Setting.SPINNER,) and trap in pick.traps
    assert could >= 20 and picked_led == could  # asked twice today with a plain lead: now one the spinner leads
