"""What a learner's own recent answers say about one trap: which trap a teaching's drill was for, and how
often a trap has lately been this learner's mistake on puzzles that set it without the others a wrong
answer also fits. Pure functions of the stored answers, so a rebuilt learner says the same."""

from __future__ import annotations

from collections.abc import Sequence

from trainer.learning.attempt import Attempt, attempt_traps
from trainer.learning.states import ReviewMode

LIKELY_REACH, LIKELY_ANSWERS = 80, 6
"""Which of several traps a wrong answer fits is named from the learner's last 6 answers (within their
last 80) to puzzles that set it alone."""

TEACHING_REACH = 40
"""How far back (in answers) a drill's answer looks for the missed puzzle it was taught from."""


def taught_trap(attempts: Sequence[Attempt], drill: Attempt) -> str | None:
    """The trap a drill answer (the last of ``attempts``) was taught for: the one the missed puzzle it comes
    from was wrong by (the mistake the child was told about), when the drill exposes it; else the trap the
    drill was made to set first."""
    traps = attempt_traps(drill)
    for earlier in reversed(attempts[-TEACHING_REACH:-1]):
        if earlier.code == drill.origin and not earlier.correct and earlier.review is not ReviewMode.DRILL:
            if earlier.mistake in traps:
                return earlier.mistake
            break
    return traps[0] if traps else None


def held_lately(attempts: Sequence[Attempt], trap: str, among: tuple[str, ...]) -> float:
    """How often the learner's last answers to puzzles setting ``trap`` but none of the other traps of
    ``among`` were wrong by it (its share, with one right and one wrong added: 0.5 with none)."""
    others = set(among) - {trap}
    wrong = seen = 0
    for a in reversed(attempts[-LIKELY_REACH:]):
        traps = attempt_traps(a) if not a.hinted else ()
        if trap in traps and not others.intersection(traps):
            seen += 1
            wrong += not a.correct and a.mistake == trap
            if seen == LIKELY_ANSWERS:
                break
    return (wrong + 1) / (seen + 2)
