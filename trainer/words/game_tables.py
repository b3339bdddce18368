"""Tables of children playing each other: every sentence of the Tables page."""

from __future__ import annotations

from trainer.words import _, ngettext


def seat_label(seat: int) -> str:
    """A seat no child has named yet: ``"Seat 2"`` (seats counted from 1)."""
    return _("Seat {n}").format(n=seat + 1)


def title() -> str:
    return _("Play at a table")


def not_working() -> str:
    return _("Tables need the progress store, and it is not answering right now. Try again in a minute.")


def seats_for_game(game: str, seats: tuple[int, ...]) -> str:
    counts = ", ".join(str(n) for n in seats)
    return _("{game} is played by {counts} players: choose one of those.").format(game=game, counts=counts)


def intro() -> str:
    return _("Play a real game with your classmates: each on their own tablet, or passing one tablet round.")


# ----- opening and joining -----

def join_or_open() -> str:
    return _("Join a table or open one")


def open_heading() -> str:
    return _("Open a table")


def join_heading() -> str:
    return _("Join a table")


def seats_label() -> str:
    return _("Players")


def partners_label() -> str:
    return _("Partners at four (the players opposite play together)")


def stand_in_label() -> str:
    return _("If someone leaves, the computer plays for them as")


def hints_label() -> str:
    return _("Show where tiles go")


def call_label() -> str:
    return _("After a score")


def call_off() -> str:
    return _("Every score counts")


def call_say() -> str:
    return _("Say your score")


def call_muggins() -> str:
    return _("Say your score, or hear “Muggins!”")


def pass_and_play() -> str:
    return _("Pass and play: everyone on this tablet")


def player_name(n: int) -> str:
    return _("Player {n}'s name").format(n=n)


def your_name() -> str:
    return _("Your name")


def open_button() -> str:
    return _("Open the table")


def code_label() -> str:
    return _("Table code")


def code_help() -> str:
    return _("Seven letters and numbers, like KQ7M-XR4: the child who opened the table has it.")


def code_example() -> str:
    return "KQ7M-XR4"  # a code, the same in every language


def join_button() -> str:
    return _("Join")


def class_tables() -> str:
    return _("Your class's tables")


def no_class_tables() -> str:
    return _("No table is open in your class right now. Open one!")


def join_this(code: str, names: str) -> str:
    return _("Join {code} ({names})").format(code=code, names=names)


def nobody_yet() -> str:
    return _("nobody yet")


def sign_in_or_name() -> str:
    return _("Type your name to join, or sign in so the table keeps your seat on any tablet.")


# ----- the waiting room -----

def table_heading(code: str) -> str:
    return _("Table {code}").format(code=code)


def tell_the_code() -> str:
    return _("Tell your friends this code: they type it on Play at a table.")


def seat_line(seat: int, name: str) -> str:
    return _("Seat {n}: {name}").format(n=seat + 1, name=name)


def computer_named(name: str) -> str:
    """A computer player's name where a teacher might take it for a child's (My class's list of tables)."""
    return _("{name} (computer)").format(name=name)


def seat_empty(seat: int, name: str) -> str:
    """A seat no child sits at yet: the computer player there, by name (Play a hand's names)."""
    return _("Seat {n}: empty — the computer plays here as {name}").format(n=seat + 1, name=name)


def start_button() -> str:
    return _("Start the game")


def waiting_for_start(name: str) -> str:
    return _("Waiting for {name} to start the game…").format(name=name)


def leave_button() -> str:
    return _("Leave the table")


def seat_gone() -> str:
    return _("Your seat at that table is gone. Join a table again, or ask your teacher.")


def back_to_tables() -> str:
    return _("Back to the tables")


# ----- playing -----

def your_turn() -> str:
    return _("Your turn!")


def turn_of(name: str) -> str:
    return _("{name}'s turn").format(name=name)


def tiles_held(name: str, n: int) -> str:
    return ngettext("{name}: {n} tile", "{name}: {n} tiles", n).format(name=name, n=n)


def away(name: str) -> str:
    return _("{name} is away: the computer plays for them until they come back.").format(name=name)


def computer_plays_for(name: str, *, you: bool) -> str:
    """The story: the computer takes over a child's seat (they are away, or left the table)."""
    if you:
        return _("You were away: the computer is playing for you until you come back.")
    return _("{name} is away: the computer is playing for them until they come back.").format(name=name)


def back_at_the_table(name: str, *, you: bool) -> str:
    if you:
        return _("You are back and playing again.")
    return _("{name} is back and playing again.").format(name=name)


def played_for_you() -> str:
    return _("While you were away, the computer played for you.")


def hand_off(name: str) -> str:
    return _("Give the tablet to {name}").format(name=name)


def hand_off_note() -> str:
    return _("Everyone else: look away! Your tiles are hidden until it is your turn.")


def show_my_tiles(name: str) -> str:
    return _("I'm {name}: show my tiles").format(name=name)


def your_tiles() -> str:
    return _("Your tiles")


def waiting_for(name: str) -> str:
    return _("Waiting for {name} to play…").format(name=name)


def waiting_for_score(name: str) -> str:
    """While a player says what their play scored (Say your score, the muggins call)."""
    return _("Waiting for {name} to say the score…").format(name=name)


