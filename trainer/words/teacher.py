"""My class: making and opening a class, the class grid, what the class gets wrong, who is stuck, and
removing a child or the whole class."""

from __future__ import annotations

from trainer.words import _, ngettext


def title() -> str:
    return _("My class")


def class_list_away() -> str:
    return _("The class list is not working right now. Try again in a minute.")


def class_back_soon() -> str:
    return _("Your class will show again as soon as the class list is back.")


def class_gone() -> str:
    return _("That class is gone. Make a new one below.")


def key_does_not_fit() -> str:
    return _("That class code and teacher key don't match. Check your teacher card.")


def make_a_class() -> str:
    return _("Make a new class")


def class_name() -> str:
    return _("Class name")


def class_name_example() -> str:
    return _("e.g. Room 4")


def make_the_class() -> str:
    return _("Make the class")


def no_accounts() -> str:
    return _("Children join with a class code and a nickname: no accounts, no e-mail, no real names.")


def open_my_class() -> str:
    return _("Open my class")


def class_code() -> str:
    return _("Class code")


def class_code_example() -> str:
    return _("e.g. KQ7-MXR-4PD")


def teacher_key() -> str:
    return _("Teacher key")


def teacher_key_help() -> str:
    return _("It is on your teacher card. This browser keeps the class open until you close it.")


def open_() -> str:
    return _("Open")


def shared_computer() -> str:
    return _("On a shared computer, press Close this class when you are done.")


def class_code_shown(code: str) -> str:
    return _("Class code: `{code}`").format(code=code)


def children_type_it() -> str:
    return _("Children type it on the **Sign in** page, under *Join my class*.")


def class_ready() -> str:
    return _("Your class is ready. Print your teacher card or write the teacher key down: with the class code it "
             "opens this class on any computer, and it is the only way back in.")


def my_teacher_key() -> str:
    return _("My teacher key (keep it secret: with the class code it opens this page)")


def print_teacher_card() -> str:
    return _("Print my teacher card")


def live_on_projector() -> str:
    return _("Start a live lesson on the Projector")


def close_class() -> str:
    return _("Close this class on this device")


def close_class_help() -> str:
    return _("This browser forgets the class; your teacher card opens it again.")


def nobody_yet() -> str:
    return _("No one has joined yet. Show the class code, and the children join on the Sign in page.")


def the_class(children: int) -> str:
    return ngettext("The class: {n} child", "The class: {n} children", children).format(n=children)


def stage() -> str:
    return _("Stage")


def grid_answers() -> str:
    """The grid's column of answers (over every stage)."""
    return _("Answers")


def grid_right() -> str:
    return _("Right")


def grid_legend() -> str:
    return _("· Not started  ◔ Practised  ◑ Familiar  ◕ Proficient (right every time at level 3)  ● Mastered "
             "(right and quick). ★ marks the main puzzles.")


def kind_summary(kind: str, answers: int, seconds: float) -> str:
    """One kind under the chart: ``"Total: 12 answers, median 9 s"``."""
    return ngettext("{kind}: {n} answer, median {seconds} s", "{kind}: {n} answers, median {seconds} s",
                    answers).format(kind=kind, n=answers, seconds=f"{seconds:.0f}")


def wrong_most() -> str:
    return _("What the class gets wrong most")


def no_mistakes_yet() -> str:
    return _("No named mistakes yet.")


def mistake_line(name: str, children: int, times: int, kind: str) -> str:
    """A mistake the class makes: who made it, how often, in which kind of puzzle."""
    who = ngettext("{n} child", "{n} children", children).format(n=children)
    how_often = _("once") if times == 1 else ngettext("{n} time", "{n} times", times).format(n=times)
    return _("**{mistake}** — {who}, {how_often} · in *{kind}*").format(
        mistake=name, who=who, how_often=how_often, kind=kind)


def show_example() -> str:
    return _("Show an example on the projector")


def who_is_stuck() -> str:
    return _("Who is stuck")


def nobody_stuck() -> str:
    return _("Nobody is stuck on a trap: no child has missed one three times in a row.")


def stuck_line(nickname_html: str, trap_html: str, wrong: int) -> str:
    """A child stuck on a trap (their nickname and the trap already made safe as HTML)."""
    return ngettext("<b>{nickname}</b> is stuck on a trap: {trap} ({n} wrong in a row)",
                    "<b>{nickname}</b> is stuck on a trap: {trap} ({n} wrong in a row)",
                    wrong).format(nickname=nickname_html, trap=trap_html, n=wrong)


def show_contrast() -> str:
    return _("Show a contrast pair on the projector")


def download_answers() -> str:
    return _("Download all answers (CSV)")


def removed() -> str:
    return _("Removed, with all their answers.")


def type_name_to_delete() -> str:
    return _("Type the class name exactly as it stands at the top of this page to delete the class.")


def deleted() -> str:
    return _("The class is deleted: its children, their answers and games are gone.")


def lost_page_or_code() -> str:
    return _("A printed report or a learner code went astray")


def lost_page_or_code_help() -> str:
    return _("A report for home signs its child in with a code of its own, for their practice and progress only, "
             "for a term. Switch off a child's printed sign-ins, or give the child a new learner code: it keeps "
             "all their answers, and the old code and printed sign-ins stop working.")


def child_with_passes(nickname: str, code: str, passes: int) -> str:
    """A child to choose, with how many of their printed sign-ins still work."""
    return ngettext("{nickname} ({code}) · {n} printed sign-in", "{nickname} ({code}) · {n} printed sign-ins",
                    passes).format(nickname=nickname, code=code, n=passes)


def switch_off_printed() -> str:
    return _("Switch off their printed sign-ins")


def new_code() -> str:
    return _("Give a new learner code")


def choose_a_child_first() -> str:
    return _("Choose a child first.")


def switched_off(count: int) -> str:
    return ngettext("{n} printed sign-in switched off. The learner code still works.",
                    "{n} printed sign-ins switched off. The learner code still works.", count).format(n=count)


def new_code_given(nickname: str, code: str) -> str:
    return _("{nickname}'s new learner code is {code}, with all their answers. The old code and their printed "
             "sign-ins no longer work: give them the new code, or print a new card or report.").format(
        nickname=nickname, code=code)


def remove_or_delete() -> str:
    return _("Remove a child or delete the class")


def child() -> str:
    return _("Child")


def child_choice(nickname: str, code: str) -> str:
    return _("{nickname} ({code})").format(nickname=nickname, code=code)


def choose_a_child() -> str:
    return _("Choose a child")


def remove_child() -> str:
    return _("Remove this child and all their answers")


def type_its_name() -> str:
    return _("To delete the whole class, type its name")


def delete_class() -> str:
    return _("Delete the class and everything in it")


def deleting_keeps_nothing() -> str:
    return _("Deleting keeps nothing: the class, its children, their answers, games and lessons.")


# ----- an old teacher link (its key in the address) -----


def old_link_title() -> str:
    return _("Your class is one tap away")


def old_link_note() -> str:
    return _("This link is from an older teacher card. Its key has been taken out of the address; "
             "this browser keeps it for you.")


def old_link_open() -> str:
    return _("Open my class")
