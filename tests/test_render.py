"""Pictures: geometry over thousands of random layouts, and the marks on them."""

import hashlib
import random
import re
import xml.etree.ElementTree as ET

import pytest

from puzzles import KINDS, STAGES, generate, kind
from trainer.render import CELL, describe_layout, end_letters, layout_geometry, render_hand, render_layout, render_tile
from trainer.render.svg import marker_spots
from trainer.rules import EndKind, HandState, Layout, RuleSet, Tile
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
        if e.kind == EndKind.SPINNER_END and e.free == 2:
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
                s = HandState.deal(RuleSet.from_options(variant=variant), players, rng=rng)
                s.playout_random(rng)
                check_geometry(s.layout)


def test_the_same_layouts_are_laid_out_as_before():
    """Where every tile goes, over 600 seeded layouts of every length, to the cell: a change to the search's
    speed leaves each picture as it was (a change to how it chooses is a deliberate one, and this digest
    is then recorded again)."""
    rng = random.Random(2026)
    digest = hashlib.sha256()
    for k in range(600):
        variant = ("muggins", "all-fives", "five-up", "sniff", "sniff-crosswise")[k % 5]
        g = layout_geometry(random_layout(variant, 1 + k % 28, rng))
        digest.update(repr([(t.index, t.box, t.halves, sorted(t.ports.items()), t.via_port) for t in g.tiles]).encode())
        digest.update(repr(g.bounds).encode())
    assert digest.hexdigest()[:16] == "2c244b7acb4c48cf"


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
    # each end its own letter, the layout's (trainer.rules.end_letters: a letter freed when an end closes with
    # nothing after it, the sniff's long sides, waits for the next new end)
    assert {e.get("data-end"): e.get("data-letter") for e in lettered} == end_letters(lay)
    assert len({e.get("data-letter") for e in lettered}) == len(lettered)
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
    assert root.find(f".//{SVG}g[@data-index='3']/{SVG}rect[@class='last-played']") is not None
    assert root.find(f".//{SVG}g[@data-index='0']/{SVG}rect[@class='last-played']") is None


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


# ----- what is drawn: rings, letters and tiles measured from the SVG itself -----

def _translate(el) -> tuple[float, float]:
    m = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", el.get("transform") or "")
    return (float(m.group(1)), float(m.group(2))) if m else (0.0, 0.0)


def _grow(box, by):
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _union(boxes):
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def drawn(svg: str) -> dict:
    """The drawn extent of every tile, letter and value mark of a layout picture (strokes included),
    in picture units, with the end each mark belongs to and the viewBox."""
    root = parse(svg)
    tiles, letters, values = [], [], []
    for g in root.iter(SVG + "g"):
        if "tile" in (g.get("class") or "").split():
            tx, ty = _translate(g)
            boxes = []
            for r in g.findall(SVG + "rect"):
                x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
                boxes.append(_grow((tx + x, ty + y, tx + x + w, ty + y + h), float(r.get("stroke-width") or 0) / 2))
            tiles.append((g.get("data-tile"), _union(boxes)))
        if g.get("class") == "open-end":
            end = g.get("data-end")
            for r in g.findall(SVG + "rect"):
                if r.get("class") == "letter":
                    x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
                    letters.append((end, _grow((x, y, x + w, y + h), float(r.get("stroke-width")) / 2)))
            rings: dict[tuple[str, str], list] = {}
            for c in g.findall(SVG + "circle"):
                cx, cy, r = float(c.get("cx")), float(c.get("cy")), float(c.get("r"))
                edge = r + (float(c.get("stroke-width")) / 2 if c.get("stroke") not in (None, "none") else 0)
                rings.setdefault((c.get("cx"), c.get("cy")), []).append((cx - edge, cy - edge, cx + edge, cy + edge))
            values += [(end, _union(boxes)) for boxes in rings.values()]
    view = [float(v) for v in root.get("viewBox").split()]
    return {"tiles": tiles, "letters": letters, "values": values,
            "view": (view[0], view[1], view[0] + view[2], view[1] + view[3])}


