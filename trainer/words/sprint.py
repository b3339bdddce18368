"""The Fives Sprint's sentences: its facts, its page, its grid, and the coach's words about it.

The functions take plain values (a fact kind's prefix and its numbers, counts), so this module
needs nothing above :mod:`trainer.words`.

>>> question("make10", (3,))
'3 + ? = 10'
>>> question("on", (20,))
'10, 15, 20, ?'
>>> kind_title("near")
'The nearest five'
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.words import N_, _, ngettext, said

KIND_TITLES: dict[str, str] = {
    "on": N_("Count on in fives"),
    "back": N_("Count back in fives"),
    "next": N_("The next multiple of five"),
    "prev": N_("The multiple of five before"),
    "near": N_("The nearest five"),
    "make5": N_("Pairs that make 5"),
    "make10": N_("Pairs that make 10"),
    "is5": N_("Is it a multiple of five?"),
    "add": N_("Add the open ends"),
}
"""Each fact kind's title, by its prefix (translated when read through :func:`kind_title`)."""


def kind_title(prefix: str) -> str:
    return said(KIND_TITLES[prefix])


def question(prefix: str, numbers: Sequence[int]) -> str:
    """A fact as the child reads it."""
    n = numbers[0]
    if prefix == "on":
        return _("{a}, {b}, {c}, ?").format(a=n - 10, b=n - 5, c=n)
    if prefix == "back":
        return _("{a}, {b}, {c}, ?").format(a=n + 10, b=n + 5, c=n)
    if prefix == "next":
        return _("The next multiple of five after {n} is ?").format(n=n)
    if prefix == "prev":
        return _("The multiple of five just before {n} is ?").format(n=n)
    if prefix == "near":
        return _("{n} is nearest to which multiple of five?").format(n=n)
    if prefix == "make5":
        return _("{n} + ? = 5").format(n=n)
    if prefix == "make10":
        return _("{n} + ? = 10").format(n=n)
    if prefix == "is5":
        return _("Is {n} a multiple of five?").format(n=n)
    return _("{sum} = ?").format(sum=" + ".join(map(str, numbers)))


def yes_no(value: bool) -> str:
    return _("Yes") if value else _("No")


# ----- the page -----

TITLE = N_("Fives Sprint")


def title() -> str:
    return said(TITLE)


def intro(facts: int, minutes: int) -> str:
    return ngettext("A quick round of number facts: {n} facts or {m} minutes. Tap the answer or type it.",
                    "A quick round of number facts: {n} facts or {m} minutes. Tap the answer or type it.",
                    facts).format(n=facts, m=minutes)


def start() -> str:
    return _("Start today's Sprint")


def start_again() -> str:
    return _("Another round")


def check() -> str:
    return _("Check")


def type_here() -> str:
    return _("Or type the answer")


def fact_counter(at: int, of: int) -> str:
    return _("Fact {at} of {of}").format(at=at, of=of)


def time_bar_label(seconds: float) -> str:
    return _("Quick answer: within {s:g} seconds").format(s=seconds)


def right_quick() -> str:
    return _("Right, and quick!")


def right_slow() -> str:
    return _("Right! Next time try to be a bit quicker.")


def fact_said(prefix: str, numbers: Sequence[int], answer: int | bool) -> str:
    """A fact with its answer, as a sentence (what the child is told after a wrong answer)."""
    n = numbers[0]
    if prefix in ("on", "back"):
        step = 5 if prefix == "on" else -5
        return _("{a}, {b}, {c}, {answer}.").format(a=n - 2 * step, b=n - step, c=n, answer=answer)
    if prefix == "next":
        return _("The next multiple of five after {n} is {answer}.").format(n=n, answer=answer)
    if prefix == "prev":
        return _("The multiple of five just before {n} is {answer}.").format(n=n, answer=answer)
    if prefix == "near":
        return _("{n} is nearest to {answer}.").format(n=n, answer=answer)
    if prefix == "make5":
        return _("{n} + {answer} = 5.").format(n=n, answer=answer)
    if prefix == "make10":
        return _("{n} + {answer} = 10.").format(n=n, answer=answer)
    if prefix == "is5":
        return (_("Yes: {n} is a multiple of five.") if answer else _("No: {n} is not a multiple of five.")).format(n=n)
    return _("{sum} = {answer}.").format(sum=" + ".join(map(str, numbers)), answer=answer)


