"""The games, as a player reads them: variant names, the games and rule sets on Play a hand, where
each one's rules come from, the computer players' levels and the help levels — keyed by id, so the
engine keeps ids and the pages show these.

>>> variant_name("five-up"), GAME_TITLES["preset:five-up-armanino"]
('Five-Up', "Five-Up — Armanino's rules")
>>> preset_title("all-fives-tidwell")
"All Fives — Tidwell's rules"
"""

from __future__ import annotations

from trainer.rules import Variant
from trainer.words import N_, Said, _

VARIANT_NAMES = Said({
    Variant.MUGGINS.value: N_("Muggins"),
    Variant.ALL_FIVES.value: N_("All Fives"),
    Variant.FIVE_UP.value: N_("Five-Up"),
    Variant.SNIFF.value: N_("Sniff"),
    Variant.SNIFF_CROSSWISE.value: N_("Sniff (crosswise)"),
})
"""Each game of the family, by its variant id."""

GUIDANCE_TITLES = Said({
    "off": N_("Off"),
    "playable": N_("Show the playable tiles"),
    "where": N_("Show where each can go and what it scores"),
    "suggest": N_("Suggest the best play"),
})
"""How much help a player gets, by id."""

BOT_TITLES = Said({"beginner": N_("Beginner"), "greedy": N_("Greedy"), "expert": N_("Expert")})
"""The computer players' levels, by word: each :class:`trainer.bots.BotLevel` equals its word and reads
its title here (the bots sit above the words, so the table is keyed by the words)."""

GAME_TITLES = Said({
    "muggins": N_("Muggins — two ends (learning rules)"),
    "all-fives": N_("All Fives — one spinner (learning rules)"),
    "five-up": N_("Five-Up — every double spins (learning rules)"),
    "preset:muggins": N_("Muggins — the old game"),
    "preset:all-fives": N_("All Fives — the classic game"),
    "preset:all-fives-tidwell": N_("All Fives — Tidwell's rules"),
    "preset:five-up-armanino": N_("Five-Up — Armanino's rules"),
    "preset:five-up-club": N_("Five-Up — club rules"),
    "preset:five-up-pagat": N_("Five-Up — Pagat's rules"),
    "preset:sniff": N_("Sniff — the first double lies in line, with a tile beside it"),
    "preset:sniff-crosswise": N_("Sniff — the first double spins and its ends count"),
    "preset:seven-toed-pete": N_("Seven-Toed Pete — score and go again (4 players)"),
    "preset:horse-race": N_("Horse Race — score and go again, every double spins (4 players)"),
    "preset:horse-race-pagat": N_("Horse Race — Pagat's rules, with a boneyard (2 to 4 players)"),
})
"""One entry per game on the Play page, named for people: a stage (the learning rules) or
``"preset:<id>"`` (a preset of :data:`trainer.rules.PRESETS`)."""

GAME_SOURCES = Said({
    "muggins": N_("The trainer's own rules: two ends, scores shown as pips and points."),
    "all-fives": N_("The trainer's own rules: the first double is the spinner."),
    "five-up": N_("The trainer's own rules: every double is a spinner."),
    "preset:muggins": N_("Two ends, 7 tiles each, to 200 pips; say your score or an opponent takes it."),
    "preset:all-fives": N_("The first double spins; 9, 7 or 5 tiles; to 250 or 200 pips."),
    "preset:all-fives-tidwell": N_("5 tiles, to 150 pips; you may draw when you could play; say your score."),
    "preset:five-up-armanino": N_("Every double spins; scores in points; the first side to reach 61 wins at once, "
                                   "even in the middle of a hand; partners at four."),
    "preset:five-up-club": N_("Every double spins; to 100 points; everyone's leftover tiles go to the winner."),
    "preset:five-up-pagat": N_("Every double spins; to 61 points; each player loses the spots left on their "
                                 "own tiles."),
    "preset:sniff": N_("The first double, the sniff, is laid in line; one tile may go beside each of its long "
                       "sides and its outer half counts to the end of the hand. 7, 6 or 5 tiles; to 250 or 200 pips."),
    "preset:sniff-crosswise": N_("The first double, the sniff, spins; its short ends count their half while "
                                 "they are free. 7, 6 or 5 tiles; to 250 or 200 pips."),
    "preset:seven-toed-pete": N_("Four players, 7 tiles each, no boneyard; score or play a double and you go again; "
                                 "lead a double or a tile that scores."),
    "preset:horse-race": N_("Seven-Toed Pete where every double spins."),
    "preset:horse-race-pagat": N_("Every double spins; score or play a double and you go again, but a tile "
                                  "you draw ends your turn. 7, 6 or 5 tiles; to 61 points."),
})
"""Where each game's rules come from, in a line for the help text."""


def variant_name(variant: Variant | str) -> str:
    """A game of the family by name: Muggins, All Fives, Five-Up, Sniff, Sniff (crosswise)."""
    return VARIANT_NAMES[Variant.parse(variant).value]


def preset_title(preset: str) -> str:
    """A preset of :data:`trainer.rules.PRESETS`, named for people (its id when it has no name)."""
    key = f"preset:{preset}"
    return GAME_TITLES[key] if key in GAME_TITLES else preset


def game_title(game: str) -> str:
    """A game of the Play page (a stage or ``"preset:<id>"``), named for people."""
    return GAME_TITLES[game] if game in GAME_TITLES else game


def game_name(game: str) -> str:
    """A game's short name, without what it adds: ``"Five-Up"`` for ``"preset:five-up-armanino"``."""
    return game_title(game).split(" — ")[0]


def your_tiles(name: str, *, you: bool) -> str:
    """The caption of a player's tiles: ``"Your tiles"``, ``"Leo's tiles"``."""
    if you:
        return _("Your tiles")
    return _("{name}'s tiles").format(name=name)
