"""Transfer from real games: the learner's decisions on Play a hand, the scores they spotted, and the
missed scores that come back as puzzles.

Every time the learner has plays to choose from, a :class:`Decision` keeps the plays offered (each with
what it scores), the one chosen and its score, the best score there was, and the position (layout and
hand), so it can be replayed. A *scoring chance* is a decision where some play scored; the learner
*spotted* it when the play chosen scored the most there was. A chance where the learner chose less is a
*missed score*: it becomes a "which play scores most?" puzzle on the real position
(:func:`puzzles.puzzle_from_position`, with a code of its own), and the coach serves those on the next
days, at most :attr:`~trainer.learning.policy.Policy.game_puzzles_per_day` a day.

Pure Python: the clock is passed in (epoch seconds); days are UTC days, as the Sprint's.

>>> from trainer.rules import Game, RuleSet
>>> g = Game(RuleSet.trainer("muggins"), 2, seed=3)
>>> view = g.hand.view(g.current_player)
>>> d = decide(view, view.legal_actions[0], uid="u1", at=0.0, game="muggins")
>>> d.chosen == str(view.legal_actions[0]) and len(d.offered) == len(view.legal_actions)
True
>>> share([d, d]) in (None, 0.0, 1.0)
True
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from puzzles import Puzzle, puzzle_from_position
from trainer.learning.policy import DEFAULT_POLICY, Policy
from trainer.learning.rows import row_values
from trainer.learning.states import ReviewMode
from trainer.rules import DRAW, Action, Phase, Play, PlayerView, play_points

DRAW_TOKEN = "draw"
"""What :attr:`Decision.chosen` holds when the learner drew instead of playing."""


def day_of(at: float) -> dt.date:
    """The (UTC) day of an epoch time."""
    return dt.datetime.fromtimestamp(at, tz=dt.UTC).date()


def week_of(at: float) -> dt.date:
    """The Monday that starts the (UTC) week of an epoch time."""
    d = day_of(at)
    return d - dt.timedelta(days=d.weekday())


@dataclass(frozen=True)
class Decision:
    """One choice of the learner's in a real game."""

    uid: str
    """Its own id (the game's key and the move's number): kept once in the store, however often sent."""
    at: float
    """When (epoch seconds)."""
    game: str
    """The game on the Play page (``"muggins"``, ``"preset:sniff"`` …)."""
    variant: str
    """The layout's rules (``"muggins"``, ``"all-fives"``, ``"five-up"``, ``"sniff"`` …)."""
    layout: str
    """The layout before the move, as a record."""
    hand: tuple[str, ...]
    """The learner's tiles before the move."""
    offered: tuple[tuple[str, int], ...]
    """Every legal play (record token) and what it scores, in the game's unit."""
    chosen: str
    """The play chosen (a record token), or :data:`DRAW_TOKEN`."""
    score: int
    """What the chosen play scored."""
    best: int
    """The most any offered play scored."""

    @property
    def chance(self) -> bool:
        """Some play scored."""
        return self.best > 0

    @property
    def spotted(self) -> bool:
        """A scoring chance taken: the play chosen scored the most there was."""
        return self.chance and self.score >= self.best

    @property
    def missed(self) -> bool:
        """A scoring chance where the learner chose a lower score (or none)."""
        return self.chance and self.score < self.best

    def puzzle(self) -> Puzzle | None:
        """The missed score as "which play scores most?" on this position (``None`` for a chance that
        was taken, or a game whose layouts the puzzles do not draw)."""
        if not self.missed:
            return None
        return puzzle_from_position(self.variant, self.layout, self.hand)

    def to_row(self) -> dict[str, object]:
        """The decision as plain values (the store keeps these)."""
        return {"uid": self.uid, "at": float(self.at), "game": self.game, "variant": self.variant,
                "layout": self.layout, "hand": " ".join(self.hand),
                "offered": json.dumps([[t, s] for t, s in self.offered], separators=(",", ":")),
                "chosen": self.chosen, "score": int(self.score), "best": int(self.best)}

    @classmethod
    def from_row(cls, row: object) -> Decision:
        """A decision from :meth:`to_row`'s values (a mapping or a database row), checked field by field:
        ``ValueError`` for anything malformed."""
        v = row_values(row, _DECISION_TYPES, required=tuple(_DECISION_TYPES), what="a decision",
                       text_max=_DECISION_TEXT)
        try:
            offered = tuple((str(t), int(s)) for t, s in json.loads(v["offered"] or "[]"))
        except (TypeError, ValueError):
            raise ValueError(f"a decision's offered plays are not a list of [play, score]: {v['offered']!r}") from None
        return cls(uid=v["uid"], at=float(v["at"]), game=v["game"], variant=v["variant"], layout=v["layout"],
                   hand=tuple(v["hand"].split()), offered=offered, chosen=v["chosen"], score=v["score"],
                   best=v["best"])


