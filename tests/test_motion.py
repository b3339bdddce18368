"""Play a hand as a game that moves: the layout picture marks the tiles just played with their slide (from
the learner's hand below, from across the table above), the ends that counted with their glow and the score
with its pop, and carries the reduced-motion rule that stops it all; a picture that asks for no motion is
drawn exactly as before. The game's news says what was played and scored since the learner's last move."""

import random
import re

from trainer.games.guided import GuidedGame, Setup
from trainer.render import render_layout
from trainer.render.motion import STEP_SECONDS, Came, Motion, Pop, Slide
from trainer.rules import Layout, Play

LAY = Layout.from_record("1-4 1-1>1-4 4-4>1-4", variant="all-fives")
COUNTED = tuple(e.id for e in LAY.open_ends if e.value > 0)


def moving(**kw) -> str:
    return render_layout(LAY, letters=True, motion=Motion(**kw))


def group(svg: str, attr: str) -> str:
    m = re.search(rf'<g class="([^"]*)" {attr} style="([^"]*)"', svg)
    assert m, attr
    return m.group(1) + " | " + m.group(2)


def test_no_motion_draws_the_picture_as_before():
    plain = render_layout(LAY, letters=True)
    assert "fives-slide" not in plain and "<style>" not in plain and "prefers-reduced-motion" not in plain
    assert render_layout(LAY, letters=True, motion=None) == plain


def test_the_new_tiles_slide_in_from_their_hands_in_order():
    svg = moving(slides=(Slide(1, Came.ABOVE), Slide(2, Came.BELOW)))
    above, below = group(svg, 'data-slide="1"'), group(svg, 'data-slide="2"')
    assert "fives-slide from-above" in above and "animation-delay:0.00s" in above
    assert "fives-slide from-below" in below and f"animation-delay:{STEP_SECONDS:.2f}s" in below
    dy = {k: float(re.search(r"--fives-dy:(-?\d+)px", v).group(1)) for k, v in (("above", above), ("below", below))}
    assert dy["above"] < 0 < dy["below"], dy  # from the top edge, from the bottom edge
    # the slide wraps the tile's own group: the tile keeps its place and its data
    assert re.search(r'data-slide="2"[^>]*><g class="tile" data-tile="4-4"', svg)
    assert svg.count("<g class=\"fives-slide ") == 2 and 'data-tile="1-4"' in svg  # the lead stays still
    assert "@keyframes fives-slide" in svg


def test_a_score_lights_its_counted_ends_and_pops_up_its_number():
    svg = moving(slides=(Slide(2, Came.BELOW),), pops=(Pop(2, "+10", COUNTED),))
    lit = re.findall(r'<rect class="fives-lit" data-lit="([^"]+)"', svg)
    assert sorted(lit) == sorted(COUNTED) and len(lit) == 2
    assert re.search(r'<g class="fives-pop" data-pop="0" aria-hidden="true"[^>]*>.*?>\+10</text>', svg)
    assert "@keyframes fives-glow" in svg and "@keyframes fives-pop" in svg
    # the glow and the number come as the tile lands, not before
    assert 'style="animation-delay:0.55s"' in svg


def test_the_picture_carries_the_reduced_motion_rule():
    svg = moving(slides=(Slide(2, Came.BELOW),), pops=(Pop(2, "+10", COUNTED),))
    rule = re.search(r"@media \(prefers-reduced-motion:reduce\)\{(.*?)\}\s*</style>", svg, re.S)
    assert rule, "no reduced-motion rule"
    body = rule.group(1)
    assert ".fives-slide,.fives-lit,.fives-pop{animation:none}" in body
    assert ".fives-pop{display:none}" in body  # the score is said in words on the page instead
    assert ".fives-lit{opacity:.9}" in body  # the ends that counted stay lit, still


def test_a_pop_stays_inside_the_picture():
    svg = moving(pops=(Pop(0, "+10", ()),))
    x, y, w, h = (float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split())
    tx, ty = (float(v) for v in re.search(r'class="fives-pop".*?<text x="([\d.-]+)" y="([\d.-]+)"', svg).groups())
    assert x <= tx <= x + w and y <= ty <= y + h


def play_until(g: GuidedGame, done, rng: random.Random, moves: int = 200):
    for _ in range(moves):
        if g.finished is not None or g.game.is_over:
            return None
        plays = [a for a in g.view().legal_actions if isinstance(a, Play)]
        g.act(rng.choice(plays or list(g.view().legal_actions)))
        if done(g.news()):
            return g.news()
    return None


def test_the_news_is_the_learners_play_then_the_others_and_its_score_names_the_counted_ends():
    g = GuidedGame(Setup(game="all-fives", players=3, seed=11))
    rng = random.Random(3)
    news = play_until(g, lambda n: n.placed and n.placed[0].player == 0 and len(n.placed) >= 2, rng)
    assert news is not None
    assert [p.player for p in news.placed][0] == 0 and all(p.player != 0 for p in news.placed[1:])
    assert [p.index for p in news.placed] == list(range(news.placed[0].index, news.placed[-1].index + 1))
    assert news.placed[-1].index == len(g.view().layout) - 1
    scored = play_until(g, lambda n: bool(n.scored) and n.scored[-1].ends, rng)
    assert scored is not None
    last = scored.scored[-1]
    lay = g.view().layout
    assert last.index == len(lay) - 1 and set(last.ends) == {e.id for e in lay.open_ends if e.value > 0}
    assert sum(s.points for s in scored.scored) > 0


def test_the_news_has_a_new_mark_after_every_move_and_none_without_news():
    g = GuidedGame(Setup(game="muggins", players=2, seed=5))
    rng = random.Random(1)
    marks = set()
    for _ in range(12):
        if g.finished is not None:
            break
        n = g.news()
        assert g.news() == n  # the same news on every redraw: it moves once
        if n.placed or n.scored:
            assert n.mark not in marks
            marks.add(n.mark)
        else:
            assert n.mark == ""
        g.act(rng.choice(list(g.view().legal_actions)))
    assert len(marks) >= 5


def test_with_the_muggins_call_a_play_is_not_scored_until_it_is_called():
    g = GuidedGame(Setup(game="five-up", players=2, seed=21, muggins_call=True))
    rng = random.Random(4)
    for _ in range(60):
        if g.finished is not None or g.game.is_over:
            break
        if g.view().phase == "claim":
            n = g.news()
            assert n.placed and n.placed[-1].player == 0 and not any(s.player == 0 for s in n.scored)
        g.act(rng.choice(list(g.view().legal_actions)))


def test_a_replayed_game_has_the_same_news():
    g = GuidedGame(Setup(game="all-fives", players=2, seed=9))
    rng = random.Random(2)
    for _ in range(6):
        g.act(rng.choice(list(g.view().legal_actions)))
    again = GuidedGame.replay(g.state())
    assert again.news() == g.news()
