"""A layout that moves, for Play a hand: the tiles just played slide in from the side of the table they came
from, a score lights the ends that counted and pops up its number for a moment. Pure SVG and CSS (no
script), inside the picture itself, so it works wherever the picture is shown; with
``prefers-reduced-motion: reduce`` nothing slides or pops (the lit ends stay lit, still), and the page says
each score in words as well.

Pictures without a :class:`Motion` are drawn exactly as before: this module only adds to a picture that
asks for it (:func:`trainer.render.render_layout`'s ``motion``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from html import escape

from trainer.render.geometry import Geometry, PlacedTile
from trainer.rules import Layout

SLIDE_SECONDS = 0.55
"""How long one tile takes to slide in."""
STEP_SECONDS = 0.6
"""The time between two tiles' slides: each lands before the next one starts, in the order they were played."""
POP_SECONDS = 1.8
"""How long a score's number stays up."""


class Came(StrEnum):
    """The side of the table a played tile came from."""

    BELOW = "below"
    """The learner's hand, under the layout on the page."""
    ABOVE = "above"
    """A computer player's hand, across the table."""


@dataclass(frozen=True)
class Slide:
    """A tile that slides in: its place in the order of play and where it came from."""

    index: int
    came: Came


@dataclass(frozen=True)
class Pop:
    """A score shown for a moment over the tile whose play made it: ``text`` is what pops up (``"+10"``)."""

    index: int
    text: str
    ends: tuple[str, ...] = ()
    """The open ends (end ids) that counted: they glow as the number pops."""


@dataclass(frozen=True)
class Motion:
    """What moves in a layout picture, in order: the slides, then each score as its tile lands."""

    slides: tuple[Slide, ...] = ()
    pops: tuple[Pop, ...] = ()

    def delay(self, index: int) -> float:
        """When the tile ``index`` starts to slide (seconds after the picture appears); 0 for a tile that
        does not slide."""
        order = [s.index for s in self.slides]
        return order.index(index) * STEP_SECONDS if index in order else 0.0

    def landed(self, index: int) -> float:
        """When the tile ``index`` is in its place."""
        return self.delay(index) + (SLIDE_SECONDS if any(s.index == index for s in self.slides) else 0.0)


STYLE = """<style>
@keyframes fives-slide{from{transform:translate(0,var(--fives-dy));opacity:.35}to{transform:none;opacity:1}}
@keyframes fives-glow{0%{opacity:0}15%{opacity:1}40%{opacity:.45}60%{opacity:1}85%{opacity:1}100%{opacity:0}}
@keyframes fives-pop{0%{opacity:0;transform:translate(0,6px) scale(.5)}
18%{opacity:1;transform:translate(0,0) scale(1.15)}30%{transform:scale(1)}75%{opacity:1}
100%{opacity:0;transform:translate(0,-14px)}}
.fives-slide{animation:fives-slide .55s cubic-bezier(.2,.8,.3,1.1) both}
.fives-lit{opacity:0;animation:fives-glow 2.2s ease-out both;pointer-events:none}
.fives-pop{opacity:0;transform-box:fill-box;transform-origin:center;animation:fives-pop 1.8s ease-out both;
pointer-events:none}
@media (prefers-reduced-motion:reduce){.fives-slide,.fives-lit,.fives-pop{animation:none}
.fives-lit{opacity:.9}.fives-pop{display:none}}
</style>"""
"""The picture's own animations: one rule each, and the reduced-motion rule that stops them all. A glow and a
score's number never take a tap: the end beside the tile that scored is tapped through them, faded or not."""


def slide_wrap(tile_svg: str, pt: PlacedTile, motion: Motion, view_y: tuple[float, float], cell: float) -> str:
    """The tile's group inside a group that slides in, from just past the picture's bottom edge (the
    learner's hand) or top edge (across the table)."""
    slide = next((s for s in motion.slides if s.index == pt.index), None)
    if slide is None:
        return tile_svg
    top, bottom = view_y
    y0, y1 = pt.box[1] * cell, pt.box[3] * cell
    dy = bottom - y0 if slide.came is Came.BELOW else top - y1
    return (f'<g class="fives-slide from-{slide.came}" data-slide="{pt.index}" '
            f'style="--fives-dy:{dy:.0f}px;animation-delay:{motion.delay(pt.index):.2f}s">{tile_svg}</g>')


def lit_ends(lay: Layout, g: Geometry, motion: Motion, colour: str, cell: float) -> str:
    """A glow over the half (or the whole double) of every end that counted, as its score pops."""
    out = []
    by_tile = {pt.tile: pt for pt in g.tiles}
    ends = {e.id: e for e in lay.open_ends}
    for pop in motion.pops:
        for eid in pop.ends:
            e = ends.get(eid)
            pt = by_tile.get(e.tile) if e is not None else None
            if e is None or pt is None:
                continue
            box = pt.box
            if not e.tile.is_double:
                free = [h for h in pt.halves if h.number == e.number]
                box = (free[-1] if free else pt.halves[-1]).box
            x0, y0, x1, y1 = (v * cell for v in box)
            line = cell * 0.3  # inside the tile's edge, clear of its pips: nothing spills past the picture
            out.append(f'<rect class="fives-lit" data-lit="{escape(eid)}" x="{x0 + line / 2:.1f}" '
                       f'y="{y0 + line / 2:.1f}" width="{x1 - x0 - line:.1f}" height="{y1 - y0 - line:.1f}" '
                       f'rx="{cell * 0.3:.1f}" fill="{colour}" fill-opacity="0.16" stroke="{colour}" '
                       f'stroke-width="{line:.1f}" style="animation-delay:{motion.landed(pop.index):.2f}s"/>')
    return "".join(out)


def pops(g: Geometry, motion: Motion, view: Sequence[float], fill: str, cell: float) -> str:
    """Each score's number, popping up over the tile that made it (kept inside the picture) and fading."""
    out = []
    vx, vy, vw, vh = view
    size = min(cell * 2.6, vh * 0.8)
    by_index = {pt.index: pt for pt in g.tiles}
    for n, pop in enumerate(motion.pops):
        pt = by_index.get(pop.index)
        if pt is None:
            continue
        half = size * 0.35 * len(pop.text)
        x = min(max((pt.box[0] + pt.box[2]) / 2 * cell, vx + half), vx + vw - half)
        y = min(max((pt.box[1] + pt.box[3]) / 2 * cell, vy + size * 0.55), vy + vh - size * 0.55)
        out.append(f'<g class="fives-pop" data-pop="{n}" aria-hidden="true" '
                   f'style="animation-delay:{motion.landed(pop.index):.2f}s">'
                   f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" dominant-baseline="central" '
                   f'font-size="{size:.1f}" font-weight="800" fill="{fill}" stroke="#ffffff" '
                   f'stroke-width="{size * 0.16:.1f}" paint-order="stroke">{escape(pop.text)}</text></g>')
    return "".join(out)


__all__ = ["POP_SECONDS", "SLIDE_SECONDS", "STEP_SECONDS", "STYLE", "Came", "Motion", "Pop", "Slide"]
