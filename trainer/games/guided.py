"""A guided game: the learner (seat 0) against computer players, narrated move by move.

Pure Python: the Play page only draws this and forwards the learner's choices.
"""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from puzzles.responses import read_tap
from trainer.bots import BotLevel, make_bot, suggest
from trainer.bots.hints import Suggestion
from trainer.bots.players import Bot
from trainer.games.news import News, Placed, Scored, news_since
from trainer.games.rulesets import base_rules
from trainer.games.story import Story, settlement_lines, working
from trainer.learning.transfer import Decision, decide
from trainer.rules import (
    DRAW,
    LET_GO,
    MUGGINS,
    PASS,
    Action,
    Claim,
    EndKind,
    Game,
    HandResult,
    IllegalPlay,
    Layout,
    MugginsCall,
    Phase,
    Play,
    PlayerView,
    Reason,
    RuleSet,
    Unit,
    parse_action,
)
from trainer.words import _, language, narration
from trainer.words.games import BOT_TITLES, GAME_SOURCES, GAME_TITLES, GUIDANCE_TITLES, game_name
from trainer.words.narration import seat_name
from trainer.words.reasons import error_words

NAMES = narration.NAMES
GUIDANCE = ("off", "playable", "where", "suggest")
BOT_LEVELS = tuple(BotLevel)
"""The computer players' levels, in the order the Play page offers them."""


def possessive(name: str) -> str:
    """``"Your"`` for the learner, ``"Leo's"`` for the others."""
    return _("Your") if name == seat_name(0) else _("{name}'s").format(name=name)


_MOST_AT_AN_END = {EndKind.END: 6, EndKind.BESIDE: 6, EndKind.DOUBLE: 12, EndKind.SNIFF_END: 12}
"""The most each kind of open end can add to the total (:attr:`OpenEnd.kind <trainer.rules.OpenEnd.kind>`)."""


def claim_choices(layout: Layout, rules: RuleSet) -> list[int]:
    """Every score a player may say after a play: no score, and each score up to the most the layout's
    open ends could count, so the buttons do not give the score away."""
    most = sum(_MOST_AT_AN_END.get(end.kind, 0) for end in layout.open_ends)
    return [rules.points(total) for total in range(0, most + 1, 5)]


NEXT_HAND = "next-hand"
"""The move that deals the next hand after a settlement (in :attr:`GuidedGame.moves`)."""
FORGETFUL = 0.35
"""How often Beginner computer players forget to call their score (with the muggins call on)."""


@dataclass(frozen=True)
class Setup:
    """What the learner chose before the game."""

    game: str = "muggins"
    """A stage (``"muggins"``, ``"all-fives"``, ``"five-up"``: the learning rules) or a preset from
    docs/rules.md as ``"preset:<id>"`` (a bare preset id that is not a stage works too)."""
    players: int = 2
    partners: bool = True
    bot_level: BotLevel = BotLevel.GREEDY
    """How strong the computer players are (a saved game keeps its word: :meth:`from_record`)."""
    guidance: str = "where"
    muggins_call: bool = False
    seed: int = 0

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Setup:
        """The setup of a saved game (:meth:`GuidedGame.state`), whose level is its word. ``TypeError``
        for a field that is not a setup's, ``ValueError`` for a level that is none."""
        values = dict(record)
        if "bot_level" in values:
            values["bot_level"] = BotLevel.parse(str(values["bot_level"]))
        return cls(**values)

    def to_record(self) -> dict[str, Any]:
        """The JSON-ready record :meth:`from_record` reads (the level as its word)."""
        return {**asdict(self), "bot_level": self.bot_level.value}

    def rules(self) -> RuleSet:
        base = base_rules(self.game)
        if not self.muggins_call:
            call = MugginsCall.OFF
        else:  # the game's own call (a preset's), or the strict one for a game without
            call = base.muggins_call if base.muggins_call is not MugginsCall.OFF else MugginsCall.STRICT
        return base.with_options(teams=self.partners, muggins_call=call)

    def check(self) -> None:
        if self.players not in (2, 3, 4):
            raise ValueError(_("Play with 2, 3 or 4 players."))
        self.rules().check_players(self.players)
        if not isinstance(self.bot_level, BotLevel):
            raise ValueError(_("Choose Beginner, Greedy or Expert computer players."))
        if self.guidance not in GUIDANCE:
            raise ValueError(_("Choose a guidance level."))
        self.rules()

    def seated(self) -> tuple[Setup, str | None]:
        """This setup with a table its game can be played at: a game for four gets computer players to
        fill the table, and the note says so (``None`` when nothing changed)."""
        seats = self.rules().seats
        if self.players in seats:
            return self, None
        fitted = replace(self, players=max(seats))
        return fitted, narration.players_fill(game_name(self.game), fitted.players)