def decide(view: PlayerView, action: Action | str, *, uid: str, at: float, game: str) -> Decision | None:
    """The decision the player of ``view`` makes by choosing ``action``; ``None`` when there was no
    play to choose (a claim, a forced draw or pass) or the action is not one of them."""
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    if not plays or view.phase not in (Phase.LEAD, Phase.TURN, Phase.DRAWING):
        return None
    offered = tuple(sorted((str(p), play_points(view.layout.play(p).total, view.rules.unit)) for p in plays))
    scores = dict(offered)
    token = str(action)
    if token not in scores and action != DRAW and token != DRAW_TOKEN:
        return None
    chosen = token if token in scores else DRAW_TOKEN
    return Decision(uid=uid, at=at, game=game, variant=str(view.layout.variant), layout=view.layout.record,
                    hand=tuple(str(t) for t in view.hand), offered=offered, chosen=chosen,
                    score=scores.get(chosen, 0), best=max(scores.values()))


def share(decisions: Iterable[Decision]) -> float | None:
    """Scores spotted: the share of scoring chances taken (``None`` before the first chance)."""
    chances = [d for d in decisions if d.chance]
    return sum(d.spotted for d in chances) / len(chances) if chances else None


@dataclass(frozen=True)
class Week:
    """One week's scoring chances in real games."""

    start: dt.date
    """Its Monday."""
    chances: int
    spotted: int

    @property
    def share(self) -> float:
        return self.spotted / self.chances if self.chances else 0.0


def weekly(decisions: Iterable[Decision]) -> list[Week]:
    """Scoring chances and those spotted, week by week, oldest first (weeks without a chance left out)."""
    weeks: dict[dt.date, list[int]] = {}
    for d in decisions:
        if d.chance:
            tally = weeks.setdefault(week_of(d.at), [0, 0])
            tally[0] += 1
            tally[1] += d.spotted
    return [Week(start, n, k) for start, (n, k) in sorted(weeks.items())]


@dataclass
class RealGames:
    """A learner's decisions in real games and which of their missed scores have been practised: a fold
    over the stored decisions, like :class:`trainer.learning.progress.Progress` over the answers."""

    decisions: list[Decision] = field(default_factory=list)
    served: dict[str, float] = field(default_factory=dict)
    """Puzzle code → when it was first answered as a puzzle from a game."""
    _uids: set[str] = field(default_factory=set, repr=False, compare=False)
    _puzzles: dict[str, Puzzle | None] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_decisions(cls, decisions: Iterable[Decision], served: dict[str, float] | None = None) -> RealGames:
        games = cls()
        for d in decisions:
            games.add(d)
        games.served = dict(served or {})
        return games

    def add(self, decision: Decision) -> bool:
        """Keep a decision (``False``: one with its uid is kept already)."""
        if decision.uid in self._uids:
            return False
        self._uids.add(decision.uid)
        self.decisions.append(decision)
        return True

    @property
    def share(self) -> float | None:
        return share(self.decisions)

    @property
    def chances(self) -> int:
        return sum(d.chance for d in self.decisions)

    @property
    def spotted(self) -> int:
        return sum(d.spotted for d in self.decisions)

    def weekly(self) -> list[Week]:
        return weekly(self.decisions)

    def puzzle_of(self, decision: Decision) -> Puzzle | None:
        """:meth:`Decision.puzzle`, worked out once per decision."""
        if decision.uid not in self._puzzles:
            self._puzzles[decision.uid] = decision.puzzle()
        return self._puzzles[decision.uid]

    def waiting(self, now: float) -> Iterator[Puzzle]:
        """Puzzles from missed scores of earlier days not yet practised, oldest first (each position once)."""
        today = day_of(now)
        seen: set[str] = set()
        for d in self.decisions:
            if not d.missed or day_of(d.at) >= today:
                continue
            p = self.puzzle_of(d)
            if p is None or p.code in seen or p.code in self.served:
                continue
            seen.add(p.code)
            yield p

    def served_on(self, day: dt.date) -> int:
        return sum(1 for at in self.served.values() if day_of(at) == day)

    def due(self, now: float, answered_since: int | None = None, *, policy: Policy = DEFAULT_POLICY) -> Puzzle | None:
        """The puzzle from a game the coach serves now, if any: a missed score of an earlier day, at most
        :attr:`Policy.game_puzzles_per_day` a day, and :attr:`Policy.game_puzzle_spacing` other puzzles
        after the last one (``answered_since``: puzzles answered since the last puzzle from a game,
        ``None`` for none yet)."""
        if self.served_on(day_of(now)) >= policy.game_puzzles_per_day:
            return None
        if answered_since is not None and answered_since < policy.game_puzzle_spacing:
            return None
        return next(self.waiting(now), None)

    def practised(self, code: str, now: float) -> None:
        """A puzzle from a game was answered: it is not served again as one."""
        self.served.setdefault(code, now)


def answered_since(reviews: Sequence[ReviewMode], mark: ReviewMode) -> int | None:
    """How many answers came after the last one marked ``mark`` (``None`` if none is)."""
    for i, review in enumerate(reversed(reviews)):
        if review == mark:
            return i
    return None


_DECISION_TYPES: dict[str, tuple[type, ...]] = {
    "uid": (str,), "at": (int, float), "game": (str,), "variant": (str,), "layout": (str,), "hand": (str,),
    "offered": (str,), "chosen": (str,), "score": (int,), "best": (int,)}
_DECISION_TEXT = {"layout": 1 << 20, "offered": 1 << 20, "hand": 120}
"""A real game's layout and plays offered are long; the other texts fit :data:`~trainer.learning.rows.TEXT_MAX`."""
