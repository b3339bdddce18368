"""Computer players and the hint engine. Pure Python; they decide from a PlayerView alone.

- :class:`Beginner` plays a random legal move (and may forget to call its score).
- :class:`Greedy` takes the play that scores most right now.
- :class:`Expert` looks ahead: it deals the tiles it cannot see in ways that agree with
  everything it has seen (tiles played, who drew or passed on which numbers), plays the rest
  of the hand out with greedy players for each candidate, and keeps the play that leaves its
  side furthest ahead, settlement included.
"""

from trainer.bots.hints import Suggestion, suggest
from trainer.bots.players import BOTS, Beginner, Bot, BotLevel, Expert, Greedy, make_bot

__all__ = ["BOTS", "Beginner", "Bot", "BotLevel", "Expert", "Greedy", "Suggestion", "make_bot", "suggest"]