def waiting_for_muggins(name: str) -> str:
    """While an opponent decides whether to call Muggins!."""
    return _("Waiting for {name} to call Muggins! or let it go…").format(name=name)


def hand_over(number: int) -> str:
    return _("Hand {n} is over.").format(n=number)


def scores_now() -> str:
    """Above the game's scores after a hand's count (each side's name and its score follow)."""
    return _("The scores now:")


def deal_next() -> str:
    return _("Deal the next hand")


def game_over() -> str:
    return _("The game is over!")


def side_won(side: str) -> str:
    """The winners named, on a tablet passed round (every child's hand on it)."""
    return _("{side} won the game!").format(side=side)


def rematch() -> str:
    return _("Play again")


def table_ended() -> str:
    return _("This table has ended.")


def teacher_ended() -> str:
    """On a child's tablet, when the teacher ended the table before its game was over."""
    return _("Your teacher ended this table. This is how the game stood:")


def scores_heading() -> str:
    return _("Scores")


# ----- a move that was not kept -----

def played_first(name: str | None) -> str:
    if name:
        return _("{name} played first.").format(name=name)
    return _("Someone else played first.")


def already_played_elsewhere() -> str:
    """The child's own move was kept first, from their other tablet."""
    return _("You already played that turn on your other tablet.")


def already_played() -> str:
    """A shared tablet: the seat's move was kept already."""
    return _("That move was already played.")


def already_dealt() -> str:
    return _("The next hand is already dealt.")


def tap_not_kept() -> str:
    """A tap that went to an app process which stopped before keeping it (the page came back without it)."""
    return _("Your last tap was not kept: the connection was lost before it arrived. Tap your move again.")


def not_your_turn() -> str:
    return _("Wait for your turn.")


def moved_on() -> str:
    return _("The game moved on: look at the table again.")


def not_allowed() -> str:
    return _("That move can't be made now. Try another tile.")


def not_started() -> str:
    return _("The game hasn't started yet.")


def over() -> str:
    return _("This game is over.")


# ----- the teacher: My class and the projector -----

def status_waiting() -> str:
    return _("waiting to start")


def tables_heading() -> str:
    return _("Tables")


def tables_caption() -> str:
    return _("Children play each other at tables of two to four, each on their own tablet. Open tables here, "
             "or let the children open their own on Play at a table.")


def open_for_class() -> str:
    return _("Open tables for the class")


def how_many_tables() -> str:
    return _("How many tables")


def same_deal() -> str:
    return _("The same deal at every table")


def same_deal_help() -> str:
    return _("Every table gets the same tiles, so after a hand the projector can compare what each table did.")


def guests_label() -> str:
    return _("Children of other classes and guests may join")


def open_tables() -> str:
    return _("Open the tables")


def no_tables_yet() -> str:
    return _("No tables yet today.")


def show_on_projector() -> str:
    return _("Show on the projector")


def end_table() -> str:
    return _("End this table")


def end_table_sure(code: str) -> str:
    """Asked once the teacher pressed End this table: the children's game stops for good."""
    return _("End table {code}? The children's game stops here and cannot go on.").format(code=code)


def end_table_yes() -> str:
    return _("Yes, end it")


def end_table_no() -> str:
    return _("No, let them play")


def watch_needs_class() -> str:
    return _("Open your class on My class first, then show one of its tables from there.")


def open_my_class() -> str:
    return _("Open My class")


def compare_heading(hand: int) -> str:
    return _("Hand {n} at every table").format(n=hand)


def waiting_for_tables(hand: int) -> str:
    return _("This table has finished hand {n}: waiting for the other tables to finish it.").format(n=hand)


def ended_while_away(code: str) -> str:
    return _("Your game at table {code} ended while you were away: the computer played for you to the end.").format(
        code=code)


def tables_not_started(hand: int) -> str:
    return _("The other tables of this deal have not started: hand {n} is compared once another finishes it.").format(
        n=hand)


def tables_still_playing(n: int) -> str:
    return ngettext("{n} table is still playing this hand.", "{n} tables are still playing this hand.",
                    n).format(n=n)


def same_tiles_heading() -> str:
    return _("The same tiles at every table")


def held_the_same(who: str) -> str:
    """The children who held the same tiles, one at each table: ``"Maya (AB12-CD3), Leo (EF45-GH6)"``."""
    return _("Held the same tiles: {who}").format(who=who)


def table_column() -> str:
    return _("Table")


def played_alike() -> str:
    return _("Every table played this hand the same way.")


def parted_after(moves: int) -> str:
    return ngettext("The tables played alike for {n} move, then:", "The tables played alike for {n} moves, then:",
                    moves).format(n=moves)


def parted_at_once() -> str:
    return _("The tables played differently from the very first move:")


def choice_line(codes: str, name: str, move: str, score: int) -> str:
    """What one group of tables did where the tables parted: ``"AB12-CD3: Maya played 3-4>4-4, 2 points"``."""
    if score:
        return ngettext("{tables}: {name} played {move}, {n} point", "{tables}: {name} played {move}, {n} points",
                        score).format(tables=codes, name=name, move=move, n=score)
    return _("{tables}: {name} played {move}, no score").format(tables=codes, name=name, move=move)
