"""The three computer players (the hints are in :mod:`trainer.bots.hints`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from trainer.rules import (
    DRAW,
    MUGGINS,
    Action,
    Claim,
    EventKind,
    HandState,
    Layout,
    Phase,
    Play,
    PlayerView,
    Tile,
    Unit,
    play_points,
)
from trainer.words import _


class BotLevel(StrEnum):
    """How strong a computer player is. Each member equals its word (``BotLevel.GREEDY == "greedy"``),
    the form saved games keep."""

    BEGINNER = "beginner"
    """:class:`Beginner`: random legal moves."""
    GREEDY = "greedy"
    """:class:`Greedy`: the play that scores most now."""
    EXPERT = "expert"
    """:class:`Expert`: looks ahead over the tiles it cannot see."""

    @classmethod
    def parse(cls, value: BotLevel | str) -> BotLevel:
        """A level, or its word (``"beginner"``, ``"greedy"``, ``"expert"``); ``ValueError`` with a
        sentence for people otherwise."""
        try:
            return cls(value)
        except ValueError:
            raise ValueError(_("'{level}' is not a computer player: choose beginner, greedy or expert.")
                             .format(level=value)) from None


class Bot(Protocol):
    """A computer player: picks one of ``view.legal_actions``."""

    name: str

    def choose(self, view: PlayerView, rng: random.Random) -> Action: ...


def last_score(view: PlayerView) -> int:
    """The score of the viewer's own last play (what a correct muggins call announces)."""
    for ev in reversed(view.history):
        if ev.kind is EventKind.PLAY and ev.player == view.player:
            return ev.score
    return 0


def play_score(layout: Layout, play: Play, unit: Unit) -> int:
    """What ``play`` scores on ``layout``, in ``unit``."""
    return play_points(layout.play(play).total, unit)


def plays_of(view: PlayerView) -> list[Play]:
    return [a for a in view.legal_actions if isinstance(a, Play)]


@dataclass
class Beginner:
    """Random legal moves; forgets to call its score now and then (``forget`` is the chance)."""

    forget: float = 0.0
    name: str = "Beginner"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        if view.phase is Phase.CLAIM:
            score = last_score(view)
            return Claim(0) if score and rng.random() < self.forget else Claim(score)
        if view.phase is Phase.MUGGINS:
            return MUGGINS
        return rng.choice(list(view.legal_actions))


@dataclass
class Greedy:
    """The play that scores most now; on a tie, the heavier tile (fewer pips left in hand)."""

    name: str = "Greedy"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        if view.phase is Phase.CLAIM:
            return Claim(last_score(view))
        if view.phase is Phase.MUGGINS:
            return MUGGINS
        plays = plays_of(view)
        if not plays:
            return view.legal_actions[0]
        unit = view.rules.unit
        return max(plays, key=lambda p: (play_score(view.layout, p, unit), p.tile.pips, -plays.index(p)))


def _voids(view: PlayerView) -> dict[int, frozenset[int]]:
    """Numbers each other player cannot hold: those open at their latest draw or pass.

    A player draws (or passes) only when nothing in hand fits; tiles drawn then did not fit
    either, and they have drawn nothing since, so their whole hand still misses those numbers.
    With voluntary drawing only a pass tells anything.
    """
    out: dict[int, frozenset[int]] = {}
    for ev in view.history:
        if ev.player == view.player:
            continue
        if ev.kind is EventKind.PASS or (ev.kind is EventKind.DRAW and not view.rules.voluntary_draw):
            out[ev.player] = ev.open_numbers
        elif ev.kind is EventKind.DRAW:
            out.pop(ev.player, None)
    return out


def sample_deal(view: PlayerView, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """Hidden tiles dealt at random to the other hands and the boneyard, agreeing with the view."""
    unseen = sorted(view.unseen)
    voids = _voids(view)
    sizes = view.hand_sizes
    for _try in range(20):
        pool = unseen[:]
        rng.shuffle(pool)
        hands: list[list[Tile]] = [[] for _ in sizes]
        hands[view.player] = list(view.hand)
        ok = True
        # the most constrained players first
        others = sorted((p for p in range(len(sizes)) if p != view.player), key=lambda p: -len(voids.get(p, ())))
        for p in others:
            banned = voids.get(p, frozenset())
            allowed = [t for t in pool if t.low not in banned and t.high not in banned]
            if len(allowed) < sizes[p]:
                ok = False
                break
            take = allowed[: sizes[p]]
            hands[p] = take
            taken = set(take)
            pool = [t for t in pool if t not in taken]
        if ok:
            return hands, pool[: view.boneyard_size]
    # the constraints are only inferences; if they cannot all hold, deal freely
    pool = unseen[:]
    rng.shuffle(pool)
    hands = [[] for _ in sizes]
    hands[view.player] = list(view.hand)
    for p in range(len(sizes)):
        if p != view.player:
            hands[p], pool = pool[: sizes[p]], pool[sizes[p]:]
    return hands, pool[: view.boneyard_size]


@dataclass
class Expert:
    """Looks ahead by sampling the hidden tiles and playing each candidate out greedily."""

    rollouts: int = 48
    """Simulated hands per decision, shared among the candidates."""
    name: str = "Expert"

    def evaluate(self, view: PlayerView, rng: random.Random,
                 candidates: Sequence[Action] | None = None) -> list[tuple[Action, float]]:
        """Each legal action (or each of ``candidates``) with its average lead (own side minus the
        best other side) at the end of the hand, over sampled deals. Best first."""
        actions = [a for a in (view.legal_actions if candidates is None else candidates)
                   if isinstance(a, Play) or a is DRAW]
        side = view.player % 2 if view.rules.uses_teams(view.n_players) else view.player
        samples = max(6, self.rollouts // max(1, len(actions)))
        deals = [sample_deal(view, rng) for _ in range(samples)]
        before = view.scores
        results: list[tuple[Action, float]] = []
        for act in actions:
            total = 0.0
            for hands, bone in deals:
                s = HandState.from_view(view, hands, bone)
                s.apply(act)
                res = s.playout_greedy(rng)
                assert res is not None
                gain = [a - b for a, b in zip(s.scores, before)]
                mine = gain[side]
                rest = max(g for i, g in enumerate(gain) if i != side)
                total += mine - rest
            results.append((act, total / len(deals)))
        results.sort(key=lambda x: -x[1])
        return results

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        if view.phase is Phase.CLAIM:
            return Claim(last_score(view))
        if view.phase is Phase.MUGGINS:
            return MUGGINS
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        return self.evaluate(view, rng)[0][0]


BOTS: dict[BotLevel, Callable[[], Bot]] = {BotLevel.BEGINNER: Beginner, BotLevel.GREEDY: Greedy,
                                           BotLevel.EXPERT: Expert}
"""The computer players by level."""


def make_bot(level: BotLevel | str, *, forget: float = 0.0) -> Bot:
    """A computer player of a level (or its word: see :meth:`BotLevel.parse`). ``forget``: how often a
    Beginner forgets to call its score."""
    level = BotLevel.parse(level)
    if level is BotLevel.BEGINNER:
        return Beginner(forget=forget)
    return BOTS[level]()
