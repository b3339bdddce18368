"""The words every page shares: the menu, the board's hints and buttons, a score both ways, a play
on a lettered end, the answer boxes, and "Continue as …?".

>>> both_ways(15, 3), both_ways(5, 1), both_ways(7, 0), both_ways(0, 0)
('15 → 3 points', '5 → 1 point', 'not a multiple of five, so no score', 'nothing to score')
>>> on_end("3-4", "B"), beside_sniff("1-4", "C")
('3-4 on end B', '1-4 beside the sniff (end C)')
"""

from __future__ import annotations

from trainer.words import N_, _, ngettext, said

# ----- the menu (app.py) -----


def app_name() -> str:
    return _("Fives Trainer")


def menu_learn() -> str:
    return _("Learn")


def menu_teach() -> str:
    return _("Teach")


def menu_titles() -> dict[str, str]:
    """Each page's title in the menu, by its script's name (the sign-in page is named for the learner
    once they are signed in)."""
    return {
        "practice": _("Practice"),
        "sprint": _("Fives Sprint"),
        "play": _("Play a hand"),
        "tables": _("Play at a table"),
        "my_progress": _("My progress"),
        "live": _("Live lesson"),
        "me": _("Sign in"),
        "rules": _("Rules"),
        "projector": _("Projector"),
        "teacher": _("My class"),
    }


# ----- scores, plays and stages as the pages show them -----


STREAMLIT_LABELS = (N_("Sidebar"), N_("Expand sidebar"), N_("Collapse sidebar"), N_("App pages"), N_("Main menu"),
                    N_("Link to heading"), N_("Increment"), N_("Decrement"), N_("Open"), N_("Close"),
                    N_("Show password"), N_("Hide password"), N_("Choose an option"), N_("Clear value"),
                    N_("Clear all"), N_("Selected values"), N_("Running..."), N_("Stop script"),
                    N_("Copy to clipboard"), N_("Choose date"), N_("Previous month"), N_("Next month"),
                    N_("Use arrow keys to navigate dates. Enter to select. Escape to close."))
"""What Streamlit's page writes itself, in English whatever the page's language, on our pages (a button's
name, a tooltip, an empty chooser's placeholder): the page says them in its own language
(``static/navigation.js``)."""
STREAMLIT_PREFIXES = (N_("Help for {label}"), N_("Shortcut {key}"), N_("Choose date, {label}"), N_("day, {label}"),
                      N_("month, {label}"), N_("year, {label}"))
"""Streamlit's names that begin with words of its own: a widget's help button, a button's key letter (its
English start is what comes before the brace)."""


def streamlit_labels() -> dict[str, object]:
    """Streamlit's own names in the session's language, for the page's script: ``exact`` (English to said)
    and ``prefix`` (an English start, and the said name with ``{}`` where the rest goes); in English, none."""
    exact = {en: said(en) for en in STREAMLIT_LABELS if said(en) != en}
    prefix = [[template.partition("{")[0], said(template).replace("{label}", "{}").replace("{key}", "{}")]
              for template in STREAMLIT_PREFIXES if said(template) != template]
    return {"exact": exact, "prefix": prefix}


def both_ways(total: int, points: int) -> str:
    """A score as a child meets it: the total and its points (``points`` is ``total`` / 5 when it scores)."""
    if points:
        return ngettext("{total} → {n} point", "{total} → {n} points", points).format(total=total, n=points)
    return _("not a multiple of five, so no score") if total else _("nothing to score")


def on_end(tile: str, letter: str) -> str:
    """A play a child can match to the picture."""
    return _("{tile} on end {letter}").format(tile=tile, letter=letter)


def beside_sniff(tile: str, letter: str) -> str:
    """A play beside the long side of the in-line sniff."""
    return _("{tile} beside the sniff (end {letter})").format(tile=tile, letter=letter)


def stage_with_hint(label: str, hint: str) -> str:
    """A stage's name and what it adds: ``"Two ends (muggins)"``."""
    return _("{stage} ({hint})").format(stage=label, hint=hint)


def level(n: int) -> str:
    return _("Level {n}").format(n=n)


