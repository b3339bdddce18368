"""The Projector: one big puzzle for the class, the worksheet panel and the live lesson's panel."""

from __future__ import annotations

from trainer.words import _, ngettext


def code_did_not_work(problem: str) -> str:
    return _("That code didn't work: {problem}").format(problem=problem)


def code_did_not_work_fresh(problem: str) -> str:
    """A puzzle code in the address that opens nothing: a fresh puzzle comes instead."""
    return _("That code didn't work: {problem} Here is a fresh puzzle instead.").format(problem=problem)


def puzzle() -> str:
    """The side panel's heading."""
    return _("Puzzle")


def stage() -> str:
    return _("Stage")


def kind() -> str:
    return _("Kind")


def level() -> str:
    return _("Level")


def show_by_code() -> str:
    return _("Show a puzzle by its code")


def code_example() -> str:
    return _("e.g. HX7K-3MPA")


def keys() -> str:
    return _("Keys: A reveals the answer, N shows the next puzzle.")


def puzzle_code(code: str) -> str:
    return _("Puzzle code: `{code}`").format(code=code)


def answer(words: str) -> str:
    """The answer in words, big."""
    return _("Answer: {answer}").format(answer=words)


def next_puzzle() -> str:
    return _("Next puzzle")


# ----- the worksheet panel -----


def print_worksheet() -> str:
    return _("Print a worksheet")


def puzzles() -> str:
    return _("Puzzles")


def a_mix() -> str:
    return _("A mix")


def how_many() -> str:
    return _("How many")


def paper() -> str:
    return _("Paper")


def paper_names() -> dict[str, str]:
    return {"a4": _("A4"), "letter": _("US Letter")}


def app_address() -> str:
    return _("App address for the QR codes")


def app_address_help() -> str:
    return _("Each puzzle's QR code opens it here: the address this page is open at, unless you type the one "
             "the children use.")


def qr_codes_open(address: str) -> str:
    """Under the address, before the sheet is made: where its QR codes lead."""
    return _("The QR codes will open {address}").format(address=address)


def local_sheet_address() -> str:
    """The address is this computer's own: the children's tablets cannot reach it."""
    return _("That is this computer's own address: the sheet's QR codes will not open on the children's "
             "tablets. Type the address they use, like http://192.168.1.20:8501/.")


def make_worksheet() -> str:
    return _("Make the worksheet")


def sheet(code: str) -> str:
    return _("Sheet {code}").format(code=code)


def worksheet_pdf() -> str:
    return _("Worksheet (PDF)")


def answer_key_pdf() -> str:
    return _("Answer key (PDF)")


def build_pdf() -> str:
    return _("Build it with real dominoes (PDF)")


# ----- the live panel -----


def live_lesson() -> str:
    return _("Live lesson")


def live_not_working() -> str:
    return _("Live lessons are not working right now.")


def open_class_first() -> str:
    return _("Open your class on **My class** first; then start a live lesson here.")


def finding_class() -> str:
    """While the browser has not yet said which class it keeps open (a load's first moment)."""
    return _("Looking for the class this browser keeps open…")


def my_class() -> str:
    return _("My class")


def live_with(name_html: str) -> str:
    """The class's name already made safe as HTML."""
    return _("Live with <b>{name}</b>. Children follow on the <i>Live lesson</i> page.").format(name=name_html)


def end_live() -> str:
    return _("End the live lesson")


def go_on_live(name: str) -> str:
    return _("Go on with the live lesson of {name}").format(name=name)


def start_new_live() -> str:
    return _("Start a new live lesson")


def start_live(name: str) -> str:
    return _("Start a live lesson with {name}").format(name=name)


def count_back_soon() -> str:
    return _("The answer count comes back as soon as the class list does.")


def answered_of(answered: int, joined: int) -> str:
    """The count while answers come in, as HTML: ``"<b>12</b> of <b>25</b> answered"``."""
    return ngettext("<b>{answered}</b> of <b>{n}</b> answered", "<b>{answered}</b> of <b>{n}</b> answered",
                    joined).format(answered=answered, n=joined)


def open_answering() -> str:
    return _("Open answering again")


def stop_answers() -> str:
    return _("Stop answers")


def nobody_answered() -> str:
    return _("Nobody answered this one.")


def answered(n: int) -> str:
    return ngettext("{n} answered", "{n} answered", n).format(n=n)


def hide_pair() -> str:
    return _("Hide the pair")
