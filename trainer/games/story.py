"""The story of a hand, told as it is played: every play with its working and score, the draws and
passes, the calls, and how the hand ended, from one player's seat (their own moves are "You …", and
their own score stays untold while they are still to call it).

Play a hand tells it from the learner's seat against computer players; a table tells it from each
child's seat, with their classmates' names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from trainer.rules import (
    Ending,
    EndKind,
    Event,
    EventKind,
    Game,
    HandResult,
    HandState,
    Layout,
    MugginsCall,
    Phase,
    RuleSet,
    Settlement,
    Unit,
    play_points,
    round_to_five,
)
from trainer.words import calls, narration
from trainer.words.feedback import sentences

_COUNTED_ENDS = (EndKind.END, EndKind.BESIDE, EndKind.DOUBLE, EndKind.SNIFF_END)
"""The open ends whose number counts in the total (a spinner's empty ends and the sniff's long sides
add 0 whatever their number, so the story leaves them out)."""


def working(layout: Layout) -> str:
    """The sum behind a layout's total, every counted end said, a 0 too: ``"0 + 6 = 6"`` (a bare
    ``"6"`` would leave the 0-end out)."""
    parts = [str(e.value) for e in layout.open_ends if e.kind in _COUNTED_ENDS]
    if not parts:
        return str(layout.total)
    if len(parts) == 1:
        return parts[0]
    return f"{' + '.join(parts)} = {layout.total}"


_AFTER_A_PLAY = (EventKind.PLAY, EventKind.CLAIM, EventKind.MUGGINS, EventKind.LET_GO)
"""The events after which, in the chaining games, the same player may go on."""


@dataclass
class Story:
    """This hand's story from ``viewer``'s seat (``name(seat)`` and ``side_name(side)`` say who is who)."""

    rules: RuleSet
    name: Callable[[int], str] = field(compare=False, repr=False)
    side_name: Callable[[int], str] = field(compare=False, repr=False)
    viewer: int = 0
    log: list[str] = field(default_factory=list)
    unscored: str = ""
    """The viewer's last play told without its score, while they are still to call it."""
    untold: str = ""
    """The last play told without its score, whoever made it: what every seat reads while its player is
    still to say the score (nobody is told the answer before it is called)."""
    muggins_story: list[str] = field(default_factory=list)
    """The story as the viewer sees it while deciding whether to call Muggins!: the missed play and
    its call told without the score (the child counts it)."""
    turns: list[int] = field(default_factory=list)
    """Where in :attr:`log` each move that is a play or a pass is told: what comes after it up to the next (its
    call, a Muggins!, a turn that goes on) belongs to it (:meth:`last_moves`)."""
    _draws: int = 0
    _went_again: bool = False
    """The player whose turn it is has gone again (the chaining games): the story says why it stops."""

    def tell(self, ev: Event, before: Layout, hand: HandState, game: Game) -> None:
        """Add what ``ev`` (made on ``before``, leaving ``hand``) did to the story."""
        if ev.kind in (EventKind.PLAY, EventKind.PASS):
            self.turns.append(len(self.log))
        self._narrate(ev, before, hand)
        if self.rules.chain and not hand.is_terminal and ev.kind in _AFTER_A_PLAY:
            self._chain_words(ev, hand)
        if hand.is_terminal:
            res = hand.result
            assert res is not None
            if self._draws:  # the last tiles drawn fitted nowhere, and the hand blocked on them
                self.log.append(narration.drew_the_last(self.name(ev.player), self._draws))
            self._draws = 0  # the next hand's story starts from nothing
            self._went_again = False
            self.log.append(self._ending_words(res, game))

    def new_hand(self) -> list[str]:
        """Start the next hand's story; returns the one just told."""
        told, self.log, self.turns = self.log, [], []
        return told

    def last_moves(self, lines: int = 3, most: int = 5) -> list[str]:
        """About the last ``lines`` lines of :attr:`log`, never starting in the middle of a move (a call told
        without the play it was made on): from the last move that leaves at least ``lines`` lines, or, where
        that would be more than ``most``, from the first move within the last ``lines``."""
        log = self.log
        if len(log) <= lines:
            return list(log)
        cut = len(log) - lines
        before = [i for i in self.turns if i <= cut]
        after = [i for i in self.turns if cut <= i < len(log)]
        if before and len(log) - before[-1] <= most:
            return log[before[-1]:]
        return log[after[0]:] if after else log[cut:]

    def _chain_words(self, ev: Event, hand: HandState) -> None:
        """The chaining games: the same player goes on after a score or a double, and once a turn that
        went on stops, the story says why."""
        if hand.phase_name is not Phase.TURN:
            return  # a call is still to come
        if hand.current_player == ev.player == hand.cur:
            self.log.append(narration.go_again(self.name(ev.player), you=ev.player == self.viewer))
            self._went_again = True
            return
        if not self._went_again:
            return
        self._went_again = False
        last = next((e for e in reversed(hand.history) if e.kind is EventKind.PLAY), None)
        if last is None or last.play is None:
            return
        who = self.name(last.player)
        at = hand.history.index(last)
        before = hand.history[at - 1] if at else None
        if before is not None and before.kind is EventKind.DRAW and before.player == last.player:
            self.log.append(narration.turn_ends_drawn(who, you=last.player == self.viewer))
        elif last.score == 0 and not last.play.tile.is_double:
            self.log.append(narration.turn_ends_no_score(who, you=last.player == self.viewer))
        else:
            self.log.append(narration.turn_ends_nothing_fits(who, you=last.player == self.viewer))

    def _score_words(self, total: int, score: int) -> str:
        return calls.made(total, score, self.rules.unit)

    def _narrate(self, ev: Event, before: Layout, hand: HandState) -> None:
        who, you = self.name(ev.player), ev.player == self.viewer
        if ev.kind is EventKind.DRAW:
            self._draws += 1  # told together with the play or pass that ends the drawing
            return
        drew = self._draws
        self._draws = 0
        self.unscored = self.untold = ""
        if ev.kind is EventKind.PASS and before.is_empty:
            self.log.append(narration.passed_the_lead(who))
        elif ev.kind is EventKind.PASS:
            self.log.append(narration.passed(who, drew=drew))
        elif ev.kind is EventKind.PLAY:
            play = ev.play
            assert play is not None
            after = before.play(play)
            target = None if play.target is None else str(play.target)
            number = after.placements[-1].number
            self.log.append(narration.played(who, str(play.tile), number, target, working(after),
                                             self._score_words(ev.total, ev.score), beside=play.beside, drew=drew))
            told = narration.played_unscored(who, str(play.tile), number, target, beside=play.beside, drew=drew)
            self.unscored = told if you else ""
            self.untold = told
            if self.rules.muggins_call is MugginsCall.STRICT:  # kept in case the learner may call Muggins! on it
                self.muggins_story = self.log[:-1] + [told]
        elif ev.kind is EventKind.CLAIM:
            missed = hand.pending if hand.phase_name is Phase.MUGGINS and hand.caller >= 0 else 0
            made = self._made(hand)
            unit = self.rules.unit
            if ev.credited:
                self.log.append(calls.called(who, ev.score, unit, you=you))
            elif ev.score == 0 and made:
                self.log.append(calls.learner_said_no_score(made, unit) if you
                                else calls.said_no_score(who, made, unit))
            elif ev.score != made:
                self.log.append(calls.called_wrong(who, ev.score, made, unit, you=you))
            elif ev.score == 0:  # no score said, and none made: told as a right call is
                self.log.append(calls.said_none(who, you=you))
            if missed:  # who may call Muggins! is told while they may (TableGame.told), never after
                # the learner may be the one to call: their story keeps the score for them to count
                self.muggins_story.append(calls.called_only(who, ev.score, unit))
        elif ev.kind is EventKind.MUGGINS:
            self.log.append(calls.took(who, ev.score, self.rules.unit, you=you))
        elif ev.kind is EventKind.LET_GO:
            self.log.append(calls.let_go(who, ev.score, self.rules.unit, you=you))
            if hand.phase_name is Phase.MUGGINS:  # another opponent may still call (muggins_caller="any")
                self.muggins_story.append(calls.did_not_call(who, you=you))  # the next caller counts it too

    @staticmethod
    def _made(hand: HandState) -> int:
        """What the last play scored (for judging a call)."""
        for ev in reversed(hand.history):
            if ev.kind is EventKind.PLAY:
                return ev.score
        return 0

    def _ending_words(self, res: HandResult, game: Game) -> str:
        if res.dominoed:
            assert res.winner is not None
            return narration.domino(self.name(res.winner), you=res.winner == self.viewer)
        if res.blocked:
            return narration.blocked()
        if self.rules.exact_target:
            return narration.target_hit()
        reached = max(range(len(res.sides)), key=lambda side: game.scores[side])
        return narration.target_reached(self.side_name(reached), game.target, self.rules.unit,
                                        you=self.viewer in res.sides[reached])


