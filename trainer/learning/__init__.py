"""The learner model: what a child knows (mastery), what they practise next (the coach and its
teaching), the Fives Sprint, puzzles from their own games (transfer) and the outbox that keeps their
answers. Pure Python: the clock and the randomness are passed in."""