def gap(a, b) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(a[0] - b[2], b[0] - a[2], 0)
    dy = max(a[1] - b[3], b[1] - a[3], 0)
    return (dx * dx + dy * dy) ** 0.5


def check_drawn(svg: str, lay: Layout, what: str) -> None:
    """Rings and letters never overlap each other or a tile; every letter is full size (never a
    small one squeezed between tiles); each mark sits next to its own tile; the picture is tight."""
    d = drawn(svg)
    marks = [("letter", *m) for m in d["letters"]] + [("value", *m) for m in d["values"]]
    eps = 1e-6
    for role, end, box in marks:
        for tile, tbox in d["tiles"]:
            assert not overlap(_grow(box, -eps), tbox), f"the {role} of {end} is on {tile}: {what}"
    for i, (role, end, box) in enumerate(marks):
        for role2, end2, box2 in marks[i + 1:]:
            assert not overlap(_grow(box, -eps), box2), f"the {role} of {end} is on the {role2} of {end2}: {what}"
    for end, box in d["letters"]:
        assert box[2] - box[0] >= 1.7 * CELL - eps, f"the letter of {end} is squeezed small: {what}"
    tile_box = dict(d["tiles"])
    own = {e.id: tile_box[str(e.tile)] for e in lay.open_ends}
    letter_gap: dict[str, float] = {}
    for end, box in d["letters"]:
        # against its tile; where a crowded layout leaves no room there, in the nearest free room
        letter_gap[end] = min(letter_gap.get(end, CELL * 9), gap(box, own[end]))
        assert gap(box, own[end]) <= 2.2 * CELL, f"the letter of {end} is away from its tile: {what}"
    letter_box = {end: box for end, box in d["letters"]}
    for end, box in d["values"]:
        # just beyond its letter (straight on, or at its corner where a crowded layout leaves no
        # room straight on), or against its tile
        room = letter_gap[end] + 2.5 * CELL if end in letter_gap else 0.5 * CELL
        by_letter = end in letter_box and gap(box, letter_box[end]) <= 0.5 * CELL
        assert gap(box, own[end]) <= room or by_letter, (
            f"the value of {end} is {gap(box, own[end]):.0f} px from its tile: {what}")
    everything = _union([b for _, b in d["tiles"]] + [b for _, _, b in marks])
    assert inside(everything, d["view"]), f"something is drawn outside the picture: {what}"
    vx0, vy0, vx1, vy1 = d["view"]
    for k in (0, 1):  # tight: at most a line's width of margin around what is drawn
        assert (everything[k + 2] - everything[k]) / (d["view"][k + 2] - d["view"][k]) >= 0.85 or (
            (d["view"][k + 2] - d["view"][k]) - (everything[k + 2] - everything[k]) <= 0.4 * CELL), what


def revealed(p, style="projector"):
    """The layout picture the projector shows after Reveal: the working (after the best play),
    the answer's ends ringed, the letters kept."""
    from puzzles import AnswerShape, kind

    shape = kind(p.kind).answer_shape
    shown = p.board.play(p.answer[0]) if shape is AnswerShape.PLAY else p.board
    letters = shape.clickable
    if letters and shape is AnswerShape.PLAY:
        still = {e.id for e in shown.open_ends}
        letters = {i: x for i, x in end_letters(p.board).items() if i in still}
    marks = tuple(p.answer) if shape is AnswerShape.ENDS else ()
    return shown, render_layout(shown, working=True, letters=letters, style=style, highlight=marks)


@pytest.mark.parametrize("stage", STAGES)
def test_rings_and_letters_never_overlap_on_any_puzzle(stage):
    """Every kind at every level: the projector's reveal, a page's working with letters, and the
    plain picture."""
    for k in KINDS:
        for level in (1, 2, 3):
            for seed in range(12):
                p = generate(k, stage=stage, level=level, seed=seed)
                if not p.board:
                    continue
                shown, svg = revealed(p)
                check_drawn(svg, shown, f"{p.code} revealed")
                check_drawn(render_layout(p.board, working=True, letters=True, highlight=tuple(p.answer)[:1]
                                          if isinstance(p.answer, tuple) else ()), p.board, p.code)
                check_drawn(render_layout(p.board, style="projector"), p.board, f"{p.code} plain")


