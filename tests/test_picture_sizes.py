"""Pictures on a phone (390 px wide): a layout's tiles stay at least 56 px long (the picture scrolls
sideways) and a hand's tiles at least 44 px wide and tall (a long hand wraps into rows)."""

import random

from puzzles import KINDS, STAGES, generate
from trainer.render import render_layout
from trainer.rules import HandState, RuleSet
from trainer.web import ui

PHONE, LAPTOP = 390, 1280


def test_layout_tiles_on_a_phone_are_at_least_56_px_long():
    rng = random.Random(6)
    svgs = []
    for variant in ("muggins", "all-fives", "five-up"):
        for players in (2, 4):
            s = HandState.deal(RuleSet.from_options(variant=variant), players, rng=rng)
            while s.current_player is not None:
                s.step_random(rng)
                if not s.layout.is_empty:
                    svgs.append(render_layout(s.layout, letters=True))
    for k in KINDS:
        for stage in STAGES:
            p = generate(k, stage=stage, level=3, seed=1)
            if p.board:
                svgs.append(render_layout(p.board, letters=True))
    for svg in svgs:
        for scale in (2.0, 2.4):  # Play's pictures and Practice's
            tile = ui.layout_tile_px(svg, ui.natural_width(svg, scale=scale), PHONE)
            assert tile >= ui.MIN_TILE - 0.5, tile
        html = ui.picture_html(svg)
        assert "overflow-x:auto" in html and f"min-width:{ui.layout_min_size(svg)[0]}px" in html


def test_hand_tiles_on_a_phone_are_big_enough_to_tap():
    for count in range(1, 22):
        per, rows, tile = ui.hand_rows(count, PHONE)
        assert tile >= ui.HAND_TILE and 2 * tile >= ui.HAND_TILE, (count, tile)
        assert per * rows >= count and per * 1.5 * tile <= PHONE - ui.PAGE_PADDING + 0.01
    assert ui.hand_rows(7, PHONE)[:2] == (4, 2)  # a dealt hand of seven: two rows on a phone
    assert ui.hand_rows(7, LAPTOP)[:2] == (7, 1)  # one row on a laptop