@dataclass
class GuidedGame:
    """The game, the computer players and the story so far."""

    setup: Setup
    game: Game = field(init=False)
    bots: list[Bot | None] = field(init=False)
    rng: random.Random = field(init=False)
    finished: HandResult | None = None
    """The result of a hand that just ended, until the learner moves on."""
    finished_hand: int = -1
    moves: list[str] = field(default_factory=list)
    """The learner's moves so far (action tokens, and ``"next-hand"``): with the setup they rebuild
    the game exactly (:meth:`replay`), so a saved game survives a reload."""
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex, compare=False)
    """This game's own id (a replayed game gets a new one): :class:`GameSaver` tells games apart by it."""
    key: str = field(default_factory=lambda: uuid.uuid4().hex, compare=False)
    """This game's lasting id (kept in :meth:`state`, so a replayed game keeps it): with a move's number it
    names each decision, so a decision sent twice is kept once."""
    decided: list[Decision] = field(default_factory=list, compare=False, repr=False)
    """The learner's decisions not yet taken by the page (:meth:`take_decisions`)."""
    this_hand: list[Decision] = field(default_factory=list, compare=False, repr=False)
    """The learner's decisions in the hand being played (or just finished)."""
    clock: Callable[[], float] = field(default=time.time, compare=False, repr=False)
    past: list[list[str]] = field(default_factory=list, compare=False, repr=False)
    """The story of every hand already moved on from, in order (the game log; :attr:`log` is this hand's)."""
    story_so_far: Story = field(init=False, repr=False)
    """This hand's story, from the learner's seat."""
    told_in: str = field(init=False, default="", compare=False, repr=False)
    """The language its story was told in (:meth:`retold` tells it again in another)."""
    _hint: tuple[tuple[int, int], Suggestion | None] | None = None
    _news_from: tuple[int, int] = (0, 0)
    """Where the learner's last move started (:attr:`move_number` before it): the news is what came after."""

    def __post_init__(self) -> None:
        self.setup.check()
        rules = self.setup.rules()
        self.game = Game(rules, self.setup.players, seed=self.setup.seed)
        forget = FORGETFUL if self.setup.bot_level is BotLevel.BEGINNER else 0.0
        self.bots = [None] + [make_bot(self.setup.bot_level, forget=forget) for _ in range(self.setup.players - 1)]
        self.rng = random.Random(self.setup.seed * 31 + 7)
        self.story_so_far = Story(rules, self.name, self.side_name)
        self.told_in = language()
        self.past = []
        self.advance()

    @property
    def log(self) -> list[str]:
        """This hand's story so far (every line, the learner's own scores told)."""
        return self.story_so_far.log

    @property
    def unscored(self) -> str:
        """The learner's last play told without its score, while the learner is still to call it."""
        return self.story_so_far.unscored

    @property
    def muggins_story(self) -> list[str]:
        """The story as the learner sees it while deciding whether to call Muggins!."""
        return self.story_so_far.muggins_story

    # ----- who is who -----

    @property
    def rules(self) -> RuleSet:
        return self.game.rules

    @property
    def points(self) -> bool:
        return self.rules.unit is Unit.POINTS

    def name(self, player: int) -> str:
        return seat_name(player)

    def side_name(self, side: int) -> str:
        hand = self.game.hand
        members = hand.sides[side]
        if len(members) == 1:
            return self.name(members[0])
        return narration.partners([self.name(p) for p in members])

    @property
    def learner_side(self) -> int:
        return self.game.hand.side_of(0)

    # ----- whose move -----

    @property
    def waiting_for_learner(self) -> bool:
        return self.finished is None and not self.game.is_over and self.game.current_player == 0

    def view(self) -> PlayerView:
        """What the learner (seat 0) may see now."""
        return self.game.hand.view(0)

    def advance(self) -> None:
        """Let the computer players move until it is the learner's turn or the hand ends."""
        guard = 0
        while self.finished is None and not self.game.is_over and self.game.current_player != 0:
            hand = self.game.hand
            player = hand.current_player
            assert player is not None
            bot = self.bots[player]
            assert bot is not None
            action = bot.choose(hand.view(player), self.rng)
            self._apply(action, player)
            guard += 1
            if guard > 500:  # a hand is far shorter than this
                raise RuntimeError("the computer players did not finish the hand")

    def act(self, action: Action | str) -> str | None:
        """The learner's move. Returns a friendly message if it is not allowed (nothing changes)."""
        if not self.waiting_for_learner:
            return narration.your_turn_first()
        try:
            act = parse_action(action)
            start = self.move_number
            decision = decide(self.view(), act, uid=f"{self.key}-{len(self.moves)}", at=self.clock(),
                              game=self.setup.game)
            self._apply(act, 0)
        except IllegalPlay as err:
            if err.reason is Reason.NOT_IN_HAND and err.player == 0:
                return narration.not_in_your_hand(str(err.tile))
            if err.reason is Reason.NOT_YOUR_TURN and err.turn_of is not None:
                return narration.wait_for(self.name(err.turn_of), you=err.turn_of == 0)
            return error_words(err)
        self.moves.append(str(act))
        self._news_from = start
        if decision is not None:
            self.decided.append(decision)
            self.this_hand.append(decision)
        self.advance()
        return None

    def news(self) -> News:
        """The tiles played and the scores made since the learner's last move began (in a new hand: since
        it was dealt), in order (:func:`trainer.games.news.news_since`)."""
        hands, start = self._news_from
        if hands != len(self.game.hands):
            start = 0
        return news_since(self.game.hand, start, mark=f"{self.key}-{len(self.game.hands)}")

    def take_decisions(self) -> list[Decision]:
        """The learner's decisions since the last call (the page keeps them for the learner)."""
        taken, self.decided = self.decided, []
        return taken

    @property
    def move_number(self) -> tuple[int, int]:
        """Where the game is: (hands dealt, moves in this hand). A button remembers it when drawn."""
        return len(self.game.hands), len(self.game.hand.history)

    def act_once(self, action: Action | str, move: tuple[int, int]) -> str | None:
        """:meth:`act` from a button drawn at ``move`` (:attr:`move_number`): a second tap on a button
        whose move has already been made does nothing."""
        if move != self.move_number:
            return None
        return self.act(action)

    def story(self) -> list[str]:
        """What happened, for the page: the learner's own score stays hidden until it is called."""
        if self.unscored and self.log and self.waiting_for_learner and self.view().phase is Phase.CLAIM:
            return self.log[:-1] + [self.unscored]
        if self.muggins_story and self.waiting_for_learner and self.view().phase is Phase.MUGGINS:
            return list(self.muggins_story)
        return list(self.log)

    def act_at(self, tile: str, end: str) -> str | None:
        """A tap on a hand tile, then on an open end (``"1-5:1"``, or ``"4-4^4"`` for the long sides
        of the in-line sniff): a child's reason when the tile does not show that end's number, else
        the play."""
        tap = read_tap({"tile": tile, "end": end})
        if tap.problem or tap.token is None:
            return tap.problem or narration.tap_tile_then_end()
        return self.act(tap.token)

    def next_hand(self) -> None:
        """After the settlement walkthrough: deal on."""
        self.finished = None
        self.past.append(self.story_so_far.new_hand())
        self.this_hand = []
        self.moves.append(NEXT_HAND)
        self._news_from = (-1, 0)  # the news of a new hand: everything since its deal
        self.advance()

    # ----- saving and replaying -----

    def state(self) -> dict[str, Any]:
        """A JSON-ready record of the game: the setup and the learner's moves."""
        return {"setup": self.setup.to_record(), "moves": list(self.moves), "key": self.key}

    @classmethod
    def replay(cls, state: Mapping[str, Any]) -> GuidedGame:
        """Rebuild a game from :meth:`state` (the deal and the computer players are seeded, so
        replaying the learner's moves gives the same game). ``ValueError`` if the record does not fit."""
        try:
            setup = Setup.from_record(state["setup"])
            moves = [str(m) for m in state["moves"]]
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(_("That saved game could not be read.")) from err
        g = cls(setup)
        key = state.get("key")
        if isinstance(key, str) and 0 < len(key) <= 32:
            g.key = key
        for move in moves:
            if move == NEXT_HAND:
                if g.finished is None:
                    raise ValueError(_("That saved game does not fit its deal."))
                g.next_hand()
            elif g.act(move) is not None:
                raise ValueError(_("That saved game does not fit its deal."))
        g.decided = []  # kept when they were made
        return g

    def retold(self) -> GuidedGame:
        """The same game with its story told again in the page's language now (a child who switched language
        mid-game reads every line in it): replayed from :meth:`state`, with the decisions the page has not
        taken yet and the same id, so it is saved as the same game."""
        again = GuidedGame.replay(self.state())
        again.decided, again.game_id = self.decided, self.game_id
        return again

    # ----- applying and narrating -----

    def _apply(self, action: Action, player: int) -> None:
        hand = self.game.hand
        index = len(self.game.hands)
        before = hand.layout
        ev = self.game.apply(action, player=player)
        hand_now = self.game.hands[index - 1]
        self.story_so_far.tell(ev, before, hand_now, self.game)
        if hand_now.is_terminal:
            res = hand_now.result
            assert res is not None
            self.finished = res
            self.finished_hand = index - 1

    def claim_choices(self) -> list[int]:
        """Every score the learner may say after a play: no score, and each score up to the most the
        layout's open ends could count (a plain end at most 6, a double or the sniff's ends at most 12),
        so even six open ends of Five-Up have their 45 and more, and the buttons do not give the score away."""
        return claim_choices(self.view().layout, self.rules)

    # ----- guidance -----

    def playable(self) -> list[str]:
        """The learner's tiles that can be played now."""
        return sorted({str(a.tile) for a in self.view().legal_actions if isinstance(a, Play)})

    def options(self) -> list[tuple[Play, Layout, int]]:
        """Each legal play with the layout after it and what it scores."""
        view = self.view()
        out = []
        for a in view.legal_actions:
            if isinstance(a, Play):
                after = view.layout.play(a)
                total = after.total
                score = self.rules.points(total)
                out.append((a, after, score))
        return out

    def hint(self) -> Suggestion | None:
        """The suggested play for the learner (worked out once per position)."""
        hand = self.game.hand
        key = (len(self.game.hands), len(hand.history))
        if self._hint is None or self._hint[0] != key:
            tip = suggest(self.view(), random.Random(hash(key) & 0xFFFF)) if self.waiting_for_learner else None
            self._hint = (key, tip)
        return self._hint[1]

    # ----- the end of a hand -----

    def settlement_lines(self, res: HandResult) -> list[str]:
        """The walkthrough: remaining tiles, pips, rounding, points and who scores."""
        return settlement_lines(res, self.name, self.side_name, learner=0)


