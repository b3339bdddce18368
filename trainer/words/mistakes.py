"""Named mistakes, as a teacher's report and the class's answer chart say them; and each trap as the
child who fell into it hears it, when their puzzle has no numbers to say it with
(:func:`trainer.words.traps.you_counted_covered` and its kin say it with them).

>>> mistake_name("covered-spinner"), mistake_name(None), mistake_name("some-new-one")
('counted a covered spinner', '', 'some new one')
"""

from __future__ import annotations

from trainer.words import N_, Said

MISTAKE_NAMES = Said({
    "adding": N_("added wrong"),
    "before-play": N_("gave the score before the play"),
    "counted-covered": N_("counted a covered end"),
    "counted-twice": N_("counted an end twice"),
    "covered-double": N_("counted a covered double"),
    "covered-spinner": N_("counted a covered spinner"),
    "double": N_("counted a double once"),
    "double-at-end": N_("missed a double at an end"),
    "double-once": N_("counted a double at an arm end once"),
    "hand-double-once": N_("counted a double in the hand once"),
    "spinner-once": N_("counted a spinner with a free side once"),
    "round-1": N_("rounded 1 past a five up"),
    "round-2": N_("rounded 2 past a five up"),
    "round-3": N_("rounded 3 past a five down"),
    "round-4": N_("rounded 4 past a five down"),
    "empty-spinner-end": N_("counted an empty spinner end"),
    "forgot-covered": N_("forgot a covered end stops counting"),
    "lower-score": N_("chose a play that scores less"),
    "missed-combination": N_("missed a play that makes a five with the other ends"),
    "missed-end": N_("missed an open end"),
    "missed-lowering": N_("missed a play that lowers the total to a five"),
    "missed-tile": N_("missed a tile"),
    "moved-anyway": N_("moved a number that was a five already"),
    "nearest-ten": N_("rounded to a ten"),
    "not-multiple": N_("scored a total that is not a five"),
    "not-rounded": N_("did not round"),
    "on-the-table": N_("used a tile already on the table"),
    "one-five-off": N_("went one five too far"),
    "other": N_("another mistake"),
    "pip-count": N_("counted the pips wrong"),
    "pips-not-points": N_("gave pips, not points"),
    "points-not-rounded": N_("gave points, not the rounded pips"),
    "rounded-down": N_("rounded down, not up"),
    "rounded-up": N_("rounded up, not down"),
    "ten-not-five": N_("went to a ten, not a five"),
    "counted-the-start": N_("counted the starting number as a step"),
    "stopped-short": N_("stopped one short"),
    "tens-not-fives": N_("counted points in tens, not fives"),
    "to-the-five": N_("gave the five, not how many more"),
    "went-down": N_("went down, not up"),
    "went-up": N_("went up, not down"),
})
"""What each named mistake is, for a teacher's report and the class's answer chart."""


def mistake_name(key: str | None) -> str:
    """A mistake for a teacher: ``"counted a covered spinner"`` (``""`` for a right answer)."""
    if not key:
        return ""
    return MISTAKE_NAMES[key] if key in MISTAKE_NAMES else key.replace("-", " ")


TRAP_WORDS = Said({
    "spinner-once": N_("counts a spinner with a free side once (5-5 as 5)"),
    "double-once": N_("counts a double at an arm end once (4-4 as 4)"),
    "covered-spinner": N_("counts a spinner whose sides are both covered"),
    "counted-covered": N_("keeps counting the end a tile was played on"),
    "round-1": N_("rounds 1 past a five up (11 → 15)"),
    "round-2": N_("rounds 2 past a five up (12 → 15)"),
    "round-3": N_("rounds 3 past a five down (13 → 10)"),
    "round-4": N_("rounds 4 past a five down (14 → 10)"),
    "missed-combination": N_("misses a five made without a 5 (4 + 6)"),
    "missed-lowering": N_("misses a play that scores by making the total smaller"),
})
"""Each trap for a teacher, in words."""


def trap_words(trap: str) -> str:
    """A trap (a misconception) for a teacher: ``"counts a covered spinner"``."""
    return TRAP_WORDS[trap] if trap in TRAP_WORDS else trap.replace("-", " ")


YOU_DID = Said({
    "spinner-once": N_("You counted a spinner with a free side once: it counts both halves."),
    "double-once": N_("You counted a double with a free side once: it counts both halves."),
    "covered-spinner": N_("You counted a spinner whose sides are both covered: it counts 0."),
    "counted-covered": N_("You counted an end a tile covers now: it adds nothing."),
    "round-1": N_("You rounded 1 past a five up: 1 and 2 past a five go down."),
    "round-2": N_("You rounded 2 past a five up: 1 and 2 past a five go down."),
    "round-3": N_("You rounded 3 past a five down: 3 and 4 past a five go up."),
    "round-4": N_("You rounded 4 past a five down: 3 and 4 past a five go up."),
    "missed-combination": N_("You missed a play that scores with no 5 on any end, like 4 + 6."),
    "missed-lowering": N_("You missed a play that scores by making the total smaller."),
})
"""What the child did, for each trap, when the puzzle shows no numbers to say it with."""


def you_did(trap: str) -> str:
    """What a child who fell into ``trap`` did, said to them (``""`` for a mistake that names no trap)."""
    return YOU_DID[trap] if trap in YOU_DID else ""