def wrong(prefix: str, numbers: Sequence[int], answer: int | bool) -> str:
    """After a wrong answer: the fact said whole, in plain words.

    >>> wrong("next", (37,), 40)
    'Not quite. The next multiple of five after 37 is 40. It will come back soon.'
    """
    return _("Not quite. {fact} It will come back soon.").format(fact=fact_said(prefix, numbers, answer))


def not_yes_no() -> str:
    return _("Tap Yes or No.")


def round_over() -> str:
    return _("Round done!")


def round_summary(right: int, answered: int, quick: int) -> str:
    return ngettext("{right} of {answered} right, {quick} of them quick.",
                    "{right} of {answered} right, {quick} of them quick.", answered).format(
        right=right, answered=answered, quick=quick)


def green_light() -> str:
    return _("Today's Sprint is done: green light!")


def not_yet_today(left: int) -> str:
    return ngettext("{n} more quick, right answer today turns the light green.",
                    "{n} more quick, right answers today turn the light green.", left).format(n=left)


def light_how() -> str:
    """How the light turns green: quick, right answers count wherever they are given."""
    return _("Quick, right answers count wherever you give them: in a round here, or in the number facts "
             "between puzzles on Practice.")


def own_best(n: int) -> str:
    """The child's own best day (the page says it only once there is a day with a quick answer)."""
    return ngettext("Your best day: {n} quick answer.", "Your best day: {n} quick answers.", n).format(n=n)


def today_quick(n: int) -> str:
    return ngettext("Today: {n} quick answer.", "Today: {n} quick answers.", n).format(n=n)


def saving_later() -> str:
    return _("Your answers are kept here and saved as soon as saving works again.")


# ----- the grid -----

STATE_NAMES: dict[str, str] = {
    "fluent": N_("Quick"),
    "fading": N_("Time to see again"),
    "slow": N_("Slow"),
    "wrong": N_("Wrong"),
    "new": N_("Not yet"),
}
"""Each grid state's name (the state's value → words)."""


def state_name(state: str) -> str:
    return said(STATE_NAMES[state])


def grid_heading() -> str:
    return _("Number facts")


def grid_caption() -> str:
    return _("Every number fact: quick and right, quick once but time to see it again, right but slow, "
             "wrong last time, or not asked yet.")


def grid_empty() -> str:
    return _("No number facts yet: a round of the Fives Sprint fills this in.")


def grid_counts(fluent: int, total: int) -> str:
    return _("{fluent} of {total} quick").format(fluent=fluent, total=total)


def class_grid_heading() -> str:
    return _("Number facts (Fives Sprint)")


def class_grid_caption() -> str:
    return _("Each kind of number fact: how many facts each child answers quickly and right. "
             "Red means a fact was wrong last time.")


# ----- the coach -----


def coach_step(kinds: Sequence[str], count: int) -> str:
    """Before the coach's short round of number facts: how many, and of which kinds."""
    names = ", ".join(kind_title(k) for k in kinds)
    return ngettext("First, {n} quick number fact: {names}. Then back to the puzzles.",
                    "First, {n} quick number facts: {names}. Then back to the puzzles.", count).format(
        n=count, names=names)


def coach_step_done() -> str:
    return _("Number facts done. Back to the puzzles!")


def goal_done() -> str:
    return _("That's today's goal done! Well played. Come back tomorrow for the next step.")


def free_play() -> str:
    return _("You can keep going for fun: choose any puzzle, play a hand, or do another Sprint.")


def goal_progress(done: int, goal: int) -> str:
    return _("Today: {done} of {goal} puzzles").format(done=done, goal=goal)


def confirm_stage(stage: str) -> str:
    return _("{stage} looked mastered on an earlier day. Show it again today to make it certain.").format(
        stage=stage)


def time_up() -> str:
    return _("Time's up for this round!")


def answer_label() -> str:
    return _("Your answer")


def coach_step_heading() -> str:
    return _("Number facts first")


def light_label(done: bool) -> str:
    return _("Green light") if done else _("Not yet green")


def looks_mastered(next_stage: str) -> str:
    return _("Well done: that stage looks mastered! On to {next}. On another day the coach checks it once more "
             "to make it certain.").format(next=next_stage)


BANDS = {"young": N_("More time (ages 5 to 7)"), "older": N_("Usual time (8 and up)")}
"""Each age band's name on the Sprint page."""


def band_question() -> str:
    return _("Time for each question")


def band_name(band: str) -> str:
    return said(BANDS[band])