@pytest.mark.parametrize("variant", ["muggins", "all-fives", "five-up", "sniff", "sniff-crosswise"])
def test_rings_and_letters_never_overlap_over_random_and_played_layouts(variant):
    """Random layouts of every length, and every layout of real hands for 2 to 4 players as they
    are played (spinners whose arms are blocked among them)."""
    rng = random.Random(variant)
    layouts = [random_layout(variant, 1 + k % 28, rng) for k in range(300)]
    for players in (2, 3, 4):
        for _ in range(6):
            s = HandState.deal(RuleSet.from_options(variant=variant), players, rng=rng)
            while s.current_player is not None:
                s.step_random(rng)
                if not s.layout.is_empty:
                    layouts.append(s.layout)
    for lay in layouts:
        ends = [e.id for e in lay.open_ends]
        check_drawn(render_layout(lay, working=True, letters=True, style="projector", highlight=ends[:2]), lay,
                    lay.record)
        check_drawn(render_layout(lay, letters=True), lay, lay.record)


def test_the_reveal_of_376P_34YM_keeps_rings_and_letters_apart():
    """The layout the puzzle code 376P-34YM once showed (Five-Up: two spinner arms meet near a corner),
    where the rings of the counted ends overlapped each other and the letters."""
    lay = Layout.from_record("1-5 1-2>1-5 2-6>1-2 5-6>2-6 4-5>1-5 5-5>5-6 1-4>4-5 1-3>1-4 3-3>1-3 0-3>3-3 "
                             "0-1>0-3 3-6>3-3", variant="five-up")
    answer = ("5-5:5", "0-1:1", "3-6:6")
    svg = render_layout(lay, working=True, letters=True, style="projector", highlight=answer)
    check_drawn(svg, lay, "376P-34YM's layout")
    assert len(drawn(svg)["letters"]) == 4 and len(parse(svg).findall(f".//{SVG}circle[@class='highlight']")) == 3


def test_the_best_plays_mark_sits_against_its_tile():
    """After the best play is revealed, the new end's value touches the tile just played (it once
    sat two squares out, where a letter would have gone)."""
    from trainer.render import CELL

    for stage in STAGES:
        for level in (1, 2, 3):
            for seed in range(15):
                p = generate("best-play", stage=stage, level=level, seed=seed)
                shown, svg = revealed(p)
                d = drawn(svg)
                played = str(shown.placements[-1].tile)
                tile_box = dict(d["tiles"])[played]
                new_ends = {e.id for e in shown.open_ends if str(e.tile) == played}
                for end, box in d["values"]:
                    if end in new_ends:
                        assert gap(box, tile_box) <= 0.25 * CELL, f"{p.code}: {gap(box, tile_box):.0f} px away"


def test_five_up_level_3_fills_the_projectors_picture():
    """The projector gives the layout the screen's width and 42% of its height: in the dimension
    that limits it, what is drawn fills at least 85% of the picture."""
    box_w, box_h = 1800, 0.42 * 1080
    for k in KINDS:
        for seed in range(10):
            p = generate(k, stage="five-up", level=3, seed=seed)
            if not p.board:
                continue
            for svg in (render_layout(p.board, letters=kind(k).clickable, style="projector"), revealed(p)[1]):
                d = drawn(svg)
                content = _union([b for _, b in d["tiles"] + d["letters"] + d["values"]])
                vx0, vy0, vx1, vy1 = d["view"]
                w_limits = box_w / (vx1 - vx0) <= box_h / (vy1 - vy0)
                fill = ((content[2] - content[0]) / (vx1 - vx0) if w_limits
                        else (content[3] - content[1]) / (vy1 - vy0))
                assert fill >= 0.85, (p.code, fill)


