"""Why a move in a hand is not allowed: a reason code with fields, and the words that say it.

The engine decides the reason (:class:`Reason` and the fields it needs); :func:`say` phrases it
for a person. A page that wants its own words reads ``err.reason`` and ``err.fields`` instead.

>>> say(Reason.NOT_IN_HAND, tile="3-4", player=0)
"3-4 is not in player 0's hand."
>>> say(Reason.NOT_YOUR_TURN, player=1, turn_of=0)
"It is player 0's turn, not player 1's."
"""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """What kind of problem an :class:`~trainer.rules.errors.IllegalPlay` is about."""

    RULE = "rule"
    """Any other rule (the layout's own messages say which)."""
    PLAYERS = "players"
    """A hand is for 2, 3 or 4 players."""
    NOT_AT_TABLE = "not-at-table"
    """``player``: no such seat."""
    DEALT_TWICE = "dealt-twice"
    """A tile is in two places in a deal."""
    LEADER_LACKS = "leader-lacks"
    """``tile``: the tile that must lead is not in the leader's hand."""
    START_SCORES = "start-scores"
    """The scores before the hand do not give one per side."""
    HAND_OVER = "hand-over"
    """The hand is over."""
    NOT_YOUR_TURN = "not-your-turn"
    """``player`` tried to move; it is ``turn_of``'s turn."""
    CALL_FIRST = "call-first"
    """A missed score waits for its muggins call."""
    NO_MISSED_SCORE = "no-missed-score"
    """A muggins call with no missed score."""
    CLAIM_FIRST = "claim-first"
    """The player who just played must announce its score first."""
    NOT_A_SCORE = "not-a-score"
    """``points``: no play can score that."""
    NOTHING_TO_CLAIM = "nothing-to-claim"
    """A claim with no play waiting for one."""
    NOT_IN_HAND = "not-in-hand"
    """``tile`` is not in ``player``'s hand."""
    PLAY_DRAWN = "play-drawn"
    """``tile`` was just drawn and fits: it must be played."""
    HIGHEST_DOUBLE_LEADS = "highest-double-leads"
    """``tile``, the highest double, must lead."""
    PASS_THE_LEAD = "pass-the-lead"
    """No tile in the hand may lead: the lead passes on."""
    CANNOT_LEAD = "cannot-lead"
    """``tile`` may not lead (a double or a tile that scores by itself must)."""
    MUST_DRAW = "must-draw"
    """Nothing fits: the player draws."""
    NOT_ALLOWED_NOW = "not-allowed-now"
    """``play`` is not allowed now (no more to say)."""
    BONEYARD_EMPTY = "boneyard-empty"
    """Nothing is left to draw."""
    NO_DRAW_WITH_A_FIT = "no-draw-with-a-fit"
    """A tile fits, so no drawing."""
    LEAD_INSTEAD = "lead-instead"
    """A pass when a tile may lead."""
    NO_PASS = "no-pass"
    """A pass when something fits or can be drawn."""


_WORDS = {
    Reason.PLAYERS: "A hand is for 2, 3 or 4 players.",
    Reason.NOT_AT_TABLE: "Player {player} is not at this table.",
    Reason.DEALT_TWICE: "A tile is dealt twice: every tile is in one place only.",
    Reason.LEADER_LACKS: "The leader does not hold {tile}.",
    Reason.START_SCORES: "start_scores needs one score for each side.",
    Reason.HAND_OVER: "The hand is over: no more moves.",
    Reason.NOT_YOUR_TURN: "It is player {turn_of}'s turn, not player {player}'s.",
    Reason.CALL_FIRST: "First say whether you call Muggins! on the missed score.",
    Reason.NO_MISSED_SCORE: "There is no missed score to call Muggins! on.",
    Reason.CLAIM_FIRST: "First say what your play scored (the muggins call).",
    Reason.NOT_A_SCORE: "{points} is not a score a play can make.",
    Reason.NOTHING_TO_CLAIM: "There is no score to announce now.",
    Reason.NOT_IN_HAND: "{tile} is not in player {player}'s hand.",
    Reason.PLAY_DRAWN: "{tile} was just drawn and fits, so it must be played now.",
    Reason.HIGHEST_DOUBLE_LEADS: "The hand must start with the highest double, {tile}.",
    Reason.PASS_THE_LEAD: "No tile in this hand can lead (a double, or one that scores by itself): pass the lead.",
    Reason.CANNOT_LEAD: "{tile} can't lead: lead with a double or a tile that scores by itself, like 1-4.",
    Reason.MUST_DRAW: "Nothing in this hand fits: draw from the boneyard.",
    Reason.NOT_ALLOWED_NOW: "{play} is not allowed now.",
    Reason.BONEYARD_EMPTY: "The boneyard has nothing left to draw.",
    Reason.NO_DRAW_WITH_A_FIT: "A tile in this hand fits, so drawing is not allowed: play it.",
    Reason.LEAD_INSTEAD: "A tile in this hand can lead: lead with it.",
    Reason.NO_PASS: "Passing is only allowed when nothing fits and nothing can be drawn.",
}
"""How each reason is said, with its fields in braces."""


def say(reason: Reason | str, **fields: object) -> str:
    """The sentence for ``reason`` with its ``fields`` filled in (``Reason.RULE`` has no words of its
    own: its ``message`` field is the sentence)."""
    words = _WORDS.get(Reason(reason))
    if words is None:
        return str(fields.get("message", "That is not allowed by the rules."))
    return words.format(**fields)