__all__ = [
    "BOT_LEVELS", "BOT_TITLES", "DRAW", "GAME_SOURCES", "GAME_TITLES", "GUIDANCE", "GUIDANCE_TITLES", "LET_GO",
    "MUGGINS", "NAMES", "PASS",
    "Claim", "GuidedGame", "News", "Placed", "Scored", "Setup", "working",
]


@dataclass
class GameSaver:
    """Keeps a learner's game in a store after every move, and only then: it knows which game, at
    which move, it wrote last, so a rerun that changed nothing writes nothing. The store is reached
    through the ``save``/``clear`` callables given to :meth:`sync`."""

    saved: tuple[str, int] | None = None
    """(:attr:`GuidedGame.game_id`, number of the learner's moves) of the game written last."""

    def mark(self, game: GuidedGame) -> None:
        """The game is the one in the store (it was just read from it)."""
        self.saved = (game.game_id, len(game.moves))

    def changed(self, game: GuidedGame | None) -> bool:
        """Whether the store's copy differs from ``game`` (``None``: no game, so a stored one should go)."""
        if game is None:
            return self.saved is not None
        return self.saved != (game.game_id, len(game.moves))

    def sync(self, game: GuidedGame | None, *, save: Callable[[dict], None], clear: Callable[[], None]) -> None:
        """Write ``game`` (``save(game.state())``) if it changed since it was written, or ``clear()`` the
        stored game once there is none. A call that raises leaves it to be tried again."""
        if not self.changed(game):
            return
        if game is None:
            clear()
            self.saved = None
        else:
            save(game.state())
            self.mark(game)
