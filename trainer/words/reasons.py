"""Why a move or a play is not allowed, said for a person: every :class:`~trainer.rules.Reason`.

The engine raises :class:`~trainer.rules.IllegalPlay` with a reason code and its fields (its own
``str()`` stays in English, for programs and logs); a page shows :func:`error_words` instead, in the
reader's language.

>>> from trainer.rules import IllegalPlay, Layout, Reason
>>> reason_words(Reason.NOT_IN_HAND, tile="3-4", player=0)
"3-4 is not in player 0's hand."
>>> try:
...     Layout.from_record("1-4 5-6>1-4", variant="muggins")
... except IllegalPlay as err:
...     error_words(err)
'Play 2 (5-6>1-4): 5-6 does not match any open end of 1-4.'
"""

from __future__ import annotations

from typing import Any

from trainer.rules import IllegalPlay, Reason
from trainer.words import N_, _, said

REASONS: dict[Reason, str] = {
    Reason.PLAYERS: N_("A hand is for 2, 3 or 4 players."),
    Reason.NOT_AT_TABLE: N_("Player {player} is not at this table."),
    Reason.DEALT_TWICE: N_("A tile is dealt twice: every tile is in one place only."),
    Reason.LEADER_LACKS: N_("The leader does not hold {tile}."),
    Reason.START_SCORES: N_("start_scores needs one score for each side."),
    Reason.HAND_OVER: N_("The hand is over: no more moves."),
    Reason.NOT_YOUR_TURN: N_("It is player {turn_of}'s turn, not player {player}'s."),
    Reason.CALL_FIRST: N_("First say whether you call Muggins! on the missed score."),
    Reason.NO_MISSED_SCORE: N_("There is no missed score to call Muggins! on."),
    Reason.CLAIM_FIRST: N_("First say what your play scored (the muggins call)."),
    Reason.NOT_A_SCORE: N_("{points} is not a score a play can make."),
    Reason.NOTHING_TO_CLAIM: N_("There is no score to announce now."),
    Reason.NOT_IN_HAND: N_("{tile} is not in player {player}'s hand."),
    Reason.PLAY_DRAWN: N_("{tile} was just drawn and fits, so it must be played now."),
    Reason.HIGHEST_DOUBLE_LEADS: N_("The hand must start with the highest double, {tile}."),
    Reason.PASS_THE_LEAD: N_("No tile in this hand can lead (a double, or one that scores by itself): pass the lead."),
    Reason.CANNOT_LEAD: N_("{tile} can't lead: lead with a double or a tile that scores by itself, like 1-4."),
    Reason.MUST_DRAW: N_("Nothing in this hand fits: draw from the boneyard."),
    Reason.NOT_ALLOWED_NOW: N_("{play} is not allowed now."),
    Reason.BONEYARD_EMPTY: N_("The boneyard has nothing left to draw."),
    Reason.NO_DRAW_WITH_A_FIT: N_("A tile in this hand fits, so drawing is not allowed: play it."),
    Reason.LEAD_INSTEAD: N_("A tile in this hand can lead: lead with it."),
    Reason.NO_PASS: N_("Passing is only allowed when nothing fits and nothing can be drawn."),
    Reason.HALVES_NOT_NUMBERS: N_("A domino's halves are whole numbers from 0 to 6."),
    Reason.HALF_OUT_OF_RANGE: N_("{low}-{high} is not a domino: each half is a number from 0 to 6."),
    Reason.HALVES_ORDER: N_("Write {low}-{high} as {high}-{low}, or use Tile.parse."),
    Reason.NOT_A_DOMINO: N_("{shown} is not a domino: write it like 1-4."),
    Reason.NOT_A_DOMINO_HALF: N_("{shown} is not a domino: each half is a number from 0 to 6."),
    Reason.HAS_NO_NUMBER: N_("{tile} has no {number}."),
    Reason.NOT_A_PLAY: N_("{shown} is not a play: write it like 3-4>4-4."),
    Reason.EMPTY_PLAY: N_("That play is empty: write it like 3-4>4-4."),
    Reason.TWO_MARKS: N_("{shown} has more than one '>' or '^': write a play like 3-4>4-4."),
    Reason.MISSING_TILE_BESIDE: N_("{shown} is missing the tile to play, before the '^'."),
    Reason.MISSING_SNIFF: N_("{shown} is missing the sniff to play beside, after the '^'."),
    Reason.MISSING_TILE: N_("{shown} is missing the tile to play, before the '>'."),
    Reason.MISSING_TARGET: N_("{shown} is missing the tile to play on, after the '>'."),
    Reason.AGAINST_ITSELF: N_("{tile} cannot be played against itself."),
    Reason.WHICH_SNIFF: N_("Say which sniff {tile} goes beside, like {tile}^{double}."),
    Reason.BESIDE_NOT_DOUBLE: N_("{target} is not a double: only the sniff takes a tile beside it. "
        "Write {tile}>{target}."),
    Reason.AT_PLAY: N_("Play {index} ({token}): {message}"),
    Reason.ON_TABLE_IN_HAND: N_("{tile} is already on the table, so it cannot be in a hand."),
    Reason.ON_TABLE: N_("{tile} is already on the table."),
    Reason.HAS_A_LEAD: N_("The layout already has a lead: say where {tile} goes, like {tile}>{lead}."),
    Reason.EMPTY_LAYOUT: N_("The layout is empty: the first play is a tile alone, like {tile}."),
    Reason.NO_TARGET: N_("There is no {target} on the table to play {tile} on."),
    Reason.BESIDE_ONLY_SNIFF: N_("Only in Sniff does a tile go beside a double ({tile}^{target}): write "
        "{tile}>{target}."),
    Reason.NOT_THE_SNIFF: N_("{target} is not the sniff: only the first double takes tiles beside it."),
    Reason.NO_NUMBER_BESIDE: N_("{tile} has no {number}, so it cannot go beside {target}."),
    Reason.SNIFF_SIDES_TAKEN: N_("Both long sides of the sniff {target} already have their tile."),
    Reason.NO_MATCH: N_("{tile} does not match any open end of {target}."),
    Reason.ON_BESIDE: N_("{target} is beside the sniff: nothing can be set on it."),
    Reason.END_COVERED: N_("The {number} end of {target} is already covered."),
    Reason.SNIFF_ENDS_COVERED: N_("Both ends of the sniff {target} are covered; a tile can still go "
        "beside it: {tile}^{target}."),
    Reason.SNIFF_FULL: N_("Both ends and both long sides of the sniff {target} are taken."),
    Reason.SPINNER_FULL: N_("All four sides and ends of the spinner {target} are taken."),
    Reason.DOUBLE_COVERED_MUGGINS: N_("Both sides of {target} are covered, and in Muggins no double is a spinner."),
    Reason.DOUBLE_COVERED_ALL_FIVES: N_("Both sides of {target} are covered, and it is not the spinner: in All "
        "Fives only the first double spins."),
    Reason.DOUBLE_COVERED_CROSSWISE: N_("Both sides of {target} are covered, and it is not the sniff: only the "
        "first double spins."),
    Reason.DOUBLE_COVERED_SNIFF: N_("Both sides of {target} are covered: only the sniff, the first double, "
        "takes more."),
    Reason.DOUBLE_COVERED: N_("Both sides of {target} are covered."),
    Reason.TWICE_IN_HAND: N_("{tile} is in the hand twice: a set has only one of each tile."),
    Reason.NOT_A_MOVE: N_("{shown} is not a move: play a tile, draw or pass."),
    Reason.CLAIM_NUMBER: N_("Announce a score as a whole number, like 'claim 3'."),
    Reason.NOT_AN_ENDING: N_("{shown} is not a way for a hand to end."),
    Reason.DOMINO_NEEDS_PLAYER: N_("A dominoed hand needs the player who went out."),
    Reason.GAME_PLAYERS: N_("A game is for 2, 3 or 4 players."),
    Reason.GAME_OVER: N_("The game is over: start a new one."),
    Reason.NO_WINNER: N_("No winner after {hands} hands."),
    Reason.UNKNOWN_GAME: N_("{shown} is not a game we know: choose one of {names}."),
    Reason.PER_COUNT_MAPPING: N_("{name} needs a whole number for 2, 3 and 4 players."),
    Reason.PER_COUNT: N_("{name} must be a whole number, or one for 2, 3 and 4 players."),
    Reason.PER_COUNT_THREE: N_("{name} needs three numbers: for 2, 3 and 4 players."),
    Reason.TOO_MANY_TILES: N_("{players} players cannot each get {size} tiles from one set of 28."),
    Reason.TARGET_POSITIVE: N_("The target must be a positive score."),
    Reason.NOT_A_CHOICE: N_("{shown} is not a choice for {name}: use one of {allowed}."),
    Reason.RESERVE: N_("The boneyard reserve is 0, 1 or 2 tiles."),
    Reason.RULESET_PLAYERS: N_("A rule set is for 2, 3 or 4 players."),
    Reason.YES_OR_NO: N_("{name} is yes or no (True or False)."),
    Reason.ONLY_FOR: N_("This game is for {only} players."),
    Reason.NOT_A_PRESET: N_("{shown} is not a preset: choose one of {names}."),
    Reason.LAYOUT_SIZE: N_("A layout has 1 to 28 tiles."),
}
"""How each reason is said, with its fields in braces (marked for the catalogue; said by :func:`reason_words`)."""


def reason_words(reason: Reason | str, **fields: Any) -> str:
    """The sentence for ``reason`` with its ``fields`` filled in, in the reader's language."""
    try:
        code = Reason(reason)
    except ValueError:
        code = Reason.RULE
    if code is Reason.AT_PLAY:
        inner = fields.get("inner", Reason.RULE.value)
        inner_said = reason_words(inner, **{"message": fields.get("message", ""), **fields.get("inner_fields", {})})
        return said(REASONS[code]).format(**{**fields, "message": inner_said})
    template = REASONS.get(code)
    if template is None:  # a rule with no code of its own: its message is all there is
        return str(fields.get("message") or _("That is not allowed by the rules."))
    return said(template).format(**fields)


def error_words(err: IllegalPlay) -> str:
    """What an engine error says, in the reader's language (its English ``str()`` for an error
    without a reason code)."""
    if err.reason is Reason.RULE or (err.reason is not Reason.AT_PLAY and not err.fields and "{" in REASONS.get(
            err.reason, "")):
        return str(err)
    return reason_words(err.reason, **{"message": str(err), **err.fields})