# ----- the board (static/board.js shows these) -----


def read_it_to_me() -> str:
    return _("Read it to me")


def board_words() -> dict[str, str]:
    """The clickable board's hints and buttons; ``{tile}`` is filled in by the browser."""
    return {
        "hint_play": _("Tap a tile in your hand, then a lettered end."),
        "hint_play_tile": _("Now tap a lettered end for {tile}."),
        "hint_ends": _("Tap every letter that counts, then press Check."),
        "hint_lead": _("Tap the tile you want to lead."),
        "hint_first_tile": _("First tap a tile in your hand."),
        "no_voice": _("This browser cannot read aloud"),
        "scroll_cue": _("Slide the picture sideways to see all of it"),
    }


def printed_only() -> str:
    """On a page a child signed in from a printed report may not use."""
    return _("You signed in from a printed report, so this page is closed: it needs your learner code. Your "
             "practice, the Sprint, Play a hand and My progress are open.")


def sign_out_printed() -> str:
    return _("Sign out, to sign in with my learner code")


def tap_not_taken() -> str:
    """A tap on the board that did not come as the board sends one: nothing was played."""
    return _("That tap did not come through, so nothing was played. Tap the picture again.")


# ----- "Continue as …?" (session.py) -----


def continue_as(nickname_html: str) -> str:
    """The question, with the nickname already made safe as HTML."""
    return _("<b>Continue as {nickname}?</b>").format(nickname=nickname_html)


def yes_thats_me() -> str:
    return _("Yes, that's me")


def someone_else() -> str:
    return _("No, I'm someone else")


# ----- the answer widgets (answers.py) -----


def check() -> str:
    return _("Check")


def send() -> str:
    return _("Send")


def your_answer() -> str:
    return _("Your answer")


def type_a_number() -> str:
    return _("Type a number")


def box_label(name: str) -> str:
    """The label of a box of a rounding answer."""
    return {"pips": _("Pips (to help you)"), "rounded": _("Rounded to five"), "points": _("Points")}[name]


def box_problem(name: str, problem: str) -> str:
    """What is wrong with a typed number, naming its box (``""``: the only box)."""
    if name == "pips":
        return _("Pips: {problem}").format(problem=problem)
    if name == "rounded":
        return _("Rounded: {problem}").format(problem=problem)
    if name == "points":
        return _("Points: {problem}").format(problem=problem)
    return problem


def or_choose_a_play() -> str:
    return _("Or choose a play:")


def which_play_scores_most() -> str:
    return _("Which play scores most?")


def end_choice(letter: str, text: str) -> str:
    """A choice of a puzzle about ends, by its letter on the picture (an open end's or a covered
    place's): ``"A: the 4 of 1-4"``."""
    return _("{letter}: {text}").format(letter=letter, text=text)


def choose_at_least_one() -> str:
    return _("Tap at least one letter first.")


def rounding_parts() -> tuple[tuple[str, str, str], ...]:
    """A rounding answer on the big screen, one part at a time: (question, name, answer field)."""
    return (
        (_("Add up the pips on these tiles. How many?"), _("Pips"), "pips"),
        (_("Round that to the nearest five."), _("Rounded"), "rounded"),
        (_("How many points is that?"), _("Points"), "points"),
    )


def part_shown(name: str, value: object) -> str:
    """A part of a rounding answer already revealed: ``"Pips: **13**"``."""
    return _("{name}: **{value}**").format(name=name, value=value)


def is_it(values: list[str]) -> str:
    """The class chooses a number: ``"Is it **10**, **15** or **20**?"``."""
    shown = [f"**{v}**" for v in values]
    if len(shown) == 1:
        return _("Is it {last}?").format(last=shown[0])
    return _("Is it {some} or {last}?").format(some=", ".join(shown[:-1]), last=shown[-1])


def reveal_the_answer() -> str:
    return _("Reveal the answer")


def reveal_part(name: str) -> str:
    """The projector's button for the next part of a rounding answer."""
    if name == "pips":
        return _("Reveal: pips")
    if name == "rounded":
        return _("Reveal: rounded")
    return _("Reveal: points")
