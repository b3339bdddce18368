"""Play a hand against the computer, with hints, narration and the muggins call."""

from trainer.screens.play import show

show()
