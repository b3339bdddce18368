"""The three computer players and the play suggestion behind hints."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from trainer.rules import DRAW, MUGGINS, TILES, Claim, HandState, Layout, Play, PlayerView, Tile, play_points
from trainer.rules.hand import Action
from trainer.words import _, advice


class Bot(Protocol):
    """A computer player: picks one of ``view.legal_actions``."""

    name: str

    def choose(self, view: PlayerView, rng: random.Random) -> Action: ...


def last_score(view: PlayerView) -> int:
    """The score of the viewer's own last play (what a correct muggins call announces)."""
    for ev in reversed(view.history):
        if ev.kind == "play" and ev.player == view.player:
            return ev.score
    return 0


def play_score(layout: Layout, play: Play, unit_points: bool) -> int:
    return play_points(layout.play(play).total, "points" if unit_points else "pips")


def plays_of(view: PlayerView) -> list[Play]:
    return [a for a in view.legal_actions if isinstance(a, Play)]


@dataclass
class Beginner:
    """Random legal moves; forgets to call its score now and then (``forget`` is the chance)."""

    forget: float = 0.0
    name: str = "Beginner"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        if view.phase == "claim":
            score = last_score(view)
            return Claim(0) if score and rng.random() < self.forget else Claim(score)
        if view.phase == "muggins":
            return MUGGINS
        return rng.choice(list(view.legal_actions))


@dataclass
class Greedy:
    """The play that scores most now; on a tie, the heavier tile (fewer pips left in hand)."""

    name: str = "Greedy"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        if view.phase == "claim":
            return Claim(last_score(view))
        if view.phase == "muggins":
            return MUGGINS
        plays = plays_of(view)
        if not plays:
            return view.legal_actions[0]
        points = view.rules.unit == "points"
        return max(plays, key=lambda p: (play_score(view.layout, p, points), p.tile.pips, -plays.index(p)))


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
        if ev.kind == "pass" or (ev.kind == "draw" and not view.rules.voluntary_draw):
            out[ev.player] = ev.open_numbers
        elif ev.kind == "draw":
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

    def evaluate(self, view: PlayerView, rng: random.Random) -> list[tuple[Action, float]]:
        """Each legal action with its average lead (own side minus the best other side) at
        the end of the hand, over sampled deals. Best first."""
        actions = [a for a in view.legal_actions if isinstance(a, Play) or a is DRAW]
        side = view.player % 2 if view.rules.uses_teams(view.n_players) else view.player
        samples = max(6, self.rollouts // max(1, len(actions)))
        deals = [sample_deal(view, rng) for _ in range(samples)]
        before = view.scores
        results = []
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
        if view.phase == "claim":
            return Claim(last_score(view))
        if view.phase == "muggins":
            return MUGGINS
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        return self.evaluate(view, rng)[0][0]


BOTS = {"beginner": Beginner, "greedy": Greedy, "expert": Expert}
"""The computer players by level."""


def make_bot(level: str, *, forget: float = 0.0) -> Bot:
    """A computer player for a level name (``"beginner"``, ``"greedy"``, ``"expert"``)."""
    if level == "beginner":
        return Beginner(forget=forget)
    if level == "greedy":
        return Greedy()
    if level == "expert":
        return Expert()
    raise ValueError(_("'{level}' is not a computer player: choose beginner, greedy or expert.").format(level=level))


@dataclass(frozen=True)
class Suggestion:
    """The best play with a one-line reason."""

    action: Action
    reason: str


def suggest(view: PlayerView, rng: random.Random, *, rollouts: int = 48) -> Suggestion | None:
    """The Expert's choice for the viewer, in words: "3-4 on 4-4: scores 10 and leaves your
    opponent a total of 4"."""
    if view.phase in ("claim", "muggins", "over") or not view.legal_actions:
        return None
    plays = plays_of(view)
    if not plays:
        act = view.legal_actions[0]
        return Suggestion(act, advice.nothing_fits(can_draw=act is DRAW))
    ranked = Expert(rollouts=rollouts).evaluate(view, rng) if len(plays) > 1 else [(plays[0], 0.0)]
    best = ranked[0][0]
    if not isinstance(best, Play):
        return Suggestion(best, advice.draw_now())
    points = view.rules.unit == "points"

    got = play_score(view.layout, best, points)
    top = max(plays, key=lambda pl: play_score(view.layout, pl, points))
    top_got = play_score(view.layout, top, points)
    after = view.layout.play(best)
    if got >= top_got:
        return Suggestion(best, advice.suggestion(best, got, points=points, total=after.total))
    # not the biggest score now: say why, in a child's words, or suggest the biggest score after all
    why = reason_to_wait(view, best, top)
    if why is None:
        after_top = view.layout.play(top)
        return Suggestion(top, advice.suggestion(top, top_got, points=points, total=after_top.total))
    return Suggestion(best, advice.wait_for_it(best, got, points=points, why=why))


def reason_to_wait(view: PlayerView, best: Play, top: Play) -> str | None:
    """Why a play that scores less now is still the better one: it gives the next player fewer
    scoring tiles, or it leaves more of your own tiles ready to score. ``None`` if neither."""
    seen = set(view.layout.tiles) | set(view.hand)
    unseen = [t for t in TILES if t not in seen]
    after_best, after_top = view.layout.play(best), view.layout.play(top)

    def scoring_tiles(lay, tiles) -> int:
        return len({pl.tile for pl, total in lay.totals_after(tiles) if play_points(total)})

    theirs_best, theirs_top = scoring_tiles(after_best, unseen), scoring_tiles(after_top, unseen)
    if theirs_top > theirs_best:
        return advice.they_could_score(top.tile, theirs_top, best.tile, theirs_best)
    mine_best = scoring_tiles(after_best, [t for t in view.hand if t != best.tile])
    mine_top = scoring_tiles(after_top, [t for t in view.hand if t != top.tile])
    if mine_best > mine_top:
        return advice.ready_to_score(top.tile, mine_top, best.tile, mine_best)
    return None


