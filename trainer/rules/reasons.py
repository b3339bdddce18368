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

    # the layout and its tiles
    HALVES_NOT_NUMBERS = "halves-not-numbers"
    """A tile made of something other than two whole numbers."""
    HALF_OUT_OF_RANGE = "half-out-of-range"
    """``low``, ``high``: a half outside 0–6."""
    HALVES_ORDER = "halves-order"
    """``low``, ``high``: a tile built with its larger half first."""
    NOT_A_DOMINO = "not-a-domino"
    """``shown``: text (quoted) that is not a tile."""
    NOT_A_DOMINO_HALF = "not-a-domino-half"
    """``shown``: a tile's text with a half outside 0–6."""
    HAS_NO_NUMBER = "has-no-number"
    """``tile`` does not show ``number``."""
    NOT_A_PLAY = "not-a-play"
    """``shown``: a value that is not a play."""
    EMPTY_PLAY = "empty-play"
    """An empty play."""
    TWO_MARKS = "two-marks"
    """``shown``: a play with two marks."""
    MISSING_TILE_BESIDE = "missing-tile-beside"
    """``shown``: nothing before ``^``."""
    MISSING_SNIFF = "missing-sniff"
    """``shown``: nothing after ``^``."""
    MISSING_TILE = "missing-tile"
    """``shown``: nothing before ``>``."""
    MISSING_TARGET = "missing-target"
    """``shown``: nothing after ``>``."""
    AGAINST_ITSELF = "against-itself"
    """``tile`` played on itself."""
    WHICH_SNIFF = "which-sniff"
    """``tile`` beside no tile (``double``: an example)."""
    BESIDE_NOT_DOUBLE = "beside-not-double"
    """``tile`` beside ``target``, which is not a double."""
    AT_PLAY = "at-play"
    """``index``, ``token``: a play of a record; ``message``, ``why``, ``inner``: its own error."""
    ON_TABLE_IN_HAND = "on-table-in-hand"
    """``tile`` is both on the table and in a hand."""
    ON_TABLE = "on-table"
    """``tile`` is played a second time."""
    HAS_A_LEAD = "has-a-lead"
    """``tile`` played alone after the lead ``lead``."""
    EMPTY_LAYOUT = "empty-layout"
    """``tile`` played on a tile of an empty layout."""
    NO_TARGET = "no-target"
    """``target`` is not on the table."""
    BESIDE_ONLY_SNIFF = "beside-only-sniff"
    """``tile`` beside ``target`` in another game."""
    NOT_THE_SNIFF = "not-the-sniff"
    """``target``, a double, is not the sniff."""
    NO_NUMBER_BESIDE = "no-number-beside"
    """``tile`` lacks ``number``, the sniff ``target``'s half."""
    SNIFF_SIDES_TAKEN = "sniff-sides-taken"
    """The sniff ``target`` has a tile on both sides."""
    NO_MATCH = "no-match"
    """``tile`` shares no number with ``target``."""
    ON_BESIDE = "on-beside"
    """``target`` lies beside the sniff."""
    END_COVERED = "end-covered"
    """The ``number`` of ``target`` is covered."""
    SNIFF_ENDS_COVERED = "sniff-ends-covered"
    """The sniff's ends are taken, not its sides."""
    SNIFF_FULL = "sniff-full"
    """Nothing more goes on the sniff ``target``."""
    SPINNER_FULL = "spinner-full"
    """Nothing more goes on the spinner ``target``."""
    DOUBLE_COVERED_MUGGINS = "double-covered-muggins"
    """A covered double in Muggins."""
    DOUBLE_COVERED_ALL_FIVES = "double-covered-all-fives"
    """A covered double, not the spinner, in All Fives."""
    DOUBLE_COVERED_CROSSWISE = "double-covered-crosswise"
    """A covered double, not the sniff, in crosswise Sniff."""
    DOUBLE_COVERED_SNIFF = "double-covered-sniff"
    """A covered double, not the sniff, in Sniff."""
    DOUBLE_COVERED = "double-covered"
    """A covered double."""
    TWICE_IN_HAND = "twice-in-hand"
    """``tile`` twice in a hand."""

    # games, rule sets and moves
    NOT_A_MOVE = "not-a-move"
    """``shown``: a value that is not a move."""
    CLAIM_NUMBER = "claim-number"
    """A claim without a whole number."""
    NOT_AN_ENDING = "not-an-ending"
    """``shown``: no such ending."""
    DOMINO_NEEDS_PLAYER = "domino-needs-player"
    """A dominoed hand with no one out."""
    GAME_PLAYERS = "game-players"
    """A game for another number of players."""
    GAME_OVER = "game-over"
    """A move after the game ended."""
    NO_WINNER = "no-winner"
    """``hands``: a game that did not end."""
    UNKNOWN_GAME = "unknown-game"
    """``shown``: no such variant (``names``: the ones there are)."""
    PER_COUNT_MAPPING = "per-count-mapping"
    """``name``: an option by player count lacking one."""
    PER_COUNT = "per-count"
    """``name``: an option that is not a number."""
    PER_COUNT_THREE = "per-count-three"
    """``name``: an option with other than three numbers."""
    TOO_MANY_TILES = "too-many-tiles"
    """``players``, ``size``: a deal too big for the set."""
    TARGET_POSITIVE = "target-positive"
    """A target of 0 or less."""
    NOT_A_CHOICE = "not-a-choice"
    """``shown``: not one of ``allowed`` for the option ``name``."""
    RESERVE = "reserve"
    """Another boneyard reserve."""
    RULESET_PLAYERS = "ruleset-players"
    """Seats other than 2, 3 or 4."""
    YES_OR_NO = "yes-or-no"
    """``name``: a flag that is not a bool."""
    ONLY_FOR = "only-for"
    """``only``: the numbers of players the game is for."""
    NOT_A_PRESET = "not-a-preset"
    """``shown``: no such preset."""
    LAYOUT_SIZE = "layout-size"
    """A random layout of another size."""


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
    Reason.HALVES_NOT_NUMBERS: "A domino's halves are whole numbers from 0 to 6.",
    Reason.HALF_OUT_OF_RANGE: "{low}-{high} is not a domino: each half is a number from 0 to 6.",
    Reason.HALVES_ORDER: "Write {low}-{high} as {high}-{low}, or use Tile.parse.",
    Reason.NOT_A_DOMINO: "{shown} is not a domino: write it like 1-4.",
    Reason.NOT_A_DOMINO_HALF: "{shown} is not a domino: each half is a number from 0 to 6.",
    Reason.HAS_NO_NUMBER: "{tile} has no {number}.",
    Reason.NOT_A_PLAY: "{shown} is not a play: write it like 3-4>4-4.",
    Reason.EMPTY_PLAY: "That play is empty: write it like 3-4>4-4.",
    Reason.TWO_MARKS: "{shown} has more than one '>' or '^': write a play like 3-4>4-4.",
    Reason.MISSING_TILE_BESIDE: "{shown} is missing the tile to play, before the '^'.",
    Reason.MISSING_SNIFF: "{shown} is missing the sniff to play beside, after the '^'.",
    Reason.MISSING_TILE: "{shown} is missing the tile to play, before the '>'.",
    Reason.MISSING_TARGET: "{shown} is missing the tile to play on, after the '>'.",
    Reason.AGAINST_ITSELF: "{tile} cannot be played against itself.",
    Reason.WHICH_SNIFF: "Say which sniff {tile} goes beside, like {tile}^{double}.",
    Reason.BESIDE_NOT_DOUBLE: "{target} is not a double: only the sniff takes a tile beside it. Write {tile}>{target}.",
    Reason.AT_PLAY: "Play {index} ({token}): {message}",
    Reason.ON_TABLE_IN_HAND: "{tile} is already on the table, so it cannot be in a hand.",
    Reason.ON_TABLE: "{tile} is already on the table.",
    Reason.HAS_A_LEAD: "The layout already has a lead: say where {tile} goes, like {tile}>{lead}.",
    Reason.EMPTY_LAYOUT: "The layout is empty: the first play is a tile alone, like {tile}.",
    Reason.NO_TARGET: "There is no {target} on the table to play {tile} on.",
    Reason.BESIDE_ONLY_SNIFF: "Only in Sniff does a tile go beside a double ({tile}^{target}): write {tile}>{target}.",
    Reason.NOT_THE_SNIFF: "{target} is not the sniff: only the first double takes tiles beside it.",
    Reason.NO_NUMBER_BESIDE: "{tile} has no {number}, so it cannot go beside {target}.",
    Reason.SNIFF_SIDES_TAKEN: "Both long sides of the sniff {target} already have their tile.",
    Reason.NO_MATCH: "{tile} does not match any open end of {target}.",
    Reason.ON_BESIDE: "{target} is beside the sniff: nothing can be set on it.",
    Reason.END_COVERED: "The {number} end of {target} is already covered.",
    Reason.SNIFF_ENDS_COVERED: "Both ends of the sniff {target} are covered; a tile can still go beside it: "
                               "{tile}^{target}.",
    Reason.SNIFF_FULL: "Both ends and both long sides of the sniff {target} are taken.",
    Reason.SPINNER_FULL: "All four sides and ends of the spinner {target} are taken.",
    Reason.DOUBLE_COVERED_MUGGINS: "Both sides of {target} are covered, and in Muggins no double is a spinner.",
    Reason.DOUBLE_COVERED_ALL_FIVES: "Both sides of {target} are covered, and it is not the spinner: "
                                     "in All Fives only the first double spins.",
    Reason.DOUBLE_COVERED_CROSSWISE: "Both sides of {target} are covered, and it is not the sniff: "
                                     "only the first double spins.",
    Reason.DOUBLE_COVERED_SNIFF: "Both sides of {target} are covered: only the sniff, the first double, takes more.",
    Reason.DOUBLE_COVERED: "Both sides of {target} are covered.",
    Reason.TWICE_IN_HAND: "{tile} is in the hand twice: a set has only one of each tile.",
    Reason.NOT_A_MOVE: "{shown} is not a move: play a tile, draw or pass.",
    Reason.CLAIM_NUMBER: "Announce a score as a whole number, like 'claim 3'.",
    Reason.NOT_AN_ENDING: "{shown} is not a way for a hand to end.",
    Reason.DOMINO_NEEDS_PLAYER: "A dominoed hand needs the player who went out.",
    Reason.GAME_PLAYERS: "A game is for 2, 3 or 4 players.",
    Reason.GAME_OVER: "The game is over: start a new one.",
    Reason.NO_WINNER: "No winner after {hands} hands.",
    Reason.UNKNOWN_GAME: "{shown} is not a game we know: choose one of {names}.",
    Reason.PER_COUNT_MAPPING: "{name} needs a whole number for 2, 3 and 4 players.",
    Reason.PER_COUNT: "{name} must be a whole number, or one for 2, 3 and 4 players.",
    Reason.PER_COUNT_THREE: "{name} needs three numbers: for 2, 3 and 4 players.",
    Reason.TOO_MANY_TILES: "{players} players cannot each get {size} tiles from one set of 28.",
    Reason.TARGET_POSITIVE: "The target must be a positive score.",
    Reason.NOT_A_CHOICE: "{shown} is not a choice for {name}: use one of {allowed}.",
    Reason.RESERVE: "The boneyard reserve is 0, 1 or 2 tiles.",
    Reason.RULESET_PLAYERS: "A rule set is for 2, 3 or 4 players.",
    Reason.YES_OR_NO: "{name} is yes or no (True or False).",
    Reason.ONLY_FOR: "This game is for {only} players.",
    Reason.NOT_A_PRESET: "{shown} is not a preset: choose one of {names}.",
    Reason.LAYOUT_SIZE: "A layout has 1 to 28 tiles.",
}
"""How each reason is said, with its fields in braces."""


def say(reason: Reason | str, **fields: object) -> str:
    """The sentence for ``reason`` with its ``fields`` filled in (``Reason.RULE`` has no words of its
    own: its ``message`` field is the sentence)."""
    words = _WORDS.get(Reason(reason))
    if words is None:
        return str(fields.get("message", "That is not allowed by the rules."))
    return words.format(**fields)
