"""The pictures of puzzles about ends: every choice is marked on the picture the way the buttons name
it, a covered place's letter sits against the half it names, and the end a make-five question names
is marked among the tiles."""

import re
import xml.etree.ElementTree as ET

import pytest

from puzzles import KINDS, STAGES, from_code, generate, pictures
from trainer.render import CELL, layout_geometry

SVG = "{http://www.w3.org/2000/svg}"


def letters_drawn(svg: str) -> dict[str, list[tuple[str, tuple[float, float, float, float]]]]:
    """Each end id marked with a letter: (letter, its square in picture units)."""
    out: dict[str, list] = {}
    for g in ET.fromstring(svg).iter(SVG + "g"):
        if g.get("data-letter") is None:
            continue
        for r in g.findall(SVG + "rect"):
            if r.get("class") == "letter":
                x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
                out.setdefault(g.get("data-end"), []).append((g.get("data-letter"), (x, y, x + w, y + h)))
    return out


def overlap(a, b, eps=1e-6):
    return a[0] < b[2] - eps and b[0] < a[2] - eps and a[1] < b[3] - eps and b[1] < a[3] - eps


def centre(box):
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def dist(a, b):
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


@pytest.mark.parametrize("stage", STAGES)
def test_every_choice_of_counted_ends_is_lettered_on_the_picture(stage):
    """The picture letters every choice, open end or covered place, with the letter its button shows;
    no letter is on a tile or on another letter; a covered place's letter is nearer the half it names
    than the tile's other half."""
    covered_seen = 0
    for level in (1, 2, 3):
        for seed in range(25):
            p = generate("counted-ends", stage=stage, level=level, seed=seed)
            letters = pictures.choice_letters(p)
            svg, _ = pictures.puzzle_pictures(p, working=False)
            drawn = letters_drawn(svg)
            assert {c.value for c in p.choices} <= set(drawn), p.code
            assert sorted(letters.values()) == sorted(set(letters.values())), f"{p.code}: a letter used twice"
            for value, marks in drawn.items():
                assert all(letter == letters[value] for letter, _ in marks), p.code
            g = layout_geometry(p.board)
            tiles = [tuple(v * CELL for v in t.box) for t in g.tiles]
            squares = [box for marks in drawn.values() for _, box in marks]
            for i, box in enumerate(squares):
                assert box[2] - box[0] >= 1.7 * CELL - 1e-6, f"{p.code}: a letter squeezed small"
                assert not any(overlap(box, t) for t in tiles), f"{p.code}: a letter on a tile"
                assert not any(overlap(box, other) for other in squares[i + 1:]), f"{p.code}: letters overlap"
            open_ids = {e.id for e in p.board.open_ends}
            by_tile = {str(t.tile): t for t in g.tiles}
            for value, marks in drawn.items():
                if value in open_ids:
                    continue
                covered_seen += 1
                tile, number = value.split(":")
                t = by_tile[tile]
                named = [tuple(v * CELL for v in h.box) for h in t.halves if h.number == int(number)]
                other = [tuple(v * CELL for v in h.box) for h in t.halves if h.number != int(number)]
                c = centre(marks[0][1])
                near = min(dist(c, centre(h)) for h in named)
                assert near <= 2.6 * CELL, f"{p.code}: the letter of {value} is {near:.0f} px from its half"
                if other:
                    assert near < min(dist(c, centre(h)) for h in other), f"{p.code}: {value} by its other half"
    assert covered_seen >= 10, "covered places are offered and lettered"


def test_the_choices_of_GCKK_EWHK_are_named_as_the_picture_marks_them():
    """Once "A: the 0 on 0-3 · B: … · 3: the 3 on 0-3": a letter and a number for the same kind of choice."""
    p = from_code("GCKK-EWHK")
    letters = pictures.choice_letters(p)
    assert letters == {"0-3:0": "A", "3-6:6": "B", "0-3:3": "C"}
    drawn = letters_drawn(pictures.puzzle_pictures(p, working=False)[0])
    assert {v: marks[0][0] for v, marks in drawn.items()} == letters


def test_the_end_a_make_five_question_names_is_marked():
    """FN4J-D96G asks about "the 3 on 2-3" among 12 tiles: the picture rings that end."""
    for code in ["FN4J-D96G"] + [generate("make-five", stage=s, level=lv, seed=n).code
                                 for s in STAGES for lv in (2, 3) for n in range(8)]:
        p = from_code(code)
        named = pictures.named_ends(p)
        if not p.question.startswith("A tile goes on"):
            assert named == ()
            continue
        assert len(named) == 1, code
        svg = pictures.puzzle_pictures(p, working=False, ringed=named)[0]
        ringed = re.findall(r'<g [^>]*data-end="([^"]+)"[^>]*data-named="1"', svg)
        assert ringed == list(named), code
        end = next(e for e in p.board.open_ends if e.id == named[0])
        assert f"the {end.number} on {end.tile}" in p.question or "double" in p.question, code


@pytest.mark.parametrize("stage", STAGES)
def test_the_projector_shows_an_open_puzzle_as_every_page_does(stage):
    """While a puzzle is open the big screen's picture is the app's: the same letters, the same ends ringed."""
    for kind_id in KINDS:
        for seed in range(6):
            p = generate(kind_id, stage=stage, level=2, seed=seed)
            app = pictures.puzzle_pictures(p, working=False, style="projector", ringed=pictures.named_ends(p))[0]
            assert pictures.big_screen_layout(p, revealed=False) == app, p.code
