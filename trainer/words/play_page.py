"""Play a hand: the setup form, the scoreboard, the learner's turn, the end of a hand and of the game."""

from __future__ import annotations

from trainer.rules import Unit
from trainer.words import _, ngettext
from trainer.words.calls import amount


def title() -> str:
    return _("Play a hand")


def saved_game_broken() -> str:
    return _("Your saved game could not be opened. Start a new one!")


def choose_a_tile() -> str:
    return _("Choose a tile first.")


def choose_an_end() -> str:
    return _("Choose an end too.")


def intro() -> str:
    return _("Play real hands against the computer. Every move is explained with its working.")


def game() -> str:
    return _("Game")


def game_source(title: str, source: str) -> str:
    """Where a game's rules come from, in the game chooser's help."""
    return _("{game}: {source}").format(game=title, source=source)


def players() -> str:
    return _("Players")


def partners() -> str:
    return _("Partners at four players (you and Maya)")


def computer_players() -> str:
    return _("Computer players")


def help_while_playing() -> str:
    return _("Help while you play")


def muggins_call() -> str:
    return _("Muggins call: say your score after each play (a missed score goes to the opponents)")


def start() -> str:
    return _("Start the game")


def hand_over(number: int, target: int, unit: Unit) -> str:
    """Beside the scores once a hand is over (a grey line); the target in the game's unit."""
    return _("Hand {number} · to {target}").format(number=number, target=amount(target, unit))


def hand_on(number: int, target: int, boneyard: int, unit: Unit) -> str:
    """Beside the scores during a hand."""
    return _("Hand {number} · to {target} · boneyard {boneyard}").format(
        number=number, target=amount(target, unit), boneyard=boneyard)


def holds(name: str, tiles: int) -> str:
    """How many tiles another player holds."""
    return ngettext("{name} holds {n}", "{name} holds {n}", tiles).format(name=name, n=tiles)


def say_your_score() -> str:
    return _("Say your score")


def what_did_it_score(points: bool) -> str:
    """The question after the learner's play, with the muggins call on, in the game's unit."""
    if points:
        return _("What did your play score, in points?")
    return _("What did your play score, in pips?")


def no_score() -> str:
    return _("No score")


def call_muggins_hidden(name: str) -> str:
    """The heading of the learner's chance to call Muggins!: the missed score stays for the child to count."""
    return _("Did {name} miss a score? Count the ends!").format(name=name)


def muggins_count_yourself(name: str, said: int, unit: Unit) -> str:
    """Under the layout on the Muggins! screen: what the player said, and the choice (no score given away)."""
    if said:
        return _("{name} said {amount}. If the ends make another score, call Muggins! and take it.").format(
            name=name, amount=amount(said, unit))
    return _("{name} said no score. If the ends make a multiple of five, call Muggins! and take it.").format(
        name=name)


def muggins() -> str:
    return _("Muggins!")


def let_it_go() -> str:
    return _("Let it go")


def your_hand() -> str:
    return _("Your hand")


def nothing_fits_draw() -> str:
    return _("Nothing in your hand fits: draw from the boneyard.")


def draw() -> str:
    return _("Draw a tile")


def cannot_lead() -> str:
    return _("You have no double and no tile that scores by itself, so you can't lead: pass the lead on.")


def pass_the_lead() -> str:
    return _("Pass the lead")


def nothing_fits_pass() -> str:
    return _("Nothing fits and nothing is left to draw: pass.")


def pass_() -> str:
    return _("Pass")


def where_tiles_go() -> str:
    return _("**Where each tile can go:**")


def lead(tile: str) -> str:
    return _("Lead {tile}").format(tile=tile)


def beside_sniff(tile: str, letter: str) -> str:
    return _("{tile} beside the sniff, end {letter}").format(tile=tile, letter=letter)


def on_end(tile: str, letter: str) -> str:
    return _("{tile} on end {letter}").format(tile=tile, letter=letter)


def option(play: str, total: int, score: int, unit: Unit) -> str:
    """A play and what it makes: ``"3-4 on end B → total 15, scores 15 pips"``."""
    if score:
        return _("{play} → total {total}, scores {amount}").format(play=play, total=total,
                                                                   amount=amount(score, unit))
    return _("{play} → total {total}").format(play=play, total=total)


def try_play(play: str) -> str:
    """A suggestion with the muggins call on: the play alone, its score for the child to say."""
    return _("Try {play}.").format(play=play)


def tile() -> str:
    return _("Tile")


def end() -> str:
    return _("End")


def play() -> str:
    return _("Play")


def draw_instead() -> str:
    return _("Draw instead")


def end_of_hand() -> str:
    return _("End of the hand")


def see_who_won() -> str:
    return _("See who won")


def next_hand() -> str:
    return _("Next hand")


def shared_win() -> str:
    return _("It's a shared win!")


def won(partner: str | None = None) -> str:
    """The learner's win: alone, or with their partner (named)."""
    if partner is None:
        return _("You won the game!")
    return _("You and {partner} won the game!").format(partner=partner)


def won_this_time(side: str) -> str:
    return _("{side} won this time. Have another go!").format(side=side)


def hands_played(hands: int, target: int, unit: Unit) -> str:
    return ngettext("{n} hand played, to {target}.", "{n} hands played, to {target}.", hands).format(
        n=hands, target=amount(target, unit))


def new_game() -> str:
    return _("New game")


def rematch() -> str:
    """Another game with the same settings, on a new deal."""
    return _("Rematch")


def what_happened() -> str:
    return _("What happened")


def newest_first() -> str:
    """Beside "What happened": the order of its lines."""
    return _("newest first")


def just_dealt() -> str:
    return _("The hand has just been dealt.")


def quit_game() -> str:
    return _("Quit this game")


def quit_sure() -> str:
    return _("Quit this game? It cannot be picked up again.")


def quit_yes() -> str:
    return _("Yes, quit")


def keep_playing() -> str:
    return _("Keep playing")


def game_back_later() -> str:
    """A signed-in child's saved game while the progress store is away (a reload during an outage)."""
    return _("Your saved game will be back as soon as saving works again: wait a moment, or start a new one.")


def guest_game_back() -> str:
    """A guest's game, kept in this browser, picked up again after a reload."""
    return _("Your game was kept on this device: it goes on where you left it.")


def game_log(hands: int) -> str:
    """The expander with every earlier hand's story."""
    return ngettext("Game log: {n} hand before this one", "Game log: {n} hands before this one", hands).format(
        n=hands)


def hand_heading(number: int) -> str:
    return _("Hand {number}").format(number=number)


def hand_column() -> str:
    """The first column of the hands' score table."""
    return _("Hand")


def total_row() -> str:
    """The last row of the hands' score table."""
    return _("Total")


def tiles_left(name: str, *, mine: bool) -> str:
    """Whose tiles are shown at the end of a hand."""
    return _("Your tiles") if mine else _("{name}'s tiles").format(name=name)