def settlement_lines(res: HandResult, name: Callable[[int], str], side_name: Callable[[int], str], *,
                     learner: int | None) -> list[str]:
    """The count at the end of a hand: remaining tiles, pips, rounding, points and who scores (``learner``:
    the seat told as "You", if any)."""
    lines = []
    for p, tiles in enumerate(res.hands):
        who = name(p)
        if tiles:
            pips = " + ".join(str(t.pips) for t in tiles)
            lines.append(narration.tiles_left(who, ", ".join(str(t) for t in tiles), pips, res.pips[p]))
        else:
            lines.append(narration.no_tiles_left(who))
    unit_pts = res.unit is Unit.POINTS
    for side, members in enumerate(res.sides):
        if len(members) > 1:
            lines.append(narration.hold_together(side_name(side), res.side_pips[side]))
    method = res.method
    if method is Settlement.EACH_SUBTRACTS_OWN:
        for side in range(len(res.sides)):
            rounded = res.rounded[side]
            lines.append(narration.each_loses(side_name(side), res.side_pips[side], rounded,
                                              play_points(rounded, res.unit), res.unit))
        return lines
    if res.winning_side is None:
        if res.tied and len(res.sides) == 3 and any(res.settlement):
            lines.append(narration.shared_count())
        elif res.ending is not Ending.TARGET:
            lines.append(narration.nobody_scores())
        return lines
    win = res.winning_side
    every = method is Settlement.WINNER_TAKES_ALL
    if every:
        pot = sum(res.side_pips)
    else:
        pot = sum(res.side_pips[i] for i in range(len(res.sides)) if i != win)
    rounded = round_to_five(pot)
    pts = res.settlement[win]
    winners = side_name(win)
    they = learner in res.sides[win] or len(res.sides[win]) > 1  # "You score", "Leo & Sam score", "Leo scores"
    others = sum(len(res.sides[i]) for i in range(len(res.sides)) if i != win)  # the hands the count is of
    lines.append(sentences(narration.hands_hold(pot, narration.rounds(pot, rounded), every_hand=every,
                                                one_other=others == 1),
                           narration.winners_score(winners, rounded, pts, points_unit=unit_pts, plural=they)))
    return lines
