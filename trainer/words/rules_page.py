"""The Rules page: how the Fives games work, a paragraph at a time (each one whole, for a
translator); ``{working}`` and ``{score}`` are filled in from the engine."""

from __future__ import annotations

from trainer.words import _, ngettext


def title() -> str:
    return _("How the Fives games work")


def opening() -> str:
    return _("You lay dominoes in a line. The numbers on the **open ends** — the ends nothing is played on yet — "
             "add up to the **open-end total**. If the total is 5, 10, 15, 20… (a multiple of five), you score "
             "it! We show scores two ways: as the total (15) and as points, the total divided by 5 (15 → 3 "
             "points).")


def lessons() -> list[tuple[str, list[tuple[str, str, str]]]]:
    """Each lesson's heading and its pictures: (layout record, variant, words)."""
    return [
        (_("1. Muggins — two ends"), [
            ("2-5 3-5>2-5", "muggins", _("The line has two open ends. Here they make {working}: {score}.")),
            ("2-4 4-4>2-4", "muggins",
             _("A **double** is laid crosswise. At the end of the line it counts **both halves**: here 4-4 "
               "counts 8, so the total is {working}: {score}.")),
            ("2-4 4-4>2-4 4-6>4-4", "muggins",
             _("Once a tile covers its other side, the double counts nothing: {working}.")),
        ]),
        (_("2. All Fives — one spinner"), [
            ("1-4 1-1>1-4", "all-fives",
             _("The **first double** played is the **spinner** (it has a green dot here). Like any double at an "
               "end it counts both halves while a side is free: {working}: {score}.")),
            ("1-4 1-1>1-4 4-4>1-4 3-4>4-4 1-2>1-1", "all-fives",
             _("When both of its sides are covered, the spinner **stops counting** — even though its ends are "
               "still open. The grey 0 shows an empty spinner end: {working}: {score}.")),
            ("1-4 1-1>1-4 4-4>1-4 3-4>4-4 1-2>1-1 1-3>1-1 1-6>1-1", "all-fives",
             _("Now tiles can go on the spinner's two ends: a **third and a fourth arm**. Every arm's end "
               "counts: {working}: {score}. Only the first double spins in All Fives.")),
        ]),
        (_("3. Five-Up — every double spins"), [
            ("4-6 4-4>4-6 1-4>4-4 2-4>4-4", "five-up",
             _("In Five-Up **every** double is a spinner, so arms can grow from each one. Here 4-4 has both "
               "sides covered and one end taken: {working}: {score}.")),
        ]),
        (_("4. Sniff — the first double is the sniff"), [
            ("4-6 4-4>4-6 1-4^4-4", "sniff",
             _("In **Sniff** the first double is the **sniff**. It lies in the line like any tile, so its free "
               "end counts one half. A tile may also go **beside** each of its long sides, and that tile's "
               "outer number counts until the hand ends: {working}: {score}.")),
            ("4-4 4-6>4-4 1-4>4-4", "sniff-crosswise",
             _("Some players lay the sniff **across** the line and let it spin. Its two short ends keep "
               "counting while nothing is on them, even after both sides are covered: {working}: {score}.")),
        ]),
    ]


def end_of_hand() -> str:
    return _("5. The end of a hand")


def rounding(pips: int, rounded: int, points: int) -> str:
    return ngettext(
        "When someone plays their last tile (or nobody can play), the tiles left in hands are counted and "
        "**rounded to the nearest five**: 1 or 2 round down, 3 or 4 round up. These tiles make {pips} pips, "
        "which rounds to {rounded} → {n} point.",
        "When someone plays their last tile (or nobody can play), the tiles left in hands are counted and "
        "**rounded to the nearest five**: 1 or 2 round down, 3 or 4 round up. These tiles make {pips} pips, "
        "which rounds to {rounded} → {n} points.",
        points).format(pips=pips, rounded=rounded, n=points)


def table_head() -> tuple[str, str, str]:
    """The rounding table's columns."""
    return _("pips"), _("rounds to"), _("points")
