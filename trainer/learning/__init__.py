"""The learner model: what a child knows (mastery), what they practise next (the coach and its
teaching), the Fives Sprint, puzzles from their own games (transfer) and the outbox that keeps their
answers. Pure Python: the clock and the randomness are passed in, and every threshold comes from one
frozen :class:`Policy`.

>>> import random
>>> pr = Practice(progress=Progress(), seed_source=random.Random(7), clock=lambda: 0.0)
>>> p = pr.new_puzzle(COACH, "muggins", 1)
>>> pr.answer(p.answer).correct, pr.progress.answered, pr.policy is DEFAULT_POLICY
(True, 1, True)
"""

from trainer.learning.policy import DEFAULT_POLICY, Policy
from trainer.learning.practice import COACH, Practice
from trainer.learning.progress import Attempt, Progress
from trainer.learning.states import MasteryStep, ReviewMode, TrapStatus

__all__ = ["COACH", "DEFAULT_POLICY", "Attempt", "MasteryStep", "Policy", "Practice", "Progress", "ReviewMode",
           "TrapStatus"]
