"""Fives Trainer: learn the multiples of five with the Fives family of domino games."""
