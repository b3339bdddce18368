"""Practice: the choosers, the line under the title, mastery news, the worked example, the hint, the
feedback and the teaching after a mistake made again."""

from __future__ import annotations

from trainer.words import _, ngettext


def title() -> str:
    return _("Practice")


def no_puzzle() -> str:
    return _("No puzzle could be made just now. Choose another kind of puzzle.")


def as_guest() -> str:
    return _("Practising as a guest · Sign in, and the trainer remembers you")


def as_learner(nickname_html: str) -> str:
    """Who is practising, their nickname already made safe as HTML."""
    return _("Practising as <b>{nickname}</b> · your answers are saved.").format(nickname=nickname_html)


def stage() -> str:
    return _("Stage")


def level() -> str:
    return _("Level")


def puzzle() -> str:
    return _("Puzzle")


def coach_me() -> str:
    return _("Coach me")


def mastered(stage: str, unlocked: str | None) -> str:
    """Mastery news: the stage mastered, and the next one (``None``: the whole path is done)."""
    if unlocked:
        return _("You mastered {stage}! Next up: {next}.").format(stage=stage, next=unlocked)
    return _("You mastered {stage}! That's the whole path!").format(stage=stage)


def practise_more(stage: str) -> str:
    return _("Let's practise {stage} a little more.").format(stage=stage)


def watch_first() -> str:
    return _("**Watch how it works first**")


def example_step(step: int, steps: int) -> str:
    return _("Step {step} of {steps}").format(step=step, steps=steps)


def next_step() -> str:
    return _("Next step")


def my_turn() -> str:
    return _("My turn!")


def puzzle_meta(stage: str, level: int, *, coached: bool, streak: int) -> str:
    """The line above the puzzle: its stage and level, whether the coach chose it, the streak."""
    parts = [_("{stage} · level {level}").format(stage=stage, level=level)]
    if coached:
        parts.append(_("chosen by your coach"))
    if streak >= 2:
        parts.append(":material/local_fire_department: " + ngettext(
            "{n} right in a row", "{n} right in a row", streak).format(n=streak))
    return " · ".join(parts)


def puzzle_code(code: str, link: str) -> str:
    """The puzzle's code and its link (Markdown; ``link`` is the address that opens it)."""
    return _("Puzzle code **{code}** · [link to this puzzle]({link})").format(code=code, link=link)


def on_the_projector() -> str:
    return _("Show it on the projector")


def hint(text: str) -> str:
    return _("**Hint:** {hint}").format(hint=text)


def hint_button() -> str:
    return _("Hint")


def hint_help() -> str:
    return _("Shows the first step. A hinted answer does not count toward mastery.")


def hinted() -> str:
    return _("You used a hint: this one does not count toward mastery.")


def every_step() -> str:
    return _("Show every step")


def level_up() -> str:
    return _("Great run — level up!")


def easier() -> str:
    return _("Let's try an easier one.")


def try_again() -> str:
    return _("Try again")


def next_puzzle() -> str:
    return _("Next puzzle")


def similar() -> str:
    return _("Try a similar one")


def look_together() -> str:
    return _("Let's look at this together")


def i_see() -> str:
    return _("I see!")


def watch() -> str:
    return _("Watch how it works")