def test_last_played_is_quiet_and_unlike_a_chosen_tile_or_an_answer():
    lay = Layout.from_record("4-6 4-4>4-6 1-4>4-4 2-4>4-4", variant="five-up")
    for style in ("classroom", "projector"):
        root = parse(render_layout(lay, working=True, letters=True, highlight=["2-4:2"], style=style))
        last = root.find(f".//{SVG}g[@data-index='3']")
        outline = last.find(f"{SVG}rect[@class='last-played']")
        assert outline is not None and outline.get("stroke-dasharray")  # dashed
        assert "played last" in last.find(f"{SVG}title").text  # said in words too
        assert "2-4 was played last: it has a dashed outline." in root.find(f"{SVG}desc").text
        assert root.find(f".//{SVG}g[@data-index='2']/{SVG}rect[@class='last-played']") is None
        answer_colours = {c.get("stroke") for c in root.iter(SVG + "circle") if c.get("class") == "highlight"}
        answer_colours |= {c.get("fill") for c in root.iter(SVG + "circle") if c.get("class") == "counted"}
        answer_colours |= {r.get("fill") for r in root.iter(SVG + "rect") if r.get("class") == "letter"}
        assert outline.get("stroke") not in answer_colours
        hand = parse(render_hand(["1-2", "3-4"], selected="3-4", style=style))
        chosen = hand.find(f".//{SVG}g[@data-selected='yes']/{SVG}rect")
        assert chosen.get("stroke") != outline.get("stroke") and not chosen.get("stroke-dasharray")
        assert float(chosen.get("stroke-width")) > float(outline.get("stroke-width"))
        # light: the sky blue on either screen; on the projector, whose tiles have heavy edges, never more
        # than half an edge's width
        assert outline.get("stroke") == "#56B4E9"
        if style == "projector":
            edges = [float(r.get("stroke-width")) for r in last.iter(SVG + "line")]  # the tile's own heavy line
            assert edges and float(outline.get("stroke-width")) <= max(edges) / 2, (outline.get("stroke-width"), edges)


def test_a_layout_drawn_again_in_either_language_is_the_picture_drawn_afresh():
    """Each tile's group and each tile's place in the description are kept once drawn (a layout drawn again
    after a move differs by a tile); what is kept is kept by language, and the kept picture is the fresh one."""
    from trainer.render import svg
    from trainer.words import speaking

    lay = random_layout("muggins", 14, random.Random(5))
    fresh: dict[str, str] = {}
    for lang in ("es", "en"):
        svg._laid_tile.cache_clear()
        svg._placed.cache_clear()
        with speaking(lang):
            fresh[lang] = render_layout(lay, letters=True)
    assert fresh["es"] != fresh["en"]
    for lang in ("es", "en", "es"):  # from what was kept in English (and then in Spanish too)
        with speaking(lang):
            assert render_layout(lay, letters=True) == fresh[lang]
            assert render_layout(lay, letters=False) != fresh[lang]
    assert svg._laid_tile.cache_info().hits and svg._placed.cache_info().hits


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_end_s_tooltip_names_it_in_words_never_by_its_id(lang):
    """The title a laptop shows over an end and a screen reader says is "the 4 on 1-4", never the page's id for
    it ("1-4:4", which a child read as a code), in either language; a covered place offered as a choice too."""
    from trainer.words import speaking

    rng = random.Random(11)
    seen = 0
    for variant in ("muggins", "all-fives", "five-up", "sniff"):
        for _ in range(25):
            lay = random_layout(variant, rng.randint(2, 9), rng)
            with speaking(lang):
                svg = render_layout(lay, letters=True, working=True)
            titles = re.findall(r"<title>([^<]*)</title>", svg)
            marks = [t for t in titles if t.startswith(("open end", "punta abierta", "covered", "lugar tapado"))]
            assert marks and not [t for t in marks if re.search(r"\d-\d[:^]\d", t)], marks
            named = re.compile(r"(the \d on|long side of) \d-\d" if lang == "en" else r"(el \d de|lado largo de) \d-\d")
            assert all(named.search(t) for t in marks), marks
            seen += len(marks)
    assert seen > 200
