"""Golden pictures: hand-picked layouts (the rules' examples among them), looked at in a
browser and kept as SVG files. A change to the drawing shows up here; if it is wanted, run
``UPDATE_GOLDEN=1 make test`` and look at the new files again."""

import os

import pytest

from trainer.render import render_hand, render_layout
from trainer.rules import Layout

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")

GOLDEN = {
    "worked-example-all-fives": ("1-4 1-1>1-4 4-4>1-4 3-4>4-4 1-2>1-1", "all-fives", {"working": True}),
    "spinner-four-arms-five-up": ("5-5 0-5>5-5 3-5>5-5 5-6>5-5", "five-up", {"working": True, "letters": True}),
    "later-double-spins-five-up": ("4-6 4-4>4-6 1-4>4-4 2-4>4-4", "five-up", {"working": True}),
    "muggins-covered-double": ("5-5 0-5>5-5 3-5>5-5", "muggins", {"working": True}),
    "all-fives-second-double": ("1-6 1-1>1-6 1-2>1-1 6-6>1-6 3-6>6-6", "all-fives", {"working": True}),
    "projector-style": ("2-4 4-4>2-4 4-6>4-4", "muggins", {"working": True, "style": "projector"}),
}


def pictures():
    out = {name: render_layout(Layout.from_record(rec, variant=v), **opts) for name, (rec, v, opts) in GOLDEN.items()}
    out["hand"] = render_hand(["1-2", "3-4", "6-6", "0-5"], selected="3-4", playable=["3-4", "0-5"])
    return out


@pytest.mark.parametrize("name", [*GOLDEN, "hand"])
def test_golden_svg(name):
    svg = pictures()[name]
    path = os.path.join(HERE, f"{name}.svg")
    if os.environ.get("UPDATE_GOLDEN"):
        with open(path, "w", encoding="utf-8") as f:
            f.write(svg)
    with open(path, encoding="utf-8") as f:
        assert svg == f.read(), f"{name}.svg changed: look at it and update with UPDATE_GOLDEN=1"
