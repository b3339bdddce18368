"""A puzzle and its answer fit the screen it is used on, measured with the elements' boxes in a real
browser: every kind at every level on a tablet's Practice page (1024×768) and on the projector after
Reveal (1920×1080). One app server for the file; each puzzle opened by its code. Screenshots go to
tests/artifacts/ (fit-*.png)."""

import chromium
import pytest
from chromium import shot

from puzzles import KINDS, STAGES, from_code, generate, kind
from trainer.web.markup import whole_tiles

pytestmark = [pytest.mark.browser, chromium.needs_chromium]

TABLET = {"width": 1024, "height": 768}
PROJECTOR = {"width": 1920, "height": 1080}


def sample(kinds, levels=(1, 2, 3), seed=11):
    """One puzzle per kind and level, the stage taking turns (the biggest layouts are Five-Up's)."""
    out = []
    for i, k in enumerate(kinds):
        for level in levels:
            stage = STAGES[(i + level) % len(STAGES)] if level < 3 else "five-up"
            out.append(generate(k, stage=stage, level=level, seed=seed + i))
    return out


def open_code(page, server, path, code):
    chromium.goto(page, f"{server}/{path}?code={code}", settle=False)
    # the code is said on the projector; on Practice it is among the folded choosers, drawn only when opened:
    # there the new page's puzzle is its board
    page.get_by_text(code).or_(page.locator(".fives-board")).first.wait_for(state="attached", timeout=30000)
    chromium.settled(page, 60000)


def boxes_inside(page, locators, height, what):
    for name, loc in locators:
        assert loc.count(), f"{what}: no {name}"
        for i in range(loc.count()):
            box = loc.nth(i).bounding_box()
            assert box is not None, f"{what}: {name} not drawn"
            assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, (
                f"{what}: {name} reaches {box['y'] + box['height']:.0f} px of {height}")


def practice_parts(page, p):
    """The picture, the answer's widgets and the button that sends it."""
    parts = [("question", page.get_by_role("heading", name=p.question[:30]).first)]
    board = page.locator(".fives-board").first
    if p.board:
        parts.append(("layout", board.locator("svg.fives-layout")))
    if p.hand:
        parts.append(("hand", board.locator("svg.fives-hand")))
    if p.number is not None:
        parts.append(("number line", board.locator("svg.fives-number-line")))
    shape = kind(p.kind).answer_shape.name
    if shape == "PLAY":
        parts.append(("play buttons", page.get_by_role("button", name=" on end ")))
    elif shape == "ENDS":
        parts.append(("letter buttons", page.locator("[data-testid='stButtonGroup'] button[aria-pressed]")))
        parts.append(("Check", page.get_by_role("button", name="Check", exact=True)))
    else:
        parts.append(("answer box", page.locator("[data-testid='stTextInput'] input")))
        parts.append(("Check", page.get_by_role("button", name="Check", exact=True)))
    return parts


def test_every_practice_puzzle_and_its_answer_fit_a_tablet_without_scrolling(server, browser):
    page = browser.new_page(viewport=TABLET, has_touch=True)
    puzzles = sample(KINDS) + [from_code(c) for c in ("9MRC-Y9Q7", "GCKK-EWHK", "FN4J-D96G", "KWX6-D3AR")]
    for p in puzzles:
        open_code(page, server, "", p.code)
        page.locator(".fives-board").first.wait_for(state="visible", timeout=30000)
        chromium.steady(page, page.locator(".fives-board").first)  # drawn at its size, the page at rest
        assert page.evaluate("window.scrollY") == 0
        what = f"{p.code} ({p.kind}, {p.stage}, level {p.level})"
        if p.code in ("KWX6-D3AR", "9MRC-Y9Q7") or p.level == 3:
            shot(page, f"fit-practice-{p.kind}-{p.level}-{p.code}.png")
        boxes_inside(page, practice_parts(page, p), TABLET["height"], what)
    page.close()


def test_counted_ends_has_one_selection_and_one_check(server, browser):
    """9MRC-Y9Q7: a tap on B on the picture is the same choice as the button B, and the one Check
    answers it (it once said "Choose at least one." after a tap on the picture)."""
    p = from_code("9MRC-Y9Q7")
    page = browser.new_page(viewport=TABLET, has_touch=True)
    open_code(page, server, "", p.code)
    letter = page.locator(".fives-board .layout [data-letter='B']").first
    letter.wait_for(state="visible", timeout=30000)
    assert page.get_by_role("button", name="Check my ends").count() == 0
    assert page.get_by_role("button", name="Check", exact=True).count() == 1
    b_value = letter.get_attribute("data-end")
    text = next(c.text for c in p.choices if c.value == b_value)
    pill = page.locator("[data-testid='stButtonGroup'] button[aria-pressed]", has_text=f"B: {text}").first
    chromium.until_shown(page, lambda: letter.click(force=True),
                          page.locator("[data-testid='stButtonGroup'] button[aria-pressed='true']", has_text="B:"))
    assert pill.get_attribute("aria-pressed") == "true"
    assert page.locator("[data-testid='stButtonGroup'] button[aria-pressed='true']").count() == 1
    page.get_by_role("button", name="Check", exact=True).click()
    verdict = page.locator("[data-testid='stAlert']").first
    verdict.wait_for(timeout=30000)
    assert "at least one" not in verdict.inner_text()
    chromium.settled(page, 30000)
    # the verdict (where mastery news is said too) and the next step stay on the first screen
    boxes_inside(page, [("verdict", verdict), ("Next puzzle", page.get_by_role("button", name="Next puzzle"))],
                 TABLET["height"], p.code)
    shot(page, "fit-counted-ends-checked.png")
    page.close()


def projector_parts(page):
    return [("layout", page.locator("svg.fives-layout").first),
            ("answer", page.get_by_text("Answer:").first),
            ("Reveal", page.get_by_role("button", name="Reveal")),
            ("Next puzzle", page.get_by_role("button", name="Next puzzle"))]


def test_the_projector_after_reveal_fits_one_screen(server, browser):
    page = browser.new_page(viewport=PROJECTOR)
    for p in sample(("best-play", "play-score", "make-five"), seed=3) + [from_code("KWX6-D3AR")]:
        open_code(page, server, "projector", p.code)
        page.get_by_role("button", name="Reveal").first.wait_for(timeout=30000)
        chromium.until_shown(page, lambda: page.get_by_role("button", name="Reveal").first.click(),
                              page.get_by_text("Answer:").first)
        chromium.settled(page, 30000)
        parts = projector_parts(page)
        explanation = page.get_by_text(whole_tiles(p.explanation)[:25]).last  # its tiles' hyphens unbroken
        parts.append(("explanation", explanation))
        boxes_inside(page, parts, PROJECTOR["height"], f"{p.code} on the projector")
        # a tile in the answer and its working is never cut at its hyphen ("5-" at a line's end, "5" below)
        assert page.evaluate(chromium.BROKEN_TILE_NAMES) == [], p.code
        if p.stage == "five-up" and p.level == 3:
            tile = page.locator("svg.fives-layout g[data-tile]").first.bounding_box()
            assert max(tile["width"], tile["height"]) >= 90, f"{p.code}: a tile {tile} is too small for 8 m"
            shot(page, f"fit-projector-{p.kind}-{p.code}.png")
    page.close()
