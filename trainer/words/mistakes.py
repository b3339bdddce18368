"""Named mistakes that are not traps, as a teacher's report and the class's answer chart say them (a trap's
words are on its record: :class:`puzzles.registry.Trap`; :func:`puzzles.traps.mistake_name` names any mistake).

>>> mistake_name("adding"), mistake_name(None), mistake_name("some-new-one")
('added wrong', '', 'some new one')
"""

from __future__ import annotations

from trainer.words import N_, Said

MISTAKE_NAMES = Said({
    "adding": N_("added wrong"),
    "before-play": N_("gave the score before the play"),
    "counted-twice": N_("counted an end twice"),
    "covered-double": N_("counted a covered double"),
    "double": N_("counted a double once"),
    "double-at-end": N_("missed a double at an end"),
    "hand-double-once": N_("counted a double in the hand once"),
    "empty-spinner-end": N_("counted an empty spinner end"),
    "forgot-covered": N_("forgot a covered end stops counting"),
    "lower-score": N_("chose a play that scores less"),
    "missed-end": N_("missed an open end"),
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
"""What each named mistake that is not a trap is, for a teacher's report and the class's answer chart."""


def mistake_name(key: str | None) -> str:
    """A mistake for a teacher: ``"added wrong"`` (``""`` for a right answer)."""
    if not key:
        return ""
    return MISTAKE_NAMES[key] if key in MISTAKE_NAMES else key.replace("-", " ")

