"""Pictures: geometry over thousands of random layouts, and the marks on them."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from trainer.render import describe_layout, layout_geometry, render_hand, render_layout, render_tile
from trainer.render.svg import marker_spots
from trainer.rules import HandState, Layout, RuleSet, Tile
from trainer.rules.random_layouts import random_layout

SVG = "{http://www.w3.org/2000/svg}"


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def touch(a, b):
    """Boxes share an edge of positive length."""
    if a[2] == b[0] or b[2] == a[0]:
        return min(a[3], b[3]) - max(a[1], b[1]) > 0
    if a[3] == b[1] or b[3] == a[1]:
        return min(a[2], b[2]) - max(a[0], b[0]) > 0
    return False


def inside(inner, outer):
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def check_geometry(lay: Layout) -> None:
    g = layout_geometry(lay)
    tiles = g.tiles
    assert [t.tile for t in tiles] == list(lay.tiles)
    for t in tiles:
        x0, y0, x1, y1 = t.box
        assert {x1 - x0, y1 - y0} == {2, 4}, "a tile is 2 by 4"
        assert inside(t.box, g.bounds)
        for h in t.halves:
            assert inside(h.box, t.box)
        if t.tile.is_double:
            assert t.crosswise != lay.placements[t.index].in_line  # only the in-line sniff lies lengthwise
    for i, a in enumerate(tiles):
        for b in tiles[i + 1:]:
            assert not overlap(a.box, b.box), f"{a.tile} overlaps {b.tile} in {lay.record}"
    places = lay.placements
    for pl, t in zip(places[1:], tiles[1:]):
        parent = tiles[pl.target]
        matched = t.halves[0]
        assert matched.number == pl.number or t.tile.is_double
        assert any(touch(matched.box, h.box) and h.number == pl.number for h in parent.halves), (
            f"{t.tile}'s {pl.number} does not touch the {pl.number} of {parent.tile} in {lay.record}")
        if t.tile.is_double and not pl.in_line:  # crosswise: its long side lies against the end it was played on
            lx = t.box[2] - t.box[0]
            assert (lx == 2) == (t.via_port.dx != 0)
    check_marks(lay, g)


def check_marks(lay: Layout, g) -> None:
    """No letter or value sits on a tile or on another mark, and every open end has its letter."""
    marks = marker_spots(lay, g, letters=True, values=True)
    boxes = [(m.x - m.half, m.y - m.half, m.x + m.half, m.y + m.half) for m in marks]
    for m, box in zip(marks, boxes):
        for t in g.tiles:
            assert not overlap(box, t.box), f"the {m.role} of {m.end} is on {t.tile} in {lay.record}"
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not overlap(a, b), f"two marks overlap in {lay.record}"
    lettered = {m.end for m in marks if m.role == "letter"}
    playable = {e.id for e in lay.open_ends if e.kind != "beside"}  # nothing can go beside the sniff's side tiles
    assert lettered == playable, f"an open end has no letter in {lay.record}"
    for e in lay.open_ends:
        assert sum(m.end == e.id and m.role == "letter" for m in marks) <= max(e.free, 1)
    for e in lay.open_ends:  # a spinner's two empty ends: a letter on each
        if e.kind == "spinner-end" and e.free == 2:
            assert sum(m.end == e.id and m.role == "letter" for m in marks) == 2


@pytest.mark.parametrize("chunk", range(10))
def test_ten_thousand_random_layouts(chunk):
    rng = random.Random(chunk)
    variants = ("muggins", "all-fives", "five-up", "sniff", "sniff-crosswise")
    for k in range(1000):
        variant = variants[k % 5]
        size = 1 + (k * 7 + chunk) % 28  # every length up to the full set
        check_geometry(random_layout(variant, size, rng))


def test_layouts_from_real_hands():
    rng = random.Random(4)
    for variant in ("muggins", "all-fives", "five-up", "sniff", "sniff-crosswise"):
        for players in (2, 4):
            for _ in range(40):
                s = HandState.deal(RuleSet(variant=variant), players, rng=rng)
                s.playout_random(rng)
                check_geometry(s.layout)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


RULES_MD = [
    ("1-4 1-1>1-4 4-4>1-4 3-4>4-4 1-2>1-1", "all-fives"),
    ("5-5 0-5>5-5 3-5>5-5 5-6>5-5", "five-up"),
    ("4-6 4-4>4-6 1-4>4-4 2-4>4-4", "five-up"),
    ("5-5 0-5>5-5 3-5>5-5", "muggins"),
    ("4-4 3-4^4-4 4-6>4-4 1-4^4-4 2-4>4-4", "sniff"),
    ("4-6 4-4>4-6 1-4>4-4 2-4>4-4", "sniff-crosswise"),
]


@pytest.mark.parametrize("record,variant", RULES_MD)
def test_svg_is_valid_deterministic_and_described(record, variant):
    lay = Layout.from_record(record, variant=variant)
    svg = render_layout(lay, working=True, letters=True)
    assert svg == render_layout(Layout.from_record(record, variant=variant), working=True, letters=True)
    root = parse(svg)
    assert root.tag == SVG + "svg" and root.get("viewBox") and root.get("role") == "img"
    assert root.find(SVG + "title").text and root.find(SVG + "desc").text
    assert len(root.findall(f".//{SVG}g[@data-tile]")) == len(lay)
    ends = root.findall(f".//{SVG}g[@class='open-end']")
    assert sorted(e.get("data-end") for e in ends) == sorted(e.id for e in lay.open_ends)
    values = {e.get("data-end"): int(e.get("data-value")) for e in ends}
    assert sum(values.values()) == lay.total
    lettered = [e for e in ends if e.get("data-kind") != "beside"]  # nothing goes beside the sniff's side tiles
    assert [e.get("data-letter") for e in lettered] == [chr(65 + i) for i in range(len(lettered))]
    assert all(e.get("data-letter") is None for e in ends if e.get("data-kind") == "beside")


def test_working_marks_counted_and_uncounted_ends():
    lay = Layout.from_record("5-5 0-5>5-5 3-5>5-5 5-6>5-5", variant="five-up")
    root = parse(render_layout(lay, working=True))
    counted = root.findall(f".//{SVG}circle[@class='counted']")
    zeros = root.findall(f".//{SVG}circle[@class='not-counted']")
    assert len(counted) == 2  # the 3 and the 6
    assert len(zeros) == 2  # the covered spinner's free end and the 0 of 0-5
    plain = parse(render_layout(lay))
    assert not plain.findall(f".//{SVG}circle[@class='counted']")


def test_last_tile_and_spinners_are_marked():
    lay = Layout.from_record("4-6 4-4>4-6 1-4>4-4 2-4>4-4", variant="five-up")
    svg = render_layout(lay)
    root = parse(svg)
    spinner_marks = root.findall(f".//{SVG}circle[@class='spinner-mark']")
    assert len(spinner_marks) == 1
    last = root.find(f".//{SVG}g[@data-index='3']/{SVG}rect")
    first = root.find(f".//{SVG}g[@data-index='0']/{SVG}rect")
    assert last.get("stroke") != first.get("stroke")


def test_projector_style_is_high_contrast():
    lay = Layout.from_record("1-4 4-4>1-4", variant="muggins")
    svg = render_layout(lay, style="projector", working=True)
    assert "style-projector" in svg and "#000000" in svg
    assert "style-classroom" in render_layout(lay)


def test_width_and_viewbox():
    lay = Layout.from_record("1-4 4-4>1-4", variant="muggins")
    root = parse(render_layout(lay, width=300))
    assert root.get("width") == "300"
    w, h = (float(x) for x in root.get("viewBox").split()[2:])
    assert float(root.get("height")) == pytest.approx(300 * h / w, abs=0.01)
    assert parse(render_layout(lay)).get("width") == "100%"


def test_description_names_the_lead_and_the_spinner():
    lay = Layout.from_record("1-4 1-1>1-4 4-4>1-4", variant="all-fives")
    text = describe_layout(lay)
    assert text.startswith("1-4 leads.")
    assert "1-1 is a spinner" in text and "to the left" in text
    assert "Open-end total: 2 + 8 = 10." in text
    assert describe_layout(Layout(variant="muggins")) == "The table is empty."


def test_hand_and_tile_pictures():
    svg = render_hand(["1-2", "3-4", "6-6"], selected="3-4", playable=["3-4"])
    root = parse(svg)
    tiles = root.findall(f".//{SVG}g[@data-tile]")
    assert [t.get("data-tile") for t in tiles] == ["1-2", "3-4", "6-6"]
    assert [t.get("data-playable") for t in tiles] == ["no", "yes", "no"]
    assert tiles[1].get("data-selected") == "yes"
    tile = parse(render_tile("6-5"))
    assert tile.find(f".//{SVG}g[@data-tile]").get("data-tile") == "5-6"
    six = render_tile(Tile(6, 6), vertical=True)
    assert six.count("fives-pips-6v") >= 2
    assert parse(render_layout(Layout(variant="five-up"))).find(f"{SVG}desc").text.startswith("The table is empty")


def test_pips_use_the_standard_patterns():
    lay = Layout.from_record("0-6", variant="muggins")
    svg = render_layout(lay)
    root = parse(svg)
    defs = {g.get("id"): len(g) for g in root.find(f"{SVG}defs")}
    assert [defs[f"fives-pips-{n}h"] for n in range(7)] == [0, 1, 2, 3, 4, 5, 6]
    uses = re.findall(r'href="#fives-pips-(\d)', svg)
    assert uses == ["6"]  # the blank half draws no pips


def test_the_letter_a_no_longer_covers_the_spinner():
    from puzzles import from_code

    lay = from_code("9MRC-Y9Q7").board  # the "A" square once sat over the 5-5 spinner
    check_marks(lay, layout_geometry(lay))
